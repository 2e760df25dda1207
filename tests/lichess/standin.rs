//! The stand-in lichess server itself, spoken to with raw HTTP: the
//! token is checked, the bodies and stream lines have the spec's shapes
//! and parse with the client's own types, the opponent follows its
//! script, and the lines a request causes come before its answer.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use annabella::online::{
    Account, ChallengeList, FromLine, GameEvent, GameStatus, Playing, StreamEvent,
};
use common::lichess::{
    Color, GameSetup, IncomingChallenge, KEEP_ALIVE, NewGame, Scenario, Sent, StandIn, Step,
    assert_no_token, token_leaks,
};

/// How long a test waits for a line before it counts as missing: long,
/// since keep-alives come every five seconds and a loaded machine is
/// slow, but a hang still ends.
const PATIENCE: Duration = Duration::from_secs(20);

/// A whole answer.
#[derive(Debug)]
struct Response {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Response {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", self.body))
    }

    fn error(&self) -> String {
        self.json()["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error text: {}", self.body))
            .to_string()
    }
}

/// Connects and sends one request.
fn send(server: &StandIn, method: &str, path: &str, token: Option<&str>, form: &str) -> TcpStream {
    let mut stream = TcpStream::connect(server.addr()).expect("the stand-in listens");
    stream
        .set_read_timeout(Some(PATIENCE))
        .expect("a read timeout");
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{form}",
        form.len()
    );
    stream.write_all(head.as_bytes()).expect("the request sent");
    stream
}

/// Reads the status line and headers.
fn read_head(reader: &mut BufReader<TcpStream>) -> (u16, Vec<(String, String)>) {
    let mut line = String::new();
    reader.read_line(&mut line).expect("a status line");
    let status = line
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("not a status line: {line:?}"));
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).expect("a header");
        let line = line.trim_end();
        if line.is_empty() {
            return (status, headers);
        }
        let (name, value) = line.split_once(':').expect("name: value");
        headers.push((name.to_string(), value.trim().to_string()));
    }
}

/// One request and its whole answer (a chunked one put together).
fn call(server: &StandIn, method: &str, path: &str, token: Option<&str>, form: &str) -> Response {
    let stream = send(server, method, path, token, form);
    let mut reader = BufReader::new(stream);
    let (status, headers) = read_head(&mut reader);
    let mut response = Response {
        status,
        headers,
        body: String::new(),
    };
    if response.header("Transfer-Encoding") == Some("chunked") {
        let mut chunks = Chunks { reader };
        while let Next::Line(line) = chunks.next() {
            response.body.push_str(&line);
            response.body.push('\n');
        }
    } else {
        let length: usize = response
            .header("Content-Length")
            .and_then(|l| l.parse().ok())
            .expect("a Content-Length");
        let mut body = vec![0; length];
        reader.read_exact(&mut body).expect("the body");
        response.body = String::from_utf8(body).expect("UTF-8");
    }
    response
}

/// What came next on a stream.
#[derive(Debug, PartialEq, Eq)]
enum Next {
    /// A line, without its newline; empty for a keep-alive.
    Line(String),
    /// The last chunk: the server ended the answer.
    End,
    /// The connection closed without the last chunk (a drop).
    Closed,
}

/// The lines of a chunked answer, one chunk each.
struct Chunks {
    reader: BufReader<TcpStream>,
}

impl Chunks {
    fn next(&mut self) -> Next {
        let mut size = String::new();
        match self.reader.read_line(&mut size) {
            Ok(0) => return Next::Closed,
            Ok(_) => {}
            Err(e) => panic!("the stream stalled: {e}"),
        }
        let size = usize::from_str_radix(size.trim_end(), 16)
            .unwrap_or_else(|_| panic!("not a chunk size: {size:?}"));
        let mut data = vec![0; size + 2];
        if self.reader.read_exact(&mut data).is_err() {
            return Next::Closed;
        }
        if size == 0 {
            return Next::End;
        }
        let text = String::from_utf8(data[..size].to_vec()).expect("UTF-8");
        let line = text
            .strip_suffix('\n')
            .unwrap_or_else(|| panic!("a chunk that is not one line: {text:?}"));
        assert!(!line.contains('\n'), "two lines in a chunk: {text:?}");
        Next::Line(line.to_string())
    }
}

/// An open NDJSON stream.
struct Stream {
    status: u16,
    chunks: Chunks,
}

