//! The table: what every room of the session reads, and what the rooms
//! that play change — the game, the settings in force, the game's chess
//! clock, the time last told, the one open question, the random source
//! and the date for the record. Each room keeps its own state beside it
//! and is handed the table when it answers.

use std::time::Instant;

use crate::rng::Rng;
use crate::rules::Game;
use crate::rules::clock::Clock;
use crate::settings::Settings;
use crate::store::Request as StoreRequest;

use super::{Effect, Prompt};

/// The state the rooms share.
#[derive(Clone, Debug)]
pub(super) struct Table {
    /// The game on the board (while a game is replayed, the game up to
    /// the move shown).
    pub game: Game,
    /// The settings in force.
    pub settings: Settings,
    /// The game's chess clock, when it is timed.
    pub clock: Option<Clock>,
    /// The latest time the session was told, once a game runs.
    pub now: Option<Instant>,
    /// The one open question.
    pub prompt: Option<Prompt>,
    /// Random Chess960 starts, colours and questions.
    pub rng: Rng,
    /// The date written into PGN (`YYYY.MM.DD`).
    pub date: String,
    /// What the rooms ask of the outside world (the store) during the
    /// step, in the order asked.
    pub effects: Vec<Effect>,
}

impl Table {
    /// A table for `game` under `settings`, untimed until the clock room
    /// sets its clock.
    pub fn new(game: Game, settings: Settings) -> Table {
        Table {
            game,
            settings,
            clock: None,
            now: None,
            prompt: None,
            rng: Rng::new(0x9E37_79B9_7F4A_7C15),
            date: "????.??.??".to_string(),
            effects: Vec::new(),
        }
    }

    /// Asks the store to carry out `request`.
    pub fn ask_store(&mut self, request: StoreRequest) {
        self.effects.push(Effect::Store(request));
    }

    /// A random Chess960 start number.
    pub fn random_chess960(&mut self) -> u32 {
        self.rng.below(960) as u32
    }
}
