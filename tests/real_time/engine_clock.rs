//! `annabella uci` on the clock: games at 15 s + 0.1 s against a fast
//! Stockfish, with the referee's clock kept here as a GUI keeps it. The
//! clock is the assertion: annabella's flag never falls, and every move
//! it sends is legal.
//!
//! Stockfish is installed by `scripts/setup` (Debian package
//! `stockfish`); without it the test fails rather than pass unplayed.
//! `cargo test --test real_time engine_clock -- --nocapture` prints the
//! games, their plies and annabella's least time left per level.

use std::collections::HashMap;
use std::env;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use annabella::rules::clock::{Clock, TimeControl};

use crate::common;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position};

/// 15 s + 0.1 s.
const CONTROL: &str = "0.25+0.1";
const LEVELS: [u8; 3] = [1, 5, 10];
const GAMES_PER_LEVEL: usize = 5;
/// A game still going after this many plies is stopped undecided.
const MAX_PLIES: usize = 160;
/// The games of a level start from these moves, played before the clock
/// starts, so that a depth-limited level does not play one game five
/// times.
const OPENINGS: [&str; GAMES_PER_LEVEL] = [
    "e2e4 e7e5",
    "d2d4 d7d5",
    "c2c4 e7e5",
    "g1f3 d7d5",
    "e2e4 c7c5",
];
/// Stockfish's search per move: fast, and the same on any machine.
const STOCKFISH_GO: &str = "go nodes 2000";
/// Games played at once; the machine may have no more than two cores,
/// and each game keeps one busy.
const WORKERS: usize = 2;
/// Longest wait for an answer that no clock bounds (the handshake,
/// Stockfish's few nodes).
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);
/// How long after its flag fell annabella's silence is waited for, to
/// tell a late move from none.
const AFTER_FLAG: Duration = Duration::from_secs(5);

/// Stockfish on PATH, or where Debian puts it.
fn stockfish() -> PathBuf {
    let on_path = env::var_os("PATH").and_then(|paths| {
        env::split_paths(&paths)
            .map(|dir| dir.join("stockfish"))
            .find(|p| p.is_file())
    });
    on_path
        .or_else(|| Some(PathBuf::from("/usr/games/stockfish")).filter(|p| p.is_file()))
        .expect(
            "Stockfish is missing: this test plays annabella against it. \
             Install the Debian package stockfish (scripts/setup does) \
             or put a `stockfish` on PATH.",
        )
}

/// A UCI engine run as a child process, its output read on a thread.
struct Engine {
    name: &'static str,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(name: &'static str, program: &PathBuf, args: &[&str]) -> Engine {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{name} ({}) does not start: {e}", program.display()));
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            name,
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .unwrap_or_else(|e| panic!("{} does not read {line:?}: {e}", self.name));
    }

    /// The first line starting with `prefix`, read before `deadline`.
    fn line(&mut self, prefix: &str, deadline: Instant) -> Result<String, String> {
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait) {
                Ok(line) if line.starts_with(prefix) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("{} sent no {prefix:?} in time", self.name));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("{} exited before {prefix:?}", self.name));
                }
            }
        }
    }

    /// The handshake, with `options` set, up to `readyok`.
    fn ready(&mut self, options: &[(&str, String)]) {
        self.send("uci");
        let soon = Instant::now() + ANSWER_TIMEOUT;
        self.line("uciok", soon).unwrap_or_else(|e| panic!("{e}"));
        for (name, value) in options {
            self.send(&format!("setoption name {name} value {value}"));
        }
        self.send("ucinewgame");
        self.send("isready");
        self.line("readyok", soon).unwrap_or_else(|e| panic!("{e}"));
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        let until = Instant::now() + Duration::from_secs(2);
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

/// How a game stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Mate(Color),
    Stalemate,
    InsufficientMaterial,
    Fivefold,
    SeventyFiveMoves,
    PlyLimit,
}

/// One game as played.
struct Played {
    annabella: Color,
    end: End,
    plies: usize,
    /// Annabella's least time left when one of its moves came, before the
    /// increment.
    least_left: Duration,
}

