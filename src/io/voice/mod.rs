//! Voice input: PocketSphinx recognising what the microphone heard
//! against the grammar of the moment.
pub mod listen;
pub mod recognise;
pub mod sphinx;
