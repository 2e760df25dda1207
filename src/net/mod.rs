//! The network edge of online play: the player's lichess token as it is
//! sent ([`token`]; the store keeps its file), a small HTTPS client for
//! the Board API ([`http`]), and the host whose threads carry out the
//! session's requests and read the streams ([`host`]).
//!
//! What is asked and answered is data in [`crate::online`]; this module
//! only moves it over the wire. The token is sent to lichess (or a
//! server on this machine, for tests) and nowhere else, and never
//! appears in a message or a log.

pub mod host;
pub mod http;
pub mod token;

pub use host::NetHost;
pub use token::Token;
