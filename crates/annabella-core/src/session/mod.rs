//! The session: everything that happens comes in through one
//! [`Session::step`] with the time it happened, and goes out as events
//! (for every output) and effects (for the outside world to carry out).
//! No terminal, no audio, no files, no network and no clock: the time
//! comes in with every input, and what must be done outside leaves as an
//! [`Effect`].
//!
//! `step` (the one way in and its one ending) hands a line to
//! `dispatch`, which offers it to the open question, reads it with
//! [`crate::input`] and sends each command to the room that owns it.
//! The rooms share the `table` (the game, the settings, the game's
//! clock, the time, the one open question, the random source, the date)
//! and each owns its own state, answering on the table:
//!
//! | room | owns | answers |
//! |---|---|---|
//! | `play` | nothing of its own | a move read against the legal moves, played; draw offers and claims, accept, decline, resign, a move taken back, the game `new` asks for |
//! | `confirm` | nothing of its own | the opponent's move repeated, the player's own confirmed |
//! | `prompt` | the [`Prompt`] type (the question lies on the table) | which piece, which promotion |
//! | `board` | nothing of its own | the reading commands and `status` |
//! | `clock` | the alarms said | `clock`, `pause`, `resume`, a flag that falls, alarms |
//! | `seat` | the side the person plays, the engine (external or built in), its requests and analyses | `hint`, `eval`, the engine's replies |
//! | `settings` | nothing of its own | `set`, `settings` |
//! | `records` | what was kept last, the offer at the start, the settings file's place, PGN tags | `pgn`, `load`, `games` |
//! | `replay` | the game replayed | `next`, `prev`, `start`, `end`, `goto` |
//! | `dual` | the player's own board, scoresheets asked for, where the records agreed | `myboard`, `compare`, `scoresheet`, `restore` |
//! | `training` | blindfold play, the drill, the questions about the game, the statistics | `blindfold`, `drill`, peeks, answers |
//! | `display` | the Braille display's view, the board last sent to it, the square a routing key picked | routing keys (pick, let go, move), the view switched, the display's news, `display` |
//! | `voice` | the moments sent to the recogniser (numbered), whether listening was asked for or failed, a microphone named | what was heard (read back, asked back, played, passed to the open question), `listen`, `microphones`, the recogniser's news |
//! | `online` | the lichess client ([`crate::online::Client`]) and the game played there | `online`, `seek`, `challenge`, `abort`, `say`, `claim`, and the game commands that are calls there |
//!
//! Who plays the other side is one `Opponent` value (a person, an
//! engine, a player on lichess) that the rooms ask. When one thing
//! concerns several rooms — a move played (the clock pressed, the
//! player's board following, a repetition or a question asked), a game
//! replaced (`Session::replace_game`, the one way, by `new`, the command
//! line's start, a replay loaded, `play` from a replay, a lichess game
//! and a kept game: each room's `on_new_game` answers it), what is kept,
//! a game from lichess — the session carries it from room to room in
//! `flow`; no room reaches into another.

mod board;
mod clock;
mod confirm;
mod dispatch;
mod display;
mod drill;
mod dual;
mod flow;
mod online;
mod opponent;
mod play;
mod prompt;
mod records;
mod replay;
mod seat;
mod settings;
mod step;
mod table;
#[cfg(test)]
mod testing;
mod training;
mod voice;

pub use crate::input::grammar::Moment;
pub use display::DisplayInput;
pub use flow::RestoreError;
pub use online::TokenOutcome;
pub use prompt::Prompt;
pub use step::{Effect, Input, KeptGame, Next, Resumption, Start, Step, TokenFrom, VoiceNews};

use shakmaty::Color;

use crate::engine::client::ExternalSpec;
use std::time::Instant;

use crate::engine::host::Request;
use crate::event::{Event, GameEvent, OpponentInfo};
use crate::rng::Rng;
use crate::rules::Game;
use crate::settings::{ColorChoice, OpponentChoice, Settings};
use opponent::{Opponent, Plays};
use table::Table;

