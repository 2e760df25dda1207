//! Blindfold practice (issue 14) as a pure core: drills that train
//! keeping the board in the head, and questions asked during a game.
//!
//! Everything here is data and judgement: a [`Question`] is worded by
//! the announcer, an answer typed in any language is read and judged by
//! [`judge`], a [`Drill`] runs a seeded series of questions that comes
//! back to the squares the player misses ([`Stats`]), and
//! [`quiz_question`] picks a question about a game in progress. No I/O,
//! no clock: times are passed in as [`std::time::Duration`]s.

mod answer;
mod drill;
mod question;
mod quiz;
mod stats;

pub use answer::{Judged, judge};
pub use drill::{Drill, Presentation, Start, Step, Summary};
pub use question::{Expected, Question, QuestionKind, Shade, expected, knight_distance, reach};
pub use quiz::quiz_question;
pub use stats::{DrillStats, STATS_FORMAT, Stats};

// The drills are named in `drill KIND`, which `input` reads.
pub use crate::input::DrillKind;
