//! The session: everything that happens comes in through one
//! [`Session::step`] with the time it happened, and goes out as events
//! (for every output) and effects (for the outside world to carry out).
//! No terminal, no audio, no files, no network and no clock: the time
//! comes in with every input, and what must be done outside leaves as an
//! [`Effect`].
//!
//! [`Session`] itself has `step`, what is set before the first step and
//! read-only accessors; everything else belongs to its `Rooms`. `step`
//! (the one way in and its one ending) hands a line to `dispatch`, which
//! offers it to the open question, reads it with [`crate::input`] and
//! sends each command to the room that owns it. The rooms share the
//! `table` (the game, the settings, the game's clock, the time, the one
//! open question, the random source, the date) and each owns its own
//! state, its fields private to it, answering on the table; a room
//! changes another only through the table or the flow:
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
//! | `review` | the reviews made or read (kept with their games' moves), the review under way, the turning point shown, whether the opening was said | `review`, `stop`, `opening`, the review's analyses, the opening said when a game leaves the book |
//! | `online` | the lichess client ([`crate::online::Client`]) and the game played there | `online`, `seek`, `challenge`, `abort`, `say`, `claim`, and the game commands that are calls there |
//!
//! Who plays the other side is one `Opponent` value (a person, an
//! engine, a player on lichess) that the rooms ask. When one thing
//! concerns several rooms — a move played (the clock pressed, the
//! player's board following, a repetition or a question asked), a game
//! replaced (`Rooms::replace_game`, the one way, by `new`, the command
//! line's start, a replay loaded, `play` from a replay, a lichess game
//! and a kept game: each room's `on_new_game` answers it), what is kept,
//! a game from lichess — the session carries it from room to room in
//! `flow`; no room reaches into another.

mod board;
mod clock;
mod confirm;
mod dispatch;
mod display;
mod dual;
mod flow;
mod online;
mod opponent;
mod play;
mod prompt;
mod records;
mod replay;
mod review;
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
use crate::store::SavedGame;
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
/// side, and the open question. Its own methods are [`Session::step`],
/// the one way in, what is set before the first step, and what may be
/// read of it; everything else is its rooms' (`Rooms`).
#[derive(Clone, Debug)]
pub struct Session {
    rooms: Rooms,
}

impl Session {
    /// A session on `game` with `settings`; the settings say who plays
    /// the other side (`opponent`, `level`, `color`).
    pub fn new(game: Game, settings: Settings) -> Session {
        Session {
            rooms: Rooms::new(game, settings),
        }
    }

    /// One thing happened at `now`: the session answers with what is
    /// said, what must be done and what it waits for next.
    ///
    /// ```
    /// use std::time::Instant;
    /// use annabella_core::rules::Game;
    /// use annabella_core::session::{Input, Session};
    /// use annabella_core::settings::{OpponentChoice, Settings};
    ///
    /// let settings = Settings { opponent: OpponentChoice::Human, ..Settings::default() };
    /// let mut session = Session::new(Game::new(), settings);
    /// let step = session.step(Input::Line("Springer Felix drei".into()), Instant::now());
    /// assert_eq!(session.game().plies().len(), 1);
    /// assert!(!step.events.is_empty());
    /// ```
    pub fn step(&mut self, input: Input, now: Instant) -> Step {
        self.rooms.step(input, now)
    }

    /// Before the first step: replaces the game (a new start position
    /// from the command line); a replay ends with it.
    pub fn set_game(&mut self, game: Game) {
        self.rooms.set_game(game);
    }

    /// Before the first step: the date written into PGN (`YYYY.MM.DD`).
    pub fn set_date(&mut self, date: impl Into<String>) {
        self.rooms.table.date = date.into();
    }

    /// Before the first step: seeds the random source (random Chess960
    /// positions and colours) and the engine's deliberate mistakes; a
    /// random colour is drawn again from the new seed.
    pub fn set_seed(&mut self, seed: u64) {
        self.rooms.set_seed(seed);
    }

    /// Before the first step: the drills' statistics read at the start.
    pub fn set_stats(&mut self, stats: crate::training::Stats) {
        self.rooms.training.set_stats(stats);
    }

    /// Before the first step: an external UCI engine to play the other
    /// side when the setting `opponent` is `engine`, with the built-in
    /// engine standing by.
    pub fn set_engine(&mut self, engine: Option<ExternalSpec>) {
        self.rooms.seat.set_external(engine);
    }

