//! The questions as data and what counts as right, computed from the
//! board the question is about.

use shakmaty::{Bitboard, Chess, Color, Piece, Position, Role, Square, attacks};

/// One question as data; the announcer words it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Question {
    /// Is the square light or dark?
    SquareColor {
        /// The square.
        square: Square,
    },
    /// Do the two squares share a diagonal?
    SameDiagonal {
        /// One square.
        a: Square,
        /// The other.
        b: Square,
    },
    /// How many knight moves at least from one square to the other?
    KnightDistance {
        /// Where the knight stands.
        from: Square,
        /// Where it is to go.
        to: Square,
    },
    /// How many squares does the piece reach from the square on an
    /// empty board?
    ReachCount {
        /// The kind of piece.
        role: Role,
        /// Where it stands.
        square: Square,
    },
    /// Which squares does the piece reach from the square on an empty
    /// board?
    ReachSquares {
        /// The kind of piece.
        role: Role,
        /// Where it stands.
        square: Square,
    },
    /// What stands on the square?
    PieceOn {
        /// The square.
        square: Square,
    },
    /// Where do the pieces of this kind and colour stand?
    WhereIs {
        /// The piece asked for.
        piece: Piece,
    },
    /// Which pieces of `by` attack the square?
    Attacked {
        /// The square attacked.
        square: Square,
        /// The side whose attackers are asked for.
        by: Color,
    },
    /// How many legal moves has the piece on the square?
    MoveCount {
        /// The square of the piece.
        square: Square,
    },
    /// Which pieces of the colour can capture now?
    Captures {
        /// The side asked about.
        color: Color,
    },
}

/// The kinds of question, as the statistics count their misses and the
/// announcer names them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum QuestionKind {
    /// [`Question::SquareColor`].
    SquareColor,
    /// [`Question::SameDiagonal`].
    SameDiagonal,
    /// [`Question::KnightDistance`].
    KnightDistance,
    /// [`Question::ReachCount`].
    ReachCount,
    /// [`Question::ReachSquares`].
    ReachSquares,
    /// [`Question::PieceOn`].
    PieceOn,
    /// [`Question::WhereIs`].
    WhereIs,
    /// [`Question::Attacked`].
    Attacked,
    /// [`Question::MoveCount`].
    MoveCount,
    /// [`Question::Captures`].
    Captures,
}

impl QuestionKind {
    /// Every kind, in the order of the variants.
    pub const ALL: [QuestionKind; 10] = [
        QuestionKind::SquareColor,
        QuestionKind::SameDiagonal,
        QuestionKind::KnightDistance,
        QuestionKind::ReachCount,
        QuestionKind::ReachSquares,
        QuestionKind::PieceOn,
        QuestionKind::WhereIs,
        QuestionKind::Attacked,
        QuestionKind::MoveCount,
        QuestionKind::Captures,
    ];

    /// A stable name of the kind: the key of its misses in the
    /// statistics file.
    pub fn id(self) -> &'static str {
        match self {
            QuestionKind::SquareColor => "square_color",
            QuestionKind::SameDiagonal => "same_diagonal",
            QuestionKind::KnightDistance => "knight_distance",
            QuestionKind::ReachCount => "reach_count",
            QuestionKind::ReachSquares => "reach_squares",
            QuestionKind::PieceOn => "piece_on",
            QuestionKind::WhereIs => "where_is",
            QuestionKind::Attacked => "attacked",
            QuestionKind::MoveCount => "move_count",
            QuestionKind::Captures => "captures",
        }
    }

    /// The kind a statistics file names, if it is one.
    pub fn from_id(id: &str) -> Option<QuestionKind> {
        QuestionKind::ALL.into_iter().find(|k| k.id() == id)
    }
}

impl Question {
    /// The kind of question.
    pub fn kind(&self) -> QuestionKind {
        match self {
            Question::SquareColor { .. } => QuestionKind::SquareColor,
            Question::SameDiagonal { .. } => QuestionKind::SameDiagonal,
            Question::KnightDistance { .. } => QuestionKind::KnightDistance,
            Question::ReachCount { .. } => QuestionKind::ReachCount,
            Question::ReachSquares { .. } => QuestionKind::ReachSquares,
            Question::PieceOn { .. } => QuestionKind::PieceOn,
            Question::WhereIs { .. } => QuestionKind::WhereIs,
            Question::Attacked { .. } => QuestionKind::Attacked,
            Question::MoveCount { .. } => QuestionKind::MoveCount,
            Question::Captures { .. } => QuestionKind::Captures,
        }
    }

