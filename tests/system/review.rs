//! The review at a real terminal, driven through tmux as a person
//! would: the board can be read while the engine goes over the game,
//! progress is said now and then, `stop` ends the review at once, and
//! `review` goes on from where it stopped.

use crate::common;

use common::tmux::Tmux;

/// The reference game of BENCHMARKS.md, 40 moves.
fn reference() -> String {
    format!(
        "{}/tests/data/pgn/twic1599_100k.pgn",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The number in "Review stopped after N of 81 positions".
fn stopped_after(line: &str) -> Option<u32> {
    line.strip_prefix("Review stopped after ")?
        .split(' ')
        .next()?
        .parse()
        .ok()
}

#[test]
fn a_review_is_read_beside_said_in_progress_stopped_and_taken_up_again() {
    let binary = env!("CARGO_BIN_EXE_annabella");
    // Deep enough that the review takes the better part of a minute.
    let tmux = Tmux::start(
        "review",
        &format!("{binary} --lang en --opponent human --speech off --sound off --reviewdepth 14"),
    );
    tmux.wait_for("the first prompt", |l| l == "White to move>");
    tmux.keys(&[&format!("load {} 77", reference()), "Enter"]);
    tmux.wait_for("the game loaded", |l| l.starts_with("Game 77 loaded"));
    tmux.keys(&["review", "Enter"]);
    tmux.wait_for("the review begun", |l| {
        l.starts_with("Reviewing 81 positions with the built-in engine.")
    });
    // The board is read while the engine works.
    tmux.keys(&["status", "Enter"]);
    let screen = tmux.wait_for("the status", |l| l == "White to move, move 1.");
    assert!(
        !screen.iter().any(|l| l.contains("accuracy")),
        "the review ended before the status: {screen:?}"
    );
    tmux.wait_for("progress", |l| {
        l.starts_with("Review ") && l.ends_with(" percent done.")
    });
    tmux.keys(&["stop", "Enter"]);
    let screen = tmux.wait_for("the review stopped", |l| stopped_after(l).is_some());
    let done = screen.iter().find_map(|l| stopped_after(l)).unwrap_or(0);
    assert!((1..81).contains(&done), "{screen:?}");
    // Going on asks only for what is left.
    tmux.keys(&["review", "Enter"]);
    let left = format!(
        "Reviewing {} positions with the built-in engine.",
        81 - done
    );
    tmux.wait_for("the review going on", |l| l.starts_with(&left));
    tmux.keys(&["stop", "Enter"]);
    tmux.wait_until("stopped again", |lines| {
        lines.iter().filter(|l| stopped_after(l).is_some()).count() == 2
    });
    tmux.keys(&["quit", "Enter"]);
}