/// What the next line answers, for the prompt a terminal shows before
/// it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NextLine {
    /// A move or a command: the side to move, `None` once the game is
    /// over. (A question which piece or which promotion is answered in
    /// the move's own words.)
    Move(Option<Color>),
    /// Yes or no to the offer to go on with a kept game or to join a
    /// game on lichess.
    Offer,
    /// The opponent's move, repeated (confirm mode).
    Repeat,
    /// Yes or no to the player's own move (`confirm own`).
    YesNo,
    /// The answer to a drill's question or a question about the game.
    Answer,
    /// The next line of a dictated scoresheet.
    Sheet,
}

/// One player's session: the game, the settings, who plays the other
/// side, and the open question.
#[derive(Clone, Debug)]
pub struct Session {
    /// The game, the settings, the clock, the time and the open question.
    table: Table,
    seat: seat::Seat,
    quit: bool,
    /// The events of the last answer, for `repeat`.
    last_answer: Vec<Event>,
    /// A person answers at a terminal (the start said so): a file that
    /// is there is asked about; a script is refused with the way to
    /// force it, since nobody would answer.
    interactive: bool,
    /// The clock room: what it has said of the game's clock.
    clock: clock::ClockRoom,
    /// Saves and loads asked of the store; the last game kept.
    records: records::Records,
    /// The whole game while it is replayed (`game` is then the game up
    /// to the move shown).
    replay: replay::ReplayRoom,
    /// The player's own board, and scoresheets being compared.
    dual: dual::Dual,
    /// Blindfold play.
    training: training::Training,
    /// lichess: the account, challenges, the game played there.
    online: online::Online,
    /// What voice input was told to listen for.
    voice: voice::VoiceRoom,
    /// The Braille display: its view, the board it shows, a square picked.
    display: display::DisplayRoom,
}

impl Session {
    /// A session on `game` with `settings`; the settings say who plays
    /// the other side (`opponent`, `level`, `color`).
    pub fn new(game: Game, settings: Settings) -> Session {
        let mut session = Session {
            table: Table::new(game, settings),
            seat: seat::Seat::new(),
            quit: false,
            last_answer: Vec::new(),
            interactive: false,
            clock: clock::ClockRoom::default(),
            records: records::Records::default(),
            replay: replay::ReplayRoom::default(),
            dual: dual::Dual::new(&shakmaty::Board::new()),
            training: training::Training::default(),
            online: online::Online::default(),
            voice: voice::VoiceRoom::default(),
            display: display::DisplayRoom::default(),
        };
        session.dual.reset(&session.table);
        let side = session.draw_color();
        session.seat.sit(side);
        session.clock.reset(&mut session.table);
        session
    }

    /// Replaces the game (a new start position from the command line);
    /// a replay ends with it.
    pub fn set_game(&mut self, game: Game) {
        self.replace_game(game, flow::Replaced::Start);
    }

    /// Sets the date written into PGN (`YYYY.MM.DD`).
    pub fn set_date(&mut self, date: impl Into<String>) {
        self.table.date = date.into();
    }

    /// Seeds the random source (random Chess960 positions and colours)
    /// and the engine's deliberate mistakes; a random colour is drawn
    /// again from the new seed.
    pub fn set_seed(&mut self, seed: u64) {
        self.table.rng = Rng::new(seed);
        self.seat.set_seed(seed);
        let side = self.draw_color();
        self.seat.sit(side);
    }

    /// The drills' statistics read at the start.
    pub fn set_stats(&mut self, stats: crate::training::Stats) {
        self.training.stats = stats;
    }

    /// An external UCI engine to play the other side when the setting
    /// `opponent` is `engine`, with the built-in engine standing by.
    pub fn set_engine(&mut self, engine: Option<ExternalSpec>) {
        self.seat.set_external(engine);
    }

    /// What is said when the client starts. For a person (`full`) as
    /// `new` says it: the game (a Chess960 game with its start number),
    /// who the opponent is and which side the player has, and whose move
    /// it is; `repeat` says it again. A script hears only the line of a
    /// Chess960 start (`chess960`): its number and where the pieces
    /// stand, the same line as at a terminal, which nothing else would
    /// tell it.
    fn opening(&mut self, full: bool, chess960: bool) -> Vec<Event> {
        let game: Event = GameEvent::NewGame {
            chess960: self.table.game.chess960_number(),
        }
        .into();
        if !full {
            return if chess960 { vec![game] } else { Vec::new() };
        }
        let events = vec![
            game,
            self.opponent_changed(),
            self.table.status(self.against()),
        ];
        self.last_answer.clone_from(&events);
        events
    }

