//! Just enough HTTP/1.1 for the stand-in: one request per connection
//! (request line, headers, a `Content-Length` body), answers with a
//! `Content-Length`, and the NDJSON streams sent chunked, one line a
//! chunk, each written whole so that the client gets it at once.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::time::Duration;

/// The largest request head or body the stand-in reads: a client under
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
    /// The path's segments, percent-decoded (`/api/account` gives `api`,
    /// `account`).
    pub segments: Vec<String>,
    /// The `Authorization` header's value, if sent.
    pub authorization: Option<String>,
    /// The body as a form (`application/x-www-form-urlencoded`); empty if
    /// there was none.
    pub form: Vec<(String, String)>,
}

impl Request {
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
    let (Some(method), Some(target), Some(_version)) = (words.next(), words.next(), words.next())
    else {
        return Err(format!("not a request line: {request_line:?}"));
    };
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let mut authorization = None;
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
        if name.eq_ignore_ascii_case("authorization") {
            authorization = Some(value.to_string());
        } else if name.eq_ignore_ascii_case("content-length") {
            length = value
                .parse()
                .map_err(|_| format!("Content-Length {value:?}"))?;
        }
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
        segments,
        authorization,
        form: pairs(&String::from_utf8_lossy(&body)),
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

/// The reason phrase of the statuses the stand-in answers with.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        201 => "Created",
        400 => "Bad Request",
        401 => "Unauthorized",
        404 => "Not Found",
        429 => "Too Many Requests",
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

/// Waits until the client closes `stream` (or the stand-in shuts it
/// down): the client sends nothing on a stream's connection after its
/// request, so a read returns only at the end.
pub fn wait_for_hang_up(stream: &mut TcpStream) {
    let _ = stream.set_read_timeout(None);
    let mut buffer = [0u8; 256];
    while matches!(stream.read(&mut buffer), Ok(read) if read > 0) {}
}
