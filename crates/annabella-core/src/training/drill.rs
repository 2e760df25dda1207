//! A drill in progress: a seeded series of questions that adapts to the
//! statistics, with what to show before the questions that need it.

use std::time::Duration;

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Piece, Position, Rank,
    Role, Setup, Square, attacks,
};

use super::DrillKind;
use super::answer::{Judged, judge};
use super::question::Question;
use super::stats::{Stats, Weights};
use crate::rng::Rng;

/// What the player hears before questions about a board.
#[derive(Clone, Debug)]
pub enum Presentation {
    /// A position to keep in mind, read out once as a piece list.
    Position(Chess),
    /// Moves to follow, read out from a start.
    Moves {
        /// Where the moves start.
        start: Start,
        /// The moves, 2 to 6, in SAN with check marks.
        moves: Vec<SanPlus>,
    },
}

/// The start of moves to follow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The standard starting position.
    Standard,
    /// Another position, read out first.
    Fen(Fen),
}

/// What a drill does next.
#[derive(Clone, Debug)]
pub enum Step {
    /// Show or read out something the next questions are about.
    Show(Presentation),
    /// Ask a question (again, while it is not answered readably).
    Ask(Question),
    /// The drill is over.
    Done(Summary),
}

/// The result of a drill.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Which drill.
    pub kind: DrillKind,
    /// Questions answered right.
    pub right: u32,
    /// Questions answered.
    pub total: u32,
    /// The mean time to a readable answer.
    pub mean: Duration,
}

/// A drill in progress.
#[derive(Clone, Debug)]
pub struct Drill {
    kind: DrillKind,
    count: usize,
    rng: Rng,
    weights: Weights,
    position: Chess,
    /// The squares the moves to follow touched: questions go there.
    touched: Bitboard,
    /// Of which round of questions the presentation was made.
    shown_round: Option<usize>,
    current: Option<Question>,
    right: u32,
    total: u32,
    time: Duration,
}

/// The pieces whose reach is asked: a pawn's depends on its colour.
const REACH_ROLES: [Role; 5] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];

impl Drill {
    /// A drill of `count` questions; the same seed and statistics give
    /// the same questions. Squares missed in `stats` come back more often.
    pub fn new(kind: DrillKind, count: usize, seed: u64, stats: &Stats) -> Drill {
        Drill {
            kind,
            count,
            rng: Rng::new(seed),
            weights: Weights::from_stats(stats, kind),
            position: Chess::default(),
            touched: Bitboard::EMPTY,
            shown_round: None,
            current: None,
            right: 0,
            total: 0,
            time: Duration::ZERO,
        }
    }

    /// Which drill this is.
    pub fn kind(&self) -> DrillKind {
        self.kind
    }

    /// How many questions the drill asks.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The board the questions are about: the position shown (memory)
    /// or reached by the moves (follow); the drills on an empty board
    /// do not look at it.
    pub fn position(&self) -> &Chess {
        &self.position
    }

    /// The question asked and not yet answered readably.
    pub fn question(&self) -> Option<&Question> {
        self.current.as_ref()
    }

    /// What to show or ask next. A question not yet answered readably
    /// is asked again.
    pub fn step(&mut self) -> Step {
        if let Some(question) = self.current {
            return Step::Ask(question);
        }
        if self.total as usize >= self.count {
            return Step::Done(self.summary());
        }
        if let Some(per_show) = self.questions_per_show() {
            let round = self.total as usize / per_show;
            if self.shown_round != Some(round) {
                self.shown_round = Some(round);
                return Step::Show(self.present());
            }
        }
        let question = self.make_question();
        self.current = Some(question);
        Step::Ask(question)
    }

    /// Judges `text` as the answer to the current question, typed
    /// `elapsed` after it was asked; `None` when nothing is asked. An
    /// unreadable answer leaves the question open.
    pub fn answer(&mut self, text: &str, elapsed: Duration) -> Option<Judged> {
        let question = self.current?;
        let judged = judge(&question, &self.position, text);
        if judged.understood {
            self.current = None;
            self.total = self.total.saturating_add(1);
            self.right = self.right.saturating_add(u32::from(judged.right));
            self.time = self.time.saturating_add(elapsed);
            for square in question.squares() {
                self.weights.note(square, judged.right);
            }
        }
        Some(judged)
    }

