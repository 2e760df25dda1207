//! Online play without the internet: the stand-in lichess server
//! (`tests/common/lichess/`) checked against the API description, the
//! client's readers of lichess's streams, a session playing there, the
//! network edge (`net::http`, `net::host`) against the test HTTP server
//! (`tests/common/http.rs`), and the real binary's online transcripts
//! (`tests/online/*.txt`). One binary, so that the crate is linked once
//! for all of them.

#[path = "../common/mod.rs"]
mod common;

mod net_host;
mod net_http;
mod online;
mod online_events;
mod online_session;
mod standin;
