//! The engine host: worker threads that think for the opponent (the
//! built-in engine or an external one) and analyse for `hint`, `eval`
//! and the game review (on the built-in engine or an external one of
//! their own), so the input thread stays free. Replies come back
//! through a callback, tagged with the request's id so that a reply to a
//! position that has since changed can be dropped.

use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

use shakmaty::{Chess, Move, Position};

use super::analysis::analysis_time;
use super::client::{External, ExternalSpec, Failure, START_TIMEOUT};
use super::level::level;
use super::search::{Limits, Score, SearchResult, Searcher};
use crate::rules::key_of;

// The session makes the requests and reads the replies: they are the
// core's, the threads that answer them are here.
pub use annabella_core::engine::host::{
    AnalysisRequest, Answer, Budget, GoClock, MoveRequest, Reply, Request,
};

/// A search of the built-in engine within a budget, for hints,
/// evaluations and reviews: deterministic, and stopped early when nobody
/// waits for it any more.
/// The built-in engine's answer to `request`, found on the caller's
/// thread: what the host's analysis worker answers when no external
/// engine is named (for tests and benchmarks that step a session).
pub fn analysed_here(request: &AnalysisRequest) -> Reply {
    let stop = Arc::new(AtomicBool::new(false));
    Reply {
        id: request.id,
        answer: Answer::Analysis {
            result: analyse_until(&request.initial, &request.moves, request.budget, stop),
            failure: None,
            engine: None,
        },
    }
}

fn analyse_until(
    initial: &Chess,
    moves: &[Move],
    budget: Budget,
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
    searcher.search(&pos, &keys, &budget.limits(), &mut |_| {})
}

enum Job {
    /// A move request, its stop flag and when it was made: the clocks
    /// were read then, and run while the request waits.
    Think(Box<MoveRequest>, Arc<AtomicBool>, Instant),
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
                let job = Job::Think(Box::new(request), stop, Instant::now());
                let _ = self.jobs.send(job);
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

