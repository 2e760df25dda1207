//! The store as the session sees it: what is kept between runs, as serde
//! types with a format version, and what the session asks of the store
//! and hears back ([`Request`], [`Reply`]). The files, their atomic
//! writes and the journal are the edge's (the `annabella` package's
//! `store`); nothing here touches a file.

mod request;

use serde::{Deserialize, Serialize};

pub use request::{MovesUpdate, ReadFor, Reply, Request};

/// The settings in force with a game, as `set` takes them (English key,
/// value): shared, as they seldom change while a game's record is made
/// after every move.
pub type Settings = std::sync::Arc<[(String, String)]>;

/// The format version written into every saved game; a file of another
/// version is moved aside, not misread.
pub const FORMAT: u32 = 1;

/// A game as it is kept: enough to go on exactly where it stopped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// The format version ([`FORMAT`]).
    pub format: u32,
    /// The start position as FEN (X-FEN castling in Chess960).
    pub initial_fen: String,
    /// The Chess960 start number, if the game is Chess960.
    pub chess960: Option<u32>,
    /// The moves played, in UCI (Chess960 castling as king takes rook).
    pub moves: Vec<String>,
    /// The result, if the game ended.
    pub result: Option<SavedResult>,
    /// The side whose draw offer stands (`white` or `black`).
    pub draw_offer: Option<String>,
    /// The clock, if the game is timed.
    pub clock: Option<SavedClock>,
    /// The settings in force, as `set` takes them (English key, value).
    pub settings: Settings,
    /// The side the person plays against an engine (`white`/`black`).
    pub human: String,
    /// The players' names for PGN, White's first.
    pub players: [String; 2],
    /// The date the game was played (`YYYY.MM.DD`).
    pub date: String,
    /// The player's own board: 64 characters from a8 to h1, FEN piece
    /// letters, `.` for a square stated empty, `?` for one not stated.
    /// Missing in saves made before it existed.
    #[serde(default)]
    pub my_board: Option<String>,
    /// Blindfold play in this game, if it is on: the peeks allowed (none
    /// for no limit) and used. Missing in older saves.
    #[serde(default)]
    pub blindfold: Option<SavedBlindfold>,
    /// Questions about this game answered right, of those asked, when
    /// any were. Missing in older saves.
    #[serde(default)]
    pub quiz: Option<(u32, u32)>,
    /// The mark of the journal that goes on from this file, when it is
    /// the game in progress written at a checkpoint; the session leaves
    /// it empty, and a file without it has no journal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub journal: Option<u64>,
}

/// Blindfold play as kept with a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedBlindfold {
    /// The peeks allowed, or none for no limit.
    pub budget: Option<u32>,
    /// The peeks used.
    pub used: u32,
}

/// How a kept game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedResult {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub outcome: String,
    /// The reason's id (`checkmate`, `time-forfeit`, … as
    /// `EndReason::id` gives it).
    pub reason: String,
    /// Whether the result came with the last move.
    pub with_move: bool,
}

/// A clock as it is kept: times in milliseconds, per side White first.
/// The time the program was closed does not count: the running side's
/// turn goes on from its spent time when the game is resumed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedClock {
    /// The time control as typed (`5+3`, `40/90, 30+30`).
    pub control: String,
    /// Each side's main time at the start of its turn.
    pub left_ms: [u64; 2],
    /// Moves each side has made on the clock.
    pub made: [u32; 2],
    /// Whose turn the clock counts (`white`/`black`).
    pub turn: String,
    /// Time of the current turn already used.
    pub spent_ms: u64,
    /// Whether the clock was started, paused, stopped.
    pub started: bool,
    /// Whether it was paused.
    pub paused: bool,
    /// Whether the game ended and the clock with it.
    pub stopped: bool,
    /// The times and moves at the start of every move made (for undo).
    pub history: Vec<([u64; 2], [u32; 2])>,
    /// The mover's time after each move (for `[%clk]`).
    pub after_ms: Vec<u64>,
}
