//! The network host (`net::host`) against the test server on 127.0.0.1:
//! calls answered once, streams read as they arrive and ended with their
//! game, reconnection with backoff, faults that stop a watch, and
//! nothing more arriving after `Unwatch` or a cancelled seek.

use std::net::TcpStream;
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use annabella::net::{NetHost, Token};
use annabella::online::{
    Call, Control, Fault, GameEvent, NetReply, NetRequest, Stream, StreamEvent,
};

use crate::common::http::{Server, Sink, ndjson, respond};

const CHALLENGE: &str = r#"{"type":"challenge","challenge":{"id":"qrstuvwx","status":"created","challenger":{"id":"zoe","name":"Zoe"},"destUser":{"id":"me","name":"Me"},"variant":{"key":"standard","name":"Standard"},"rated":false,"speed":"classical","timeControl":{"type":"correspondence","daysPerTurn":3},"color":"white","direction":"in"},"compat":{"bot":false,"board":true}}"#;
const FULL: &str = r#"{"type":"gameFull","id":"ijklmnop","variant":{"key":"standard","name":"Standard"},"speed":"rapid","rated":false,"white":{"id":"me","name":"Me"},"black":{"aiLevel":3},"initialFen":"startpos","state":{"type":"gameState","moves":"e2e4","wtime":600000,"btime":600000,"winc":0,"binc":0,"status":"started"}}"#;
const OVER: &str = r#"{"type":"gameState","moves":"e2e4 e7e5","wtime":0,"btime":2000,"winc":0,"binc":0,"status":"outoftime","winner":"black"}"#;

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn json(stream: &mut TcpStream, status: u16, body: &[u8]) {
    respond(stream, status, "application/json", body);
}

fn host(token: Option<&str>) -> (NetHost, Receiver<NetReply>) {
    let (tx, rx) = mpsc::channel();
    let token = token.and_then(Token::new);
    let host = NetHost::new(token, move |reply| {
        let _ = tx.send(reply);
    });
    (host.with_backoff(ms(20), ms(80)), rx)
}

fn next(rx: &Receiver<NetReply>) -> NetReply {
    rx.recv_timeout(Duration::from_secs(10))
        .expect("a reply in time")
}

/// Sends `call` as call `id`; its outcome, which must be the next reply.
fn answer(
    host: &mut NetHost,
    rx: &Receiver<NetReply>,
    base: &str,
    id: u64,
    call: Call,
) -> Result<String, Fault> {
    host.send(base, NetRequest::Call { id, call });
    match next(rx) {
        NetReply::Done { id: done, outcome } if done == id => outcome,
        other => panic!("not the answer to call {id}: {other:?}"),
    }
}

/// Nothing more arrives for a while.
fn quiet(rx: &Receiver<NetReply>) {
    if let Ok(reply) = rx.recv_timeout(ms(200)) {
        panic!("unexpected {reply:?}");
    }
}

/// Sends keep-alives until the client goes (or ten seconds pass);
/// true when it went.
fn hold(sink: &mut Sink) -> bool {
    for _ in 0..1000 {
        sink.keep_alive();
        if !sink.alive {
            return true;
        }
        thread::sleep(ms(10));
    }
    false
}

fn down(stream: Stream, fault: Fault, retry: Option<u64>) -> NetReply {
    NetReply::Down {
        stream,
        fault,
        retry_in_ms: retry,
    }
}

fn game() -> Stream {
    Stream::Game("ijklmnop".into())
}

