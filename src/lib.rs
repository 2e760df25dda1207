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
//! `match` on [`input::commands::Command`]; each command goes to the room
//! that owns it. The session answers with [`event::Event`]s, grouped in
//! families (game, answer, refusal, prompt, engine, session, clock,
//! record, replay, dual, training, online); every
//! output subscribes to them, and the session knows none of the outputs.
//!
//! # The rooms and what each may touch
//!
//! | module | owns | knows nothing of |
//! |---|---|---|
//! | [`rules`] | [`rules::Game`] on shakmaty: history, results, claims, repetition, dead position, Chess960, move facts; [`rules::clock`], the chess clock as a pure state machine told the time | words, I/O |
//! | [`input`] | the command table, the vocabularies of every language, reading a line, matching moves against the legal moves, refusal reasons, suggestions | output, I/O |
//! | [`settings`] | the settings table: every setting once, with its words, values, default and help | I/O |
//! | [`view`] | board reading as data: board formats, lines of squares, attackers, piece lists | words, I/O |
//! | [`dual`] | the player's own board (what they state stands on their set), its comparison with the game explained by moves found by search, dictated positions, scoresheets read and reconciled (through the move input and its vocabularies) | output, I/O |
//! | [`training`] | blindfold practice as data: drills and questions asked during a game, what counts as right, answers read in any language and judged, seeded drills that bring missed squares back, their statistics (serialised by the store) | words, I/O, reading the time |
//! | [`announce`] | events into words through the Fluent files in `locales/`, one file per family; what is spoken in which voice | I/O |
//! | [`event`] | the events, by family, and the [`event::Subscriber`] seam | words, I/O |
//! | [`engine`] | built-in search and evaluation, levels, the UCI client for external engines, the UCI server, the host threads | words |
//! | [`session`] | one line, reply or tick in, events out: `dispatch`, `play` (moves, claims, offers, undo, new game), `seat` (who plays the other side; engine requests with the clocks), `prompt` (the one open question: which piece, promotion, a move to repeat or confirm, a dictated scoresheet), `board` (reading answers), `clock` (the game's clock: flag fall, alarms, `clock`, pause), `settings`, `records` and `replay`, `dual` (the player's board, `compare`, `dualcheck`, scoresheets, `restore`), `confirm` (confirm mode), `online` (lichess commands and calls; `online_replies` and `online_game` keep the game in step with the server's streams) | terminal, audio, files, network, the token, reading the time |
//! | [`online`] | the Lichess Board API as data: the events of the event and game streams, the NDJSON reader that cuts bytes into them, the calls (method, path, form) and replies between the session and the network | network, words, reading the time |
//! | [`net`] | the network edge: HTTPS calls with the token, the token file (mode 0600), the threads that keep the event and game streams open and reconnect them with backoff | chess rules, words |
//! | [`app`] | the loop: merges lines, engine replies, lichess's replies and ticks; reads the time; reads the token unseen after `online login` and hands it to the file and the network only; feeds subscribers | chess rules |
//! | [`io`] | adapters: line sources (rustyline, plain stdin), the text sink, the speech thread, the audio stream, the date | chess rules |
//!
//! The core (`rules`, `input`, `settings`, `view`, `dual`, `announce`, `event`)
//! is pure: it is tested without a terminal, a sound card, a speech
//! service or files. Commands and settings are data: adding one is a
//! table entry, the match arm the compiler asks for, and its locale ids.
//! Every word the player reads is in `locales/`; code holds message ids.
//! Time is a value passed in, never read by the core.

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
