//! What the engine host is asked and what it answers: the session makes
//! [`Request`]s, the loop hands them to the host's threads (in the
//! `annabella` package), and [`Reply`]s come back as inputs, tagged
//! with the request's id so that a reply to a position that has since
//! changed can be dropped.

use std::time::Duration;

use shakmaty::{CastlingMode, Chess, Color, Move};

use super::client::{ExternalSpec, Failure};
use super::search::{Clock, Limits, SearchResult};

/// What the host is asked to do.
#[derive(Clone, Debug)]
pub enum Request {
    /// Find the opponent's move.
    Move(MoveRequest),
    /// Analyse a position for a hint or an evaluation.
    Analyse(AnalysisRequest),
}

impl Request {
    /// The tag the reply will carry.
    pub fn id(&self) -> u64 {
        match self {
            Request::Move(r) => r.id,
            Request::Analyse(r) => r.id,
        }
    }
}

/// A position to analyse with a node budget: deterministic, the same
/// answer every time.
#[derive(Clone, Debug)]
pub struct AnalysisRequest {
    /// Tag the reply carries.
    pub id: u64,
    /// The game's start position.
    pub initial: Chess,
    /// The moves played since.
    pub moves: Vec<Move>,
    /// How far to search.
    pub budget: Budget,
    /// Standard or Chess960 castling, for an external engine.
    pub mode: CastlingMode,
    /// An external engine to analyse with; the built-in engine answers
    /// when there is none or it fails.
    pub external: Option<ExternalSpec>,
}

/// How far an analysis searches: either bound gives the same answer
/// every time on the built-in engine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// About this many nodes (`go nodes N`).
    Nodes(u64),
    /// This many plies of iterative deepening (`go depth N`).
    Depth(u32),
}

impl Budget {
    /// The built-in engine's search limits for this budget.
    pub fn limits(self) -> Limits {
        match self {
            Budget::Nodes(n) => Limits {
                nodes: Some(n),
                ..Limits::default()
            },
            Budget::Depth(d) => Limits {
                depth: Some(d),
                ..Limits::default()
            },
        }
    }
}

/// What the opponent should think about.
#[derive(Clone, Debug)]
pub struct MoveRequest {
    /// Tag the reply carries.
    pub id: u64,
    /// The game's start position.
    pub initial: Chess,
    /// The moves played since.
    pub moves: Vec<Move>,
    /// Standard or Chess960 castling.
    pub mode: CastlingMode,
    /// The built-in level, also the one that takes over from a failed
    /// external engine.
    pub level: u8,
    /// Seed for the level's deliberate mistakes.
    pub seed: u64,
    /// Thinking time per move for the full-strength engine and for an
    /// external one, when the game is not timed.
    pub movetime: Duration,
    /// An external engine to ask first.
    pub external: Option<ExternalSpec>,
    /// The clocks when the game is timed: the engine budgets its time
    /// from them instead of `movetime`.
    pub clock: Option<GoClock>,
}

/// Both clocks as UCI `go` gives them (`wtime btime winc binc
/// movestogo`), read when the move was asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GoClock {
    /// White's time left.
    pub wtime: Duration,
    /// Black's time left.
    pub btime: Duration,
    /// White's bonus per move (a delay counts as one).
    pub winc: Duration,
    /// Black's bonus per move.
    pub binc: Duration,
    /// Moves to the next time control, for the side to move.
    pub movestogo: Option<u32>,
}

impl GoClock {
    /// The clocks once `mover` has thought for `spent` more.
    pub fn after(self, mover: Color, spent: Duration) -> GoClock {
        let mut c = self;
        match mover {
            Color::White => c.wtime = c.wtime.saturating_sub(spent),
            Color::Black => c.btime = c.btime.saturating_sub(spent),
        }
        c
    }

    /// `mover`'s own clock, as the search budgets it.
    pub fn of(&self, mover: Color) -> Clock {
        let (remaining, increment) = match mover {
            Color::White => (self.wtime, self.winc),
            Color::Black => (self.btime, self.binc),
        };
        Clock {
            remaining,
            increment,
            moves_to_go: self.movestogo,
        }
    }
}

/// The host's answer to a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The request's id.
    pub id: u64,
    /// What was found.
    pub answer: Answer,
}

/// What a reply says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The opponent's move.
    Move {
        /// The move, legal in the requested position; `None` only when
        /// the position has no legal move.
        mv: Option<Move>,
        /// Why the external engine was replaced by the built-in one for
        /// this move, if it was.
        failure: Option<Failure>,
        /// The external engine's name (`id name`), when it moved.
        engine: Option<String>,
    },
    /// The result of an analysis.
    Analysis {
        /// What the search found.
        result: SearchResult,
        /// Why the external engine was replaced by the built-in one for
        /// this analysis, if it was.
        failure: Option<Failure>,
        /// The external engine's name (`id name`), when it answered.
        engine: Option<String>,
    },
}

impl Reply {
    /// The opponent's move for request `id`.
    pub fn moved(id: u64, mv: Option<Move>, failure: Option<Failure>) -> Reply {
        Reply {
            id,
            answer: Answer::Move {
                mv,
                failure,
                engine: None,
            },
        }
    }

    /// The same, with the name of the external engine that found it.
    pub fn by(mut self, name: Option<String>) -> Reply {
        if let Answer::Move { engine, .. } = &mut self.answer {
            *engine = name;
        }
        self
    }
}
