//! The Braille display: what a player feels, and what drawing costs.
//!
//! - **Routing key to the display** (through a real BRLTTY and its
//!   Virtual braille driver, the bench being the display's hardware
//!   side, annabella the binary a player runs): the knight picked on g1,
//!   the routing key over f3 pressed, and the time until the display
//!   shows rank 3 with the knight on it — the move's text on the board
//!   view. `undo` takes the move back between rounds. Median and maximum
//!   over 100 moves (5 when `cargo test` runs it once).
//! - **Redrawing a rank**: what the display's thread does after a move,
//!   `Screen::shown` of the board view, on a 40-cell display and on four
//!   rows of 80 cells; and one rank drawn alone.
//!
//! Run with `cargo bench --bench braille` (BRLTTY must be installed:
//! `scripts/setup`). Results in BENCHMARKS.md ("Braille display").

#[path = "../tests/common/brltty.rs"]
mod brltty;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use shakmaty::{Chess, Color, Position};

use annabella::braille::Screen;
use annabella::event::{DisplayBoard, View};

/// Moves made for the latency under `cargo bench`; `cargo test`, which
/// runs the benchmarks once to see that they work, makes a few.
fn rounds() -> usize {
    if std::env::args().any(|a| a == "--bench") {
        100
    } else {
        5
    }
}

fn routing_key_to_display() {
    let brltty = brltty::Brltty::start();
    let mut display = brltty.display(40, 1);
    let data = tempfile::tempdir().expect("a temporary directory");
    let mut child = Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["--lang", "de", "--opponent", "human", "--braille", "on"])
        .env("XDG_DATA_HOME", data.path().join("data"))
        .env("XDG_CONFIG_HOME", data.path().join("config"))
        .envs(brltty.env())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("annabella starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send((Instant::now(), line)).is_err() {
                break;
            }
        }
    });
    display.until_starts("Braillezeile mit 40 Modulen.");
    display.press("dispmd on");
    display.until_starts("8 tsldklst");
    let rounds = rounds();
    let mut times = Vec::with_capacity(rounds);
    let mut said = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        display.press("home");
        display.until_starts("8 ");
        for _ in 0..7 {
            display.press("lndn");
        }
        display.until_starts("1 ");
        display.press("route 8");
        wait_for(&lines, |l| l == "Springer Gustav eins.");
        display.press("lnup");
        display.press("lnup");
        display.until_starts("3 -.-.-.-.");
        display.press("route 7");
        let pressed = Instant::now();
        display.until_starts("3 -.-.-S-.");
        times.push(display.at.saturating_duration_since(pressed));
        let text = wait_for(&lines, |l| l.contains("Springer Felix drei"));
        said.push(text.saturating_duration_since(pressed));
        writeln!(stdin, "zurück").expect("annabella reads");
        display.until_starts("3 -.-.-.-.");
    }
    drop(stdin);
    let _ = child.wait();
    times.sort();
    said.sort();
    println!(
        "routing key to the move on the display: median {:.1?}, max {:.1?} over {rounds} moves",
        times[rounds / 2],
        times[rounds - 1]
    );
    println!(
        "routing key to the move's text line on stdout: median {:.1?}, max {:.1?}",
        said[rounds / 2],
        said[rounds - 1]
    );
}

/// Waits for a line of annabella's that `fits`; when it came.
fn wait_for(lines: &mpsc::Receiver<(Instant, String)>, fits: impl Fn(&str) -> bool) -> Instant {
    let until = Instant::now() + brltty::PATIENCE;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok((at, line)) if fits(&line) => return at,
            Ok(_) => {}
            Err(_) => panic!("annabella did not say what was awaited"),
        }
    }
}

fn redraw(c: &mut Criterion) {
    let board = DisplayBoard {
        board: Chess::default().board().clone(),
        side: Color::White,
        picked: None,
        choices: Vec::new(),
    };
    for (cols, rows) in [(40u16, 1u16), (80, 4)] {
        let mut screen = Screen::new(cols, rows);
        screen.set_letters(['K', 'D', 'T', 'L', 'S', 'B']);
        screen.set_board(board.clone());
        screen.set_view(View::Board);
        c.bench_function(&format!("redraw/board_view_{cols}x{rows}"), |b| {
            b.iter(|| std::hint::black_box(screen.shown()));
        });
    }
    let screen = Screen::new(40, 1);
    c.bench_function("redraw/one_rank", |b| {
        b.iter(|| std::hint::black_box(screen.rank_row(&board, 6)));
    });
}

fn latency(_: &mut Criterion) {
    routing_key_to_display();
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(3));
    targets = redraw, latency
}
criterion_main!(benches);
