//! The seat: the side the person plays, the engine on the other side
//! (external, or built in), and what the session asks of it. Requests
//! go out as effects of the step; replies come back tagged with the
//! request's id, and one that no longer fits the game is dropped.
//! Nothing an engine sends changes the game unchecked. `hint` and
//! `eval` are requests too, so the player can read the board while the
//! engine analyses.

use std::time::Duration;

use shakmaty::{Chess, Color, Move, Position};

use crate::engine::client::{ExternalSpec, Failure};
use crate::engine::host::{AnalysisRequest, Answer, Budget, MoveRequest, Reply, Request};
use crate::engine::level;
use crate::engine::search::{Score, SearchResult};
use crate::event::{EngineEvent, Evaluation, Event, OpponentInfo, OpponentKind};
use crate::input::Refusal;
use crate::rules::{Game, MoveFacts, key_of};
use crate::settings::{OpponentChoice, Settings};

use super::opponent::Opponent;
use super::table::Table;

/// Nodes a `hint` or `eval` searches: about a tenth of a second, and the
/// same answer every time.
const ANALYSIS_NODES: u64 = 300_000;

/// What an analysis is asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Purpose {
    /// `hint`: the move the engine would play.
    Hint,
    /// `eval`: how the position stands.
    Eval,
}

/// An analysis on its way, for the position it was asked in.
#[derive(Clone, Debug)]
struct Pending {
    id: u64,
    purpose: Purpose,
    position: u64,
}

/// The other side of the board and the engine requests in flight. Who
/// plays it (a person or an engine), the engine's level and the side the
/// person wants are settings; the seat adds what is not a setting.
#[derive(Clone, Debug)]
pub(super) struct Seat {
    /// An external engine to ask first; dropped when it fails, and the
    /// built-in engine plays on.
    external: Option<ExternalSpec>,
    /// The side the person plays in this game.
    human: Color,
    /// Thinking time per move at full strength and for external engines.
    movetime: Duration,
    /// The move request whose reply is awaited.
    awaiting: Option<u64>,
    /// Analyses whose replies are awaited.
    analyses: Vec<Pending>,
    /// Analysis requests not yet handed to the engine thread.
    outbox: Vec<Request>,
    /// Requests made so far (the next id).
    requests: u64,
    /// Seed for the engine's deliberate mistakes.
    seed: u64,
    /// Nodes an analysis searches.
    analysis_nodes: u64,
    /// The external engine's own name (`id name`), once it has moved.
    engine_name: Option<String>,
}

impl Seat {
    pub fn new() -> Seat {
        Seat {
            external: None,
            human: Color::White,
            movetime: Duration::from_secs(1),
            awaiting: None,
            analyses: Vec::new(),
            outbox: Vec::new(),
            requests: 0,
            seed: 1,
            analysis_nodes: ANALYSIS_NODES,
            engine_name: None,
        }
    }

    /// The side the person plays in this game.
    pub fn human(&self) -> Color {
        self.human
    }

    /// The person takes `side` (a new game, a kept one, lichess's).
    pub fn sit(&mut self, side: Color) {
        self.human = side;
    }

    /// The seed of the engine's deliberate mistakes.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// An external engine to ask first, or none: its name is learnt
    /// again from its first move, and a move on its way is not wanted.
    pub fn set_external(&mut self, engine: Option<ExternalSpec>) {
        self.external = engine;
        self.engine_name = None;
        self.forget_move();
    }

    /// The nodes an analysis searches.
    pub fn set_analysis_nodes(&mut self, nodes: u64) {
        self.analysis_nodes = nodes;
    }

    /// The move request whose reply is awaited.
    pub fn awaited(&self) -> Option<u64> {
        self.awaiting
    }

    /// A move request is out (for tests of the rooms that drop it).
    #[cfg(test)]
    pub fn await_move(&mut self, id: u64) {
        self.awaiting = Some(id);
    }

    fn next_id(&mut self) -> u64 {
        self.requests += 1;
        self.requests
    }

    /// Whether a reply is awaited: the engine's move or an analysis.
    pub fn waiting(&self) -> bool {
        self.awaiting.is_some() || !self.analyses.is_empty()
    }

    /// The game changed under the engine (a new game, a take-back, a
    /// replay, a setting): the move it thinks about is not wanted.
    pub fn forget_move(&mut self) {
        self.awaiting = None;
    }

    /// Another game is on the board: the move awaited is not wanted.
    pub fn on_new_game(&mut self) {
        self.forget_move();
    }

