//! The UCI client: drives an external engine (Stockfish or any other) as
//! a child process. Engine output is parsed by `vampirc-uci`; nothing the
//! engine sends or fails to send may panic the client: every way it can
//! go wrong ends in a [`Failure`] the session reports in one sentence.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};
use vampirc_uci::{UciMessage, UciOptionConfig};

use super::analysis::{Findings, MAX_ANALYSIS_TIME, read_analysis};
use super::host::{Budget, GoClock};
use super::search::SearchResult;
use crate::event::IoReason;
// The events carry it; the client makes it.
pub use annabella_core::engine::client::{ExternalSpec, Failure};

/// How long an engine may take to answer `uci` and `isready`.
pub const START_TIMEOUT: Duration = Duration::from_secs(10);
/// How much longer than its thinking time an engine may take to answer.
pub const MOVE_MARGIN: Duration = Duration::from_secs(5);
/// Lines of noise tolerated while waiting for one answer.
const NOISE_LIMIT: usize = 10_000;
/// How often waiting for a move looks whether it is still wanted.
const STOP_POLL: Duration = Duration::from_millis(10);
/// How long a stopped engine may take to send its last `bestmove`.
const STOP_TIMEOUT: Duration = Duration::from_secs(1);

/// A running external engine.
pub struct External {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The options the engine announced, by lower-case name.
    offered: Vec<String>,
    /// The options asked for that the engine does not have, as given:
    /// they were not sent.
    pub unknown: Vec<String>,
    /// The name it gave (`id name`), for the record of the game.
    pub name: Option<String>,
    /// The spec it was started with.
    pub spec: ExternalSpec,
    /// Whether it was told to play Chess960 (`UCI_Chess960`).
    chess960: bool,
}

