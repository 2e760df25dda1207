//! The store: what is kept between runs — the game in progress (a
//! checkpoint and an append-only [`journal`] of every change worth
//! keeping, made durable once per batch of lines: [`autosave`]), games
//! saved by name, the settings file, the player's lichess token
//! ([`token`]) — as serde types with a format version, whole files
//! written atomically (a temporary file in the same directory, flushed,
//! renamed over the old one, the directory flushed), and broken files
//! moved aside, never overwritten or deleted. It knows
//! nothing of chess rules: a game is kept as its start FEN and its moves
//! in UCI, which the session turns back into a game.

pub mod aside;
pub mod atomic;
pub mod autosave;
pub mod broken;
pub mod change;
pub mod games;
pub mod journal;
mod keeper;
pub mod lock;
pub mod paths;
pub mod pgn_file;
mod request;
pub mod settings_file;
pub mod stats;
pub mod token;

pub use aside::{Aside, move_aside};
pub use atomic::write_atomic;
pub use broken::{Broken, BrokenKind, SaveFailed};
pub use games::{
    Listing, LoadOutcome, list_games, load_game, load_if_present, load_or_move_aside, save_game,
};
pub use keeper::{Kept, Store};
pub use lock::{DataLock, NotHeld};
pub use paths::{BadName, GameName, Paths};
pub use request::{Keeper, Nowhere};
// What is kept and what the session asks of the store are the core's;
// the files are here.
pub use annabella_core::store::{
    FORMAT, MovesUpdate, ReadFor, Reply, Request, SavedBlindfold, SavedClock, SavedGame,
    SavedResult, Settings,
};
pub use settings_file::SettingsFile;
// The events carry these; the store makes them.
pub use crate::event::{GameEntry, Trouble};
