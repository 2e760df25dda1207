//! The player's board: what the player says stands on their own set.
//!
//! A square counts only once the player has stated it; a board stated in
//! part is compared on that part alone, so a player who tells only the
//! squares they are sure of is never told of squares they left open.

use shakmaty::{Bitboard, Board, Chess, Color, File, Piece, Position, Rank, Role, Square};

/// The player's board: for each square, whether the player has stated it,
/// and what stands there.
///
/// Pieces are kept on stated squares only, so two boards are equal
/// exactly when they state the same squares with the same contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerBoard {
    stated: Bitboard,
    board: Board,
}

impl Default for PlayerBoard {
    fn default() -> Self {
        PlayerBoard::unknown()
    }
}

impl PlayerBoard {
    /// A board on which nothing is stated yet.
    pub fn unknown() -> PlayerBoard {
        PlayerBoard {
            stated: Bitboard::EMPTY,
            board: Board::empty(),
        }
    }

    /// All 64 squares stated empty ("myboard clear").
    pub fn empty() -> PlayerBoard {
        PlayerBoard {
            stated: Bitboard::FULL,
            board: Board::empty(),
        }
    }

    /// All 64 squares stated as they stand on `board` ("myboard start",
    /// "myboard fen").
    pub fn from_board(board: &Board) -> PlayerBoard {
        PlayerBoard {
            stated: Bitboard::FULL,
            board: board.clone(),
        }
    }

    /// The player states what stands on `square` (`None`: it is empty).
    pub fn state(&mut self, square: Square, piece: Option<Piece>) {
        self.stated.add(square);
        match piece {
            Some(piece) => self.board.set_piece_at(square, piece),
            None => self.board.discard_piece_at(square),
        }
    }

    /// What the player has stated on `square`: `None` when they have not
    /// stated it, `Some(None)` when they stated it empty.
    pub fn get(&self, square: Square) -> Option<Option<Piece>> {
        self.stated
            .contains(square)
            .then(|| self.board.piece_at(square))
    }

    /// The squares the player has stated.
    pub fn stated(&self) -> Bitboard {
        self.stated
    }

    /// Every square not stated becomes stated empty: the player has told
    /// all their pieces and says the rest of the board is bare.
    pub fn rest_empty(&mut self) {
        // Unstated squares already hold nothing, by the type's invariant.
        self.stated = Bitboard::FULL;
    }

    /// Whether every stated square holds what `board` holds there.
    pub fn agrees_with(&self, board: &Board) -> bool {
        self.differing(board).is_empty()
    }

    /// The stated squares whose contents differ from `board`'s.
    pub fn differing(&self, board: &Board) -> Bitboard {
        differing(&self.board, board) & self.stated
    }

    /// The move played on the player's board, as the player executes it:
    /// the piece leaves its square, a captured piece (also en passant) is
    /// removed, castling moves king and rook (Chess960 too: king-takes-rook
    /// encoding), promotion changes the piece. A square becomes/stays
    /// stated when it was stated, or when it receives a piece that came
    /// from a stated square. `before` is the game position the move was
    /// played in.
    ///
    /// The piece put down is the one the move names, whatever the player
    /// had stated where it stood: the player executes the announced move.
    /// A wrong piece stated on the square it leaves is therefore lost, not
    /// carried along; a caller who wants it told compares (see
    /// [`compare`](super::compare)) before following.
    pub fn follow(&mut self, before: &Chess, mv: shakmaty::Move) {
        let mut stated = self.stated;
        for (from, to) in journeys(mv, before.turn()) {
            if self.stated.contains(from) {
                stated.add(to);
            }
        }
        apply_move(&mut self.board, before.turn(), mv);
        self.stated = stated;
        self.keep_stated_only();
    }

