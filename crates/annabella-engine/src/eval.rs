//! Static evaluation: a tapered sum of material, piece-square terms,
//! mobility, pawn structure and king safety, in centipawns from the side
//! to move. Pure and allocation free: it runs at every leaf of the search.

use shakmaty::attacks::{
    bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks,
};
use shakmaty::{Bitboard, Board, Chess, Color, Position, Role, Square};

/// Middle-game and end-game values of pawn, knight, bishop, rook, queen, king.
const MATERIAL: [(i32, i32); 6] = [
    (90, 110),
    (320, 300),
    (335, 320),
    (480, 540),
    (960, 1000),
    (0, 0),
];

/// Game phase each piece contributes; 24 is the full opening set.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const MAX_PHASE: i32 = 24;

/// The piece value used by move ordering and quiescence pruning.
pub const fn see_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 320,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 950,
        Role::King => 20_000,
    }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Piece-square values for White, indexed [role][square] as (mg, eg);
/// Black reads them mirrored. Built from a few shapes (centre distance,
/// advancement, the king's shelter) rather than typed in by hand square by
/// square, so that every number has a reason.
struct Tables {
    pst: [[(i16, i16); 64]; 6],
    /// Squares in front of a pawn on its own and the neighbouring files:
    /// no enemy pawn there makes it passed. [color][square].
    passed: [[u64; 64]; 2],
    /// Files next to the square's file.
    adjacent: [u64; 8],
}

const fn abs(x: i32) -> i32 {
    if x < 0 { -x } else { x }
}

/// Where a square lies, in the terms the piece-square shapes use.
#[derive(Clone, Copy)]
struct Place {
    file: i32,
    rank: i32,
    /// 0 in the corner, 12 in the centre.
    central: i32,
    /// Distance to the nearest edge, 0 on the rim.
    edge: i32,
}

const fn min(a: i32, b: i32) -> i32 {
    if a < b { a } else { b }
}

const fn place(sq: usize) -> Place {
    let file = (sq % 8) as i32;
    let rank = (sq / 8) as i32;
    // Twice the distance from the centre, 2 (centre) to 14 (corner).
    let centre = abs(2 * file - 7) + abs(2 * rank - 7);
    Place {
        file,
        rank,
        central: 14 - centre,
        edge: min(min(file, 7 - file), min(rank, 7 - rank)),
    }
}

/// Pawns: advance, and hold the centre early.
const fn pawn_square(p: Place) -> (i16, i16) {
    let mg_advance = [0, 0, 2, 6, 14, 28, 50, 0][p.rank as usize];
    let eg_advance = [0, 0, 5, 12, 25, 45, 75, 0][p.rank as usize];
    let centre_file = p.file == 3 || p.file == 4;
    let centre = if centre_file && (p.rank == 3 || p.rank == 4) {
        12
    } else {
        0
    };
    let wing = if centre_file && p.rank == 1 { -8 } else { 0 };
    ((mg_advance + centre + wing) as i16, eg_advance as i16)
}

/// Knights live in the centre and die on the rim.
const fn knight_square(p: Place) -> (i16, i16) {
    let rim = if p.edge == 0 { -15 } else { 0 };
    let back = if p.rank == 0 { -8 } else { 0 };
    (
        (p.central * 4 - 20 + rim + back) as i16,
        (p.central * 3 - 18 + rim) as i16,
    )
}

/// Bishops: a milder centre preference, long diagonals count.
const fn bishop_square(p: Place) -> (i16, i16) {
    let diagonal = if p.file == p.rank || p.file + p.rank == 7 {
        8
    } else {
        0
    };
    let back = if p.rank == 0 { -6 } else { 0 };
    (
        (p.central * 2 - 10 + diagonal + back) as i16,
        (p.central * 2 - 12) as i16,
    )
}

/// Rooks: the seventh rank and the central files.
const fn rook_square(p: Place) -> (i16, i16) {
    let seventh = if p.rank == 6 { 18 } else { 0 };
    let file = if p.file == 3 || p.file == 4 {
        6
    } else if p.file == 0 || p.file == 7 {
        -4
    } else {
        0
    };
    (
        (seventh + file) as i16,
        (if p.rank == 6 { 10 } else { 0 }) as i16,
    )
}

