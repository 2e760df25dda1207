//! No game lost: the client is killed with SIGKILL at 50 random points of
//! piped games (against the built-in engine and in hot seat, sometimes
//! in the middle of a write), and a start with `--resume` must have every
//! move it had answered before the kill, the clocks within the time the
//! last move could have taken, and play on.

use std::thread;
use std::time::{Duration, Instant};

use annabella::store::load_game;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

use crate::common;
use common::{Home, Rng, seconds};

/// How long a test waits for a line before it calls the client stuck.
const STUCK: Duration = Duration::from_secs(60);

struct Client {
    pipe: common::Piped,
    /// Every line read so far.
    seen: Vec<String>,
}

impl Client {
    fn start(home: &Home, args: &[&str]) -> Client {
        let mut args = args.to_vec();
        args.extend(["--style", "san", "--lang", "en"]);
        Client {
            pipe: common::Piped::start(home, &args),
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        // A client killed a moment ago reads no more: that is the test.
        let _ = self.pipe.send(line);
    }

    fn next(&mut self) -> String {
        let Some((_, line)) = self.pipe.recv(STUCK) else {
            panic!("no line for a minute after {:?}", self.seen)
        };
        self.seen.push(line.clone());
        line
    }

    /// Reads up to the next FEN line: the position.
    fn position(&mut self) -> Chess {
        loop {
            let line = self.next();
            if let Ok(fen) = line.parse::<Fen>() {
                return fen
                    .into_position(CastlingMode::Standard)
                    .expect("a legal position");
            }
        }
    }

    /// Kills the client and reads what it had written before it died.
    fn kill(mut self) -> Vec<String> {
        self.pipe.kill();
        while let Some((_, line)) = self.pipe.recv(Duration::from_secs(5)) {
            self.seen.push(line);
        }
        self.seen
    }
}

/// The moves said in `lines` ("12. White: Nf3" with `--style san`).
fn answered(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|line| {
            let (number, rest) = line.split_once(". ")?;
            number.parse::<u32>().ok()?;
            let san = rest
                .strip_prefix("White: ")
                .or_else(|| rest.strip_prefix("Black: "))?;
            Some(san.to_string())
        })
        .collect()
}

/// The moves of a PGN's movetext, without numbers, comments and result.
fn pgn_moves(lines: &[String]) -> Vec<String> {
    let text: String = lines
        .iter()
        .filter(|l| !l.starts_with('['))
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
    let mut moves = Vec::new();
    let mut in_comment = false;
    for word in text.split_whitespace() {
        if word.starts_with('{') {
            in_comment = true;
        }
        if in_comment {
            in_comment = !word.ends_with('}');
            continue;
        }
        let numbered = word.trim_end_matches('.').parse::<u32>().is_ok();
        let result = matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*");
        if !numbered && !result {
            moves.push(word.to_string());
        }
    }
    moves
}

/// Both times of a `clock` line, White's first, in seconds.
fn clock_times(line: &str, engine: bool, human_white: bool) -> [f64; 2] {
    let line = line
        .trim_end_matches(". The clock is paused.")
        .trim_end_matches('.');
    let (first, second) = if engine {
        let (you, opp) = line.split_once(", opponent: ").expect("two sides");
        let you = seconds(you.trim_start_matches("You: "));
        let opp = seconds(opp);
        if human_white { (you, opp) } else { (opp, you) }
    } else {
        let (w, b) = line.split_once(", Black: ").expect("two sides");
        (seconds(w.trim_start_matches("White: ")), seconds(b))
    };
    [first, second]
}

/// A random legal move in UCI, or `None` when the game has ended.
fn pick(rng: &mut Rng, pos: &Chess) -> Option<String> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let mv = moves[rng.below(moves.len())];
    Some(mv.to_uci(CastlingMode::Standard).to_string())
}

fn walk(dir: &std::path::Path) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(walk(&p));
            } else {
                out.push((
                    p.display().to_string(),
                    e.metadata().map(|m| m.len()).unwrap_or(0),
                ));
            }
        }
    }
    out
}

