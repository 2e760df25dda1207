//! Events: what the session tells its outputs, grouped in families
//! (game, answer, refusal, prompt, engine, session, clock, record,
//! replay, dual, training, online; voice and the Braille display among
//! the session's), with the values they carry from the store and the
//! engine (`outside`). Text, speech, sound and the Braille display each
//! subscribe; none of them is known to the session.

use std::io;

use shakmaty::{ByRole, Color, Piece, Role, Square};

use crate::input::commands::Command;
use crate::input::{CommandError, Refusal, Suggestion};
use crate::rules::{ClaimRefusal, Finished, MoveFacts};
use crate::settings::{Setting, Settings};

mod clock;
mod display;
mod dual;
mod online;
mod outside;
mod record;
mod review;
mod training;
mod voice;

use crate::view::{BoardView, Line};
pub use clock::{ClockReport, SideTime, Who};
pub use display::{DisplayBoard, DisplayEvent, DisplayFault, DisplayTrouble, View};
pub use dual::{Compared, DualEvent, Explained, SheetDifference, SheetReport, SheetStopAt};
pub use online::{
    ControlLimit, IncomingChallenge, NetTrouble, OnlineEvent, OnlineGameLine, OnlinePlayer,
};
pub use outside::*;
pub use record::{Keeping, RecordEvent, Replacing, ResumeOffer};
pub use review::{ReviewEvent, ReviewRefusal, SideTally, Summary, TurningPoint};
pub use training::{StatsLine, TrainingEvent};
pub use voice::VoiceEvent;

/// What the game is doing now, for `status`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusInfo {
    /// Side to move.
    pub turn: Color,
    /// Move number.
    pub number: u32,
    /// Side to move is in check.
    pub check: bool,
    /// The result, if the game is over.
    pub result: Option<Finished>,
    /// Both clocks, when the game is timed.
    pub clock: Option<ClockReport>,
}

/// Which question the session has asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// Which piece of several: their origin squares.
    Which {
        /// The piece named, if all candidates share it.
        role: Option<Role>,
        /// The pieces to choose from and their origin squares.
        pieces: Vec<(Role, Square)>,
    },
    /// Short or long castling, when the player said only "castle".
    Castling,
    /// Which piece a pawn becomes.
    Promotion {
        /// The promotion square.
        to: Square,
    },
    /// Confirm mode: the player repeats the opponent's move before
    /// playing on (FIDE: moves are announced, repeated and executed).
    Repeat,
    /// `confirm own`: is this the move the player means to play?
    ConfirmOwn(MoveFacts),
    /// A heard move, read back: is this what the player said?
    HeardMove(MoveFacts),
    /// Heard moves too close to tell apart: this one or that one?
    Either(Vec<MoveFacts>),
    /// A heard command that changes something, read back (its word in
    /// the UI language).
    HeardCommand(Command),
    /// A scoresheet being dictated: the next move, or an empty line or
    /// `end` to finish.
    Sheet,
    /// `restore`: take back `count` half-moves, to after move `number`
    /// of `color` (`None`: to the start)?
    Restore {
        /// The half-moves taken back.
        count: usize,
        /// The move number of the last move kept, `None` at the start.
        number: Option<u32>,
        /// Who played it (at the start: who is to move).
        color: shakmaty::Color,
    },
    /// A question of a drill, or about the game.
    Training(crate::training::Question),
    /// A file or a saved game the player named is there: replace it?
    Replace(Replacing),
}

/// Something the session reports to its outputs, by family: each
/// family is worded by its own file of `announce`, and outputs that
/// care about only one family (sound cues, the store) match only it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The game itself changed: a move, its end, an offer.
    Game(GameEvent),
    /// An answer to a reading command: nothing changed.
    Answer(Answer),
    /// A line that could not be carried out, and why.
    Refusal(Refused),
    /// A question the next line may answer.
    Prompt(PromptEvent),
    /// The opponent engine and analysis.
    Engine(EngineEvent),
    /// The session itself: settings, repeat, quit.
    Session(SessionEvent),
    /// The clock: read out, alarms, pause.
    Clock(ClockEvent),
    /// Records: saved and loaded games, the offer to resume one.
    Record(RecordEvent),
    /// Replay: a finished or loaded game shown move by move. The game
    /// itself does not change, so outputs that keep the game (the store)
    /// have nothing to do here.
    Replay(ReplayEvent),
    /// The player's own board, confirm mode and scoresheets.
    Dual(DualEvent),
    /// Blindfold play, questions and drills.
    Training(TrainingEvent),
    /// Online play on lichess.
    Online(OnlineEvent),
    /// The opening by name, and a game's review.
    Review(ReviewEvent),
}