    /// The key of its kind's misses in the statistics file.
    pub fn kind_id(&self) -> &'static str {
        self.kind().id()
    }

    /// The squares the question names: a miss counts against them, so
    /// that a drill brings them back more often.
    pub fn squares(&self) -> Vec<Square> {
        match *self {
            Question::SquareColor { square }
            | Question::ReachCount { square, .. }
            | Question::ReachSquares { square, .. }
            | Question::PieceOn { square }
            | Question::Attacked { square, .. }
            | Question::MoveCount { square } => vec![square],
            Question::SameDiagonal { a, b } => vec![a, b],
            Question::KnightDistance { from, to } => vec![from, to],
            Question::WhereIs { .. } | Question::Captures { .. } => Vec::new(),
        }
    }
}

/// The shade of a square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Shade {
    /// A light square (h1 is one).
    Light,
    /// A dark square (a1 is one).
    Dark,
}

/// What counts as right.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expected {
    /// A square's shade.
    Shade(Shade),
    /// Yes or no.
    YesNo(bool),
    /// A number.
    Number(u32),
    /// A set of squares, in any order; empty when the answer is "none".
    Squares(Bitboard),
    /// A piece, or an empty square.
    Piece(Option<Piece>),
}

/// What counts as right for `question` about `position`. The drills on
/// an empty board (colours, diagonals, knight, reach) ignore it.
///
/// ```
/// use annabella_core::training::{Expected, Question, expected};
/// use shakmaty::{Chess, Square};
/// let q = Question::KnightDistance { from: Square::A1, to: Square::H8 };
/// assert_eq!(expected(&q, &Chess::default()), Expected::Number(6));
/// ```
pub fn expected(question: &Question, position: &Chess) -> Expected {
    let board = position.board();
    match *question {
        Question::SquareColor { square } => Expected::Shade(if square.is_light() {
            Shade::Light
        } else {
            Shade::Dark
        }),
        Question::SameDiagonal { a, b } => Expected::YesNo(same_diagonal(a, b)),
        Question::KnightDistance { from, to } => Expected::Number(knight_distance(from, to)),
        Question::ReachCount { role, square } => {
            Expected::Number(reach(role, square).count() as u32)
        }
        Question::ReachSquares { role, square } => Expected::Squares(reach(role, square)),
        Question::PieceOn { square } => Expected::Piece(board.piece_at(square)),
        Question::WhereIs { piece } => Expected::Squares(board.by_piece(piece)),
        Question::Attacked { square, by } => {
            Expected::Squares(board.attacks_to(square, by, board.occupied()))
        }
        Question::MoveCount { square } => {
            let moves = position.legal_moves();
            let count = moves.iter().filter(|m| m.from() == Some(square)).count();
            Expected::Number(count as u32)
        }
        Question::Captures { color } => Expected::Squares(capturers(position, color)),
    }
}

/// Whether two different squares share a diagonal.
fn same_diagonal(a: Square, b: Square) -> bool {
    a != b && a.file().distance(b.file()) == a.rank().distance(b.rank())
}

/// The fewest knight moves from `from` to `to` (0 when they are the
/// same square; never more than 6 on a board of 8 by 8).
pub fn knight_distance(from: Square, to: Square) -> u32 {
    let mut seen = Bitboard::from_square(from);
    let mut frontier = seen;
    let mut steps = 0;
    while !frontier.contains(to) {
        let mut next = Bitboard::EMPTY;
        for square in frontier {
            next |= attacks::knight_attacks(square);
        }
        frontier = next & !seen;
        if frontier.is_empty() {
            // Unreachable on a full board; kept so the loop always ends.
            return steps;
        }
        seen |= frontier;
        steps += 1;
    }
    steps
}

/// The squares a piece of `role` reaches from `square` on an otherwise
/// empty board. A pawn, whose moves depend on its colour, is taken as a
/// white pawn's captures, the squares it guards.
pub fn reach(role: Role, square: Square) -> Bitboard {
    let empty = Bitboard::EMPTY;
    match role {
        Role::King => attacks::king_attacks(square),
        Role::Queen => attacks::queen_attacks(square, empty),
        Role::Rook => attacks::rook_attacks(square, empty),
        Role::Bishop => attacks::bishop_attacks(square, empty),
        Role::Knight => attacks::knight_attacks(square),
        Role::Pawn => attacks::pawn_attacks(Color::White, square),
    }
}