impl Stream {
    fn open(server: &StandIn, path: &str) -> Stream {
        let stream = send(server, "GET", path, Some(server.token()), "");
        let mut reader = BufReader::new(stream);
        let (status, headers) = read_head(&mut reader);
        if status == 200 {
            assert!(
                headers
                    .iter()
                    .any(|(k, v)| k == "Transfer-Encoding" && v == "chunked"),
                "{headers:?}"
            );
            assert!(
                headers
                    .iter()
                    .any(|(k, v)| k == "Content-Type" && v == "application/x-ndjson"),
                "{headers:?}"
            );
        }
        Stream {
            status,
            chunks: Chunks { reader },
        }
    }

    fn game(server: &StandIn, id: &str) -> Stream {
        Stream::open(server, &format!("/api/board/game/stream/{id}"))
    }

    fn events(server: &StandIn) -> Stream {
        Stream::open(server, "/api/stream/event")
    }

    fn next(&mut self) -> Next {
        self.chunks.next()
    }

    /// The next line that is not a keep-alive.
    fn line(&mut self) -> String {
        loop {
            match self.next() {
                Next::Line(line) if line.is_empty() => continue,
                Next::Line(line) => return line,
                other => panic!("the stream ended ({other:?}) where a line was due"),
            }
        }
    }

    /// The next game stream event, read with the client's own types.
    fn game_event(&mut self) -> GameEvent {
        let line = self.line();
        GameEvent::from_line(&line).unwrap_or_else(|e| panic!("{e:?}: {line}"))
    }

    /// The next event stream event, read with the client's own types.
    fn stream_event(&mut self) -> StreamEvent {
        let line = self.line();
        StreamEvent::from_line(&line).unwrap_or_else(|e| panic!("{e:?}: {line}"))
    }

    /// The next `gameState`.
    fn state(&mut self) -> annabella::online::GameState {
        match self.game_event() {
            GameEvent::GameState(state) => state,
            other => panic!("not a gameState: {other:?}"),
        }
    }

    /// The `gameFull` that opens a game stream.
    fn full(&mut self) -> annabella::online::GameFull {
        match self.game_event() {
            GameEvent::GameFull(full) => *full,
            other => panic!("not a gameFull: {other:?}"),
        }
    }

    /// What follows once the server is done: `End` or `Closed`, after
    /// any keep-alives.
    fn end(&mut self) -> Next {
        loop {
            match self.next() {
                Next::Line(line) if line.is_empty() => continue,
                other => return other,
            }
        }
    }
}

/// A POST with the server's token.
fn post(server: &StandIn, path: &str, form: &str) -> Response {
    call(server, "POST", path, Some(server.token()), form)
}

/// A GET with the server's token.
fn get(server: &StandIn, path: &str) -> Response {
    call(server, "GET", path, Some(server.token()), "")
}

/// The player's move in the running example game.
fn play(server: &StandIn, uci: &str) -> Response {
    post(server, &format!("/api/board/game/BEOucQJo/move/{uci}"), "")
}

/// A scenario with the example game running and `script` for the
/// opponent.
fn running(script: Vec<Step>) -> Scenario {
    Scenario {
        game: Some(GameSetup::default()),
        opponent: script,
        ..Scenario::default()
    }
}

/// Every line the server made for a stream reads with the client's own
/// types: `GameEvent` for a game stream, `StreamEvent` for the event
/// stream, neither of them `Unknown`.
fn assert_lines_parse(server: &StandIn) {
    let lines = server.lines();
    assert!(!lines.is_empty(), "the server sent no line");
    for sent in lines {
        match sent {
            Sent::Game(line) => match GameEvent::from_line(&line) {
                Ok(GameEvent::Unknown(kind)) => panic!("unknown type {kind}: {line}"),
                Ok(_) => {}
                Err(e) => panic!("{e:?}: {line}"),
            },
            Sent::Event(line) => match StreamEvent::from_line(&line) {
                Ok(StreamEvent::Unknown(kind)) => panic!("unknown type {kind}: {line}"),
                Ok(_) => {}
                Err(e) => panic!("{e:?}: {line}"),
            },
        }
    }
}

/// `{"ok":true}` with 200.
fn assert_ok(response: &Response) {
    assert_eq!(response.status, 200, "{}", response.body);
    assert_eq!(response.json(), serde_json::json!({ "ok": true }));
}

