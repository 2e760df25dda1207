//! Adapters to the outside: where lines come from ([`lines`]), where text
//! goes ([`text`], at a terminal above the prompt: [`screen`]), a secret typed without echo, the speech and sound
//! outputs ([`speech`], [`audio`]), the Braille display ([`braille`]),
//! the Braille scoresheet's bytes through liblouis ([`brf`]), and the
//! date and the machine's time for seeds. Nothing here knows the rules
//! of chess.

pub mod audio;
pub mod braille;
pub mod brf;
pub mod gate;
pub mod lines;
pub mod mic;
pub mod screen;
mod secret;
pub mod speech;
pub mod text;
#[cfg(feature = "voice")]
pub mod voice;

pub use lines::{CommandWords, LineSource, PlainLines, Terminal};
pub use screen::{Screen, ScreenText};
pub use text::TextSink;

use std::io::{self, IsTerminal};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::calendar::pgn_date;

/// Whether a person sits at a terminal (both stdin and stdout are one).
pub fn interactive() -> bool {
    io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// Today's date as PGN writes it (`YYYY.MM.DD`, UTC).
pub fn today() -> String {
    pgn_date(SystemTime::now())
}

/// Seconds since the epoch, for seeding.
pub fn now_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}
