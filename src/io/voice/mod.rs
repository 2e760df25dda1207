//! Voice input: PocketSphinx recognising what the microphone heard
//! against the grammar of the moment (`sphinx`: our bindings, with
//! `cmn.c` beside them for the one thing the library's calls do not
//! reach; `recognise`: the recogniser and its judge; `listen`: the
//! listening thread).
pub mod listen;
pub mod recognise;
pub mod sphinx;
pub mod whisper;
