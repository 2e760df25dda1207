//! Property tests: no input line panics the session, and a refused line
//! leaves the game exactly as it was.

use std::time::Instant;

use annabella::announce::Announcer;
use annabella::event::{Event, PromptEvent, Refused};
use annabella::rules::Game;
use annabella::session::{Input, Session};
use annabella::settings::{Lang, Settings};
use proptest::prelude::*;

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // Two black knights can reach d7: questions get asked.
    "rnbqkb1r/ppp1pppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
    // Promotions, en passant and castling rights all at once.
    "r3k2r/1P4P1/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1",
    // Chess960 with X-FEN castling.
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    // A finished game (mate).
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
];

fn refused(events: &[Event]) -> bool {
    events.iter().any(|e| {
        matches!(
            e,
            Event::Refusal(Refused::Move(_))
                | Event::Refusal(Refused::NotUnderstood { .. })
                | Event::Prompt(PromptEvent::NotFitting(_))
                | Event::Refusal(Refused::Command(_))
        )
    })
}

fn snapshot(session: &Session) -> (String, usize, Option<annabella::rules::Finished>) {
    let game = session.game();
    (game.fen(), game.plies().len(), game.result())
}

/// Lines built from the words the client knows, so that the search
/// reaches the parser's and resolver's corners, not only "not understood".
fn plausible_line() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        Just("Nf3".to_string()),
        Just("Sd7".to_string()),
        Just("e8=Q".to_string()),
        Just("exd6".to_string()),
        Just("e.p.".to_string()),
        Just("O-O".to_string()),
        Just("0-0-0".to_string()),
        Just("Springer".to_string()),
        Just("Bella".to_string()),
        Just("acht".to_string()),
        Just("schlägt".to_string()),
        Just("Dame".to_string()),
        Just("draw".to_string()),
        Just("undo".to_string()),
        Just("new".to_string()),
        Just("960".to_string()),
        Just("set".to_string()),
        Just("style".to_string()),
        Just("?".to_string()),
        "[a-hA-HKQRBNDTLSx=+#0-9-]{1,6}",
        "\\PC{0,8}",
    ];
    prop::collection::vec(token, 0..6).prop_map(|t| t.join(" "))
}

fn check_line(fen_index: usize, prefix: &[String], line: &str) -> Result<(), TestCaseError> {
    let game = Game::from_fen(FENS[fen_index]).expect("valid test FEN");
    let settings = Settings {
        lang: if fen_index.is_multiple_of(2) {
            Lang::De
        } else {
            Lang::En
        },
        ..Settings::default()
    };
    let mut session = Session::new(game, settings);
    let announcer = Announcer::new();
    for earlier in prefix {
        let events = session
            .step(Input::Line(earlier.into()), Instant::now())
            .events;
        for e in &events {
            announcer.render(session.settings(), e);
        }
    }
    let before = snapshot(&session);
    let events = session
        .step(Input::Line(line.into()), Instant::now())
        .events;
    for e in &events {
        // Wording must not panic either.
        let _ = announcer.render(session.settings(), e);
    }
    if refused(&events) {
        prop_assert_eq!(
            snapshot(&session),
            before,
            "line {:?} was refused but changed the game",
            line
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_unicode_never_panics(fen in 0..FENS.len(), line in "\\PC{0,40}") {
        check_line(fen, &[], &line)?;
    }

    #[test]
    fn plausible_lines_never_panic(
        fen in 0..FENS.len(),
        prefix in prop::collection::vec(plausible_line(), 0..4),
        line in plausible_line(),
    ) {
        check_line(fen, &prefix, &line)?;
    }

    #[test]
    fn answers_to_questions_never_panic(line in plausible_line()) {
        // "Nd7" asks which knight; the next line is anything at all.
        check_line(1, &["Nd7".to_string()], &line)?;
    }
}

#[test]
fn a_refused_line_says_why_and_changes_nothing() {
    let mut session = Session::new(Game::new(), Settings::default());
    let before = snapshot(&session);
    for line in [
        "Ke2",
        "Nf6",
        "e5",
        "xyzzy",
        "O-O",
        "e4e5",
        "set style",
        "new 960 1000",
    ] {
        let events = session
            .step(Input::Line(line.into()), Instant::now())
            .events;
        assert!(refused(&events), "{line}: {events:?}");
        assert_eq!(snapshot(&session), before, "{line}");
    }
}

/// Work the parser may spend per byte of input, and a fixed allowance.
/// Each token costs at most its glued-word split (bounded by the longest
/// vocabulary word) and one mishearing check.
const EFFORT_PER_BYTE: u64 = 200;

/// The fixed allowance: one glued token of the longest length that is
/// split (48 characters) tries every piece up to the longest vocabulary
/// word from each character, which grows with the square of the token's
/// length up to that bound. Doubling a line within one such token may
/// therefore cost up to this much more than double; beyond it the work
/// is linear.
fn effort_base() -> u64 {
    let longest = annabella::input::vocab::longest_word() as u64;
    (48 * longest * (longest + 1) / 2).max(1_000)
}

fn effort_of(line: &str) -> u64 {
    let mut effort = annabella::input::Effort::default();
    let _ = annabella::input::read_move(line, &mut effort);
    effort.0
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Arbitrary Unicode up to 10,000 characters: no panic, and the work
    /// stays within a fixed amount per byte.
    #[test]
    fn long_unicode_is_parsed_in_linear_effort(line in "\\PC{0,10000}") {
        let effort = effort_of(&line);
        prop_assert!(effort <= EFFORT_PER_BYTE * line.len() as u64 + effort_base(),
            "{} bytes took effort {}", line.len(), effort);
    }

    /// The same words repeated: doubling the input at most doubles the
    /// work (plus the fixed allowance), so the growth is linear.
    #[test]
    fn repeated_input_grows_linearly(
        unit in prop_oneof![
            Just("Springer Felix drei ".to_string()),
            Just("Sprnger evavier ".to_string()),
            Just("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx ".to_string()),
            "\\PC{1,30}",
        ],
        reps in 1usize..160,
    ) {
        let once = unit.repeat(reps);
        let twice = unit.repeat(reps * 2);
        let (a, b) = (effort_of(&once), effort_of(&twice));
        prop_assert!(b <= 2 * a + effort_base(), "{} -> {}, {} -> {}", once.len(), a, twice.len(), b);
        prop_assert!(b <= EFFORT_PER_BYTE * twice.len() as u64 + effort_base());
    }
}

#[test]
fn a_ten_thousand_character_line_is_answered() {
    let line = "Springer Felix drei ".repeat(500);
    assert!(line.len() >= 10_000);
    let mut session = Session::new(Game::new(), Settings::default());
    let events = session
        .step(Input::Line(line.clone()), Instant::now())
        .events;
    assert!(refused(&events), "{events:?}");
    let text: Vec<String> = events
        .iter()
        .flat_map(|e| Announcer::new().render(session.settings(), e))
        .collect();
    // The echo of a long line is cut short.
    assert!(text.iter().all(|l| l.len() < 200), "{text:?}");
}
