//! The value of the questions during a game: after how many moves of the
//! opponent one is asked.

use std::borrow::Cow;

use super::{Allowed, Lang, Value, number_in};

/// A question about the position after every this many moves of the
/// opponent; 0: none.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct QuizEvery(pub u16);

range_value!(QuizEvery(u16), 1, 50, zero: true, ["0", "1", "5", "50"]);
