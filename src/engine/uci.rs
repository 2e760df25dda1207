//! `annabella uci`: the built-in engine speaking the Universal Chess
//! Interface, so any GUI or match tool can use and measure it.
//!
//! Commands are parsed by `vampirc-uci`. The search runs on its own thread
//! so that `stop`, `isready` and `quit` are answered while it thinks.

use std::io::{BufRead, Write};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove as ShakUci;
use shakmaty::{CastlingMode, Chess, Color, Position};
use vampirc_uci::{UciMessage, UciSearchControl, UciTimeControl};

use super::level::{LEVELS, MAX_LEVEL, level, level_for_elo};
use super::search::{Clock, Info, Limits, Score, Searcher};
use crate::rules::key_of;

const DEFAULT_HASH_MB: usize = 16;
/// The thinking time of a `go` whose time could not be read.
const UNREAD_GO_TIME: Duration = Duration::from_millis(500);

/// The engine's name as `id name` gives it.
pub const ENGINE_NAME: &str = concat!("annabella ", env!("CARGO_PKG_VERSION"));

struct Options {
    hash_mb: usize,
    level: u8,
    limit_strength: bool,
    elo: u32,
    chess960: bool,
}

impl Options {
    fn effective_level(&self) -> u8 {
        if self.limit_strength {
            level_for_elo(self.elo)
        } else {
            self.level
        }
    }

    fn castling_mode(&self) -> CastlingMode {
        if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }
}

/// The UCI server's state between commands.
struct Server<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    options: Options,
    position: Chess,
    /// Zobrist keys of the positions before `position`, for repetitions.
    history: Vec<u64>,
    /// Whether `position` is the one the GUI last set; not after a FEN
    /// that could not be read, when `go` has no position to search.
    known: bool,
    idle: Option<Searcher>,
    running: Option<(JoinHandle<Searcher>, Arc<std::sync::atomic::AtomicBool>)>,
    seed: u64,
}

/// Writes one line; a closed output is noticed at the next read.
fn say<W: Write>(out: &Mutex<W>, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// Serves UCI on `input` and `output` until `quit` or the end of input.
pub fn serve<R: BufRead, W: Write + Send + 'static>(input: R, output: W) {
    let mut server = Server {
        out: Arc::new(Mutex::new(output)),
        options: Options {
            hash_mb: DEFAULT_HASH_MB,
            level: MAX_LEVEL,
            limit_strength: false,
            elo: LEVELS[LEVELS.len() - 1].elo,
            chess960: false,
        },
        position: Chess::default(),
        history: Vec::new(),
        known: true,
        idle: Some(Searcher::new(DEFAULT_HASH_MB)),
        running: None,
        seed: 0x5EED,
    };
    for line in input.lines() {
        let Ok(line) = line else { break };
        if !server.command(line.trim()) {
            break;
        }
    }
    server.finish_search(true);
}