/// Queens: stay home early, centralise late.
const fn queen_square(p: Place) -> (i16, i16) {
    let early = if p.rank >= 4 { -6 } else { 0 };
    ((p.central - 6 + early) as i16, (p.central * 3 - 18) as i16)
}

/// King: sheltered on the back rank in the middle game, near the centre
/// in the end game.
const fn king_square(p: Place) -> (i16, i16) {
    let rank = [20, -8, -30, -50, -60, -70, -70, -70][p.rank as usize];
    let file = [15, 25, 10, -10, -15, 5, 30, 15][p.file as usize];
    ((rank + file) as i16, (p.central * 5 - 35) as i16)
}

/// The piece-square table of every role, square by square.
const fn piece_squares() -> [[(i16, i16); 64]; 6] {
    let mut pst = [[(0i16, 0i16); 64]; 6];
    let mut sq = 0;
    while sq < 64 {
        let p = place(sq);
        pst[0][sq] = pawn_square(p);
        pst[1][sq] = knight_square(p);
        pst[2][sq] = bishop_square(p);
        pst[3][sq] = rook_square(p);
        pst[4][sq] = queen_square(p);
        pst[5][sq] = king_square(p);
        sq += 1;
    }
    pst
}

/// For each file, the files next to it.
const fn adjacent_files() -> [u64; 8] {
    let mut adjacent = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        let mut m = 0u64;
        if f > 0 {
            m |= FILE_A << (f - 1);
        }
        if f < 7 {
            m |= FILE_A << (f + 1);
        }
        adjacent[f] = m;
        f += 1;
    }
    adjacent
}

/// For each colour and square, where an enemy pawn stops a pawn there
/// from being passed.
const fn passed_masks(adjacent: &[u64; 8]) -> [[u64; 64]; 2] {
    let mut passed = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let file = sq % 8;
        let rank = sq / 8;
        let files = (FILE_A << file) | adjacent[file];
        let above = if rank < 7 {
            !0u64 << (8 * (rank + 1))
        } else {
            0
        };
        let below = if rank > 0 {
            !0u64 >> (8 * (8 - rank))
        } else {
            0
        };
        passed[0][sq] = files & above;
        passed[1][sq] = files & below;
        sq += 1;
    }
    passed
}

const fn build() -> Tables {
    let adjacent = adjacent_files();
    Tables {
        pst: piece_squares(),
        passed: passed_masks(&adjacent),
        adjacent,
    }
}

static TABLES: Tables = build();

const PASSED_MG: [i32; 8] = [0, 5, 8, 14, 25, 45, 70, 0];
const PASSED_EG: [i32; 8] = [0, 10, 15, 28, 50, 85, 130, 0];

/// Squares attacked by the pawns of `color`.
fn pawn_attacks(pawns: u64, color: Color) -> u64 {
    match color {
        Color::White => ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9),
        Color::Black => ((pawns & !FILE_H) >> 7) | ((pawns & !FILE_A) >> 9),
    }
}

fn relative_rank(color: Color, sq: Square) -> usize {
    let r = usize::from(sq.rank());
    if color == Color::White { r } else { 7 - r }
}

fn table_index(color: Color, sq: Square) -> usize {
    match color {
        Color::White => usize::from(sq),
        Color::Black => usize::from(sq.flip_vertical()),
    }
}

/// A middle-game and an end-game score, blended by the phase at the end.
#[derive(Clone, Copy, Default)]
struct Tapered {
    mg: i32,
    eg: i32,
}

impl Tapered {
    const fn new(mg: i32, eg: i32) -> Tapered {
        Tapered { mg, eg }
    }
}

impl std::ops::AddAssign for Tapered {
    fn add_assign(&mut self, other: Tapered) {
        self.mg += other.mg;
        self.eg += other.eg;
    }
}

/// Pressure of our pieces on the squares around the enemy king.
#[derive(Default)]
struct KingAttack {
    attackers: i32,
    units: i32,
}

impl KingAttack {
    /// Middle game only: grows with the square of the pressure, and needs
    /// at least two attackers to mean much.
    fn bonus(&self) -> i32 {
        if self.attackers < 2 {
            return 0;
        }
        let units = self.units.min(40);
        units * units / 4
    }
}

