//! The training family: blindfold play with its peeks, questions during
//! the game, and drills.

use std::time::Duration;

use shakmaty::{Board, Square};

use crate::rules::MoveFacts;
use crate::training::{DrillKind, Expected, Question, QuestionKind, Summary};

/// Blindfold play, questions and drills.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrainingEvent {
    /// A drill reads out a position once: the questions that follow are
    /// about it.
    ShowPosition(Box<Board>),
    /// A drill reads out moves from a start: the questions that follow
    /// are about where they lead.
    ShowMoves {
        /// The start position, when it is not the standard one.
        start: Option<Box<Board>>,
        /// The moves, each ready to be said.
        moves: Vec<MoveFacts>,
    },
    /// A question of a drill or about the game, with its number.
    Asked {
        /// The question's number in the drill (or among the game's).
        number: u32,
        /// The question.
        question: Question,
    },
    /// An answer judged: right or wrong, and what was right.
    Judged {
        /// The question.
        question: Question,
        /// Whether the answer was right.
        right: bool,
        /// What was right.
        expected: Expected,
    },
    /// An answer that could not be read: the question stands.
    Unreadable(Question),
    /// A drill ended: the score, and the best score so far.
    DrillDone {
        /// The score.
        summary: Summary,
        /// The best score of this drill so far: right, of how many.
        best: Option<(u32, u32)>,
    },
    /// `drill stop`: the score so far.
    DrillStopped(Summary),
    /// `drill stats`: a line per drill played.
    Stats(Vec<StatsLine>),
    /// Blindfold play is on: board reading costs peeks, up to `budget`
    /// when one is set.
    BlindfoldOn {
        /// The peeks allowed, or none for no limit (they are counted).
        budget: Option<u32>,
    },
    /// Blindfold play is off: the peeks used.
    BlindfoldOff {
        /// Peeks used in the game.
        used: u32,
    },
    /// A board-reading command cost peeks: the count now.
    Peeked {
        /// Peeks used in the game so far.
        used: u32,
        /// The peeks allowed, if a limit is set.
        budget: Option<u32>,
    },
    /// The end of a game played blindfold or with questions: the peeks
    /// used and the questions answered right.
    GameScore {
        /// Peeks used, when the game was played blindfold.
        peeks: Option<u32>,
        /// Questions answered right, of those asked.
        quiz: Option<(u32, u32)>,
    },
}

/// What `drill stats` says of one drill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatsLine {
    /// The drill.
    pub kind: DrillKind,
    /// Questions answered.
    pub asked: u32,
    /// Answered right.
    pub right: u32,
    /// The mean time to an answer.
    pub mean: Duration,
    /// The best score: right, of how many.
    pub best: Option<(u32, u32)>,
    /// The squares most often missed, most first.
    pub missed: Vec<Square>,
    /// The kind of question missed most, in a drill of several kinds.
    pub missed_kind: Option<QuestionKind>,
}