impl<W: Write + Send + 'static> Server<W> {
    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// Waits for a running search (stopping it first if asked) and takes
    /// the searcher back.
    fn finish_search(&mut self, stop: bool) {
        if let Some((handle, flag)) = self.running.take() {
            if stop {
                flag.store(true, Ordering::Relaxed);
            }
            match handle.join() {
                Ok(searcher) => self.idle = Some(searcher),
                // A panic in the search must not end the server.
                Err(_) => self.idle = Some(Searcher::new(self.options.hash_mb)),
            }
        }
    }

    fn searcher(&mut self) -> &mut Searcher {
        self.finish_search(true);
        self.idle
            .get_or_insert_with(|| Searcher::new(DEFAULT_HASH_MB))
    }

    /// Handles one command; `false` ends the server.
    fn command(&mut self, line: &str) -> bool {
        if line.is_empty() {
            return true;
        }
        let message = super::wire::parse(line);
        match message {
            UciMessage::Uci => self.identify(),
            UciMessage::IsReady => self.say("readyok"),
            UciMessage::UciNewGame => {
                self.searcher().clear();
                self.position = Chess::default();
                self.history.clear();
                self.known = true;
            }
            UciMessage::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            UciMessage::Position {
                startpos,
                fen,
                moves,
            } => {
                let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                let fen = if startpos { None } else { fen.map(|f| f.0) };
                self.set_position(fen.as_deref(), &moves);
            }
            UciMessage::Go {
                time_control,
                search_control,
            } => self.go(go_limits(
                self.position.turn(),
                time_control,
                search_control,
            )),
            UciMessage::Stop | UciMessage::PonderHit => self.finish_search(true),
            UciMessage::Quit => return false,
            UciMessage::Debug(_) | UciMessage::Register { .. } => {}
            _ => self.unparsed(line),
        }
        true
    }

    /// Handles a line vampirc-uci did not parse.
    fn unparsed(&mut self, line: &str) {
        // vampirc-uci refuses some lines GUIs do send (negative clock times,
        // for one); a `go` must still be answered.
        let mut words = line.split_whitespace();
        let first = words.next();
        if first == Some("position") {
            // vampirc-uci does not read Shredder-FEN castling (`HFhf`),
            // which Chess960 GUIs send.
            let words: Vec<&str> = words.collect();
            let split = words.iter().position(|w| *w == "moves");
            let (setup, moves) = match split {
                Some(i) => (&words[..i], &words[i + 1..]),
                None => (&words[..], &[][..]),
            };
            let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            match setup {
                ["startpos"] => self.set_position(None, &moves),
                ["fen", fen @ ..] => self.set_position(Some(&fen.join(" ")), &moves),
                _ => {
                    self.say(&format!("info string position not understood: {line}"));
                    self.known = false;
                }
            }
        } else if first == Some("go") {
            self.go(Limits {
                movetime: Some(UNREAD_GO_TIME),
                ..Limits::default()
            });
        } else {
            self.say(&format!("info string unknown command: {line}"));
        }
    }

    fn identify(&self) {
        self.say(&format!("id name {ENGINE_NAME}"));
        self.say("id author the annabella authors");
        self.say(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max 1024"
        ));
        self.say("option name Threads type spin default 1 min 1 max 1");
        self.say(&format!(
            "option name Level type spin default {MAX_LEVEL} min 1 max {MAX_LEVEL}"
        ));
        self.say("option name UCI_LimitStrength type check default false");
        self.say(&format!(
            "option name UCI_Elo type spin default {} min {} max {}",
            LEVELS[LEVELS.len() - 1].elo,
            LEVELS[0].elo,
            LEVELS[LEVELS.len() - 1].elo
        ));
        self.say("option name UCI_Chess960 type check default false");
        self.say("uciok");
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let value = value.unwrap_or("").trim();
        let number = value.parse::<i64>().ok();
        let flag = match value.to_ascii_lowercase().as_str() {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        };
        match (name.trim().to_ascii_lowercase().as_str(), number, flag) {
            ("hash", Some(mb), _) => {
                let mb = mb.clamp(1, 1024) as usize;
                self.options.hash_mb = mb;
                self.searcher().resize(mb);
            }
            ("threads", Some(_), _) => {}
            ("level", Some(n), _) => self.options.level = n.clamp(1, i64::from(MAX_LEVEL)) as u8,
            ("uci_limitstrength", _, Some(b)) => self.options.limit_strength = b,
            ("uci_elo", Some(e), _) => self.options.elo = e.clamp(0, 10_000) as u32,
            ("uci_chess960", _, Some(b)) => self.options.chess960 = b,
            _ => self.say(&format!(
                "info string option {name} cannot take the value {value:?}"
            )),
        }
    }

    /// Sets the position a `position` command names. A move that is not
    /// legal ends the command there and the moves before it stand (as in
    /// Stockfish): the GUI has left the position before the command
    /// behind, so searching that one would answer a move illegal where
    /// the GUI is. A FEN that cannot be read leaves no position at all.
    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) {
        let mode = self.options.castling_mode();
        let start = match fen {
            None => Ok(Chess::default()),
            Some(text) => text
                .parse::<Fen>()
                .map_err(|_| ())
                .and_then(|f| f.into_position::<Chess>(mode).map_err(|_| ())),
        };
        let Ok(mut pos) = start else {
            self.say(&format!(
                "info string position refused: not a legal FEN {:?}",
                fen.unwrap_or("")
            ));
            self.known = false;
            return;
        };
        let mut history = Vec::with_capacity(moves.len());
        for text in moves {
            let legal = text
                .parse::<ShakUci>()
                .ok()
                .and_then(|u| u.to_move(&pos).ok());
            let Some(m) = legal else {
                self.say(&format!(
                    "info string position refused: {text} is not legal there; searching the moves before it"
                ));
                break;
            };
            history.push(key_of(&pos));
            pos.play_unchecked(m);
        }
        self.position = pos;
        self.history = history;
        self.known = true;
    }

    fn go(&mut self, limits: Limits) {
        if !self.known {
            // UCI's null move: no move at all rather than one that may be
            // illegal in the position the GUI believes.
            self.finish_search(true);
            self.say("info string no position to search: the last FEN was refused");
            self.say("bestmove 0000");
            return;
        }
        let lvl = *level(self.options.effective_level());
        let limits = lvl.restrict(&limits);
        let infinite = limits.infinite;
        let mode = self.options.castling_mode();
        self.seed = self
            .seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        let seed = self.seed;
        let mut searcher = match self.idle.take() {
            Some(s) => s,
            None => {
                self.finish_search(true);
                self.idle
                    .take()
                    .unwrap_or_else(|| Searcher::new(DEFAULT_HASH_MB))
            }
        };
        searcher.set_weakness(lvl.weakness, seed);
        let flag = searcher.stop_flag();
        flag.store(false, Ordering::Relaxed);
        let out = Arc::clone(&self.out);
        let pos = self.position.clone();
        let history = self.history.clone();
        let worker_flag = Arc::clone(&flag);
        let handle = thread::spawn(move || {
            let result = searcher.search(&pos, &history, &limits, &mut |info: &Info<'_>| {
                say(&out, &info_line(info, mode));
            });
            if infinite {
                // UCI: under `go infinite` the answer waits for `stop`.
                while !worker_flag.load(Ordering::Relaxed) {
                    thread::sleep(Duration::from_millis(2));
                }
            }
            let best = result
                .best
                .map_or_else(|| "0000".to_string(), |m| m.to_uci(mode).to_string());
            say(&out, &format!("bestmove {best}"));
            searcher
        });
        self.running = Some((handle, flag));
    }
}

