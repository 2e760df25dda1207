//! annabella: a line-oriented chess client for blind and visually
//! impaired players.
//!
//! # How everything flows
//!
//! ```text
//!  line ─────┐                       ┌─► events ──► every Subscriber: io::text
//!  tick      │                       │   (announce → lines), io::speech, io::audio
//!  engine ───┤                       │
//!  reply     ├─► Input ─► Session    │
//!  lichess ──┤   ::step(input, now) ─┤   (dispatch → one room, rooms on the
//!  store ────┤                       │    table, flows across rooms)
//!  token ────┤                       └─► effects ──► app carries them out: ask
//!  heard ────┘                            the engine, the store, lichess; read
//!                                         a secret; listen; quit — answers
//!                                         come back as Inputs
//! ```
//!
//! [`app`] is the loop: it turns everything that happens — a line read
//! on its own thread, a reply of the engine host ([`engine::host`],
//! which thinks for the opponent and analyses for `hint` and `eval` on
//! threads of its own), a reply or stream line of the network host
//! ([`net`], lichess), a tick while something timed runs (every 100 ms,
//! and at once when a flag is due to fall or an alarm to sound), the
//! store's answer, the token typed after `online login` handled, what
//! the microphone heard (the listening thread of [`io::voice`]) — into
//! one [`session::Input`] and calls [`session::Session::step`] once,
//! with the time it arrived. The step answers with a [`session::Step`]:
//! [`event::Event`]s, grouped in families (game, answer, refusal,
//! prompt, engine, session, clock, record, replay, dual, training,
//! online), which every output subscribes to, and
//! [`session::Effect`]s, which the loop carries out; their answers come
//! back as inputs. Every input ends the same way (a finished game scored
//! and its clock stopped, the game kept when something worth keeping
//! changed, the engine asked when it is its turn). A line is read with
//! [`input`] into one [`input::Line`]: a command from the table in
//! [`input::commands`] with its typed argument ([`input::commands::Cmd`]),
//! a move reading, or "not understood" with a suggestion; dispatch is
//! one exhaustive `match` on `Cmd`, each command to the room that owns
//! it. The session knows none of the outputs and none of the outside.
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
//! | [`settings`] | `lang`, `online`, `rules` | the settings table: every setting once, with its words, values, default and help | I/O, reading the time |
//! | [`input`] | `lang`, `online`, `rules`, `settings` | the command table, the vocabularies of every language, the phrases of the moment for voice input made from them and the verdict on their scores, reading a line, matching moves against the legal moves, refusal reasons, suggestions | output, I/O, reading the time |
//! | [`dual`] | `input`, `rules` | the player's own board (what they state stands on their set), its comparison with the game explained by moves found by search, dictated positions, scoresheets read and reconciled (through the move input and its vocabularies) | output, I/O, reading the time |
//! | [`training`] | `input`, `rng` | blindfold practice as data: drills and questions asked during a game, what counts as right, answers read in any language and judged, seeded drills that bring missed squares back, their statistics (serialised by the store) | words, I/O, reading the time |
//! | [`event`] | `dual`, `input`, `online`, `rules`, `settings`, `training`, `view` | the events, by family, and the [`event::Subscriber`] seam; what the events carry from the store and the engine ([`event::GameEntry`], [`event::Trouble`], [`event::Failure`]), which those rooms make; the Braille scoresheet as data ([`event::BrailleSheet`]) and what became of it | words, I/O, reading the time |
//! | [`braille`] | `event`, `output` | the Braille display as data: the text view (the lines said, cut into pieces as wide as the display, the history, panning), the board view (a rank a row, a square a cell, the pieces a promotion offers), the keys and what each asks of the session, the line typed on the Braille keyboard | BrlAPI, words, I/O, reading the time |
//! | [`announce`] | `dual`, `event`, `input`, `online`, `output`, `rules`, `settings`, `training`, `view` | events into words through each language's Fluent file in `locales/`, one source file per family of events; what is spoken in which voice | I/O, reading the time |
//! | [`engine`] | `event`, `rules` | built-in search and evaluation, levels, the UCI client for external engines, the UCI server, the host threads | words |
//! | [`net`] | `online` | the network edge: the token as it is sent (only the `Authorization` header sees it), HTTPS calls, the threads that keep the event and game streams open and reconnect them with backoff | chess rules, words, files |
//! | [`store`] | `calendar`, `event`, `net`, `settings`, `training` | what is kept between runs: the autosave, games saved by name, the settings file, the drills' statistics, the lichess token's file (mode 0600); serde types with a format version, atomic writes, broken files moved aside | chess rules, words |
//! | [`session`] | `braille`, `dual`, `engine`, `event`, `input`, `online`, `rng`, `rules`, `settings`, `store`, `training`, `view` | `step`: an input in, events and effects out, one ending for every input; the `table` every room reads (game, settings, clock, time, open question); the rooms, each owning its state and answering on the table — `play`, `confirm`, `prompt`, `board`, `clock`, `seat` (the engine), `settings`, `records`, `replay`, `dual`, `training`, `online` (the lichess client and the game there), `voice` (what was heard: shown, read back, played or dropped; what to listen for), `display` (the Braille display's view, the board last sent to it, the square a routing key picked); who plays the other side as one `Opponent`; `flow`, what crosses rooms (a move played, a game replaced, what is kept, a game from lichess) | terminal, audio, files, network, the token, reading the time |
//! | [`io`] | `announce`, `braille`, `calendar`, `earcons`, `event`, `input`, `rules`, `settings`, `session` (in tests) | adapters: line sources (rustyline, plain stdin), the text sink, the speech thread, the audio stream, the microphone (`mic`: capture, WAV files and streams, voice detection) and the recogniser (`voice`: Whisper run by candle from CTranslate2's model files, scoring the phrases of the moment made by `input` over a token trie, the verdict taken by `input::verdict`), the `gate` that shuts the microphone while annabella speaks, the Braille display (`braille`: BrlAPI on a thread of its own, the display's subscriber), the Braille scoresheet's bytes (`brf`: liblouis, Braille ASCII, pages), today's date | chess rules |
//! | [`app`] | `announce`, `braille`, `engine`, `event`, `input`, `io`, `net`, `online`, `rules`, `session`, `settings`, `store` | the start (`app::start`: from the flags to a session, its store, the token, the outputs), `app::hear` (a recording recognised without a game) and the loop: everything that happens as one `Input` to the session's step; reads the time; carries out the effects (the engine host, the store, the network host, the listening thread, the Braille display opened and closed, the Braille scoresheet written) and brings their answers back; reads the token unseen after `online login` and hands it to the file and the network only; feeds subscribers | chess rules |
//!
//! The core (`lang`, `rules`, `view`, `online`, `settings`, `input`,
//! `dual`, `training`, `event`, `braille`, `announce`, and the leaves `rng`,
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
pub mod braille;
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