/// The squares of `color`'s pieces that have a legal capture. For the
/// side not to move the turn is handed over; when that cannot be (the
/// side to move is in check, so the other would take the king) nothing
/// is counted, as no capture of theirs is possible before the check is
/// answered.
fn capturers(position: &Chess, color: Color) -> Bitboard {
    let moves = if position.turn() == color {
        position.legal_moves()
    } else {
        match position.clone().swap_turn() {
            Ok(swapped) => swapped.legal_moves(),
            Err(_) => return Bitboard::EMPTY,
        }
    };
    moves
        .iter()
        .filter(|m| m.is_capture())
        .filter_map(|m| m.from())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn position(fen: &str) -> Chess {
        let fen: Fen = fen.parse().expect("fen");
        fen.into_position(CastlingMode::Standard).expect("legal")
    }

    #[test]
    fn empty_board_facts() {
        let start = Chess::default();
        let e = |q| expected(&q, &start);
        assert_eq!(
            e(Question::SquareColor { square: Square::A1 }),
            Expected::Shade(Shade::Dark)
        );
        assert_eq!(
            e(Question::SquareColor { square: Square::H1 }),
            Expected::Shade(Shade::Light)
        );
        assert_eq!(
            e(Question::SameDiagonal {
                a: Square::A1,
                b: Square::H8
            }),
            Expected::YesNo(true)
        );
        assert_eq!(
            e(Question::SameDiagonal {
                a: Square::A1,
                b: Square::A1
            }),
            Expected::YesNo(false)
        );
        assert_eq!(
            e(Question::SameDiagonal {
                a: Square::B1,
                b: Square::A2
            }),
            Expected::YesNo(true)
        );
        assert_eq!(
            e(Question::SameDiagonal {
                a: Square::B1,
                b: Square::B2
            }),
            Expected::YesNo(false)
        );
        assert_eq!(knight_distance(Square::E4, Square::E4), 0);
        assert_eq!(knight_distance(Square::G1, Square::F3), 1);
        assert_eq!(knight_distance(Square::A1, Square::B2), 4);
        assert_eq!(knight_distance(Square::A1, Square::H8), 6);
        assert_eq!(
            e(Question::ReachCount {
                role: Role::Queen,
                square: Square::D4
            }),
            Expected::Number(27)
        );
        assert_eq!(
            e(Question::ReachCount {
                role: Role::Rook,
                square: Square::A1
            }),
            Expected::Number(14)
        );
        assert_eq!(
            e(Question::ReachCount {
                role: Role::Knight,
                square: Square::A1
            }),
            Expected::Number(2)
        );
        assert_eq!(
            e(Question::ReachCount {
                role: Role::King,
                square: Square::H8
            }),
            Expected::Number(3)
        );
    }

    #[test]
    fn board_facts() {
        let pos = position("r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3");
        let e = |q| expected(&q, &pos);
        assert_eq!(
            e(Question::PieceOn { square: Square::C6 }),
            Expected::Piece(Some(Piece {
                color: Color::Black,
                role: Role::Knight
            }))
        );
        assert_eq!(
            e(Question::PieceOn { square: Square::C5 }),
            Expected::Piece(None)
        );
        assert_eq!(
            e(Question::Attacked {
                square: Square::D4,
                by: Color::Black
            }),
            Expected::Squares(
                Bitboard::from_square(Square::C6) | Bitboard::from_square(Square::E5)
            )
        );
        assert_eq!(
            e(Question::Captures {
                color: Color::Black
            }),
            Expected::Squares(
                Bitboard::from_square(Square::C6) | Bitboard::from_square(Square::E5)
            )
        );
        assert_eq!(
            e(Question::Captures {
                color: Color::White
            }),
            Expected::Squares(
                Bitboard::from_square(Square::D4) | Bitboard::from_square(Square::F3)
            )
        );
        assert_eq!(
            e(Question::MoveCount { square: Square::G8 }),
            Expected::Number(3)
        );
    }

    #[test]
    fn the_side_in_check_leaves_the_other_no_captures() {
        // White is in check: Black's captures cannot be asked of the
        // position with the turn handed over.
        let pos = position("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
        assert_eq!(
            expected(
                &Question::Captures {
                    color: Color::Black
                },
                &pos
            ),
            Expected::Squares(Bitboard::EMPTY)
        );
        assert_eq!(
            expected(
                &Question::Captures {
                    color: Color::White
                },
                &pos
            ),
            Expected::Squares(Bitboard::from_square(Square::E1))
        );
    }

    #[test]
    fn kind_ids_are_distinct() {
        let kind_ids = QuestionKind::ALL.map(QuestionKind::id);
        let mut ids = kind_ids.to_vec();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 10);
        let (a, b, role, color) = (Square::A1, Square::B2, Role::Rook, Color::Black);
        let piece = Piece { color, role };
        let every = [
            Question::SquareColor { square: a },
            Question::SameDiagonal { a, b },
            Question::KnightDistance { from: a, to: b },
            Question::ReachCount { role, square: a },
            Question::ReachSquares { role, square: a },
            Question::PieceOn { square: a },
            Question::WhereIs { piece },
            Question::Attacked {
                square: a,
                by: color,
            },
            Question::MoveCount { square: a },
            Question::Captures { color },
        ];
        let listed: Vec<&str> = every.iter().map(Question::kind_id).collect();
        assert_eq!(listed, kind_ids);
        assert!(
            QuestionKind::ALL
                .iter()
                .all(|k| QuestionKind::from_id(k.id()) == Some(*k))
        );
        assert_eq!(QuestionKind::from_id("castling"), None);
        assert_eq!(
            Question::Captures {
                color: Color::White
            }
            .kind_id(),
            "captures"
        );
    }
}
