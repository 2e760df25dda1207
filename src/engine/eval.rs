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

const fn build() -> Tables {
    let mut pst = [[(0i16, 0i16); 64]; 6];
    let mut passed = [[0u64; 64]; 2];
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
    let mut sq = 0;
    while sq < 64 {
        let file = (sq % 8) as i32;
        let rank = (sq / 8) as i32;
        // Twice the distance from the centre, 2 (centre) to 14 (corner).
        let centre = abs(2 * file - 7) + abs(2 * rank - 7);
        let central = 14 - centre; // 0 in the corner, 12 in the centre
        let edge = {
            let fe = if file < 7 - file { file } else { 7 - file };
            let re = if rank < 7 - rank { rank } else { 7 - rank };
            if fe < re { fe } else { re }
        };

        // Pawns: advance, and hold the centre early.
        let pawn_mg_adv = [0, 0, 2, 6, 14, 28, 50, 0][rank as usize];
        let pawn_eg_adv = [0, 0, 5, 12, 25, 45, 75, 0][rank as usize];
        let centre_file = if file == 3 || file == 4 { 1 } else { 0 };
        let pawn_centre = if rank == 3 || rank == 4 {
            12 * centre_file
        } else {
            0
        };
        let pawn_wing = if rank == 1 && (file == 3 || file == 4) {
            -8
        } else {
            0
        };
        pst[0][sq] = (
            (pawn_mg_adv + pawn_centre + pawn_wing) as i16,
            pawn_eg_adv as i16,
        );

        // Knights live in the centre and die on the rim.
        let n_rim = if edge == 0 { -15 } else { 0 };
        let n_back = if rank == 0 { -8 } else { 0 };
        pst[1][sq] = (
            (central * 4 - 20 + n_rim + n_back) as i16,
            (central * 3 - 18 + n_rim) as i16,
        );

        // Bishops: a milder centre preference, long diagonals count.
        let diag = if file == rank || file + rank == 7 {
            8
        } else {
            0
        };
        let b_back = if rank == 0 { -6 } else { 0 };
        pst[2][sq] = (
            (central * 2 - 10 + diag + b_back) as i16,
            (central * 2 - 12) as i16,
        );

        // Rooks: the seventh rank and the central files.
        let seventh = if rank == 6 { 18 } else { 0 };
        let r_file = if file == 3 || file == 4 {
            6
        } else if file == 0 || file == 7 {
            -4
        } else {
            0
        };
        pst[3][sq] = (
            (seventh + r_file) as i16,
            (if rank == 6 { 10 } else { 0 }) as i16,
        );

        // Queens: stay home early, centralise late.
        let q_early = if rank >= 4 { -6 } else { 0 };
        pst[4][sq] = ((central - 6 + q_early) as i16, (central * 3 - 18) as i16);

        // King: sheltered on the back rank in the middle game, near the
        // centre in the end game.
        let k_rank = [20, -8, -30, -50, -60, -70, -70, -70][rank as usize];
        let k_file = [15, 25, 10, -10, -15, 5, 30, 15][file as usize];
        pst[5][sq] = ((k_rank + k_file) as i16, (central * 5 - 35) as i16);

        // Passed-pawn masks.
        let files = (FILE_A << file) | adjacent[file as usize];
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
    Tables {
        pst,
        passed,
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

/// Middle-game and end-game score of one side, from its own view.
fn side(board: &Board, color: Color) -> (i32, i32, i32) {
    let t = &TABLES;
    let us = board.by_color(color);
    let them = board.by_color(!color);
    let occupied = board.occupied();
    let our_pawns = (board.pawns() & us).0;
    let their_pawns = (board.pawns() & them).0;
    let enemy_pawn_cover = pawn_attacks(their_pawns, !color);
    let their_king = board.king_of(!color);
    let king_zone = their_king.map_or(0, |k| (king_attacks(k) | Bitboard::from_square(k)).0);

    let (mut mg, mut eg, mut phase) = (0, 0, 0);
    let mut attack_units = 0;
    let mut attackers = 0;

    for role in Role::ALL {
        let ri = role as usize - 1;
        for sq in board.by_role(role) & us {
            let (pm, pe) = t.pst[ri][table_index(color, sq)];
            mg += MATERIAL[ri].0 + i32::from(pm);
            eg += MATERIAL[ri].1 + i32::from(pe);
            phase += PHASE[ri];
            let attacks = match role {
                Role::Knight => knight_attacks(sq),
                Role::Bishop => bishop_attacks(sq, occupied),
                Role::Rook => rook_attacks(sq, occupied),
                Role::Queen => queen_attacks(sq, occupied),
                _ => Bitboard(0),
            };
            if attacks.any() {
                let mobile = (attacks.0 & !us.0 & !enemy_pawn_cover).count_ones() as i32;
                let (wm, we, base) = match role {
                    Role::Knight => (4, 4, 4),
                    Role::Bishop => (5, 5, 6),
                    Role::Rook => (2, 4, 6),
                    _ => (1, 2, 12),
                };
                mg += wm * (mobile - base);
                eg += we * (mobile - base);
                let hits = (attacks.0 & king_zone).count_ones() as i32;
                if hits > 0 {
                    attackers += 1;
                    attack_units += hits
                        * match role {
                            Role::Knight | Role::Bishop => 2,
                            Role::Rook => 3,
                            _ => 5,
                        };
                }
            }
            if role == Role::Rook {
                let file = FILE_A << u32::from(sq.file());
                if file & our_pawns == 0 {
                    let open = file & their_pawns == 0;
                    mg += if open { 22 } else { 10 };
                    eg += if open { 10 } else { 5 };
                }
            }
        }
    }

    // Bishop pair.
    if (board.bishops() & us).more_than_one() {
        mg += 28;
        eg += 48;
    }

    // Pawn structure.
    for sq in Bitboard(our_pawns) {
        let file = u32::from(sq.file());
        let file_mask = FILE_A << file;
        if (our_pawns & file_mask).count_ones() > 1 {
            // Each doubled pawn pays half, so the pair pays once.
            mg -= 6;
            eg -= 12;
        }
        if our_pawns & t.adjacent[file as usize] == 0 {
            mg -= 12;
            eg -= 14;
        }
        if t.passed[color as usize][usize::from(sq)] & their_pawns == 0 {
            let r = relative_rank(color, sq);
            mg += PASSED_MG[r];
            eg += PASSED_EG[r];
            // A passer whose path is blocked is worth less.
            let stop = if color == Color::White {
                sq.offset(8)
            } else {
                sq.offset(-8)
            };
            if let Some(stop) = stop
                && occupied.contains(stop)
            {
                eg -= PASSED_EG[r] / 3;
            }
        }
    }

    // Our attack on their king (middle game only): grows with the square of
    // the pressure, and needs at least two attackers to mean much.
    if attackers >= 2 {
        let units = attack_units.min(40);
        mg += units * units / 4;
    }

    // Our own king's pawn shelter.
    if let Some(k) = board.king_of(color) {
        let r = relative_rank(color, k);
        if r <= 1 {
            let file = u32::from(k.file());
            let files = (FILE_A << file) | t.adjacent[file as usize];
            let near = if color == Color::White {
                (0x0000_0000_00FF_FF00u64 << (8 * r as u32)) & files
            } else {
                (0x00FF_FF00_0000_0000u64 >> (8 * r as u32)) & files
            };
            let shield = (near & our_pawns).count_ones() as i32;
            mg += 12 * shield.min(3) - 24;
        }
    }

    (mg, eg, phase)
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
