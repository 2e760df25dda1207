//! The search: iterative deepening with aspiration windows over a
//! principal variation search, with a transposition table, quiescence
//! search, null-move pruning, late-move reductions and check extensions.
//!
//! Everything the search needs per node lives on the stack (shakmaty's
//! `MoveList` is an `ArrayVec`) or in tables allocated once when the
//! [`Searcher`] is made, so the hot path does not touch the heap; a test in
//! `tests/engine_alloc.rs` counts allocations around a search to hold it to
//! that.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use shakmaty::attacks::{bishop_attacks, rook_attacks};
use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{Bitboard, Chess, Color, EnPassantMode, Move, MoveList, Position, Role};

use super::eval::{evaluate, see_value};
use annabella_rules::key_of;

/// A score above this is a forced mate.
pub const MATE_BOUND: i32 = 31_000;
/// The score of being mated now; mate in n plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
const INF: i32 = 32_001;
/// The deepest ply the search reaches (extensions included).
pub const MAX_PLY: usize = 128;
const MAX_MOVES: usize = 512;

/// What bounds one search. Empty limits mean "until stopped".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many plies of iterative deepening.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Think exactly this long.
    pub movetime: Option<Duration>,
    /// Time left on the mover's clock, with its increment and the moves to
    /// the next time control.
    pub clock: Option<Clock>,
    /// Search until told to stop, whatever else is set.
    pub infinite: bool,
}

/// The mover's clock, as UCI `go wtime … winc … movestogo` gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left.
    pub remaining: Duration,
    /// Increment per move.
    pub increment: Duration,
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// How a level plays worse than the full engine: on purpose, and the same
/// way every time for the same seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weakness {
    /// Up to this many centipawns added to or taken from every evaluation.
    pub noise: i32,
    /// Chance in thousandths of playing the second-best move ...
    pub second_best_permille: u32,
    /// ... when it is at most this many centipawns worse.
    pub second_best_margin: i32,
}

/// A search score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    /// Converts an internal score.
    pub fn from_internal(v: i32) -> Score {
        if v > MATE_BOUND {
            Score::Mate((MATE - v + 1) / 2)
        } else if v < -MATE_BOUND {
            Score::Mate(-((MATE + v + 1) / 2))
        } else {
            Score::Cp(v)
        }
    }
}

/// Progress after each finished iteration.
#[derive(Clone, Debug)]
pub struct Info<'a> {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score of the best move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The principal variation.
    pub pv: &'a [Move],
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when there is no legal move.
    pub best: Option<Move>,
    /// Its score (from the last finished iteration).
    pub score: Score,
    /// The expected continuation, starting with `best`.
    pub pv: Vec<Move>,
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    mv: u16,
    score: i16,
    depth: i8,
    bound: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

/// A move packed into 16 bits for the transposition table.
fn pack(m: Move) -> u16 {
    let from = m.from().map_or(0, u16::from);
    let to = u16::from(m.to());
    let promo = m.promotion().map_or(0, |r| r as u16);
    from | (to << 6) | (promo << 12)
}

/// A small, fast hash of a board for evaluation noise (the Zobrist key is
/// not at hand in the quiescence search).
fn board_noise(pos: &Chess, seed: u64, amplitude: i32) -> i32 {
    let b = pos.board();
    let mut h = seed ^ 0x9E37_79B9_7F4A_7C15;
    for x in [
        b.white().0,
        b.pawns().0,
        b.knights().0,
        b.bishops().0,
        b.rooks().0,
        b.queens().0,
        b.kings().0,
        pos.turn() as u64,
    ] {
        h = (h ^ x).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= h >> 31;
    }
    let span = (2 * amplitude + 1) as u64;
    (h % span) as i32 - amplitude
}

/// Order of captures: most valuable victim first, cheapest attacker next.
fn mvv_lva(m: Move) -> i32 {
    let victim = match m {
        Move::EnPassant { .. } => Role::Pawn,
        _ => m.capture().unwrap_or(Role::Pawn),
    };
    see_value(victim) * 10 - see_value(m.role()) / 10
}

