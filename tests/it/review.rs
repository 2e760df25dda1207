//! The review of a game as a player meets it: on the Braille display
//! (the turning point's sentence in the text view, the position before
//! the move in the board view), with Stockfish as the external engine,
//! and the annotated PGN it writes read back by python-chess and by
//! annabella itself.

use std::process::Command;
use std::time::Instant;

use shakmaty::{Chess, Position};

use annabella::announce::Announcer;
use annabella::braille::Screen;
use annabella::engine::host::{Reply, Request, analysed_here};
use annabella::event::{DisplayBoard, DisplayEvent, Event, SessionEvent, View};
use annabella::rules::Game;
use annabella::session::{DisplayInput, Effect, Input, Session, Start, Step};
use annabella::settings::{Lang, OpponentChoice, ReviewDepth, Settings};

use crate::common::{Home, run_piped};
use crate::pgn_annotated::{READ, python_chess};

/// The planted blunder: Black leaves the queen to the knight (2...Qg5??
/// 3.Nxg5) and resigns.
const BLUNDER: &str = "e4\ne5\nNf3\nQg5\nNxg5\nresign\n";

/// The built-in engine's answer to an analysis, as the engine host
/// gives it.
fn analysed(request: &Request) -> Option<Reply> {
    match request {
        Request::Analyse(r) => Some(analysed_here(r)),
        Request::Move(_) => None,
    }
}

/// `line` stepped, and every analysis it asks for answered, one at a
/// time as the loop hands them on; the steps in order.
fn stepped(session: &mut Session, line: &str) -> Vec<Step> {
    let mut steps = vec![session.step(Input::Line(line.into()), Instant::now())];
    loop {
        let next = steps
            .last()
            .and_then(|s| s.engine_requests().find_map(analysed));
        let Some(reply) = next else {
            return steps;
        };
        steps.push(session.step(Input::Engine(reply), Instant::now()));
    }
}

/// What a display of 40 cells shows after `steps`: the lines said go
/// to its text view, the boards to its board view.
fn shown(session: &Session, screen: &mut Screen, steps: &[Step]) -> Option<Chess> {
    let announcer = Announcer::new();
    let mut board = None;
    for step in steps {
        let mut said = Vec::new();
        for e in &step.events {
            if let Event::Session(SessionEvent::Display(DisplayEvent::Board(b))) = e {
                screen.set_board((**b).clone());
                board = Some(b.board.clone());
            } else {
                said.extend(announcer.render_lines(session.settings(), e));
            }
        }
        screen.said(&said);
    }
    board.map(|b| {
        let setup = shakmaty::Setup {
            board: b,
            ..shakmaty::Setup::default()
        };
        setup
            .position::<Chess>(shakmaty::CastlingMode::Standard)
            .unwrap_or_default()
    })
}

#[test]
fn the_display_shows_the_turning_point_and_the_position_before_it() {
    let settings = Settings {
        opponent: OpponentChoice::Human,
        lang: Lang::De,
        review_depth: ReviewDepth(6),
        ..Settings::default()
    };
    let mut s = Session::new(Game::new(), settings);
    let start = s.step(Input::Start(Start::default()), Instant::now());
    assert!(
        start
            .effects
            .iter()
            .any(|e| matches!(e, Effect::Braille(true)))
    );
    s.step(
        Input::Display(DisplayInput::Connected { cols: 40, rows: 1 }),
        Instant::now(),
    );
    let mut screen = Screen::new(40, 1);
    for line in ["e4", "e5", "Sf3", "Dg5", "Sxg5", "aufgeben", "analyse"] {
        stepped(&mut s, line);
    }
    let steps = stepped(&mut s, "analyse weiter");
    let board = shown(&s, &mut screen, &steps).expect("the board before the blunder is sent");
    // The text view shows the sentence from its start.
    let text = screen.shown().text;
    assert!(
        text.starts_with("Zug 2, Schwarz: Dame Gustav fünf"),
        "{text:?}"
    );
    // The board view shows the position before 2...Dg5: the queen at home.
    let mut before = Chess::default();
    for san in ["e4", "e5", "Nf3"] {
        let mv = san
            .parse::<shakmaty::san::San>()
            .expect("SAN")
            .to_move(&before)
            .expect("legal");
        before.play_unchecked(mv);
    }
    assert_eq!(board.board(), before.board());
    // And the board view shows it as such: its first row, the eighth
    // rank with Black's queen at home, and beside it the sentence.
    screen.set_view(View::Board);
    let mut expected = Screen::new(40, 1);
    expected.set_board(DisplayBoard {
        board: before.board().clone(),
        side: shakmaty::Color::White,
        picked: None,
        choices: Vec::new(),
    });
    expected.set_view(View::Board);
    let rank = expected.shown().text.trim_end().to_string();
    assert_eq!(rank, "8 rnbqkbnr");
    let text = screen.shown().text;
    assert!(
        text.starts_with(&format!("{rank} Zug 2, Schwarz")),
        "{text:?}"
    );
}