impl External {
    /// Starts the engine and completes the UCI handshake.
    pub fn start(spec: &ExternalSpec, timeout: Duration) -> Result<External, Failure> {
        let mut parts = spec.command.split_whitespace();
        let not_started = |reason| Failure::NotStarted {
            program: spec.command.trim().to_string(),
            reason,
        };
        let program = parts.next().ok_or(not_started(IoReason::NotFound))?;
        let mut child = Command::new(program)
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| not_started(IoReason::of(&e)))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(not_started(IoReason::Other));
        };
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).into_owned();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut engine = External {
            child,
            stdin,
            lines: rx,
            offered: Vec::new(),
            unknown: Vec::new(),
            name: None,
            spec: spec.clone(),
            chess960: false,
        };
        let started = engine.handshake(spec, timeout);
        match started {
            Ok(()) => Ok(engine),
            Err(f) => Err(f),
        }
    }

    fn handshake(&mut self, spec: &ExternalSpec, timeout: Duration) -> Result<(), Failure> {
        self.send("uci")?;
        let deadline = Instant::now() + timeout;
        let answer = read_handshake(&mut self.lines, deadline)?;
        self.offered = answer.offered;
        self.name = answer.name;
        for (name, value) in &spec.options {
            if !self.offers(name) {
                self.unknown.push(name.clone());
                continue;
            }
            // Readiness is asked after each option, so that an engine
            // that dies of a value (Stockfish on `Hash=abc`) is known to
            // have died of that option.
            let refused = |failure| match failure {
                Failure::Crashed => Failure::OptionRefused {
                    name: name.clone(),
                    value: value.clone(),
                },
                other => other,
            };
            self.send(&format!("setoption name {name} value {value}"))
                .map_err(refused)?;
            self.ready(deadline).map_err(refused)?;
        }
        if let Some(elo) = spec.elo
            && self.offers("UCI_LimitStrength")
            && self.offers("UCI_Elo")
        {
            self.send("setoption name UCI_LimitStrength value true")?;
            self.send(&format!("setoption name UCI_Elo value {elo}"))?;
        }
        self.ready(deadline)
    }

    /// Whether the engine announced an option of this name.
    pub fn offers(&self, name: &str) -> bool {
        self.offered.contains(&name.to_ascii_lowercase())
    }

    fn ready(&mut self, deadline: Instant) -> Result<(), Failure> {
        self.send("isready")?;
        read_ready(&mut self.lines, deadline)
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| Failure::Crashed)
    }

    /// Asks for a move in the position after `moves` from `initial`,
    /// thinking on `clock` when the game is timed, else for `movetime`.
    /// `Ok(None)`: `stop` was set before the move came; the search was
    /// stopped and its answer read, so the engine is ready for the next.
    pub fn best_move(
        &mut self,
        initial: &Chess,
        moves: &[Move],
        mode: CastlingMode,
        movetime: Duration,
        clock: Option<&GoClock>,
        stop: &AtomicBool,
    ) -> Result<Option<Move>, Failure> {
        let pos = self.set_position(initial, moves, mode)?;
        let (go, allowed) = go_command(pos.turn(), movetime, clock);
        self.send(&go)?;
        let deadline = Instant::now() + allowed + MOVE_MARGIN;
        let mut output = Stoppable {
            output: &mut self.lines,
            stop,
        };
        match read_best_move(&mut output, deadline, &pos) {
            Ok(mv) => Ok(Some(mv)),
            // The silence of a stopped wait is not the engine's.
            Err(Failure::Hung) if stop.load(Ordering::Relaxed) => self.abandon().map(|()| None),
            Err(f) => Err(f),
        }
    }

    /// Sends the position after `moves` from `initial` (the start
    /// position by name, any other by FEN) and returns it.
    fn set_position(
        &mut self,
        initial: &Chess,
        moves: &[Move],
        mode: CastlingMode,
    ) -> Result<Chess, Failure> {
        // Sent whenever it changes, not only to turn it on: an analysis
        // engine serves one game after another, and a standard game's
        // castling (`e1g1`) means another move to an engine in Chess960.
        let chess960 = mode == CastlingMode::Chess960;
        if chess960 != self.chess960 && self.offers("UCI_Chess960") {
            self.send(&format!("setoption name UCI_Chess960 value {chess960}"))?;
            self.chess960 = chess960;
        }
        let mut line = if *initial == Chess::default() {
            "position startpos".to_string()
        } else {
            let fen = shakmaty::fen::Fen::from_position(initial, shakmaty::EnPassantMode::Legal);
            format!("position fen {fen}")
        };
        let mut pos = initial.clone();
        if !moves.is_empty() {
            line.push_str(" moves");
            for m in moves {
                line.push(' ');
                line.push_str(&m.to_uci(mode).to_string());
                pos.play_unchecked(*m);
            }
        }
        self.send(&line)?;
        Ok(pos)
    }

    /// Analyses the position after `moves` from `initial` within
    /// `budget` (`go depth N` or `go nodes N`): the last `info` lines
    /// read into the result the built-in engine would give. An engine
    /// silent for `allowed` has hung. When `stop` is set the search is
    /// stopped and read up to its `bestmove`; `Ok(None)`: it had said
    /// nothing worth keeping by then.
    pub fn analyse(
        &mut self,
        initial: &Chess,
        moves: &[Move],
        mode: CastlingMode,
        budget: Budget,
        allowed: Duration,
        stop: &AtomicBool,
    ) -> Result<Option<SearchResult>, Failure> {
        let pos = self.set_position(initial, moves, mode)?;
        // `go depth 0` is no search at all to some engines.
        let go = match budget {
            Budget::Nodes(n) => format!("go nodes {}", n.max(1)),
            Budget::Depth(d) => format!("go depth {}", d.max(1)),
        };
        self.send(&go)?;
        let deadline = Instant::now().checked_add(allowed);
        let deadline = deadline.unwrap_or_else(|| Instant::now() + MAX_ANALYSIS_TIME);
        let mut heard = Findings::default();
        let mut output = Stoppable {
            output: &mut self.lines,
            stop,
        };
        let best = match read_analysis(&mut output, deadline, &pos, &mut heard) {
            Err(Failure::Hung) if stop.load(Ordering::Relaxed) => {
                self.send("stop")?;
                let deadline = Instant::now() + STOP_TIMEOUT;
                read_analysis(&mut self.lines, deadline, &pos, &mut heard)?
            }
            answer => answer?,
        };
        match heard.result(&pos, best) {
            Some(result) => Ok(Some(result)),
            None if stop.load(Ordering::Relaxed) => Ok(None),
            // Asked for a score and given none.
            None => Err(Failure::Garbled),
        }
    }

    /// Stops the search nobody waits for any more and reads up to its
    /// `bestmove`, so that the next `go` is not answered by this one.
    fn abandon(&mut self) -> Result<(), Failure> {
        self.send("stop")?;
        let deadline = Instant::now() + STOP_TIMEOUT;
        wait_for(&mut self.lines, deadline, Failure::Hung, |m| {
            matches!(m, UciMessage::BestMove { .. })
        })
    }

    /// Tells the engine a new game starts.
    pub fn new_game(&mut self) -> Result<(), Failure> {
        self.send("ucinewgame")?;
        self.ready(Instant::now() + START_TIMEOUT)
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // Give it a moment to leave on its own, then make sure.
        let until = Instant::now() + Duration::from_millis(200);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The `go` command for the side `turn` to move, and how long the engine
/// may think before its answer is late (a margin aside): its own time
/// left on `clock` when the game is timed, else `movetime`.
pub fn go_command(turn: Color, movetime: Duration, clock: Option<&GoClock>) -> (String, Duration) {
    let Some(c) = clock else {
        let ms = movetime.as_millis().max(1);
        return (format!("go movetime {ms}"), movetime);
    };
    let mut line = format!(
        "go wtime {} btime {} winc {} binc {}",
        c.wtime.as_millis(),
        c.btime.as_millis(),
        c.winc.as_millis(),
        c.binc.as_millis()
    );
    // UCI counts moves to go from 1; a zero would read as "none left".
    if let Some(n) = c.movestogo.filter(|&n| n > 0) {
        line.push_str(&format!(" movestogo {n}"));
    }
    let allowed = match turn {
        Color::White => c.wtime,
        Color::Black => c.btime,
    };
    (line, allowed)
}

/// Engine output read in short slices, so that a wait ends soon after
/// `stop` is set; it then reads as silence.
struct Stoppable<'a, O> {
    output: &'a mut O,
    stop: &'a AtomicBool,
}

