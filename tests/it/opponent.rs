//! The session against an engine, without threads: requests go out as
//! effects of a step, replies come back as inputs, and nothing an
//! engine sends can change the game unchecked.

use std::sync::mpsc::{self, TryRecvError};
use std::time::{Duration, Instant};

use annabella::engine::client::{ExternalSpec, Failure};
use annabella::engine::host::{Host, MoveRequest, Reply, Request};
use annabella::event::{Answer, EngineEvent, Event, GameEvent, OpponentKind, Refused};
use annabella::rules::Game;
use annabella::session::{Effect, Input, Session, Start, Step};
use annabella::settings::{ColorChoice, Lang, OpponentChoice, Settings};
use shakmaty::{Move, Role, Square};

/// The engine requests among a step's effects.
fn requests(step: &Step) -> Vec<Request> {
    step.engine_requests().cloned().collect()
}

/// The move request among a step's effects, if any.
fn move_request(step: &Step) -> Option<MoveRequest> {
    requests(step).into_iter().find_map(|r| match r {
        Request::Move(m) => Some(m),
        Request::Analyse(_) => None,
    })
}

/// A line typed now.
fn line(s: &mut Session, text: &str) -> Step {
    s.step(Input::Line(text.into()), Instant::now())
}

/// An engine's reply arriving now.
fn reply(s: &mut Session, reply: Reply) -> Vec<Event> {
    s.step(Input::Engine(reply), Instant::now()).events
}

/// The session's start, as a script starts it.
fn start(s: &mut Session) -> Step {
    s.step(Input::Start(Start::default()), Instant::now())
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
    assert!(
        move_request(&start(&mut s)).is_none(),
        "White is the person's"
    );
    let request = move_request(&line(&mut s, "e4")).expect("the engine's turn");
    assert_eq!(request.moves.len(), 1);
    // A move typed meanwhile is not played, nor asked for again.
    let refused = line(&mut s, "d4");
    assert_eq!(
        refused.events,
        vec![Event::Refusal(Refused::EngineThinking)]
    );
    assert!(move_request(&refused).is_none(), "one request at a time");
    let events = reply(&mut s, Reply::moved(request.id, Some(e7e5()), None));
    assert!(
        matches!(events.as_slice(), [Event::Game(GameEvent::Moved(f))] if f.san == "e5"),
        "{events:?}"
    );
    assert_eq!(s.game().plies().len(), 2);
}

/// `hint` while the engine is to move says so and asks the engine
/// nothing: a hint then would be the engine's own move (issue 24,
/// item 9). Once it is the person's turn, hint analyses as before.
#[test]
fn a_hint_on_the_engines_turn_says_the_engine_is_to_move() {
    let mut s = session(ColorChoice::Black, None);
    let request = move_request(&start(&mut s)).expect("White is the engine's");
    let hint = line(&mut s, "hint");
    assert_eq!(
        hint.events,
        vec![Event::Engine(EngineEvent::HintOnEngineTurn)]
    );
    assert!(requests(&hint).is_empty(), "{hint:?}");
    let e2e4 = Move::Normal {
        role: Role::Pawn,
        from: Square::E2,
        capture: None,
        to: Square::E4,
        promotion: None,
    };
    reply(&mut s, Reply::moved(request.id, Some(e2e4), None));
    let hint = line(&mut s, "hint");
    assert!(hint.events.is_empty(), "{hint:?}");
    assert!(
        matches!(requests(&hint)[..], [Request::Analyse(_)]),
        "{hint:?}"
    );
}

#[test]
fn a_stale_reply_is_dropped() {
    let mut s = session(ColorChoice::White, None);
    let request = move_request(&line(&mut s, "e4")).expect("request");
    // Taking back the move makes the request moot, and stops the search.
    let undo = line(&mut s, "undo");
    assert!(
        undo.effects.iter().any(|e| matches!(e, Effect::StopEngine)),
        "{undo:?}"
    );
    let events = reply(&mut s, Reply::moved(request.id, Some(e7e5()), None));
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
    let request = move_request(&line(&mut s, "e4")).expect("request");
    assert!(request.external.is_some());
    // e2e4 again: not legal for Black.
    let cheat = Move::Normal {
        role: Role::Pawn,
        from: Square::E2,
        capture: None,
        to: Square::E4,
        promotion: None,
    };
    let step = s.step(
        Input::Engine(Reply::moved(request.id, Some(cheat), None)),
        Instant::now(),
    );
    assert!(
        matches!(
            step.events.as_slice(),
            [Event::Engine(EngineEvent::Failed(Failure::IllegalMove(_)))]
        ),
        "{step:?}"
    );
    assert_eq!(s.game().plies().len(), 1, "the game is kept as it was");
    assert_eq!(s.opponent().kind, OpponentKind::Builtin);
    let again = move_request(&step).expect("the built-in engine is asked");
    assert!(again.external.is_none());
}

#[test]
fn a_reported_failure_is_told_with_the_move_that_replaced_it() {
    let mut s = session(ColorChoice::Black, Some(ExternalSpec::default()));
    let request = move_request(&start(&mut s)).expect("the engine opens");
    let d2d4 = Move::Normal {
        role: Role::Pawn,
        from: Square::D2,
        capture: None,
        to: Square::D4,
        promotion: None,
    };
    let events = reply(
        &mut s,
        Reply::moved(request.id, Some(d2d4), Some(Failure::Hung)),
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
    let request = move_request(&line(&mut s, "e4")).expect("request");
    reply(&mut s, Reply::moved(request.id, Some(e7e5()), None));
    let undo = line(&mut s, "undo");
    assert_eq!(undo.events.len(), 2, "{undo:?}");
    assert!(s.game().plies().is_empty());
    assert!(move_request(&undo).is_none(), "the person's turn again");
}

#[test]
fn resigning_against_the_engine_resigns_for_the_person() {
    let mut s = session(ColorChoice::Black, None);
    // White (the engine) is to move; the person still may resign.
    let events = line(&mut s, "resign").events;
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
    let hint = s.step(Input::Line("hint".into()), now);
    assert!(hint.events.is_empty(), "the hint comes later");
    assert!(s.waiting());
    let (tx, replies) = mpsc::channel();
    let mut host = Host::new(move |reply| {
        let _ = tx.send(reply);
    });
    let requests = requests(&hint);
    assert!(
        matches!(requests[..], [Request::Analyse(_)]),
        "{requests:?}"
    );
    for request in requests {
        host.request(request);
    }
    assert!(matches!(
        s.step(Input::Line("board".into()), now).events[..],
        [Event::Answer(Answer::Board(_))]
    ));
    assert!(matches!(
        s.step(Input::Line(("e4?").into()), now).events[..],
        [Event::Answer(Answer::Square { .. })]
    ));
    assert!(matches!(
        s.step(Input::Line("eval".into()), now).events[..],
        []
    ));
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
    for request in requests(&line(&mut s, "hint")) {
        host.request(request);
    }
    let reply = replies
        .recv_timeout(Duration::from_secs(60))
        .expect("the analysis answers");
    let events = s.step(Input::Engine(reply), now).events;
    assert!(
        matches!(events[..], [Event::Engine(EngineEvent::Hint(_))]),
        "{events:?}"
    );
    assert!(!s.waiting());
    // Asked, then a move played before the answer: the hint is moot.
    for request in requests(&line(&mut s, "eval")) {
        host.request(request);
    }
    line(&mut s, "e4");
    let reply = replies
        .recv_timeout(Duration::from_secs(60))
        .expect("the analysis answers");
    assert!(s.step(Input::Engine(reply), now).events.is_empty());
    assert!(!s.waiting());
}