/// Static exchange evaluation: whether the capture `m` wins at least
/// `threshold` centipawns once every piece that can recapture on its
/// square has done so, cheapest first (pins are not considered).
pub fn see_ge(pos: &Chess, m: Move, threshold: i32) -> bool {
    let (from, to, victim) = match m {
        Move::Normal {
            from,
            to,
            capture,
            promotion: None,
            ..
        } => (from, to, capture),
        // En passant, promotions and castling are never losing captures
        // worth pruning.
        _ => return true,
    };
    let board = pos.board();
    let mut swap = victim.map_or(0, see_value) - threshold;
    if swap < 0 {
        return false;
    }
    swap = see_value(m.role()) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = board.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(to);
    let mut attackers =
        board.attacks_to(to, Color::White, occupied) | board.attacks_to(to, Color::Black, occupied);
    let diagonal = board.bishops() | board.queens();
    let straight = board.rooks() | board.queens();
    let mut side = pos.turn();
    let mut result = true;
    loop {
        side = !side;
        attackers &= occupied;
        let ours = attackers & board.by_color(side);
        if ours.is_empty() {
            break;
        }
        result = !result;
        let Some((role, square)) = Role::ALL
            .iter()
            .find_map(|&r| (ours & board.by_role(r)).first().map(|sq| (r, sq)))
        else {
            break;
        };
        if role == Role::King {
            // The king may take only if nothing can take it back.
            if (attackers & board.by_color(!side)).any() {
                result = !result;
            }
            break;
        }
        swap = see_value(role) - swap;
        if swap < i32::from(result) {
            break;
        }
        occupied ^= Bitboard::from_square(square);
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attackers |= bishop_attacks(to, occupied) & diagonal;
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attackers |= rook_attacks(to, occupied) & straight;
        }
    }
    result
}