    /// The requests to hand to the engine thread now: analyses asked
    /// for, and the engine's move when it is its turn, nothing else is
    /// asked (`asking`: a question is open, a game is replayed) and none
    /// is out. A move of a game that ended is not awaited any more.
    pub fn requests(&mut self, t: &Table, o: Opponent, asking: bool) -> Vec<Request> {
        let game = &t.game;
        if game.is_over() {
            self.forget_move();
        }
        let mut out = std::mem::take(&mut self.outbox);
        let engine_turn = !game.is_over() && !asking && o.engine_plays(game.turn());
        if engine_turn && self.awaiting.is_none() {
            let id = self.next_id();
            self.awaiting = Some(id);
            let plies = game.plies().len() as u64;
            out.push(Request::Move(MoveRequest {
                id,
                initial: game.initial_position().clone(),
                moves: game.plies().iter().map(|p| p.mv).collect(),
                mode: game.castling_mode(),
                level: t.settings.level.0,
                seed: self.seed ^ plies.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                movetime: self.movetime,
                external: self.external.clone(),
                clock: t.go_clock(),
            }));
        }
        out
    }

    /// The opponent as an announcement states it.
    pub fn info(&self, settings: &Settings) -> OpponentInfo {
        let kind = match (settings.opponent, &self.external) {
            (OpponentChoice::Human, _) => OpponentKind::Human,
            (OpponentChoice::Engine, None) => OpponentKind::Builtin,
            (OpponentChoice::Engine, Some(_)) => OpponentKind::External,
        };
        OpponentInfo {
            kind,
            level: settings.level.0,
            elo: level::level(settings.level.0).elo,
            human: self.human,
        }
    }

    /// Says who plays the other side now.
    pub fn changed(&self, settings: &Settings) -> Event {
        EngineEvent::OpponentChanged(self.info(settings)).into()
    }

    /// The players' names for PGN, White's first: the engine by its name
    /// and level (an external one by its program's name), the person by
    /// the setting `name` (`?` when unknown; in hot seat for both sides).
    pub fn players(&self, settings: &Settings) -> [String; 2] {
        let engine = match (&settings.opponent, &self.external) {
            (OpponentChoice::Human, _) => None,
            (OpponentChoice::Engine, None) => Some(format!("annabella level {}", settings.level.0)),
            (OpponentChoice::Engine, Some(spec)) => Some(
                self.engine_name
                    .clone()
                    .unwrap_or_else(|| program_name(&spec.command)),
            ),
        };
        let person = settings.name.pgn().to_string();
        let mut players = [person.clone(), person];
        if let Some(name) = engine {
            let engine_side = !self.human;
            players[usize::from(engine_side == Color::Black)] = name;
        }
        players
    }

    /// An engine reply: the move to play for the opponent, if it is
    /// still wanted and legal (with what is said of the engine first),
    /// or an analysis said. Nothing an engine sends changes the game
    /// unchecked: a failed or cheating external engine is dropped, and
    /// the built-in engine plays on.
    pub fn reply(&mut self, t: &Table, reply: Reply) -> Heard {
        match reply.answer {
            Answer::Move {
                mv,
                failure,
                engine,
            } => {
                if engine.is_some() {
                    self.engine_name = engine;
                }
                self.engine_move(t, reply.id, mv, failure)
            }
            Answer::Analysis { result, .. } => {
                Heard::Said(self.analysis_done(t, reply.id, &result))
            }
        }
    }

    /// The engine's move, if it is still wanted.
    fn engine_move(
        &mut self,
        t: &Table,
        id: u64,
        mv: Option<Move>,
        failure: Option<Failure>,
    ) -> Heard {
        if self.awaiting != Some(id) {
            return Heard::Said(Vec::new());
        }
        self.awaiting = None;
        // The game ended while the engine thought (a resignation, a
        // fallen flag): its move is not wanted, and is no fault of it.
        if t.game.is_over() {
            return Heard::Said(Vec::new());
        }
        let mut events = Vec::new();
        if let Some(failure) = failure {
            self.external = None;
            events.push(EngineEvent::Failed(failure).into());
        }
        match mv {
            Some(mv) if t.game.legal_moves().contains(&mv) => Heard::Move(mv, events),
            Some(mv) => {
                self.external = None;
                let uci = mv.to_uci(t.game.castling_mode());
                events.push(EngineEvent::Failed(Failure::IllegalMove(uci)).into());
                Heard::Said(events)
            }
            None => Heard::Said(events),
        }
    }

