//! Board reading: the whole board as data, for the announcer to word.

use shakmaty::{Board, Color, Rank, Role, Square};

use crate::event::{BoardView, FILES};

/// The order pieces are listed in: king first, pawns last.
pub const ROLE_ORDER: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// Pieces grouped by colour and kind, squares from the a-file to the
/// h-file (white first).
pub fn list(board: &Board) -> BoardView {
    let sides = [Color::White, Color::Black]
        .into_iter()
        .map(|color| {
            let groups = ROLE_ORDER
                .iter()
                .filter_map(|&role| {
                    let mut squares: Vec<Square> =
                        board.by_piece(role.of(color)).into_iter().collect();
                    squares.sort_by_key(|sq| (sq.file(), sq.rank()));
                    (!squares.is_empty()).then_some((role, squares))
                })
                .collect();
            (color, groups)
        })
        .collect();
    BoardView::List(sides)
}

/// One row per rank, as seen from `side`: White sees rank 8 first and
/// the a-file on the left; Black the other way round.
pub fn ranks(board: &Board, side: Color) -> BoardView {
    let mut rows: Vec<Rank> = Rank::ALL.into_iter().rev().collect();
    let mut files = FILES.to_vec();
    if side == Color::Black {
        rows.reverse();
        files.reverse();
    }
    BoardView::Ranks(
        rows.into_iter()
            .map(|rank| {
                let cells = files
                    .iter()
                    .map(|&file| board.piece_at(Square::from_coords(file, rank)))
                    .collect();
                (rank, cells)
            })
            .collect(),
    )
}