/// Replay of a finished or loaded game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayEvent {
    /// The position after this move is shown (`next`, `goto`, `end`);
    /// said as the move was said when it was played.
    Shown(MoveFacts),
    /// `prev`: this move was taken off the position shown.
    Back(MoveFacts),
    /// The start position is shown.
    AtStart,
    /// The last move is shown: the result, or `None` when the game was
    /// not finished (a loaded game that stops).
    AtEnd(Option<Finished>),
    /// `play`: the position shown goes on as a new game.
    Continued,
    /// Where the replay stands (with `status`): half-moves shown, of all.
    Place {
        /// Half-moves shown.
        shown: usize,
        /// Half-moves of the whole game.
        total: usize,
        /// The game ended in the position shown (mate, stalemate, a
        /// draw by rule), so `play` cannot go on from it.
        ended: bool,
    },
}

/// The moves a replayed game has, for a `goto` that asks for another.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveRange {
    /// The number of its first move.
    pub first: u32,
    /// The number of its last move.
    pub last: u32,
    /// Who made the last move.
    pub last_side: Color,
}

/// The clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClockEvent {
    /// `clock`: the times asked for.
    Report(ClockReport),
    /// An alarm the player chose (setting `timealerts`): this side is
    /// down to this much time.
    Alarm(SideTime),
    /// `pause`: the clock stands.
    Paused,
    /// `resume`: the clock runs again.
    Resumed,
    /// `set time` after moves were played: the control starts with the
    /// next game.
    NextGame,
}

/// The game changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEvent {
    /// A move was played.
    Moved(MoveFacts),
    /// The game ended.
    Over(Finished),
    /// A new game started.
    NewGame {
        /// The Chess960 start number, if any.
        chess960: Option<u32>,
    },
    /// `undo` took this move back.
    Undone(MoveFacts),
    /// `undo` reopened a game that ended without a move.
    Reopened,
    /// A draw was offered by this side.
    DrawOffered(Color),
    /// This side's offer was declined.
    DrawDeclined(Color),
    /// A draw claim was wrong; play goes on.
    ClaimRefused(ClaimRefusal),
}

/// An answer to a command that only reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `status`.
    Status(StatusInfo),
    /// `fen`.
    Fen(String),
    /// `pgn`.
    Pgn(String),
    /// `board`, or `pieces` (a list of one or both sides).
    Board(BoardView),
    /// What stands on a square (`e4?`).
    Square {
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
    /// `settings`: every setting.
    Settings(Vec<Setting>),
    /// `help` or `help <command>`.
    Help(Option<Command>),
}

/// Why a line was not carried out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// A move that cannot be played, with the most specific reason.
    Move(Refusal),
    /// The line was neither a command nor a move.
    NotUnderstood {
        /// What was typed.
        input: String,
        /// The closest command or move, if any is close.
        suggestion: Option<Suggestion>,
    },
    /// A command could not be carried out.
    Command(CommandError),
    /// `undo` with nothing to take back.
    NothingToUndo,
    /// `accept` or `decline` with no offer standing.
    NoDrawOffer,
    /// `repeat` before anything was said.
    NothingToRepeat,
    /// A move was typed while the engine thinks.
    EngineThinking,
    /// The line held only control keys (an arrow key sent through a
    /// pipe); they are not echoed.
    ControlKeys,
    /// `clock`, `pause` or `resume` in a game without a clock.
    Untimed,
    /// `pause` while the clock is paused.
    AlreadyPaused,
    /// `resume` while the clock runs.
    NotPaused,
    /// A move, or a command that plays on, during a replay: `play`
    /// continues from the position shown.
    Replaying,
    /// A replay command while the game is still running.
    NoReplay,
    /// `goto` a move the replayed game does not have.
    NoSuchMove {
        /// The move number asked for.
        number: u32,
        /// The side asked for, if one was named.
        side: Option<Color>,
        /// The moves the game has; `None` when it has none.
        range: Option<MoveRange>,
    },
    /// `compare` before the player has stated any square of their board.
    NothingStated,
    /// `scoresheet` with more than two files.
    TooManySheets,
    /// `restore` alone before any scoresheet was compared.
    NoSheetCompared,
    /// `drill stop` with no drill running.
    NoDrill,
    /// `drill` with a word that names no drill.
    UnknownDrill(String),
    /// A board-reading command in blindfold play with too few peeks left.
    NoPeeksLeft {
        /// What the command costs.
        cost: u32,
        /// Peeks used so far.
        used: u32,
        /// The peeks allowed.
        budget: u32,
    },
    /// `restore N` to a move the game does not have.
    NoSuchMoveToRestore {
        /// The move number asked for.
        number: u32,
        /// The side.
        color: Color,
    },
}

