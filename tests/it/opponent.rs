//! The session against an engine, without threads: requests go out,
//! replies come back through `engine_reply`, and nothing an engine sends
//! can change the game unchecked.

use std::sync::mpsc::{self, TryRecvError};
use std::time::{Duration, Instant};

use annabella::engine::client::{ExternalSpec, Failure};
use annabella::engine::host::{Host, MoveRequest, Reply, Request};
use annabella::event::{Answer, EngineEvent, Event, GameEvent, OpponentKind, Refused};
use annabella::rules::Game;
use annabella::session::Session;
use annabella::settings::{ColorChoice, Lang, OpponentChoice, Settings};
use shakmaty::{Move, Role, Square};

/// The move request among the session's requests, if any.
fn move_request(s: &mut Session) -> Option<MoveRequest> {
    s.requests().into_iter().find_map(|r| match r {
        Request::Move(m) => Some(m),
        Request::Analyse(_) => None,
    })
}

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
    assert!(move_request(&mut s).is_none(), "White is the person's");
    s.handle_line("e4", Instant::now());
    let request = move_request(&mut s).expect("the engine's turn");
    assert_eq!(request.moves.len(), 1);
    assert!(move_request(&mut s).is_none(), "one request at a time");
    // A move typed meanwhile is not played.
    assert_eq!(
        s.handle_line("d4", Instant::now()),
        vec![Event::Refusal(Refused::EngineThinking)]
    );
    let events = s.engine_reply(Reply::moved(request.id, Some(e7e5()), None), Instant::now());
    assert!(
        matches!(events.as_slice(), [Event::Game(GameEvent::Moved(f))] if f.san == "e5"),
        "{events:?}"
    );
    assert_eq!(s.game().plies().len(), 2);
}

#[test]
fn a_stale_reply_is_dropped() {
    let mut s = session(ColorChoice::White, None);
    s.handle_line("e4", Instant::now());
    let request = move_request(&mut s).expect("request");
    // Taking back the move makes the request moot.
    s.handle_line("undo", Instant::now());
    let events = s.engine_reply(Reply::moved(request.id, Some(e7e5()), None), Instant::now());
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
    s.handle_line("e4", Instant::now());
    let request = move_request(&mut s).expect("request");
    assert!(request.external.is_some());
    // e2e4 again: not legal for Black.
    let cheat = Move::Normal {
        role: Role::Pawn,
        from: Square::E2,
        capture: None,
        to: Square::E4,
        promotion: None,
    };
    let events = s.engine_reply(Reply::moved(request.id, Some(cheat), None), Instant::now());
    assert!(
        matches!(
            events.as_slice(),
            [Event::Engine(EngineEvent::Failed(Failure::IllegalMove(_)))]
        ),
        "{events:?}"
    );
    assert_eq!(s.game().plies().len(), 1, "the game is kept as it was");
    assert_eq!(s.opponent().kind, OpponentKind::Builtin);
    let again = move_request(&mut s).expect("the built-in engine is asked");
    assert!(again.external.is_none());
}

#[test]
fn a_reported_failure_is_told_with_the_move_that_replaced_it() {
    let mut s = session(ColorChoice::Black, Some(ExternalSpec::default()));
    let request = move_request(&mut s).expect("the engine opens");
    let d2d4 = Move::Normal {
        role: Role::Pawn,
        from: Square::D2,
        capture: None,
        to: Square::D4,
        promotion: None,
    };
    let events = s.engine_reply(
        Reply::moved(request.id, Some(d2d4), Some(Failure::Hung)),
        Instant::now(),
    );
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
    s.handle_line("e4", Instant::now());
    let request = move_request(&mut s).expect("request");
    s.engine_reply(Reply::moved(request.id, Some(e7e5()), None), Instant::now());
    let events = s.handle_line("undo", Instant::now());
    assert_eq!(events.len(), 2, "{events:?}");
    assert!(s.game().plies().is_empty());
    assert!(move_request(&mut s).is_none(), "the person's turn again");
}

#[test]
fn resigning_against_the_engine_resigns_for_the_person() {
    let mut s = session(ColorChoice::Black, None);
    // White (the engine) is to move; the person still may resign.
    let events = s.handle_line("resign", Instant::now());
    assert!(
        matches!(events.as_slice(), [Event::Game(GameEvent::Over(_))]),
        "{events:?}"
    );
    assert_eq!(s.game().result_text(), "1-0");
}

fn hot_seat() -> Session {
    let settings = Settings {
        lang: Lang::En,
        opponent: OpponentChoice::Human,
        ..Settings::default()
    };
    Session::new(Game::new(), settings)
}

#[test]
fn the_board_can_be_read_while_the_engine_analyses() {
    let mut s = hot_seat();
    // A budget no analysis finishes soon: hint must not hold up input.
    s.set_analysis_nodes(1 << 40);
    let now = Instant::now();
    assert!(
        s.handle_line("hint", now).is_empty(),
        "the hint comes later"
    );
    assert!(s.waiting());
    let (tx, replies) = mpsc::channel();
    let mut host = Host::new(move |reply| {
        let _ = tx.send(reply);
    });
    let requests = s.requests();
    assert!(
        matches!(requests[..], [Request::Analyse(_)]),
        "{requests:?}"
    );
    for request in requests {
        host.request(request);
    }
    assert!(matches!(
        s.handle_line("board", now)[..],
        [Event::Answer(Answer::Board(_))]
    ));
    assert!(matches!(
        s.handle_line("e4?", now)[..],
        [Event::Answer(Answer::Square { .. })]
    ));
    assert!(matches!(s.handle_line("eval", now)[..], []));
    assert_eq!(
        replies.try_recv(),
        Err(TryRecvError::Empty),
        "the board was answered while the engine still thinks"
    );
    // Dropping the host stops the searches nobody waits for.
    drop(host);
}

#[test]
fn a_hint_comes_back_as_a_move_and_a_stale_one_is_dropped() {
    let mut s = hot_seat();
    let now = Instant::now();
    let (tx, replies) = mpsc::channel();
    let mut host = Host::new(move |reply| {
        let _ = tx.send(reply);
    });
    s.handle_line("hint", now);
    for request in s.requests() {
        host.request(request);
    }
    let reply = replies
        .recv_timeout(Duration::from_secs(60))
        .expect("the analysis answers");
    let events = s.engine_reply(reply, now);
    assert!(
        matches!(events[..], [Event::Engine(EngineEvent::Hint(_))]),
        "{events:?}"
    );
    assert!(!s.waiting());
    // Asked, then a move played before the answer: the hint is moot.
    s.handle_line("eval", now);
    for request in s.requests() {
        host.request(request);
    }
    s.handle_line("e4", now);
    let reply = replies
        .recv_timeout(Duration::from_secs(60))
        .expect("the analysis answers");
    assert!(s.engine_reply(reply, now).is_empty());
    assert!(!s.waiting());
}