    /// Who plays the other side now.
    pub fn opponent(&self) -> OpponentInfo {
        self.seat.info(&self.table.settings)
    }

    /// A random Chess960 start number.
    pub fn random_chess960(&mut self) -> u32 {
        self.table.random_chess960()
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.table.game
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.table.settings
    }

    /// Whether the player asked to quit.
    pub fn is_quit(&self) -> bool {
        self.quit
    }

    /// The open question, if any.
    pub fn prompt(&self) -> Option<&Prompt> {
        self.table.prompt.as_ref()
    }

    /// Whether a clock runs.
    pub fn timed(&self) -> bool {
        self.table.clock_runs()
    }

    /// When the session must be told the time next even if no input
    /// comes: a flag's fall or an alarm, so that they are said on time
    /// ([`Next::deadline`]).
    pub fn next_deadline(&self) -> Option<Instant> {
        self.clock.deadline(&self.table, self.against())
    }

    /// The latest time the session was given.
    pub fn now(&self) -> Option<Instant> {
        self.table.now
    }

    /// The requests for the engine thread: analyses asked for, and the
    /// engine's move when it is the engine's turn and none is out yet.
    fn engine_requests(&mut self) -> Vec<Request> {
        // A replayed game is cut at the move shown, not running: the
        // engine must not play on in it (analyses still go out).
        let asking = self.table.prompt.is_some() || self.replay.replaying();
        let o = self.against();
        self.seat.requests(&self.table, o, asking)
    }

    /// Whether a reply of the engine is awaited (its move or an analysis).
    pub fn waiting(&self) -> bool {
        self.seat.waiting() || self.online.waiting(&self.table.game)
    }

    /// How many nodes `hint` and `eval` search (default 300,000: about a
    /// tenth of a second, the same answer every time).
    pub fn set_analysis_nodes(&mut self, nodes: u64) {
        self.seat.set_analysis_nodes(nodes);
    }

    /// Whose move it is, or `None` once the game is over; for the prompt.
    pub fn to_move(&self) -> Option<Color> {
        (!self.table.game.is_over()).then(|| self.table.game.turn())
    }

    /// Who plays the other side now, as the rooms ask it.
    fn against(&self) -> Opponent {
        let online = self.online.color();
        let plays = match (online, self.table.settings.opponent) {
            (Some(_), _) => Plays::Lichess,
            (None, OpponentChoice::Human) => Plays::Person,
            (None, OpponentChoice::Engine) => Plays::Engine,
        };
        Opponent {
            plays,
            human: online.unwrap_or(self.seat.human()),
        }
    }

    /// Whether an offer at the start is open: to go on with the kept
    /// game, or to join a game on lichess.
    fn offering(&self) -> bool {
        self.records.offering() || self.online.offering()
    }

    /// Where the settings file is, said with `settings`.
    pub fn set_settings_file(&mut self, path: std::path::PathBuf) {
        self.records.set_settings_file(path);
    }

    /// What the next line answers, for the prompt shown before it.
    pub fn next_line(&self) -> NextLine {
        if self.offering() {
            return NextLine::Offer;
        }
        match &self.table.prompt {
            Some(Prompt::Repeat { .. }) => NextLine::Repeat,
            Some(
                Prompt::ConfirmOwn { .. }
                | Prompt::HeardCommand { .. }
                | Prompt::Restore { .. }
                | Prompt::Replace(_),
            ) => NextLine::YesNo,
            Some(Prompt::Drill | Prompt::Quiz { .. }) => NextLine::Answer,
            Some(Prompt::Sheet { .. }) => NextLine::Sheet,
            Some(Prompt::Which { .. } | Prompt::Promotion { .. } | Prompt::Either { .. })
            | None => NextLine::Move(self.to_move()),
        }
    }

    /// The side the person plays, drawn by lot when the choice is random
    /// (and only then, so that a seed gives the same games).
    fn draw_color(&mut self) -> Color {
        match self.table.settings.color {
            ColorChoice::White => Color::White,
            ColorChoice::Black => Color::Black,
            ColorChoice::Random if self.table.rng.below(2) == 0 => Color::White,
            ColorChoice::Random => Color::Black,
        }
    }
}
