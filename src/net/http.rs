//! A small blocking HTTP client for the Board API over ureq (rustls, the
//! Mozilla roots built in): one call answered with its body, or a
//! connection kept open whose body is read as it arrives.
//!
//! The token goes only to a base that [`check_base`] allows, in the
//! `Authorization` header and nowhere else: faults carry the
//! transport's words with the token cut out, and no header is logged.

use std::io::Read;
use std::time::Duration;

use ureq::{Agent, Body, BodyReader};

use super::token::Token;
use crate::online::{Call, Fault, Method, Stream, encode, error_reason};

/// What annabella calls itself to the server.
pub const USER_AGENT: &str = concat!("annabella/", env!("CARGO_PKG_VERSION"));

/// How long connecting (name lookup aside) may take, TLS included.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a short call may take from start to end.
pub const CALL_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a connection kept open may stay silent: lichess sends a
/// keep-alive line every few seconds, so half a minute of nothing means
/// the connection is dead, not that the game is quiet.
pub const READ_TIMEOUT: Duration = Duration::from_secs(30);

/// The largest body of a short call that is read. The lists the client
/// asks for are a few kilobytes.
pub const MAX_BODY: u64 = 4 << 20;

/// How much of a failed call's body is read for its reason.
const MAX_ERROR_BODY: u64 = 64 << 10;

/// What a form is sent as.
const FORM: &str = "application/x-www-form-urlencoded";

/// Whether a connection is closed after its answer or kept open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lifetime {
    /// A call answered at once: bounded by [`CALL_TIMEOUT`].
    Short,
    /// A stream or a seek, open for minutes: bounded only by
    /// [`READ_TIMEOUT`] between reads.
    Open,
}

/// Whether `base` (`https://lichess.org`, `http://127.0.0.1:8080`) may
/// be sent a token: HTTPS to any host, or plain HTTP to this machine
/// only (`localhost`, `127.x.x.x`, `[::1]`), with an optional port and
/// path. Anything else, and anything this check cannot read for sure
/// (a user name before the host, an empty port, a query), is
/// [`Fault::NotSecure`].
///
/// ```
/// use annabella::net::http::check_base;
/// assert!(check_base("https://lichess.org").is_ok());
/// assert!(check_base("http://127.0.0.1:9663").is_ok());
/// assert!(check_base("http://lichess.org").is_err());
/// ```
pub fn check_base(base: &str) -> Result<(), Fault> {
    // One rule, kept with the setting, so an address is refused when set.
    if crate::online::base_is_safe(base) {
        Ok(())
    } else {
        Err(Fault::NotSecure(base.to_string()))
    }
}

/// A client for `base` whose connections live as `lifetime` says. It
/// follows no redirect (a `3xx` is a status like any other, so the
/// token never goes anywhere but `base`), turns no status into an
/// error (the body of a `4xx` says why), and uses no proxy for a base
/// on this machine.
pub fn agent(base: &str, lifetime: Lifetime) -> Agent {
    let mut config = Agent::config_builder()
        .http_status_as_error(false)
        .max_redirects(0)
        .max_redirects_will_error(false)
        .user_agent(USER_AGENT)
        .timeout_connect(Some(CONNECT_TIMEOUT));
    config = match lifetime {
        Lifetime::Short => config.timeout_global(Some(CALL_TIMEOUT)),
        Lifetime::Open => config
            .timeout_recv_response(Some(READ_TIMEOUT))
            .timeout_per_read(Some(READ_TIMEOUT)),
    };
    if crate::online::base_is_safe(base) && base.to_ascii_lowercase().starts_with("http://") {
        config = config.proxy(None);
    }
    config.build().new_agent()
}

/// Carries out `call` against `base` and gives the body of a success
/// (JSON text, possibly empty) or the fault. Nothing is sent when the
/// base fails [`check_base`] or there is no token.
pub fn call(
    agent: &Agent,
    base: &str,
    token: Option<&Token>,
    call: &Call,
) -> Result<String, Fault> {
    let mut body = send(agent, base, token, call, "application/json")?;
    let bytes = body
        .with_config()
        .limit(MAX_BODY)
        .read_to_vec()
        .map_err(|e| match e {
            ureq::Error::BodyExceedsLimit(limit) => {
                Fault::BadBody(format!("longer than {limit} bytes"))
            }
            other => offline(&other, token),
        })?;
    String::from_utf8(bytes).map_err(|e| Fault::BadBody(e.utf8_error().to_string()))
}

/// Carries out a long call (a seek): sends it, tells `accepted` once the
/// server has answered it with a success, then reads its answer,
/// keep-alive lines until the server closes the connection, and gives
/// `Ok("")` for a success ended cleanly. A connection that breaks is
/// [`Fault::Offline`].
pub fn long_call(
    agent: &Agent,
    base: &str,
    token: Option<&Token>,
    call: &Call,
    accepted: &mut dyn FnMut(),
) -> Result<String, Fault> {
    let mut reader = send(agent, base, token, call, "application/json")?.into_reader();
    accepted();
    let mut buf = [0u8; 1024];
    loop {
        match reader.read(&mut buf) {
            Ok(0) => return Ok(String::new()),
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(offline(&e, token)),
        }
    }
}

/// Opens `stream` and gives its body to be read as it arrives.
pub fn open_stream(
    agent: &Agent,
    base: &str,
    token: Option<&Token>,
    stream: &Stream,
) -> Result<BodyReader<'static>, Fault> {
    let body = request(
        agent,
        base,
        token,
        Method::Get,
        &stream.path(),
        &[],
        "application/x-ndjson",
    )?;
    Ok(body.into_reader())
}

