//! Who plays the other side: a person at the same keyboard, the built-in
//! engine at a level, or an external UCI engine. Pure configuration; the
//! thinking happens in [`crate::engine::host`].

use std::time::Duration;

use shakmaty::Color;

use crate::engine::client::ExternalSpec;
use crate::engine::level::MAX_LEVEL;

/// The kind of opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Hot seat: both sides typed at this keyboard.
    Human,
    /// The built-in engine.
    Builtin,
    /// An external UCI engine.
    External(ExternalSpec),
}

/// The side the person wants to play in the next game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    /// White.
    White,
    /// Black.
    Black,
    /// Drawn by lot at every new game.
    Random,
}

/// The opponent and how it plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opponent {
    /// Who it is.
    pub kind: Kind,
    /// The built-in engine's level (1 to 10); it also takes over from an
    /// external engine that fails.
    pub level: u8,
    /// The colour choice for new games.
    pub choice: ColorChoice,
    /// The side the person plays in this game.
    pub human: Color,
    /// Thinking time per move at full strength and for external engines.
    pub movetime: Duration,
}

impl Default for Opponent {
    fn default() -> Self {
        Opponent {
            kind: Kind::Builtin,
            level: MAX_LEVEL,
            choice: ColorChoice::White,
            human: Color::White,
            movetime: Duration::from_secs(1),
        }
    }
}

impl Opponent {
    /// Hot seat.
    pub fn human() -> Opponent {
        Opponent {
            kind: Kind::Human,
            ..Opponent::default()
        }
    }

    /// Whether an engine plays the side `color`.
    pub fn plays(&self, color: Color) -> bool {
        self.kind != Kind::Human && color != self.human
    }
}
