//! The client at a real terminal, driven through tmux as a person would
//! type: a move and a board query are answered, the cursor waits on the
//! input line after the prompt, Up recalls the last line and Tab
//! completes a command word; lines typed while the engine thinks are all
//! answered, at once; what arrives while a line is typed goes above a
//! fresh prompt that keeps what was typed; the raw stream carries only
//! the line editor's own cursor sequences. tmux is installed by `scripts/setup`; a missing tmux fails
//! these tests rather than skipping them.

use crate::common;

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use common::tmux::{PATIENCE, Tmux};

#[test]
fn a_person_at_the_terminal() {
    let binary = env!("CARGO_BIN_EXE_annabella");
    let tmux = Tmux::start(
        "person",
        &format!("{binary} --lang en --opponent human --speech off --sound off"),
    );
    tmux.wait_for("the first prompt", |l| l == "White to move>");

    tmux.keys(&["e4", "Enter"]);
    tmux.wait_for("the move announced", |l| l == "1. White: Bauer Eva vier");

    tmux.keys(&["square e4", "Enter"]);
    tmux.wait_for("the answer", |l| l == "Eva vier: white pawn.");
    // The cursor waits on the input line, right after the prompt.
    tmux.wait_for("the next prompt", |l| l == "Black to move>");
    let (row, line) = tmux.last_line();
    assert_eq!(line, "Black to move>");
    let (x, y) = tmux.cursor();
    assert_eq!(
        (x, y),
        ("Black to move> ".len(), row),
        "cursor not on the input line"
    );

    // Up recalls the last line.
    tmux.keys(&["Up"]);
    tmux.wait_for("the recalled line", |l| l == "Black to move> square e4");
    tmux.keys(&["C-u"]);

    // Tab completes a command word.
    tmux.keys(&["boa", "Tab"]);
    tmux.wait_for("the completed word", |l| l == "Black to move> board");
    tmux.keys(&["Enter"]);
    tmux.wait_for("the board", |l| l.starts_with("White: König Eva eins;"));

    // No colour or other escape sequences reach the screen's text.
    let screen = tmux.screen();
    assert!(screen.iter().all(|l| !l.contains('\u{1b}')), "{screen:?}");
    tmux.keys(&["quit", "Enter"]);
}

#[test]
fn the_start_says_the_game_and_lines_typed_while_the_engine_thinks_are_answered() {
    let binary = env!("CARGO_BIN_EXE_annabella");
    let tmux = Tmux::start(
        "typeahead",
        &format!("{binary} --lang en --level 10 --speech off --sound off"),
    );
    // At the start: the game, the opponent with the player's side, the
    // side to move.
    tmux.wait_for("the new game", |l| l == "New game.");
    tmux.wait_for("the opponent", |l| {
        l.starts_with("Opponent: the built-in engine at level 10") && l.ends_with("You play White.")
    });
    tmux.wait_for("the first prompt", |l| l == "White to move>");

    // Typed at once, while the engine thinks about its reply: every line
    // is answered, in order.
    tmux.keys(&[
        "e4", "Enter", "status", "Enter", "e4?", "Enter", "fen", "Enter",
    ]);
    tmux.wait_for("the engine's reply", |l| l.starts_with("1. Black: "));
    // Answered at once, while the engine still thinks.
    tmux.wait_for("the status", |l| l == "Black to move, move 1.");
    tmux.wait_for("the square", |l| l == "Eva vier: white pawn.");
    let screen = tmux.wait_for("the FEN", |l| l.contains(" b KQkq ") && l.ends_with(" 1"));
    let order: Vec<usize> = ["Black to move, move 1.", "Eva vier: white pawn."]
        .iter()
        .map(|want| screen.iter().position(|l| l == want).unwrap_or(usize::MAX))
        .collect();
    assert!(order[0] < order[1], "answers out of order: {screen:?}");
    tmux.keys(&["quit", "Enter"]);
}

