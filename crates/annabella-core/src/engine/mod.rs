//! The engine as the session sees it: the built-in search, evaluation
//! and levels (the pure crate `annabella-engine`), what the engine host
//! is asked and answers ([`host`]), and how an external engine is named
//! ([`client`]). The threads, the UCI client and server are the edge's.

pub mod client;
pub mod host;

pub use annabella_engine::{eval, level, search};