impl<O: EngineOutput> EngineOutput for Stoppable<'_, O> {
    fn next_line(&mut self, deadline: Instant) -> Heard {
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return Heard::Silence;
            }
            let slice = deadline.min(Instant::now() + STOP_POLL);
            match self.output.next_line(slice) {
                Heard::Silence if slice < deadline => {}
                heard => return heard,
            }
        }
    }
}

fn option_name(config: &UciOptionConfig) -> &str {
    config.get_name()
}

/// What waiting for the engine's next line brought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// One line of output, as the engine wrote it.
    Line(String),
    /// Nothing came before the deadline.
    Silence,
    /// The engine closed its output (it exited or crashed).
    Closed,
}

/// Where an engine's output comes from, one line at a time. A running
/// engine's lines come through a channel from the thread that reads its
/// standard output; a [`Script`] gives lines from a list, so the reading
/// can be tested and fuzzed without a process.
pub trait EngineOutput {
    /// The next line, waiting until `deadline` at most.
    fn next_line(&mut self, deadline: Instant) -> Heard;
}

impl EngineOutput for Receiver<String> {
    fn next_line(&mut self, deadline: Instant) -> Heard {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.recv_timeout(left) {
            Ok(line) => Heard::Line(line),
            Err(RecvTimeoutError::Timeout) => Heard::Silence,
            Err(RecvTimeoutError::Disconnected) => Heard::Closed,
        }
    }
}

/// Engine output from a list of lines: every line at once, then the
/// engine is closed. Never silent, so the deadline does not matter.
#[derive(Clone, Debug)]
pub struct Script<I>(pub I);

