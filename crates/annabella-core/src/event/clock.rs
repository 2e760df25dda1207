//! The clock as the events tell it: a side's time, both read out.

use std::time::Duration;

use shakmaty::Color;

/// How a side of the clock is named: by the player's place against an
/// engine, by colour in hot seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Who {
    /// The player.
    You,
    /// The engine the player plays against.
    Opponent,
    /// A side in hot seat.
    Side(Color),
}

/// One side's time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SideTime {
    /// Whose time it is.
    pub who: Who,
    /// The time left.
    pub left: Duration,
}

/// The clock read out: one or both sides (the player's own first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockReport {
    /// The sides asked about.
    pub sides: Vec<SideTime>,
    /// Moves left to the next time control for the first side, in a
    /// control with several periods.
    pub moves_to_control: Option<u32>,
    /// Whether the clock is paused.
    pub paused: bool,
}