/// A question asked, or an answer that did not fit it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PromptEvent {
    /// A question the next line may answer.
    Ask(Question),
    /// The answer did not fit the question; the question stands.
    NotFitting(Question),
    /// A line that is no answer, no command and no move while a
    /// question is open: not understood, the choice it is a slip away
    /// from, and the question again; the question stands.
    NotAnAnswer {
        /// The line as typed.
        input: String,
        /// The choice the line is one slip away from ("Bela": the knight
        /// on Bella eins).
        nearest: Option<shakmaty::Move>,
        /// The question, asked again.
        question: Question,
    },
}

/// The opponent engine and analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineEvent {
    /// The external engine failed; the built-in engine plays on.
    Failed(Failure),
    /// The external engine has no option of this name
    /// (`--engine-option`): it was not sent, and the engine plays on.
    UnknownOption(String),
    /// `hint`: the move the engine would play.
    Hint(MoveFacts),
    /// `hint` while the engine is to move: a hint then would be its own
    /// move, so none is given until it is the person's turn.
    HintOnEngineTurn,
    /// The person offered the engine a draw; it declines and plays on.
    DrawDeclined,
    /// `eval`: how the position stands.
    Evaluation(Evaluation),
    /// The opponent changed (`set opponent`, `set level`, `set color`,
    /// `new`).
    OpponentChanged(OpponentInfo),
}

/// The session itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionEvent {
    /// A setting changed.
    SettingChanged(Setting),
    /// A misheard word was corrected: the line as understood.
    Understood(String),
    /// `repeat`: the events of the last answer, once more.
    Repeated(Vec<Event>),
    /// The session ends.
    Quit,
    /// Voice input: what was heard, and the microphone's news.
    Voice(VoiceEvent),
    /// The Braille display: its board, its view, picks and news.
    Display(DisplayEvent),
}

/// `x.into()` makes an event of any family, and of the refusals the
/// rooms meet most.
macro_rules! into_event {
    ($($from:ty => |$x:ident| $event:expr;)*) => {$(
        impl From<$from> for Event {
            fn from($x: $from) -> Event {
                $event
            }
        }
    )*};
}

into_event! {
    GameEvent => |e| Event::Game(e);
    Answer => |e| Event::Answer(e);
    Refused => |e| Event::Refusal(e);
    Refusal => |e| Event::Refusal(Refused::Move(e));
    CommandError => |e| Event::Refusal(Refused::Command(e));
    PromptEvent => |e| Event::Prompt(e);
    EngineEvent => |e| Event::Engine(e);
    SessionEvent => |e| Event::Session(e);
    ClockEvent => |e| Event::Clock(e);
    RecordEvent => |e| Event::Record(e);
    ReplayEvent => |e| Event::Replay(e);
    DualEvent => |e| Event::Dual(e);
    TrainingEvent => |e| Event::Training(e);
    OnlineEvent => |e| Event::Online(e);
    ReviewEvent => |e| Event::Review(e);
    ReviewRefusal => |e| Event::Review(ReviewEvent::Refused(e));
}

/// An output of the session: text, speech, sound cues, the Braille
/// display. The store is no output: what is kept leaves the step as
/// [`crate::session::Effect::Store`].
/// Each receives every event and picks what concerns it; none is known
/// to the session.
pub trait Subscriber {
    /// Receives, in order, the events of one input (a line, a tick, an
    /// engine reply) or of several told together.
    fn notify(&mut self, settings: &Settings, events: &[Event]) -> io::Result<()>;

    /// Receives the events of inputs told together, as [`notify`] does,
    /// and where the lines the player entered among those inputs begin:
    /// `entered` holds, in ascending order, the index in `events` of each
    /// line's first event (a line answered with nothing, such as an empty
    /// one, has the index of what follows it, maybe `events.len()`).
    /// Speech silences what a reading still says when a line comes; an
    /// output to which lines are all one takes the events at once.
    ///
    /// [`notify`]: Subscriber::notify
    fn notify_entered(
        &mut self,
        settings: &Settings,
        events: &[Event],
        entered: &[usize],
    ) -> io::Result<()> {
        let _ = entered;
        self.notify(settings, events)
    }
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

/// Who plays the other side, as an announcement states it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OpponentKind {
    /// A person at the same keyboard (hot seat).
    Human,
    /// The built-in engine.
    Builtin,
    /// An external UCI engine, with the built-in one standing by.
    External,
}

/// The opponent as an announcement states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpponentInfo {
    /// Who it is.
    pub kind: OpponentKind,
    /// The built-in level.
    pub level: u8,
    /// Its measured Elo.
    pub elo: u32,
    /// The side the person plays.
    pub human: Color,
}