/// The search limits of a `go` command, for the side `turn` to move.
fn go_limits(
    turn: Color,
    time_control: Option<UciTimeControl>,
    search_control: Option<UciSearchControl>,
) -> Limits {
    let mut limits = Limits::default();
    match time_control {
        Some(UciTimeControl::Infinite) | Some(UciTimeControl::Ponder) => {
            limits.infinite = true;
        }
        Some(UciTimeControl::MoveTime(t)) => limits.movetime = Some(std_duration(t)),
        Some(UciTimeControl::TimeLeft {
            white_time,
            black_time,
            white_increment,
            black_increment,
            moves_to_go,
        }) => {
            let (time, inc, other) = match turn {
                Color::White => (white_time, white_increment, black_time),
                Color::Black => (black_time, black_increment, white_time),
            };
            // Without the mover's time the search would have no end: the
            // other side's stands in for it, or else the time a `go` that
            // could not be read gets.
            match time.or(other) {
                Some(time) => {
                    limits.clock = Some(Clock {
                        remaining: std_duration(time),
                        increment: inc.map(std_duration).unwrap_or_default(),
                        moves_to_go: moves_to_go.map(u32::from),
                    });
                }
                None => limits.movetime = Some(UNREAD_GO_TIME),
            }
        }
        None => {}
    }
    if let Some(sc) = search_control {
        limits.depth = sc.depth.map(u32::from);
        limits.nodes = sc.nodes;
        if let Some(m) = sc.mate {
            limits.depth = Some(u32::from(m) * 2);
        }
    }
    limits
}

fn std_duration(d: vampirc_uci::Duration) -> Duration {
    d.to_std().unwrap_or_default()
}

/// The `info` line for one finished iteration.
pub fn info_line(info: &Info<'_>, mode: CastlingMode) -> String {
    let score = match info.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let ms = info.elapsed.as_millis().max(1) as u64;
    let nps = info.nodes * 1000 / ms;
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_uci(mode).to_string()).collect();
    format!(
        "info depth {} seldepth {} score {score} nodes {} nps {nps} time {ms} pv {}",
        info.depth,
        info.seldepth,
        info.nodes,
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(turn: Color, go: &str) -> Limits {
        match super::super::wire::parse(go) {
            UciMessage::Go {
                time_control,
                search_control,
            } => go_limits(turn, time_control, search_control),
            other => panic!("{go}: {other:?}"),
        }
    }

    #[test]
    fn the_movers_clock_is_taken_and_a_missing_one_never_means_forever() {
        let ms = Duration::from_millis;
        let clock = |remaining, increment, moves_to_go| {
            Some(Clock {
                remaining: ms(remaining),
                increment: ms(increment),
                moves_to_go,
            })
        };
        let go = "go wtime 15000 btime 9000 winc 100 binc 200 movestogo 7";
        assert_eq!(limits(Color::White, go).clock, clock(15_000, 100, Some(7)));
        assert_eq!(limits(Color::Black, go).clock, clock(9_000, 200, Some(7)));
        // A GUI that gives one side's time only.
        assert_eq!(
            limits(Color::White, "go btime 1000").clock,
            clock(1_000, 0, None)
        );
        let none = limits(Color::White, "go winc 100 binc 100");
        assert_eq!((none.clock, none.movetime), (None, Some(UNREAD_GO_TIME)));
    }
}
