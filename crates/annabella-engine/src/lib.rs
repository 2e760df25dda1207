//! The built-in chess engine: an alpha-beta search with its evaluation
//! on shakmaty, and ten levels from a beginner's to full strength. It is
//! pure — it needs only the rules, reads no clock of its own unless a
//! search is given a deadline, and knows no words: results are moves
//! and numbers. The client runs it on the engine host's threads;
//! `annabella uci` serves it to any GUI.

#![warn(missing_docs)]

pub mod eval;
pub mod level;
pub mod search;
