//! External engines that misbehave, and real Stockfish: whatever the
//! engine does, the game is kept and the built-in engine moves.
//!
//! The fakes are small shell scripts in `tests/fake_engines/`. Stockfish
//! is installed by `scripts/setup` (Debian package `stockfish`).

use crate::common;

use std::io::{Read, Write};
use std::path::PathBuf;
use std::thread;
use std::time::{Duration, Instant};

/// Longest a game here may take: start-up timeout plus two moves.
const TIMEOUT: Duration = Duration::from_secs(60);

fn fake(name: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "fake_engines", name]
        .iter()
        .collect();
    path.to_string_lossy().into_owned()
}

/// Runs the client with `args`, sends `input`, returns stdout lines.
fn run(args: &[&str], input: &str) -> Vec<String> {
    let home = common::Home::new();
    let mut child = home.command(args).spawn().expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = child.stdout.take().expect("stdout");
    let input = input.to_string();
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let reader = thread::spawn(move || {
        let mut out = String::new();
        let _ = stdout.read_to_string(&mut out);
        out
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            panic!("annabella {args:?} hung");
        }
        thread::sleep(Duration::from_millis(20));
    };
    let _ = writer.join();
    let out = reader.join().expect("reader");
    assert!(status.success(), "exit status {status:?}; output:\n{out}");
    out.lines().map(str::to_string).collect()
}

/// The engine plays White and fails at once: the failure is told in one
/// sentence, the built-in engine moves instead, and play goes on.
fn engine_fails(script: &str, sentence: &str) {
    let engine = fake(script);
    let out = run(
        &[
            "--lang",
            "en",
            "--engine",
            &engine,
            "--color",
            "black",
            "--seed",
            "3",
            "--level",
            "2",
            // The opening's name would come between the moves.
            "--opening",
            "off",
        ],
        "status\nNf6\nstatus\nhistory\n",
    );
    let text = out.join("\n");
    assert_eq!(
        out.iter()
            .filter(|l| l.contains("the built-in engine takes over"))
            .count(),
        1,
        "{text}"
    );
    assert!(out[0].starts_with(sentence), "{text}");
    assert!(out[1].starts_with("1. White: "), "{text}");
    assert_eq!(out[2], "Black to move, move 1.", "{text}");
    assert_eq!(out[3], "1. Black: Springer Felix sechs", "{text}");
    assert!(out[4].starts_with("2. White: "), "{text}");
    assert_eq!(out[5], "Black to move, move 2.", "{text}");
    assert!(
        out[6].starts_with("1. "),
        "history keeps both moves: {text}"
    );
    assert!(out[7].starts_with("2. "), "{text}");
}

#[test]
fn a_crashing_engine_is_replaced() {
    engine_fails("crash.sh", "The engine stopped working;");
}

#[test]
fn a_hanging_engine_is_replaced() {
    engine_fails("hang.sh", "The engine sent no move in time;");
}

#[test]
fn an_engine_with_an_illegal_move_is_replaced() {
    engine_fails("illegal.sh", "The engine sent an illegal move, a1a8;");
}

#[test]
fn an_engine_sending_garbage_is_replaced() {
    engine_fails(
        "garbage.sh",
        "The engine sent something that is not a move;",
    );
}

#[test]
fn an_engine_that_never_starts_is_replaced() {
    engine_fails(
        "silent.sh",
        "The engine did not answer when it was started;",
    );
}

#[test]
fn a_missing_engine_is_replaced() {
    // The program is named, and why it did not start (issue 34, item 23).
    let missing = format!(
        "The engine {} could not be started: it does not exist;",
        fake("no-such-engine")
    );
    engine_fails("no-such-engine", &missing);
}

/// The person plays White against the fake engine `script` at level 1:
/// the output lines, and all of them as one text for the messages.
fn person_first(script: &str, input: &str) -> (Vec<String>, String) {
    let engine = fake(script);
    let out = run(
        &[
            "--lang", "en", "--engine", &engine, "--seed", "5", "--level", "1",
        ],
        input,
    );
    let text = out.join("\n");
    (out, text)
}

/// An engine that cannot be started is said at the start, before the
/// person's first move, not after it (issue 24, item 15).
#[test]
fn a_missing_engine_is_said_before_the_game_begins() {
    let (out, text) = person_first("no-such-engine", "status\ne4\n");
    assert!(
        out[0].starts_with(&format!(
            "The engine {} could not be started: it does not exist;",
            fake("no-such-engine")
        )),
        "{text}"
    );
    assert_eq!(out[1], "White to move, move 1.", "{text}");
    assert_eq!(out[2], "1. White: Bauer Eva vier", "{text}");
    assert!(out[3].starts_with("1. Black: "), "{text}");
    assert!(!out[3..].iter().any(|l| l.contains("takes over")), "{text}");
}

#[test]
fn a_failing_engine_mid_game_keeps_the_game() {
    // The person moves first; the engine's failure comes on its first
    // reply, after a move that must stay on the board.
    let (out, text) = person_first("crash.sh", "e4\nfen\n");
    assert_eq!(out[0], "1. White: Bauer Eva vier", "{text}");
    assert!(out[1].starts_with("The engine stopped working;"), "{text}");
    assert!(out[2].starts_with("1. Black: "), "{text}");
    // Black cannot reach the fourth rank in one move: e4 still stands.
    assert!(out[3].contains("/4P3/") && out[3].contains(" w "), "{text}");
}

#[test]
fn stockfish_plays_a_game() {
    let stockfish = "/usr/games/stockfish";
    assert!(
        std::path::Path::new(stockfish).exists(),
        "Stockfish is missing: run scripts/setup (Debian package stockfish)"
    );
    let out = run(
        &[
            "--lang",
            "en",
            "--engine",
            stockfish,
            "--elo",
            "1400",
            "--engine-option",
            "Hash=16",
            "--color",
            "black",
            "--opening",
            "off",
        ],
        "status\nNf6\nstatus\n",
    );
    let text = out.join("\n");
    assert!(!text.contains("takes over"), "{text}");
    assert!(out[0].starts_with("1. White: "), "{text}");
    assert_eq!(out[1], "Black to move, move 1.", "{text}");
    assert_eq!(out[2], "1. Black: Springer Felix sechs", "{text}");
    assert!(out[3].starts_with("2. White: "), "{text}");
    assert_eq!(out[4], "Black to move, move 2.", "{text}");
}
