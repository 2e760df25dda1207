//! Shorthands for the crate's unit tests.

use shakmaty::san::San;
use shakmaty::{Chess, Move, Position};

/// The moves of `sans` (SAN, separated by spaces), played from `pos`.
pub(crate) fn line(pos: &Chess, sans: &str) -> Vec<Move> {
    let mut pos = pos.clone();
    sans.split_whitespace()
        .map(|san| {
            let mv = San::from_ascii(san.as_bytes())
                .expect("SAN")
                .to_move(&pos)
                .expect("legal");
            pos.play_unchecked(mv);
            mv
        })
        .collect()
}
