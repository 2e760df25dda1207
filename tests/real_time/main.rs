//! The clocks against real time: the binary's clock on a pipe, and
//! `annabella uci` playing Stockfish on the clock. Apart from the other
//! tests, so that the CPU-heavy ones (perft, PGN replay, transcripts)
//! never run beside them and stretch the time they measure.

#[path = "../common/mod.rs"]
mod common;

mod clock;
mod engine_clock;
