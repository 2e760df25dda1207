//! annabella: a line-oriented chess client for blind and visually
//! impaired players.
//!
//! # How a line flows
//!
//! ```text
//!  line ───► app ──► session::dispatch ──► input::read_line ──► Line
//!  engine ─►  │            │  (the open Prompt is asked first)
//!  reply      │            ▼
//!  tick ───►  │      one room: play, seat, board, clock, settings, prompt
//!             │            │   (rules::Game underneath)
//!             │            ▼
//!             └──── Vec<Event> ──► every Subscriber:
//!                    io::text (announce → lines), io::speech, io::audio
//! ```
//!
//! [`app`] is the loop: it merges four inputs — lines read on their own
//! thread, replies of the engine host ([`engine::host`], which thinks for
//! the opponent and analyses for `hint` and `eval` on threads of its own),
//! replies and stream lines of the network host ([`net`], lichess) and a
//! tick while something timed runs (every 100 ms, and at once when
//! a flag is due to fall or an alarm to sound) — and hands each to the
//! [`session::Session`] with the time it arrived. The session reads the
//! line with [`input`] into one [`input::Line`]: a command from the
//! table in [`input::commands`] with its argument, a move reading, or
//! "not understood" with a suggestion. Dispatch is one exhaustive
//! `match` on [`input::commands::Cmd`], the command with its argument
//! read; each command goes to the room that owns it. The session answers
//! with [`event::Event`]s, grouped in families (game, answer, refusal,
//! prompt, engine, session, clock,
//! record, replay, dual, training, online); every
//! output subscribes to them, and the session knows none of the outputs.
//!
//! # The rooms and what each may touch
//!
//! Each module may use only the modules its row names under "may use"
//! ("in tests": only its `#[cfg(test)]` code), and those rows stand
//! above it: the arrows run one way, and `tests/it/structure.rs` reads
//! this table and every `crate::` path of `src/` to keep it so. A module
//! that knows nothing of reading the time reads no clock.
//!
//! | module | may use | owns | knows nothing of |
//! |---|---|---|---|
//! | [`lang`] | — | the UI languages, words of one meaning in each language, folding words for matching | the rest of the crate, I/O, reading the time |
//! | [`rules`] | — | [`rules::Game`] on shakmaty: history, results, claims, repetition, dead position, Chess960, move facts; [`rules::clock`], the chess clock as a pure state machine told the time | words, I/O, reading the time |
//! | [`view`] | — | board reading as data: board formats, lines of squares, attackers, piece lists | words, I/O, reading the time |
//! | [`online`] | — | the Lichess Board API as data: the events of the event and game streams, the NDJSON reader that cuts bytes into them, the calls (method, path, form) and replies between the session and the network; the client as a state machine told the time (calls in flight and what each is for, the seek, lichess's pause, the streams, challenges waiting, the answers' JSON read) | network, words, reading the time |
//! | [`rng`] | — | a small seeded random source | I/O, reading the time |
//! | [`output`] | — | text for screen readers and Braille displays: wrapping, the check every answer passes | I/O, reading the time |
//! | [`earcons`] | — | the sound cues as samples | audio devices, reading the time |
//! | [`calendar`] | — | a moment as the PGN date and the stamps of files moved aside (UTC, on chrono) | I/O, reading the time |
//! | [`settings`] | `lang`, `rules` | the settings table: every setting once, with its words, values, default and help | I/O, reading the time |
//! | [`input`] | `lang`, `online`, `rules`, `settings` | the command table, the vocabularies of every language, reading a line, matching moves against the legal moves, refusal reasons, suggestions | output, I/O, reading the time |
//! | [`dual`] | `input`, `rules` | the player's own board (what they state stands on their set), its comparison with the game explained by moves found by search, dictated positions, scoresheets read and reconciled (through the move input and its vocabularies) | output, I/O, reading the time |
//! | [`training`] | `input`, `rng` | blindfold practice as data: drills and questions asked during a game, what counts as right, answers read in any language and judged, seeded drills that bring missed squares back, their statistics (serialised by the store) | words, I/O, reading the time |
//! | [`event`] | `dual`, `input`, `online`, `rules`, `settings`, `training`, `view` | the events, by family, and the [`event::Subscriber`] seam; what the events carry from the store and the engine ([`event::GameEntry`], [`event::Trouble`], [`event::Failure`]), which those rooms make | words, I/O, reading the time |
//! | [`announce`] | `dual`, `event`, `input`, `online`, `output`, `rules`, `settings`, `training`, `view` | events into words through each language's Fluent file in `locales/`, one source file per family of events; what is spoken in which voice | I/O, reading the time |
//! | [`engine`] | `event`, `rules` | built-in search and evaluation, levels, the UCI client for external engines, the UCI server, the host threads | words |
//! | [`net`] | `online` | the network edge: the token as it is sent (only the `Authorization` header sees it), HTTPS calls, the threads that keep the event and game streams open and reconnect them with backoff | chess rules, words, files |
//! | [`store`] | `calendar`, `event`, `net`, `settings`, `training` | what is kept between runs: the autosave, games saved by name, the settings file, the drills' statistics, the lichess token's file (mode 0600); serde types with a format version, atomic writes, broken files moved aside | chess rules, words |
//! | [`session`] | `dual`, `engine`, `event`, `input`, `online`, `rng`, `rules`, `settings`, `store`, `training`, `view` | one line, reply or tick in, events out: `dispatch`, `play` (moves, claims, offers, undo, new game), `seat` (who plays the other side; engine requests with the clocks), `prompt` (the one open question: which piece, promotion, a move to repeat or confirm, a dictated scoresheet), `board` (reading answers), `clock` (the game's clock: flag fall, alarms, `clock`, pause), `settings`, `records` and `replay`, `dual` (the player's board, `compare`, `dualcheck`, scoresheets, `restore`), `confirm` (confirm mode), `online` (lichess commands and calls; `online_replies` and `online_game` keep the game in step with the server's streams) | terminal, audio, files, network, the token, reading the time |
//! | [`io`] | `announce`, `calendar`, `earcons`, `event`, `input`, `rules`, `settings`, `session` (in tests) | adapters: line sources (rustyline, plain stdin), the text sink, the speech thread, the audio stream, today's date | chess rules |
//! | [`app`] | `announce`, `engine`, `event`, `input`, `io`, `net`, `online`, `rules`, `session`, `settings`, `store` | the loop: merges lines, engine replies, lichess's replies and ticks; reads the time; reads the token unseen after `online login` and hands it to the file and the network only; feeds subscribers | chess rules |
//!
//! The core (`lang`, `rules`, `view`, `online`, `settings`, `input`,
//! `dual`, `training`, `event`, `announce`, and the leaves `rng`,
//! `output`, `earcons`, `calendar`) is pure: it is tested without a
//! terminal, a sound card, a speech service, a network or files, and
//! uses none of `engine`, `net`, `store`, `session`, `io` or `app`.
//! Commands and settings are data: adding one is a table entry, the
//! match arm the compiler asks for, its locale ids and its row in the
//! README's table, which a test holds to the code. Every word the
//! player reads is in `locales/`; code holds message ids. Time is a
//! value passed in, never read by the core or the session.

#![warn(missing_docs)]

pub mod announce;
pub mod app;
pub mod calendar;
pub mod dual;
pub mod earcons;
pub mod engine;
pub mod event;
pub mod input;
pub mod io;
pub mod lang;
pub mod net;
pub mod online;
pub mod output;
pub mod rng;
pub mod rules;
pub mod session;
pub mod settings;
pub mod store;
pub mod training;
pub mod view;