/// The `bestmove` line's move, legal in `pos`.
fn legal_move(line: &str, pos: &Chess) -> Option<shakmaty::Move> {
    let word = line.split_whitespace().nth(1)?;
    word.parse::<UciMove>().ok()?.to_move(pos).ok()
}

/// Why the game at `pos` is over, if it is.
fn ended(pos: &Chess, seen: &HashMap<u64, u32>, key: u64, plies: usize) -> Option<End> {
    if pos.legal_moves().is_empty() {
        return Some(if pos.is_check() {
            End::Mate(!pos.turn())
        } else {
            End::Stalemate
        });
    }
    if pos.is_insufficient_material() {
        Some(End::InsufficientMaterial)
    } else if seen.get(&key).copied().unwrap_or(0) >= 5 {
        Some(End::Fivefold)
    } else if pos.halfmoves() >= 150 {
        Some(End::SeventyFiveMoves)
    } else if plies >= MAX_PLIES {
        Some(End::PlyLimit)
    } else {
        None
    }
}

/// Plays one game of annabella at `level` against Stockfish from
/// `opening`, annabella White when `white`. An error says how annabella
/// lost on time or broke the rules.
fn play(level: u8, opening: &str, annabella: Color) -> Result<Played, String> {
    let own = PathBuf::from(env!("CARGO_BIN_EXE_annabella"));
    let mut ours = Engine::start("annabella", &own, &["uci"]);
    ours.ready(&[("Level", level.to_string())]);
    let mut theirs = Engine::start("stockfish", &stockfish(), &[]);
    theirs.ready(&[("Threads", "1".into()), ("Hash", "16".into())]);

    let mut pos = Chess::default();
    let mut moves: Vec<String> = Vec::new();
    let mut seen: HashMap<u64, u32> = HashMap::new();
    for word in opening.split_whitespace() {
        let m = word
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(&pos).ok())
            .unwrap_or_else(|| panic!("opening {opening}: {word} is not legal"));
        pos.play_unchecked(m);
        moves.push(word.to_string());
    }
    let control: TimeControl = CONTROL.parse().expect("the control reads");
    let increment = control.bonus().amount().as_millis();
    let mut clock = Clock::new(control, pos.turn());
    clock.start(Instant::now());
    let mut least_left = Duration::MAX;
    loop {
        let key = pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
        *seen.entry(key).or_default() += 1;
        if let Some(end) = ended(&pos, &seen, key, moves.len()) {
            return Ok(Played {
                annabella,
                end,
                plies: moves.len(),
                least_left,
            });
        }
        let position = format!("position startpos moves {}", moves.join(" "));
        let now = Instant::now();
        let line = if pos.turn() == annabella {
            let times = clock.times(now);
            ours.send(&position);
            ours.send(&format!(
                "go wtime {} btime {} winc {increment} binc {increment}",
                times.white.as_millis(),
                times.black.as_millis()
            ));
            let flag = clock.deadline(now).expect("annabella's time runs");
            ours.line("bestmove ", flag + AFTER_FLAG)
        } else {
            theirs.send(&position);
            theirs.send(STOCKFISH_GO);
            theirs.line("bestmove ", now + ANSWER_TIMEOUT)
        };
        let now = Instant::now();
        let ply = moves.len() + 1;
        let line = line.map_err(|e| format!("ply {ply}: {e}"))?;
        if pos.turn() == annabella {
            if clock.flag(now).is_some() {
                return Err(format!("ply {ply}: annabella's flag fell before {line:?}"));
            }
            least_left = least_left.min(clock.left(annabella, now));
        }
        clock.press(now);
        let m = legal_move(&line, &pos).ok_or_else(|| {
            format!(
                "ply {ply}: {line:?} is not a legal move after {}",
                moves.join(" ")
            )
        })?;
        moves.push(m.to_uci(CastlingMode::Standard).to_string());
        pos.play_unchecked(m);
    }
}

