//! The UCI client: drives an external engine (Stockfish or any other) as
//! a child process. Engine output is parsed by `vampirc-uci`; nothing the
//! engine sends or fails to send may panic the client: every way it can
//! go wrong ends in a [`Failure`] the session reports in one sentence.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};
use vampirc_uci::{UciMessage, UciOptionConfig};

/// How to start an external engine.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ExternalSpec {
    /// The program (and any arguments, separated by spaces).
    pub command: String,
    /// `setoption` pairs, sent as given.
    pub options: Vec<(String, String)>,
    /// A strength to ask for, through UCI_LimitStrength and UCI_Elo when
    /// the engine offers them.
    pub elo: Option<u32>,
}

/// What went wrong with an external engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The program could not be started at all.
    NotStarted,
    /// It did not finish the UCI handshake in time.
    StartTimeout,
    /// It exited or closed its output.
    Crashed,
    /// It sent no move within its time and a margin.
    Hung,
    /// It sent a move that is not legal in the position.
    IllegalMove(UciMove),
    /// It sent something that is not UCI where a move was due.
    Garbled,
}

/// How long an engine may take to answer `uci` and `isready`.
pub const START_TIMEOUT: Duration = Duration::from_secs(10);
/// How much longer than its thinking time an engine may take to answer.
pub const MOVE_MARGIN: Duration = Duration::from_secs(5);
/// Lines of noise tolerated while waiting for one answer.
const NOISE_LIMIT: usize = 10_000;

/// A running external engine.
pub struct External {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The options the engine announced, by lower-case name.
    offered: Vec<String>,
    /// The spec it was started with.
    pub spec: ExternalSpec,
}

impl External {
    /// Starts the engine and completes the UCI handshake.
    pub fn start(spec: &ExternalSpec, timeout: Duration) -> Result<External, Failure> {
        let mut parts = spec.command.split_whitespace();
        let program = parts.next().ok_or(Failure::NotStarted)?;
        let mut child = Command::new(program)
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|_| Failure::NotStarted)?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Failure::NotStarted);
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
                        let line = String::from_utf8_lossy(&buf).trim().to_string();
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
            spec: spec.clone(),
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
        let mut offered = Vec::new();
        self.wait_for(deadline, Failure::StartTimeout, |m| match m {
            UciMessage::Option(config) => {
                offered.push(option_name(&config).to_ascii_lowercase());
                false
            }
            UciMessage::UciOk => true,
            _ => false,
        })?;
        self.offered = offered;
        for (name, value) in &spec.options {
            self.send(&format!("setoption name {name} value {value}"))?;
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
        self.wait_for(deadline, Failure::StartTimeout, |m| {
            matches!(m, UciMessage::ReadyOk)
        })
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| Failure::Crashed)
    }

    /// Reads lines until `done` accepts one; a silent engine fails with
    /// `late`, a closed one as crashed.
    fn wait_for(
        &mut self,
        deadline: Instant,
        late: Failure,
        mut done: impl FnMut(UciMessage) -> bool,
    ) -> Result<(), Failure> {
        let mut noise = 0;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if line.is_empty() {
                        continue;
                    }
                    let message = vampirc_uci::parse_one(&line);
                    if message.is_unknown() {
                        // A `bestmove` that is not UCI will not be
                        // followed by a better one.
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
                Err(RecvTimeoutError::Timeout) => return Err(late),
                Err(RecvTimeoutError::Disconnected) => return Err(Failure::Crashed),
            }
        }
    }

    /// Asks for a move in the position after `moves` from `initial`,
    /// thinking for `movetime`.
    pub fn best_move(
        &mut self,
        initial: &Chess,
        moves: &[Move],
        mode: CastlingMode,
        movetime: Duration,
    ) -> Result<Move, Failure> {
        if mode == CastlingMode::Chess960 && self.offers("UCI_Chess960") {
            self.send("setoption name UCI_Chess960 value true")?;
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
        self.send(&format!("go movetime {}", movetime.as_millis().max(1)))?;
        let deadline = Instant::now() + movetime + MOVE_MARGIN;
        let mut answer: Option<Result<Move, Failure>> = None;
        let result = self.wait_for(deadline, Failure::Hung, |m| match m {
            UciMessage::BestMove { best_move, .. } => {
                let text = best_move.to_string();
                answer = Some(match text.parse::<UciMove>() {
                    Ok(u) => u.to_move(&pos).map_err(|_| Failure::IllegalMove(u)),
                    Err(_) => Err(Failure::Garbled),
                });
                true
            }
            _ => false,
        });
        match (result, answer) {
            (Ok(()), Some(a)) => a,
            (Err(e), _) => {
                // A wrong `bestmove` line vampirc cannot read is garbage,
                // not silence.
                Err(e)
            }
            (Ok(()), None) => Err(Failure::Garbled),
        }
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

fn option_name(config: &UciOptionConfig) -> &str {
    config.get_name()
}
