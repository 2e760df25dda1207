//! Board reading: the answers to "what is where" as data, for the
//! announcer to put into words. Everything is seen from one side (the
//! player's): that side's first rank and its left-hand file come first.

use shakmaty::{Bitboard, Board, ByRole, Chess, Color, File, Piece, Position, Rank, Role, Square};

/// The pieces of one side: each kind with its squares.
pub type SidePieces = (Color, Vec<(Role, Vec<Square>)>);

/// The whole board as one answer, in a board style.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardView {
    /// Pieces by colour and kind (style `list`).
    List(Vec<SidePieces>),
    /// One row per rank, from the player's side (style `ranks`).
    Ranks(Vec<(Rank, Vec<Option<Piece>>)>),
    /// Every occupied square with its piece (style `squares`).
    Squares(Vec<(Square, Piece)>),
}

/// Which line of squares a [`Line`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// A rank.
    Rank(Rank),
    /// A file.
    File(File),
    /// A diagonal, from one end to the other.
    Diagonal(Square, Square),
}

/// A rank, file or diagonal with what stands on each square, in the
/// order the player reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Which line.
    pub kind: LineKind,
    /// Each square with its piece, if any.
    pub cells: Vec<(Square, Option<Piece>)>,
}

/// The file letters a..h, for tables.
pub const FILES: [File; 8] = [
    File::A,
    File::B,
    File::C,
    File::D,
    File::E,
    File::F,
    File::G,
    File::H,
];

/// The order pieces are listed in: king first, pawns last.
pub const ROLE_ORDER: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// Pawn units of each piece, for the material balance.
pub fn value(role: Role) -> u32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// Files from `side`'s left to right.
fn files_from(side: Color) -> Vec<File> {
    let mut files = FILES.to_vec();
    if side == Color::Black {
        files.reverse();
    }
    files
}

/// Ranks from the far side down to `side`'s own first rank, as a board
/// lies in front of the player.
fn ranks_from(side: Color) -> Vec<Rank> {
    let mut ranks: Vec<Rank> = Rank::ALL.into_iter().rev().collect();
    if side == Color::Black {
        ranks.reverse();
    }
    ranks
}

/// Orders squares as `side` reads them: left to right, then from its own
/// side forward.
fn sort_for(squares: &mut [Square], side: Color) {
    squares.sort_by_key(|sq| match side {
        Color::White => (sq.file(), sq.rank()),
        Color::Black => (sq.file().flip_horizontal(), sq.rank().flip_vertical()),
    });
}

/// The pieces of the given sides grouped by kind (style `list`).
pub fn list(board: &Board, sides: &[Color], side: Color) -> BoardView {
    let sides = sides
        .iter()
        .map(|&color| {
            let groups = ROLE_ORDER
                .iter()
                .filter_map(|&role| {
                    let mut squares: Vec<Square> =
                        board.by_piece(role.of(color)).into_iter().collect();
                    sort_for(&mut squares, side);
                    (!squares.is_empty()).then_some((role, squares))
                })
                .collect();
            (color, groups)
        })
        .collect();
    BoardView::List(sides)
}

