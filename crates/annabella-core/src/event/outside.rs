//! What the rooms outside the core report, as the events carry it: a
//! saved game as `games` lists it and what went wrong with a file (the
//! store's), and how an external engine failed (the UCI client's). The
//! store and the engine make these values; the events and the announcer
//! read them without knowing either room. The Braille scoresheet the
//! session hands the loop, and what became of it (`brf`), are here too.

mod brf;

pub use brf::{BrailleSheet, BrfOutcome, BrfTrouble};

use std::path::PathBuf;
use std::time::SystemTime;

use shakmaty::Move;
use shakmaty::uci::UciMove;

use crate::input::grammar::{Moment, taken};
use crate::input::{Line, Resolution, read_line, resolve};

/// One saved game, as `games` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEntry {
    /// The name it was saved under (a valid name, in lower case).
    pub name: String,
    /// When its file was last written, if the file system says.
    pub modified: Option<SystemTime>,
    /// The players, White's first.
    pub players: [String; 2],
    /// The half-moves played.
    pub plies: usize,
    /// The result as PGN writes it (`1-0`, `0-1`, `1/2-1/2`), or `None`
    /// for an unfinished game.
    pub result: Option<String>,
    /// The date it was played (`YYYY.MM.DD`).
    pub date: String,
}

/// What went wrong with a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trouble {
    /// It does not exist.
    Missing,
    /// It cannot be read or written, and why the system said no.
    Unreadable(IoReason),
    /// It is not what it should be (garbage, cut short, another format
    /// version); it was moved aside to the path given.
    Broken(Option<PathBuf>),
    /// The name cannot name a saved game, and why.
    BadName(NameProblem),
    /// It is a folder, where a file was meant.
    Folder,
    /// A game is saved under that name already, and the player did not
    /// say to replace it.
    Taken,
    /// It holds no PGN text (bytes of another kind), so it is not read.
    NotPgn,
    /// It holds something other than PGN, so the game was not written
    /// into it; it is left as it is.
    NotPgnLeft,
}

/// Why the file system refused a read or a write, in the kinds a player
/// can act on; the announcer words them in every UI language, so no
/// English text of the system's crosses into a sentence.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IoReason {
    /// The file or a folder on its way does not exist.
    NotFound,
    /// A folder stands where a file was meant.
    Folder,
    /// A file stands where a folder was meant.
    NotFolder,
    /// The player may not read or write there.
    Permission,
    /// The disk (or the player's quota on it) is full.
    DiskFull,
    /// The file system is mounted read-only.
    ReadOnly,
    /// Any other refusal.
    Other,
}

impl IoReason {
    /// The kind of an error from the standard library.
    pub fn of(error: &std::io::Error) -> IoReason {
        IoReason::from_kind(error.kind())
    }

    /// The reason for an error's kind (the standard library decodes the
    /// system's numbers, `ENOSPC` and `EROFS` among them, into kinds).
    pub fn from_kind(kind: std::io::ErrorKind) -> IoReason {
        use std::io::ErrorKind as K;
        match kind {
            K::NotFound => IoReason::NotFound,
            K::PermissionDenied => IoReason::Permission,
            K::IsADirectory => IoReason::Folder,
            K::NotADirectory => IoReason::NotFolder,
            K::StorageFull | K::QuotaExceeded | K::FileTooLarge => IoReason::DiskFull,
            K::ReadOnlyFilesystem => IoReason::ReadOnly,
            _ => IoReason::Other,
        }
    }

    /// The word the locales select the reason's phrase by
    /// (`io-reason`).
    pub fn word(self) -> &'static str {
        match self {
            IoReason::NotFound => "not-found",
            IoReason::Folder => "folder",
            IoReason::NotFolder => "not-folder",
            IoReason::Permission => "permission",
            IoReason::DiskFull => "disk-full",
            IoReason::ReadOnly => "read-only",
            IoReason::Other => "other",
        }
    }
}

impl From<&std::io::Error> for IoReason {
    fn from(error: &std::io::Error) -> IoReason {
        IoReason::of(error)
    }
}

/// What is wrong with a name given to a saved game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NameProblem {
    /// It is empty.
    Empty,
    /// It has more than `max` characters (counted in lower case).
    TooLong {
        /// The most a name may have.
        max: usize,
    },
    /// It has a character other than a letter, a digit, `-` or `_`.
    BadChar(char),
    /// It is a device name on Windows (`con`, `nul`, `com1`, …), which
    /// no file there can be called.
    Reserved,
}

