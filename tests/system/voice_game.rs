//! A hot-seat game played by voice, through the real capture path:
//! eSpeak NG says the moves and "ja" after each, and annabella hears them
//! from a recording (`--listen-from`) and from ALSA, whose default
//! capture device is made a file (ALSA's `file` plugin: cpal → ALSA →
//! conversion → voice detection → recogniser → session).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::alsa::capture_home;
use crate::common::{Home, Piped};

/// The game: eight plies in FIDE's words, each answered "ja".
const MOVES: [&str; 8] = [
    "Eva vier",
    "Eva fünf",
    "Springer Felix drei",
    "Springer Cesar sechs",
    "Läufer Cesar vier",
    "Läufer Cesar fünf",
    "kurze Rochade",
    "Springer Felix sechs",
];

const FEN: &str = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 6 5";

fn run(program: &str, args: &[&str]) {
    let status = Command::new(program)
        .args(args)
        .status()
        .unwrap_or_else(|e| panic!("{program} could not start ({e}); scripts/setup installs it"));
    assert!(status.success(), "{program} {args:?} failed");
}

/// The game said by eSpeak NG's German voice into one WAV (22.05 kHz),
/// each utterance followed by 1.2 s of silence.
fn game_recording(dir: &Path) -> PathBuf {
    let silence = dir.join("silence.wav");
    run("sox", &["-n", "-r", "22050", "-c", "1", "-b", "16", silence.to_str().unwrap(), "trim", "0", "1.2"]);
    let mut parts = Vec::new();
    for (i, text) in MOVES.iter().flat_map(|m| [*m, "ja"]).enumerate() {
        let wav = dir.join(format!("u{i:02}.wav"));
        run("espeak-ng", &["-v", "de", "-s", "150", "-w", wav.to_str().unwrap(), text]);
        parts.push(wav);
        parts.push(silence.clone());
    }
    let game = dir.join("game.wav");
    let mut args: Vec<&str> = vec![silence.to_str().unwrap()];
    args.extend(parts.iter().map(|p| p.to_str().unwrap()));
    args.push(game.to_str().unwrap());
    run("sox", &args);
    game
}

/// Plays until the eighth ply is announced, then asks for the FEN.
fn play(mut piped: Piped) -> Vec<String> {
    let mut lines = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(120);
    while Instant::now() < deadline {
        let Some((_, line)) = piped.recv(Duration::from_millis(500)) else {
            continue;
        };
        let done = line.starts_with("4. Schwarz:");
        lines.push(line);
        if done {
            break;
        }
    }
    piped.send("fen");
    piped.send("ende");
    while let Some((_, line)) = piped.recv(Duration::from_secs(10)) {
        lines.push(line);
    }
    piped.wait();
    lines
}

fn assert_game(lines: &[String]) {
    assert!(
        lines.iter().any(|l| l == FEN),
        "the game did not reach {FEN}:\n{}",
        lines.join("\n")
    );
    let heard = lines.iter().filter(|l| l.starts_with("Gehört:")).count();
    assert!(heard >= 16, "{heard} utterances heard:\n{}", lines.join("\n"));
    assert!(lines.iter().any(|l| l == "Springer Felix drei?"), "{}", lines.join("\n"));
}

#[test]
fn a_hot_seat_game_spoken_from_a_recording_reaches_its_position() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = game_recording(dir.path());
    let home = Home::new();
    let args = ["--lang", "de", "--opponent", "human", "--listen-from", game.to_str().unwrap()];
    let lines = play(Piped::start(&home, &args));
    assert_game(&lines);
}

#[test]
fn a_hot_seat_game_spoken_into_alsa_reaches_its_position() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = game_recording(dir.path());
    let raw = dir.path().join("game.raw");
    run(
        "sox",
        &[game.to_str().unwrap(), "-r", "16000", "-c", "1", "-b", "16", "-e", "signed", "-t", "raw", raw.to_str().unwrap()],
    );
    let alsa_home = capture_home(&raw);
    let home = Home::new();
    let args = ["--lang", "de", "--opponent", "human", "--listen"];
    let lines = play(Piped::start_with(&home, &args, &[("HOME", alsa_home.path())]));
    assert_game(&lines);
}
