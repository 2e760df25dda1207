//! The review family: the opening by name, a game's review under way,
//! what it found, and walking through its turning points.

use shakmaty::{ByColor, Color};

use crate::rules::{Eval, Judgement, MoveFacts, Opening};

/// What the review of a game says and answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewEvent {
    /// The game has left the last position with a name (said once a
    /// game), or `opening` asked for it.
    Opening(Opening),
    /// `opening` in a game whose positions have no name (a set-up start,
    /// Chess960, or a first move the data set does not name).
    NoOpening,
    /// A review began: this many positions, on this engine.
    Started {
        /// The positions to evaluate (moves + 1, less those known).
        positions: usize,
        /// The external engine's program, or `None` for the built-in one.
        engine: Option<String>,
    },
    /// How far the review has come, in percent.
    Progress(u32),
    /// `stop`: the review ended early, with this many positions of all
    /// evaluated; what it found so far is kept.
    Stopped {
        /// The positions evaluated.
        done: usize,
        /// All positions.
        total: usize,
    },
    /// The external engine failed; the built-in engine goes on.
    EngineFailed,
    /// The review's first answer: the opening, then each side's tally.
    Summary(Summary),
    /// One turning point, as a sentence.
    Turning(TurningPoint),
    /// The better line at the turning point shown.
    Line(Vec<MoveFacts>),
    /// The review found no mistake and no blunder.
    NoTurningPoints,
    /// What was asked cannot be done, and why.
    Refused(ReviewRefusal),
}

/// The review's first answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The game's opening, if its positions have a name.
    pub opening: Option<Opening>,
    /// Each side's inaccuracies, mistakes, blunders and accuracy.
    pub sides: ByColor<SideTally>,
    /// The turning points there are to walk through.
    pub turning_points: usize,
    /// Positions left unevaluated (a review stopped early).
    pub missing: usize,
}

/// One side's part of the summary.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SideTally {
    /// Inaccuracies.
    pub inaccuracies: u32,
    /// Mistakes.
    pub mistakes: u32,
    /// Blunders.
    pub blunders: u32,
    /// Accuracy in whole percent, `None` without a move evaluated.
    pub accuracy: Option<u32>,
}

/// A turning point as it is said: "Move 14, Black: Springer Cesar
/// sechs, a mistake. Better was Läufer David sieben. White's winning
/// chances rose from 55 to 80 percent."
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurningPoint {
    /// Which turning point, from 1.
    pub index: usize,
    /// Of how many.
    pub count: usize,
    /// The move played.
    pub played: MoveFacts,
    /// How bad it was.
    pub judgement: Judgement,
    /// The better move, if the engine named one.
    pub better: Option<MoveFacts>,
    /// The side whose chances the sentence states: the mover's
    /// opponent, whose chances rose.
    pub side: Color,
    /// That side's winning chances before the move, in whole percent.
    pub before: u32,
    /// And after it.
    pub after: u32,
    /// How the position stands after the move, from White's side.
    pub eval: Eval,
}

/// What `review` and its walking are refused for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewRefusal {
    /// The game has no move to review.
    NoMoves,
    /// The game is still being played.
    GameRunning,
    /// A review is already under way.
    Busy,
    /// `review next` and the like before a review was made.
    NotReviewed,
    /// `review N` past the turning points there are.
    NoSuchPoint {
        /// The number asked for.
        asked: u32,
        /// The turning points there are.
        count: usize,
    },
    /// `review next` at the last turning point.
    AtLast,
    /// `review back` at the first.
    AtFirst,
    /// `review line` with no turning point shown.
    NoPointShown,
    /// `stop` with nothing under way.
    NothingToStop,
    /// `review` on lichess, or of a game that cannot be shown.
    NotHere,
}
