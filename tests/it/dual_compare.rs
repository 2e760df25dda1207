//! Properties of comparing the player's board with the game's, over
//! random games and boards spoilt at random: every stated square that
//! differs is named and no other, and a move left out is told as one.
//!
//! The expected differences are worked out here square by square with
//! `piece_at`, apart from the bitboards the library compares with.

use annabella::dual::PlayerBoard;
use annabella::dual::compare::{Comparison, Difference, Explanation, compare};
use annabella::rng::Rng;
use annabella::rules::Game;
use proptest::prelude::*;
use shakmaty::{Bitboard, Board, Chess, Move, Position, Square};

/// A game of up to `plies` random legal moves from the start (fewer when
/// it ends first), the same for the same seed.
fn random_game(seed: u64, plies: usize) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::new();
    for _ in 0..plies {
        let moves = game.legal_moves();
        let Some(&mv) = moves.get(rng.below(moves.len().max(1))) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}

/// How the player's board is spoilt.
#[derive(Clone, Copy, Debug)]
enum Corruption {
    /// The last ply not made: the board before it.
    MoveLeftOut,
    /// The piece on the `n`th occupied square moved to square `to`.
    PieceMoved { n: usize, to: u8 },
    /// The piece on the `n`th occupied square taken off.
    PieceRemoved { n: usize },
}

fn corruption() -> impl Strategy<Value = Corruption> {
    prop_oneof![
        Just(Corruption::MoveLeftOut),
        (any::<usize>(), 0u8..64).prop_map(|(n, to)| Corruption::PieceMoved { n, to }),
        any::<usize>().prop_map(|n| Corruption::PieceRemoved { n }),
    ]
}

/// The game's board spoilt by `corruption`.
fn spoilt(game: &Game, corruption: Corruption) -> Board {
    let mut board = game.position().board().clone();
    let occupied: Vec<Square> = board.occupied().into_iter().collect();
    let nth = |n: usize| occupied[n % occupied.len()];
    match corruption {
        Corruption::MoveLeftOut => {
            let last = game.plies().len() - 1;
            board = game.position_before(last).unwrap().board().clone();
        }
        Corruption::PieceMoved { n, to } => {
            let from = nth(n);
            let to = Square::new(u32::from(to));
            let piece = board.remove_piece_at(from).unwrap();
            board.set_piece_at(to, piece);
        }
        Corruption::PieceRemoved { n } => {
            board.discard_piece_at(nth(n));
        }
    }
    board
}

/// The differences `compare` should report, square by square in the
/// order a1, b1, … h8.
fn expected(game: &Board, player: &Board, stated: Bitboard) -> Vec<Difference> {
    Square::ALL
        .into_iter()
        .filter(|&sq| stated.contains(sq) && game.piece_at(sq) != player.piece_at(sq))
        .map(|square| Difference {
            square,
            game: game.piece_at(square),
            player: player.piece_at(square),
        })
        .collect()
}

/// A board stated on `mask`'s squares only, as `board` has them.
fn partial(board: &Board, mask: u64) -> PlayerBoard {
    let mut player = PlayerBoard::unknown();
    for square in Bitboard(mask) {
        player.state(square, board.piece_at(square));
    }
    player
}

/// Whether `candidate` holds what the player stated, square by square.
fn fits(candidate: &Board, player: &PlayerBoard) -> bool {
    Square::ALL.into_iter().all(|sq| {
        player
            .get(sq)
            .is_none_or(|piece| piece == candidate.piece_at(sq))
    })
}

/// The board after `first` in `before` and the game's plies from
/// `later` on, played by shakmaty rather than square by square; `None`
/// when one of them is not legal on the way.
fn replay(game: &Game, before: usize, first: Option<Move>, later: usize) -> Option<Board> {
    let mut pos: Chess = game.position_before(before)?.clone();
    let moves = first
        .into_iter()
        .chain(game.plies().iter().skip(later).map(|ply| ply.mv));
    for mv in moves {
        if !pos.is_legal(mv) {
            return None;
        }
        pos.play_unchecked(mv);
    }
    Some(pos.board().clone())
}