/// Sends `call` and gives the body of a success.
fn send(
    agent: &Agent,
    base: &str,
    token: Option<&Token>,
    call: &Call,
    accept: &str,
) -> Result<Body, Fault> {
    let form = call.form();
    request(
        agent,
        base,
        token,
        call.method(),
        &call.path(),
        &form,
        accept,
    )
}

/// One request: checks the base and the token before anything is sent,
/// sends, and sorts the status.
fn request(
    agent: &Agent,
    base: &str,
    token: Option<&Token>,
    method: Method,
    path: &str,
    form: &[(&'static str, String)],
    accept: &str,
) -> Result<Body, Fault> {
    check_base(base)?;
    let token = token.ok_or(Fault::NoToken)?;
    let url = format!("{}{path}", base.trim_end_matches('/'));
    let auth = format!("Bearer {}", token.expose());
    let sent = match method {
        Method::Get => agent
            .get(&url)
            .header("Authorization", auth.as_str())
            .header("Accept", accept)
            .call(),
        Method::Post => agent
            .post(&url)
            .header("Authorization", auth.as_str())
            .header("Accept", accept)
            .header("Content-Type", FORM)
            .send(form_body(form)),
    };
    let response = sent.map_err(|e| offline(&e, Some(token)))?;
    let code = response.status().as_u16();
    let mut body = response.into_body();
    match code {
        200..=299 => Ok(body),
        401 => Err(Fault::Unauthorized),
        429 => Err(Fault::RateLimited),
        _ => {
            // A body that cannot be read has no reason in it; the status
            // alone still says what happened.
            let text = body
                .with_config()
                .limit(MAX_ERROR_BODY)
                .lossy_utf8(true)
                .read_to_string()
                .unwrap_or_default();
            Err(Fault::Status {
                code,
                reason: error_reason(&text),
            })
        }
    }
}

/// `a=1&b=x%20y`: the form as the server reads it.
fn form_body(form: &[(&'static str, String)]) -> String {
    let pairs: Vec<String> = form
        .iter()
        .map(|(key, value)| format!("{}={}", encode(key), encode(value)))
        .collect();
    pairs.join("&")
}

/// A transport failure as [`Fault::Offline`], in the transport's words
/// with the token cut out: no error the client knows of quotes a header,
/// but the words end up in a log, so they are not trusted to.
fn offline(error: &dyn std::fmt::Display, token: Option<&Token>) -> Fault {
    let mut text = error.to_string();
    if let Some(token) = token {
        text = text.replace(token.expose(), "<hidden>");
    }
    Fault::Offline(text)
}

#[cfg(test)]
mod tests {
    // What a call sends to a server and how its answers are read are
    // tested against the test server, in tests/lichess/net_http.rs.
    use super::*;

    fn token() -> Token {
        Token::new("lip_t0ken").unwrap()
    }

    #[test]
    fn bases_must_be_https_or_this_machine() {
        for good in [
            "https://lichess.org",
            "https://lichess.org/",
            "HTTPS://Lichess.org:443/api-prefix",
            "https://[2001:db8::1]:8443",
            "http://127.0.0.1:8080",
            "http://127.1.2.3",
            "http://localhost",
            "http://LOCALHOST:9663/",
            "http://[::1]:8080",
        ] {
            assert_eq!(check_base(good), Ok(()), "{good}");
        }
        for bad in [
            "http://example.com",
            "http://lichess.org",
            "http://127.0.0.1.evil.com",
            "http://localhost.evil.com",
            "http://localhost@evil.com",
            "http://evil.com@127.0.0.1",
            "https://user@lichess.org",
            "http://127.0.0.1:",
            "http://127.0.0.1:99999",
            "http://127.0.0.1:80x",
            "http://10.0.0.1",
            "http://[::2]",
            "http://[::1",
            "https://",
            "https://lichess.org?x=1",
            "https://lichess.org/a b",
            "https://lich ess.org",
            "ftp://127.0.0.1",
            "file:///etc/passwd",
            "lichess.org",
            "",
        ] {
            assert_eq!(
                check_base(bad),
                Err(Fault::NotSecure(bad.to_string())),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_refused_connection_is_offline() {
        // A port that was just free and is closed again.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        drop(listener);
        let outcome = call(
            &agent(&base, Lifetime::Short),
            &base,
            Some(&token()),
            &Call::Account,
        );
        match outcome {
            Err(Fault::Offline(text)) => assert!(!text.contains("lip_t0ken"), "{text}"),
            other => panic!("not offline: {other:?}"),
        }
    }

    #[test]
    fn https_speaks_tls() {
        use std::io::Write;
        // A server that is not TLS: the client must open with a TLS
        // record (a handshake, 0x16), and fail cleanly on the answer.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("https://{}", listener.local_addr().unwrap());
        let server = std::thread::spawn(move || {
            let (mut stream, _) = listener.accept().unwrap();
            let mut first = [0u8; 1];
            stream.read_exact(&mut first).unwrap();
            let _ = stream.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
            first[0]
        });
        let outcome = call(
            &agent(&base, Lifetime::Short),
            &base,
            Some(&token()),
            &Call::Account,
        );
        assert!(matches!(outcome, Err(Fault::Offline(_))), "{outcome:?}");
        assert_eq!(server.join().unwrap(), 0x16);
    }
}
