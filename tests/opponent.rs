//! The session against an engine, without threads: requests go out,
//! replies come back through `engine_moved`, and nothing an engine sends
//! can change the game unchecked.

use annabella::engine::client::{ExternalSpec, Failure};
use annabella::engine::host::Reply;
use annabella::event::OpponentKind;
use annabella::event::{EngineEvent, Event, GameEvent, Refused};
use annabella::rules::Game;
use annabella::session::Session;
use annabella::settings::{ColorChoice, Lang, OpponentChoice, Settings};
use shakmaty::{Move, Role, Square};

/// A session against the engine, the person playing `color`, with an
/// external engine if one is named.
fn session(color: ColorChoice, engine: Option<ExternalSpec>) -> Session {
    let settings = Settings {
        lang: Lang::En,
        opponent: OpponentChoice::Engine,
        color,
        ..Settings::default()
    };
    let mut s = Session::new(Game::new(), settings);
    s.set_seed(9);
    s.set_engine(engine);
    s
}

fn e7e5() -> Move {
    Move::Normal {
        role: Role::Pawn,
        from: Square::E7,
        capture: None,
        to: Square::E5,
        promotion: None,
    }
}

#[test]
fn the_engine_answers_the_persons_move() {
    let mut s = session(ColorChoice::White, None);
    assert!(s.engine_request().is_none(), "White is the person's");
    s.handle_line("e4");
    let request = s.engine_request().expect("the engine's turn");
    assert_eq!(request.moves.len(), 1);
    assert!(s.engine_request().is_none(), "one request at a time");
    // A move typed meanwhile is not played.
    assert_eq!(
        s.handle_line("d4"),
        vec![Event::Refusal(Refused::EngineThinking)]
    );
    let events = s.engine_moved(Reply {
        id: request.id,
        mv: Some(e7e5()),
        failure: None,
    });
    assert!(
        matches!(events.as_slice(), [Event::Game(GameEvent::Moved(f))] if f.san == "e5"),
        "{events:?}"
    );
    assert_eq!(s.game().plies().len(), 2);
}

#[test]
fn a_stale_reply_is_dropped() {
    let mut s = session(ColorChoice::White, None);
    s.handle_line("e4");
    let request = s.engine_request().expect("request");
    // Taking back the move makes the request moot.
    s.handle_line("undo");
    let events = s.engine_moved(Reply {
        id: request.id,
        mv: Some(e7e5()),
        failure: None,
    });
    assert!(events.is_empty());
    assert!(s.game().plies().is_empty());
}

#[test]
fn an_illegal_reply_changes_nothing_and_the_built_in_engine_takes_over() {
    let external = ExternalSpec {
        command: "some-engine".to_string(),
        ..ExternalSpec::default()
    };
    let mut s = session(ColorChoice::White, Some(external));
    s.handle_line("e4");
    let request = s.engine_request().expect("request");
    assert!(request.external.is_some());
    // e2e4 again: not legal for Black.
    let cheat = Move::Normal {
        role: Role::Pawn,
        from: Square::E2,
        capture: None,
        to: Square::E4,
        promotion: None,
    };
    let events = s.engine_moved(Reply {
        id: request.id,
        mv: Some(cheat),
        failure: None,
    });
    assert!(
        matches!(
            events.as_slice(),
            [Event::Engine(EngineEvent::Failed(Failure::IllegalMove(_)))]
        ),
        "{events:?}"
    );
    assert_eq!(s.game().plies().len(), 1, "the game is kept as it was");
    assert_eq!(s.opponent().kind, OpponentKind::Builtin);
    let again = s.engine_request().expect("the built-in engine is asked");
    assert!(again.external.is_none());
}

#[test]
fn a_reported_failure_is_told_with_the_move_that_replaced_it() {
    let mut s = session(ColorChoice::Black, Some(ExternalSpec::default()));
    let request = s.engine_request().expect("the engine opens");
    let d2d4 = Move::Normal {
        role: Role::Pawn,
        from: Square::D2,
        capture: None,
        to: Square::D4,
        promotion: None,
    };
    let events = s.engine_moved(Reply {
        id: request.id,
        mv: Some(d2d4),
        failure: Some(Failure::Hung),
    });
    assert!(
        matches!(
            events.as_slice(),
            [
                Event::Engine(EngineEvent::Failed(Failure::Hung)),
                Event::Game(GameEvent::Moved(_))
            ]
        ),
        "{events:?}"
    );
    assert_eq!(s.opponent().kind, OpponentKind::Builtin);
}

#[test]
fn undo_takes_back_the_reply_and_the_move() {
    let mut s = session(ColorChoice::White, None);
    s.handle_line("e4");
    let request = s.engine_request().expect("request");
    s.engine_moved(Reply {
        id: request.id,
        mv: Some(e7e5()),
        failure: None,
    });
    let events = s.handle_line("undo");
    assert_eq!(events.len(), 2, "{events:?}");
    assert!(s.game().plies().is_empty());
    assert!(s.engine_request().is_none(), "the person's turn again");
}

#[test]
fn resigning_against_the_engine_resigns_for_the_person() {
    let mut s = session(ColorChoice::Black, None);
    // White (the engine) is to move; the person still may resign.
    let events = s.handle_line("resign");
    assert!(
        matches!(events.as_slice(), [Event::Game(GameEvent::Over(_))]),
        "{events:?}"
    );
    assert_eq!(s.game().result_text(), "1-0");
}
