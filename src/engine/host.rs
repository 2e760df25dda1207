//! The engine host: worker threads that think for the opponent (the
//! built-in engine or an external one) and analyse for `hint` and `eval`,
//! so the input thread stays free. Replies come back through a callback,
//! tagged with the request's id so that a reply to a position that has
//! since changed can be dropped.

use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::Duration;

use shakmaty::{CastlingMode, Chess, Move, Position};

use super::client::{External, ExternalSpec, Failure, START_TIMEOUT};
use super::level::level;
use super::search::{Limits, Score, SearchResult, Searcher};
use crate::rules::key_of;

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
    /// Nodes to search.
    pub nodes: u64,
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
    /// external one.
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
    },
    /// The result of an analysis.
    Analysis(SearchResult),
}

impl Reply {
    /// The opponent's move for request `id`.
    pub fn moved(id: u64, mv: Option<Move>, failure: Option<Failure>) -> Reply {
        Reply {
            id,
            answer: Answer::Move { mv, failure },
        }
    }
}

/// A search with a node budget, for hints and evaluations: deterministic,
/// and stopped early when nobody waits for it any more.
fn analyse_until(
    initial: &Chess,
    moves: &[Move],
    nodes: u64,
    stop: Arc<AtomicBool>,
) -> SearchResult {
    let mut pos = initial.clone();
    let mut keys = Vec::with_capacity(moves.len());
    for m in moves {
        keys.push(key_of(&pos));
        pos.play_unchecked(*m);
    }
    let mut searcher = Searcher::new(4);
    searcher.set_stop_flag(stop);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    searcher.search(&pos, &keys, &limits, &mut |_| {})
}

enum Job {
    Think(Box<MoveRequest>, Arc<AtomicBool>),
    NewGame,
}

type ReplyFn = Arc<dyn Fn(Reply) + Send + Sync>;

/// The worker threads and the way to reach them: one thinks for the
/// opponent, one analyses, so that a hint never waits for the
/// opponent's move nor stops it.
pub struct Host {
    jobs: Sender<Job>,
    analyses: Sender<(AnalysisRequest, Arc<AtomicBool>)>,
    current: Option<(u64, Arc<AtomicBool>)>,
    analysing: Vec<(u64, Arc<AtomicBool>)>,
}

impl Host {
    /// Starts the workers; `reply` receives every answer.
    pub fn new(reply: impl Fn(Reply) + Send + Sync + 'static) -> Host {
        let reply: ReplyFn = Arc::new(reply);
        let (tx, rx) = mpsc::channel::<Job>();
        let opponent_reply = Arc::clone(&reply);
        thread::spawn(move || opponent_worker(&rx, opponent_reply.as_ref()));
        let (analyses, queue) = mpsc::channel::<(AnalysisRequest, Arc<AtomicBool>)>();
        thread::spawn(move || analysis_worker(&queue, reply.as_ref()));
        Host {
            jobs: tx,
            analyses,
            current: None,
            analysing: Vec::new(),
        }
    }

    /// Asks for a move (abandoning any earlier move request) or an
    /// analysis (beside the move being thought about).
    pub fn request(&mut self, request: Request) {
        match request {
            Request::Move(request) => {
                self.cancel();
                let stop = Arc::new(AtomicBool::new(false));
                self.current = Some((request.id, Arc::clone(&stop)));
                let _ = self.jobs.send(Job::Think(Box::new(request), stop));
            }
            Request::Analyse(request) => {
                let stop = Arc::new(AtomicBool::new(false));
                self.analysing.push((request.id, Arc::clone(&stop)));
                let _ = self.analyses.send((request, stop));
            }
        }
    }