    /// Before the first step: how many nodes `hint` and `eval` search
    /// (default 300,000: about a tenth of a second, the same answer
    /// every time).
    pub fn set_analysis_nodes(&mut self, nodes: u64) {
        self.rooms.seat.set_analysis_nodes(nodes);
    }

    /// Before the first step: where the settings file is, said with
    /// `settings`.
    pub fn set_settings_file(&mut self, path: std::path::PathBuf) {
        self.rooms.records.set_settings_file(path);
    }

    /// Before the first step: a random Chess960 start number, drawn from
    /// the session's random source.
    pub fn random_chess960(&mut self) -> u32 {
        self.rooms.table.random_chess960()
    }

    /// Who plays the other side now.
    pub fn opponent(&self) -> OpponentInfo {
        self.rooms.opponent()
    }

    /// The game.
    pub fn game(&self) -> &Game {
        self.rooms.game()
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        self.rooms.settings()
    }

    /// Whether the player asked to quit.
    pub fn is_quit(&self) -> bool {
        self.rooms.quit
    }

    /// The open question, if any.
    pub fn prompt(&self) -> Option<&Prompt> {
        self.rooms.prompt()
    }

    /// Whether a clock runs.
    pub fn timed(&self) -> bool {
        self.rooms.timed()
    }

    /// When the session must be told the time next even if no input
    /// comes ([`Next::deadline`]).
    pub fn next_deadline(&self) -> Option<Instant> {
        self.rooms.next_deadline()
    }

    /// The latest time the session was given.
    pub fn now(&self) -> Option<Instant> {
        self.rooms.table.now
    }

    /// Whether a reply is awaited ([`Next::waiting`]).
    pub fn waiting(&self) -> bool {
        self.rooms.waiting()
    }

    /// Whose move it is, or `None` once the game is over; for the prompt.
    pub fn to_move(&self) -> Option<Color> {
        self.rooms.to_move()
    }

    /// What the next line answers ([`Next::line`]).
    pub fn next_line(&self) -> NextLine {
        self.rooms.next_line()
    }

    /// The game as it is kept, with the clock as it stands at `now`.
    pub fn record(&self, now: Instant) -> SavedGame {
        self.rooms.record(now)
    }
}

/// The rooms of one session and the table they share. The step's flow
/// is theirs: `step` (the one way in and its ending), `dispatch` (a line
/// to the room that owns it) and `flow` (what crosses rooms), each an
/// `impl Rooms` that hands the table to the room answering.
#[derive(Clone, Debug)]
struct Rooms {
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
    /// Reviews made and under way, the turning point shown, the opening
    /// said.
    review: review::ReviewRoom,
}

impl Rooms {
    fn new(game: Game, settings: Settings) -> Rooms {
        let mut session = Rooms {
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
            review: review::ReviewRoom::default(),
        };
        session.dual.reset(&session.table);
        let side = session.draw_color();
        session.seat.sit(side);
        session.clock.reset(&mut session.table);
        session
    }

    /// Replaces the game (a new start position from the command line);
    /// a replay ends with it.
    fn set_game(&mut self, game: Game) {
        self.replace_game(game, flow::Replaced::Start);
    }

    /// Seeds the random source (random Chess960 positions and colours)
    /// and the engine's deliberate mistakes; a random colour is drawn
    /// again from the new seed.
    fn set_seed(&mut self, seed: u64) {
        self.table.rng = Rng::new(seed);
        self.seat.set_seed(seed);
        let side = self.draw_color();
        self.seat.sit(side);
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

    /// When the session must be told the time next even if no input
    /// comes: a flag's fall or an alarm, so that they are said on time
    /// ([`Next::deadline`]).
    fn opponent(&self) -> OpponentInfo {
        self.seat.info(&self.table.settings)
    }

    fn game(&self) -> &Game {
        &self.table.game
    }

    fn settings(&self) -> &Settings {
        &self.table.settings
    }

    fn prompt(&self) -> Option<&Prompt> {
        self.table.prompt.as_ref()
    }

    fn timed(&self) -> bool {
        self.table.clock_runs()
    }

    fn next_deadline(&self) -> Option<Instant> {
        self.clock.deadline(&self.table, self.against())
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
    fn waiting(&self) -> bool {
        self.seat.waiting() || self.review.waiting() || self.online.waiting(&self.table.game)
    }

    /// Whose move it is, or `None` once the game is over; for the prompt.
    fn to_move(&self) -> Option<Color> {
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

    /// What the next line answers, for the prompt shown before it.
    fn next_line(&self) -> NextLine {
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
