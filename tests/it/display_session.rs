//! The Braille display in the session, without BRLTTY: the display's
//! screen ([`Screen`]) reads keys, and what they ask steps into the
//! session as [`Input::Display`] (or a typed line), as the loop carries
//! them; the session's display events go back to the screen.

use std::time::Instant;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use shakmaty::{Chess, Position};

use annabella::announce::Announcer;
use annabella::braille::{Key, Screen};
use annabella::event::{DisplayEvent, DisplayTrouble, Event, SessionEvent, View};
use annabella::rules::Game;
use annabella::session::{DisplayInput, Effect, Input, Session, Start, Step};
use annabella::settings::{BrailleUse, ConfirmMode, Lang, OpponentChoice, Settings};

use crate::voice_session::say as step;

fn session(settings: Settings) -> Session {
    let mut session = Session::new(Game::new(), settings);
    let step = session.step(Input::Start(Start::default()), Instant::now());
    assert!(
        step.effects
            .iter()
            .any(|e| matches!(e, Effect::Braille(true))),
        "the display is opened at the start: {:?}",
        step.effects
    );
    session
}

fn hot_seat() -> Settings {
    Settings {
        opponent: OpponentChoice::Human,
        lang: Lang::De,
        ..Settings::default()
    }
}

fn connect(session: &mut Session) -> Step {
    session.step(
        Input::Display(DisplayInput::Connected { cols: 40, rows: 1 }),
        Instant::now(),
    )
}

fn routed(session: &mut Session, square: &str) -> Vec<String> {
    let square = square.parse().expect("a square");
    step(session, Input::Display(DisplayInput::Square(square))).0
}

fn boards(step: &Step) -> usize {
    step.events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Session(SessionEvent::Display(DisplayEvent::Board(_)))
            )
        })
        .count()
}

#[test]
fn no_board_is_sent_before_a_display_is_there_and_then_only_when_it_changes() {
    let mut s = session(hot_seat());
    let (_, before) = step(&mut s, Input::Line("e4".into()));
    assert_eq!(boards(&before), 0, "no display, no board");
    let connected = connect(&mut s);
    assert_eq!(boards(&connected), 1, "the board at once");
    let (_, read) = step(&mut s, Input::Line("status".into()));
    assert_eq!(boards(&read), 0, "nothing changed");
    let (_, moved) = step(&mut s, Input::Line("e5".into()));
    assert_eq!(boards(&moved), 1);
}

#[test]
fn routing_keys_pick_let_go_and_play_through_the_typed_moves_refusals() {
    let mut s = session(hot_seat());
    connect(&mut s);
    assert_eq!(routed(&mut s, "g1"), ["Springer Gustav eins."]);
    assert_eq!(routed(&mut s, "g1"), ["Springer Gustav eins losgelassen."]);
    // Nothing picked: the square is read.
    let read = routed(&mut s, "e4");
    assert!(read.iter().any(|l| l.contains("Eva vier")), "{read:?}");
    assert_eq!(routed(&mut s, "g1"), ["Springer Gustav eins."]);
    // Another piece of one's own is picked instead.
    assert_eq!(routed(&mut s, "b1"), ["Springer Bella eins."]);
    let refused = routed(&mut s, "b4");
    assert_eq!(
        s.game().plies().len(),
        0,
        "a knight does not go to b4: {refused:?}"
    );
    assert!(!refused.is_empty());
    // The pick is gone after a refusal: b1 is picked again.
    assert_eq!(routed(&mut s, "b1"), ["Springer Bella eins."]);
    let played = routed(&mut s, "c3");
    assert_eq!(s.game().plies().len(), 1, "{played:?}");
    // Black's piece may be picked now, White's not.
    let white = routed(&mut s, "c3");
    assert!(
        !white.iter().any(|l| l.ends_with("Cäsar drei.")),
        "{white:?}"
    );
    assert_eq!(routed(&mut s, "d7"), ["Bauer David sieben."]);
}

/// Issue 34, item 15: a move the picked piece cannot make is refused
/// naming that piece, as the same move typed with its letter is.
#[test]
fn a_picked_piece_that_cannot_reach_the_routed_square_is_named() {
    for lang in [Lang::En, Lang::De, Lang::Et] {
        let mut s = session(Settings { lang, ..hot_seat() });
        connect(&mut s);
        routed(&mut s, "f1");
        let refused = routed(&mut s, "f5");
        assert_eq!(s.game().plies().len(), 0);
        if lang == Lang::En {
            assert_eq!(
                refused,
                ["The bishop on Felix eins cannot reach Felix fünf."]
            );
        }
        let (said, _) = step(&mut s, Input::Line("Bf1f5".into()));
        assert_eq!(refused, said, "{lang:?}");
    }
}

#[test]
fn a_move_made_by_routing_keys_is_confirmed_as_a_typed_one() {
    let mut s = session(Settings {
        confirm: ConfirmMode::Own,
        ..hot_seat()
    });
    connect(&mut s);
    routed(&mut s, "e2");
    let asked = routed(&mut s, "e4");
    assert_eq!(s.game().plies().len(), 0, "asked first: {asked:?}");
    step(&mut s, Input::Line("ja".into()));
    assert_eq!(s.game().plies().len(), 1);
}