#[test]
fn every_endpoint_wants_the_token() {
    let server = StandIn::start(running(Vec::new()));
    for (method, path) in [
        ("GET", "/api/account"),
        ("GET", "/api/stream/event"),
        ("GET", "/api/board/game/stream/BEOucQJo"),
        ("POST", "/api/board/game/BEOucQJo/move/e2e4"),
        ("POST", "/api/board/seek"),
    ] {
        let none = call(&server, method, path, None, "");
        assert_eq!(none.status, 401, "{method} {path}");
        assert_eq!(none.json(), serde_json::json!({ "error": "No such token" }));
        let wrong = call(&server, method, path, Some("lip_wrong"), "");
        assert_eq!(wrong.status, 401, "{method} {path}");
    }
    assert!(server.moves().is_empty(), "nothing was played");
    let log = server.log();
    assert_eq!(log.len(), 10);
    assert!(log.iter().all(|entry| entry.status == 401));
    assert_eq!(log[1].authorization.as_deref(), Some("Bearer lip_wrong"));
}

#[test]
fn the_account_is_the_example_renamed() {
    let server = StandIn::start(Scenario {
        username: "Annabel".to_string(),
        user_id: "annabel".to_string(),
        ..Scenario::default()
    });
    let response = get(&server, "/api/account");
    assert_eq!(response.status, 200);
    assert_eq!(response.header("Content-Type"), Some("application/json"));
    let account: Account = serde_json::from_str(&response.body).expect("an account");
    assert_eq!(
        (account.id.as_str(), account.username.as_str()),
        ("annabel", "Annabel")
    );
    let json = response.json();
    assert_eq!(
        json["perfs"]["rapid"]["rating"], 1678,
        "the example's perfs"
    );
    assert_eq!(json["url"], "https://lichess.org/@/Annabel");
    let log = server.log();
    assert_eq!(
        log[0].authorization,
        Some(format!("Bearer {}", server.token()))
    );
}

#[test]
fn unknown_paths_are_not_found() {
    let server = StandIn::start(Scenario::default());
    for (method, path) in [
        ("GET", "/api/nothing"),
        ("POST", "/api/account"),
        ("POST", "/api/board/game/nosuchid/resign"),
        ("GET", "/api/board/game/stream/nosuchid"),
        ("POST", "/api/challenge/nosuchid/accept"),
    ] {
        let response = call(&server, method, path, Some(server.token()), "");
        assert_eq!(response.status, 404, "{method} {path}");
        assert_eq!(response.error(), "Not found");
    }
}

#[test]
fn the_event_stream_gives_challenges_then_a_keep_alive() {
    let server = StandIn::start(Scenario {
        incoming: vec![IncomingChallenge::default()],
        ..Scenario::default()
    });
    let mut events = Stream::events(&server);
    assert_eq!(events.status, 200);
    let Next::Line(line) = events.next() else {
        panic!("no line")
    };
    let StreamEvent::Challenge { challenge, compat } =
        StreamEvent::from_line(&line).expect("a challenge line")
    else {
        panic!("not a challenge: {line}");
    };
    assert_eq!(challenge.id, "uGK4MHaQ");
    let challenger = challenge.challenger.expect("a challenger");
    assert_eq!(
        (challenger.name.as_str(), challenger.rating),
        ("Mary", Some(1054))
    );
    assert_eq!(
        challenge.dest_user.expect("the player").name,
        Scenario::default().username
    );
    assert_eq!(
        challenge.time_control,
        annabella::online::TimeControl::Clock {
            limit: Some(600),
            increment: Some(0),
            show: Some("10+0".to_string())
        }
    );
    assert_eq!(compat.and_then(|c| c.board), Some(true));
    assert_eq!(
        events.next(),
        Next::Line(String::new()),
        "a keep-alive at once"
    );

    let list: ChallengeList =
        serde_json::from_str(&get(&server, "/api/challenge").body).expect("a challenge list");
    assert_eq!(list.incoming.len(), 1);
    assert!(list.outgoing.is_empty());
    let playing: Playing =
        serde_json::from_str(&get(&server, "/api/account/playing").body).expect("playing");
    assert!(playing.now_playing.is_empty());

    // Declined, it is gone from the list; a second answer finds nothing.
    assert_ok(&post(
        &server,
        "/api/challenge/uGK4MHaQ/decline",
        "reason=later",
    ));
    assert_eq!(
        post(&server, "/api/challenge/uGK4MHaQ/accept", "").status,
        404
    );
    let list: ChallengeList =
        serde_json::from_str(&get(&server, "/api/challenge").body).expect("a challenge list");
    assert!(list.incoming.is_empty());
}

