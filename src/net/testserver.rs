//! A tiny HTTP/1.1 server on 127.0.0.1 for the tests of the network
//! edge: each connection is read up to the end of its request and
//! handed to the test's handler, which writes whatever answer the test
//! needs (a status, a stream of chunks, a connection left open).

use std::io::{ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

type Handler = dyn Fn(usize, &str, &mut TcpStream) + Send + Sync;

/// A server running until dropped.
pub struct Server {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    requests: Arc<Mutex<Vec<String>>>,
    connections: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
}

impl Server {
    /// Serves every connection on a thread of its own with `handler`,
    /// given the connection's number (from 0) and its request.
    pub fn start(handler: impl Fn(usize, &str, &mut TcpStream) + Send + Sync + 'static) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let requests = Arc::new(Mutex::new(Vec::new()));
        let connections = Arc::new(AtomicUsize::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let handler: Arc<Handler> = Arc::new(handler);
        let (seen, count, halt) = (requests.clone(), connections.clone(), stop.clone());
        thread::spawn(move || {
            for stream in listener.incoming() {
                if halt.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(mut stream) = stream else { continue };
                let n = count.fetch_add(1, Ordering::SeqCst);
                let (seen, handler) = (seen.clone(), handler.clone());
                thread::spawn(move || {
                    let request = read_request(&mut stream);
                    seen.lock().unwrap().push(request.clone());
                    handler(n, &request, &mut stream);
                });
            }
        });
        Server {
            base,
            requests,
            connections,
            stop,
        }
    }

    /// The requests read so far, headers and body.
    pub fn requests(&self) -> Vec<String> {
        self.requests.lock().unwrap().clone()
    }

    /// How many connections were accepted.
    pub fn connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wakes the accepting thread so that it sees the flag.
        let _ = TcpStream::connect(self.base.trim_start_matches("http://"));
    }
}

/// The request's head and its body (by `Content-Length`).
fn read_request(stream: &mut TcpStream) -> String {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let mut bytes = Vec::new();
    let mut buf = [0u8; 1024];
    while !bytes.windows(4).any(|w| w == b"\r\n\r\n") {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => bytes.extend_from_slice(&buf[..n]),
        }
    }
    let text = String::from_utf8_lossy(&bytes).to_string();
    let head_end = text.find("\r\n\r\n").map_or(text.len(), |i| i + 4);
    let length = text
        .lines()
        .find_map(|l| {
            let (name, value) = l.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse::<usize>().ok())?
        })
        .unwrap_or(0);
    while bytes.len() < head_end + length {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => bytes.extend_from_slice(&buf[..n]),
        }
    }
    String::from_utf8_lossy(&bytes).to_string()
}

/// Answers with `status` and `body` and closes.
pub fn respond(stream: &mut TcpStream, status: &str, body: &[u8]) {
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body);
}

/// Starts a chunked answer with status 200.
pub fn start_chunks(stream: &mut TcpStream) {
    let head = "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n";
    let _ = stream.write_all(head.as_bytes());
}

/// Sends one chunk; false when the connection is gone.
pub fn chunk(stream: &mut TcpStream, data: &[u8]) -> bool {
    let mut bytes = format!("{:x}\r\n", data.len()).into_bytes();
    bytes.extend_from_slice(data);
    bytes.extend_from_slice(b"\r\n");
    match stream.write_all(&bytes).and_then(|()| stream.flush()) {
        Ok(()) => true,
        Err(e) => e.kind() == ErrorKind::Interrupted,
    }
}

/// Ends a chunked answer cleanly.
pub fn end_chunks(stream: &mut TcpStream) {
    let _ = stream.write_all(b"0\r\n\r\n");
}

/// A whole chunked answer: every piece, then the end.
pub fn chunked(stream: &mut TcpStream, pieces: &[&[u8]]) {
    start_chunks(stream);
    for piece in pieces {
        chunk(stream, piece);
    }
    end_chunks(stream);
}
