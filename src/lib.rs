//! annabella: a line-oriented chess client for blind and visually
//! impaired players.
//!
//! Data flows one way: a line goes to [`session::Session`], which parses
//! it ([`input`]), plays it on the rules core ([`rules`]) and emits
//! [`event::Event`]s; the [`announce::Announcer`] puts them into words.
//! Only [`io`] touches the outside: the terminal, and its adapters
//! [`io::speech`] and [`io::audio`] for the other outputs, fed by the same
//! events.

pub mod announce;
pub mod app;
pub mod earcons;
pub mod engine;
pub mod event;
pub mod input;
pub mod io;
pub mod output;
pub mod rng;
pub mod rules;
pub mod session;
pub mod settings;
pub mod view;
