//! Helpers shared by the integration tests.

/// The library's deterministic random source, so that "random"
/// positions are the same on every run and a failure can be replayed.
pub use annabella::rng::Rng;
