//! annabella-core: every pure room of annabella, the chess client for
//! blind and visually impaired players, and the session's step.
//!
//! Nothing here touches a terminal, a sound card, a speech service, a
//! Braille display, a network, a file or a thread, and nothing reads the
//! time: the `annabella` package (the binary and its edge: `io`,
//! `store`, `net`, the engine host, `app`) does, and hands what happened
//! to [`session::Session::step`] as one [`session::Input`], with the
//! time it arrived. The crate's dependencies say so: no `cpal`, `tts`,
//! `brlapi`, `ureq`, `directories` or `tempfile` in its tree (the
//! package's test `tests/it/crates.rs` reads `cargo metadata`).
//!
//! # How everything flows
//!
//! ```text
//!  line ─────┐                       ┌─► events ──► every Subscriber: io::text
//!  deadline  │                       │   (announce → lines), io::speech,
//!  engine ───┤                       │   io::audio, io::braille (the display)
//!  reply     ├─► Input ─► Session    │
//!  lichess ──┤   ::step(input, now) ─┤   (dispatch → one room, rooms on the
//!  store ────┤                       │    table, flows across rooms)
//!  token ────┤                       └─► effects ──► app carries them out: ask
//!  heard ────┤                            the engine, the store, lichess; read
//!  display ──┤                            a secret; listen; open or close the
//!  keys      │                            display; write a scoresheet —
//!  end ──────┘                            answers come back as Inputs
//!                                    └─► next ──► what app waits for: the line
//!                                        and its prompt, a reply first, the
//!                                        next deadline, the end
//! ```
//!
//! The loop (the `annabella` package's `app`): it turns everything that happens — a line read
//! on its own thread, a reply of the engine host (its
//! `engine::host`, which thinks for the opponent and analyses for `hint` and `eval` on
//! threads of its own), a reply or stream line of the network host
//! (its `net`, lichess), the deadline the last step named (a flag due
//! to fall, an alarm to sound; no tick runs between), the
//! store's answer, the token typed after `online login` handled, what
//! the microphone heard (the listening thread of its `io::voice`), a key
//! of the Braille display or its news (its `io::braille`, BrlAPI on a
//! thread of its own), the end of input — into
//! one [`session::Input`] and calls [`session::Session::step`] once,
//! with the time it arrived. The step answers with a [`session::Step`]:
//! [`event::Event`]s, grouped in families (game, answer, refusal,
//! prompt, engine, session, clock, record, replay, dual, training,
//! online), which every output subscribes to, and
//! [`session::Effect`]s, which the loop carries out; their answers come
//! back as inputs; and [`session::Next`], what the session waits for
//! next, so that the loop asks it nothing between steps. Every input ends the same way (a finished game scored
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
//! above it: the arrows run one way, and the package's
//! `tests/it/structure.rs` reads this table and every `crate::` path of
//! this crate to keep it so, and that no room reads a clock. What lies
//! outside the core, Cargo keeps out: this crate cannot name the edge.
//!
//! | module | may use | owns | knows nothing of |
//! |---|---|---|---|
//! | [`lang`] | — | the UI languages, words of one meaning in each language, folding words for matching | the rest of the crate, I/O, reading the time |
//! | [`rules`] | — | the crate `annabella-rules`: [`rules::Game`] on shakmaty: history, results, claims, repetition, dead position, Chess960, move facts, PGN import; [`rules::clock`], the chess clock as a pure state machine told the time | words, I/O, reading the time |
//! | [`view`] | — | board reading as data: board formats, lines of squares, attackers, piece lists | words, I/O, reading the time |
//! | [`online`] | — | the Lichess Board API as data: the events of the event and game streams, the NDJSON reader that cuts bytes into them, the calls (method, path, form) and replies between the session and the network; the client as a state machine told the time (calls in flight and what each is for, the seek, lichess's pause, the streams, challenges waiting, the answers' JSON read) | network, words, reading the time |
//! | [`rng`] | — | a small seeded random source | I/O, reading the time |
//! | [`output`] | — | text for screen readers and Braille displays: wrapping, the check every answer passes | I/O, reading the time |
//! | [`earcons`] | — | the sound cues as samples | audio devices, reading the time |
//! | [`calendar`] | — | a moment as the PGN date and the stamps of files moved aside (UTC, on chrono) | I/O, reading the time |
//! | [`review`] | `rules` | a game's review as data: the evaluation of every position, lichess's winning chances, the judgement of each move (inaccuracy, mistake, blunder) and each side's accuracy, the turning points | words, I/O, reading the time |
//! | [`settings`] | `lang`, `online`, `rules` | the settings table: every setting once, with its words, values, default and help | I/O, reading the time |
//! | [`input`] | `lang`, `online`, `rules`, `settings` | the command table, the vocabularies of every language, the phrases of the moment for voice input made from them and the verdict on their scores, reading a line, matching moves against the legal moves, refusal reasons, suggestions | output, I/O, reading the time |
//! | [`dual`] | `input`, `rules` | the player's own board (what they state stands on their set), its comparison with the game explained by moves found by search, dictated positions, scoresheets read and reconciled (through the move input and its vocabularies) | output, I/O, reading the time |
//! | [`training`] | `input`, `rng` | blindfold practice as data: drills and questions asked during a game, what counts as right, answers read in any language and judged, seeded drills that bring missed squares back, their statistics (serialised by the store) | words, I/O, reading the time |
//! | [`event`] | `dual`, `input`, `online`, `review`, `rules`, `settings`, `training`, `view` | the events, by family, and the [`event::Subscriber`] seam; what the events carry from the store and the engine ([`event::GameEntry`], [`event::Trouble`], [`event::Failure`]), which those rooms make; the Braille scoresheet as data ([`event::BrailleSheet`]) and what became of it | words, I/O, reading the time |
//! | [`braille`] | `event`, `output` | the Braille display as data: the text view (the lines said, cut into pieces as wide as the display, the history, panning), the board view (a rank a row, a square a cell, the pieces a promotion offers), the keys and what each asks of the session, the line typed on the Braille keyboard | BrlAPI, words, I/O, reading the time |
//! | [`announce`] | `dual`, `event`, `input`, `online`, `output`, `review`, `rules`, `settings`, `training`, `view` | events into words through each language's Fluent file in `locales/`, one source file per family of events; what is spoken in which voice; the message ids of `--help` and the man page (`manual`) | I/O, reading the time |
//! | [`engine`] | `event`, `rules` | the engine as the session sees it: the crate `annabella-engine` (built-in search and evaluation, levels), what the engine host is asked and answers, how an external engine is named | words, threads, processes, reading the time |
//! | [`store`] | `event`, `training` | what is kept between runs as serde types with a format version (a game, its clock, its result, blindfold play), what the session asks of the store and hears back | files, chess rules, words, reading the time |
//! | [`session`] | `braille`, `dual`, `engine`, `event`, `input`, `online`, `review`, `rng`, `rules`, `settings`, `store`, `training`, `view` | `step`: an input in, events and effects out, one ending for every input; the `table` every room reads (game, settings, clock, time, open question); the rooms, each owning its state and answering on the table — `play`, `confirm`, `prompt`, `board`, `clock`, `seat` (the engine), `settings`, `records`, `replay`, `dual`, `training`, `online` (the lichess client and the game there), `voice` (what was heard: shown, read back, played or dropped; what to listen for), `display` (the Braille display's view, the board last sent to it, the square a routing key picked); who plays the other side as one `Opponent`; `flow`, what crosses rooms (a move played, a game replaced, what is kept, a game from lichess) | terminal, audio, files, network, the token, reading the time |
//!
//! Commands and settings are data: adding one is a table entry, the
//! match arm the compiler asks for, its locale ids and its row in the
//! README's table, which a test holds to the code. Every word the
//! player reads is in `locales/`; code holds message ids. Time is a
//! value passed in, never read here.

#![warn(missing_docs)]

pub use annabella_rules as rules;

pub mod announce;
pub mod braille;
pub mod calendar;
pub mod dual;
pub mod earcons;
pub mod engine;
pub mod event;
pub mod input;
pub mod lang;
pub mod online;
pub mod output;
pub mod review;
pub mod rng;
pub mod session;
pub mod settings;
pub mod store;
pub mod training;
pub mod view;
