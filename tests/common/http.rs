//! The one HTTP test server, under the stand-in lichess and the tests of
//! the network edge: just enough HTTP/1.1 for a client under test. One
//! request per connection (request line, headers, a `Content-Length`
//! body), answers with a `Content-Length`, and NDJSON streams sent
//! chunked, one line a chunk, each written whole so that the client
//! gets it at once.

#![allow(dead_code)] // The stand-in and the network tests each use a part.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

/// The largest request head or body the server reads: a client under
/// test never sends more, and a broken one must not grow a buffer.
const LIMIT: usize = 64 * 1024;

/// How long a write to a client may block before the client counts as
/// gone: a test client that stops reading must not hang the server.
const WRITE_TIMEOUT: Duration = Duration::from_secs(5);

/// One request as read from the wire.
#[derive(Clone, Debug)]
pub struct Request {
    /// `GET`, `POST`, …
    pub method: String,
    /// The path as sent, without the query (still percent-encoded).
    pub path: String,
    /// The query as sent, without the `?`.
    pub query: String,
    /// The protocol of the request line (`HTTP/1.1`).
    pub version: String,
    /// The path's segments, percent-decoded (`/api/account` gives `api`,
    /// `account`).
    pub segments: Vec<String>,
    /// Every header in the order sent: its name as sent, its value
    /// without the spaces around it.
    pub headers: Vec<(String, String)>,
    /// The body as sent.
    pub body: Vec<u8>,
    /// The body as a form (`application/x-www-form-urlencoded`); empty if
    /// there was none.
    pub form: Vec<(String, String)>,
}

impl Request {
    /// The value of the first header called `name`, in any case.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    /// The first value of `name` in the form.
    pub fn field(&self, name: &str) -> Option<&str> {
        self.form
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    /// The first value of `name` in the query.
    pub fn query_field(&self, name: &str) -> Option<String> {
        pairs(&self.query)
            .into_iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value)
    }
}

/// Reads one request from `stream`; the reason as text when it is not
/// one.
pub fn read_request(stream: &TcpStream) -> Result<Request, String> {
    let mut reader = BufReader::new(stream.try_clone().map_err(|e| e.to_string())?);
    let mut head_size = 0;
    let mut next_line = |reader: &mut BufReader<TcpStream>| -> Result<String, String> {
        let mut line = String::new();
        let read = reader
            .by_ref()
            .take((LIMIT - head_size) as u64)
            .read_line(&mut line)
            .map_err(|e| e.to_string())?;
        head_size += read;
        if !line.ends_with('\n') {
            return Err("the request head ended early or is too long".to_string());
        }
        Ok(line.trim_end_matches(['\r', '\n']).to_string())
    };
    let request_line = next_line(&mut reader)?;
    let mut words = request_line.split(' ');
    let (Some(method), Some(target), Some(version)) = (words.next(), words.next(), words.next())
    else {
        return Err(format!("not a request line: {request_line:?}"));
    };
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let mut headers = Vec::new();
    let mut length = 0usize;
    loop {
        let line = next_line(&mut reader)?;
        if line.is_empty() {
            break;
        }
        let Some((name, value)) = line.split_once(':') else {
            return Err(format!("not a header: {line:?}"));
        };
        let value = value.trim();
        if name.eq_ignore_ascii_case("content-length") {
            length = value
                .parse()
                .map_err(|_| format!("Content-Length {value:?}"))?;
        }
        headers.push((name.to_string(), value.to_string()));
    }
    if length > LIMIT {
        return Err(format!("a body of {length} bytes"));
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).map_err(|e| e.to_string())?;
    let segments = path
        .split('/')
        .filter(|segment| !segment.is_empty())
        .map(|segment| decode(segment, false))
        .collect();
    Ok(Request {
        method: method.to_string(),
        path: path.to_string(),
        query: query.to_string(),
        version: version.to_string(),
        segments,
        headers,
        form: pairs(&String::from_utf8_lossy(&body)),
        body,
    })
}

/// The pairs of a query or form (`a=1&b=x+y`), decoded.
pub fn pairs(text: &str) -> Vec<(String, String)> {
    text.split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(key, true), decode(value, true))
        })
        .collect()
}

/// Percent-decodes `text`; in a form (`plus_is_space`) `+` is a space.
/// A `%` not followed by two hex digits stays as it is.
pub fn decode(text: &str, plus_is_space: bool) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let byte = bytes[at];
        let hex = |offset: usize| {
            bytes
                .get(at + offset)
                .and_then(|b| char::from(*b).to_digit(16))
        };
        match (byte, hex(1), hex(2)) {
            (b'%', Some(high), Some(low)) => {
                // Two hex digits make at most 255.
                out.push(u8::try_from(high * 16 + low).unwrap_or(b'?'));
                at += 3;
            }
            (b'+', _, _) if plus_is_space => {
                out.push(b' ');
                at += 1;
            }
            _ => {
                out.push(byte);
                at += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The reason phrase of the statuses the tests answer with.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        201 => "Created",
        302 => "Found",
        400 => "Bad Request",
        401 => "Unauthorized",
        404 => "Not Found",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "Unknown",
    }
}

/// Prepares a fresh connection: no delay for small writes (each line of
/// a stream must leave at once), and time limits so that a client that
/// stalls cannot hang a thread of the server for ever.
pub fn prepare(stream: &TcpStream) {
    let _ = stream.set_nodelay(true);
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
}

