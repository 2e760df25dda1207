//! An external UCI engine as the session names it; the client that
//! drives it is in the `annabella` package.

// The events carry it; the client makes it.
pub use crate::event::Failure;

/// How to start an external engine.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ExternalSpec {
    /// The program (and any arguments, separated by spaces).
    pub command: String,
    /// `setoption` pairs, sent as given.
    pub options: Vec<(String, String)>,
    /// A strength to ask for, through UCI_LimitStrength and UCI_Elo when
    /// the engine offers them.
    pub elo: Option<u32>,
}
