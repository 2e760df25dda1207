//! Events: what the session tells its outputs. Text, speech and sound
//! each subscribe; none of them is known to the session.

use shakmaty::{ByRole, Color, Piece, Role, Square};

use crate::input::Refusal;
use crate::rules::{ClaimRefusal, Finished, MoveFacts};
use crate::settings::Setting;
use crate::view::{BoardView, Line};

/// A suggestion for input that was not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Suggestion {
    /// A command word.
    Command(String),
    /// A legal move.
    Move(MoveFacts),
}

/// What the game is doing now, for `status`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StatusInfo {
    /// Side to move.
    pub turn: Color,
    /// Move number.
    pub number: u32,
    /// Side to move is in check.
    pub check: bool,
    /// The result, if the game is over.
    pub result: Option<Finished>,
}

/// Which question the session has asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// Which piece of several: their origin squares.
    Which {
        /// The piece named, if all candidates share it.
        role: Option<Role>,
        /// The origin squares to choose from.
        squares: Vec<Square>,
    },
    /// Which piece a pawn becomes.
    Promotion {
        /// The promotion square.
        to: Square,
    },
}

/// What went wrong with a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// `set` with an unknown key.
    UnknownSetting(String),
    /// A setting value out of range: key and the allowed values.
    BadValue {
        /// The key.
        key: String,
        /// What was given.
        value: String,
        /// What is allowed.
        allowed: Vec<String>,
    },
    /// `set` needs a key and a value.
    SetUsage,
    /// `new 960` with a number outside 0–959.
    Chess960Number(String),
    /// No help for that word.
    UnknownHelpTopic(String),
    /// A command was given an argument it does not take or did not
    /// understand; the command word id is given for the help text.
    BadArgument {
        /// The command id.
        command: &'static str,
        /// The argument.
        argument: String,
    },
}

/// Something the session reports to its outputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move was played.
    Moved(MoveFacts),
    /// The game ended.
    GameOver(Finished),
    /// A move was refused.
    Refused(Refusal),
    /// A misheard word was corrected: the line as understood.
    Understood(String),
    /// The line was neither a command nor a move.
    NotUnderstood {
        /// What was typed.
        input: String,
        /// The closest command or move, if any is close.
        suggestion: Option<Suggestion>,
    },
    /// A question the next line may answer.
    Ask(Question),
    /// The answer did not fit the question; the question stands.
    AnswerNotFitting(Question),
    /// `status`.
    Status(StatusInfo),
    /// `fen`.
    Fen(String),
    /// `pgn`.
    Pgn(String),
    /// `board`.
    Board(BoardView),
    /// What stands on a square (`e4?`).
    SquareContent {
        /// The square.
        square: Square,
        /// What stands there.
        piece: Option<Piece>,
    },
    /// `rank`, `file` or `diagonal`: one or two lines of squares.
    Lines(Vec<Line>),
    /// `where`: the squares of one kind of piece, per colour.
    Where {
        /// The kind of piece asked for.
        role: Role,
        /// Per colour asked for, its squares (maybe none).
        found: Vec<(Color, Vec<Square>)>,
    },
    /// `attackers`: who attacks and defends a square.
    Attackers {
        /// The square.
        square: Square,
        /// What stands on it.
        piece: Option<Piece>,
        /// Per colour, the pieces that attack the square, cheapest first.
        sides: [(Color, Vec<(Role, Square)>); 2],
    },
    /// `moves`: legal moves, of one piece or of the side to move.
    Moves {
        /// The side to move.
        turn: Color,
        /// The square asked about, if any, and what stands there.
        from: Option<(Square, Option<Piece>)>,
        /// The moves, in the order the player reads the board.
        moves: Vec<MoveFacts>,
    },
    /// `material`: each side's pieces by kind.
    Material([(Color, ByRole<u8>); 2]),
    /// `last`: the last move, or none yet.
    Last(Option<MoveFacts>),
    /// `history`: all moves.
    History(Vec<MoveFacts>),
    /// `undo` took this move back.
    Undone(MoveFacts),
    /// `undo` reopened a game that ended without a move.
    Reopened,
    /// `undo` with nothing to take back.
    NothingToUndo,
    /// A draw was offered by this side.
    DrawOffered(Color),
    /// This side's offer was declined.
    DrawDeclined(Color),
    /// `accept` or `decline` with no offer standing.
    NoDrawOffer,
    /// A draw claim was wrong; play goes on.
    ClaimRefused(ClaimRefusal),
    /// A new game started.
    NewGame {
        /// The Chess960 start number, if any.
        chess960: Option<u32>,
    },
    /// A setting changed.
    SettingChanged(Setting),
    /// `settings`: every setting.
    Settings(Vec<Setting>),
    /// `help` or `help <command>`.
    Help(Option<&'static str>),
    /// A command could not be carried out.
    CommandFailed(CommandError),
    /// The session ends.
    Quit,
    /// `repeat`: the events of the last answer, once more.
    Repeated(Vec<Event>),
    /// `repeat` before anything was said.
    NothingToRepeat,
    /// The external engine failed; the built-in engine plays on.
    EngineFailed(crate::engine::client::Failure),
    /// A move was typed while the engine thinks.
    EngineThinking,
    /// `hint`: the move the engine would play.
    Hint(MoveFacts),
    /// `eval`: how the position stands.
    Evaluation(Evaluation),
    /// The opponent changed (`set opponent`, `set level`, `set color`).
    OpponentChanged(OpponentInfo),
}

/// An evaluation, from White's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// Centipawns for White (positive: White is better).
    pub centipawns: i32,
    /// Mate in this many moves: positive when White mates.
    pub mate: Option<i32>,
    /// The expected continuation.
    pub line: Vec<MoveFacts>,
}

/// The opponent as an announcement states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpponentInfo {
    /// `human`, `engine` or `external`.
    pub kind: &'static str,
    /// The built-in level.
    pub level: u8,
    /// Its measured Elo.
    pub elo: u32,
    /// The side the person plays.
    pub human: Color,
}
