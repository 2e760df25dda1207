//! The Lichess stream events and their NDJSON reader: the examples of the
//! official API description parse to the values they show, the way a
//! stream is cut into chunks never changes the events, and no bytes make
//! the reader panic.
//!
//! The examples are read from the API description where it lies (the
//! directory in `LICHESS_API_REFERENCE`, else the shared reference copy);
//! they are not copied into the project. Without it those tests fail and
//! say where they looked; the hand-written lines below cover every event
//! besides.

use crate::common;

use annabella::online::{
    ChallengeColor, ChallengeDirection, ChallengeStatus, ChatRoom, Clock, Color, DeclineReason,
    EventLines, GameEvent, GameLines, GameStatus, InitialFen, JsonCategory, Lines, ParseError,
    Speed, StreamEvent, TimeControl, VariantKey,
};
use common::lichess::{flow_value, reference_dir};
use proptest::prelude::*;

/// The JSON value under the top-level `key:` of an OpenAPI YAML file
/// (`example:` in schemas, `value:` in examples), as one line of strict
/// JSON; read as the stand-in server reads its bodies.
fn yaml_json(text: &str, key: &str) -> String {
    flow_value(text, key)
        .unwrap_or_else(|e| panic!("{e}"))
        .to_string()
}

fn read(dir: &std::path::Path, path: &str) -> String {
    std::fs::read_to_string(dir.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn one_game_event(line: &str) -> GameEvent {
    let mut lines = GameLines::new();
    match lines.feed(format!("{line}\n").as_bytes()).as_slice() {
        [Ok(event)] => event.clone(),
        other => panic!("{line}: {other:?}"),
    }
}

fn one_stream_event(line: &str) -> StreamEvent {
    let mut lines = EventLines::new();
    match lines.feed(format!("{line}\n").as_bytes()).as_slice() {
        [Ok(event)] => event.clone(),
        other => panic!("{line}: {other:?}"),
    }
}

/// A challenge object under a stream event of `kind`.
fn challenge_line(kind: &str, challenge: &str) -> String {
    format!(r#"{{"type":"{kind}","challenge":{challenge}}}"#)
}

#[test]
fn schema_example_game_full() {
    let dir = reference_dir();
    let line = yaml_json(&read(&dir, "schemas/GameFullEvent.yaml"), "example");
    let GameEvent::GameFull(full) = one_game_event(&line) else {
        panic!("not gameFull: {line}");
    };
    assert_eq!(full.id, "BEOucQJo");
    assert_eq!(full.variant, VariantKey::Standard);
    assert_eq!(full.speed, Speed::Rapid);
    assert!(!full.rated);
    assert_eq!(full.white.id.as_deref(), Some("bobby"));
    assert_eq!(full.white.name.as_deref(), Some("Bobby"));
    assert_eq!(full.white.title, None);
    assert_eq!(full.white.rating, Some(1751));
    assert_eq!(full.black.name.as_deref(), Some("Mary"));
    assert_eq!(full.black.rating, Some(1021));
    assert_eq!(full.initial_fen, InitialFen::StartPos);
    assert_eq!(
        full.clock,
        Some(Clock {
            initial: 900_000,
            increment: 0
        })
    );
    assert_eq!(full.state.moves, "d2d3");
    assert_eq!(full.state.move_list().collect::<Vec<_>>(), ["d2d3"]);
    assert_eq!((full.state.wtime, full.state.btime), (900_000, 900_000));
    assert_eq!((full.state.winc, full.state.binc), (0, 0));
    assert_eq!(full.state.status, GameStatus::Started);
    assert_eq!(full.state.winner, None);
    assert_eq!(full.days_per_turn, None);
}

#[test]
fn schema_example_game_state() {
    let dir = reference_dir();
    let line = yaml_json(&read(&dir, "schemas/GameStateEvent.yaml"), "example");
    let GameEvent::GameState(state) = one_game_event(&line) else {
        panic!("not gameState: {line}");
    };
    assert_eq!(state.move_list().count(), 13);
    assert_eq!(state.move_list().next(), Some("e2e4"));
    assert_eq!(state.move_list().last(), Some("b1c3"));
    assert_eq!((state.wtime, state.btime), (7_598_040, 8_395_220));
    assert_eq!((state.winc, state.binc), (10_000, 10_000));
    assert_eq!(state.status, GameStatus::Started);
    assert!(!state.wdraw && !state.bdraw && !state.wtakeback && !state.btakeback);
    assert_eq!(state.expiration, None);
}

#[test]
fn schema_example_chat_line_and_opponent_gone() {
    let dir = reference_dir();
    let line = yaml_json(&read(&dir, "schemas/ChatLineEvent.yaml"), "example");
    let GameEvent::ChatLine(chat) = one_game_event(&line) else {
        panic!("not chatLine: {line}");
    };
    assert_eq!(chat.room, ChatRoom::Player);
    assert_eq!(chat.username, "thibault");
    assert_eq!(chat.text, "Good luck, have fun");

    let line = yaml_json(&read(&dir, "schemas/OpponentGoneEvent.yaml"), "example");
    let GameEvent::OpponentGone(gone) = one_game_event(&line) else {
        panic!("not opponentGone: {line}");
    };
    assert!(gone.gone);
    assert_eq!(gone.claim_win_in_seconds, Some(8));
}

/// The `ChallengeJson` example, as all three challenge events.
#[test]
fn schema_example_challenge() {
    let dir = reference_dir();
    let json = yaml_json(&read(&dir, "schemas/ChallengeJson.yaml"), "example");
    let StreamEvent::Challenge { challenge, compat } =
        one_stream_event(&challenge_line("challenge", &json))
    else {
        panic!("not a challenge");
    };
    assert_eq!(compat, None);
    assert_eq!(challenge.id, "H9fIRZUk");
    assert_eq!(
        challenge.url.as_deref(),
        Some("https://lichess.org/H9fIRZUk")
    );
    assert_eq!(challenge.status, Some(ChallengeStatus::Created));
    let challenger = challenge.challenger.clone().expect("a challenger");
    assert_eq!(
        (challenger.id.as_str(), challenger.name.as_str()),
        ("bot1", "Bot1")
    );
    assert_eq!(challenger.rating, Some(1500));
    assert_eq!(challenger.title.as_deref(), Some("BOT"));
    assert!(challenger.provisional);
    assert_eq!(challenger.online, Some(true));
    let dest = challenge.dest_user.clone().expect("a challenged player");
    assert_eq!((dest.name.as_str(), dest.rating), ("Bobby", Some(1635)));
    assert_eq!(challenge.variant, VariantKey::Standard);
    assert!(challenge.rated);
    assert_eq!(challenge.speed, Speed::Rapid);
    assert_eq!(
        challenge.time_control,
        TimeControl::Clock {
            limit: Some(600),
            increment: Some(0),
            show: Some("10+0".to_owned())
        }
    );
    assert_eq!(challenge.color, ChallengeColor::Random);
    assert_eq!(challenge.final_color, Some(Color::Black));
    assert_eq!(challenge.direction, Some(ChallengeDirection::Out));
    assert_eq!(challenge.initial_fen, None);

    let canceled = one_stream_event(&challenge_line("challengeCanceled", &json));
    assert_eq!(canceled, StreamEvent::ChallengeCanceled(challenge.clone()));

    // ChallengeDeclinedJson is ChallengeJson with the two reasons.
    let mut declined: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    declined["declineReason"] = "I'm not accepting challenges at the moment.".into();
    declined["declineReasonKey"] = "later".into();
    let StreamEvent::ChallengeDeclined(declined) =
        one_stream_event(&challenge_line("challengeDeclined", &declined.to_string()))
    else {
        panic!("not declined");
    };
    assert_eq!(declined.challenge, challenge);
    assert_eq!(declined.decline_reason_key, Some(DeclineReason::Later));
}

/// Every challenge in `examples/`: shown, created, open-ended and listed.
#[test]
fn example_files_challenges() {
    let dir = reference_dir();
    let mut challenges = Vec::new();
    for file in [
        "challenges-showOneChallenge.json.yaml",
        "challenges-createChallenge.json.yaml",
        "challenges-openEndedChallenge.json.yaml",
    ] {
        challenges.push(yaml_json(&read(&dir, &format!("examples/{file}")), "value"));
    }
    let list = yaml_json(
        &read(&dir, "examples/challenges-listYourChallenges.json.yaml"),
        "value",
    );
    let list: serde_json::Value = serde_json::from_str(&list).expect("JSON");
    for side in ["in", "out"] {
        for challenge in list[side].as_array().expect("a list") {
            challenges.push(challenge.to_string());
        }
    }
    assert_eq!(challenges.len(), 4, "the list example has one challenge");
    let read: Vec<_> = challenges
        .iter()
        .map(
            |json| match one_stream_event(&challenge_line("challenge", json)) {
                StreamEvent::Challenge { challenge, .. } => challenge,
                other => panic!("{other:?}"),
            },
        )
        .collect();
    for challenge in &read {
        assert_eq!(challenge.speed, Speed::Correspondence);
        assert_eq!(challenge.time_control, TimeControl::Unlimited);
        assert_eq!(challenge.color, ChallengeColor::Random);
        assert!(!challenge.rated);
    }
    let [shown, created, open, listed] = read.as_slice() else {
        unreachable!()
    };
    assert_eq!(shown.id, "uGK4MHaQ");
    assert_eq!(shown.direction, Some(ChallengeDirection::In));
    assert_eq!(
        shown.challenger.as_ref().map(|c| c.rating),
        Some(Some(1630))
    );
    assert_eq!(
        shown.dest_user.as_ref().map(|d| d.name.as_str()),
        Some("Mary")
    );
    assert_eq!(shown.final_color, Some(Color::White));
    assert_eq!(created.direction, Some(ChallengeDirection::Out));
    assert_eq!(open.id, "Ceofnzd3");
    assert_eq!(
        (open.challenger.clone(), open.dest_user.clone()),
        (None, None)
    );
    assert_eq!(open.final_color, Some(Color::Black));
    assert_eq!(listed, shown);
}

/// Hand-written event-stream lines in the shape the API describes, one of
/// each type and both kinds of opponent.
const STREAM_LINES: &[&str] = &[
    r#"{"type":"gameStart","game":{"fullId":"abcdefgh1234","gameId":"abcdefgh","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","color":"white","lastMove":"","source":"friend","status":{"id":20,"name":"started"},"variant":{"key":"standard","name":"Standard"},"speed":"blitz","perf":"blitz","rated":true,"hasMoved":false,"opponent":{"id":"zoe","username":"Zoe","rating":1900},"isMyTurn":true,"secondsLeft":180,"compat":{"bot":false,"board":true},"id":"abcdefgh"}}"#,
    r#"{"type":"gameStart","game":{"fullId":"ijklmnop5678","gameId":"ijklmnop","color":"black","status":{"id":20,"name":"started"},"variant":{"key":"chess960","name":"Chess960"},"speed":"correspondence","opponent":{"id":null,"username":"AI level 3","ai":3},"isMyTurn":false}}"#,
    r#"{"type":"gameFinish","game":{"fullId":"abcdefgh1234","gameId":"abcdefgh","color":"white","status":{"id":31,"name":"resign"},"winner":"white","ratingDiff":7,"opponent":{"id":"zoe","username":"Zoe","rating":1900,"ratingDiff":-7}}}"#,
    r#"{"type":"challenge","challenge":{"id":"qrstuvwx","status":"created","challenger":{"id":"zoe","name":"Zoe"},"destUser":{"id":"me","name":"Me"},"variant":{"key":"standard","name":"Standard"},"rated":false,"speed":"classical","timeControl":{"type":"correspondence","daysPerTurn":3},"color":"white","direction":"in"},"compat":{"bot":false,"board":true}}"#,
    r#"{"type":"challengeDeclined","challenge":{"id":"qrstuvwx","challenger":{"id":"me","name":"Me"},"destUser":{"id":"zoe","name":"Zoe"},"variant":{"key":"fromPosition","name":"From Position"},"rated":true,"speed":"rapid","timeControl":{"type":"clock","limit":600,"increment":5,"show":"10+5"},"color":"black","initialFen":"8/8/8/8/8/8/8/K6k w - - 0 1","declineReason":"x","declineReasonKey":"tooslow"}}"#,
    r#"{"type":"seekAccepted","id":"whatever"}"#,
];

/// Hand-written game-stream lines: a game against the AI, whose side has
/// only its level, then states, chat and the opponent leaving.
const GAME_LINES: &[&str] = &[
    r#"{"type":"gameFull","id":"ijklmnop","variant":{"key":"standard","name":"Standard"},"speed":"correspondence","perf":{"name":"Correspondence"},"rated":false,"createdAt":1,"white":{"id":"me","name":"Me","title":null,"rating":1500,"provisional":true},"black":{"aiLevel":3},"initialFen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","daysPerTurn":2,"state":{"type":"gameState","moves":"","wtime":2147483647,"btime":2147483647,"winc":0,"binc":0,"status":"created","expiration":{"idleMillis":5,"millisToMove":30000}}}"#,
    r#"{"type":"gameState","moves":"e7e5 g1f3","wtime":1000,"btime":2000,"winc":10,"binc":20,"status":"started","wdraw":true,"btakeback":true}"#,
    r#"{"type":"gameState","moves":"e7e5 g1f3 f7f6","wtime":0,"btime":2000,"winc":10,"binc":20,"status":"outoftime","winner":"black"}"#,
    r#"{"type":"gameState","moves":"","wtime":1,"btime":1,"winc":0,"binc":0,"status":"someNewEnding"}"#,
    r#"{"type":"chatLine","username":"lichess","text":"Takeback sent","room":"spectator"}"#,
    r#"{"type":"opponentGone","gone":false}"#,
    r#"{"type":"somethingNew","gone":1}"#,
];

fn stream_events() -> Vec<StreamEvent> {
    STREAM_LINES
        .iter()
        .map(|line| one_stream_event(line))
        .collect()
}

fn game_events() -> Vec<GameEvent> {
    GAME_LINES.iter().map(|line| one_game_event(line)).collect()
}

#[test]
fn hand_written_stream_events() {
    let events = stream_events();
    let StreamEvent::GameStart(human) = &events[0] else {
        panic!()
    };
    assert_eq!(
        (human.game_id.as_str(), human.full_id.as_str()),
        ("abcdefgh", "abcdefgh1234")
    );
    assert_eq!(human.color, Some(Color::White));
    assert_eq!(human.status, Some(GameStatus::Started));
    assert_eq!(human.variant, Some(VariantKey::Standard));
    assert_eq!(human.speed, Some(Speed::Blitz));
    assert_eq!(human.seconds_left, Some(180));
    assert_eq!(human.compat.and_then(|c| c.board), Some(true));
    let opponent = human.opponent.clone().expect("an opponent");
    assert_eq!(
        (opponent.username.as_str(), opponent.rating, opponent.ai),
        ("Zoe", Some(1900), None)
    );
    let StreamEvent::GameStart(ai) = &events[1] else {
        panic!()
    };
    assert_eq!(ai.variant, Some(VariantKey::Chess960));
    let opponent = ai.opponent.clone().expect("an opponent");
    assert_eq!(
        (opponent.id, opponent.ai, opponent.rating),
        (None, Some(3), None)
    );
    assert_eq!(ai.fen, None);
    let StreamEvent::GameFinish(done) = &events[2] else {
        panic!()
    };
    assert_eq!(done.status, Some(GameStatus::Resign));
    assert_eq!(
        (done.winner, done.rating_diff),
        (Some(Color::White), Some(7))
    );
    let StreamEvent::Challenge { challenge, compat } = &events[3] else {
        panic!()
    };
    assert_eq!(
        challenge.time_control,
        TimeControl::Correspondence {
            days_per_turn: Some(3)
        }
    );
    assert_eq!(challenge.color, ChallengeColor::White);
    assert_eq!(compat.and_then(|c| c.board), Some(true));
    let StreamEvent::ChallengeDeclined(declined) = &events[4] else {
        panic!()
    };
    assert_eq!(declined.decline_reason_key, Some(DeclineReason::TooSlow));
    assert_eq!(declined.challenge.variant, VariantKey::FromPosition);
    assert_eq!(
        declined.challenge.initial_fen.as_deref(),
        Some("8/8/8/8/8/8/8/K6k w - - 0 1")
    );
    assert_eq!(events[5], StreamEvent::Unknown("seekAccepted".to_owned()));
}

#[test]
fn hand_written_game_events() {
    let events = game_events();
    let GameEvent::GameFull(full) = &events[0] else {
        panic!()
    };
    assert_eq!(full.black.ai_level, Some(3));
    assert_eq!(
        (full.black.id.clone(), full.black.name.clone()),
        (None, None)
    );
    assert!(full.white.provisional);
    assert_eq!(full.clock, None);
    assert_eq!(full.days_per_turn, Some(2));
    assert!(matches!(&full.initial_fen, InitialFen::Fen(fen) if fen.contains("4P3")));
    assert_eq!(full.state.status, GameStatus::Created);
    assert_eq!(full.state.move_list().count(), 0);
    assert_eq!(
        full.state.expiration.map(|e| e.millis_to_move),
        Some(30_000)
    );
    let GameEvent::GameState(offer) = &events[1] else {
        panic!()
    };
    assert!(offer.wdraw && !offer.bdraw && !offer.wtakeback && offer.btakeback);
    let GameEvent::GameState(flag) = &events[2] else {
        panic!()
    };
    assert_eq!(
        (flag.status.clone(), flag.winner),
        (GameStatus::OutOfTime, Some(Color::Black))
    );
    let GameEvent::GameState(new) = &events[3] else {
        panic!()
    };
    assert_eq!(new.status, GameStatus::Unknown("someNewEnding".to_owned()));
    let GameEvent::ChatLine(chat) = &events[4] else {
        panic!()
    };
    assert_eq!(chat.room, ChatRoom::Spectator);
    let GameEvent::OpponentGone(gone) = &events[5] else {
        panic!()
    };
    assert_eq!((gone.gone, gone.claim_win_in_seconds), (false, None));
    assert_eq!(events[6], GameEvent::Unknown("somethingNew".to_owned()));
}

#[test]
fn keep_alives_crlf_and_an_unended_last_line() {
    let mut lines = GameLines::new();
    let stream = format!("\n\n{}\r\n \n\r\n{}", GAME_LINES[5], GAME_LINES[1]);
    let events = lines.feed(stream.as_bytes());
    assert_eq!(events.len(), 1, "{events:?}");
    assert!(lines.pending_len() > 0);
    assert!(matches!(lines.finish(), Some(Ok(GameEvent::GameState(_)))));
    assert_eq!((lines.pending_len(), lines.finish()), (0, None));
}

#[test]
fn bad_lines_give_errors_and_the_stream_goes_on() {
    let mut lines: Lines<GameEvent> = Lines::with_limit(100);
    let long = format!("{{\"type\":\"chatLine\",\"text\":\"{}\"}}", "x".repeat(200));
    let stream = [
        long.as_str(),
        "{\"type\":\"opp\u{f6}nentGone\"}",
        "[1,2]",
        "{\"gone\":true}",
        "{\"type\":\"opponentGone\"}",
        "{\"type\":\"gameState\",",
        "nonsense",
        GAME_LINES[5],
    ]
    .join("\n");
    let mut bytes = stream.into_bytes();
    bytes.extend_from_slice(b"\n{\"type\":\xff}\n");
    let events = lines.feed(&bytes);
    assert_eq!(events.len(), 9, "{events:?}");
    assert_eq!(events[0], Err(ParseError::TooLong { limit: 100 }));
    assert!(matches!(&events[1], Ok(GameEvent::Unknown(kind)) if kind == "opp\u{f6}nentGone"));
    assert_eq!(events[2], Err(ParseError::NotAnObject));
    assert_eq!(events[3], Err(ParseError::MissingType));
    assert!(
        matches!(&events[4], Err(ParseError::InvalidEvent { kind, .. }) if kind == "opponentGone")
    );
    assert!(matches!(
        &events[5],
        Err(ParseError::InvalidJson {
            category: JsonCategory::Eof,
            ..
        })
    ));
    assert!(matches!(
        &events[6],
        Err(ParseError::InvalidJson {
            category: JsonCategory::Syntax,
            line: 1,
            ..
        })
    ));
    assert!(matches!(&events[7], Ok(GameEvent::OpponentGone(_))));
    assert_eq!(events[8], Err(ParseError::InvalidUtf8 { valid_up_to: 8 }));
}

#[test]
fn a_line_too_long_is_reported_once_whatever_the_chunks() {
    let mut lines = EventLines::with_limit(10);
    let mut out = Vec::new();
    for _ in 0..50 {
        out.extend(lines.feed(b"0123456789abc"));
    }
    out.extend(lines.feed(b"\n"));
    out.extend(lines.feed(STREAM_LINES[5].as_bytes()));
    assert_eq!(
        out,
        [
            Err(ParseError::TooLong { limit: 10 }),
            Err(ParseError::TooLong { limit: 10 })
        ]
    );
    assert_eq!(lines.finish(), None, "the second line was dropped too");
}

/// A stream of every hand-written line, with keep-alives, errors and one
/// line over the limit, to be cut anywhere.
fn mixed_stream() -> Vec<u8> {
    let mut bytes = Vec::new();
    for (i, line) in GAME_LINES.iter().enumerate() {
        bytes.extend_from_slice(line.as_bytes());
        bytes.extend_from_slice(if i % 2 == 0 { b"\n\n" } else { b"\r\n" });
    }
    bytes.extend_from_slice(&[b'x'; 3000]);
    bytes.extend_from_slice(b"\n{\"type\":\xc3\n[]\ngarbage\n");
    bytes.extend_from_slice(GAME_LINES[0].as_bytes());
    bytes
}

fn whole<E: annabella::online::FromLine>(
    mut lines: Lines<E>,
    bytes: &[u8],
) -> Vec<Result<E, ParseError>> {
    let mut out = lines.feed(bytes);
    out.extend(lines.finish());
    out
}

fn in_pieces<E: annabella::online::FromLine>(
    mut lines: Lines<E>,
    bytes: &[u8],
    cuts: &[usize],
) -> Vec<Result<E, ParseError>> {
    let mut cuts: Vec<usize> = cuts.iter().map(|cut| cut % (bytes.len() + 1)).collect();
    cuts.sort_unstable();
    let mut out = Vec::new();
    let mut start = 0;
    for cut in cuts {
        out.extend(lines.feed(&bytes[start..cut]));
        start = cut;
    }
    out.extend(lines.feed(&bytes[start..]));
    out.extend(lines.finish());
    out
}

#[test]
fn the_mixed_stream_whole() {
    let events = whole(GameLines::with_limit(2048), &mixed_stream());
    assert_eq!(events.len(), GAME_LINES.len() + 5, "{events:?}");
    let expected = game_events();
    for (got, want) in events.iter().zip(&expected) {
        assert_eq!(got.as_ref(), Ok(want));
    }
    assert!(
        events
            .last()
            .is_some_and(|last| matches!(last, Ok(GameEvent::GameFull(_))))
    );
}

proptest! {
    #[test]
    fn chunking_never_changes_the_events(cuts in proptest::collection::vec(any::<usize>(), 0..40)) {
        let bytes = mixed_stream();
        prop_assert_eq!(
            in_pieces(GameLines::with_limit(2048), &bytes, &cuts),
            whole(GameLines::with_limit(2048), &bytes)
        );
        let stream: Vec<u8> = STREAM_LINES.join("\n\n").into_bytes();
        prop_assert_eq!(
            in_pieces(EventLines::new(), &stream, &cuts),
            whole(EventLines::new(), &stream)
        );
    }

    #[test]
    fn garbage_never_panics_and_chunks_do_not_matter(
        bytes in proptest::collection::vec(any::<u8>(), 0..600),
        cuts in proptest::collection::vec(any::<usize>(), 0..10),
        limit in 1usize..200,
    ) {
        prop_assert_eq!(
            in_pieces(GameLines::with_limit(limit), &bytes, &cuts),
            whole(GameLines::with_limit(limit), &bytes)
        );
        prop_assert_eq!(
            in_pieces(EventLines::with_limit(limit), &bytes, &cuts),
            whole(EventLines::with_limit(limit), &bytes)
        );
    }

    #[test]
    fn mangled_events_never_panic(
        line in 0..GAME_LINES.len() + STREAM_LINES.len(),
        at in any::<usize>(),
        junk in proptest::collection::vec(any::<u8>(), 0..8),
    ) {
        let all: Vec<&str> = GAME_LINES.iter().chain(STREAM_LINES).copied().collect();
        let mut bytes = all[line].as_bytes().to_vec();
        let at = at % (bytes.len() + 1);
        bytes.splice(at..at, junk);
        bytes.push(b'\n');
        std::hint::black_box(GameLines::new().feed(&bytes));
        std::hint::black_box(EventLines::new().feed(&bytes));
    }
}

/// Every call the client makes is an endpoint of the API description,
/// with the method it names there.
#[test]
fn every_call_is_a_documented_endpoint() {
    use annabella::online::{Call, Control, Method, Stream};
    let dir = reference_dir();
    let paths = std::fs::read_to_string(dir.join("lichess-api.yaml")).expect("lichess-api.yaml");
    let control = Control {
        limit: 600,
        increment: 5,
    };
    let game = || "G".to_string();
    let calls: Vec<(Call, &str)> = vec![
        (Call::Account, "/api/account"),
        (Call::Playing, "/api/account/playing"),
        (Call::Challenges, "/api/challenge"),
        (
            Call::Seek {
                control,
                rated: false,
                color: None,
            },
            "/api/board/seek",
        ),
        (
            Call::Challenge {
                user: "U".into(),
                control,
                rated: false,
                color: None,
            },
            "/api/challenge/{username}",
        ),
        (
            Call::ChallengeAi {
                level: 1,
                control,
                color: None,
            },
            "/api/challenge/ai",
        ),
        (
            Call::Accept("C".into()),
            "/api/challenge/{challengeId}/accept",
        ),
        (
            Call::Decline("C".into()),
            "/api/challenge/{challengeId}/decline",
        ),
        (Call::Abort(game()), "/api/board/game/{gameId}/abort"),
        (Call::Resign(game()), "/api/board/game/{gameId}/resign"),
        (
            Call::Move {
                game: game(),
                uci: "M".into(),
                offering_draw: true,
            },
            "/api/board/game/{gameId}/move/{move}",
        ),
        (
            Call::Draw {
                game: game(),
                yes: true,
            },
            "/api/board/game/{gameId}/draw/{accept}",
        ),
        (
            Call::Takeback {
                game: game(),
                yes: false,
            },
            "/api/board/game/{gameId}/takeback/{accept}",
        ),
        (
            Call::ClaimVictory(game()),
            "/api/board/game/{gameId}/claim-victory",
        ),
        (
            Call::ClaimDraw(game()),
            "/api/board/game/{gameId}/claim-draw",
        ),
        (
            Call::Chat {
                game: game(),
                text: "hi".into(),
            },
            "/api/board/game/{gameId}/chat",
        ),
    ];
    let fill = |template: &str| {
        template
            .replace("{username}", "U")
            .replace("{challengeId}", "C")
            .replace("{gameId}", "G")
            .replace("{move}", "M")
    };
    for (call, template) in calls {
        assert!(
            paths.contains(&format!("\n  {template}:")),
            "{template} is not in lichess-api.yaml"
        );
        let path = call.path();
        let path = path.split('?').next().unwrap_or_default();
        let expected =
            fill(template).replace("{accept}", if path.ends_with("yes") { "yes" } else { "no" });
        assert_eq!(path, expected, "{call:?}");
        // The endpoint's file names the method.
        let method = match call.method() {
            Method::Get => "get:",
            Method::Post => "post:",
        };
        let file = template
            .trim_start_matches('/')
            .replace('/', "-")
            .replace(['{', '}'], "");
        let found = ["board", "challenges", "account"].iter().any(|tag| {
            let spec = dir.join("tags").join(tag).join(format!("{file}.yaml"));
            std::fs::read_to_string(spec).is_ok_and(|text| text.contains(method))
        });
        // `/api/account/playing` is listed but its file is not in the copy.
        assert!(
            found || template == "/api/account/playing",
            "{template}: no {method} in its file"
        );
    }
    for (stream, template) in [
        (Stream::Events, "/api/stream/event"),
        (Stream::Game("G".into()), "/api/board/game/stream/{gameId}"),
    ] {
        assert!(paths.contains(&format!("\n  {template}:")), "{template}");
        assert_eq!(stream.path(), fill(template));
    }
}
