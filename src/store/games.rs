//! Kept games on disk: the autosave and the games saved by name, as
//! JSON of [`SavedGame`], written atomically, read back with a clear
//! fault when a file is broken.

use std::fs;
use std::io;
use std::path::Path;
use std::time::SystemTime;

use serde::de::DeserializeOwned;
use serde_json::error::Category;

use super::aside::{Aside, set_aside};
use super::atomic::{write_atomic, write_unsynced};
use super::broken::{Broken, BrokenKind, SaveFailed, read_limited};
use super::paths::GameName;
use super::{FORMAT, SavedGame};
use crate::event::GameEntry;

/// The largest saved game read. A game of a thousand moves with its
/// clock is under a hundred kilobytes (60 moves: 5 kB); a file this
/// large is not one of ours, and reading more could exhaust the memory.
pub const MAX_GAME_BYTES: u64 = 16 << 20;

/// Writes a game to `path` (compact JSON and a newline) through
/// [`write_atomic`]: on any failure the file before is unchanged.
pub fn save_game(path: &Path, game: &SavedGame) -> Result<(), SaveFailed> {
    let bytes = game_bytes(game).map_err(|e| SaveFailed::new(path, &e))?;
    write_atomic(path, &bytes).map_err(|e| SaveFailed::new(path, &e))
}

/// Writes a game to `path` as [`save_game`] does, but through
/// [`write_unsynced`]: whole under its name at once, on the disk only
/// once [`sync_files`](super::atomic::sync_files) flushed it. For a game
/// the journal holds until then.
pub fn save_game_unsynced(path: &Path, game: &SavedGame) -> Result<(), SaveFailed> {
    let bytes = game_bytes(game).map_err(|e| SaveFailed::new(path, &e))?;
    write_unsynced(path, &bytes).map_err(|e| SaveFailed::new(path, &e))
}

/// The bytes of a saved game's file: compact JSON and a newline.
pub(super) fn game_bytes(game: &SavedGame) -> io::Result<Vec<u8>> {
    let mut bytes = serde_json::to_vec(game)?;
    bytes.push(b'\n');
    Ok(bytes)
}

/// Reads the game at `path`; a missing file is
/// [`BrokenKind::Missing`] (for `load NAME` of a name never saved).
pub fn load_game(path: &Path) -> Result<SavedGame, Broken> {
    let bytes = read_limited(path, MAX_GAME_BYTES)?;
    parse_game(&bytes).map_err(|kind| Broken::new(path, kind))
}

/// Reads the game at `path` if there is one: `Ok(None)` when the file
/// is missing, which is no fault (no game was left unfinished).
pub fn load_if_present(path: &Path) -> Result<Option<SavedGame>, Broken> {
    match load_game(path) {
        Ok(game) => Ok(Some(game)),
        Err(broken) if broken.is_missing() => Ok(None),
        Err(broken) => Err(broken),
    }
}

/// What reading a game found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadOutcome {
    /// The game.
    Loaded(Box<SavedGame>),
    /// No file: nothing to resume.
    Absent,
    /// A broken file, moved aside (or not, and then it must not be
    /// written over).
    Broken(Aside),
}

/// Reads the game at `path`; a broken file is moved aside with the time
/// `when` in its name (see [`move_aside`](super::aside::move_aside)), so
/// the client starts with the path free and the file kept.
pub fn load_or_move_aside(path: &Path, when: SystemTime) -> LoadOutcome {
    match load_if_present(path) {
        Ok(Some(game)) => LoadOutcome::Loaded(Box::new(game)),
        Ok(None) => LoadOutcome::Absent,
        Err(broken) => LoadOutcome::Broken(set_aside(broken, when)),
    }
}

/// Reads a kept game from its bytes.
///
/// The version is read before the fields, so a file of another version
/// says so instead of looking like garbage because its fields differ.
///
/// ```
/// use annabella::store::broken::BrokenKind;
/// use annabella::store::games::parse_game;
/// assert_eq!(parse_game(b"{\"format\": 7}"), Err(BrokenKind::WrongVersion(7)));
/// assert_eq!(parse_game(b"{\"format\": 1, \"mov"), Err(BrokenKind::Truncated));
/// assert_eq!(parse_game(b"\x89PNG\r\n"), Err(BrokenKind::Garbage));
/// ```
pub fn parse_game(bytes: &[u8]) -> Result<SavedGame, BrokenKind> {
    parse_versioned(bytes, FORMAT)
}

/// Reads JSON of ours with a `format` field: the version is read before
/// the fields, so that another version says so rather than looking like
/// garbage.
pub(super) fn parse_versioned<T: DeserializeOwned>(
    bytes: &[u8],
    expected: u32,
) -> Result<T, BrokenKind> {
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| json_fault(&e))?;
    let format = value
        .get("format")
        .and_then(serde_json::Value::as_u64)
        .and_then(|n| u32::try_from(n).ok())
        .ok_or(BrokenKind::Garbage)?;
    if format != expected {
        return Err(BrokenKind::WrongVersion(format));
    }
    T::deserialize(value).map_err(|_| BrokenKind::Garbage)
}

/// The kind of fault of a JSON error: the parser's end-of-input category
/// is a file cut short (every proper prefix of a JSON object ends there,
/// even one cut inside a string or a number), anything else is not JSON
/// or not ours.
fn json_fault(error: &serde_json::Error) -> BrokenKind {
    match error.classify() {
        Category::Eof => BrokenKind::Truncated,
        Category::Io => {
            BrokenKind::Unreadable(error.io_error_kind().unwrap_or(io::ErrorKind::Other))
        }
        Category::Syntax | Category::Data => BrokenKind::Garbage,
    }
}

/// The saved games of a folder.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listing {
    /// The games that could be read, by name.
    pub games: Vec<GameEntry>,
    /// The files named as saved games that could not be read, by path:
    /// to be reported; they are left where they are (a later `load` of
    /// one moves it aside).
    pub broken: Vec<Broken>,
}

/// The games saved by name in `dir` (files `NAME.json` with a valid,
/// folded name; other files are not games and are passed over). A
/// missing folder has no games; a folder that cannot be read is the
/// error.
pub fn list_games(dir: &Path) -> Result<Listing, Broken> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Listing::default()),
        Err(e) => return Err(Broken::new(dir, BrokenKind::Unreadable(e.kind()))),
    };
    let mut listing = Listing::default();
    // An entry that cannot be read vanished or is no file of ours.
    for path in entries.flatten().map(|e| e.path()) {
        let Some(name) = GameName::from_file(&path) else {
            continue;
        };
        match load_game(&path) {
            Ok(game) => listing.games.push(entry(name, &path, game)),
            // Deleted since the folder was read.
            Err(broken) if broken.is_missing() => {}
            Err(broken) => listing.broken.push(broken),
        }
    }
    listing.games.sort_by(|a, b| a.name.cmp(&b.name));
    listing.broken.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(listing)
}

fn entry(name: GameName, path: &Path, game: SavedGame) -> GameEntry {
    GameEntry {
        name: name.as_str().to_string(),
        modified: fs::metadata(path).and_then(|m| m.modified()).ok(),
        players: game.players,
        plies: game.moves.len(),
        result: game.result.map(|result| result.outcome),
        date: game.date,
    }
}