/// The board as one side sees it, worked out once for all its terms.
struct SideView<'a> {
    board: &'a Board,
    color: Color,
    us: Bitboard,
    occupied: Bitboard,
    our_pawns: u64,
    their_pawns: u64,
    /// Squares the enemy pawns attack: a piece gains no mobility there.
    enemy_pawn_cover: u64,
    /// The enemy king's square and its neighbours.
    king_zone: u64,
}

impl<'a> SideView<'a> {
    fn new(board: &'a Board, color: Color) -> SideView<'a> {
        let us = board.by_color(color);
        let them = board.by_color(!color);
        let their_pawns = (board.pawns() & them).0;
        let king_zone = board
            .king_of(!color)
            .map_or(0, |k| (king_attacks(k) | Bitboard::from_square(k)).0);
        SideView {
            board,
            color,
            us,
            occupied: board.occupied(),
            our_pawns: (board.pawns() & us).0,
            their_pawns,
            enemy_pawn_cover: pawn_attacks(their_pawns, !color),
            king_zone,
        }
    }

    /// Mobility of a knight, bishop, rook or queen on `sq`; its hits on
    /// the enemy king zone go to `attack`.
    fn mobility(&self, role: Role, sq: Square, attack: &mut KingAttack) -> Tapered {
        let attacks = match role {
            Role::Knight => knight_attacks(sq),
            Role::Bishop => bishop_attacks(sq, self.occupied),
            Role::Rook => rook_attacks(sq, self.occupied),
            Role::Queen => queen_attacks(sq, self.occupied),
            _ => return Tapered::default(),
        };
        let mobile = (attacks.0 & !self.us.0 & !self.enemy_pawn_cover).count_ones() as i32;
        let (wm, we, base) = match role {
            Role::Knight => (4, 4, 4),
            Role::Bishop => (5, 5, 6),
            Role::Rook => (2, 4, 6),
            _ => (1, 2, 12),
        };
        let hits = (attacks.0 & self.king_zone).count_ones() as i32;
        if hits > 0 {
            attack.attackers += 1;
            attack.units += hits
                * match role {
                    Role::Knight | Role::Bishop => 2,
                    Role::Rook => 3,
                    _ => 5,
                };
        }
        Tapered::new(wm * (mobile - base), we * (mobile - base))
    }

    /// A rook on a file without our pawns, more if theirs are gone too.
    fn rook_file(&self, sq: Square) -> Tapered {
        let file = FILE_A << u32::from(sq.file());
        if file & self.our_pawns != 0 {
            return Tapered::default();
        }
        if file & self.their_pawns == 0 {
            Tapered::new(22, 10)
        } else {
            Tapered::new(10, 5)
        }
    }

    fn bishop_pair(&self) -> Tapered {
        if (self.board.bishops() & self.us).more_than_one() {
            Tapered::new(28, 48)
        } else {
            Tapered::default()
        }
    }

    /// Doubled, isolated and passed pawns.
    fn pawn_structure(&self) -> Tapered {
        let t = &TABLES;
        let mut score = Tapered::default();
        for sq in Bitboard(self.our_pawns) {
            let file = u32::from(sq.file());
            if (self.our_pawns & (FILE_A << file)).count_ones() > 1 {
                // Each doubled pawn pays half, so the pair pays once.
                score += Tapered::new(-6, -12);
            }
            if self.our_pawns & t.adjacent[file as usize] == 0 {
                score += Tapered::new(-12, -14);
            }
            if t.passed[self.color as usize][usize::from(sq)] & self.their_pawns == 0 {
                score += self.passer(sq);
            }
        }
        score
    }

    fn passer(&self, sq: Square) -> Tapered {
        let r = relative_rank(self.color, sq);
        let mut score = Tapered::new(PASSED_MG[r], PASSED_EG[r]);
        // A passer whose path is blocked is worth less.
        let stop = if self.color == Color::White {
            sq.offset(8)
        } else {
            sq.offset(-8)
        };
        if let Some(stop) = stop
            && self.occupied.contains(stop)
        {
            score.eg -= PASSED_EG[r] / 3;
        }
        score
    }

    /// Our own king's pawn shelter, while it stays on its first two ranks
    /// (middle game only).
    fn king_shelter(&self) -> i32 {
        let Some(k) = self.board.king_of(self.color) else {
            return 0;
        };
        let r = relative_rank(self.color, k);
        if r > 1 {
            return 0;
        }
        let file = u32::from(k.file());
        let files = (FILE_A << file) | TABLES.adjacent[file as usize];
        let near = if self.color == Color::White {
            (0x0000_0000_00FF_FF00u64 << (8 * r as u32)) & files
        } else {
            (0x00FF_FF00_0000_0000u64 >> (8 * r as u32)) & files
        };
        let shield = (near & self.our_pawns).count_ones() as i32;
        12 * shield.min(3) - 24
    }
}

/// Middle-game and end-game score of one side, from its own view, and the
/// phase its pieces make.
fn side(board: &Board, color: Color) -> (i32, i32, i32) {
    let view = SideView::new(board, color);
    let mut score = Tapered::default();
    let mut phase = 0;
    let mut attack = KingAttack::default();
    for role in Role::ALL {
        let ri = role as usize - 1;
        for sq in board.by_role(role) & view.us {
            let (pm, pe) = TABLES.pst[ri][table_index(color, sq)];
            score += Tapered::new(
                MATERIAL[ri].0 + i32::from(pm),
                MATERIAL[ri].1 + i32::from(pe),
            );
            phase += PHASE[ri];
            score += view.mobility(role, sq, &mut attack);
            if role == Role::Rook {
                score += view.rook_file(sq);
            }
        }
    }
    score += view.bishop_pair();
    score += view.pawn_structure();
    score.mg += attack.bonus() + view.king_shelter();
    (score.mg, score.eg, phase)
}

/// The position's value in centipawns for the side to move.
pub fn evaluate(pos: &Chess) -> i32 {
    let board = pos.board();
    let (wm, we, wp) = side(board, Color::White);
    let (bm, be, bp) = side(board, Color::Black);
    let phase = (wp + bp).min(MAX_PHASE);
    let mg = wm - bm;
    let eg = we - be;
    let mut score = (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;
    score = scale_drawish(board, score);
    let tempo = 10;
    match pos.turn() {
        Color::White => score + tempo,
        Color::Black => -score + tempo,
    }
}

/// Shrinks the score when the side ahead has too little to win with.
fn scale_drawish(board: &Board, score: i32) -> i32 {
    let strong = if score > 0 {
        Color::White
    } else {
        Color::Black
    };
    let ours = board.by_color(strong);
    let pawns = (board.pawns() & ours).count();
    if pawns > 0 {
        return score;
    }
    let minors = ((board.knights() | board.bishops()) & ours).count();
    let majors = ((board.rooks() | board.queens()) & ours).count();
    if majors == 0 && minors <= 1 {
        // A lone minor piece cannot mate.
        return score / 16;
    }
    if majors == 0 && minors == 2 && (board.knights() & ours).count() == 2 {
        return score / 8;
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn start_position_is_level_up_to_tempo() {
        assert_eq!(evaluate(&Chess::default()), 10);
    }

    #[test]
    fn mirrored_positions_score_the_same() {
        let fens = [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ];
        for fen in fens {
            let p = pos(fen);
            let mut mirrored = p.board().clone();
            mirrored.flip_vertical();
            let mut swapped = mirrored.clone();
            for sq in mirrored.occupied() {
                if let Some(piece) = mirrored.piece_at(sq) {
                    swapped.set_piece_at(
                        sq,
                        Piece {
                            color: !piece.color,
                            role: piece.role,
                        },
                    );
                }
            }
            let setup = shakmaty::Setup {
                board: swapped,
                turn: !p.turn(),
                ..shakmaty::Setup::empty()
            };
            let q: Chess = Chess::from_setup(setup, CastlingMode::Standard).unwrap();
            assert_eq!(evaluate(&p), evaluate(&q), "{fen}");
        }
    }

    use shakmaty::{FromSetup, Piece};

    #[test]
    fn extra_material_is_better() {
        // White is a rook up.
        assert!(evaluate(&pos("4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w - - 0 1")) > 300);
        assert!(evaluate(&pos("4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3 b - - 0 1")) < -300);
    }

    #[test]
    fn a_lone_minor_piece_is_nearly_a_draw() {
        assert!(evaluate(&pos("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1")).abs() < 40);
    }

    #[test]
    fn an_advanced_passed_pawn_is_worth_more() {
        let far = evaluate(&pos("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1"));
        let near = evaluate(&pos("4k3/8/8/8/8/1P6/8/4K3 w - - 0 1"));
        assert!(far > near, "{far} <= {near}");
    }
}