#[test]
fn a_promotion_by_routing_keys_offers_its_pieces_and_takes_the_one_chosen() {
    let game = Game::from_fen("8/P7/8/8/8/8/8/k6K w - - 0 1").expect("a position");
    let mut s = Session::new(game, hot_seat());
    s.step(Input::Start(Start::default()), Instant::now());
    connect(&mut s);
    routed(&mut s, "a7");
    let (_, asked) = step(
        &mut s,
        Input::Display(DisplayInput::Square("a8".parse().expect("a8"))),
    );
    let offered = asked.events.iter().find_map(|e| match e {
        Event::Session(SessionEvent::Display(DisplayEvent::Board(b))) => Some(b.choices.clone()),
        _ => None,
    });
    assert_eq!(offered.map(|c| c.len()), Some(4));
    step(
        &mut s,
        Input::Display(DisplayInput::Choose(shakmaty::Role::Rook)),
    );
    assert_eq!(s.game().fen(), "R7/8/8/8/8/8/8/k6K b - - 0 1");
}

#[test]
fn the_display_unavailable_is_said_once_with_on_and_never_with_auto() {
    let trouble = || Input::Display(DisplayInput::Unavailable(DisplayTrouble::NotBuilt));
    let mut auto = session(hot_seat());
    assert!(step(&mut auto, trouble()).0.is_empty());
    let mut on = session(Settings {
        braille: BrailleUse::On,
        lang: Lang::En,
        ..hot_seat()
    });
    assert_eq!(
        step(&mut on, trouble()).0,
        ["This build has no Braille display; annabella goes on without it."]
    );
    assert!(step(&mut on, trouble()).0.is_empty(), "once");
    assert!(step(&mut on, Input::Line("status".into())).0.len() == 1);
    // Asked for again, it is said again.
    step(&mut on, Input::Line("set braille off".into()));
    let (said, asked) = step(&mut on, Input::Line("set braille on".into()));
    assert!(
        asked
            .effects
            .iter()
            .any(|e| matches!(e, Effect::Braille(true)))
    );
    let (said_again, _) = step(&mut on, trouble());
    assert!(
        said.iter()
            .chain(&said_again)
            .any(|l| l.contains("no Braille display")),
        "{said:?} {said_again:?}"
    );
}

/// Issue 34, item 14: BRLTTY gone mid-game is one sentence; that it
/// then does not answer (the display's thread trying it again) is not a
/// second one.
#[test]
fn a_display_lost_with_braille_on_is_one_sentence() {
    let mut s = session(Settings {
        braille: BrailleUse::On,
        ..hot_seat()
    });
    connect(&mut s);
    let (lost, _) = step(&mut s, Input::Display(DisplayInput::Lost));
    assert_eq!(
        lost,
        [
            "Die Braillezeile ist weg; annabella geht ohne sie weiter und nimmt sie wieder, sobald BRLTTY wieder da ist."
        ]
    );
    let gone = Input::Display(DisplayInput::Unavailable(DisplayTrouble::NoBrltty));
    let (after, _) = step(&mut s, gone);
    assert!(after.is_empty(), "{after:?}");
    let (moved, _) = step(&mut s, Input::Line("e4".into()));
    assert_eq!(moved.len(), 1, "{moved:?}");
    // Back, and lost again: said again, once.
    connect(&mut s);
    let (lost, _) = step(&mut s, Input::Display(DisplayInput::Lost));
    assert_eq!(lost.len(), 1, "{lost:?}");
    let gone = Input::Display(DisplayInput::Unavailable(DisplayTrouble::NoBrltty));
    assert!(step(&mut s, gone).0.is_empty());
}

#[test]
fn a_display_lost_is_said_once_and_its_return_shows_the_view_again() {
    let mut s = session(hot_seat());
    connect(&mut s);
    step(&mut s, Input::Line("anzeige brett".into()));
    let (lost, _) = step(&mut s, Input::Display(DisplayInput::Lost));
    assert_eq!(lost.len(), 1, "{lost:?}");
    assert!(
        step(&mut s, Input::Display(DisplayInput::Lost))
            .0
            .is_empty()
    );
    let back = connect(&mut s);
    assert!(back.events.iter().any(|e| matches!(
        e,
        Event::Session(SessionEvent::Display(DisplayEvent::View(View::Board)))
    )));
    assert_eq!(boards(&back), 1);
}

#[test]
fn in_blindfold_play_the_board_view_shows_no_pieces() {
    let mut s = session(hot_seat());
    step(&mut s, Input::Line("blind an".into()));
    let step = connect(&mut s);
    let empty = step.events.iter().any(|e| match e {
        Event::Session(SessionEvent::Display(DisplayEvent::Board(b))) => {
            b.board.occupied().is_empty()
        }
        _ => false,
    });
    assert!(empty, "{:?}", step.events);
}

