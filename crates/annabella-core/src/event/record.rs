//! The events of saved and kept games: the offer to resume, saving,
//! loading, and whether the game in progress is kept.

use shakmaty::Color;

use std::path::PathBuf;

use super::{BrfOutcome, ClockReport, GameEntry, IoReason, OpponentInfo, Trouble};
use crate::rules::{GameSummary, ImportError, MoveFacts};

/// Saved and loaded games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordEvent {
    /// An unfinished game from an earlier run: go on with it?
    Offer(Box<ResumeOffer>),
    /// The kept game goes on.
    Resumed,
    /// A new game instead; the unfinished one stays saved.
    NotResumed,
    /// Whether the game in progress is kept (see [`Keeping`]).
    Keeping(Keeping),
    /// The answer did not fit the offer; it stands.
    OfferStands,
    /// The game was saved under this name.
    Saved(String),
    /// The game before a new or loaded one was put among the saved
    /// games under this name.
    KeptAside(String),
    /// This saved game was loaded.
    Loaded(String),
    /// The saved games.
    Games(Vec<GameEntry>),
    /// The file was written.
    Written(PathBuf),
    /// The game was added to a PGN file: it is game `number` there.
    Added {
        /// The file.
        path: PathBuf,
        /// The game's number in it, from 1.
        number: usize,
    },
    /// A file could not be used.
    Failed {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        trouble: Trouble,
    },
    /// A saved game could not be set up again (its moves do not fit).
    Unrestorable(String),
    /// The game kept from the last run could not be set up again: where
    /// its file was moved aside (`None`: it was left as it is).
    KeptUnrestorable(Option<PathBuf>),
    /// `--resume`, but no unfinished game is kept.
    NothingToResume,
    /// The kept game's journal ended in a change cut short by a crash,
    /// which was dropped (it was never answered).
    TornJournal,
    /// The settings file names a key no setting has; it is kept.
    UnknownSetting {
        /// The settings file.
        path: PathBuf,
        /// The key.
        key: String,
    },
    /// The settings file gives a value a setting cannot take.
    BadSetting {
        /// The settings file.
        path: PathBuf,
        /// The key.
        key: String,
        /// The value.
        value: String,
    },
    /// Where the settings file is (with `settings`).
    SettingsFileAt(PathBuf),
    /// `games FILE.pgn`: the file's games.
    PgnGames(Vec<GameSummary>),
    /// `load FILE.pgn N` for a game the file does not have.
    NoSuchGame {
        /// The number asked for.
        number: usize,
        /// How many games the file has.
        count: usize,
    },
    /// A game of a PGN file was loaded for replay: which one.
    PgnLoaded {
        /// Its number in the file.
        number: usize,
        /// White's and Black's names.
        players: [String; 2],
    },
    /// Import stopped at a move that cannot be played or read; the game
    /// is loaded up to it.
    ImportStopped(ImportError),
    /// What became of the Braille scoresheet (`brf FILE`).
    Brf(BrfOutcome),
}

/// News of whether the game in progress is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Keeping {
    /// At the end of the run: the game in progress is kept for the next.
    KeptForLater,
    /// The game in progress cannot be kept: the file, and why.
    Unkept {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        reason: IoReason,
    },
    /// The change just answered is not kept either.
    StillUnkept,
    /// The game is kept again, whole.
    KeptAgain,
    /// `quit` while the game is not kept: it can be written elsewhere
    /// first; a second `quit` ends without it.
    QuitUnkept(IoReason),
    /// The player said no to replacing it: it stays as it was.
    NotReplaced(Replacing),
    /// Another run holds this data directory: this one keeps nothing.
    DataDirInUse(std::path::PathBuf),
}

/// A file or a saved game the player named that is there already, which
/// a command would replace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replacing {
    /// The file `brf` would write, as typed.
    Brf(String),
    /// The name `save` would keep the game under, as typed.
    Save(String),
}

/// What the offer to resume says: who plays whom, where the game stands,
/// the last two moves and both clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResumeOffer {
    /// The opponent and the player's side.
    pub opponent: OpponentInfo,
    /// The move number.
    pub number: u32,
    /// The side to move.
    pub turn: Color,
    /// The last (up to two) moves.
    pub last: Vec<MoveFacts>,
    /// Both clocks, in a timed game.
    pub clock: Option<ClockReport>,
}
