//! The seat: who plays the other side, and what the session asks of the
//! engine. Requests go out as values (the caller carries them to the
//! engine thread); replies come back tagged with the request's id, and
//! one that no longer fits the game is dropped. Nothing an engine sends
//! changes the game unchecked. `hint` and `eval` are requests too, so the
//! player can read the board while the engine analyses.

use std::time::Duration;

use shakmaty::{Color, Move, Position};

use crate::engine::client::{ExternalSpec, Failure};
use crate::engine::host::{AnalysisRequest, Answer, GoClock, MoveRequest, Reply, Request};
use crate::engine::level;
use crate::engine::search::{Score, SearchResult};
use crate::event::{EngineEvent, Evaluation, Event, OpponentInfo, OpponentKind};
use crate::input::Refusal;
use crate::rules::{Game, MoveFacts, key_of};
use crate::settings::{OpponentChoice, Settings};

use super::Session;

/// Nodes a `hint` or `eval` searches: about a tenth of a second, and the
/// same answer every time.
const ANALYSIS_NODES: u64 = 300_000;

/// What an analysis was asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Purpose {
    Hint,
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
    pub external: Option<ExternalSpec>,
    /// The side the person plays in this game.
    pub human: Color,
    /// Thinking time per move at full strength and for external engines.
    pub movetime: Duration,
    /// The move request whose reply is awaited.
    pub awaiting: Option<u64>,
    /// Analyses whose replies are awaited.
    analyses: Vec<Pending>,
    /// Analysis requests not yet handed to the engine thread.
    outbox: Vec<Request>,
    /// Requests made so far (the next id).
    requests: u64,
    /// Seed for the engine's deliberate mistakes.
    pub seed: u64,
    /// Nodes an analysis searches.
    pub analysis_nodes: u64,
    /// The external engine's own name (`id name`), once it has moved.
    pub engine_name: Option<String>,
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

    /// Whether an engine plays the side `color`.
    pub fn engine_plays(&self, settings: &Settings, color: Color) -> bool {
        settings.opponent == OpponentChoice::Engine && color != self.human
    }

    fn next_id(&mut self) -> u64 {
        self.requests += 1;
        self.requests
    }

    /// Whether a reply is awaited: the engine's move or an analysis.
    pub fn waiting(&self) -> bool {
        self.awaiting.is_some() || !self.analyses.is_empty()
    }

    /// The requests to hand to the engine thread now: analyses asked
    /// for, and the engine's move when it is its turn and none is out.
    pub fn requests(
        &mut self,
        game: &Game,
        settings: &Settings,
        asking: bool,
        clock: Option<GoClock>,
    ) -> Vec<Request> {
        let mut out = std::mem::take(&mut self.outbox);
        let engine_turn = !game.is_over() && !asking && self.engine_plays(settings, game.turn());
        if engine_turn && self.awaiting.is_none() {
            let id = self.next_id();
            self.awaiting = Some(id);
            let plies = game.plies().len() as u64;
            out.push(Request::Move(MoveRequest {
                id,
                initial: game.initial_position().clone(),
                moves: game.plies().iter().map(|p| p.mv).collect(),
                mode: game.castling_mode(),
                level: settings.level.0,
                seed: self.seed ^ plies.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                movetime: self.movetime,
                external: self.external.clone(),
                clock,
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
}

impl Session {
    /// The players' names for PGN, White's first: the engine by its name
    /// and level (an external one by its program's name), the person by
    /// the setting `name` (`?` when unknown; in hot seat for both sides).
    pub(super) fn players(&self) -> [String; 2] {
        if let Some(names) = self.online.names() {
            return names;
        }
        let engine = match (&self.table.settings.opponent, &self.seat.external) {
            (OpponentChoice::Human, _) => None,
            (OpponentChoice::Engine, None) => {
                Some(format!("annabella level {}", self.table.settings.level.0))
            }
            (OpponentChoice::Engine, Some(spec)) => Some(
                self.seat
                    .engine_name
                    .clone()
                    .unwrap_or_else(|| program_name(&spec.command)),
            ),
        };
        let person = self.table.settings.name.pgn().to_string();
        let mut players = [person.clone(), person];
        if let Some(name) = engine {
            let engine_side = !self.seat.human;
            players[usize::from(engine_side == Color::Black)] = name;
        }
        players
    }

    /// An engine reply: the opponent's move, or an analysis.
    pub(super) fn reply(&mut self, reply: Reply) -> Vec<Event> {
        match reply.answer {
            Answer::Move {
                mv,
                failure,
                engine,
            } => {
                if engine.is_some() {
                    self.seat.engine_name = engine;
                }
                self.engine_move(reply.id, mv, failure)
            }
            Answer::Analysis(result) => self.analysis_done(reply.id, &result),
        }
    }

    /// Plays the engine's move, if it is still wanted.
    fn engine_move(&mut self, id: u64, mv: Option<Move>, failure: Option<Failure>) -> Vec<Event> {
        if self.seat.awaiting != Some(id) {
            return Vec::new();
        }
        self.seat.awaiting = None;
        // The game ended while the engine thought (a resignation, a
        // fallen flag): its move is not wanted, and is no fault of it.
        if self.table.game.is_over() {
            return Vec::new();
        }
        let mut events = Vec::new();
        if let Some(failure) = failure {
            self.seat.external = None;
            events.push(EngineEvent::Failed(failure).into());
        }
        match mv {
            Some(mv) if self.table.game.legal_moves().contains(&mv) => events.extend(self.play(mv)),
            Some(mv) => {
                self.seat.external = None;
                let uci = mv.to_uci(self.table.game.castling_mode());
                events.push(EngineEvent::Failed(Failure::IllegalMove(uci)).into());
            }
            None => {}
        }
        events
    }

    /// Says who plays the other side now.
    pub(super) fn opponent_changed(&self) -> Event {
        EngineEvent::OpponentChanged(self.seat.info(&self.table.settings)).into()
    }

    /// `hint`: asks the engine for the move it would play.
    pub(super) fn hint(&mut self) -> Vec<Event> {
        self.analyse(Purpose::Hint)
    }

    /// `eval`: asks the engine how the position stands.
    pub(super) fn evaluate(&mut self) -> Vec<Event> {
        self.analyse(Purpose::Eval)
    }

    /// Sends the position off for analysis; the answer comes with the
    /// reply, and the board can be read meanwhile.
    fn analyse(&mut self, purpose: Purpose) -> Vec<Event> {
        if self.table.game.is_over() {
            return vec![Refusal::GameOver.into()];
        }
        let id = self.seat.next_id();
        self.seat.analyses.push(Pending {
            id,
            purpose,
            position: key_of(self.table.game.position()),
        });
        self.seat.outbox.push(Request::Analyse(AnalysisRequest {
            id,
            initial: self.table.game.initial_position().clone(),
            moves: self.table.game.plies().iter().map(|p| p.mv).collect(),
            nodes: self.seat.analysis_nodes,
        }));
        Vec::new()
    }

    /// An analysis came back: said if the position is still the one it
    /// was asked for, dropped if a move has been played since.
    fn analysis_done(&mut self, id: u64, result: &SearchResult) -> Vec<Event> {
        let Some(at) = self.seat.analyses.iter().position(|p| p.id == id) else {
            return Vec::new();
        };
        let pending = self.seat.analyses.remove(at);
        let pos = self.table.game.position();
        if pending.position != key_of(pos) || self.table.game.is_over() {
            return Vec::new();
        }
        // A search that found no move in a running game failed; there
        // is nothing true to say.
        let Some(best) = result.best else {
            return Vec::new();
        };
        match pending.purpose {
            Purpose::Hint => vec![EngineEvent::Hint(MoveFacts::of_move(pos, best)).into()],
            Purpose::Eval => vec![self.evaluation(result)],
        }
    }

    /// How the position stands, from White's side, with the expected line.
    fn evaluation(&self, result: &SearchResult) -> Event {
        let sign = if self.table.game.turn() == Color::White {
            1
        } else {
            -1
        };
        let (centipawns, mate) = match result.score {
            Score::Cp(cp) => (cp * sign, None),
            Score::Mate(n) => (0, Some(n * sign)),
        };
        let mut pos = self.table.game.position().clone();
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