    /// Text for saving: 64 characters for a8..h1 rank by rank, FEN piece
    /// letters, `.` for a square stated empty, `?` for one not stated.
    pub fn to_text(&self) -> String {
        // Kept with every move: written as bytes, a bitboard at a time,
        // with no square looked up one by one.
        let mut text = [b'?'; 64];
        let mut put = |squares: Bitboard, byte: u8| {
            for square in squares {
                // a8 is the first character, h1 the last.
                text[(7 - usize::from(square.rank())) * 8 + usize::from(square.file())] = byte;
            }
        };
        put(self.stated & !self.board.occupied(), b'.');
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece { color, role };
                put(self.stated & self.board.by_piece(piece), piece.char() as u8);
            }
        }
        // FEN letters, '.' and '?' are ASCII.
        String::from_utf8(text.to_vec()).unwrap_or_default()
    }

    /// A board read back from [`to_text`](Self::to_text); `None` for
    /// anything but 64 such characters (surrounding whitespace, such as a
    /// file's last newline, is allowed).
    pub fn from_text(text: &str) -> Option<PlayerBoard> {
        let mut board = PlayerBoard::unknown();
        let mut chars = text.trim().chars();
        for square in text_order() {
            match chars.next()? {
                '?' => {}
                '.' => board.state(square, None),
                // Piece::from_char reads the case from the byte alone.
                c if c.is_ascii() => board.state(square, Some(Piece::from_char(c)?)),
                _ => return None,
            }
        }
        chars.next().is_none().then_some(board)
    }

    /// Drops whatever a move left on squares the player has not stated,
    /// so equality stays the equality of what was said.
    fn keep_stated_only(&mut self) {
        for square in !self.stated & self.board.occupied() {
            self.board.discard_piece_at(square);
        }
    }
}

/// The squares a8..h1, rank by rank, as a FEN reads them.
fn text_order() -> impl Iterator<Item = Square> {
    Rank::ALL.into_iter().rev().flat_map(|rank| {
        File::ALL
            .into_iter()
            .map(move |file| Square::from_coords(file, rank))
    })
}

/// The squares whose contents differ between two boards: a different
/// colour or a different role on the square (an empty square has neither).
pub(crate) fn differing(a: &Board, b: &Board) -> Bitboard {
    let by_color = Color::ALL.into_iter().fold(Bitboard::EMPTY, |acc, c| {
        acc | (a.by_color(c) ^ b.by_color(c))
    });
    Role::ALL
        .into_iter()
        .fold(by_color, |acc, r| acc | (a.by_role(r) ^ b.by_role(r)))
}

/// Where each piece of a move goes: one journey, or two for castling.
fn journeys(mv: shakmaty::Move, color: Color) -> impl Iterator<Item = (Square, Square)> {
    use shakmaty::Move;
    let (first, second) = match mv {
        Move::Normal { from, to, .. } | Move::EnPassant { from, to } => ((from, to), None),
        Move::Castle { king, rook } => {
            let side = shakmaty::CastlingSide::from_king_side(king < rook);
            (
                (king, side.king_to(color)),
                Some((rook, side.rook_to(color))),
            )
        }
        // A drop comes from no square of the board.
        Move::Put { to, .. } => ((to, to), None),
    };
    std::iter::once(first).chain(second)
}

/// The squares whose contents a move changes.
pub(crate) fn touched(mv: shakmaty::Move, color: Color) -> Bitboard {
    let mut squares = Bitboard::EMPTY;
    for (from, to) in journeys(mv, color) {
        squares.add(from);
        squares.add(to);
    }
    if let Some(square) = en_passant_victim(mv) {
        squares.add(square);
    }
    squares
}

/// The square of the pawn an en passant capture takes.
pub(crate) fn en_passant_victim(mv: shakmaty::Move) -> Option<Square> {
    match mv {
        shakmaty::Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
        _ => None,
    }
}