/// Annabella's score in one game: 1 for a win, ½ for a draw.
fn points(game: &Played) -> f64 {
    match game.end {
        End::Mate(winner) if winner == game.annabella => 1.0,
        End::Mate(_) => 0.0,
        _ => 0.5,
    }
}

/// Plays every game of every level, [`WORKERS`] at a time, the deepest
/// searches first so that the short games fill the end; annabella has
/// White in the even games. The results in the order of level and game.
fn every_game<R: Send + 'static>(play: fn(u8, usize, Color) -> R) -> Vec<R> {
    let mut jobs: Vec<(u8, usize)> = LEVELS
        .iter()
        .flat_map(|&level| (0..GAMES_PER_LEVEL).map(move |game| (level, game)))
        .collect();
    jobs.sort_by_key(|&(level, game)| (level, std::cmp::Reverse(game)));
    let queue = Arc::new(Mutex::new(jobs));
    let results = Arc::new(Mutex::new(Vec::new()));
    let workers: Vec<_> = (0..WORKERS)
        .map(|_| {
            let queue = Arc::clone(&queue);
            let results = Arc::clone(&results);
            thread::spawn(move || {
                loop {
                    let next = queue.lock().expect("queue").pop();
                    let Some((level, game)) = next else { break };
                    let annabella = if game.is_multiple_of(2) {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let result = play(level, game, annabella);
                    results
                        .lock()
                        .expect("results")
                        .push(((level, game), result));
                }
            })
        })
        .collect();
    for w in workers {
        w.join().expect("a game panicked");
    }
    let mut results = std::mem::take(&mut *results.lock().expect("results"));
    results.sort_by_key(|&(key, _)| key);
    results.into_iter().map(|(_, result)| result).collect()
}