/// A key of the display, drawn for the property below: routing keys
/// mostly over the squares of one of four rows, so that moves are made.
#[derive(Clone, Debug)]
enum Press {
    Key(Key),
    /// A routing key over cell `col` of board row `row` (0: the top
    /// rank), brought into view first with `HOME` and line down.
    Cell(u16, u16),
}

fn press() -> impl Strategy<Value = Press> {
    prop_oneof![
        6 => (0u16..8, 2u16..10).prop_map(|(row, col)| Press::Cell(row, col)),
        1 => (0u16..400).prop_map(|cell| Press::Key(Key::Route(cell))),
        4 => prop::sample::select(vec![Key::LineDown, Key::LineUp, Key::WinRight, Key::Home])
            .prop_map(Press::Key),
        1 => prop::sample::select(vec![
            Key::WinLeft,
            Key::WinRight,
            Key::LineUp,
            Key::LineDown,
            Key::Home,
            Key::Switch,
            Key::Show(View::Board),
            Key::Show(View::Text),
            Key::Enter,
            Key::Backspace,
        ])
        .prop_map(Press::Key),
        1 => prop::sample::select(vec!['e', '4', 'N', 'f', '3', ' ', 'x', 'ä', '\u{7}'])
            .prop_map(|c| Press::Key(Key::Char(c))),
    ]
}

/// Any keys on any display from 1×12 to 4×80: nothing panics, every
/// move played is legal where it was played, and the screen always
/// shows exactly its cells. Over all cases, moves are made.
#[test]
fn any_keys_on_any_display_never_panic_nor_play_an_illegal_move() {
    use proptest::test_runner::{Config, TestRunner};
    let mut runner = TestRunner::new(Config {
        cases: 64,
        ..Config::default()
    });
    let played = std::cell::Cell::new(0usize);
    let strategy = (12u16..=80, 1u16..=4, prop::collection::vec(press(), 1..300));
    runner
        .run(&strategy, |(cols, rows, presses)| {
            let plies = keys_on_a_display(cols, rows, &presses)?;
            played.set(played.get() + plies);
            Ok(())
        })
        .expect("the property holds");
    eprintln!("plies played over all cases: {}", played.get());
    assert!(played.get() > 0, "no case made a move");
}

/// Steps `input` into the session and shows its events on `screen`, as
/// the loop and the display's subscriber do.
fn tell(screen: &mut Screen, announcer: &Announcer, s: &mut Session, input: Input) {
    let step = s.step(input, Instant::now());
    let mut lines = Vec::new();
    for event in &step.events {
        match event {
            Event::Session(SessionEvent::Display(DisplayEvent::Board(b))) => {
                screen.set_board((**b).clone());
            }
            Event::Session(SessionEvent::Display(DisplayEvent::View(v))) => screen.set_view(*v),
            _ => {}
        }
        lines.extend(announcer.render_lines(s.settings(), event));
    }
    screen.said(&lines);
}

/// Plays `presses` on a display of `cols` × `rows`; the plies played.
fn keys_on_a_display(cols: u16, rows: u16, presses: &[Press]) -> Result<usize, TestCaseError> {
    let mut s = session(hot_seat());
    let announcer = Announcer::new();
    let mut screen = Screen::new(cols, rows);
    screen.set_letters(announcer.display_letters(Lang::De));
    // The board view first: keys that switch come later among the rest.
    let first = [
        Input::Display(DisplayInput::Connected { cols, rows }),
        Input::Display(DisplayInput::Show(View::Board)),
    ];
    for input in first {
        tell(&mut screen, &announcer, &mut s, input);
    }
    for press in presses {
        let key = match *press {
            Press::Key(key) => key,
            Press::Cell(row, col) => {
                screen.key(Key::Home);
                let top = row.min(8 - rows.min(8));
                for _ in 0..top {
                    screen.key(Key::LineDown);
                }
                Key::Route((row - top) * cols + col)
            }
        };
        let input = screen.key(key).map(Input::from);
        if let Some(input) = input {
            tell(&mut screen, &announcer, &mut s, input);
        }
        let shown = screen.shown();
        prop_assert_eq!(
            shown.text.chars().count(),
            usize::from(cols) * usize::from(rows)
        );
        prop_assert!(shown.cursor.is_none_or(|c| c < shown.text.chars().count()));
    }
    let mut position = Chess::default();
    for ply in s.game().plies() {
        let mv = ply.mv;
        prop_assert!(position.is_legal(mv), "{:?} is illegal", mv);
        position.play_unchecked(mv);
    }
    Ok(s.game().plies().len())
}

#[test]
fn the_property_plays_a_move_when_its_keys_make_one() {
    for (cols, rows) in [(40, 1), (12, 1), (80, 4), (20, 2)] {
        let plies =
            keys_on_a_display(cols, rows, &[Press::Cell(6, 6), Press::Cell(4, 6)]).expect("legal");
        assert_eq!(plies, 1, "{cols}×{rows}");
    }
}