#[test]
fn a_running_game_is_announced_and_listed() {
    let server = StandIn::start(Scenario {
        game: Some(GameSetup {
            player_color: Color::Black,
            moves_before: vec!["e2e4"],
            ..GameSetup::default()
        }),
        ..Scenario::default()
    });
    let mut events = Stream::events(&server);
    let StreamEvent::GameStart(info) = events.stream_event() else {
        panic!("not gameStart");
    };
    assert_eq!(info.game_id, "BEOucQJo");
    assert_eq!(info.color, Some(annabella::online::Color::Black));
    assert_eq!(info.is_my_turn, Some(true));
    assert_eq!(info.last_move.as_deref(), Some("e2e4"));
    assert_eq!(
        info.opponent.as_ref().map(|o| o.username.as_str()),
        Some("Mary")
    );
    assert_eq!(events.next(), Next::Line(String::new()));
    let playing: Playing =
        serde_json::from_str(&get(&server, "/api/account/playing").body).expect("playing");
    assert_eq!(playing.now_playing.len(), 1);
    assert_eq!(playing.now_playing[0], info);
}

#[test]
fn a_move_is_streamed_before_its_answer_and_the_opponent_replies() {
    let server = StandIn::start(running(vec![Step::Move("e7e5"), Step::Move("b8c6")]));
    let mut game = Stream::game(&server, "BEOucQJo");
    let full = game.full();
    assert_eq!(full.id, "BEOucQJo");
    assert_eq!(full.white.name.as_deref(), Some("Bobby"));
    assert_eq!(full.black.name.as_deref(), Some("Mary"));
    assert_eq!(full.state.moves, "");
    assert_eq!(full.state.status, GameStatus::Started);
    assert_eq!(
        game.next(),
        Next::Line(String::new()),
        "a keep-alive at once"
    );

    assert_ok(&play(&server, "e2e4"));
    // The answer has come: both states were written before it.
    let mine = game.state();
    assert_eq!(mine.moves, "e2e4");
    assert_eq!((mine.wtime, mine.btime), (899_000, 900_000));
    let reply = game.state();
    assert_eq!(reply.moves, "e2e4 e7e5");
    assert_eq!((reply.wtime, reply.btime), (899_000, 899_000));

    assert_ok(&play(&server, "g1f3"));
    assert_eq!(game.state().moves, "e2e4 e7e5 g1f3");
    assert_eq!(game.state().moves, "e2e4 e7e5 g1f3 b8c6");
    // Illegal moves are refused with lichess's words; nothing changes.
    let illegal = play(&server, "e4e6");
    assert_eq!(illegal.status, 400);
    assert_eq!(illegal.error(), "Piece on e4 cannot move to e6");
    assert_eq!(play(&server, "e3e4").error(), "No piece on e3");
    assert_eq!(server.moves(), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    // The script is done: the opponent does not answer, and the player
    // cannot move twice.
    assert_ok(&play(&server, "f1c4"));
    assert_eq!(game.state().moves, "e2e4 e7e5 g1f3 b8c6 f1c4");
    assert_eq!(
        play(&server, "d2d4").error(),
        "Not your turn, or game already over"
    );
    assert!(server.faults().is_empty(), "{:?}", server.faults());
}

#[test]
fn a_rejected_move_and_a_rate_limit_change_nothing() {
    let server = StandIn::start(running(vec![
        Step::RejectMove("Piece on e2 cannot move to e5"),
        Step::RateLimit,
        Step::Move("e7e5"),
    ]));
    let mut game = Stream::game(&server, "BEOucQJo");
    game.full();
    let rejected = play(&server, "e2e4");
    assert_eq!(rejected.status, 400);
    assert_eq!(rejected.error(), "Piece on e2 cannot move to e5");
    let limited = play(&server, "e2e4");
    assert_eq!(limited.status, 429);
    assert!(
        limited
            .header("Content-Type")
            .is_some_and(|t| t.starts_with("text/html"))
    );
    assert!(
        limited.body.starts_with("<!DOCTYPE html>"),
        "{}",
        limited.body
    );
    assert!(serde_json::from_str::<serde_json::Value>(&limited.body).is_err());
    assert!(server.moves().is_empty());
    assert_ok(&play(&server, "e2e4"));
    assert_eq!(game.state().moves, "e2e4");
    assert_eq!(game.state().moves, "e2e4 e7e5");
    let statuses: Vec<u16> = server
        .log()
        .iter()
        .filter(|entry| entry.method == "POST")
        .map(|entry| entry.status)
        .collect();
    assert_eq!(statuses, [400, 429, 200]);
}

#[test]
fn a_dropped_stream_is_opened_again_with_every_move() {
    let server = StandIn::start(running(vec![
        Step::Move("e7e5"),
        Step::DropStream,
        Step::Move("b8c6"),
    ]));
    let path = "/api/board/game/stream/BEOucQJo";
    let mut game = Stream::game(&server, "BEOucQJo");
    game.full();
    assert_ok(&play(&server, "e2e4"));
    assert_eq!(game.state().moves, "e2e4");
    assert_eq!(game.state().moves, "e2e4 e7e5");
    assert_ok(&play(&server, "g1f3"));
    assert_eq!(game.end(), Next::Closed, "cut, not ended");
    assert_eq!(server.connections(path), 1);
    let mut again = Stream::game(&server, "BEOucQJo");
    let full = again.full();
    assert_eq!(full.state.moves, "e2e4 e7e5 g1f3 b8c6");
    assert_eq!(full.state.status, GameStatus::Started);
    assert_eq!(server.connections(path), 2);
    assert_ok(&play(&server, "f1c4"));
    assert_eq!(again.state().moves, "e2e4 e7e5 g1f3 b8c6 f1c4");
    assert_lines_parse(&server);
}

#[test]
fn mate_is_found_and_the_game_ends() {
    let server = StandIn::start(running(vec![
        Step::Move("e7e5"),
        Step::Move("b8c6"),
        Step::Move("g8f6"),
        Step::Mate,
    ]));
    let mut events = Stream::events(&server);
    assert!(matches!(events.stream_event(), StreamEvent::GameStart(_)));
    let mut game = Stream::game(&server, "BEOucQJo");
    game.full();
    for uci in ["e2e4", "f1c4", "d1h5"] {
        assert_ok(&play(&server, uci));
        game.state();
        game.state();
    }
    assert_ok(&play(&server, "h5f7"));
    let last = game.state();
    assert_eq!(last.moves, "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7");
    assert_eq!(last.status, GameStatus::Mate);
    assert_eq!(last.winner, Some(annabella::online::Color::White));
    assert_eq!(
        game.end(),
        Next::End,
        "the server ends a finished game's stream"
    );
    let StreamEvent::GameFinish(info) = events.stream_event() else {
        panic!("no gameFinish");
    };
    assert_eq!(info.status, Some(GameStatus::Mate));
    assert_eq!(info.winner, Some(annabella::online::Color::White));
    // A finished game's stream: its gameFull, then the end.
    let mut again = Stream::game(&server, "BEOucQJo");
    assert_eq!(again.full().state.status, GameStatus::Mate);
    assert_eq!(again.end(), Next::End);
    assert_eq!(play(&server, "a2a3").status, 400);
    assert_eq!(server.script_left(), [Step::Mate]);
    let playing: Playing =
        serde_json::from_str(&get(&server, "/api/account/playing").body).expect("playing");
    assert!(playing.now_playing.is_empty());
    assert_lines_parse(&server);
}

#[test]
fn a_seek_must_be_rapid_and_starts_a_game() {
    let server = StandIn::start(Scenario {
        new_game: NewGame {
            id: "sEeKgAm1".to_string(),
            player_color: Color::Black,
        },
        opponent: vec![Step::Move("d2d4")],
        ..Scenario::default()
    });
    let mut events = Stream::events(&server);
    assert_eq!(
        events.next(),
        Next::Line(String::new()),
        "nothing but a keep-alive"
    );
    let blitz = post(&server, "/api/board/seek", "rated=false&time=5&increment=3");
    assert_eq!(blitz.status, 400);
    assert!(!blitz.error().is_empty());
    let rapid = post(&server, "/api/board/seek", "rated=true&time=10&increment=0");
    assert_eq!(rapid.status, 200);
    assert_eq!(rapid.header("Content-Type"), Some("application/x-ndjson"));
    assert_eq!(rapid.body, "\n", "one keep-alive, then the end");
    let StreamEvent::GameStart(info) = events.stream_event() else {
        panic!("no gameStart");
    };
    assert_eq!(info.game_id, "sEeKgAm1");
    assert_eq!(info.color, Some(annabella::online::Color::Black));
    assert_eq!(info.rated, Some(true));
    assert_eq!(info.speed, Some(annabella::online::Speed::Rapid));
    // The opponent opens once the game stream is there.
    let mut game = Stream::game(&server, "sEeKgAm1");
    let full = game.full();
    assert_eq!(
        full.clock.map(|c| (c.initial, c.increment)),
        Some((600_000, 0))
    );
    assert_eq!(full.black.name.as_deref(), Some("Bobby"));
    assert_eq!(game.state().moves, "d2d4");
    let seek = server
        .log()
        .into_iter()
        .find(|entry| entry.status == 200 && entry.path == "/api/board/seek")
        .expect("the seek logged");
    assert!(seek.form.contains(&("time".to_string(), "10".to_string())));
    assert_lines_parse(&server);
}

#[test]
fn challenges_to_mary_and_the_ai() {
    let server = StandIn::start(Scenario {
        new_game: NewGame {
            id: "chAlNg01".to_string(),
            player_color: Color::White,
        },
        ..Scenario::default()
    });
    let mut events = Stream::events(&server);
    events.next();
    let form = "rated=false&clock.limit=600&clock.increment=5&color=black";
    assert_eq!(post(&server, "/api/challenge/Boris", form).status, 404);
    let fast = post(
        &server,
        "/api/challenge/Mary",
        "clock.limit=60&clock.increment=1",
    );
    assert_eq!(fast.status, 400);
    let made = post(&server, "/api/challenge/mary", form);
    assert_eq!(made.status, 200, "{}", made.body);
    let challenge: annabella::online::Challenge =
        serde_json::from_value(made.json()).expect("ChallengeJson");
    assert_eq!(challenge.id, "chAlNg01");
    assert_eq!(challenge.dest_user.expect("Mary").id, "mary");
    assert_eq!(challenge.final_color, Some(annabella::online::Color::Black));
    let StreamEvent::GameStart(info) = events.stream_event() else {
        panic!("no gameStart");
    };
    assert_eq!(info.game_id, "chAlNg01");
    assert_eq!(info.color, Some(annabella::online::Color::Black));

    let ai = post(
        &server,
        "/api/challenge/ai",
        "level=3&clock.limit=300&clock.increment=3&color=white",
    );
    assert_eq!(ai.status, 201, "{}", ai.body);
    let body = ai.json();
    assert_eq!(body["id"], "chAlNg02");
    assert_eq!(body["player"], "white");
    assert_eq!(body["speed"], "blitz");
    assert_eq!(body["fullId"].as_str().map(str::len), Some(12));
    let StreamEvent::GameStart(info) = events.stream_event() else {
        panic!("no gameStart");
    };
    let opponent = info.opponent.expect("the AI");
    assert_eq!((opponent.id, opponent.ai), (None, Some(3)));
    let mut game = Stream::game(&server, "chAlNg02");
    let full = game.full();
    assert_eq!(full.black.ai_level, Some(3));
    assert_eq!(full.speed, annabella::online::Speed::Blitz);
    assert_lines_parse(&server);
}

#[test]
fn an_accepted_challenge_starts_its_game() {
    let server = StandIn::start(Scenario {
        incoming: vec![IncomingChallenge {
            color: "white",
            ..IncomingChallenge::default()
        }],
        opponent: vec![Step::Move("e2e4")],
        ..Scenario::default()
    });
    let mut events = Stream::events(&server);
    assert!(matches!(
        events.stream_event(),
        StreamEvent::Challenge { .. }
    ));
    assert_ok(&post(&server, "/api/challenge/uGK4MHaQ/accept", ""));
    let StreamEvent::GameStart(info) = events.stream_event() else {
        panic!("no gameStart");
    };
    assert_eq!(info.game_id, "uGK4MHaQ");
    assert_eq!(info.color, Some(annabella::online::Color::Black));
    let mut game = Stream::game(&server, "uGK4MHaQ");
    assert_eq!(game.full().white.name.as_deref(), Some("Mary"));
    assert_eq!(game.state().moves, "e2e4");
    assert_lines_parse(&server);
}

#[test]
fn offers_takebacks_chat_and_a_gone_opponent() {
    let server = StandIn::start(running(vec![
        Step::Chat("Good luck, have fun"),
        Step::OfferDraw,
        Step::Move("e7e5"),
        Step::DeclineTakeback,
        Step::AcceptTakeback,
        Step::Move("c7c5"),
        Step::OfferTakeback,
        Step::Move("b8c6"),
        Step::Gone { claim_in: 0 },
    ]));
    let mut game = Stream::game(&server, "BEOucQJo");
    game.full();
    assert_ok(&play(&server, "e2e4"));
    game.state();
    let GameEvent::ChatLine(chat) = game.game_event() else {
        panic!("no chat line");
    };
    assert_eq!(
        (chat.username.as_str(), chat.text.as_str()),
        ("Mary", "Good luck, have fun")
    );
    let offered = game.state();
    assert_eq!(offered.moves, "e2e4 e7e5");
    assert!(offered.bdraw && !offered.wdraw);
    // Declining the draw, then two takeback requests: refused, granted.
    assert_ok(&post(&server, "/api/board/game/BEOucQJo/draw/no", ""));
    assert!(!game.state().bdraw);
    assert_ok(&post(&server, "/api/board/game/BEOucQJo/takeback/yes", ""));
    let refused = game.state();
    assert_eq!(
        (refused.moves.as_str(), refused.wtakeback),
        ("e2e4 e7e5", false)
    );
    assert_ok(&post(&server, "/api/board/game/BEOucQJo/takeback/yes", ""));
    let back = game.state();
    assert_eq!((back.moves.as_str(), back.wtime), ("", 900_000));
    // Now 1. d4 c5, and the opponent asks to take back with 2…Nc6.
    assert_ok(&play(&server, "d2d4"));
    assert_eq!(game.state().moves, "d2d4");
    assert_eq!(game.state().moves, "d2d4 c7c5");
    assert_ok(&play(&server, "g1f3"));
    game.state();
    let proposal = game.state();
    assert_eq!(proposal.moves, "d2d4 c7c5 g1f3 b8c6");
    assert!(proposal.btakeback);
    assert_ok(&post(&server, "/api/board/game/BEOucQJo/takeback/yes", ""));
    assert_eq!(game.state().moves, "d2d4 c7c5 g1f3");
    // The opponent's turn again: it leaves instead of moving.
    let GameEvent::OpponentGone(gone) = game.game_event() else {
        panic!("no opponentGone");
    };
    assert!(gone.gone);
    assert_eq!(gone.claim_win_in_seconds, Some(0));
    assert_ok(&post(
        &server,
        "/api/board/game/BEOucQJo/chat",
        "room=player&text=hello",
    ));
    assert_eq!(
        post(&server, "/api/board/game/BEOucQJo/abort", "").status,
        400,
        "too late to abort"
    );
    assert_ok(&post(&server, "/api/board/game/BEOucQJo/claim-victory", ""));
    let last = game.state();
    assert_eq!(last.status, GameStatus::Timeout);
    assert_eq!(last.winner, Some(annabella::online::Color::White));
    assert_eq!(game.end(), Next::End);
    assert!(server.faults().is_empty(), "{:?}", server.faults());
    assert_lines_parse(&server);
}

#[test]
fn draws_resignation_flags_and_aborts_end_the_game() {
    // The player offers a draw with a move; the opponent accepts.
    let server = StandIn::start(running(vec![Step::Move("e7e5"), Step::AcceptDraw]));
    let mut game = Stream::game(&server, "BEOucQJo");
    game.full();
    assert_ok(&play(&server, "e2e4"));
    game.state();
    game.state();
    assert_ok(&post(
        &server,
        "/api/board/game/BEOucQJo/move/g1f3?offeringDraw=true",
        "",
    ));
    let offer = game.state();
    assert!(offer.wdraw);
    assert_eq!(game.state().status, GameStatus::Draw);
    assert_eq!(game.end(), Next::End);
    assert!(
        server
            .posts()
            .last()
            .is_some_and(|p| p.ends_with("?offeringDraw=true"))
    );

    // Claims are refused while the opponent is there; the player resigns.
    let server = StandIn::start(running(vec![Step::Move("e7e5")]));
    let mut game = Stream::game(&server, "BEOucQJo");
    game.full();
    assert_eq!(
        post(&server, "/api/board/game/BEOucQJo/claim-draw", "").status,
        400
    );
    assert_ok(&post(&server, "/api/board/game/BEOucQJo/resign", ""));
    let last = game.state();
    assert_eq!(
        (last.status, last.winner),
        (GameStatus::Resign, Some(annabella::online::Color::Black))
    );
    assert_eq!(
        post(&server, "/api/board/game/BEOucQJo/resign", "").status,
        400
    );

    // Before both have moved, the game can be aborted.
    let server = StandIn::start(running(Vec::new()));
    assert_ok(&play(&server, "e2e4"));
    assert_ok(&post(&server, "/api/board/game/BEOucQJo/abort", ""));
    assert_eq!(server.status().as_deref(), Some("aborted"));

    // The opponent's flag falls; then a game where the player's does.
    for (step, winner) in [(Step::Flag, Color::White), (Step::FlagPlayer, Color::Black)] {
        let server = StandIn::start(running(vec![Step::Move("e7e5"), step.clone()]));
        let mut game = Stream::game(&server, "BEOucQJo");
        game.full();
        assert_ok(&play(&server, "e2e4"));
        game.state();
        // The player's flag falls on the state line of the opponent's
        // move itself.
        if step == Step::Flag {
            game.state();
            assert_ok(&play(&server, "g1f3"));
            game.state();
        }
        let last = game.state();
        assert_eq!(last.status, GameStatus::OutOfTime, "{step:?}");
        let expected = match winner {
            Color::White => annabella::online::Color::White,
            Color::Black => annabella::online::Color::Black,
        };
        assert_eq!(last.winner, Some(expected), "{step:?}");
        let flagged = if winner == Color::White {
            last.btime
        } else {
            last.wtime
        };
        assert_eq!(flagged, 0, "{step:?}");
    }

    // The opponent resigns; the opponent's draw offer accepted by the
    // player.
    let server = StandIn::start(running(vec![Step::Move("e7e5"), Step::Resign]));
    assert_ok(&play(&server, "e2e4"));
    assert_ok(&play(&server, "g1f3"));
    assert_eq!(server.status().as_deref(), Some("resign"));
    let server = StandIn::start(running(vec![Step::OfferDraw, Step::Move("e7e5")]));
    assert_ok(&play(&server, "e2e4"));
    assert_ok(&post(&server, "/api/board/game/BEOucQJo/draw/yes", ""));
    assert_eq!(server.status().as_deref(), Some("draw"));
}

#[test]
fn a_scenario_with_an_illegal_script_reports_a_fault() {
    let server = StandIn::start(running(vec![Step::Move("e7e4")]));
    assert_ok(&play(&server, "e2e4"));
    assert_eq!(server.faults().len(), 1, "{:?}", server.faults());
}

#[test]
fn the_token_is_found_wherever_it_leaks() {
    let home = common::Home::new();
    let token = "lip_StandInSecret0123456789";
    std::fs::create_dir_all(home.path().join("config/annabella")).expect("a folder");
    std::fs::write(
        home.path().join("config/annabella/settings.toml"),
        "lang = 'en'\n",
    )
    .expect("a file");
    assert_no_token(home.path(), token, &[("stdout", b"hello")]);
    let leak = home.path().join("config/annabella/token.log");
    std::fs::write(&leak, format!("sent Bearer {token}\n")).expect("a file");
    let leaks = token_leaks(home.path(), token, &[("stderr", token.as_bytes())]);
    assert_eq!(leaks.len(), 2, "{leaks:?}");
    assert!(leaks[0].contains("stderr"));
    assert!(leaks[1].contains(&leak.display().to_string()));
}

#[test]
fn keep_alives_come_while_nothing_happens() {
    let server = StandIn::start(running(Vec::new()));
    let mut events = Stream::events(&server);
    assert!(matches!(events.stream_event(), StreamEvent::GameStart(_)));
    let mut game = Stream::game(&server, "BEOucQJo");
    game.full();
    let started = std::time::Instant::now();
    for stream in [&mut events, &mut game] {
        assert_eq!(
            stream.next(),
            Next::Line(String::new()),
            "the first at once"
        );
        assert_eq!(
            stream.next(),
            Next::Line(String::new()),
            "then one by the clock"
        );
    }
    let waited = started.elapsed();
    assert!(
        waited >= KEEP_ALIVE - Duration::from_millis(500) && waited < PATIENCE,
        "{waited:?}"
    );
}

#[test]
fn a_claim_waits_for_its_time() {
    let server = StandIn::start(running(vec![Step::Gone { claim_in: 1 }]));
    let mut game = Stream::game(&server, "BEOucQJo");
    game.full();
    assert_ok(&play(&server, "e2e4"));
    game.state();
    let GameEvent::OpponentGone(gone) = game.game_event() else {
        panic!("no opponentGone");
    };
    assert_eq!(gone.claim_win_in_seconds, Some(1));
    let early = post(&server, "/api/board/game/BEOucQJo/claim-draw", "");
    assert_eq!(early.status, 400, "not yet");
    let GameEvent::OpponentGone(open) = game.game_event() else {
        panic!("no second opponentGone");
    };
    assert!(open.gone);
    assert_eq!(open.claim_win_in_seconds, Some(0));
    assert_ok(&post(&server, "/api/board/game/BEOucQJo/claim-draw", ""));
    let last = game.state();
    assert_eq!((last.status, last.winner), (GameStatus::Draw, None));
    assert_lines_parse(&server);
}
