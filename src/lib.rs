//! annabella: a line-oriented chess client for blind and visually
//! impaired players — the binary and its edge.
//!
//! Everything that is pure is in the crate `annabella-core` (the rooms,
//! the words, the session's step; its crate doc has the flow and the
//! table of rooms), the FIDE Laws in `annabella-rules` and the built-in
//! engine's search in `annabella-engine`. This package is what touches
//! the outside: the terminal, speech, sound, the microphone, the Braille
//! display, files, the network, engine processes and threads, and the
//! time. The core's modules are re-exported here under their own names
//! (`annabella::session`, `annabella::rules`, …), so that the binary,
//! the tests and the benches name one crate.
//!
//! # How everything flows at the edge
//!
//! ```text
//!  reader thread (rustyline, stdin) ─► lines ──┐
//!  engine host threads ─► replies ─────────────┤
//!  network host threads ─► lichess ────────────┤
//!  listening thread (io::voice) ─► heard ──────┼─► the loop ─► Session::step ─┬─► events ─► subscribers: io::text,
//!  display thread (io::braille) ─► keys, news ─┤                              │   io::speech, io::audio, io::braille
//!  the deadline the last step named ─► Tick ───┘                              ├─► effects ─► carried out by the loop,
//!                                                                             │   answers back as inputs
//!                                                                             └─► next ─► what the loop waits for
//! ```
//!
//! # The edge's modules
//!
//! The arrows run one way, as in the core: the edge uses the core, and
//! the core cannot name the edge (Cargo keeps it so).
//!
//! | module | may use | owns | knows nothing of |
//! |---|---|---|---|
//! | [`engine`] | `event`, `rules` | the engine host's threads (think for the opponent, analyse for `hint` and `eval`), the UCI client for external engines, the UCI server (`annabella uci`); the search itself is the crate `annabella-engine` | words |
//! | [`net`] | `online` | the network edge: the token as it is sent (only the `Authorization` header sees it), HTTPS calls, the threads that keep the event and game streams open and reconnect them with backoff | chess rules, words, files |
//! | [`store`] | `calendar`, `event`, `net`, `settings`, `training` | what is kept between runs, on disk (the types are the core's `store`): the autosave, games saved by name, the settings file, the drills' statistics, the lichess token's file (mode 0600); serde types with a format version, atomic writes, broken files moved aside | chess rules, words |
//! | [`io`] | `announce`, `braille`, `calendar`, `earcons`, `event`, `input`, `rules`, `settings`, `session` (in tests) | adapters: line sources (rustyline, plain stdin), the text sink, the speech thread, the audio stream, the microphone (`mic`: capture, WAV files and streams, voice detection) and the recogniser (`voice`: Whisper run by candle from CTranslate2's model files, scoring the phrases of the moment made by `input` over a token trie, the verdict taken by `input::verdict`), the `gate` that shuts the microphone while annabella speaks, the Braille display (`braille`: BrlAPI on a thread of its own, the display's subscriber), the Braille scoresheet's bytes (`brf`: liblouis, Braille ASCII, pages), today's date | chess rules |
//! | [`app`] | `announce`, `braille`, `engine`, `event`, `input`, `io`, `net`, `online`, `rules`, `session`, `settings`, `store` | the command line (`app::cli`: the flags, their help from the locales), `app::generate` (the man page and the shell completions made from the same commands and tables), the start (`app::start`: from the flags to a session, its store, the token, the outputs), `app::hear` (a recording recognised without a game) and the loop: everything that happens as one `Input` to the session's step; reads the time; waits for what the last step said comes next (`Next`: the line and its prompt, a reply first, the deadline of a flag or an alarm, the end) and asks the session nothing between steps; carries out the effects (the engine host, the store, the network host, the listening thread, the Braille display opened and closed, the Braille scoresheet written) and brings their answers back; reads the token unseen after `online login` and hands it to the file and the network only; feeds subscribers | chess rules |

#![warn(missing_docs)]

pub use annabella_core::{
    announce, braille, calendar, dual, earcons, event, input, lang, online, output, review, rng,
    rules, session, settings, training, view,
};

pub mod app;
pub mod engine;
pub mod io;
pub mod net;
pub mod store;