/// Writes a whole answer with a body of `content_type`, then closes.
pub fn respond(stream: &mut TcpStream, status: u16, content_type: &str, body: &[u8]) {
    let mut bytes = format!(
        "HTTP/1.1 {status} {}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
         Access-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n",
        reason(status),
        body.len()
    )
    .into_bytes();
    bytes.extend_from_slice(body);
    // A client that hung up early misses its answer; nothing to do.
    let _ = stream.write_all(&bytes).and_then(|()| stream.flush());
    let _ = stream.shutdown(Shutdown::Write);
}

/// The write side of an open NDJSON stream, one line a chunk.
#[derive(Debug)]
pub struct Sink {
    /// Tells this connection apart from others, to remove it when the
    /// client hangs up.
    pub id: u64,
    stream: TcpStream,
    /// False once a write failed or the stream was closed.
    pub alive: bool,
}

impl Sink {
    /// Sends the head of a chunked NDJSON answer on `stream`.
    pub fn open(id: u64, stream: &TcpStream) -> Option<Sink> {
        let stream = stream.try_clone().ok()?;
        let mut sink = Sink {
            id,
            stream,
            alive: true,
        };
        sink.write(
            b"HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\n\
              Transfer-Encoding: chunked\r\nAccess-Control-Allow-Origin: *\r\n\
              Connection: close\r\n\r\n",
        );
        sink.alive.then_some(sink)
    }

    fn write(&mut self, bytes: &[u8]) {
        if self.alive {
            self.alive = self
                .stream
                .write_all(bytes)
                .and_then(|()| self.stream.flush())
                .is_ok();
        }
    }

    /// Sends `text` and its newline as one chunk.
    pub fn line(&mut self, text: &str) {
        let data = format!("{text}\n");
        let chunk = format!("{:x}\r\n{data}\r\n", data.len());
        self.write(chunk.as_bytes());
    }

    /// Sends a keep-alive: an empty line.
    pub fn keep_alive(&mut self) {
        self.line("");
    }

    /// Ends the answer properly (the last, empty chunk) and closes: the
    /// server is done with this stream.
    pub fn end(&mut self) {
        self.write(b"0\r\n\r\n");
        let _ = self.stream.shutdown(Shutdown::Both);
        self.alive = false;
    }

    /// Closes the connection without ending the answer, as a dropped
    /// connection looks to the client.
    pub fn cut(&mut self) {
        let _ = self.stream.shutdown(Shutdown::Both);
        self.alive = false;
    }
}

/// Answers with a whole NDJSON stream: each of `lines` (an empty one is a
/// keep-alive), then its end.
pub fn ndjson(stream: &TcpStream, lines: &[&str]) {
    if let Some(mut sink) = Sink::open(0, stream) {
        for line in lines {
            sink.line(line);
        }
        sink.end();
    }
}

/// Waits until the client closes `stream` (or the server shuts it
/// down): the client sends nothing on a stream's connection after its
/// request, so a read returns only at the end.
pub fn wait_for_hang_up(stream: &mut TcpStream) {
    let _ = stream.set_read_timeout(None);
    let mut buffer = [0u8; 256];
    while matches!(stream.read(&mut buffer), Ok(read) if read > 0) {}
}

/// What the threads of a [`Server`] share.
#[derive(Default)]
struct Seen {
    stop: AtomicBool,
    connections: AtomicUsize,
    requests: Mutex<Vec<Request>>,
}

/// A server on a free port of 127.0.0.1, until dropped: each connection
/// on a thread of its own, its request read and kept, then handed with
/// the connection to the server's handler.
pub struct Server {
    addr: SocketAddr,
    seen: Arc<Seen>,
    acceptor: Option<JoinHandle<()>>,
}

impl Server {
    /// Starts serving with `handler`, given the connection's number
    /// (from 0 in the order accepted), its request and the connection to
    /// answer on. A request that cannot be read is answered 400 and not
    /// handed on.
    pub fn start(
        handler: impl Fn(usize, &Request, &mut TcpStream) + Send + Sync + 'static,
    ) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a port on 127.0.0.1");
        let addr = listener.local_addr().expect("the port bound");
        let seen = Arc::new(Seen::default());
        let handler = Arc::new(handler);
        let acceptor = {
            let seen = Arc::clone(&seen);
            std::thread::spawn(move || {
                for stream in listener.incoming() {
                    if seen.stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let Ok(stream) = stream else { continue };
                    let number = seen.connections.fetch_add(1, Ordering::SeqCst);
                    let (seen, handler) = (Arc::clone(&seen), Arc::clone(&handler));
                    std::thread::spawn(move || serve(&seen, number, stream, &*handler));
                }
            })
        };
        Server {
            addr,
            seen,
            acceptor: Some(acceptor),
        }
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// How many connections it accepted.
    pub fn connections(&self) -> usize {
        self.seen.connections.load(Ordering::SeqCst)
    }

    /// The requests read so far, in the order they were read.
    pub fn requests(&self) -> Vec<Request> {
        self.seen
            .requests
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.seen.stop.store(true, Ordering::SeqCst);
        // The acceptor waits in `accept`: a connection of our own wakes
        // it to see the stop.
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_secs(1));
        if let Some(acceptor) = self.acceptor.take() {
            let _ = acceptor.join();
        }
    }
}

/// Serves one connection: its request read and kept, then `handler`.
fn serve(
    seen: &Seen,
    number: usize,
    mut stream: TcpStream,
    handler: &impl Fn(usize, &Request, &mut TcpStream),
) {
    prepare(&stream);
    let Ok(request) = read_request(&stream) else {
        respond(
            &mut stream,
            400,
            "application/json",
            br#"{"error":"Bad request"}"#,
        );
        return;
    };
    seen.requests
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .push(request.clone());
    handler(number, &request, &mut stream);
}