    /// `hint` (the move the engine would play) or `eval` (how the
    /// position stands): the position goes off for analysis; the answer
    /// comes with the reply, and the board can be read meanwhile.
    /// A hint while the engine is to move would be the engine's own
    /// move: none is asked for then.
    pub fn analyse(&mut self, t: &Table, o: Opponent, purpose: Purpose) -> Vec<Event> {
        if t.game.is_over() {
            return vec![Refusal::GameOver.into()];
        }
        if purpose == Purpose::Hint && o.engine_plays(t.game.turn()) {
            return vec![EngineEvent::HintOnEngineTurn.into()];
        }
        let id = self.next_id();
        self.analyses.push(Pending {
            id,
            purpose,
            position: key_of(t.game.position()),
        });
        self.outbox.push(Request::Analyse(AnalysisRequest {
            id,
            initial: t.game.initial_position().clone(),
            moves: t.game.plies().iter().map(|p| p.mv).collect(),
            budget: Budget::Nodes(self.analysis_nodes),
            mode: t.game.castling_mode(),
            external: None,
        }));
        Vec::new()
    }

    /// An analysis of position `index` of `game` for its review, on the
    /// external engine when there is one (the built-in engine answers if
    /// it fails): the request goes out with the step; its id, which the
    /// reply carries.
    pub fn ask_review(&mut self, game: &Game, index: usize, budget: Budget) -> u64 {
        let id = self.next_id();
        self.outbox.push(Request::Analyse(AnalysisRequest {
            id,
            initial: game.initial_position().clone(),
            moves: game.plies().iter().take(index).map(|p| p.mv).collect(),
            budget,
            mode: game.castling_mode(),
            external: self.external.clone(),
        }));
        id
    }

    /// The external engine's name as the review names it: its own
    /// (`id name`) once known, else its program's; `None` for the
    /// built-in engine.
    pub fn analyst(&self) -> Option<String> {
        let spec = self.external.as_ref()?;
        Some(
            self.engine_name
                .clone()
                .unwrap_or_else(|| program_name(&spec.command)),
        )
    }

    /// The external engine failed in a review: the built-in engine
    /// analyses from now on, and plays.
    pub fn external_failed(&mut self) {
        self.external = None;
    }

    /// An analysis came back: said if the position is still the one it
    /// was asked for, dropped if a move has been played since.
    fn analysis_done(&mut self, t: &Table, id: u64, result: &SearchResult) -> Vec<Event> {
        let Some(at) = self.analyses.iter().position(|p| p.id == id) else {
            return Vec::new();
        };
        let pending = self.analyses.remove(at);
        let pos = t.game.position();
        if pending.position != key_of(pos) || t.game.is_over() {
            return Vec::new();
        }
        // A search that found no move in a running game failed; there
        // is nothing true to say.
        let Some(best) = result.best else {
            return Vec::new();
        };
        match pending.purpose {
            Purpose::Hint => vec![EngineEvent::Hint(MoveFacts::of_move(pos, best)).into()],
            Purpose::Eval => vec![evaluation(pos, result)],
        }
    }
}

/// What an engine reply comes to.
#[derive(Clone, Debug)]
pub(super) enum Heard {
    /// The engine's move, to play, after these events.
    Move(Move, Vec<Event>),
    /// Only this to say (perhaps nothing).
    Said(Vec<Event>),
}

/// How the position stands, from White's side, with the expected line.
fn evaluation(pos: &Chess, result: &SearchResult) -> Event {
    let sign = if pos.turn() == Color::White { 1 } else { -1 };
    let (centipawns, mate) = match result.score {
        Score::Cp(cp) => (cp * sign, None),
        Score::Mate(n) => (0, Some(n * sign)),
    };
    let mut pos = pos.clone();
    let mut line = Vec::new();
    for mv in result.pv.iter().take(6) {
        line.push(MoveFacts::of_move(&pos, *mv));
        pos.play_unchecked(*mv);
    }
    EngineEvent::Evaluation(Evaluation {
        centipawns,
        mate,
        line,
    })
    .into()
}

/// The file name of the program an engine command starts ("stockfish"
/// for "/usr/games/stockfish -x").
fn program_name(command: &str) -> String {
    let program = command.split_whitespace().next().unwrap_or(command);
    let name = program.rsplit('/').next().unwrap_or(program);
    if name.is_empty() {
        String::from("?")
    } else {
        name.to_string()
    }
}
