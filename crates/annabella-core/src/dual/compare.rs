//! Comparing the player's board with the game's.
//!
//! FIDE's appendix for blind players has boards corrected when they
//! differ; a player is helped most by hearing first what went wrong
//! ("the last move is not made on your board") and then every square
//! that differs. Both are told here as data, on the squares the player
//! has stated and no others.
//!
//! The explanation is found by search: boards are built from the game's
//! recent history with one mistake each (a move not made, another move
//! made instead, a captured piece left standing, a move too many), and
//! the first, in order of simplicity, that matches the player's board on
//! every stated square names the mistake.

use shakmaty::{Bitboard, Board, Chess, Move, Piece, Position, Square};

use super::PlayerBoard;
use super::board::{apply_move, en_passant_victim, touched};
use crate::rules::{Game, Ply};

/// How many of the game's last plies the search looks into for a
/// mistake. A player checks their board often; older mistakes are told
/// square by square without an explanation.
const SEARCH_PLIES: usize = 4;

/// One square where the boards differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The square.
    pub square: Square,
    /// What stands there in the game (`None`: empty).
    pub game: Option<Piece>,
    /// What the player said stands there (`None`: empty).
    pub player: Option<Piece>,
}

/// Differences explained by moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explanation {
    /// The last `count` moves of the game (1 or 2) are not made on the
    /// player's board.
    NotMade {
        /// How many of the last moves are missing: 1 or 2.
        count: usize,
    },
    /// Game ply `ply` (index into `game.plies()`) is not made on the
    /// player's board, though the plies after it are. Never the last ply:
    /// that is [`Explanation::NotMade`].
    LeftOut {
        /// The ply left out.
        ply: usize,
    },
    /// Game ply `ply` is not made on the player's board, the plies after
    /// it are, up to the last `count` (1 or 2), which are not made
    /// either: the board the player stated once it had gone wrong, which
    /// follows the game no more.
    LeftOutAndLast {
        /// The ply left out.
        ply: usize,
        /// How many of the last plies are not made: 1 or 2.
        count: usize,
    },
    /// At game ply `ply` (index into `game.plies()`) the player's board
    /// has `made` instead of the game's move; `made` is legal in
    /// `game.position_before(ply)`; later plies, if any, are as in the
    /// game. Covers a move to the wrong square and a move with the wrong
    /// piece.
    WrongMove {
        /// The ply played otherwise on the player's board.
        ply: usize,
        /// The move the player's board has instead.
        made: Move,
    },
    /// At ply `ply` (a capture, en passant included) the captured piece
    /// was not removed: on the player's board `piece` still stands on
    /// `square` (the square it was captured on). For a normal capture
    /// that square then holds the captured piece instead of the capturing
    /// one.
    CaptureNotRemoved {
        /// The capturing ply.
        ply: usize,
        /// Where the captured piece stood.
        square: Square,
        /// The captured piece.
        piece: Piece,
    },
    /// The player's board has one move more than the game: `made`, legal
    /// in the current position.
    ExtraMove {
        /// The move made on the player's board only.
        made: Move,
    },
}

/// The outcome of [`compare`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// What went wrong, when one mistake accounts for every difference.
    pub explanation: Option<Explanation>,
    /// Every stated square that differs, in the order a1, b1, … h1, a2,
    /// … h8.
    pub differences: Vec<Difference>,
}

impl Comparison {
    /// Whether the player's board agrees with the game on every stated
    /// square.
    pub fn agrees(&self) -> bool {
        self.differences.is_empty()
    }
}

/// Compares the player's board with the game's on the stated squares
/// only. Differences come in the order a1, b1, … h1, a2, … h8: rank by
/// rank from White's side, the order the board is read aloud elsewhere.
///
/// An explanation is given only when the boards differ and one mistake
/// accounts for every stated square. Among several that do, the
/// simplest is named: the last move not made, then the last two, then a
/// move left out with the last one or two not made (moves missing, as
/// the board said while it was checked before), then a move left out, a
/// captured piece left standing or a wrong move, the most recent ply
/// first (in that order within a ply), and last a move too many.
pub fn compare(game: &Game, board: &PlayerBoard) -> Comparison {
    let actual = game.position().board();
    let differing = board.differing(actual);
    let differences = differing
        .into_iter()
        .map(|square| Difference {
            square,
            game: actual.piece_at(square),
            player: board.get(square).flatten(),
        })
        .collect();
    let explanation = if differing.is_empty() {
        None
    } else {
        explain(game, board, differing)
    };
    Comparison {
        explanation,
        differences,
    }
}

