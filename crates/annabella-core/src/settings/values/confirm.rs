//! The values of confirm mode: which moves are repeated, and the time
//! below which nothing is.

use std::borrow::Cow;

use super::{Allowed, Choice, Lang, OFF, ON, Value, Words, number_in};

/// Seconds on the player's own clock below which moves are no longer
/// repeated and confirmed (time trouble, as players ask for); 0: always.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct WaiveBelow(pub u16);

range_value!(WaiveBelow(u16), 1, 3600, zero: true, ["0", "1", "30", "3600"]);

/// Which moves are repeated before play goes on (FIDE: moves are
/// announced, repeated and executed).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConfirmMode {
    /// No repetition.
    Off,
    /// The player repeats the opponent's moves.
    On,
    /// The opponent's moves, and the player confirms their own before
    /// they are played.
    Own,
}

impl Choice for ConfirmMode {
    const CHOICES: &'static [(ConfirmMode, Words)] = &[
        (ConfirmMode::Off, OFF),
        (ConfirmMode::On, ON),
        (
            ConfirmMode::Own,
            Words::new(&["own"], &["eigene"], &["oma"]),
        ),
    ];
}
