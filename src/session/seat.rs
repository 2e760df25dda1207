//! The seat: who plays the other side, and what the session asks of the
//! engine. Requests go out as values (the caller carries them to the
//! engine thread); replies come back tagged with the request's id, and
//! one that no longer fits the game is dropped. Nothing an engine sends
//! changes the game unchecked.

use shakmaty::{Color, Move};

use crate::engine::client::Failure;
use crate::engine::host::{Reply, Request, analyse};
use crate::engine::level;
use crate::engine::search::{Score, SearchResult};
use crate::event::{EngineEvent, Evaluation, Event, OpponentInfo, OpponentKind};
use crate::input::Refusal;
use crate::opponent::{Kind, Opponent};
use crate::rules::{Game, MoveFacts};

use super::Session;

/// Nodes a `hint` or `eval` searches: about a tenth of a second, and the
/// same answer every time.
const ANALYSIS_NODES: u64 = 300_000;

/// The other side of the board and the engine requests in flight.
#[derive(Clone, Debug)]
pub(super) struct Seat {
    /// Who plays the other side.
    pub opponent: Opponent,
    /// The engine request whose reply is awaited.
    pub awaiting: Option<u64>,
    /// Requests made so far (the next id).
    pub requests: u64,
    /// Seed for the engine's deliberate mistakes.
    pub seed: u64,
}

impl Seat {
    pub fn new(opponent: Opponent) -> Seat {
        Seat {
            opponent,
            awaiting: None,
            requests: 0,
            seed: 1,
        }
    }

    /// A request for the engine's move when it is the engine's turn and
    /// none is out yet.
    pub fn move_request(&mut self, game: &Game) -> Option<Request> {
        if self.awaiting.is_some() || game.is_over() || !self.opponent.plays(game.turn()) {
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
            level: self.opponent.level,
            seed: self.seed ^ plies.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            movetime: self.opponent.movetime,
            external: match &self.opponent.kind {
                Kind::External(spec) => Some(spec.clone()),
                _ => None,
            },
        })
    }

    /// The opponent as an announcement states it.
    pub fn info(&self) -> OpponentInfo {
        OpponentInfo {
            kind: match self.opponent.kind {
                Kind::Human => OpponentKind::Human,
                Kind::Builtin => OpponentKind::Builtin,
                Kind::External(_) => OpponentKind::External,
            },
            level: self.opponent.level,
            elo: level::level(self.opponent.level).elo,
            human: self.opponent.human,
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
            self.seat.opponent.kind = Kind::Builtin;
            events.push(EngineEvent::Failed(failure).into());
        }
        match reply.mv {
            Some(mv) if self.game.legal_moves().contains(&mv) => events.extend(self.play(mv)),
            Some(mv) => {
                self.seat.opponent.kind = Kind::Builtin;
                let uci = mv.to_uci(self.game.castling_mode());
                events.push(EngineEvent::Failed(Failure::IllegalMove(uci)).into());
            }
            None => {}
        }
        events
    }

    /// Says who plays the other side now.
    pub(super) fn opponent_changed(&self) -> Event {
        EngineEvent::OpponentChanged(self.seat.info()).into()
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