/// The simplest mistake that turns the game's board into the player's on
/// every stated square. `differing` is the stated squares where the two
/// differ now; it prunes moves before any board is built.
fn explain(game: &Game, player: &PlayerBoard, differing: Bitboard) -> Option<Explanation> {
    let plies = game.plies();
    for count in 1..=2 {
        let Some(index) = plies.len().checked_sub(count) else {
            break;
        };
        if game
            .position_before(index)
            .is_some_and(|before| player.agrees_with(before.board()))
        {
            return Some(Explanation::NotMade { count });
        }
    }
    let first = plies.len().saturating_sub(SEARCH_PLIES);
    // A board that went wrong stops following the game, so the moves
    // since are missing too: told as moves missing, the way the board
    // was explained before them, not as some other move made instead.
    for count in 1..=2 {
        let Some(end) = plies.len().checked_sub(count) else {
            break;
        };
        for ply in (first..end.saturating_sub(1)).rev() {
            let made = plies.get(ply + 1..end).unwrap_or_default();
            if let Some(before) = game.position_before(ply)
                && fits(before.board().clone(), made, player)
            {
                return Some(Explanation::LeftOutAndLast { ply, count });
            }
        }
    }
    for ply in (first..plies.len()).rev() {
        if let Some(explanation) = explain_at(game, ply, player, differing) {
            return Some(explanation);
        }
    }
    let now = game.position();
    one_move_more(now, &[], player, differing, None).map(|made| Explanation::ExtraMove { made })
}

/// A mistake at game ply `ply`, the plies after it played as in the game.
fn explain_at(
    game: &Game,
    ply: usize,
    player: &PlayerBoard,
    differing: Bitboard,
) -> Option<Explanation> {
    let before = game.position_before(ply)?;
    let played = game.plies().get(ply)?;
    let later = game.plies().get(ply + 1..).unwrap_or_default();
    // The last ply left out is NotMade { count: 1 }, tried already.
    if !later.is_empty() && fits(before.board().clone(), later, player) {
        return Some(Explanation::LeftOut { ply });
    }
    if let Some((square, piece, candidate)) = capture_left_standing(before, played.mv)
        && fits(candidate, later, player)
    {
        return Some(Explanation::CaptureNotRemoved { ply, square, piece });
    }
    one_move_more(before, later, player, differing, Some(played.mv))
        .map(|made| Explanation::WrongMove { ply, made })
}

/// A legal move in `before`, other than `instead`, that with `later`
/// played after it square by square gives the player's board.
///
/// The board built differs from the game's only where `instead` or the
/// move touch, since a ply played square by square never carries a
/// difference to another square; a move whose squares leave out one of
/// `differing` cannot fit, and is passed over unbuilt.
fn one_move_more(
    before: &Chess,
    later: &[Ply],
    player: &PlayerBoard,
    differing: Bitboard,
    instead: Option<Move>,
) -> Option<Move> {
    let turn = before.turn();
    let replaced = instead.map_or(Bitboard::EMPTY, |mv| touched(mv, turn));
    before.legal_moves().into_iter().find(|&mv| {
        Some(mv) != instead && differing.is_subset(replaced | touched(mv, turn)) && {
            let mut candidate = before.board().clone();
            apply_move(&mut candidate, turn, mv);
            fits(candidate, later, player)
        }
    })
}

/// The board after a capture whose captured piece stayed, with the
/// square and the piece; `None` when `mv` captures nothing.
fn capture_left_standing(before: &Chess, mv: Move) -> Option<(Square, Piece, Board)> {
    let mut board = before.board().clone();
    match mv {
        Move::Normal {
            from,
            to,
            capture: Some(_),
            ..
        } => {
            let piece = board.piece_at(to)?;
            board.discard_piece_at(from);
            Some((to, piece, board))
        }
        Move::EnPassant { from, to } => {
            let square = en_passant_victim(mv)?;
            let piece = board.piece_at(square)?;
            board.discard_piece_at(from);
            board.set_piece_at(to, before.turn().pawn());
            Some((square, piece, board))
        }
        _ => None,
    }
}