    /// [`answer`](Drill::answer), counting a readable answer in `stats`.
    pub fn answer_and_record(
        &mut self,
        text: &str,
        elapsed: Duration,
        stats: &mut Stats,
    ) -> Option<Judged> {
        let question = self.current?;
        let judged = self.answer(text, elapsed)?;
        if judged.understood {
            stats.record(self.kind, &question, judged.right, elapsed);
        }
        Some(judged)
    }

    /// The score so far (the final one once [`Step::Done`]).
    pub fn summary(&self) -> Summary {
        let mean = match self.total {
            0 => Duration::ZERO,
            n => self.time / n,
        };
        Summary {
            kind: self.kind,
            right: self.right,
            total: self.total,
            mean,
        }
    }

    /// How many questions follow one presentation: a position is worth
    /// several questions, a short line of moves two.
    fn questions_per_show(&self) -> Option<usize> {
        match self.kind {
            DrillKind::Memory => Some(3),
            DrillKind::Follow => Some(2),
            _ => None,
        }
    }

    fn present(&mut self) -> Presentation {
        match self.kind {
            DrillKind::Follow => {
                let (start, moves) = self.moves_to_follow();
                Presentation::Moves { start, moves }
            }
            _ => {
                self.position = sparse_position(&mut self.rng, &self.weights);
                Presentation::Position(self.position.clone())
            }
        }
    }

    /// A start (the standard one, or a third of the time a position a
    /// few random moves into a game) and 2 to 6 random moves from it,
    /// played on the drill's board. A start from which two moves cannot
    /// be played (a game already over) gives way to the standard one,
    /// where they always can.
    fn moves_to_follow(&mut self) -> (Start, Vec<SanPlus>) {
        let plies = 2 + self.rng.below(5);
        if self.rng.below(3) == 0 {
            let mut start = Chess::default();
            let before = 4 + self.rng.below(7);
            random_moves(&mut start, before, &mut self.rng);
            let mut position = start.clone();
            let (moves, touched) = random_moves(&mut position, plies, &mut self.rng);
            if moves.len() >= 2 {
                self.position = position;
                self.touched = touched;
                let fen = Fen::from_position(&start, EnPassantMode::Legal);
                return (Start::Fen(fen), moves);
            }
        }
        self.position = Chess::default();
        let (moves, touched) = random_moves(&mut self.position, plies, &mut self.rng);
        self.touched = touched;
        (Start::Standard, moves)
    }

    fn make_question(&mut self) -> Question {
        let rng = &mut self.rng;
        let weights = &self.weights;
        match self.kind {
            DrillKind::Colors => Question::SquareColor {
                square: weights.draw(rng),
            },
            DrillKind::Diagonal => {
                let a = weights.draw(rng);
                let diagonal = attacks::bishop_attacks(a, Bitboard::EMPTY);
                // Half the pairs share a diagonal, or "no" would nearly
                // always be right.
                let among = if rng.below(2) == 0 {
                    diagonal
                } else {
                    !diagonal & !Bitboard::from_square(a)
                };
                let b = weights.draw_in(among, rng).unwrap_or(a);
                Question::SameDiagonal { a, b }
            }
            DrillKind::Knight => {
                let from = weights.draw(rng);
                let to = weights
                    .draw_in(!Bitboard::from_square(from), rng)
                    .unwrap_or(from);
                Question::KnightDistance { from, to }
            }
            DrillKind::Reach => {
                let role = REACH_ROLES
                    .get(rng.below(REACH_ROLES.len()))
                    .copied()
                    .unwrap_or(Role::Queen);
                let square = weights.draw(rng);
                if rng.below(2) == 0 {
                    Question::ReachCount { role, square }
                } else {
                    Question::ReachSquares { role, square }
                }
            }
            DrillKind::Memory | DrillKind::Follow => self.board_question(),
        }
    }

    /// A question about the board shown or reached: mostly what stands
    /// on a square (one the moves touched, when following; an occupied
    /// one half the time, when memorising), else where a kind stands.
    fn board_question(&mut self) -> Question {
        let board = self.position.board().clone();
        let rng = &mut self.rng;
        let occupied = board.occupied();
        if rng.below(3) == 0 {
            let from = if self.touched.is_empty() || self.kind == DrillKind::Memory {
                occupied
            } else {
                self.touched & occupied
            };
            let square = pick(from, rng).or_else(|| pick(occupied, rng));
            if let Some(piece) = square.and_then(|s| board.piece_at(s)) {
                return Question::WhereIs { piece };
            }
        }
        let among = match self.kind {
            DrillKind::Follow if !self.touched.is_empty() => self.touched,
            _ if rng.below(2) == 0 && !occupied.is_empty() => occupied,
            _ => Bitboard::FULL,
        };
        let square = self.weights.draw_in(among, rng).unwrap_or(Square::E4);
        Question::PieceOn { square }
    }
}