/// annabella in a tmux window called `name`, started with the
/// environment `env` (`NAME=VALUE `, or nothing), every byte it writes
/// recorded: the window, the recording's folder and the recording.
fn recorded(name: &str, env: &str) -> (Tmux, std::path::PathBuf, std::path::PathBuf) {
    let binary = env!("CARGO_BIN_EXE_annabella");
    let dir = std::env::temp_dir().join(format!("annabella-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let raw = dir.join("raw.out");
    // A moment's sleep lets the recording start before the first byte.
    let tmux = Tmux::start(
        name,
        &format!(
            "sh -c 'sleep 1; {env}exec {binary} --lang en --opponent human --speech off --sound off'"
        ),
    );
    tmux.record_raw(&raw);
    (tmux, dir, raw)
}

/// The recording once it holds the goodbye: the window closes when the
/// program ends, so the recording is what is left to read.
fn until_goodbye(raw: &std::path::Path) -> String {
    let start = Instant::now();
    loop {
        let bytes = std::fs::read(raw).unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        if text.contains("Goodbye.") {
            return text;
        }
        assert!(start.elapsed() < PATIENCE, "no goodbye in {text:?}");
        sleep(Duration::from_millis(50));
    }
}

#[test]
fn the_raw_stream_has_no_terminal_mode_switches() {
    let (tmux, dir, raw) = recorded("raw", "TERM=xterm ");
    tmux.wait_for("the first prompt", |l| l == "White to move>");
    tmux.keys(&["e4", "Enter"]);
    tmux.wait_for("the move announced", |l| l == "1. White: Bauer Eva vier");
    tmux.keys(&["Escape", "[A", "Enter"]);
    tmux.wait_for("the next prompt", |l| l == "Black to move>");
    tmux.keys(&["quit", "Enter"]);
    let text = until_goodbye(&raw);
    assert!(text.contains("1. White: Bauer Eva vier"), "{text:?}");
    // No bracketed paste, no synchronized output, no other private mode
    // switch: only the line editor's cursor placement on the input line.
    assert!(!text.contains("\u{1b}[?"), "mode switches in {text:?}");
    let mut kinds: Vec<char> = Vec::new();
    let mut rest = &*text;
    while let Some(at) = rest.find("\u{1b}[") {
        rest = &rest[at + 2..];
        let end = rest
            .find(|c: char| !c.is_ascii_digit() && c != ';')
            .unwrap_or(rest.len());
        if let Some(kind) = rest[end..].chars().next() {
            kinds.push(kind);
        }
    }
    assert!(
        kinds.iter().all(|k| matches!(k, 'K' | 'C' | 'D')),
        "unexpected sequences {kinds:?} in {text:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unfinished_game_is_offered_at_the_start_and_goes_on() {
    let binary = env!("CARGO_BIN_EXE_annabella");
    let home = common::Home::new();
    // A game left unfinished by a script.
    let mut child = home
        .apply(&mut Command::new(binary))
        .args(["--opponent", "human", "--time", "5+3"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("the client starts");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(b"e4\ne5\nNf3\n").expect("moves");
    }
    assert!(child.wait().expect("it ends").success());
    let tmux = Tmux::start_in(
        "resume",
        &format!("{binary} --lang en --speech off --sound off"),
        home,
    );
    // One sentence: who plays whom, move, side to move, the last two
    // moves, both clocks, the question.
    tmux.wait_for("the prompt", |l| l == "yes or no>");
    // The sentence is wrapped by the terminal's width.
    let said = tmux.screen().join("");
    let offer = "An unfinished game: two players at this keyboard, move 2, Black to move. \
                 Last moves: 1. Black: Bauer Eva fünf; 2. White: Springer Felix drei. \
                 White: 5 minutes 6 seconds, Black: 5 minutes 3 seconds. \
                 Go on with it? Answer yes or no.";
    assert!(said.contains(offer), "{said}");
    tmux.keys(&["maybe", "Enter"]);
    tmux.wait_for("the offer stands", |l| {
        l == "Answer yes to go on with the unfinished game, or no for a new one."
    });
    tmux.keys(&["yes", "Enter"]);
    tmux.wait_for("resumed", |l| l == "The unfinished game goes on.");
    tmux.keys(&["Nc6", "Enter"]);
    tmux.wait_for("the game goes on", |l| {
        l == "2. Black: Springer Cesar sechs"
    });
    tmux.keys(&["quit", "Enter"]);
}

#[test]
fn what_arrives_while_a_line_is_typed_goes_above_a_fresh_prompt() {
    let binary = env!("CARGO_BIN_EXE_annabella");
    // Three seconds on the clock: White's flag falls while the player
    // types.
    let tmux = Tmux::start(
        "arrival",
        &format!("{binary} --lang en --opponent human --time 0.05+0 --speech off --sound off"),
    );
    tmux.wait_for("the first prompt", |l| l == "White to move>");
    tmux.keys(&["sta"]);
    tmux.wait_for("the typed word", |l| l == "White to move> sta");
    tmux.wait_for("the flag", |l| l.starts_with("Game over: "));
    let screen = tmux.wait_for("the fresh prompt", |l| l == "Game over> sta");
    // No old prompt left above the news, and the cursor after the word.
    let (row, line) = tmux.last_line();
    assert_eq!(line, "Game over> sta", "{screen:?}");
    assert!(
        !screen.iter().any(|l| l.starts_with("White to move>")),
        "an old prompt stayed: {screen:?}"
    );
    assert_eq!(tmux.cursor(), ("Game over> sta".len(), row), "{screen:?}");
    // The word typed before goes on.
    tmux.keys(&["tus", "Enter"]);
    tmux.wait_until("the status", |screen| {
        screen
            .iter()
            .filter(|l| l.starts_with("Game over: "))
            .count()
            == 2
    });
    tmux.keys(&["quit", "Enter"]);
}

#[test]
fn the_board_is_read_at_once_while_the_engine_thinks() {
    let binary = env!("CARGO_BIN_EXE_annabella");
    let tmux = Tmux::start(
        "reading",
        &format!("{binary} --lang en --level 10 --speech off --sound off"),
    );
    tmux.wait_for("the first prompt", |l| l == "White to move>");
    tmux.keys(&["e4", "Enter"]);
    tmux.wait_for("the move", |l| l == "1. White: Bauer Eva vier");
    let asked = Instant::now();
    tmux.keys(&["status", "Enter"]);
    tmux.wait_for("the status", |l| {
        l.starts_with("Black to move, ") || l.starts_with("White to move, move 2")
    });
    let took = asked.elapsed();
    let screen = tmux.wait_for("the engine's reply", |l| l.starts_with("1. Black: "));
    eprintln!("status answered after {took:?} (as seen through tmux)");
    let at = |want: &dyn Fn(&str) -> bool| screen.iter().position(|l| want(l));
    let status = at(&|l| l.starts_with("Black to move, move 1."));
    let reply = at(&|l| l.starts_with("1. Black: "));
    assert!(
        status.is_some() && status < reply,
        "the status did not come before the engine's move: {screen:?}"
    );
    // The prompt names the side to move after the reply.
    tmux.wait_for("the prompt after the reply", |l| l == "White to move>");
    tmux.keys(&["quit", "Enter"]);
}

#[test]
fn ctrl_d_says_goodbye_and_that_the_game_is_kept() {
    let (tmux, dir, raw) = recorded("eof", "");
    tmux.wait_for("the first prompt", |l| l == "White to move>");
    tmux.keys(&["e4", "Enter"]);
    tmux.wait_for("the next prompt", |l| l == "Black to move>");
    tmux.keys(&["C-d"]);
    let text = until_goodbye(&raw);
    let kept = text.find("The game is kept for next time.");
    assert!(
        kept.is_some_and(|at| at < text.find("Goodbye.").unwrap_or(0)),
        "{text:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
