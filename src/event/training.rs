//! The training family: blindfold play with its peeks, questions during
//! the game, and drills.

/// Blindfold play, questions and drills.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrainingEvent {
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
