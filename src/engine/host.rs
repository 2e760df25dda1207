//! The engine host: one worker thread that thinks for the opponent (the
//! built-in engine or an external one), so the input thread stays free.
//! Replies come back through a callback, tagged with the request's id so
//! that a reply to a position that has since changed can be dropped.

use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::thread;
use std::time::Duration;

use shakmaty::{CastlingMode, Chess, Move, Position};

use super::client::{External, ExternalSpec, Failure, START_TIMEOUT};
use super::level::level;
use super::search::{Limits, Searcher};
use crate::rules::key_of;

/// What the opponent should think about.
#[derive(Clone, Debug)]
pub struct Request {
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
}

/// The opponent's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The request's id.
    pub id: u64,
    /// The move, legal in the requested position; `None` only when the
    /// position has no legal move.
    pub mv: Option<Move>,
    /// Why the external engine was replaced by the built-in one for this
    /// move, if it was.
    pub failure: Option<Failure>,
}

/// A search with a node budget, for hints and evaluations: deterministic,
/// and short enough to run on the input thread.
pub fn analyse(initial: &Chess, moves: &[Move], nodes: u64) -> super::search::SearchResult {
    let mut pos = initial.clone();
    let mut keys = Vec::with_capacity(moves.len());
    for m in moves {
        keys.push(key_of(&pos));
        pos.play_unchecked(*m);
    }
    let mut searcher = Searcher::new(4);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    searcher.search(&pos, &keys, &limits, &mut |_| {})
}

enum Job {
    Think(Box<Request>, Arc<AtomicBool>),
    NewGame,
}

/// The worker thread and the way to reach it.
pub struct Host {
    jobs: Sender<Job>,
    current: Option<(u64, Arc<AtomicBool>)>,
}

impl Host {
    /// Starts the worker; `reply` receives every answer.
    pub fn new(reply: impl Fn(Reply) + Send + 'static) -> Host {
        let (tx, rx) = mpsc::channel::<Job>();
        thread::spawn(move || {
            let mut searcher = Searcher::new(32);
            let mut external: Option<External> = None;
            while let Ok(job) = rx.recv() {
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
                            // A bug in the search must not stall the game:
                            // fresh tables, and any legal move.
                            searcher = Searcher::new(32);
                            external = None;
                            Reply {
                                id: request.id,
                                mv: any_legal_move(&request),
                                failure: None,
                            }
                        }));
                    }
                }
            }
        });
        Host {
            jobs: tx,
            current: None,
        }
    }

    /// Asks for a move, abandoning any earlier request.
    pub fn request(&mut self, request: Request) {
        self.cancel();
        let stop = Arc::new(AtomicBool::new(false));
        self.current = Some((request.id, Arc::clone(&stop)));
        let _ = self.jobs.send(Job::Think(Box::new(request), stop));
    }

    /// Stops thinking about the current request; its reply may still come
    /// and is to be dropped.
    pub fn cancel(&mut self) {
        if let Some((_, stop)) = self.current.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// The id of the request being thought about.
    pub fn current(&self) -> Option<u64> {
        self.current.as_ref().map(|(id, _)| *id)
    }

    /// Marks the current request answered.
    pub fn done(&mut self, id: u64) {
        if self.current() == Some(id) {
            self.current = None;
        }
    }

    /// Forgets what was learned in the last game.
    pub fn new_game(&mut self) {
        self.cancel();
        let _ = self.jobs.send(Job::NewGame);
    }
}

fn any_legal_move(request: &Request) -> Option<Move> {
    let mut pos = request.initial.clone();
    for m in &request.moves {
        pos.play_unchecked(*m);
    }
    pos.legal_moves().first().copied()
}

fn think(
    searcher: &mut Searcher,
    external: &mut Option<External>,
    request: &Request,
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
                Ok(mv) => {
                    return Reply {
                        id: request.id,
                        mv: Some(mv),
                        failure: None,
                    };
                }
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
    Reply {
        id: request.id,
        mv: result.best,
        failure,
    }
}
