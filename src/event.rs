//! Events: what the session tells its outputs. Text, speech and sound
//! each subscribe; none of them is known to the session.

use shakmaty::san::{San, Suffix};
use shakmaty::{
    ByRole, CastlingSide, Chess, Color, File, Move, Piece, Position, Rank, Role, Square,
};

use crate::input::Refusal;
use crate::rules::{ClaimRefusal, Finished, Game, Ply};
use crate::settings::Setting;

/// Check given by a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// No check.
    None,
    /// Check.
    Check,
    /// Check by two pieces at once.
    Double,
    /// Checkmate.
    Mate,
}

/// Everything an announcement of one move needs, in words-free form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    /// Who moved.
    pub color: Color,
    /// The full-move number.
    pub number: u32,
    /// The piece that moved (the king for castling).
    pub role: Role,
    /// Its origin square.
    pub from: Square,
    /// Its target square (the king's destination for castling).
    pub to: Square,
    /// The piece taken, if any.
    pub capture: Option<Role>,
    /// The piece promoted to, if any.
    pub promotion: Option<Role>,
    /// Castling, with its side.
    pub castle: Option<CastlingSide>,
    /// An en passant capture.
    pub en_passant: bool,
    /// Whether SAN needs the origin to tell this move from another.
    pub ambiguous: bool,
    /// Check given.
    pub check: Check,
    /// SAN with English letters and suffix.
    pub san: String,
}

impl MoveFacts {
    /// Describes `ply`, played in `before`.
    pub fn new(before: &Chess, ply: &Ply) -> MoveFacts {
        let mv = ply.mv;
        let mut after = before.clone();
        after.play_unchecked(mv);
        let check = match ply.san.suffix {
            Some(Suffix::Checkmate) => Check::Mate,
            Some(Suffix::Check) if after.checkers().count() > 1 => Check::Double,
            Some(Suffix::Check) => Check::Check,
            None => Check::None,
        };
        let ambiguous = matches!(
            ply.san.san,
            San::Normal { role, file, rank, .. }
                if role != Role::Pawn && (file.is_some() || rank.is_some())
        );
        let (from, to, castle) = match mv {
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_king_side(king < rook);
                (king, side.king_to(ply.color), Some(side))
            }
            _ => (mv.from().unwrap_or(mv.to()), mv.to(), None),
        };
        MoveFacts {
            color: ply.color,
            number: ply.number,
            role: mv.role(),
            from,
            to,
            capture: mv.capture(),
            promotion: mv.promotion(),
            castle,
            en_passant: mv.is_en_passant(),
            ambiguous,
            check,
            san: ply.san.to_string(),
        }
    }

    /// Describes every ply of a game.
    pub fn history(game: &Game) -> Vec<MoveFacts> {
        game.plies()
            .iter()
            .enumerate()
            .filter_map(|(i, ply)| Some(MoveFacts::new(game.position_before(i)?, ply)))
            .collect()
    }

    /// Describes the last ply of a game.
    pub fn last(game: &Game) -> Option<MoveFacts> {
        let index = game.plies().len().checked_sub(1)?;
        Some(MoveFacts::new(
            game.position_before(index)?,
            game.plies().get(index)?,
        ))
    }
}

/// A suggestion for input that was not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Suggestion {
    /// A command word.
    Command(String),
    /// A legal move.
    Move(MoveFacts),
}

/// The pieces of one side: each kind with its squares.
pub type SidePieces = (Color, Vec<(Role, Vec<Square>)>);

/// The whole board as one answer, in a board style.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardView {
    /// Pieces by colour and kind (style `list`).
    List(Vec<SidePieces>),
    /// One row per rank, from the player's side (style `ranks`).
    Ranks(Vec<(Rank, Vec<Option<Piece>>)>),
    /// Every occupied square with its piece (style `squares`).
    Squares(Vec<(Square, Piece)>),
}

/// Which line of squares a [`Line`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// A rank.
    Rank(Rank),
    /// A file.
    File(File),
    /// A diagonal, from one end to the other.
    Diagonal(Square, Square),
}

/// A rank, file or diagonal with what stands on each square, in the
/// order the player reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Which line.
    pub kind: LineKind,
    /// Each square with its piece, if any.
    pub cells: Vec<(Square, Option<Piece>)>,
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

/// The file letters a..h, for tables.
pub const FILES: [File; 8] = [
    File::A,
    File::B,
    File::C,
    File::D,
    File::E,
    File::F,
    File::G,
    File::H,
];
