//! The HTTP client of the network edge (`net::http`) against the test
//! server on 127.0.0.1: what a call sends (the token in its header, the
//! form), how each status becomes a fault, and a long call read to its
//! end.

use annabella::net::Token;
use annabella::net::http::{Lifetime, USER_AGENT, agent, call, long_call};
use annabella::online::{Call, Control, Fault};

use crate::common::http::{Request, Server, ndjson, respond};

fn token() -> Token {
    Token::new("lip_t0ken").unwrap()
}

/// Answers every request with `status` and `body`, and gives the
/// outcome of `c` and the requests the server read.
fn exchange(status: u16, body: &'static [u8], c: &Call) -> (Result<String, Fault>, Vec<Request>) {
    let server = Server::start(move |_, _, stream| {
        respond(stream, status, "application/json", body);
    });
    let base = server.url();
    let outcome = call(&agent(&base, Lifetime::Short), &base, Some(&token()), c);
    (outcome, server.requests())
}

#[test]
fn a_success_gives_its_body_and_the_token_goes_in_the_header() {
    let (outcome, requests) = exchange(200, br#"{"id":"me"}"#, &Call::Account);
    assert_eq!(outcome.as_deref(), Ok(r#"{"id":"me"}"#));
    let request = &requests[0];
    assert_eq!(
        [
            &request.method,
            &request.path,
            &request.query,
            &request.version
        ],
        ["GET", "/api/account", "", "HTTP/1.1"]
    );
    // The exact case of the token, which the server compares.
    assert_eq!(request.header("authorization"), Some("Bearer lip_t0ken"));
    assert_eq!(request.header("accept"), Some("application/json"));
    assert_eq!(request.header("user-agent"), Some(USER_AGENT));
}

#[test]
fn posts_send_their_form_or_an_empty_one() {
    let chat = Call::Chat {
        game: "abc".into(),
        text: "hi there & more".into(),
    };
    let (outcome, requests) = exchange(200, b"{\"ok\":true}", &chat);
    assert!(outcome.is_ok());
    let request = &requests[0];
    assert_eq!(
        [&request.method, &request.path, &request.query],
        ["POST", "/api/board/game/abc/chat", ""]
    );
    assert_eq!(
        request.header("content-type"),
        Some("application/x-www-form-urlencoded")
    );
    assert_eq!(request.body, b"room=player&text=hi%20there%20%26%20more");
    let (outcome, requests) = exchange(200, b"", &Call::Resign("abc".into()));
    assert_eq!(outcome.as_deref(), Ok(""));
    assert_eq!(requests[0].header("content-length"), Some("0"));
}

#[test]
fn statuses_become_faults() {
    let mv = Call::Move {
        game: "abc".into(),
        uci: "e2e4".into(),
        offering_draw: false,
    };
    let (outcome, _) = exchange(400, br#"{"error":"Not your turn"}"#, &mv);
    let reason = Some("Not your turn".to_string());
    assert_eq!(outcome, Err(Fault::Status { code: 400, reason }));
    let (outcome, _) = exchange(401, b"{}", &mv);
    assert_eq!(outcome, Err(Fault::Unauthorized));
    let (outcome, _) = exchange(429, b"", &mv);
    assert_eq!(outcome, Err(Fault::RateLimited));
    let (outcome, _) = exchange(503, b"<html>", &mv);
    assert_eq!(
        outcome,
        Err(Fault::Status {
            code: 503,
            reason: None
        })
    );
    let (outcome, _) = exchange(302, b"", &mv);
    assert_eq!(
        outcome,
        Err(Fault::Status {
            code: 302,
            reason: None
        })
    );
    let (outcome, _) = exchange(200, b"\xff\xfe", &Call::Account);
    assert!(matches!(outcome, Err(Fault::BadBody(_))), "{outcome:?}");
}

#[test]
fn nothing_reaches_a_refused_base_or_goes_without_a_token() {
    let server = Server::start(|_, _, stream| respond(stream, 200, "application/json", b"{}"));
    let port = server.addr().port();
    for base in [
        format!("http://user@127.0.0.1:{port}"),
        format!("ftp://127.0.0.1:{port}"),
    ] {
        let outcome = call(
            &agent(&base, Lifetime::Short),
            &base,
            Some(&token()),
            &Call::Account,
        );
        assert_eq!(outcome, Err(Fault::NotSecure(base)));
    }
    let base = server.url();
    let outcome = call(&agent(&base, Lifetime::Short), &base, None, &Call::Account);
    assert_eq!(outcome, Err(Fault::NoToken));
    assert_eq!(server.connections(), 0);
}

/// A long call is told taken once the server answered it, then read to
/// its end.
#[test]
fn a_long_call_reads_to_the_end() {
    let server = Server::start(|_, _, stream| ndjson(stream, &["", ""]));
    let seek = Call::Seek {
        control: Control {
            limit: 600,
            increment: 0,
        },
        rated: false,
        color: None,
    };
    let base = server.url();
    let mut accepted = 0;
    let outcome = long_call(
        &agent(&base, Lifetime::Open),
        &base,
        Some(&token()),
        &seek,
        &mut || accepted += 1,
    );
    assert_eq!(outcome.as_deref(), Ok(""));
    assert_eq!(accepted, 1);
    assert!(
        server.requests()[0]
            .body
            .ends_with(b"rated=false&time=10&increment=0")
    );
}