/// Whether `candidate`, with `later` played on it square by square,
/// matches the player's board on every stated square.
fn fits(mut candidate: Board, later: &[Ply], player: &PlayerBoard) -> bool {
    for ply in later {
        apply_move(&mut candidate, ply.color, ply.mv);
    }
    player.agrees_with(&candidate)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;
    use shakmaty::{Color, Role};

    fn game(sans: &str) -> Game {
        game_from(Game::new(), sans)
    }

    fn game_from(mut game: Game, sans: &str) -> Game {
        for s in sans.split_whitespace() {
            let mv = s.parse::<San>().unwrap().to_move(game.position()).unwrap();
            game.play(mv).unwrap();
        }
        game
    }

    fn mv(pos: &Chess, san: &str) -> Move {
        san.parse::<San>().unwrap().to_move(pos).unwrap()
    }

    /// The player's board: the game's start, then `sans` followed.
    fn followed(start: &Game, sans: &str) -> PlayerBoard {
        let mut pos = start.position().clone();
        let mut board = PlayerBoard::from_board(pos.board());
        for s in sans.split_whitespace() {
            let m = mv(&pos, s);
            board.follow(&pos, m);
            pos.play_unchecked(m);
        }
        board
    }

    /// The player's board: the game's first `upto` plies followed but
    /// ply `missed`.
    fn left_out(g: &Game, missed: usize, upto: usize) -> PlayerBoard {
        let mut board = PlayerBoard::from_board(g.initial_position().board());
        for ply in (0..upto).filter(|&p| p != missed) {
            let before = g.position_before(ply).unwrap();
            board.follow(before, g.plies()[ply].mv);
        }
        board
    }

    fn squares(comparison: &Comparison) -> Vec<Square> {
        comparison.differences.iter().map(|d| d.square).collect()
    }

    #[test]
    fn boards_that_agree_have_nothing_to_tell() {
        let g = game("e4 e5 Nf3");
        let c = compare(&g, &PlayerBoard::from_board(g.position().board()));
        assert!(c.agrees());
        assert_eq!(c.explanation, None);
        assert!(compare(&g, &PlayerBoard::unknown()).agrees());
    }

    #[test]
    fn a_missing_piece() {
        let g = game("e4 e5 Nf3");
        let mut board = PlayerBoard::from_board(g.position().board());
        board.state(Square::D2, None);
        let c = compare(&g, &board);
        assert_eq!(
            c.differences,
            vec![Difference {
                square: Square::D2,
                game: Some(Color::White.pawn()),
                player: None,
            }]
        );
        assert_eq!(c.explanation, None);
    }

    #[test]
    fn an_extra_piece() {
        let g = game("e4 e5 Nf3");
        let mut board = PlayerBoard::from_board(g.position().board());
        board.state(Square::A4, Some(Color::Black.knight()));
        let c = compare(&g, &board);
        assert_eq!(
            c.differences,
            vec![Difference {
                square: Square::A4,
                game: None,
                player: Some(Color::Black.knight()),
            }]
        );
        assert_eq!(c.explanation, None);
    }

    #[test]
    fn a_piece_of_the_wrong_colour() {
        let g = game("e4");
        let mut board = PlayerBoard::from_board(g.position().board());
        board.state(Square::E4, Some(Color::Black.pawn()));
        let c = compare(&g, &board);
        assert_eq!(
            c.differences,
            vec![Difference {
                square: Square::E4,
                game: Some(Color::White.pawn()),
                player: Some(Color::Black.pawn()),
            }]
        );
        assert_eq!(c.explanation, None);
    }

    #[test]
    fn two_pieces_swapped() {
        let g = Game::new();
        let mut board = PlayerBoard::from_board(g.position().board());
        board.state(Square::D1, Some(Color::White.king()));
        board.state(Square::E1, Some(Color::White.queen()));
        let c = compare(&g, &board);
        assert_eq!(squares(&c), vec![Square::D1, Square::E1]);
        assert_eq!(c.differences[0].game, Some(Color::White.queen()));
        assert_eq!(c.differences[0].player, Some(Color::White.king()));
        assert_eq!(c.explanation, None);
    }

    #[test]
    fn only_stated_squares_count() {
        let g = game("e4 e5");
        let mut board = PlayerBoard::unknown();
        board.state(Square::E4, Some(Color::White.pawn()));
        board.state(Square::E7, None);
        assert!(compare(&g, &board).agrees());
        board.state(Square::D4, Some(Color::White.pawn()));
        board.state(Square::C4, None);
        let c = compare(&g, &board);
        assert_eq!(squares(&c), vec![Square::D4]);
    }

    #[test]
    fn the_last_move_not_made() {
        let g = game("e4 e5 Nf3");
        let board = followed(&Game::new(), "e4 e5");
        let c = compare(&g, &board);
        assert_eq!(c.explanation, Some(Explanation::NotMade { count: 1 }));
        // a1..h8: g1 (rank 1) before f3 (rank 3).
        assert_eq!(squares(&c), vec![Square::G1, Square::F3]);
    }

    #[test]
    fn the_last_move_not_made_on_a_partial_board() {
        let g = game("e4 e5 Nf3");
        let mut board = PlayerBoard::unknown();
        board.state(Square::F3, None);
        assert_eq!(
            compare(&g, &board).explanation,
            Some(Explanation::NotMade { count: 1 })
        );
    }

    #[test]
    fn two_moves_not_made() {
        let g = game("e4 e5 Nf3 Nc6");
        let board = followed(&Game::new(), "e4 e5");
        let c = compare(&g, &board);
        assert_eq!(c.explanation, Some(Explanation::NotMade { count: 2 }));
        assert_eq!(c.differences.len(), 4);
    }

    #[test]
    fn a_move_left_out_before_later_moves() {
        let g = game("e4 e5 Nf3 Nc6 Bb5");
        // Black's Nc6 missed; White's Bb5 made.
        let c = compare(&g, &left_out(&g, 3, 5));
        assert_eq!(c.explanation, Some(Explanation::LeftOut { ply: 3 }));
        assert_eq!(squares(&c), vec![Square::C6, Square::B8]);
    }

    #[test]
    fn a_move_to_the_wrong_square() {
        let g = game("e4 e5 Nf3 Nc6");
        let board = followed(&Game::new(), "e4 e5 Nh3 Nc6");
        let made = mv(g.position_before(2).unwrap(), "Nh3");
        let c = compare(&g, &board);
        assert_eq!(c.explanation, Some(Explanation::WrongMove { ply: 2, made }));
        assert_eq!(squares(&c), vec![Square::F3, Square::H3]);
    }

    #[test]
    fn a_move_with_the_wrong_piece() {
        let g = game("e4 e5 Nf3 Nc6 d3 Nf6 Nbd2 Be7");
        let board = followed(&Game::new(), "e4 e5 Nf3 Nc6 d3 Nf6 Nfd2 Be7");
        let made = mv(g.position_before(6).unwrap(), "Nfd2");
        let c = compare(&g, &board);
        assert_eq!(c.explanation, Some(Explanation::WrongMove { ply: 6, made }));
        assert_eq!(squares(&c), vec![Square::B1, Square::F3]);
    }

    #[test]
    fn a_captured_piece_not_removed() {
        let g = game("e4 d5 exd5 Nf6");
        let mut board = followed(&Game::new(), "e4 d5");
        board.state(Square::E4, None);
        let before = g.position_before(3).unwrap();
        board.follow(before, mv(before, "Nf6"));
        let c = compare(&g, &board);
        assert_eq!(
            c.explanation,
            Some(Explanation::CaptureNotRemoved {
                ply: 2,
                square: Square::D5,
                piece: Color::Black.pawn(),
            })
        );
        assert_eq!(squares(&c), vec![Square::D5]);
    }

    #[test]
    fn a_pawn_taken_en_passant_not_removed() {
        let g = game("e4 a6 e5 d5 exd6");
        let mut board = followed(&Game::new(), "e4 a6 e5 d5");
        board.state(Square::E5, None);
        board.state(Square::D6, Some(Color::White.pawn()));
        let c = compare(&g, &board);
        assert_eq!(
            c.explanation,
            Some(Explanation::CaptureNotRemoved {
                ply: 4,
                square: Square::D5,
                piece: Color::Black.pawn(),
            })
        );
        assert_eq!(squares(&c), vec![Square::D5]);
    }

    #[test]
    fn a_move_too_many() {
        let g = game("e4 e5");
        let board = followed(&Game::new(), "e4 e5 Nf3");
        let made = mv(g.position(), "Nf3");
        let c = compare(&g, &board);
        assert_eq!(c.explanation, Some(Explanation::ExtraMove { made }));
        assert_eq!(squares(&c), vec![Square::G1, Square::F3]);
    }

    #[test]
    fn a_move_too_many_at_the_start() {
        let g = Game::new();
        let board = followed(&g, "d4");
        let made = mv(g.position(), "d4");
        assert_eq!(
            compare(&g, &board).explanation,
            Some(Explanation::ExtraMove { made })
        );
    }

    #[test]
    fn a_move_left_out_and_the_last_not_made_are_moves_missing() {
        // Nf3 missed, Nc6 made, and then the board stated no more: not
        // "the knight went back to g1 instead of Bc4".
        let g = game("e4 e5 Nf3 Nc6 Bc4");
        let c = compare(&g, &left_out(&g, 2, 4));
        assert_eq!(
            c.explanation,
            Some(Explanation::LeftOutAndLast { ply: 2, count: 1 })
        );
        assert_eq!(
            squares(&c),
            vec![Square::F1, Square::G1, Square::F3, Square::C4]
        );
    }

    #[test]
    fn a_move_left_out_is_simpler_than_a_move_too_many() {
        // Knight on g1 and a6 played: Nf3 left out, or Nf3 and back.
        let g = game("Nf3 a6");
        let board = followed(&Game::new(), "Nf3 a6 Ng1");
        assert_eq!(
            compare(&g, &board).explanation,
            Some(Explanation::LeftOut { ply: 0 })
        );
    }

    #[test]
    fn chess960_castling_is_searched_too() {
        let start = Game::from_fen("5kr1/8/8/8/8/8/8/1RK5 w Bg - 0 1").unwrap();
        let g = game_from(start.clone(), "Kd2 O-O");
        let board = followed(&start, "Kd1 O-O");
        let made = mv(start.position(), "Kd1");
        assert_eq!(
            compare(&g, &board).explanation,
            Some(Explanation::WrongMove { ply: 0, made })
        );
        let board = followed(&start, "Kd2");
        let made = Move::Castle {
            king: Square::F8,
            rook: Square::G8,
        };
        assert_eq!(
            compare(&g, &board).explanation,
            Some(Explanation::NotMade { count: 1 })
        );
        let short = game_from(start.clone(), "Kd2");
        let board = followed(&start, "Kd2 O-O");
        assert_eq!(
            compare(&short, &board).explanation,
            Some(Explanation::ExtraMove { made })
        );
    }

    #[test]
    fn older_mistakes_are_told_without_explanation() {
        let g = game("e4 e5 Nf3 Nc6 Bb5 a6 Ba4");
        let board = followed(&Game::new(), "e4 e5 Nh3 Nc6 Bb5 a6 Ba4");
        let c = compare(&g, &board);
        assert_eq!(squares(&c), vec![Square::F3, Square::H3]);
        assert_eq!(c.explanation, None);
    }

    #[test]
    fn a_promotion_to_the_wrong_piece() {
        let start = Game::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let g = game_from(start.clone(), "a8=Q Kd7");
        let board = followed(&start, "a8=N Kd7");
        let made = mv(start.position(), "a8=N");
        let c = compare(&g, &board);
        assert_eq!(c.explanation, Some(Explanation::WrongMove { ply: 0, made }));
        assert_eq!(c.differences.len(), 1);
        assert_eq!(c.differences[0].player.map(|p| p.role), Some(Role::Knight));
    }
}