    /// Stops thinking about the current move request; its reply may
    /// still come and is to be dropped.
    pub fn cancel(&mut self) {
        if let Some((_, stop)) = self.current.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// The id of the move request being thought about.
    pub fn current(&self) -> Option<u64> {
        self.current.as_ref().map(|(id, _)| *id)
    }

    /// Marks request `id` answered.
    pub fn done(&mut self, id: u64) {
        if self.current() == Some(id) {
            self.current = None;
        }
        self.analysing.retain(|(a, _)| *a != id);
    }

    /// Forgets what was learned in the last game.
    pub fn new_game(&mut self) {
        self.cancel();
        let _ = self.jobs.send(Job::NewGame);
    }
}

impl Drop for Host {
    /// Searches nobody waits for any more stop at once.
    fn drop(&mut self) {
        self.cancel();
        for (_, stop) in self.analysing.drain(..) {
            stop.store(true, Ordering::Relaxed);
        }
    }
}

fn opponent_worker(jobs: &Receiver<Job>, reply: &(dyn Fn(Reply) + Send + Sync)) {
    let mut searcher = Searcher::new(32);
    let mut external: Option<External> = None;
    while let Ok(job) = jobs.recv() {
        match job {
            Job::NewGame => {
                searcher.clear();
                if let Some(e) = external.as_mut()
                    && e.new_game().is_err()
                {
                    external = None;
                }
            }
            Job::Think(request, stop) => {
                if stop.load(Ordering::Relaxed) {
                    continue;
                }
                let answer = panic::catch_unwind(AssertUnwindSafe(|| {
                    think(&mut searcher, &mut external, &request, stop)
                }));
                reply(answer.unwrap_or_else(|_| {
                    // A bug in the search must not stall the game: fresh
                    // tables, and any legal move.
                    searcher = Searcher::new(32);
                    external = None;
                    Reply::moved(request.id, any_legal_move(&request), None)
                }));
            }
        }
    }
}

fn analysis_worker(
    jobs: &Receiver<(AnalysisRequest, Arc<AtomicBool>)>,
    reply: &(dyn Fn(Reply) + Send + Sync),
) {
    while let Ok((request, stop)) = jobs.recv() {
        if stop.load(Ordering::Relaxed) {
            continue;
        }
        let result = panic::catch_unwind(AssertUnwindSafe(|| {
            analyse_until(&request.initial, &request.moves, request.nodes, stop)
        }));
        // A search that panicked has found nothing, but it still answers:
        // the session waits for every reply.
        let result = result.unwrap_or_else(|_| SearchResult {
            best: None,
            score: Score::Cp(0),
            pv: Vec::new(),
            depth: 0,
            nodes: 0,
        });
        reply(Reply {
            id: request.id,
            answer: Answer::Analysis(result),
        });
    }
}

fn any_legal_move(request: &MoveRequest) -> Option<Move> {
    let mut pos = request.initial.clone();
    for m in &request.moves {
        pos.play_unchecked(*m);
    }
    pos.legal_moves().first().copied()
}

fn think(
    searcher: &mut Searcher,
    external: &mut Option<External>,
    request: &MoveRequest,
    stop: Arc<AtomicBool>,
) -> Reply {
    let mut failure = None;
    if let Some(spec) = &request.external {
        if external.as_ref().is_some_and(|e| e.spec != *spec) {
            *external = None;
        }
        if external.is_none() {
            match External::start(spec, START_TIMEOUT) {
                Ok(e) => *external = Some(e),
                Err(f) => failure = Some(f),
            }
        }
        if let Some(engine) = external.as_mut() {
            match engine.best_move(
                &request.initial,
                &request.moves,
                request.mode,
                request.movetime,
            ) {
                Ok(mv) => return Reply::moved(request.id, Some(mv), None),
                Err(f) => {
                    // An engine that failed once is not asked again.
                    *external = None;
                    failure = Some(f);
                }
            }
        }
    }
    let mut pos = request.initial.clone();
    let mut keys = Vec::with_capacity(request.moves.len());
    for m in &request.moves {
        keys.push(key_of(&pos));
        pos.play_unchecked(*m);
    }
    let lvl = level(request.level);
    // A level held back by depth or nodes ignores the clock, so that the
    // same seed gives the same game on any machine.
    let timed = lvl.depth.is_none() && lvl.nodes.is_none();
    let limits = lvl.restrict(&Limits {
        movetime: timed.then_some(request.movetime),
        ..Limits::default()
    });
    searcher.set_weakness(lvl.weakness, request.seed);
    searcher.set_stop_flag(stop);
    let result = searcher.search(&pos, &keys, &limits, &mut |_| {});
    Reply::moved(request.id, result.best, failure)
}
