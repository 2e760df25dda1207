//! The chess engine: a built-in search and evaluation on shakmaty with
//! ten levels, a UCI server (`annabella uci`) and a UCI client for external
//! engines. It knows no words: results are moves and numbers, which the
//! session turns into events.

pub mod analysis;
pub mod client;
pub mod host;
pub mod uci;
pub mod wire;

pub use annabella_core::engine::{eval, level, search};
