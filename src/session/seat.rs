//! The seat: who plays the other side, and what the session asks of the
//! engine. Requests go out as values (the caller carries them to the
//! engine thread); replies come back tagged with the request's id, and
//! one that no longer fits the game is dropped. Nothing an engine sends
//! changes the game unchecked.

use std::time::Duration;

use shakmaty::{Color, Move};

use crate::engine::client::{ExternalSpec, Failure};
use crate::engine::host::{Reply, Request, analyse};
use crate::engine::level;
use crate::engine::search::{Score, SearchResult};
use crate::event::{EngineEvent, Evaluation, Event, OpponentInfo, OpponentKind};
use crate::input::Refusal;
use crate::rules::{Game, MoveFacts};
use crate::settings::{OpponentChoice, Settings};

use super::Session;

/// Nodes a `hint` or `eval` searches: about a tenth of a second, and the
/// same answer every time.
const ANALYSIS_NODES: u64 = 300_000;

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
    /// The engine request whose reply is awaited.
    pub awaiting: Option<u64>,
    /// Requests made so far (the next id).
    pub requests: u64,
    /// Seed for the engine's deliberate mistakes.
    pub seed: u64,
}

impl Seat {
    pub fn new() -> Seat {
        Seat {
            external: None,
            human: Color::White,
            movetime: Duration::from_secs(1),
            awaiting: None,
            requests: 0,
            seed: 1,
        }
    }

    /// Whether an engine plays the side `color`.
    pub fn engine_plays(&self, settings: &Settings, color: Color) -> bool {
        settings.opponent == OpponentChoice::Engine && color != self.human
    }

    /// A request for the engine's move when it is the engine's turn and
    /// none is out yet.
    pub fn move_request(&mut self, game: &Game, settings: &Settings) -> Option<Request> {
        if self.awaiting.is_some() || game.is_over() || !self.engine_plays(settings, game.turn()) {
            return None;
        }
        self.requests += 1;
        self.awaiting = Some(self.requests);
        let plies = game.plies().len() as u64;
        Some(Request {
            id: self.requests,
            initial: game.initial_position().clone(),
            moves: game.plies().iter().map(|p| p.mv).collect(),
            mode: game.castling_mode(),
            level: settings.level.0,
            seed: self.seed ^ plies.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            movetime: self.movetime,
            external: self.external.clone(),
        })
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
    /// Plays the engine's reply, if it is still wanted.
    pub(super) fn reply(&mut self, reply: Reply) -> Vec<Event> {
        if self.seat.awaiting != Some(reply.id) {
            return Vec::new();
        }
        self.seat.awaiting = None;
        let mut events = Vec::new();
        if let Some(failure) = reply.failure {
            self.seat.external = None;
            events.push(EngineEvent::Failed(failure).into());
        }
        match reply.mv {
            Some(mv) if self.game.legal_moves().contains(&mv) => events.extend(self.play(mv)),
            Some(mv) => {
                self.seat.external = None;
                let uci = mv.to_uci(self.game.castling_mode());
                events.push(EngineEvent::Failed(Failure::IllegalMove(uci)).into());
            }
            None => {}
        }
        events
    }

    /// Says who plays the other side now.
    pub(super) fn opponent_changed(&self) -> Event {
        EngineEvent::OpponentChanged(self.seat.info(&self.settings)).into()
    }

    fn analysis(&self) -> Option<SearchResult> {
        if self.game.is_over() {
            return None;
        }
        let moves: Vec<Move> = self.game.plies().iter().map(|p| p.mv).collect();
        Some(analyse(
            self.game.initial_position(),
            &moves,
            ANALYSIS_NODES,
        ))
    }

    /// `hint`: the move the engine would play.
    pub(super) fn hint(&self) -> Vec<Event> {
        let pos = self.game.position();
        match self.analysis().and_then(|r| r.best) {
            Some(mv) => vec![EngineEvent::Hint(MoveFacts::of_move(pos, mv)).into()],
            None => vec![Refusal::GameOver.into()],
        }
    }

    /// `eval`: how the position stands, from White's side, with the
    /// expected line.
    pub(super) fn evaluate(&self) -> Vec<Event> {
        let Some(result) = self.analysis() else {
            return vec![Refusal::GameOver.into()];
        };
        let sign = if self.game.turn() == Color::White {
            1
        } else {
            -1
        };
        let (centipawns, mate) = match result.score {
            Score::Cp(cp) => (cp * sign, None),
            Score::Mate(n) => (0, Some(n * sign)),
        };
        let mut pos = self.game.position().clone();
        let mut line = Vec::new();
        for mv in result.pv.iter().take(6) {
            line.push(MoveFacts::of_move(&pos, *mv));
            shakmaty::Position::play_unchecked(&mut pos, *mv);
        }
        vec![
            EngineEvent::Evaluation(Evaluation {
                centipawns,
                mate,
                line,
            })
            .into(),
        ]
    }
}