/// One row per rank as seen from `side` (style `ranks`).
pub fn ranks(board: &Board, side: Color) -> BoardView {
    let files = files_from(side);
    BoardView::Ranks(
        ranks_from(side)
            .into_iter()
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

/// Every occupied square, far rank first, left to right (style `squares`).
pub fn squares(board: &Board, side: Color) -> BoardView {
    let files = files_from(side);
    let mut out = Vec::new();
    for rank in ranks_from(side) {
        for &file in &files {
            let sq = Square::from_coords(file, rank);
            if let Some(piece) = board.piece_at(sq) {
                out.push((sq, piece));
            }
        }
    }
    BoardView::Squares(out)
}

fn cells(board: &Board, squares: impl IntoIterator<Item = Square>) -> Vec<(Square, Option<Piece>)> {
    squares
        .into_iter()
        .map(|sq| (sq, board.piece_at(sq)))
        .collect()
}

/// One rank, from `side`'s left to right.
pub fn rank(board: &Board, rank: Rank, side: Color) -> Line {
    Line {
        kind: LineKind::Rank(rank),
        cells: cells(
            board,
            files_from(side)
                .into_iter()
                .map(|f| Square::from_coords(f, rank)),
        ),
    }
}

/// One file, from `side`'s own first rank forward.
pub fn file(board: &Board, file: File, side: Color) -> Line {
    let mut ranks = ranks_from(side);
    ranks.reverse();
    Line {
        kind: LineKind::File(file),
        cells: cells(
            board,
            ranks.into_iter().map(|r| Square::from_coords(file, r)),
        ),
    }
}

/// The diagonals through `square` (one or two; a corner has one), each
/// from its end nearer `side`'s first rank.
pub fn diagonals(board: &Board, square: Square, side: Color) -> Vec<Line> {
    let mut lines = Vec::new();
    for step in [9, 7] {
        let mut run = vec![square];
        for dir in [step, -step] {
            let mut at = square;
            while let Some(next) = at.offset(dir) {
                // A step of 7 or 9 may wrap around the board edge.
                if next.file().distance(at.file()) != 1 {
                    break;
                }
                run.push(next);
                at = next;
            }
        }
        if run.len() < 2 {
            continue;
        }
        run.sort_by_key(|sq| match side {
            Color::White => (sq.rank(), sq.file()),
            Color::Black => (sq.rank().flip_vertical(), sq.file().flip_horizontal()),
        });
        let (from, to) = (run[0], run[run.len() - 1]);
        lines.push(Line {
            kind: LineKind::Diagonal(from, to),
            cells: cells(board, run),
        });
    }
    // The longer diagonal first.
    lines.sort_by_key(|l| std::cmp::Reverse(l.cells.len()));
    lines
}

/// Where the pieces of one kind stand, per colour.
pub fn find(board: &Board, role: Role, colors: &[Color], side: Color) -> Vec<(Color, Vec<Square>)> {
    colors
        .iter()
        .map(|&color| {
            let mut squares: Vec<Square> = board.by_piece(role.of(color)).into_iter().collect();
            sort_for(&mut squares, side);
            (color, squares)
        })
        .collect()
}

fn pieces_on(board: &Board, squares: Bitboard) -> Vec<(Role, Square)> {
    let mut out: Vec<(Role, Square)> = squares
        .into_iter()
        .filter_map(|sq| Some((board.role_at(sq)?, sq)))
        .collect();
    // Cheapest piece first: the one that would take first.
    out.sort_by_key(|&(role, sq)| {
        (
            value(role).max(if role == Role::King { 100 } else { 0 }),
            sq,
        )
    });
    out
}

/// The pieces of each side that attack `square` (for an occupied square:
/// the owner's pieces defend it).
pub fn attackers(board: &Board, square: Square) -> [(Color, Vec<(Role, Square)>); 2] {
    let occupied = board.occupied();
    [Color::White, Color::Black].map(|color| {
        (
            color,
            pieces_on(board, board.attacks_to(square, color, occupied)),
        )
    })
}

/// How many pieces of each kind a side has.
pub fn material(board: &Board) -> [(Color, ByRole<u8>); 2] {
    [Color::White, Color::Black].map(|color| (color, board.material_side(color)))
}

/// The legal moves of the side to move, from one square or from all,
/// ordered as `side` reads the board.
pub fn legal_moves_from(pos: &Chess, from: Option<Square>, side: Color) -> Vec<shakmaty::Move> {
    let mut moves: Vec<shakmaty::Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| from.is_none() || m.from() == from)
        .collect();
    moves.sort_by_key(|m| {
        let key = |sq: Square| match side {
            Color::White => (sq.file(), sq.rank()),
            Color::Black => (sq.file().flip_horizontal(), sq.rank().flip_vertical()),
        };
        let role_rank = ROLE_ORDER.iter().position(|&r| r == m.role()).unwrap_or(0);
        // Promotions as the question names them: queen, rook, bishop, knight.
        let promotion = m.promotion().map(|p| {
            [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
                .iter()
                .position(|&r| r == p)
        });
        (role_rank, m.from().map(key), key(m.to()), promotion)
    });
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonals_through_c1() {
        let board = Board::new();
        let lines = diagonals(&board, Square::C1, Color::White);
        assert_eq!(lines.len(), 2);
        let squares: Vec<Square> = lines[0].cells.iter().map(|c| c.0).collect();
        assert_eq!(
            squares,
            [
                Square::C1,
                Square::D2,
                Square::E3,
                Square::F4,
                Square::G5,
                Square::H6
            ]
        );
        let squares: Vec<Square> = lines[1].cells.iter().map(|c| c.0).collect();
        assert_eq!(squares, [Square::C1, Square::B2, Square::A3]);
    }

    #[test]
    fn a_corner_has_one_diagonal() {
        assert_eq!(diagonals(&Board::new(), Square::A1, Color::White).len(), 1);
        assert_eq!(
            diagonals(&Board::new(), Square::H1, Color::White)[0]
                .cells
                .len(),
            8
        );
    }

    #[test]
    fn black_sees_the_board_turned() {
        let board = Board::new();
        let line = rank(&board, Rank::First, Color::Black);
        assert_eq!(line.cells[0].0, Square::H1);
        let line = file(&board, File::E, Color::Black);
        assert_eq!(line.cells[0].0, Square::E8);
    }
}