#[test]
fn a_call_is_answered_once() {
    let server = Server::start(|_, _, s| json(s, 200, br#"{"id":"me"}"#));
    let (mut host, rx) = host(Some("lip_x"));
    let outcome = answer(&mut host, &rx, &server.url(), 7, Call::Account);
    assert_eq!(outcome, Ok(r#"{"id":"me"}"#.to_string()));
    quiet(&rx);
}

#[test]
fn without_a_token_nothing_is_sent_until_one_is_set() {
    let server = Server::start(|_, _, s| json(s, 200, b"{}"));
    let base = server.url();
    let (mut host, rx) = host(None);
    let outcome = answer(&mut host, &rx, &base, 1, Call::Playing);
    assert_eq!(outcome, Err(Fault::NoToken));
    host.send(&base, NetRequest::Watch(Stream::Events));
    assert_eq!(next(&rx), down(Stream::Events, Fault::NoToken, None));
    assert_eq!(server.connections(), 0);
    host.set_token(Token::new("lip_new"));
    let outcome = answer(&mut host, &rx, &base, 2, Call::Playing);
    assert_eq!(outcome, Ok("{}".to_string()));
    assert_eq!(
        server.requests()[0].header("authorization"),
        Some("Bearer lip_new")
    );
    host.set_token(None);
    let outcome = answer(&mut host, &rx, &base, 3, Call::Playing);
    assert_eq!(outcome, Err(Fault::NoToken));
}

#[test]
fn events_arrive_while_the_stream_stays_open() {
    let server = Server::start(|_, _, s| {
        if let Some(mut sink) = Sink::open(0, s) {
            sink.line(CHALLENGE);
            hold(&mut sink);
        }
    });
    let base = server.url();
    let (mut host, rx) = host(Some("lip_x"));
    host.send(&base, NetRequest::Watch(Stream::Events));
    // Watching again opens nothing more.
    host.send(&base, NetRequest::Watch(Stream::Events));
    let NetReply::Event(event) = next(&rx) else {
        panic!("not an event");
    };
    assert!(matches!(*event, StreamEvent::Challenge { .. }));
    // Up after the events the server sent on connecting.
    assert_eq!(next(&rx), NetReply::Up(Stream::Events));
    let request = &server.requests()[0];
    assert_eq!(
        [&request.method, &request.path, &request.query],
        ["GET", "/api/stream/event", ""]
    );
    assert_eq!(request.header("accept"), Some("application/x-ndjson"));
    host.send(&base, NetRequest::Unwatch(Stream::Events));
    assert_eq!(server.connections(), 1);
}

#[test]
fn a_game_stream_is_up_with_its_first_event_and_ends_with_the_game() {
    let server = Server::start(|_, _, s| {
        if let Some(mut sink) = Sink::open(0, s) {
            sink.line(FULL);
            thread::sleep(ms(20));
            sink.keep_alive();
            sink.line(OVER);
            sink.end();
        }
    });
    let base = server.url();
    let (mut host, rx) = host(Some("lip_x"));
    host.send(&base, NetRequest::Watch(game()));
    assert!(matches!(
        next(&rx),
        NetReply::Game {
            event: GameEvent::GameFull(_),
            ..
        }
    ));
    assert_eq!(next(&rx), NetReply::Up(game()));
    assert!(matches!(
        next(&rx),
        NetReply::Game {
            event: GameEvent::GameState(_),
            ..
        }
    ));
    assert_eq!(next(&rx), NetReply::Ended(game()));
    quiet(&rx);
    assert_eq!(server.connections(), 1);
    // Watched again, it is opened again.
    host.send(&base, NetRequest::Watch(game()));
    assert!(matches!(next(&rx), NetReply::Game { .. }));
}

#[test]
fn a_dropped_stream_comes_back_with_backoff() {
    let server = Server::start(|n, _, s| match n {
        0 | 1 => json(s, 503, b""),
        2 => ndjson(s, &[""]),
        _ => {
            if let Some(mut sink) = Sink::open(0, s) {
                hold(&mut sink);
            }
        }
    });
    let base = server.url();
    let (mut host, rx) = host(Some("lip_x"));
    let status = Fault::Status {
        code: 503,
        reason: None,
    };
    host.send(&base, NetRequest::Watch(Stream::Events));
    assert_eq!(next(&rx), down(Stream::Events, status.clone(), Some(20)));
    assert_eq!(next(&rx), down(Stream::Events, status, Some(40)));
    assert_eq!(next(&rx), NetReply::Up(Stream::Events));
    // After a connection that was up, the wait starts again small.
    let closed = Fault::Offline("the server closed the stream".into());
    assert_eq!(next(&rx), down(Stream::Events, closed, Some(20)));
    assert_eq!(next(&rx), NetReply::Up(Stream::Events));
    host.send(&base, NetRequest::Unwatch(Stream::Events));
    quiet(&rx);
}

#[test]
fn backoff_doubles_up_to_its_cap() {
    let server = Server::start(|_, _, s| json(s, 500, b""));
    let base = server.url();
    let (mut host, rx) = host(Some("lip_x"));
    host.send(&base, NetRequest::Watch(game()));
    for wait in [20, 40, 80, 80] {
        let NetReply::Down { retry_in_ms, .. } = next(&rx) else {
            panic!("not down");
        };
        assert_eq!(retry_in_ms, Some(wait));
    }
    host.send(&base, NetRequest::Unwatch(game()));
}

#[test]
fn final_faults_stop_the_watch() {
    let server = Server::start(|_, _, s| json(s, 401, b""));
    let (mut host, rx) = host(Some("lip_x"));
    host.send(&server.url(), NetRequest::Watch(Stream::Events));
    assert_eq!(next(&rx), down(Stream::Events, Fault::Unauthorized, None));
    quiet(&rx);
    assert_eq!(server.connections(), 1);
    let base = "http://lichess.org";
    host.send(base, NetRequest::Watch(game()));
    let fault = Fault::NotSecure(base.to_string());
    assert_eq!(next(&rx), down(game(), fault, None));
    quiet(&rx);
}

#[test]
fn a_rate_limit_waits_a_minute_and_unwatch_stops_the_wait() {
    let server = Server::start(|_, _, s| json(s, 429, b""));
    let base = server.url();
    let (mut host, rx) = host(Some("lip_x"));
    host.send(&base, NetRequest::Watch(Stream::Events));
    let limited = down(Stream::Events, Fault::RateLimited, Some(60_000));
    assert_eq!(next(&rx), limited);
    let started = Instant::now();
    host.send(&base, NetRequest::Unwatch(Stream::Events));
    assert!(started.elapsed() < Duration::from_secs(5));
    quiet(&rx);
    assert_eq!(server.connections(), 1);
}

#[test]
fn nothing_arrives_after_unwatch_and_the_connection_closes() {
    let (went, gone) = mpsc::channel();
    let went = Mutex::new(went);
    let server = Server::start(move |_, _, s| {
        if let Some(mut sink) = Sink::open(0, s) {
            for _ in 0..1000 {
                sink.line(CHALLENGE);
                if !sink.alive {
                    break;
                }
                thread::sleep(ms(5));
            }
            if sink.alive {
                return;
            }
        }
        let _ = went.lock().unwrap().send(());
    });
    let base = server.url();
    let (mut host, rx) = host(Some("lip_x"));
    host.send(&base, NetRequest::Watch(Stream::Events));
    for _ in 0..3 {
        next(&rx);
    }
    host.send(&base, NetRequest::Unwatch(Stream::Events));
    while rx.try_recv().is_ok() {}
    quiet(&rx);
    assert!(gone.recv_timeout(Duration::from_secs(5)).is_ok());
}

#[test]
fn bad_lines_are_told_and_the_stream_goes_on() {
    let server = Server::start(|_, _, s| {
        if let Some(mut sink) = Sink::open(0, s) {
            sink.line("nonsense");
            sink.line(CHALLENGE);
            hold(&mut sink);
        }
    });
    let (mut host, rx) = host(Some("lip_x"));
    host.send(&server.url(), NetRequest::Watch(Stream::Events));
    assert!(matches!(next(&rx), NetReply::BadLine { .. }));
    assert!(matches!(next(&rx), NetReply::Event(_)));
    host.shutdown();
}

fn seek() -> Call {
    Call::Seek {
        control: Control {
            limit: 900,
            increment: 10,
        },
        rated: true,
        color: None,
    }
}

#[test]
fn a_seek_is_answered_when_the_server_ends_it() {
    let server = Server::start(|_, _, s| ndjson(s, &["", ""]));
    let (mut host, rx) = host(Some("lip_x"));
    host.send(
        &server.url(),
        NetRequest::Call {
            id: 9,
            call: seek(),
        },
    );
    // Taken first, then answered when the server ends it.
    assert_eq!(next(&rx), NetReply::Accepted { id: 9 });
    assert_eq!(
        next(&rx),
        NetReply::Done {
            id: 9,
            outcome: Ok(String::new())
        }
    );
}

#[test]
fn a_cancelled_seek_gets_no_answer_and_its_connection_closes() {
    let (went, gone) = mpsc::channel();
    let went = Mutex::new(went);
    let server = Server::start(move |_, _, s| {
        if Sink::open(0, s).is_none_or(|mut sink| hold(&mut sink)) {
            let _ = went.lock().unwrap().send(());
        }
    });
    let base = server.url();
    let (mut host, rx) = host(Some("lip_x"));
    host.send(
        &base,
        NetRequest::Call {
            id: 4,
            call: seek(),
        },
    );
    assert_eq!(next(&rx), NetReply::Accepted { id: 4 });
    host.send(&base, NetRequest::Cancel(4));
    assert!(gone.recv_timeout(Duration::from_secs(5)).is_ok());
    quiet(&rx);
}
