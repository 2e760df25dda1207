//! The clock in the real binary, on a pipe, with real time and short
//! controls: a flag falls while no line is sent and the game ends by
//! itself; a flag against a lone king is a draw; alarms are said once
//! each; `clock` before and after moves.
//!
//! No timing thresholds: every assertion is about what was said and in
//! which order, or bounds the reported times by what the test itself
//! measured (a clock can never show more than its time minus what has
//! passed for certain, nor less than what could have passed at most).
//! The seconds from a flag's fall to the end-of-game line are printed
//! for BENCHMARKS.md, not asserted.

use std::time::{Duration, Instant};

use crate::common;
use common::seconds;

/// How long a test waits for a line before it calls the binary stuck
/// (a failure, not a measurement).
const STUCK: Duration = Duration::from_secs(60);

/// The binary on a pipe: lines in, lines out with the time they came.
struct Binary {
    _home: common::Home,
    pipe: common::Piped,
    started: Instant,
    seen: Vec<String>,
}

impl Binary {
    fn start(args: &[&str]) -> Binary {
        let home = common::Home::new();
        let pipe = common::Piped::start(&home, args);
        Binary {
            _home: home,
            pipe,
            started: Instant::now(),
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) -> Instant {
        assert!(self.pipe.send(line), "the binary reads");
        Instant::now()
    }

    /// The next line, and when it came.
    fn next(&mut self) -> (Instant, String) {
        let Some((at, line)) = self.pipe.recv(STUCK) else {
            panic!(
                "no line for a minute, or the output ended; so far {:?}",
                self.seen
            )
        };
        self.seen.push(line.clone());
        (at, line)
    }

    /// Reads lines until one starts with `prefix`; returns it and when.
    fn until(&mut self, prefix: &str) -> (Instant, String) {
        loop {
            let (at, line) = self.next();
            if line.starts_with(prefix) {
                return (at, line);
            }
        }
    }

    /// Closes stdin and returns every line still to come.
    fn finish(mut self) -> Vec<String> {
        self.pipe.close();
        let mut rest = Vec::new();
        while let Some((_, line)) = self.pipe.recv(STUCK) {
            rest.push(line);
        }
        let status = self.pipe.wait();
        assert!(status.success(), "exit status {status}");
        rest
    }
}

/// The two times of a hot-seat `clock` line: "White: …, Black: …."
fn both(line: &str) -> (f64, f64) {
    let line = line.trim_end_matches('.');
    let (white, black) = line.split_once(", Black: ").expect("two sides");
    let white = white.strip_prefix("White: ").expect("White first");
    (seconds(white), seconds(black))
}

#[test]
fn a_game_is_lost_on_time_while_no_line_is_sent() {
    // 6 seconds each; White plays one move and then says nothing. The
    // alarms are for the player's clock only, each said once.
    let mut bin = Binary::start(&["--time", "0.1+0", "--level", "1", "--timealerts", "5 3 1"]);
    let sent = bin.send("e4");
    bin.until("1. White:");
    let (replied, _) = bin.until("1. Black:");
    for alarm in ["5 seconds left.", "3 seconds left.", "1 second left."] {
        assert_eq!(bin.next().1, alarm);
    }
    let (over, line) = bin.next();
    assert_eq!(line, "Game over: 0-1, Black wins by time forfeit.");
    // White's clock started after the binary did, and runs only part of
    // the time since: its flag cannot have fallen before 6 s of that.
    let since_start = over.duration_since(bin.started);
    assert!(
        since_start >= Duration::from_secs(6),
        "the flag fell early: {since_start:?} after the start"
    );
    // What is more than 6 s is the latency of the end-of-game line plus
    // the engine's reply (a few milliseconds at level 1).
    println!(
        "flag fall: game over {:.3} s after the start (6 s of White's time), Black replied {:.3} s after e4 was sent",
        since_start.as_secs_f64(),
        replied.duration_since(sent).as_secs_f64()
    );
    bin.send("status");
    let status = bin.next().1;
    let (head, opponent) = status
        .split_once(", opponent: ")
        .unwrap_or_else(|| panic!("no opponent's time: {status}"));
    assert_eq!(
        head,
        "Game over: 0-1, Black wins by time forfeit. You: 0 seconds"
    );
    // Black's clock ran while the engine thought: 6 s less that time
    // (milliseconds at level 1, more on a loaded machine), said to the
    // tenth.
    let left = seconds(opponent);
    let thought = replied.duration_since(sent).as_secs_f64();
    assert!(
        left <= 6.0 && left >= 6.0 - thought - 0.1,
        "opponent: {left} s after a reply {thought:.3} s after e4"
    );
    let rest = bin.finish();
    assert!(rest.is_empty(), "nothing more is said: {rest:?}");
}

#[test]
fn a_flag_against_a_lone_king_is_a_draw_and_a_win_otherwise() {
    // Art. 6.9: White's flag falls, but Black has only its king.
    let mut bin = Binary::start(&[
        "--opponent",
        "human",
        "--time",
        "0.05+0",
        "--fen",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
    ]);
    assert_eq!(
        bin.next().1,
        "Game over: 1/2-1/2, draw by timeout vs insufficient material."
    );
    assert!(bin.finish().is_empty());
    // Black's flag falls and White can still mate: a loss. The side still
    // on time has the pawn; the side that flagged has only its king.
    let mut bin = Binary::start(&[
        "--opponent",
        "human",
        "--time",
        "0.05+0",
        "--fen",
        "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1",
    ]);
    assert_eq!(bin.next().1, "Game over: 1-0, White wins by time forfeit.");
    bin.send("pgn");
    let mut pgn = Vec::new();
    while pgn.last().is_none_or(|l| l != "1-0") {
        pgn.push(bin.next().1);
    }
    assert!(pgn.contains(&"[Termination \"time forfeit\"]".to_string()));
    assert!(
        pgn.contains(&"[TimeControl \"3+0\"]".to_string()),
        "{pgn:?}"
    );
    assert!(bin.finish().is_empty());
}

#[test]
fn each_alarm_is_said_once_for_the_side_whose_time_runs() {
    // 3.6 s each; alarms at 3 and 2 seconds left, in hot seat for both.
    let mut bin = Binary::start(&[
        "--opponent",
        "human",
        "--time",
        "0.06+0",
        "--timealerts",
        "3 2",
    ]);
    assert_eq!(bin.next().1, "White: 3 seconds left.");
    bin.send("e4");
    assert_eq!(bin.next().1, "1. White: Bauer Eva vier");
    assert_eq!(bin.next().1, "Black: 3 seconds left.");
    assert_eq!(bin.next().1, "Black: 2 seconds left.");
    assert_eq!(bin.next().1, "Game over: 1-0, White wins by time forfeit.");
    assert!(bin.finish().is_empty());
}

#[test]
fn clock_before_and_after_moves() {
    // One minute each and two seconds added per move, hot seat.
    let mut bin = Binary::start(&["--opponent", "human", "--time", "1+2"]);
    bin.send("clock");
    let (at, line) = bin.next();
    let passed = at.duration_since(bin.started).as_secs_f64();
    let (white, black) = both(&line);
    // Rounded up to whole seconds: never more than the time, never less
    // than what is left after all that has passed.
    assert!(white <= 60.0 && white >= 60.0 - passed - 1.0, "{line}");
    assert_eq!(black, 60.0, "{line}");
    let before = Instant::now();
    bin.send("e4");
    bin.until("1. White:");
    bin.send("e5");
    bin.until("1. Black:");
    bin.send("clock");
    let (at, line) = bin.next();
    let passed = at.duration_since(bin.started).as_secs_f64();
    let (white, black) = both(&line);
    assert!(white <= 62.0 && white >= 62.0 - passed - 1.0, "{line}");
    let black_ran = at.duration_since(before).as_secs_f64();
    assert!(black <= 62.0 && black >= 62.0 - black_ran - 1.0, "{line}");
    bin.send("clock black");
    let line = bin.next().1;
    assert!(
        line.starts_with("Black: ") && !line.contains("White"),
        "{line}"
    );
    bin.send("status");
    let line = bin.next().1;
    assert!(line.starts_with("White to move, move 2. White: "), "{line}");
    assert!(bin.finish().is_empty());
}