#[test]
fn annabella_never_loses_on_time_at_fifteen_seconds() {
    // Stockfish is looked for first: its absence is a failure of its own.
    stockfish();
    let results =
        every_game(|level, game, annabella| (level, game, play(level, OPENINGS[game], annabella)));

    let mut failures = Vec::new();
    for level in LEVELS {
        let games: Vec<&Played> = results
            .iter()
            .filter(|(l, _, _)| *l == level)
            .filter_map(|(_, _, p)| p.as_ref().ok())
            .collect();
        let plies: Vec<usize> = games.iter().map(|g| g.plies).collect();
        let least: Vec<String> = games
            .iter()
            .map(|g| format!("{:.3}", g.least_left.as_secs_f64()))
            .collect();
        let score: f64 = games.iter().map(|g| points(g)).sum();
        let ends: Vec<String> = games
            .iter()
            .map(|g| match g.end {
                End::Mate(c) if c == g.annabella => "won".to_string(),
                End::Mate(_) => "lost".to_string(),
                end => format!("{end:?}"),
            })
            .collect();
        println!(
            "level {level} at {CONTROL} against Stockfish ({STOCKFISH_GO}): \
             {} games, {} plies {plies:?}, annabella {score}/{}, {}; \
             least time left at its move (s, per game) {}",
            games.len(),
            plies.iter().sum::<usize>(),
            games.len(),
            ends.join(", "),
            least.join(", "),
        );
        for (l, game, played) in &results {
            if *l == level
                && let Err(e) = played
            {
                failures.push(format!("level {level}, game {}: {e}", game + 1));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The client on a pipe, as a script drives it: lines in, lines out.
struct Client {
    _home: common::Home,
    pipe: common::Piped,
}

impl Client {
    fn start(args: &[String]) -> Client {
        let home = common::Home::new();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let pipe = common::Piped::start(&home, &args);
        Client { _home: home, pipe }
    }

    fn send(&mut self, line: &str) {
        assert!(self.pipe.send(line), "the client reads");
    }

    /// Asks for the engine's time and the FEN and reads up to it: the
    /// position, the engine's time left, and the end-of-game line if one
    /// came before it.
    fn position(&mut self) -> Result<(Chess, f64, Option<String>), String> {
        self.send("clock opponent");
        self.send("fen");
        let mut over = None;
        let mut left = f64::MAX;
        loop {
            let Some((_, line)) = self.pipe.recv(ANSWER_TIMEOUT) else {
                return Err("the client said nothing for 30 s".to_string());
            };
            if line.starts_with("Game over:") {
                over.get_or_insert(line);
            } else if let Some(time) = line.strip_prefix("Opponent: ") {
                left = common::seconds(time.trim_end_matches('.'));
            } else if let Ok(fen) = line.parse::<shakmaty::fen::Fen>() {
                let pos = fen
                    .into_position(CastlingMode::Standard)
                    .map_err(|e| format!("{line}: {e}"))?;
                return Ok((pos, left, over));
            }
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        self.pipe.wait();
    }
}

/// One game of the client's built-in engine at `level` on a 15 s + 0.1 s
/// clock, Stockfish's moves typed in as coordinates for the other side:
/// the end-of-game line (`None` when the game was stopped at the ply
/// limit) and the least time the engine had left after a move.
fn client_game(level: u8, game: usize, annabella: Color) -> Result<(Option<String>, f64), String> {
    let mut pos = Chess::default();
    for word in OPENINGS[game].split_whitespace() {
        let m = word
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(&pos).ok());
        pos.play_unchecked(m.ok_or("an opening move is illegal")?);
    }
    let fen = shakmaty::fen::Fen::from_position(&pos, EnPassantMode::Legal).to_string();
    let side = if annabella == Color::White {
        "black"
    } else {
        "white"
    };
    let args: Vec<String> = [
        "--time",
        CONTROL,
        "--level",
        &level.to_string(),
        "--color",
        side,
        "--fen",
        &fen,
        "--seed",
        &game.to_string(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut client = Client::start(&args);
    let mut stockfish = Engine::start("stockfish", &stockfish(), &[]);
    stockfish.ready(&[("Threads", "1".into()), ("Hash", "16".into())]);
    let mut least = f64::MAX;
    for _ in 0..MAX_PLIES / 2 {
        let (pos, left, over) = client.position()?;
        least = least.min(left);
        if over.is_some() {
            return Ok((over, least));
        }
        let fen = shakmaty::fen::Fen::from_position(&pos, EnPassantMode::Legal);
        stockfish.send(&format!("position fen {fen}"));
        stockfish.send(STOCKFISH_GO);
        let line = stockfish.line("bestmove ", Instant::now() + ANSWER_TIMEOUT)?;
        let m = legal_move(&line, &pos).ok_or_else(|| format!("Stockfish: {line}"))?;
        client.send(&m.to_uci(CastlingMode::Standard).to_string());
    }
    let (_, left, over) = client.position()?;
    Ok((over, least.min(left)))
}

#[test]
fn the_clients_engine_never_loses_on_time_at_fifteen_seconds() {
    stockfish();
    let results = every_game(|level, game, annabella| {
        (level, game, annabella, client_game(level, game, annabella))
    });
    let mut failures = Vec::new();
    for (level, game, annabella, end) in &results {
        let lost_on_time = match annabella {
            Color::White => "Game over: 0-1, Black wins by time forfeit.",
            Color::Black => "Game over: 1-0, White wins by time forfeit.",
        };
        println!(
            "client, level {level}, game {} (annabella {annabella:?}): {}",
            game + 1,
            match end {
                Ok((Some(line), least)) => format!("{line} Least time left: {least:.1} s."),
                Ok((None, least)) => {
                    format!("stopped after {MAX_PLIES} plies. Least time left: {least:.1} s.")
                }
                Err(e) => format!("error: {e}"),
            }
        );
        match end {
            Ok((Some(line), _)) if line == lost_on_time => {
                failures.push(format!("level {level}, game {}: {line}", game + 1))
            }
            Err(e) => failures.push(format!("level {level}, game {}: {e}", game + 1)),
            _ => {}
        }
    }
    assert_eq!(results.len(), LEVELS.len() * GAMES_PER_LEVEL);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