/// An explanation names plies the game has and moves legal where it
/// says, and where shakmaty can replay it, it gives the player's board.
fn check_explanation(
    game: &Game,
    player: &PlayerBoard,
    comparison: &Comparison,
) -> Result<(), TestCaseError> {
    let plies = game.plies();
    let n = plies.len();
    let candidate = match comparison.explanation.clone() {
        None => None,
        Some(Explanation::NotMade { count }) => {
            prop_assert!((1..=2).contains(&count) && count <= n);
            game.position_before(n - count)
                .map(|pos| pos.board().clone())
        }
        Some(Explanation::LeftOut { ply }) => {
            prop_assert!(ply + 1 < n);
            replay(game, ply, None, ply + 1)
        }
        Some(Explanation::LeftOutAndLast { ply, count }) => {
            prop_assert!((1..=2).contains(&count) && ply + 1 + count < n);
            let mut cut = game.clone();
            for _ in 0..count {
                cut.undo();
            }
            replay(&cut, ply, None, ply + 1)
        }
        Some(Explanation::WrongMove { ply, made }) => {
            prop_assert!(ply < n);
            prop_assert!(game.position_before(ply).unwrap().is_legal(made));
            prop_assert_ne!(made, plies[ply].mv);
            replay(game, ply, Some(made), ply + 1)
        }
        Some(Explanation::CaptureNotRemoved { ply, square, piece }) => {
            prop_assert!(plies[ply].mv.is_capture());
            let before = game.position_before(ply).unwrap();
            prop_assert_eq!(before.board().piece_at(square), Some(piece));
            None
        }
        Some(Explanation::ExtraMove { made }) => {
            prop_assert!(game.position().is_legal(made));
            replay(game, n, Some(made), n)
        }
    };
    if let Some(candidate) = candidate {
        prop_assert!(fits(&candidate, player), "{:?}", comparison.explanation);
    }
    if comparison.differences.is_empty() {
        prop_assert_eq!(&comparison.explanation, &None);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_differing_square_and_no_other_is_named(
        seed in any::<u64>(),
        plies in 1usize..=60,
        corruption in corruption(),
    ) {
        let game = random_game(seed, plies);
        let board = spoilt(&game, corruption);
        let comparison = compare(&game, &PlayerBoard::from_board(&board));
        prop_assert_eq!(
            &comparison.differences,
            &expected(game.position().board(), &board, Bitboard::FULL)
        );
        check_explanation(&game, &PlayerBoard::from_board(&board), &comparison)?;
        if let Corruption::MoveLeftOut = corruption {
            // Worked out apart from the search: the board before the
            // last ply, and a move always changes the board.
            let before = game.position_before(game.plies().len() - 1).unwrap();
            prop_assert!(before.board() == &board);
            prop_assert!(!comparison.differences.is_empty());
            prop_assert_eq!(comparison.explanation, Some(Explanation::NotMade { count: 1 }));
        }
    }

    #[test]
    fn only_stated_squares_are_named(
        seed in any::<u64>(),
        plies in 1usize..=60,
        corruption in corruption(),
        mask in any::<u64>(),
    ) {
        let game = random_game(seed, plies);
        let board = spoilt(&game, corruption);
        let player = partial(&board, mask);
        let comparison = compare(&game, &player);
        for difference in &comparison.differences {
            prop_assert!(player.stated().contains(difference.square));
        }
        prop_assert_eq!(
            &comparison.differences,
            &expected(game.position().board(), &board, Bitboard(mask))
        );
        check_explanation(&game, &player, &comparison)?;
    }

    #[test]
    fn a_board_that_follows_the_game_agrees_all_along(
        seed in any::<u64>(),
        plies in 1usize..=60,
    ) {
        let game = random_game(seed, plies);
        let mut player = PlayerBoard::from_board(game.initial_position().board());
        for (index, ply) in game.plies().iter().enumerate() {
            player.follow(game.position_before(index).unwrap(), ply.mv);
        }
        prop_assert_eq!(&player, &PlayerBoard::from_board(game.position().board()));
        let comparison = compare(&game, &player);
        prop_assert!(comparison.differences.is_empty());
        prop_assert_eq!(comparison.explanation, None);
    }

    #[test]
    fn text_round_trips(
        seed in any::<u64>(),
        plies in 0usize..=60,
        mask in any::<u64>(),
    ) {
        let game = random_game(seed, plies);
        let player = partial(game.position().board(), mask);
        let text = player.to_text();
        prop_assert_eq!(text.chars().count(), 64);
        prop_assert_eq!(PlayerBoard::from_text(&text), Some(player));
    }

    #[test]
    fn any_text_is_read_without_panic(text in "[?.pnbrqkPNBRQKx é]{0,70}") {
        if let Some(board) = PlayerBoard::from_text(&text) {
            prop_assert_eq!(board.to_text(), text.trim());
        }
    }
}