/// Plays `mv` by `color` on `board` square by square, without asking
/// whether it is legal there: the moving squares are emptied and the
/// pieces the move names are put down.
///
/// Each square ends either as the move alone decides or as it was, never
/// as another square was; so boards that differ on some squares still
/// differ on those squares at most after the same move. The comparison's
/// search leans on that, and shares this function with
/// [`PlayerBoard::follow`] so that a player who follows the game on a
/// wrong board ends where the search looks.
pub(crate) fn apply_move(board: &mut Board, color: Color, mv: shakmaty::Move) {
    use shakmaty::Move;
    match mv {
        Move::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } => {
            board.discard_piece_at(from);
            board.set_piece_at(to, promotion.unwrap_or(role).of(color));
        }
        Move::EnPassant { from, to } => {
            board.discard_piece_at(from);
            if let Some(victim) = en_passant_victim(mv) {
                board.discard_piece_at(victim);
            }
            board.set_piece_at(to, color.pawn());
        }
        Move::Castle { king, rook } => {
            // In Chess960 a piece may land where the other stood, so both
            // are lifted before either is put down.
            board.discard_piece_at(king);
            board.discard_piece_at(rook);
            let side = shakmaty::CastlingSide::from_king_side(king < rook);
            board.set_piece_at(side.king_to(color), color.king());
            board.set_piece_at(side.rook_to(color), color.rook());
        }
        Move::Put { role, to } => board.set_piece_at(to, role.of(color)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;
    use shakmaty::{CastlingMode, Move, fen::Fen};

    fn pos(fen: &str) -> Chess {
        let setup = fen.parse::<Fen>().unwrap().into_setup();
        let mode = CastlingMode::detect(&setup);
        setup.position(mode).unwrap()
    }

    fn san(pos: &Chess, san: &str) -> Move {
        san.parse::<San>().unwrap().to_move(pos).unwrap()
    }

    /// Follows `sans` on `board` and checks the game's board agrees.
    fn follow_all(mut game: Chess, board: &mut PlayerBoard, sans: &str) -> Chess {
        for s in sans.split_whitespace() {
            let mv = san(&game, s);
            board.follow(&game, mv);
            game.play_unchecked(mv);
        }
        game
    }

    #[test]
    fn unknown_states_nothing_and_empty_states_everything() {
        let unknown = PlayerBoard::unknown();
        assert!(unknown.stated().is_empty());
        assert_eq!(unknown.get(Square::E4), None);
        assert!(unknown.agrees_with(Chess::default().board()));
        let empty = PlayerBoard::empty();
        assert_eq!(empty.stated(), Bitboard::FULL);
        assert_eq!(empty.get(Square::E4), Some(None));
        assert!(empty.agrees_with(&Board::empty()));
        assert!(!empty.agrees_with(&Board::new()));
        assert_eq!(PlayerBoard::default(), unknown);
    }

    #[test]
    fn from_board_states_the_whole_board() {
        let board = PlayerBoard::from_board(&Board::new());
        assert_eq!(board.stated(), Bitboard::FULL);
        assert_eq!(board.get(Square::E1), Some(Some(Color::White.king())));
        assert_eq!(board.get(Square::E4), Some(None));
        assert!(board.agrees_with(&Board::new()));
    }

    #[test]
    fn state_sets_and_clears_a_square() {
        let mut board = PlayerBoard::unknown();
        board.state(Square::E4, Some(Color::White.pawn()));
        assert_eq!(board.get(Square::E4), Some(Some(Color::White.pawn())));
        assert_eq!(board.stated(), Bitboard::from(Square::E4));
        board.state(Square::E4, None);
        assert_eq!(board.get(Square::E4), Some(None));
        board.state(Square::E4, Some(Color::Black.knight()));
        assert_eq!(board.get(Square::E4), Some(Some(Color::Black.knight())));
    }

    #[test]
    fn rest_empty_states_the_unstated_squares_empty() {
        let mut board = PlayerBoard::unknown();
        board.state(Square::E1, Some(Color::White.king()));
        board.state(Square::E8, Some(Color::Black.king()));
        board.rest_empty();
        assert_eq!(board.stated(), Bitboard::FULL);
        assert_eq!(board.get(Square::D4), Some(None));
        assert_eq!(board.get(Square::E1), Some(Some(Color::White.king())));
        assert!(board.agrees_with(pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1").board()));
    }

    #[test]
    fn agreement_counts_stated_squares_only() {
        let mut board = PlayerBoard::unknown();
        board.state(Square::E2, Some(Color::White.pawn()));
        board.state(Square::E4, None);
        assert!(board.agrees_with(&Board::new()));
        board.state(Square::D1, Some(Color::Black.queen()));
        assert!(!board.agrees_with(&Board::new()));
        assert_eq!(board.differing(&Board::new()), Bitboard::from(Square::D1));
    }

    #[test]
    fn follow_plays_a_game_on_a_full_board() {
        let mut board = PlayerBoard::from_board(&Board::new());
        let game = follow_all(
            Chess::default(),
            &mut board,
            "e4 d5 exd5 Qxd5 Nc3 Qa5 Nf3 Nf6",
        );
        assert_eq!(board, PlayerBoard::from_board(game.board()));
    }

    #[test]
    fn follow_castles_both_sides() {
        let before = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let mut board = PlayerBoard::from_board(before.board());
        let game = follow_all(before, &mut board, "O-O O-O-O");
        assert_eq!(
            board.to_text(),
            "..kr...r\
             ........\
             ........\
             ........\
             ........\
             ........\
             ........\
             R....RK."
        );
        assert!(board.agrees_with(game.board()));
    }

    #[test]
    fn follow_takes_en_passant() {
        let before = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        let mut board = PlayerBoard::from_board(before.board());
        let game = follow_all(before, &mut board, "exd6");
        assert_eq!(board.get(Square::D5), Some(None));
        assert_eq!(board.get(Square::D6), Some(Some(Color::White.pawn())));
        assert_eq!(board, PlayerBoard::from_board(game.board()));
    }

    #[test]
    fn follow_promotes() {
        let before = pos("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let mut board = PlayerBoard::from_board(before.board());
        let game = follow_all(before, &mut board, "axb8=N");
        assert_eq!(board.get(Square::B8), Some(Some(Color::White.knight())));
        assert_eq!(board.get(Square::A7), Some(None));
        assert_eq!(board, PlayerBoard::from_board(game.board()));
    }

    #[test]
    fn follow_castles_in_chess960_where_king_and_rook_change_places() {
        // King c1, rook b1: O-O-O leaves the king on c1 and puts the rook
        // on d1; king f8, rook g8: O-O swaps them onto g8 and f8.
        let before = pos("5kr1/8/8/8/8/8/8/1RK5 w Bg - 0 1");
        let mut board = PlayerBoard::from_board(before.board());
        let mv = Move::Castle {
            king: Square::C1,
            rook: Square::B1,
        };
        assert!(before.is_legal(mv));
        let game = follow_all(before, &mut board, "O-O-O O-O");
        assert_eq!(board.get(Square::C1), Some(Some(Color::White.king())));
        assert_eq!(board.get(Square::D1), Some(Some(Color::White.rook())));
        assert_eq!(board.get(Square::B1), Some(None));
        assert_eq!(board.get(Square::G8), Some(Some(Color::Black.king())));
        assert_eq!(board.get(Square::F8), Some(Some(Color::Black.rook())));
        assert_eq!(board, PlayerBoard::from_board(game.board()));
    }

    #[test]
    fn follow_keeps_unstated_squares_unstated() {
        let before = Chess::default();
        let mut board = PlayerBoard::unknown();
        board.state(Square::G1, Some(Color::White.knight()));
        // e2 not stated: e4 receives a piece from an unstated square.
        board.follow(&before, san(&before, "e4"));
        assert_eq!(board.get(Square::E4), None);
        assert_eq!(board.get(Square::E2), None);
        // g1 stated: f3 becomes stated with the knight, g1 stays stated.
        board.follow(&before, san(&before, "Nf3"));
        assert_eq!(board.get(Square::F3), Some(Some(Color::White.knight())));
        assert_eq!(board.get(Square::G1), Some(None));
        assert_eq!(board.stated().count(), 2);
    }

    #[test]
    fn follow_onto_a_stated_square_from_an_unstated_one() {
        let before = Chess::default();
        let mut board = PlayerBoard::unknown();
        board.state(Square::E4, None);
        board.follow(&before, san(&before, "e4"));
        assert_eq!(board.get(Square::E4), Some(Some(Color::White.pawn())));
        assert_eq!(board.get(Square::E2), None);
    }

    #[test]
    fn follow_removes_a_stated_en_passant_victim_only() {
        let before = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        let mut board = PlayerBoard::unknown();
        board.state(Square::D5, Some(Color::Black.pawn()));
        board.follow(&before, san(&before, "exd6"));
        assert_eq!(board.get(Square::D5), Some(None));
        assert_eq!(board.get(Square::D6), None);
    }

    #[test]
    fn text_round_trips() {
        let mut board = PlayerBoard::from_board(&Board::new());
        assert_eq!(
            board.to_text(),
            "rnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR"
        );
        board = PlayerBoard::unknown();
        board.state(Square::A8, Some(Color::Black.rook()));
        board.state(Square::H1, None);
        board.state(Square::E4, Some(Color::White.queen()));
        let text = board.to_text();
        assert_eq!(text.len(), 64);
        assert!(text.starts_with('r'));
        assert!(text.ends_with('.'));
        assert_eq!(text.chars().filter(|&c| c == '?').count(), 61);
        assert_eq!(PlayerBoard::from_text(&text), Some(board.clone()));
        assert_eq!(PlayerBoard::from_text(&format!("{text}\n")), Some(board));
        for b in [PlayerBoard::unknown(), PlayerBoard::empty()] {
            assert_eq!(PlayerBoard::from_text(&b.to_text()), Some(b));
        }
    }

    #[test]
    fn malformed_text_is_refused() {
        let good = PlayerBoard::empty().to_text();
        for bad in [
            String::new(),
            good[1..].to_string(),
            format!("{good}."),
            format!("x{}", &good[1..]),
            format!("é{}", &good[1..]),
            format!("K{}", &good[1..]).replace('.', ". "),
            "?".repeat(63) + "ķ",
            "ṗ".repeat(64),
            "\u{0}".repeat(64),
        ] {
            assert_eq!(PlayerBoard::from_text(&bad), None, "{bad:?}");
        }
    }
}
