//! The outputs through what the system provides: a real terminal under
//! tmux, speech through Speech Dispatcher, sound cues through ALSA. Each
//! fails, rather than skips, when its service is missing; `scripts/test`
//! starts the private Speech Dispatcher the speech test speaks to.

#[path = "../common/mod.rs"]
mod common;

mod audio_smoke;
mod braille;
mod brf;
mod mic;
mod review;
mod speech;
mod terminal;
mod voice_accuracy;
mod voice_game;
