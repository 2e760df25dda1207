//! The dual family: the player's own board, the repetition of moves in
//! confirm mode, and scoresheets compared with the game.

use shakmaty::{Color, Piece, Square};

use crate::dual::compare::Difference;
use crate::dual::dictation::DictationProblem;
use crate::dual::scoresheet::SheetStopKind;
use crate::rules::MoveFacts;

/// The player's own board, the repetition of moves, and scoresheets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DualEvent {
    /// The player's board was set as a whole (start, empty, FEN, game).
    BoardSet,
    /// The player's board was forgotten: no square is stated.
    BoardCleared,
    /// `myboard fen` with text that is no FEN.
    BadFen(String),
    /// A dictation was taken: how many squares it stated, whether the
    /// rest was said to be empty, and what could not be read.
    Stated {
        /// Squares stated.
        squares: usize,
        /// "The rest is empty" was said.
        rest_empty: bool,
        /// What could not be read; the rest still counts.
        problems: Vec<DictationProblem>,
    },
    /// After the pieces of `myboard`: squares stated empty, squares not
    /// stated.
    BoardCounts {
        /// Squares said to be empty.
        empty: usize,
        /// Squares the player has not stated.
        unstated: u32,
    },
    /// The player's board compared with the game's.
    Compared(Box<Compared>),
    /// A line of a dictated scoresheet was taken: its moves, read back.
    SheetNoted(Vec<MoveFacts>),
    /// A line of a dictated scoresheet was not taken: where and why.
    SheetNotNoted(SheetStopAt),
    /// Scoresheets compared with the game record.
    Sheet(Box<SheetReport>),
    /// The game was taken back to after this move (`None`: the start),
    /// the clocks with it.
    Restored {
        /// The move number, or `None` at the start position.
        number: Option<u32>,
        /// Whose move it was (at the start: who is to move).
        color: Color,
        /// The game is timed: the clocks went back too.
        clocks: bool,
    },
    /// The records agree to the end: nothing to take back.
    NothingToRestore,
    /// `restore` was answered no: the game stays as it is.
    RestoreKept,
    /// The repetition of the opponent's move was right.
    Confirmed,
    /// The repetition named another move: the one that was played.
    Corrected(MoveFacts),
    /// The player's own move came before the opponent's was repeated: it
    /// is not taken; the move to repeat.
    RepeatFirst(MoveFacts),
    /// For `status`: the opponent's move is still to be repeated.
    RepeatOwed(MoveFacts),
    /// `confirm own`: the move was not played.
    OwnDropped,
}

/// The player's board against the game's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compared {
    /// The moves that explain the differences, when some do.
    pub explanation: Option<Explained>,
    /// Every stated square that differs; none when the boards agree.
    pub differences: Vec<Difference>,
}

/// Differences explained by moves, each move ready to be said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explained {
    /// These last moves of the game are not made on the player's board.
    NotMade(Vec<MoveFacts>),
    /// The player's board has `made` where the game played `played`.
    WrongMove {
        /// The move on the player's board.
        made: MoveFacts,
        /// The move of the game.
        played: MoveFacts,
    },
    /// After `capture` the taken piece still stands on the player's board.
    CaptureNotRemoved {
        /// The capture.
        capture: MoveFacts,
        /// Where the taken piece still stands.
        square: Square,
        /// The taken piece.
        piece: Piece,
    },
    /// The player's board has a move the game does not have.
    ExtraMove(MoveFacts),
}

/// Scoresheets compared with the game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetReport {
    /// Half-moves read from each sheet.
    pub read: Vec<usize>,
    /// Where each sheet could not be read further, if it could not.
    pub stops: Vec<Option<SheetStopAt>>,
    /// The first difference of the records, if any.
    pub first: Option<SheetDifference>,
    /// Half-moves on which all records agree.
    pub agreed: usize,
    /// Half-moves of the game.
    pub game: usize,
    /// For each sheet, how many of the game's last half-moves it does not
    /// have yet while agreeing before them (0 when it is not behind).
    pub behind: Vec<usize>,
}

/// Where a scoresheet could not be read further.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetStopAt {
    /// The move number.
    pub number: u32,
    /// Whose move.
    pub color: Color,
    /// The move as written.
    pub text: String,
    /// Why.
    pub kind: SheetStopKind,
}

/// The first move on which the records differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetDifference {
    /// The move number.
    pub number: u32,
    /// Whose move.
    pub color: Color,
    /// The game's move there, if the game has one.
    pub game: Option<MoveFacts>,
    /// Each sheet's move there, if it has one.
    pub sheets: Vec<Option<MoveFacts>>,
}