    /// Stops analysis `id` (running or waiting its turn): it still
    /// replies, soon, with what it found so far.
    pub fn stop_analysis(&mut self, id: u64) {
        for (_, stop) in self.analysing.iter().filter(|(a, _)| *a == id) {
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
    // Made at the first move asked of it: a game between two people
    // never touches the table's 32 MiB.
    let mut searcher: Option<Searcher> = None;
    let mut external: Option<External> = None;
    while let Ok(job) = jobs.recv() {
        match job {
            Job::NewGame => {
                if let Some(searcher) = searcher.as_mut() {
                    searcher.clear();
                }
                if let Some(e) = external.as_mut()
                    && e.new_game().is_err()
                {
                    external = None;
                }
            }
            Job::Think(request, stop, asked) => {
                if stop.load(Ordering::Relaxed) {
                    continue;
                }
                let searcher = searcher.get_or_insert_with(|| Searcher::new(32));
                let answer = panic::catch_unwind(AssertUnwindSafe(|| {
                    think(searcher, &mut external, &request, stop, asked)
                }));
                reply(answer.unwrap_or_else(|_| {
                    // A bug in the search must not stall the game: fresh
                    // tables, and any legal move.
                    *searcher = Searcher::new(32);
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
    // Its own engine, not the opponent's: an analysis never waits for
    // the opponent's move, nor leaves that engine another position.
    // Started at the first analysis that names one.
    let mut external: Option<External> = None;
    while let Ok((request, stop)) = jobs.recv() {
        let allowed = analysis_time(request.budget);
        let answer = panic::catch_unwind(AssertUnwindSafe(|| {
            analyse(&mut external, &request, stop, allowed)
        }));
        // A search that panicked has found nothing, but it still answers:
        // the session waits for every reply.
        let answer = answer.unwrap_or_else(|_| {
            external = None;
            Answer::Analysis {
                result: SearchResult {
                    best: None,
                    score: Score::Cp(0),
                    pv: Vec::new(),
                    depth: 0,
                    nodes: 0,
                },
                failure: None,
                engine: None,
            }
        });
        reply(Reply {
            id: request.id,
            answer,
        });
    }
}

/// Analyses on the request's external engine when it names one, and on
/// the built-in engine with the same budget when it names none or that
/// engine fails (the failure goes with the answer, and the engine is
/// dropped: the next analysis starts it afresh). An external engine that
/// thinks longer than `allowed` has failed.
fn analyse(
    external: &mut Option<External>,
    request: &AnalysisRequest,
    stop: Arc<AtomicBool>,
    allowed: Duration,
) -> Answer {
    let mut failure = None;
    // Nobody waits for a stopped request, and a position without moves
    // has its score from the rules: neither is worth an engine's start.
    let wanted = !stop.load(Ordering::Relaxed) && has_moves(request);
    if let Some(spec) = request.external.as_ref().filter(|_| wanted) {
        match ask_external(external, spec, request, &stop, allowed) {
            Ok(Some((result, engine))) => {
                return Answer::Analysis {
                    result,
                    failure: None,
                    engine,
                };
            }
            // Stopped before it said anything: the built-in engine,
            // stopped too, answers at once.
            Ok(None) => {}
            Err(f) => {
                *external = None;
                failure = Some(f);
            }
        }
    }
    let result = analyse_until(&request.initial, &request.moves, request.budget, stop);
    Answer::Analysis {
        result,
        failure,
        engine: None,
    }
}

/// The external engine's analysis and its name: the engine is started
/// if it is not running, and started afresh if it runs another spec.
fn ask_external(
    external: &mut Option<External>,
    spec: &ExternalSpec,
    request: &AnalysisRequest,
    stop: &AtomicBool,
    allowed: Duration,
) -> Result<Option<(SearchResult, Option<String>)>, Failure> {
    if external.as_ref().is_some_and(|e| e.spec != *spec) {
        *external = None;
    }
    let engine = match external {
        Some(engine) => engine,
        None => external.insert(External::start(spec, START_TIMEOUT)?),
    };
    let result = engine.analyse(
        &request.initial,
        &request.moves,
        request.mode,
        request.budget,
        allowed,
        stop,
    )?;
    Ok(result.map(|r| (r, engine.name.clone())))
}

fn has_moves(request: &AnalysisRequest) -> bool {
    let mut pos = request.initial.clone();
    for m in &request.moves {
        pos.play_unchecked(*m);
    }
    !pos.legal_moves().is_empty()
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
    asked: Instant,
) -> Reply {
    let mut pos = request.initial.clone();
    let mut keys = Vec::with_capacity(request.moves.len());
    for m in &request.moves {
        keys.push(key_of(&pos));
        pos.play_unchecked(*m);
    }
    let turn = pos.turn();
    // The mover's time has run since the clocks were read.
    let clock = || request.clock.map(|c| c.after(turn, asked.elapsed()));
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
            let answer = engine.best_move(
                &request.initial,
                &request.moves,
                request.mode,
                request.movetime,
                clock().as_ref(),
                &stop,
            );
            match answer {
                Ok(Some(mv)) => {
                    return Reply::moved(request.id, Some(mv), None).by(engine.name.clone());
                }
                // Nobody waits for the move: the session dropped the
                // request (its flag fell, a new game), and the built-in
                // engine has nothing to take over.
                Ok(None) => return Reply::moved(request.id, None, None),
                Err(f) => {
                    // An engine that failed once is not asked again.
                    *external = None;
                    if stop.load(Ordering::Relaxed) {
                        return Reply::moved(request.id, None, None);
                    }
                    failure = Some(f);
                }
            }
        }
    }
    let lvl = level(request.level);
    let limits = match clock() {
        // On a clock every level budgets its time, and the deep ones stop
        // at the hard limit like the full engine.
        Some(c) => Limits {
            clock: Some(c.of(turn)),
            ..Limits::default()
        },
        None => {
            // A level held back by depth or nodes ignores the time per
            // move, so that the same seed gives the same game on any
            // machine.
            let timed = lvl.depth.is_none() && lvl.nodes.is_none();
            Limits {
                movetime: timed.then_some(request.movetime),
                ..Limits::default()
            }
        }
    };
    let limits = lvl.restrict(&limits);
    searcher.set_weakness(lvl.weakness, request.seed);
    searcher.set_stop_flag(stop);
    let result = searcher.search(&pos, &keys, &limits, &mut |_| {});
    Reply::moved(request.id, result.best, failure)
}

#[cfg(test)]
mod tests {
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;
    use shakmaty::{CastlingMode, Color};

    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clocks(wtime: u64, btime: u64) -> GoClock {
        GoClock {
            wtime: ms(wtime),
            btime: ms(btime),
            winc: ms(100),
            binc: ms(200),
            movestogo: Some(7),
        }
    }

    #[test]
    fn only_the_movers_time_runs() {
        let c = clocks(1_000, 2_000);
        assert_eq!(c.after(Color::White, ms(300)), clocks(700, 2_000));
        assert_eq!(c.after(Color::Black, ms(300)), clocks(1_000, 1_700));
        assert_eq!(c.after(Color::White, ms(5_000)), clocks(0, 2_000));
        let black = c.of(Color::Black);
        assert_eq!(
            (black.remaining, black.increment, black.moves_to_go),
            (ms(2_000), ms(200), Some(7))
        );
    }

    fn request(level: u8, clock: Option<GoClock>, external: Option<&str>) -> Request {
        Request::Move(MoveRequest {
            id: 1,
            initial: Chess::default(),
            moves: Vec::new(),
            mode: CastlingMode::Standard,
            level,
            seed: 1,
            movetime: Duration::from_secs(60),
            external: external.map(|name| ExternalSpec {
                command: format!("{}/tests/fake_engines/{name}", env!("CARGO_MANIFEST_DIR")),
                ..ExternalSpec::default()
            }),
            clock,
        })
    }

    fn host() -> (Host, Receiver<Reply>) {
        let (tx, rx) = mpsc::channel();
        let host = Host::new(move |r| {
            let _ = tx.send(r);
        });
        (host, rx)
    }

    #[test]
    fn a_deep_level_on_a_short_clock_moves_before_its_flag() {
        let (mut host, replies) = host();
        for level in [9, 10] {
            let asked = Instant::now();
            host.request(request(level, Some(clocks(300, 300)), None));
            let reply = replies.recv_timeout(Duration::from_secs(30)).unwrap();
            let took = asked.elapsed();
            assert!(took < ms(300), "level {level}: {took:?}");
            let Answer::Move { mv, failure, .. } = reply.answer else {
                panic!("{reply:?}");
            };
            assert!(mv.is_some_and(|m| Chess::default().is_legal(m)));
            assert_eq!(failure, None);
        }
    }

    #[test]
    fn a_cancelled_external_move_ends_without_a_stand_in() {
        // Thinking until stopped, then deaf to `stop`: either way the
        // worker is free again soon, long before the minute is up.
        for fake in ["until_stop.sh", "hang.sh"] {
            let (mut host, replies) = host();
            host.request(request(10, Some(clocks(60_000, 60_000)), Some(fake)));
            thread::sleep(ms(300));
            host.cancel();
            let reply = replies.recv_timeout(Duration::from_secs(20)).unwrap();
            assert_eq!(reply, Reply::moved(1, None, None), "{fake}");
        }
    }

    fn fake(name: &str) -> String {
        format!("{}/tests/fake_engines/{name}", env!("CARGO_MANIFEST_DIR"))
    }

    fn position(fen: &str) -> Chess {
        let fen: Fen = fen.parse().unwrap();
        fen.into_position(CastlingMode::Standard).unwrap()
    }

    /// An analysis of the position after `moves` (in UCI) from `fen`,
    /// on `command` if given.
    fn analysis(fen: &str, moves: &[&str], budget: Budget, command: Option<&str>) -> Request {
        let initial = position(fen);
        let mut pos = initial.clone();
        let mut played = Vec::new();
        for text in moves {
            let m = text.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
            played.push(m);
        }
        Request::Analyse(AnalysisRequest {
            id: 1,
            initial,
            moves: played,
            budget,
            mode: CastlingMode::Standard,
            external: command.map(|command| ExternalSpec {
                command: command.to_string(),
                ..ExternalSpec::default()
            }),
        })
    }

    /// The analysis' result, its failure and the engine that answered.
    fn analysed(reply: Reply) -> (SearchResult, Option<Failure>, Option<String>) {
        match reply.answer {
            Answer::Analysis {
                result,
                failure,
                engine,
            } => (result, failure, engine),
            other => panic!("{other:?}"),
        }
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const STOCKFISH: &str = "/usr/games/stockfish";
    /// Nf6+ gxf6 Bxf7#, and nothing else mates as soon.
    const MATE_IN_TWO: &str = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    /// The start position without Black's queen.
    const QUEEN_UP: &str = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// Stockfish is installed by `scripts/setup`: without it this fails
    /// (the built-in engine answers, with a failure), it does not skip.
    #[test]
    fn stockfish_analyses_from_the_side_to_moves_point_of_view() {
        let (mut host, replies) = host();
        let mut ask = |fen, moves: &[&str], command| {
            host.request(analysis(fen, moves, Budget::Depth(10), command));
            analysed(replies.recv_timeout(Duration::from_secs(60)).unwrap())
        };
        let (result, failure, engine) = ask(MATE_IN_TWO, &[], Some(STOCKFISH));
        assert_eq!(failure, None);
        assert!(engine.is_some_and(|name| name.starts_with("Stockfish")));
        let mate = ["d5f6", "g7f6", "c4f7"];
        let pv: Vec<String> = result
            .pv
            .iter()
            .map(|m| m.to_uci(CastlingMode::Standard).to_string())
            .collect();
        assert_eq!(result.score, Score::Mate(2));
        assert_eq!(pv, mate);
        assert_eq!(result.best, result.pv.first().copied());
        assert!(result.depth >= 1 && result.nodes > 0, "{result:?}");
        // Both engines see a queen more as the side to move sees it.
        for (moves, sign) in [(&[][..], 1), (&["g1f3"][..], -1)] {
            for command in [Some(STOCKFISH), None] {
                let (result, failure, engine) = ask(QUEEN_UP, moves, command);
                assert_eq!((failure, engine.is_some()), (None, command.is_some()));
                let Score::Cp(cp) = result.score else {
                    panic!("{result:?}");
                };
                assert!(cp * sign > 500, "{command:?} {moves:?}: {cp}");
                let best = result.best.expect("a move");
                assert!(position(QUEEN_UP).legal_moves().len() > 1 && result.pv[0] == best);
            }
        }
    }

    #[test]
    fn a_failing_external_engine_leaves_the_analysis_to_the_built_in_one() {
        let (mut host, replies) = host();
        let a1a8 = "a1a8".parse::<UciMove>().unwrap();
        let missing = fake("missing.sh");
        for (command, expected) in [
            (fake("crash.sh"), Failure::Crashed),
            (fake("garbage.sh"), Failure::Garbled),
            (fake("illegal.sh"), Failure::IllegalMove(a1a8)),
            (
                missing.clone(),
                Failure::NotStarted {
                    program: missing,
                    reason: crate::event::IoReason::NotFound,
                },
            ),
        ] {
            host.request(analysis(START, &["e2e4"], Budget::Depth(4), Some(&command)));
            let reply = replies.recv_timeout(Duration::from_secs(30)).unwrap();
            let (result, failure, engine) = analysed(reply);
            assert_eq!((failure, engine), (Some(expected), None), "{command}");
            // The built-in engine's answer, on the same budget.
            assert_eq!(result.depth, 4, "{command}");
            let mut after = Chess::default();
            after.play_unchecked("e2e4".parse::<UciMove>().unwrap().to_move(&after).unwrap());
            assert!(result.best.is_some_and(|m| after.is_legal(m)), "{command}");
        }
    }

    #[test]
    fn an_external_engine_that_hangs_is_given_up_at_its_deadline() {
        let request = analysis(START, &[], Budget::Depth(10), Some(&fake("hang.sh")));
        let Request::Analyse(request) = request else {
            unreachable!()
        };
        let mut external = None;
        let asked = Instant::now();
        let stop = Arc::new(AtomicBool::new(false));
        let (result, failure, engine) = analysed(Reply {
            id: 1,
            answer: analyse(&mut external, &request, stop, ms(500)),
        });
        assert!(
            asked.elapsed() < Duration::from_secs(5),
            "{:?}",
            asked.elapsed()
        );
        assert_eq!((failure, engine), (Some(Failure::Hung), None));
        assert!(external.is_none(), "a hung engine is dropped");
        assert_eq!(result.depth, 10);
    }

    #[test]
    fn a_stopped_external_analysis_replies_soon() {
        let (mut host, replies) = host();
        // Thinking until stopped, then deaf to `stop`.
        for command in [fake("thinking.sh"), fake("hang.sh")] {
            host.request(analysis(START, &[], Budget::Depth(40), Some(&command)));
            thread::sleep(ms(300));
            let stopped = Instant::now();
            host.stop_analysis(1);
            let reply = replies.recv_timeout(Duration::from_secs(20)).unwrap();
            host.done(1);
            let took = stopped.elapsed();
            assert!(took < ms(1_500), "{command}: {took:?}");
            let (result, failure, engine) = analysed(reply);
            let e2e4 = "e2e4".parse::<UciMove>().unwrap();
            if command.ends_with("thinking.sh") {
                assert_eq!((failure, engine.as_deref()), (None, Some("fake")));
                assert_eq!(result.score, Score::Cp(15));
                assert_eq!((result.depth, result.nodes), (1, 20));
                let start = Chess::default();
                assert_eq!(result.best, e2e4.to_move(&start).ok());
                assert_eq!(result.pv.len(), 2);
            } else {
                assert_eq!((failure, engine), (Some(Failure::Hung), None));
                assert!(result.best.is_some());
            }
        }
    }
}