/// The binary in `home` with `args`, fed `input`; its output.
fn annabella(home: &Home, args: &[&str], input: &str) -> String {
    run_piped(home, args, input).join("\n")
}

#[test]
fn stockfish_as_the_external_engine_finds_the_blunder() {
    let stockfish = "/usr/games/stockfish";
    assert!(
        std::path::Path::new(stockfish).exists(),
        "Stockfish is missing: run scripts/setup (Debian package stockfish)"
    );
    let home = Home::new();
    let args = [
        "--lang",
        "en",
        "--opponent",
        "human",
        "--engine",
        stockfish,
        "--reviewdepth",
        "10",
    ];
    let out = annabella(&home, &args, &format!("{BLUNDER}review\n"));
    assert!(
        out.contains("Reviewing 6 positions with stockfish."),
        "{out}"
    );
    assert!(!out.contains("built-in engine"), "{out}");
    assert!(
        out.contains("Black: no inaccuracy, no mistake, 1 blunder;"),
        "{out}"
    );
    assert!(
        out.contains("Move 2, Black: Dame Gustav fünf, a blunder. Better was "),
        "{out}"
    );
}

#[test]
fn the_annotated_pgn_is_read_back_by_python_chess_and_by_annabella() {
    python_chess();
    let home = Home::new();
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("reviewed.pgn");
    let file = file.to_str().expect("UTF-8 path");
    let args = ["--lang", "en", "--opponent", "human", "--reviewdepth", "6"];
    let first = annabella(&home, &args, &format!("{BLUNDER}review\npgn {file}\n"));
    let summary: Vec<&str> = first
        .lines()
        .skip_while(|l| !l.starts_with("Reviewing"))
        .skip(1)
        .take(5)
        .collect();
    assert!(summary[4].starts_with("Move 2, Black"), "{first}");
    let pgn = std::fs::read_to_string(file).expect("the PGN written");
    assert!(
        pgn.replace('\n', " ").contains("2... Qg5?? { [%eval "),
        "{pgn}"
    );
    // python-chess: an evaluation after every move, NAG 4 on the
    // blunder, the better move as a variation from the position before.
    let out = Command::new("python3")
        .arg("-c")
        .arg(READ)
        .arg(file)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<Vec<&str>> = said.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows.len(), 5, "{said}");
    assert!(
        rows.iter().all(|r| r[1] != "-"),
        "an eval for every move: {said}"
    );
    let blunder = &rows[3];
    assert_eq!((blunder[0], blunder[2]), ("Qg5", "4"), "{said}");
    assert_ne!(blunder[3], "-", "the better line: {said}");
    assert!(!blunder[3].starts_with("Qg5"), "{said}");
    assert!(
        rows.iter().enumerate().all(|(i, r)| i == 3 || r[2] == "-"),
        "{said}"
    );
    // annabella reads it back: the review is there at once (only the
    // start position, which PGN does not carry, is evaluated) and says
    // the same.
    let second = annabella(&Home::new(), &args, &format!("load {file}\nreview\n"));
    assert!(second.contains("Reviewing 1 position with"), "{second}");
    let again: Vec<&str> = second
        .lines()
        .skip_while(|l| !l.starts_with("Reviewing"))
        .skip(1)
        .take(5)
        .collect();
    assert_eq!(again, summary, "{second}");
}
