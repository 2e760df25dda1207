//! Every legal promotion, typed as coordinates in each form a player or a
//! GUI writes it (`e7e8x`, `e7-e8x`, `e7 e8 x`, `e7e8=x`, `e7-e8=x`),
//! with each English and German promotion letter in lower and upper
//! case, plays the piece named, in every interface language. `b` and `d`
//! are file letters too, and `r` is the Estonian SAN letter of the
//! knight: after two squares none of that matters (issue 10).

use annabella::input::{Line, Resolution, read_line, resolve};
use annabella::rules::Game;
use annabella::settings::Lang;
use shakmaty::{Move, Role};

/// Positions with promotions straight on, by capture, for Black, and on
/// the b and d files whose letters are also promotion letters.
const POSITIONS: &[&str] = &[
    "8/4P3/K7/8/8/8/4k3/8 w - - 0 1",
    "3r1n2/4P3/K7/8/8/8/4k3/8 w - - 0 1",
    "8/8/K7/8/8/8/1p2k3/2N5 b - - 0 1",
    "8/1P1P4/K7/8/8/8/4k3/8 w - - 0 1",
    "1r6/P1P5/K7/8/8/8/4k3/8 w - - 0 1",
];

/// Each promotion letter, English and German, with its piece.
const LETTERS: &[(char, Role)] = &[
    ('q', Role::Queen),
    ('r', Role::Rook),
    ('b', Role::Bishop),
    ('n', Role::Knight),
    ('d', Role::Queen),
    ('t', Role::Rook),
    ('l', Role::Bishop),
    ('s', Role::Knight),
];

fn forms(from: &str, to: &str, letter: char) -> [String; 5] {
    [
        format!("{from}{to}{letter}"),
        format!("{from}-{to}{letter}"),
        format!("{from} {to} {letter}"),
        format!("{from}{to}={letter}"),
        format!("{from}-{to}={letter}"),
    ]
}

#[test]
fn every_promotion_in_every_coordinate_form_and_language() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for fen in POSITIONS {
        let game = Game::from_fen(fen).expect("a legal test position");
        let promotions: Vec<Move> = game
            .legal_moves()
            .into_iter()
            .filter(|m| m.promotion().is_some())
            .collect();
        assert!(!promotions.is_empty(), "no promotion in {fen}");
        for mv in &promotions {
            let Some(from) = mv.from() else { continue };
            let (from, to) = (from.to_string(), mv.to().to_string());
            for &(lower, role) in LETTERS {
                if mv.promotion() != Some(role) {
                    continue;
                }
                for letter in [lower, lower.to_ascii_uppercase()] {
                    for text in forms(&from, &to, letter) {
                        for lang in [Lang::De, Lang::En, Lang::Et] {
                            checked += 1;
                            let played = match read_line(&text, lang, &game) {
                                Line::Move(reading) => resolve(&game, &reading.intents, false),
                                other => {
                                    failures.push(format!(
                                        "{fen} {lang:?} {text:?}: read as {other:?}"
                                    ));
                                    continue;
                                }
                            };
                            if played != Resolution::Move(*mv) {
                                failures.push(format!(
                                    "{fen} {lang:?} {text:?}: expected {mv:?}, got {played:?}"
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    // 11 promotions (from- and to-square), 4 pieces with 2 letters each
    // in 2 cases, 5 forms, 3 languages.
    assert_eq!(checked, 11 * 4 * 2 * 2 * 5 * 3);
    assert!(
        failures.is_empty(),
        "{} of {checked} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