impl<I: Iterator<Item = String>> EngineOutput for Script<I> {
    fn next_line(&mut self, _deadline: Instant) -> Heard {
        self.0.next().map_or(Heard::Closed, Heard::Line)
    }
}

/// Reads the answer to `uci` up to `uciok`: the names of the options
/// the engine offers, in lower case.
pub fn read_uci_answer(
    output: &mut impl EngineOutput,
    deadline: Instant,
) -> Result<Vec<String>, Failure> {
    read_handshake(output, deadline).map(|answer| answer.offered)
}

/// What an engine says in answer to `uci`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Handshake {
    /// The options it offers, by lower-case name.
    pub offered: Vec<String>,
    /// Its name (`id name`), if it gave one.
    pub name: Option<String>,
}

/// Reads the answer to `uci` up to `uciok`: the options and the name.
pub fn read_handshake(
    output: &mut impl EngineOutput,
    deadline: Instant,
) -> Result<Handshake, Failure> {
    let mut answer = Handshake::default();
    wait_for(output, deadline, Failure::StartTimeout, |m| match m {
        UciMessage::Option(config) => {
            answer
                .offered
                .push(option_name(&config).to_ascii_lowercase());
            false
        }
        UciMessage::Id {
            name: Some(name), ..
        } => {
            // A name is a PGN tag value: no control characters, not
            // endless.
            let name: String = name.chars().filter(|c| !c.is_control()).take(60).collect();
            answer.name = Some(name.trim().to_string()).filter(|n| !n.is_empty());
            false
        }
        UciMessage::UciOk => true,
        _ => false,
    })?;
    Ok(answer)
}

/// Reads the answer to `isready` up to `readyok`.
pub fn read_ready(output: &mut impl EngineOutput, deadline: Instant) -> Result<(), Failure> {
    wait_for(output, deadline, Failure::StartTimeout, |m| {
        matches!(m, UciMessage::ReadyOk)
    })
}

/// Reads the answer to `go` in `pos` up to `bestmove`: the move, checked
/// to be legal in `pos`.
pub fn read_best_move(
    output: &mut impl EngineOutput,
    deadline: Instant,
    pos: &Chess,
) -> Result<Move, Failure> {
    let mut answer = Err(Failure::Garbled);
    wait_for(output, deadline, Failure::Hung, |m| match m {
        UciMessage::BestMove { best_move, .. } => {
            answer = match best_move.to_string().parse::<UciMove>() {
                Ok(u) => u.to_move(pos).map_err(|_| Failure::IllegalMove(u)),
                Err(_) => Err(Failure::Garbled),
            };
            true
        }
        _ => false,
    })?;
    answer
}

