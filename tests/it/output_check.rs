//! Every board-reading command on 100 random positions, in every UI
//! language and announcement style, with a 40-cell Braille line: every
//! printed line passes the output check (no figurines, no box drawing,
//! no control characters, no "1E5"-like runs, nothing over 40 cells).
//!
//! `fen` and `pgn` are data formats that scripts read whole; they are
//! left out here and never wrapped.

use std::time::Instant;

use annabella::announce::Announcer;
use annabella::output::problem;
use annabella::rules::Game;
use annabella::session::{Input, Session};
use annabella::settings::{Lang, Settings, Style, Width};
use shakmaty::Position;

const WIDTH: u16 = 40;

use crate::common;
use common::Rng;

/// 100 positions along random games, some of them Chess960.
fn random_games() -> Vec<Game> {
    let mut rng = Rng::new(0xB0A4D);
    let mut games = Vec::new();
    while games.len() < 100 {
        let mut game = if games.len() % 4 == 0 {
            Game::chess960(rng.below(960) as u32).expect("0..960")
        } else {
            Game::new()
        };
        let plies = rng.below(120);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            if game.play(mv).is_err() {
                break;
            }
        }
        games.push(game);
    }
    games
}

/// Every board-reading command, on squares and pieces of this position.
fn commands(game: &Game) -> Vec<String> {
    let mut lines: Vec<String> = [
        "board",
        "status",
        "last",
        "history",
        "material",
        "pieces",
        "pieces white",
        "pieces schwarz",
        "where knight",
        "wo schwarze Dame",
        "where white king",
        "where pawns",
        "moves",
        "e4?",
        "Eva vier?",
        "square h8",
        "rank 1",
        "reihe acht",
        "file e",
        "linie Anna",
        "diagonal c1",
        "diagonale h1",
        "attackers e4",
        "angreifer d5",
        "help",
        "settings",
        "help moves",
        "repeat",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    // The legal moves and attackers of every piece of the side to move.
    for (square, _) in game.position().board().iter() {
        lines.push(format!("moves {square}"));
        lines.push(format!("attackers {square}"));
    }
    lines
}

#[test]
fn every_answer_fits_a_braille_line_and_speech() {
    let announcer = Announcer::new();
    let games = random_games();
    assert_eq!(games.len(), 100);
    let mut checked = 0usize;
    let mut failures = Vec::new();
    for (index, game) in games.iter().enumerate() {
        for lang in Lang::ALL {
            for style in [Style::Fide, Style::Local, Style::Nato, Style::San] {
                for board_style in ["list", "ranks", "squares"] {
                    let settings = Settings {
                        lang,
                        style,
                        width: Width(WIDTH),
                        ..Settings::default()
                    };
                    let mut session = Session::new(game.clone(), settings);
                    session.step(
                        Input::Line((&format!("set boardstyle {board_style}")).into()),
                        Instant::now(),
                    );
                    for command in commands(game) {
                        for event in session
                            .step(Input::Line(command.to_string()), Instant::now())
                            .events
                        {
                            for line in announcer.render_lines(session.settings(), &event) {
                                checked += 1;
                                if let Some(why) = problem(&line, usize::from(WIDTH)) {
                                    failures.push(format!(
                                        "game {index} ({}), {lang:?} {style:?} {board_style}, `{command}`: {why}: {line:?}",
                                        game.fen()
                                    ));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    println!("{checked} lines checked");
    assert!(checked > 100_000, "only {checked} lines");
    let shown: Vec<&String> = failures.iter().take(30).collect();
    assert!(
        failures.is_empty(),
        "{} lines fail the check:\n{shown:#?}",
        failures.len()
    );
}