/// What went wrong with an external engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The program could not be started at all: its name and why.
    NotStarted {
        /// The program as `--engine` names it.
        program: String,
        /// Why the system would not start it.
        reason: IoReason,
    },
    /// It stopped working when given an option (`--engine-option`): the
    /// option's name and value.
    OptionRefused {
        /// The option's name.
        name: String,
        /// The value given.
        value: String,
    },
    /// It did not finish the UCI handshake in time.
    StartTimeout,
    /// It exited or closed its output.
    Crashed,
    /// It sent no move within its time and a margin.
    Hung,
    /// It sent a move that is not legal in the position.
    IllegalMove(UciMove),
    /// It sent something that is not UCI where a move was due.
    Garbled,
}

/// What the recogniser heard in one utterance, decided in the
/// listening thread against the moment it scored (the session uses the
/// meaning as it is when that moment is still the latest).
#[derive(Clone, Debug, PartialEq)]
pub struct Heard {
    /// The phrase heard best, as written in the tables ("Springer Felix
    /// drei"), or empty when nothing fitting was heard.
    pub words: String,
    /// What the words mean in the moment they were heard against.
    pub meaning: Meaning,
    /// How sure the recogniser is, 0 to 1.
    pub confidence: f32,
    /// The serial of the [`Moment`] it was heard against.
    pub moment: u64,
}

/// What a heard utterance means.
#[derive(Clone, Debug, PartialEq)]
pub enum Meaning {
    /// One move, clearly ahead of every other.
    Move(Move),
    /// Two (or more) moves too close to tell apart: asked back.
    Either(Vec<Move>),
    /// A command or an answer, already read by
    /// [`read_line`](crate::input::read_line) against the moment's game
    /// and language.
    Line(Line),
    /// Talk, noise, or nothing clearly ahead.
    Nothing,
}

impl Heard {
    /// What `words`, heard with `confidence`, mean in `moment`: a move
    /// when they name one legal move, else the line they read as;
    /// nothing when they are blank or too unsure. For a recogniser that
    /// gives words (and for words heard against a moment gone by).
    pub fn read(words: &str, confidence: f32, moment: &Moment) -> Heard {
        let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
        let meaning = if words.is_empty() || !taken(confidence) {
            Meaning::Nothing
        } else {
            match read_line(&words, moment.lang, &moment.game) {
                Line::Empty => Meaning::Nothing,
                Line::Move(reading) => match resolve(&moment.game, &reading.intents, false) {
                    Resolution::Move(mv) => Meaning::Move(mv),
                    _ => Meaning::Line(Line::Move(reading)),
                },
                line => Meaning::Line(line),
            }
        };
        Heard {
            words,
            meaning,
            confidence,
            moment: moment.serial,
        }
    }
}

/// Why voice input is not available.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VoiceTrouble {
    /// This build has no voice input (the `voice` feature is off).
    NotBuilt,
    /// No voice model is installed.
    NoModel,
    /// The folder the setting `voicemodel` names holds no model.
    ModelMissing(String),
    /// The voice model in this folder is damaged or not a Whisper model
    /// in CTranslate2's format.
    ModelBroken(String),
    /// The computer has no microphone.
    NoMicrophone,
    /// No microphone is called this (setting `microphone`): the name,
    /// and the microphones there are.
    NoSuchMicrophone(String, Vec<String>),
    /// The microphone or the recogniser failed: which way (a kind the
    /// player is told in the UI language, never the system's words).
    Failed(VoiceFault),
    /// The recording listened to (`--listen-from`) came to its end.
    Ended,
    /// The recording to listen to cannot be read: the file and why.
    Recording(String, SoundFileTrouble),
}

/// How voice input failed, when it was there to be had.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum VoiceFault {
    /// The sound system could not list its microphones (not running).
    SoundSystem,
    /// The microphone would not open (another program holds it, or it
    /// does not work).
    Unopenable,
    /// The microphone stopped while it was listened to (unplugged).
    Stopped,
    /// The speech recogniser would not start or take its grammar (its
    /// model damaged).
    Recogniser,
    /// The system would not give a thread to listen on.
    NoThread,
}

/// Why a sound file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SoundFileTrouble {
    /// It cannot be opened or read, and why the system said no.
    Unreadable(IoReason),
    /// It is no WAV file, or a damaged one.
    NotWav,
    /// It holds audio of a kind not read (compressed, say).
    Format(String),
    /// Its sample rate (Hz) is outside 8 to 48 kHz.
    Rate(u32),
}