/// A reusable search: its tables live from one move to the next.
pub struct Searcher {
    tt: Vec<Entry>,
    tt_mask: usize,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    history: [[i32; 64]; 12],
    lmr: [[u8; 64]; 64],
    /// Zobrist keys of the game so far and the current line.
    keys: Vec<u64>,
    stop: Arc<AtomicBool>,
    start: Instant,
    hard_limit: Option<Duration>,
    node_limit: Option<u64>,
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    root_best: Option<Move>,
    root_scores: [(u16, i32); MAX_MOVES],
    root_count: usize,
    /// Score every root move exactly (for levels that pick among them).
    score_all_roots: bool,
    weakness: Option<Weakness>,
    seed: u64,
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mb` mebibytes
    /// (rounded down to a power of two entries, at least 1024).
    pub fn new(hash_mb: usize) -> Searcher {
        let mut lmr = [[0u8; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let v = 0.75 + (d as f64).ln() * (m as f64).ln() / 2.25;
                *r = v.clamp(0.0, 32.0) as u8;
            }
        }
        let mut s = Searcher {
            tt: Vec::new(),
            tt_mask: 0,
            killers: [[None; 2]; MAX_PLY + 1],
            history: [[0; 64]; 12],
            lmr,
            keys: Vec::new(),
            stop: Arc::new(AtomicBool::new(false)),
            start: Instant::now(),
            hard_limit: None,
            node_limit: None,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            root_best: None,
            root_scores: [(0, 0); MAX_MOVES],
            root_count: 0,
            score_all_roots: false,
            weakness: None,
            seed: 1,
        };
        s.resize(hash_mb);
        s
    }

    /// Reallocates the transposition table (and clears it).
    pub fn resize(&mut self, hash_mb: usize) {
        let bytes = hash_mb.clamp(1, 4096) * 1024 * 1024;
        let mut entries = (bytes / std::mem::size_of::<Entry>()).max(1024);
        entries = 1 << (usize::BITS - 1 - entries.leading_zeros());
        self.tt = vec![Entry::default(); entries];
        self.tt_mask = entries - 1;
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.fill(Entry::default());
        self.history = [[0; 64]; 12];
        self.killers = [[None; 2]; MAX_PLY + 1];
    }

    /// The flag that stops a running search from another thread.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Makes `flag` the one that stops this searcher's searches.
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = flag;
    }

    /// Plays weaker on purpose (levels), seeded for repeatable games.
    pub fn set_weakness(&mut self, weakness: Option<Weakness>, seed: u64) {
        self.weakness = weakness;
        self.seed = seed;
    }

    /// Searches `pos`, reached after the positions whose Zobrist keys are
    /// `history` (oldest first, not including `pos`), within `limits`.
    /// `info` hears about every finished iteration.
    pub fn search(
        &mut self,
        pos: &Chess,
        history: &[u64],
        limits: &Limits,
        info: &mut dyn FnMut(&Info<'_>),
    ) -> SearchResult {
        self.start = Instant::now();
        self.stopped = false;
        self.nodes = 0;
        self.seldepth = 0;
        self.root_best = None;
        self.node_limit = if limits.infinite { None } else { limits.nodes };
        let (soft, hard) = if limits.infinite {
            (None, None)
        } else {
            time_budget(limits)
        };
        self.hard_limit = hard;
        self.keys.clear();
        self.keys.reserve(history.len() + MAX_PLY + 8);
        self.keys.extend_from_slice(history);
        let root_key = key_of(pos);
        self.keys.push(root_key);
        // Age the history so old games do not dominate ordering.
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 8;
            }
        }
        self.killers = [[None; 2]; MAX_PLY + 1];

        let legal = pos.legal_moves();
        let mut result = SearchResult {
            best: legal.first().copied(),
            score: Score::Cp(0),
            pv: legal.first().copied().into_iter().collect(),
            depth: 0,
            nodes: 0,
        };
        if legal.is_empty() {
            result.score = Score::from_internal(if pos.is_check() { -MATE } else { 0 });
            return result;
        }
        self.score_all_roots = self
            .weakness
            .is_some_and(|w| w.second_best_permille > 0 && legal.len() > 1);

        let max_depth = if limits.infinite {
            MAX_PLY as u32 - 8
        } else {
            limits
                .depth
                .unwrap_or(MAX_PLY as u32 - 8)
                .clamp(1, MAX_PLY as u32 - 8)
        };
        let mut prev = 0;
        let mut chosen_scores: Option<([(u16, i32); MAX_MOVES], usize)> = None;
        for depth in 1..=max_depth {
            self.root_best = None;
            self.root_count = 0;
            let mut window = 25;
            let (mut alpha, mut beta) = if depth >= 5 && !self.score_all_roots {
                (prev - window, prev + window)
            } else {
                (-INF, INF)
            };
            let score = loop {
                let s = self.negamax(pos, root_key, depth as i32, alpha, beta, 0, true);
                if self.stopped {
                    break s;
                }
                if s <= alpha && alpha > -INF {
                    alpha = (alpha - window).max(-INF);
                    beta = (alpha + beta) / 2;
                } else if s >= beta && beta < INF {
                    beta = (beta + window).min(INF);
                } else {
                    break s;
                }
                window *= 2;
                if window > 800 {
                    alpha = -INF;
                    beta = INF;
                }
            };
            if self.stopped {
                // A move that finished searching in the broken iteration
                // already beat the previous best on its own.
                if let Some(m) = self.root_best
                    && !self.score_all_roots
                    && result.best != Some(m)
                {
                    result.best = Some(m);
                    result.pv = self.principal_variation(pos, Some(m), depth as usize);
                }
                break;
            }
            prev = score;
            result.best = self.root_best.or(result.best);
            result.score = Score::from_internal(score);
            result.depth = depth;
            result.pv = self.principal_variation(pos, result.best, depth as usize);
            if self.score_all_roots {
                chosen_scores = Some((self.root_scores, self.root_count));
            }
            info(&Info {
                depth,
                seldepth: self.seldepth as u32,
                score: result.score,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                pv: &result.pv,
            });
            if let Some(soft) = soft
                && self.start.elapsed() >= soft
            {
                break;
            }
            if score.abs() > MATE_BOUND && depth >= 8 && limits.depth.is_none() {
                break;
            }
        }
        if let (Some(w), Some((scores, count))) = (self.weakness, chosen_scores) {
            self.maybe_second_best(pos, &legal, &scores[..count], w, &mut result);
        }
        result.nodes = self.nodes;
        result
    }

    /// Sometimes plays the runner-up, as a person would.
    fn maybe_second_best(
        &mut self,
        pos: &Chess,
        legal: &MoveList,
        scores: &[(u16, i32)],
        w: Weakness,
        result: &mut SearchResult,
    ) {
        // The best and the runner-up, without sorting.
        let mut first: Option<(u16, i32)> = None;
        let mut runner_up: Option<(u16, i32)> = None;
        for &(m, v) in scores {
            if first.is_none_or(|f| v > f.1) {
                runner_up = first;
                first = Some((m, v));
            } else if runner_up.is_none_or(|r| v > r.1) {
                runner_up = Some((m, v));
            }
        }
        let (Some((_, s1)), Some((second, s2))) = (first, runner_up) else {
            return;
        };
        let roll = mix(self.seed ^ key_of(pos)) % 1000;
        if roll < u64::from(w.second_best_permille)
            && s2 >= s1 - w.second_best_margin
            && let Some(m) = legal.iter().find(|m| pack(**m) == second)
        {
            result.best = Some(*m);
            result.pv = vec![*m];
            result.score = Score::from_internal(s2);
        }
    }

    fn principal_variation(&self, pos: &Chess, first: Option<Move>, max: usize) -> Vec<Move> {
        let mut pv = Vec::new();
        let Some(first) = first else {
            return pv;
        };
        let mut p = pos.clone();
        pv.push(first);
        p.play_unchecked(first);
        while pv.len() < max {
            let e = self.tt[key_of(&p) as usize & self.tt_mask];
            if e.key != key_of(&p) || e.mv == 0 {
                break;
            }
            let Some(m) = p.legal_moves().into_iter().find(|m| pack(*m) == e.mv) else {
                break;
            };
            pv.push(m);
            p.play_unchecked(m);
        }
        pv
    }

    fn check_limits(&mut self) {
        if self.node_limit.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        }
        if self.nodes & 1023 == 0 {
            if self.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
            if self.hard_limit.is_some_and(|h| self.start.elapsed() >= h) {
                self.stopped = true;
            }
        }
    }

    fn static_eval(&self, pos: &Chess) -> i32 {
        let e = evaluate(pos);
        match self.weakness {
            Some(w) if w.noise > 0 => e + board_noise(pos, self.seed, w.noise),
            _ => e,
        }
    }

    fn is_repetition(&self, halfmoves: u32) -> bool {
        let n = self.keys.len();
        let key = self.keys[n - 1];
        let reach = (halfmoves as usize).min(n - 1);
        let mut back = 4;
        while back <= reach {
            if self.keys[n - 1 - back] == key {
                return true;
            }
            back += 2;
        }
        false
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &Chess,
        key: u64,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        can_null: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let root = ply == 0;
        self.nodes += 1;
        self.check_limits();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if !root {
            if pos.halfmoves() >= 100 || self.is_repetition(pos.halfmoves()) {
                return 0;
            }
            if pos.is_insufficient_material() {
                return 0;
            }
            // Mate-distance pruning: no line here beats a mate found nearer
            // the root.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval(pos);
        }
        let in_check = pos.is_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply);
        }

        let slot = key as usize & self.tt_mask;
        let entry = self.tt[slot];
        let tt_move = if entry.key == key { entry.mv } else { 0 };
        if entry.key == key && !pv_node && i32::from(entry.depth) >= depth {
            let s = from_tt(i32::from(entry.score), ply);
            let cut = match entry.bound {
                EXACT => true,
                LOWER => s >= beta,
                UPPER => s <= alpha,
                _ => false,
            };
            if cut {
                return s;
            }
        }

        // Internal iterative reduction: with no move from the table to
        // try first, a shallower search here is cheaper and about as good.
        if depth >= 4 && tt_move == 0 {
            depth -= 1;
        }

        let eval = if in_check {
            -INF
        } else {
            self.static_eval(pos)
        };
        if !pv_node && !in_check && !root {
            // Reverse futility: far enough above beta, a shallow search
            // will not come back down.
            if depth <= 6 && eval - 85 * depth >= beta && beta.abs() < MATE_BOUND {
                return eval;
            }
            // Null move: if passing still beats beta, a real move will too.
            let us = pos.us();
            let big = us & !pos.board().pawns() & !pos.board().kings();
            if can_null && depth >= 3 && eval >= beta && big.any() {
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(2);
                if let Ok(null) = pos.clone().swap_turn() {
                    let null_key = if pos.maybe_ep_square().is_none() {
                        key ^ Zobrist64::zobrist_for_white_turn().0
                    } else {
                        key_of(&null)
                    };
                    self.keys.push(null_key);
                    let s = -self.negamax(
                        &null,
                        null_key,
                        depth - 1 - r,
                        -beta,
                        -beta + 1,
                        ply + 1,
                        false,
                    );
                    self.keys.pop();
                    if self.stopped {
                        return 0;
                    }
                    if s >= beta {
                        return if s > MATE_BOUND { beta } else { s };
                    }
                }
            }
        }

        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let mut order = [0i32; MAX_MOVES];
        let killers = self.killers[ply];
        let turn = pos.turn();
        for (i, m) in moves.iter().enumerate() {
            order[i] = if tt_move != 0 && pack(*m) == tt_move {
                2_000_000
            } else if m.is_capture() {
                // Captures that lose material wait until after the quiet
                // moves.
                if see_ge(pos, *m, 0) {
                    1_000_000 + mvv_lva(*m)
                } else {
                    -100_000 + mvv_lva(*m)
                }
            } else if m.promotion() == Some(Role::Queen) {
                950_000
            } else if killers[0] == Some(*m) {
                900_000
            } else if killers[1] == Some(*m) {
                890_000
            } else {
                self.history[hist_index(turn, m.role())][usize::from(m.to())]
            };
        }

        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move: Option<Move> = None;
        let mut searched = 0usize;
        let mut quiets_tried = [None::<Move>; 64];
        let mut quiet_count = 0usize;
        let n = moves.len();
        for i in 0..n {
            let m = pick_next(&mut moves, &mut order, i);
            let quiet = !m.is_capture() && !m.is_promotion();

            if !root && !pv_node && !in_check && quiet && best > -MATE_BOUND {
                // Late-move pruning: at low depth, late quiet moves rarely
                // matter.
                if depth <= 4 && searched >= (3 + depth * depth * 2) as usize {
                    continue;
                }
                // Futility: a quiet move cannot lift a hopeless eval.
                if depth <= 2 && eval + 120 * depth + 60 <= alpha {
                    continue;
                }
            }

            let updated =
                pos.update_zobrist_hash::<Zobrist64>(Zobrist64(key), m, EnPassantMode::Legal);
            let mut child = pos.clone();
            child.play_unchecked(m);
            let child_key = updated.map_or_else(|| key_of(&child), |z| z.0);
            let gives_check = child.is_check();
            self.keys.push(child_key);
            let score = if searched == 0 {
                -self.negamax(&child, child_key, depth - 1, -beta, -alpha, ply + 1, true)
            } else {
                let mut r = 0;
                if depth >= 3
                    && searched >= if pv_node { 4 } else { 2 }
                    && quiet
                    && !in_check
                    && !gives_check
                {
                    r = i32::from(self.lmr[(depth as usize).min(63)][searched.min(63)]);
                    if pv_node {
                        r -= 1;
                    }
                    if killers[0] == Some(m) || killers[1] == Some(m) {
                        r -= 1;
                    }
                    r = r.clamp(0, depth - 2);
                }
                let mut s = -self.negamax(
                    &child,
                    child_key,
                    depth - 1 - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    true,
                );
                if s > alpha && r > 0 {
                    s = -self.negamax(
                        &child,
                        child_key,
                        depth - 1,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        true,
                    );
                }
                if s > alpha && (s < beta || (root && self.score_all_roots)) {
                    s = -self.negamax(&child, child_key, depth - 1, -beta, -alpha, ply + 1, true);
                }
                s
            };
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            searched += 1;
            if root && self.score_all_roots && self.root_count < MAX_MOVES {
                self.root_scores[self.root_count] = (pack(m), score);
                self.root_count += 1;
            }
            if quiet && quiet_count < quiets_tried.len() {
                quiets_tried[quiet_count] = Some(m);
                quiet_count += 1;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    if root {
                        self.root_best = Some(m);
                    }
                    // When every root move needs an exact score, the root
                    // keeps a full window.
                    if !(root && self.score_all_roots) {
                        alpha = score;
                    }
                    if score >= beta {
                        if quiet {
                            if killers[0] != Some(m) {
                                self.killers[ply] = [Some(m), killers[0]];
                            }
                            let bonus = depth * depth;
                            for q in quiets_tried[..quiet_count].iter().flatten() {
                                let h = &mut self.history[hist_index(turn, q.role())]
                                    [usize::from(q.to())];
                                let delta = if *q == m { bonus } else { -bonus };
                                *h =
                                    (*h + delta - *h * delta.abs() / 16_384).clamp(-16_000, 16_000);
                            }
                        }
                        break;
                    }
                }
            }
        }
        if root && self.score_all_roots {
            alpha = best.max(original_alpha);
        }

        let bound = if best >= beta {
            LOWER
        } else if best > original_alpha || (root && alpha > original_alpha) {
            EXACT
        } else {
            UPPER
        };
        let old = self.tt[slot];
        if old.key != key || depth + 2 >= i32::from(old.depth) || bound == EXACT {
            self.tt[slot] = Entry {
                key,
                mv: best_move.map_or(tt_move, pack),
                score: to_tt(best, ply) as i16,
                depth: depth.clamp(0, 127) as i8,
                bound,
            };
        }
        best
    }

    fn qsearch(&mut self, pos: &Chess, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        self.check_limits();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = pos.is_check();
        if ply >= MAX_PLY - 1 {
            return self.static_eval(pos);
        }
        let stand = if in_check {
            -INF
        } else {
            self.static_eval(pos)
        };
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves = pos.legal_moves();
        if in_check && moves.is_empty() {
            return -MATE + ply as i32;
        }
        if !in_check {
            moves.retain(|m| m.is_capture() || m.promotion() == Some(Role::Queen));
        }
        let mut order = [0i32; MAX_MOVES];
        for (i, m) in moves.iter().enumerate() {
            order[i] = if m.is_capture() { mvv_lva(*m) } else { 0 };
        }
        let mut best = stand;
        let n = moves.len();
        for i in 0..n {
            let m = pick_next(&mut moves, &mut order, i);
            if !in_check && !m.is_promotion() {
                let victim = match m {
                    Move::EnPassant { .. } => Role::Pawn,
                    _ => m.capture().unwrap_or(Role::Pawn),
                };
                // Delta pruning: even winning the piece would not reach
                // alpha.
                if stand + see_value(victim) + 180 <= alpha {
                    continue;
                }
                // A capture that loses material cannot help here.
                if !see_ge(pos, m, 0) {
                    continue;
                }
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

fn hist_index(color: Color, role: Role) -> usize {
    color as usize * 6 + role as usize - 1
}

fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// What the GUI, the pipe and the operating system take per move besides
/// the search: a session charges the engine from the moment the person's
/// move was handled until the reply is, a GUI from `go` to `bestmove`.
const OVERHEAD: Duration = Duration::from_millis(15);

/// Soft (do not start another iteration) and hard (stop now) time limits.
///
/// On a clock the hard limit is at most a third of what is left once the
/// overhead is set aside: an iteration cut short costs a little strength,
/// a fallen flag the game. With almost nothing left both limits are zero,
/// and the search plays the first iteration's move (or any legal move)
/// at its first look at the time.
fn time_budget(limits: &Limits) -> (Option<Duration>, Option<Duration>) {
    if let Some(t) = limits.movetime {
        let hard = t.saturating_sub(OVERHEAD).max(Duration::from_millis(1));
        return (Some(hard), Some(hard));
    }
    if let Some(c) = limits.clock {
        let left = c.remaining.saturating_sub(OVERHEAD);
        let moves = c.moves_to_go.unwrap_or(30).clamp(1, 50);
        // The increment comes only after the move, so it counts for less
        // than time already on the clock.
        let share = left / moves + c.increment * 3 / 4;
        let hard = (share * 3).min(left / 3);
        let soft = (share * 6 / 10).min(hard);
        return (Some(soft), Some(hard));
    }
    (None, None)
}

/// One selection-sort step: brings the best-ordered of the moves from
/// `i` on to place `i` and returns it. Moves are searched in this order,
/// and a cutoff usually comes early, so sorting the whole list would be
/// wasted work.
#[inline]
fn pick_next(moves: &mut [Move], order: &mut [i32], i: usize) -> Move {
    let mut best = i;
    for j in i + 1..moves.len() {
        if order[j] > order[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    order.swap(i, best);
    moves[i]
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

    fn best(fen: &str, depth: u32) -> (String, Score) {
        let p = pos(fen);
        let mut s = Searcher::new(4);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let r = s.search(&p, &[], &limits, &mut |_| {});
        let mv = r.best.map(|m| m.to_uci(CastlingMode::Standard).to_string());
        (mv.unwrap_or_default(), r.score)
    }

    #[test]
    fn finds_a_mate_in_two() {
        // 1. Rd8+ Rxd8 2. Rxd8#.
        let (mv, score) = best("r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1", 5);
        assert_eq!(score, Score::Mate(2), "{mv}");
        assert_eq!(mv, "d2d8");
    }

    #[test]
    fn sees_being_mated() {
        // Black to move is mated at once whatever it does.
        let (_, score) = best("6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", 4);
        assert!(
            matches!(score, Score::Cp(_)),
            "nothing forced yet: {score:?}"
        );
        let (_, score) = best("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", 2);
        assert_eq!(score, Score::Mate(0));
    }

    #[test]
    fn wins_a_hanging_queen() {
        let (mv, score) = best("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 4);
        assert_eq!(mv, "d2d5");
        assert!(matches!(score, Score::Cp(cp) if cp > 300), "{score:?}");
    }

    #[test]
    fn stalemate_and_mate_without_moves() {
        let mut s = Searcher::new(1);
        let stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        let r = s.search(&stalemate, &[], &Limits::default(), &mut |_| {});
        assert_eq!((r.best, r.score), (None, Score::Cp(0)));
    }

    #[test]
    fn a_repetition_is_seen_within_the_reversible_moves() {
        let mut s = Searcher::new(1);
        s.keys = vec![1, 2, 3, 4, 1];
        assert!(s.is_repetition(4));
        // A capture or pawn move three plies ago makes it another position.
        assert!(!s.is_repetition(3));
        s.keys = vec![1, 2, 1];
        assert!(
            !s.is_repetition(8),
            "two plies back is the other side to move"
        );
    }

    #[test]
    fn incremental_keys_match_fresh_ones() {
        // Random walks through positions with castling, en passant and
        // promotions at hand.
        let starts = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/2P5/8/8/8/8/4kp2/K7 w - - 0 1",
        ];
        let mut rng = 0x1234_5678_u64;
        for fen in starts {
            let mut p = pos(fen);
            for _ in 0..120 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let m = moves[(rng % moves.len() as u64) as usize];
                let key = key_of(&p);
                let updated =
                    p.update_zobrist_hash::<Zobrist64>(Zobrist64(key), m, EnPassantMode::Legal);
                p.play_unchecked(m);
                if let Some(z) = updated {
                    assert_eq!(z.0, key_of(&p), "{fen} after {m}");
                }
            }
        }
    }

    #[test]
    fn exchanges_are_judged_by_who_recaptures() {
        let see = |fen: &str, uci: &str, t: i32| {
            let p = pos(fen);
            let m = uci
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(&p)
                .unwrap();
            see_ge(&p, m, t)
        };
        // Rook takes an undefended pawn: wins a pawn.
        assert!(see(
            "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1",
            "e1e5",
            100
        ));
        // Queen takes a pawn defended by a pawn: loses the queen.
        assert!(!see("4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1", "e1e5", 0));
        // Knight takes a pawn defended by a bishop, backed by a rook on
        // the file behind: still loses the knight for a pawn.
        assert!(!see(
            "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
            "d3e5",
            0
        ));
        // Pawn takes a knight: always good.
        assert!(see("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 200));
    }

    #[test]
    fn node_limit_is_kept_closely() {
        let mut s = Searcher::new(1);
        let limits = Limits {
            nodes: Some(5_000),
            ..Limits::default()
        };
        let r = s.search(&Chess::default(), &[], &limits, &mut |_| {});
        assert!(r.nodes <= 5_001, "{}", r.nodes);
        assert!(r.best.is_some());
    }

    fn budget(
        remaining_ms: u64,
        increment_ms: u64,
        moves_to_go: Option<u32>,
    ) -> (Duration, Duration) {
        let limits = Limits {
            clock: Some(Clock {
                remaining: Duration::from_millis(remaining_ms),
                increment: Duration::from_millis(increment_ms),
                moves_to_go,
            }),
            ..Limits::default()
        };
        let (soft, hard) = time_budget(&limits);
        (soft.expect("a soft limit"), hard.expect("a hard limit"))
    }

    #[test]
    fn the_clock_budget_keeps_a_margin_however_short_the_time() {
        let ms = Duration::from_millis;
        for (remaining, increment) in [
            (15_000, 100),
            (3_000, 100),
            (1_000, 100),
            (300, 100),
            (100, 100),
            (40, 2_000),
            (16, 0),
        ] {
            let (soft, hard) = budget(remaining, increment, None);
            let usable = ms(remaining).saturating_sub(OVERHEAD);
            assert!(soft <= hard, "{remaining}+{increment}: {soft:?} > {hard:?}");
            assert!(
                hard <= usable / 3,
                "{remaining}+{increment}: {hard:?} of {usable:?}"
            );
        }
        // 15 s + 0.1 s: about half a second a move, far from the flag.
        let (soft, hard) = budget(15_000, 100, None);
        assert!(soft >= ms(250) && hard >= ms(1_000), "{soft:?} {hard:?}");
        // Shorter on the clock, faster on the board.
        assert!(budget(300, 100, None).1 < budget(1_000, 100, None).1);
        assert!(budget(1_000, 100, None).1 < hard);
        // Nothing left beyond the overhead: move at the first look.
        assert_eq!(budget(10, 100, None), (Duration::ZERO, Duration::ZERO));
        assert_eq!(budget(0, 0, None), (Duration::ZERO, Duration::ZERO));
    }

    #[test]
    fn moves_to_go_share_the_time_until_the_control() {
        let ms = Duration::from_millis;
        let sudden = budget(60_000, 0, None);
        let ten = budget(60_000, 0, Some(10));
        let last = budget(60_000, 0, Some(1));
        assert!(ten.0 > sudden.0 && ten.1 > sudden.1, "{ten:?} {sudden:?}");
        // The last move before the control may take more, never all.
        assert_eq!(last.1, (ms(60_000) - OVERHEAD) / 3);
        assert!(last.0 >= ten.0);
        // Many moves to go count like a game without a control.
        assert_eq!(budget(60_000, 0, Some(200)), budget(60_000, 0, Some(50)));
    }

    #[test]
    fn a_deep_search_stops_before_the_flag() {
        // A depth far beyond reach in 300 ms: the clock's hard limit
        // stops it, and the flag (300 ms) has not fallen.
        let p = pos("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8");
        let mut s = Searcher::new(4);
        let remaining = Duration::from_millis(300);
        let limits = Limits {
            depth: Some(60),
            clock: Some(Clock {
                remaining,
                increment: Duration::ZERO,
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let start = Instant::now();
        let r = s.search(&p, &[], &limits, &mut |_| {});
        let took = start.elapsed();
        assert!(r.best.is_some_and(|m| p.is_legal(m)));
        assert!(r.depth < 60, "depth {}", r.depth);
        assert!(took < remaining, "{took:?}");
        // With nothing left, still a legal move.
        let limits = Limits {
            depth: Some(60),
            clock: Some(Clock {
                remaining: Duration::ZERO,
                increment: Duration::ZERO,
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let r = s.search(&p, &[], &limits, &mut |_| {});
        assert!(r.best.is_some_and(|m| p.is_legal(m)));
    }

    #[test]
    fn the_same_seed_gives_the_same_weak_move() {
        let p = pos("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let weak = Some(Weakness {
            noise: 100,
            second_best_permille: 500,
            second_best_margin: 300,
        });
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let play = |seed| {
            let mut s = Searcher::new(1);
            s.set_weakness(weak, seed);
            s.search(&p, &[], &limits, &mut |_| {}).best
        };
        for seed in 0..8 {
            assert_eq!(play(seed), play(seed));
        }
        let moves: std::collections::HashSet<_> = (0..16).map(play).collect();
        assert!(moves.len() > 1, "the seed changes nothing: {moves:?}");
    }
}
