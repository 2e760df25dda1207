//! Drills and questions as the player meets them: every drill kind in
//! every language on a 40-cell Braille line, answered right and wrong,
//! each line passing the output check (at most 40 cells, nothing speech
//! misreads); the statistics kept across runs of the binary, and a broken
//! statistics file moved aside byte for byte with a fresh record started.

use std::time::{Duration, Instant};

use annabella::announce::Announcer;
use annabella::event::{Event, TrainingEvent};
use annabella::output::problem;
use annabella::rules::Game;
use annabella::session::{Input, KeptGame, Resumption, Session, Start};
use annabella::settings::{Lang, OpponentChoice, Settings, Style, Width};
use annabella::training::{DrillKind, Expected, Shade, expected};

use crate::common;
use common::Home;

const WIDTH: u16 = 40;

#[test]
fn every_drill_line_fits_forty_cells_and_speech() {
    let announcer = Announcer::new();
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut answered = 0;
    let mut done = 0;
    for lang in Lang::ALL {
        for style in [Style::Fide, Style::San] {
            for kind in DrillKind::ALL {
                let settings = Settings {
                    lang,
                    style,
                    width: Width(WIDTH),
                    opponent: OpponentChoice::Human,
                    ..Settings::default()
                };
                let mut session = Session::new(Game::new(), settings);
                session.set_seed(7);
                let t0 = Instant::now();
                let mut events = session
                    .step(Input::Line((&format!("drill {} 6", kind.id())).into()), t0)
                    .events;
                // Guesses of every form, some right by chance, some no
                // answer at all: every kind of line is said.
                let guesses = [
                    "nothing", "light", "yes", "2", "e4 d5", "none", "dark", "no", "3",
                ];
                for turn in 0..40u64 {
                    let mut asked = false;
                    for event in &events {
                        for line in announcer.render_lines(session.settings(), event) {
                            checked += 1;
                            if let Some(why) = problem(&line, usize::from(WIDTH)) {
                                failures
                                    .push(format!("{lang:?} {style:?} {kind:?}: {why}: {line:?}"));
                            }
                        }
                        if let Event::Training(TrainingEvent::DrillDone { .. }) = event {
                            done += 1;
                        }
                        asked |= matches!(
                            event,
                            Event::Training(
                                TrainingEvent::Asked { .. } | TrainingEvent::Unreadable(_)
                            )
                        );
                    }
                    if !asked {
                        break;
                    }
                    let guess = guesses[(turn as usize) % guesses.len()];
                    events = session
                        .step(
                            Input::Line(guess.into()),
                            t0 + Duration::from_secs(turn + 1),
                        )
                        .events;
                    answered += 1;
                }
            }
        }
    }
    println!("{checked} lines checked, {answered} answers, {done} drills to their end");
    assert!(checked > 500, "only {checked} lines");
    assert!(done >= 30, "only {done} drills ended");
    let shown: Vec<&String> = failures.iter().take(20).collect();
    assert!(
        failures.is_empty(),
        "{} lines fail:\n{shown:#?}",
        failures.len()
    );
}

/// Runs the client in `home` on `input`; its output lines.
fn run(home: &Home, input: &str) -> Vec<String> {
    common::run_piped(
        home,
        &["--lang", "en", "--opponent", "human", "--seed", "3"],
        input,
    )
}

#[test]
fn statistics_survive_a_restart_and_a_broken_file_is_moved_aside() {
    let home = Home::new();
    let out = run(&home, "drill colors 2\nlight\ndark\n");
    assert!(
        out.iter().any(|l| l.ends_with("seconds on average.")),
        "{out:?}"
    );
    let stats = run(&home, "drill stats\n");
    assert!(
        stats
            .iter()
            .any(|l| l.starts_with("Colors: ") && l.contains(" of 2 right")),
        "{stats:?}"
    );
    // A second drill adds to the first.
    run(&home, "drill colors 3\nlight\nlight\nlight\n");
    let stats = run(&home, "drill stats\n");
    assert!(stats.iter().any(|l| l.contains(" of 5 right")), "{stats:?}");

    let file = home.path().join("data/annabella/training.json");
    let broken = b"{\"format\": 1, \"drills\": {\"colors\": {\"asked\": 3".to_vec();
    std::fs::write(&file, &broken).expect("written");
    let out = run(&home, "drill stats\n");
    assert!(
        out[0].contains("training.json is broken") && out[0].contains("moved aside"),
        "{out:?}"
    );
    assert_eq!(out[1], "No drill played yet.");
    let aside: Vec<_> = std::fs::read_dir(home.path().join("data/annabella"))
        .expect("the data folder")
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("training.json.broken-")
        })
        .collect();
    assert_eq!(aside.len(), 1);
    assert_eq!(std::fs::read(aside[0].path()).expect("read"), broken);
    // The fresh record is kept from the next drill on.
    run(&home, "drill knight 1\n3\n");
    let stats = run(&home, "drill stats\n");
    assert!(stats.iter().any(|l| l.starts_with("Knight: ")), "{stats:?}");
}

