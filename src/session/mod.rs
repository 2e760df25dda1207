//! The session: one line or engine reply in, events out. No terminal,
//! no audio, no files.
//!
//! The session is split into rooms, each an `impl Session` block of its
//! own: `dispatch` reads a line (through [`crate::input`]) and sends it
//! to the room that owns it; `play` plays moves, claims, offers, undo,
//! resignation and new games on the rules core; `seat` knows who plays
//! the other side and asks the engine (the caller carries the requests
//! to the engine thread and brings back the replies); `prompt` holds the
//! one open question; `board` answers the reading commands; `settings`
//! changes and lists the settings.

mod board;
mod dispatch;
mod play;
mod prompt;
mod seat;
mod settings;

pub use prompt::Prompt;

use shakmaty::Color;

use crate::engine::client::ExternalSpec;
use crate::engine::host::{Reply, Request};
use crate::event::{Event, OpponentInfo, Refused, SessionEvent};
use crate::rng::Rng;
use crate::rules::Game;
use crate::settings::{ColorChoice, Settings};

/// One player's session: the game, the settings, who plays the other
/// side, and the open question.
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    settings: Settings,
    prompt: Option<Prompt>,
    seat: seat::Seat,
    rng: Rng,
    date: String,
    quit: bool,
    /// The events of the last answer, for `repeat`.
    last_answer: Vec<Event>,
}

impl Session {
    /// A session on `game` with `settings`; the settings say who plays
    /// the other side (`opponent`, `level`, `color`).
    pub fn new(game: Game, settings: Settings) -> Session {
        let mut session = Session {
            game,
            settings,
            prompt: None,
            seat: seat::Seat::new(),
            rng: Rng::new(0x9E37_79B9_7F4A_7C15),
            date: "????.??.??".to_string(),
            quit: false,
            last_answer: Vec::new(),
        };
        session.seat.human = session.draw_color();
        session
    }

    /// Replaces the game (a new start position from the command line).
    pub fn set_game(&mut self, game: Game) {
        self.game = game;
        self.prompt = None;
    }

    /// Sets the date written into PGN (`YYYY.MM.DD`).
    pub fn set_date(&mut self, date: impl Into<String>) {
        self.date = date.into();
    }

    /// Seeds the random source (random Chess960 positions and colours)
    /// and the engine's deliberate mistakes; a random colour is drawn
    /// again from the new seed.
    pub fn set_seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
        self.seat.seed = seed;
        self.seat.human = self.draw_color();
    }

    /// An external UCI engine to play the other side when the setting
    /// `opponent` is `engine`, with the built-in engine standing by.
    pub fn set_engine(&mut self, engine: Option<ExternalSpec>) {
        self.seat.external = engine;
        self.seat.awaiting = None;
    }

    /// Who plays the other side now.
    pub fn opponent(&self) -> OpponentInfo {
        self.seat.info(&self.settings)
    }

    /// A random Chess960 start number.
    pub fn random_chess960(&mut self) -> u32 {
        self.rng.below(960) as u32
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Whether the player asked to quit.
    pub fn is_quit(&self) -> bool {
        self.quit
    }

    /// The open question, if any.
    pub fn prompt(&self) -> Option<&Prompt> {
        self.prompt.as_ref()
    }

    /// Handles one line of input and returns what happened.
    pub fn handle_line(&mut self, line: &str) -> Vec<Event> {
        let events = self.dispatch(line);
        let repeat_only =
            matches!(
                events[..],
                [Event::Session(SessionEvent::Repeated(_))
                    | Event::Refusal(Refused::NothingToRepeat)]
            );
        if !events.is_empty() && !repeat_only {
            self.last_answer.clone_from(&events);
        }
        events
    }

    /// A request for the engine's move when it is the engine's turn and
    /// none is out yet. The caller hands it to the engine host and later
    /// brings the reply to [`Session::engine_moved`].
    pub fn engine_request(&mut self) -> Option<Request> {
        if self.prompt.is_some() {
            return None;
        }
        self.seat.move_request(&self.game, &self.settings)
    }

    /// The engine request whose reply is awaited, if any.
    pub fn awaiting(&self) -> Option<u64> {
        self.seat.awaiting
    }

    /// Plays the engine's reply, if it is still wanted.
    pub fn engine_moved(&mut self, reply: Reply) -> Vec<Event> {
        self.reply(reply)
    }

    /// The side the person plays, drawn by lot when the choice is random
    /// (and only then, so that a seed gives the same games).
    fn draw_color(&mut self) -> Color {
        match self.settings.color {
            ColorChoice::White => Color::White,
            ColorChoice::Black => Color::Black,
            ColorChoice::Random if self.rng.below(2) == 0 => Color::White,
            ColorChoice::Random => Color::Black,
        }
    }
}
