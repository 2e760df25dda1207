//! What the session asks of the store, and what comes back. The session
//! touches no file: it hands these requests to the loop, which carries
//! them out through the store (in the `annabella` package) and brings the replies back, as it
//! does for the engine.

use std::path::PathBuf;

use super::SavedGame;
use crate::event::{GameEntry, Trouble};

/// A request to the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Keep the game in progress (after every change worth keeping):
    /// the game with its moves left empty, and how its moves changed
    /// since the last of these (a move costs the same at ply 300 as at
    /// ply 10).
    Autosave(Box<SavedGame>, MovesUpdate),
    /// Save the game under a name (`save NAME`).
    SaveAs {
        /// The name, as typed.
        name: String,
        /// The game.
        game: Box<SavedGame>,
        /// A game saved under that name may be replaced (`save NAME
        /// replace`); else it never is.
        replace: bool,
    },
    /// Load a game saved by name (`load NAME`).
    Load {
        /// The name, as typed.
        name: String,
    },
    /// List the saved games (`games`).
    List,
    /// Write a game to a PGN file (`pgn FILE`): a new file, or the game
    /// added to a PGN file; a file of anything else is left alone.
    Write {
        /// Where.
        path: PathBuf,
        /// What.
        text: String,
    },
    /// Read a text file (`load FILE.pgn`, `games FILE.pgn`).
    Read {
        /// Where.
        path: PathBuf,
        /// What the text is for.
        purpose: ReadFor,
    },
    /// Put the kept game in progress aside among the saved games (a new
    /// game starts instead of the unfinished one).
    KeepUnfinished,
    /// The kept game cannot be set up again (its moves do not fit its
    /// position): move its file aside as a broken file is.
    SetAsideKept,
    /// Put the kept game aside among the saved games, as
    /// [`Request::KeepUnfinished`] does, and answer with the name it is
    /// kept under (`new` or `load` in place of a game played).
    KeepPlayed,
    /// Keep the drills' statistics (after every answer of a drill).
    SaveStats(Box<crate::training::Stats>),
    /// Keep a setting in the settings file (`set`).
    Setting {
        /// The key, in English.
        key: String,
        /// The value, as `set` takes it.
        value: String,
    },
}

/// How the moves of the game in progress changed since the last
/// [`Request::Autosave`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovesUpdate {
    /// How many moves the last request left the game with.
    pub before: usize,
    /// How many of them stay.
    pub keep: usize,
    /// The moves after them, in UCI.
    pub add: Vec<String>,
}

/// Why a file is read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReadFor {
    /// To load game N (from 1) of a PGN file.
    LoadPgn(usize),
    /// To list a PGN file's games.
    ListPgn,
    /// A scoresheet to compare with the game: its place among the files
    /// named (`scoresheet FILE1 FILE2`).
    Scoresheet(usize),
}

/// The store's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The game was saved under this name.
    Saved(String),
    /// The moves of an autosave did not follow those the store has:
    /// the next autosave must bring them all.
    Resync,
    /// The kept game was put among the saved games under this name.
    KeptAs(String),
    /// The kept game that could not be set up again: where its file was
    /// moved aside, or `None` when it could not be moved and is left
    /// alone.
    KeptSetAside(Option<PathBuf>),
    /// A saved game, read back.
    Loaded {
        /// Its name.
        name: String,
        /// The game.
        game: Box<SavedGame>,
    },
    /// The saved games, newest first.
    Listed(Vec<GameEntry>),
    /// The file was written.
    Written(PathBuf),
    /// The game was added to a PGN file: it is game `number` there.
    Added {
        /// The file.
        path: PathBuf,
        /// The game's number in it, from 1.
        number: usize,
    },
    /// A text file's contents.
    Text {
        /// Where it came from.
        path: PathBuf,
        /// What it holds.
        text: String,
        /// What it is for.
        purpose: ReadFor,
    },
    /// The game in progress could not be kept: its file, and why. Until
    /// [`Reply::KeptAgain`], every commit is tried again.
    Unkept {
        /// The file.
        path: PathBuf,
        /// Why the system refused.
        reason: crate::event::IoReason,
    },
    /// A change of the game in progress, still not kept.
    StillUnkept,
    /// The game in progress is kept again, written whole.
    KeptAgain,
    /// A request failed: which file, and how.
    Failed {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        trouble: Trouble,
    },
}