#[test]
fn peeks_and_the_question_score_are_kept_with_the_game() {
    let now = Instant::now();
    let settings = Settings {
        lang: Lang::En,
        opponent: OpponentChoice::Human,
        ..Settings::default()
    };
    let mut s = Session::new(Game::new(), settings.clone());
    s.set_seed(4);
    for line in ["set quizevery 1", "blindfold on peeks 10", "e4"] {
        s.step(Input::Line(line.into()), now);
    }
    // Hot seat: a question after every move. Answered right, worked out
    // here from the position.
    let question = s
        .step(Input::Line("ok".into()), now)
        .events
        .iter()
        .chain(s.step(Input::Line("e5".into()), now).events.iter())
        .find_map(|e| match e {
            Event::Training(TrainingEvent::Asked { question, .. }) => Some(*question),
            _ => None,
        })
        .expect("a question after e5");
    let answer = match expected(&question, s.game().position()) {
        Expected::Shade(Shade::Light) => "light".to_string(),
        Expected::Shade(Shade::Dark) => "dark".to_string(),
        Expected::YesNo(yes) => if yes { "yes" } else { "no" }.to_string(),
        Expected::Number(n) => n.to_string(),
        Expected::Squares(squares) if squares.is_empty() => "none".to_string(),
        Expected::Squares(squares) => squares
            .into_iter()
            .map(|sq| sq.to_string())
            .collect::<Vec<_>>()
            .join(" "),
        Expected::Piece(None) => "nothing".to_string(),
        Expected::Piece(Some(piece)) => format!("{} {:?}", piece.color, piece.role).to_lowercase(),
    };
    let judged = s.step(Input::Line(answer.to_string()), now).events;
    assert!(
        judged.iter().any(|e| matches!(
            e,
            Event::Training(TrainingEvent::Judged { right: true, .. })
        )),
        "{answer}: {judged:?}"
    );
    s.step(Input::Line("last".into()), now);
    let saved = s.record(now);
    assert_eq!(
        saved.blindfold.map(|b| (b.budget, b.used)),
        Some((Some(10), 1))
    );
    assert!(matches!(saved.quiz, Some((_, 1))), "{:?}", saved.quiz);
    let mut again = Session::new(Game::new(), settings);
    let start = Start {
        kept: Some(KeptGame {
            game: Box::new(saved.clone()),
            resumption: Resumption::Resume,
        }),
        ..Start::default()
    };
    again.step(Input::Start(start), now);
    let over = again.step(Input::Line("resign".into()), now).events;
    let score = over.iter().find_map(|e| match e {
        Event::Training(TrainingEvent::GameScore { peeks, quiz }) => Some((*peeks, *quiz)),
        _ => None,
    });
    assert_eq!(score, Some((Some(1), saved.quiz)));
}

#[test]
fn a_drill_goes_on_through_other_commands() {
    let now = Instant::now();
    let settings = Settings {
        lang: Lang::En,
        opponent: OpponentChoice::Human,
        ..Settings::default()
    };
    let mut s = Session::new(Game::new(), settings);
    s.step(Input::Line(("drill colors 2").into()), now);
    s.step(Input::Line(("set width 40").into()), now);
    s.step(Input::Line("board".into()), now);
    let judged = s.step(Input::Line("light".into()), now).events;
    assert!(
        matches!(
            judged.first(),
            Some(Event::Training(TrainingEvent::Judged { .. }))
        ),
        "{judged:?}"
    );
    // Its own command ends it.
    let stopped = s.step(Input::Line(("drill stop").into()), now).events;
    assert!(
        matches!(
            stopped.first(),
            Some(Event::Training(TrainingEvent::DrillStopped(_)))
        ),
        "{stopped:?}"
    );
    assert!(s.prompt().is_none());
}