/// A square of `among` chosen evenly.
fn pick(among: Bitboard, rng: &mut Rng) -> Option<Square> {
    among.into_iter().nth(rng.below(among.count()))
}

/// Plays up to `plies` random legal moves: their SAN and the squares
/// they touched.
fn random_moves(position: &mut Chess, plies: usize, rng: &mut Rng) -> (Vec<SanPlus>, Bitboard) {
    let mut moves = Vec::with_capacity(plies);
    let mut touched = Bitboard::EMPTY;
    for _ in 0..plies {
        let legal = position.legal_moves();
        let Some(&chosen) = legal.get(rng.below(legal.len())) else {
            break;
        };
        if let Some(from) = chosen.from() {
            touched.add(from);
        }
        touched.add(chosen.to());
        moves.push(SanPlus::from_move_and_play_unchecked(position, chosen));
    }
    (moves, touched)
}

/// A legal position of two kings and two to five other pieces, placed
/// where the statistics say the player misses most; the start position
/// if no legal one is found (never seen in practice).
fn sparse_position(rng: &mut Rng, weights: &Weights) -> Chess {
    const ROLES: [Role; 5] = [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];
    let back_ranks = Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth);
    for _ in 0..100 {
        let mut board = Board::empty();
        let extra = 2 + rng.below(4);
        for n in 0..extra + 2 {
            let (color, role) = match n {
                0 => (Color::White, Role::King),
                1 => (Color::Black, Role::King),
                _ => (
                    Color::from_white(rng.below(2) == 0),
                    ROLES
                        .get(rng.below(ROLES.len()))
                        .copied()
                        .unwrap_or(Role::Knight),
                ),
            };
            let mut free = !board.occupied();
            if role == Role::Pawn {
                free &= !back_ranks;
            }
            if let Some(square) = weights.draw_in(free, rng) {
                board.set_piece_at(square, Piece { color, role });
            }
        }
        let setup = Setup {
            board,
            ..Setup::empty()
        };
        if let Ok(position) = Chess::from_setup(setup, CastlingMode::Standard) {
            return position;
        }
    }
    Chess::default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(kind: DrillKind, seed: u64) -> Vec<String> {
        let mut drill = Drill::new(kind, 5, seed, &Stats::default());
        let mut seen = Vec::new();
        for _ in 0..40 {
            match drill.step() {
                Step::Show(p) => seen.push(format!("{p:?}")),
                Step::Ask(q) => {
                    seen.push(format!("{q:?}"));
                    drill.answer("e4", Duration::from_secs(1));
                    drill.answer("7", Duration::from_secs(1));
                    drill.answer("ja", Duration::from_secs(1));
                    drill.answer("hell", Duration::from_secs(1));
                    drill.answer("nothing", Duration::from_secs(1));
                }
                Step::Done(_) => break,
            }
        }
        seen
    }

    #[test]
    fn a_seed_replays() {
        for kind in DrillKind::ALL {
            assert_eq!(run(kind, 9), run(kind, 9), "{kind:?}");
            assert_ne!(run(kind, 9), run(kind, 10), "{kind:?}");
        }
    }

    #[test]
    fn sparse_positions_are_sparse() {
        let weights = Weights::from_stats(&Stats::default(), DrillKind::Memory);
        let mut rng = Rng::new(5);
        for _ in 0..50 {
            let position = sparse_position(&mut rng, &weights);
            let count = position.board().occupied().count();
            assert!((4..=7).contains(&count), "{count}");
        }
    }

    #[test]
    fn nothing_is_asked_before_next() {
        let mut drill = Drill::new(DrillKind::Colors, 1, 1, &Stats::default());
        assert_eq!(drill.answer("light", Duration::ZERO), None);
        assert!(matches!(drill.step(), Step::Ask(_)));
        assert!(
            drill
                .answer("rubbish", Duration::ZERO)
                .is_some_and(|j| !j.understood)
        );
        assert!(matches!(drill.step(), Step::Ask(_)));
    }
}
