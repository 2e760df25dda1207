//! The player's own board: what the player says stands on their tactile
//! set or in their head, kept beside the game's board. FIDE's appendix for
//! blind players asks for moves announced, repeated and executed, boards
//! corrected with the scoresheets, and scoresheets that differ restored to
//! the last move on which they agree; this room does it with words.
//!
//! Everything here is pure: it takes the game and what the player said,
//! and returns values the announcer can put into words.

pub mod board;
pub mod compare;
pub mod dictation;
pub mod scoresheet;

pub use board::PlayerBoard;