/// Reads lines until `done` accepts one; a silent engine fails with
/// `late`, a closed one as crashed, a noisy one as garbled.
pub(super) fn wait_for(
    output: &mut impl EngineOutput,
    deadline: Instant,
    late: Failure,
    mut done: impl FnMut(UciMessage) -> bool,
) -> Result<(), Failure> {
    let mut noise = 0;
    loop {
        let line = match output.next_line(deadline) {
            Heard::Line(line) => line,
            Heard::Silence => return Err(late),
            Heard::Closed => return Err(Failure::Crashed),
        };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let message = super::wire::parse(line);
        if message.is_unknown() {
            // A `bestmove` that is not UCI will not be followed by a
            // better one.
            if line.starts_with("bestmove") {
                return Err(Failure::Garbled);
            }
            noise += 1;
            if noise > NOISE_LIMIT {
                return Err(Failure::Garbled);
            }
            continue;
        }
        if done(message) {
            return Ok(());
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// An engine's output, one line at a time.
    pub(in crate::engine) fn script(text: &str) -> Script<std::vec::IntoIter<String>> {
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        Script(lines.into_iter())
    }

    /// A deadline a scripted engine always meets.
    pub(in crate::engine) fn soon() -> Instant {
        Instant::now() + Duration::from_secs(1)
    }

    #[test]
    fn the_handshake_collects_the_offered_options() {
        let mut out = script(
            "id name fake\r\n\
             option name Hash type spin default 16 min 1 max 64\n\
             \n\
             noise\n\
             option name UCI_Elo type spin default 1500 min 1000 max 2000\n\
             uciok\n\
             readyok\n",
        );
        let offered = read_uci_answer(&mut out, soon());
        assert_eq!(offered, Ok(vec!["hash".to_string(), "uci_elo".to_string()]));
        assert_eq!(read_ready(&mut out, soon()), Ok(()));
        assert_eq!(read_ready(&mut out, soon()), Err(Failure::Crashed));
    }

    #[test]
    fn the_handshake_keeps_the_engines_name_for_the_record() {
        let mut out = script("id name Stockfish 15.1\nid author the team\nuciok\n");
        let answer = read_handshake(&mut out, soon()).unwrap();
        assert_eq!(answer.name.as_deref(), Some("Stockfish 15.1"));
        let mut out = script("id name \u{7}\nuciok\n");
        assert_eq!(read_handshake(&mut out, soon()).unwrap().name, None);
    }

    #[test]
    fn a_best_move_is_checked_against_the_position() {
        let pos = Chess::default();
        let mut out = script("info depth 1 score cp 20 pv e2e4\nbestmove e2e4 ponder e7e5\n");
        let mv = read_best_move(&mut out, soon(), &pos).expect("a legal move");
        assert!(pos.is_legal(mv));
        let mut out = script("bestmove e2e5\n");
        assert!(matches!(
            read_best_move(&mut out, soon(), &pos),
            Err(Failure::IllegalMove(_))
        ));
        let mut out = script("bestmove banana\n");
        assert_eq!(
            read_best_move(&mut out, soon(), &pos),
            Err(Failure::Garbled)
        );
        let mut out = script("info string thinking\n");
        assert_eq!(
            read_best_move(&mut out, soon(), &pos),
            Err(Failure::Crashed)
        );
    }

    /// Found by fuzzing (`uci_client`): vampirc-uci reads `info depth`
    /// and `seldepth` into a byte and panicked above 255.
    #[test]
    fn info_depths_too_big_for_a_byte_are_read() {
        let pos = Chess::default();
        let mut out = script(
            "info depth 300 seldepth 999 score cp 10 pv e2e4\n\
             info depth 7777 nodes 5\n\
             bestmove e2e4\n",
        );
        assert!(read_best_move(&mut out, soon(), &pos).is_ok());
    }

    fn clock(movestogo: Option<u32>) -> GoClock {
        GoClock {
            wtime: Duration::from_millis(14_985),
            btime: Duration::from_secs(15),
            winc: Duration::from_millis(100),
            binc: Duration::from_millis(100),
            movestogo,
        }
    }

    #[test]
    fn go_gives_the_clocks_in_milliseconds_or_a_time_per_move() {
        let second = Duration::from_secs(1);
        assert_eq!(
            go_command(Color::White, second, None),
            ("go movetime 1000".to_string(), second)
        );
        assert_eq!(
            go_command(Color::Black, Duration::ZERO, None).0,
            "go movetime 1"
        );
        let c = clock(None);
        assert_eq!(
            go_command(Color::White, second, Some(&c)),
            (
                "go wtime 14985 btime 15000 winc 100 binc 100".to_string(),
                c.wtime
            )
        );
        assert_eq!(go_command(Color::Black, second, Some(&c)).1, c.btime);
        assert_eq!(
            go_command(Color::Black, second, Some(&clock(Some(12)))).0,
            "go wtime 14985 btime 15000 winc 100 binc 100 movestogo 12"
        );
        assert_eq!(
            go_command(Color::Black, second, Some(&clock(Some(0)))).0,
            "go wtime 14985 btime 15000 winc 100 binc 100"
        );
    }

    #[test]
    fn a_wait_ends_soon_after_the_stop_flag() {
        let (tx, mut rx) = mpsc::channel::<String>();
        let stop = AtomicBool::new(false);
        let far = Instant::now() + Duration::from_secs(600);
        tx.send("readyok".into()).unwrap();
        let mut out = Stoppable {
            output: &mut rx,
            stop: &stop,
        };
        assert_eq!(out.next_line(far), Heard::Line("readyok".into()));
        assert_eq!(out.next_line(Instant::now()), Heard::Silence);
        stop.store(true, Ordering::Relaxed);
        assert_eq!(out.next_line(far), Heard::Silence);
        // From another thread, while waiting.
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let setter = std::sync::Arc::clone(&stop);
        let flagger = thread::spawn(move || {
            thread::sleep(Duration::from_millis(50));
            setter.store(true, Ordering::Relaxed);
        });
        let mut out = Stoppable {
            output: &mut rx,
            stop: &stop,
        };
        assert_eq!(out.next_line(far), Heard::Silence);
        flagger.join().unwrap();
        drop(tx);
        stop.store(false, Ordering::Relaxed);
        let mut out = Stoppable {
            output: &mut rx,
            stop: &stop,
        };
        assert_eq!(out.next_line(far), Heard::Closed);
    }

    fn fake(name: &str) -> ExternalSpec {
        let path = format!("{}/tests/fake_engines/{name}", env!("CARGO_MANIFEST_DIR"));
        ExternalSpec {
            command: path,
            ..ExternalSpec::default()
        }
    }

    /// Asks for a move on a 60 s clock and sets the stop flag after
    /// 50 ms.
    fn stopped_move(engine: &mut External) -> Result<Option<Move>, Failure> {
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let setter = std::sync::Arc::clone(&stop);
        let flagger = thread::spawn(move || {
            thread::sleep(Duration::from_millis(50));
            setter.store(true, Ordering::Relaxed);
        });
        let minute = Duration::from_secs(60);
        let c = GoClock {
            wtime: minute,
            btime: minute,
            winc: Duration::ZERO,
            binc: Duration::ZERO,
            movestogo: None,
        };
        let start = Chess::default();
        let answer = engine.best_move(&start, &[], CastlingMode::Standard, minute, Some(&c), &stop);
        flagger.join().unwrap();
        answer
    }

    #[test]
    fn a_stopped_engine_is_read_up_to_its_move_and_stays_usable() {
        let mut engine = External::start(&fake("until_stop.sh"), START_TIMEOUT).unwrap();
        assert_eq!(stopped_move(&mut engine), Ok(None));
        // Had the first search's move not been read, it would answer this.
        assert_eq!(stopped_move(&mut engine), Ok(None));
        assert_eq!(engine.new_game(), Ok(()));
        // An engine deaf to `stop` is given up after a moment.
        let mut engine = External::start(&fake("hang.sh"), START_TIMEOUT).unwrap();
        assert_eq!(stopped_move(&mut engine), Err(Failure::Hung));
    }

    #[test]
    fn a_silent_engine_is_late() {
        let (_tx, mut rx) = mpsc::channel::<String>();
        assert_eq!(
            read_ready(&mut rx, Instant::now()),
            Err(Failure::StartTimeout)
        );
        let pos = Chess::default();
        assert_eq!(
            read_best_move(&mut rx, Instant::now(), &pos),
            Err(Failure::Hung)
        );
    }

    #[test]
    fn chess960_is_turned_on_and_off_with_the_games_mode() {
        let mut engine = External::start(&fake("chess960.sh"), START_TIMEOUT).unwrap();
        let stop = AtomicBool::new(false);
        let start = Chess::default();
        let second = Duration::from_secs(5);
        for (mode, cp) in [
            (CastlingMode::Standard, 0),
            (CastlingMode::Chess960, 960),
            (CastlingMode::Chess960, 960),
            (CastlingMode::Standard, 0),
        ] {
            let budget = Budget::Depth(1);
            let result = engine.analyse(&start, &[], mode, budget, second, &stop);
            let score = result.map(|r| r.map(|r| r.score));
            assert_eq!(
                score,
                Ok(Some(super::super::search::Score::Cp(cp))),
                "{mode:?}"
            );
        }
    }
}
