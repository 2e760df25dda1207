//! The integration tests that need no stand-in server, no terminal, no
//! speech service and no race against real time: the rules, reading and
//! saying moves, sessions, the store, engines on pipes, the transcripts.
//! They are modules of one binary so that the crate is linked once for
//! all of them; `cargo test --test it MODULE::` runs one file's tests.

#[path = "../common/mod.rs"]
mod common;
#[path = "../store_common/mod.rs"]
mod store_common;

mod cli_words;
mod command_table;
mod crates;
mod display_session;
mod dual_compare;
mod dual_dictation;
mod dual_scoresheet;
mod dual_session;
mod engine_props;
mod engines;
mod locales;
mod opponent;
mod output_check;
mod packaging;
mod perft;
mod pgn_annotated;
mod pgn_files;
mod pgn_replay;
mod pgn_roundtrip;
mod promotion_forms;
mod properties;
mod readme;
mod review;
mod roundtrip;
mod self_contained;
mod settings_file;
mod settings_table;
mod spoken;
mod store;
mod store_crash;
mod store_files;
mod store_journal;
mod store_restart;
mod store_unkept;
mod structure;
mod training_drills;
mod training_session;
mod transcripts;
mod uci;
mod voice_model;
mod voice_session;