/// One game killed at a random point and resumed; `false` when the
/// game had ended before the kill.
fn crash_and_resume(point: u64) -> bool {
    let mut rng = Rng::new(0xC0FFEE ^ point.wrapping_mul(0x9E37_79B9));
    let engine = point.is_multiple_of(2);
    let home = Home::new();
    let seed = point.to_string();
    let mut args = vec!["--time", "10+0", "--seed", &seed];
    args.extend(if engine {
        ["--opponent", "engine", "--level", "1"]
    } else {
        ["--opponent", "human", "--level", "1"]
    });
    let mut client = Client::start(&home, &args);
    let plies_before_kill = 1 + rng.below(24);
    let mut last_clock: Option<([f64; 2], Instant)> = None;
    client.send("fen");
    let mut pos = client.position();
    for _ in 0..plies_before_kill {
        let Some(mv) = pick(&mut rng, &pos) else {
            break;
        };
        client.send(&mv);
        client.send("clock");
        client.send("fen");
        let clock = loop {
            let line = client.next();
            if line.starts_with("White: ") || line.starts_with("You: ") {
                break line;
            }
        };
        last_clock = Some((clock_times(&clock, engine, true), Instant::now()));
        pos = client.position();
    }
    // The last move goes in and the client dies at once, or a moment
    // later, perhaps while it keeps the move.
    if let Some(mv) = pick(&mut rng, &pos) {
        client.send(&mv);
    }
    thread::sleep(Duration::from_micros(rng.below(30_000) as u64));
    let killed_at = Instant::now();
    let output = client.kill();
    let said = answered(&output);
    let ended = output.iter().any(|l| l.starts_with("Game over"));

    let mut resumed = Client::start(&home, &["--resume"]);
    let first = resumed.next();
    let none = "There is no unfinished game to go on with; a new game starts.";
    // The move that ended the game may be kept while the kill came
    // before it was said: the store knows it is over all the same.
    let saved_as_over = first.starts_with("The game before is saved as game-");
    if ended || saved_as_over {
        // A game over is kept as over, put among the saved games (and
        // said so): nothing to go on with.
        assert!(
            first.starts_with("The game before is saved as game-"),
            "point {point}: {first}"
        );
        assert_eq!(resumed.next(), none, "point {point}");
        drop(resumed.kill());
        kept_as_over(&home, &said, point);
        return false;
    }
    if first == none {
        // The move that ended the game was kept, and the client died
        // before it said so: the game is saved before it is told.
        drop(resumed.kill());
        kept_as_over(&home, &said, point);
        return false;
    }
    if first != "The unfinished game goes on." {
        let files: Vec<_> = walk(home.path());
        panic!("point {point}: {first:?}; answered {said:?}; files {files:?}");
    }
    resumed.send("clock");
    resumed.send("pgn");
    resumed.send("fen");
    let mut lines = Vec::new();
    let pos = loop {
        let line = resumed.next();
        if let Ok(fen) = line.parse::<Fen>() {
            break fen
                .into_position::<Chess>(CastlingMode::Standard)
                .expect("legal");
        }
        lines.push(line);
    };
    let kept = pgn_moves(&lines[lines.iter().position(|l| l.starts_with('[')).unwrap_or(0)..]);
    assert!(
        kept.len() >= said.len() && kept[..said.len()] == said[..],
        "point {point}: answered {said:?}, kept {kept:?}"
    );
    assert!(
        kept.len() <= said.len() + 2,
        "point {point}: {kept:?} vs {said:?}"
    );
    let clock_line = lines
        .iter()
        .find(|l| l.starts_with("White: ") || l.starts_with("You: "))
        .expect("a clock line");
    let now = clock_times(clock_line, engine, true);
    if let Some((before, asked)) = last_clock {
        // Only the side to move lost time since the last `clock`, at most
        // until the kill; both rounded up to the second.
        let ran = killed_at.duration_since(asked).as_secs_f64();
        for side in 0..2 {
            assert!(
                now[side] <= before[side] + 1.0 && now[side] >= before[side] - ran - 1.0,
                "point {point}: clock {before:?} before, {now:?} after ({ran:.3} s ran)"
            );
        }
    }
    // And the game goes on.
    if let Some(mv) = pick(&mut rng, &pos) {
        resumed.send(&mv);
        resumed.send("fen");
        let after = resumed.position();
        assert_ne!(
            after, pos,
            "point {point}: the move after resuming was played"
        );
    }
    drop(resumed.kill());
    true
}

/// The kept game of `home` has ended, with every answered move and at
/// most the two in flight more; the start that found it over put it
/// among the saved games.
fn kept_as_over(home: &Home, said: &[String], point: u64) {
    let files = walk(home.path());
    let (path, _) = files
        .iter()
        .find(|(path, _)| path.contains("/games/game-"))
        .unwrap_or_else(|| panic!("point {point}: no kept game in {files:?}"));
    let kept = load_game(std::path::Path::new(path)).expect("a readable kept game");
    assert!(kept.result.is_some(), "point {point}: {kept:?}");
    let mut pos = Chess::default();
    let mut sans = Vec::new();
    for uci in &kept.moves {
        let mv = uci
            .parse::<UciMove>()
            .expect("a UCI move")
            .to_move(&pos)
            .expect("a legal move");
        sans.push(SanPlus::from_move_and_play_unchecked(&mut pos, mv).to_string());
    }
    assert!(
        sans.len() >= said.len() && sans[..said.len()] == said[..] && sans.len() <= said.len() + 2,
        "point {point}: answered {said:?}, kept {sans:?}"
    );
}

#[test]
fn a_killed_client_resumes_every_answered_move() {
    let points = 50;
    let resumed = (0..points).filter(|&point| crash_and_resume(point)).count();
    println!(
        "{points} kills: {resumed} unfinished games resumed with every answered move, \
         {} games over and kept as over",
        points as usize - resumed
    );
    assert!(
        resumed >= 40,
        "only {resumed} of {points} games were still running"
    );
}
