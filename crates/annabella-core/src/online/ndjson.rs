//! NDJSON as Lichess streams it: one JSON object a line, empty lines as
//! keep-alives, bytes arriving in chunks cut anywhere.

use std::marker::PhantomData;

use serde_json::Value;

use super::events::{GameEvent, StreamEvent};

/// The longest line [`Lines::new`] accepts, in bytes. The largest real
/// event (a `gameFull` of a long game) is a few kilobytes; the limit only
/// keeps a broken or hostile stream from growing the buffer for ever.
pub const DEFAULT_LIMIT: usize = 1 << 20;

/// What was wrong with a line, as data for a message or a log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The line grew beyond `limit` bytes; it is dropped up to its newline.
    TooLong {
        /// The limit it broke.
        limit: usize,
    },
    /// The line is not UTF-8; the first `valid_up_to` bytes were.
    InvalidUtf8 {
        /// How many bytes from the start of the line were valid.
        valid_up_to: usize,
    },
    /// The line is not JSON.
    InvalidJson {
        /// What kind of fault.
        category: JsonCategory,
        /// Where, counting from 1 (always line 1 of a one-line text).
        line: usize,
        /// Column of the fault, counting from 1.
        column: usize,
        /// The parser's own description, for a log.
        detail: String,
    },
    /// The JSON is not an object.
    NotAnObject,
    /// The object has no `type` string.
    MissingType,
    /// An event of a known `type` lacks a field it needs or has one of the
    /// wrong kind.
    InvalidEvent {
        /// The event type.
        kind: String,
        /// The deserialiser's own description, for a log.
        detail: String,
    },
}

/// The kind of a JSON syntax fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JsonCategory {
    /// Not valid JSON.
    Syntax,
    /// The text ends in the middle of a value.
    Eof,
    /// Valid JSON the reader could not hold (a number out of range).
    Data,
}

impl From<serde_json::Error> for ParseError {
    fn from(error: serde_json::Error) -> Self {
        let category = match error.classify() {
            serde_json::error::Category::Eof => JsonCategory::Eof,
            serde_json::error::Category::Data => JsonCategory::Data,
            // Reading from a string never does I/O; count it as syntax
            // rather than invent a case nobody can meet.
            serde_json::error::Category::Syntax | serde_json::error::Category::Io => {
                JsonCategory::Syntax
            }
        };
        ParseError::InvalidJson {
            category,
            line: error.line(),
            column: error.column(),
            detail: error.to_string(),
        }
    }
}

/// An event read from one complete line of text.
pub trait FromLine: Sized {
    /// The event on `line` (without its newline).
    fn from_line(line: &str) -> Result<Self, ParseError>;
}

impl FromLine for StreamEvent {
    fn from_line(line: &str) -> Result<Self, ParseError> {
        StreamEvent::from_value(serde_json::from_str::<Value>(line)?)
    }
}

impl FromLine for GameEvent {
    fn from_line(line: &str) -> Result<Self, ParseError> {
        GameEvent::from_value(serde_json::from_str::<Value>(line)?)
    }
}

/// Cuts a byte stream into lines and reads each as an event `E`.
///
/// Chunks may end anywhere, even inside a UTF-8 character: the part of a
/// line not yet ended by `\n` is kept for the next chunk, so the events
/// do not depend on how the stream was cut. Empty lines (keep-alives)
/// give nothing; a line too long gives one [`ParseError::TooLong`] and
/// the reader picks up again after its newline.
///
/// ```
/// use annabella_core::online::{GameEvent, GameLines};
///
/// let mut lines = GameLines::new();
/// assert!(lines.feed(b"\n{\"type\":\"opponentGone\",\"go").is_empty());
/// let events = lines.feed(b"ne\":false}\n");
/// assert!(matches!(events.as_slice(), [Ok(GameEvent::OpponentGone(gone))] if !gone.gone));
/// ```
#[derive(Clone, Debug)]
pub struct Lines<E> {
    pending: Vec<u8>,
    limit: usize,
    /// The current line broke the limit: drop bytes until its newline.
    skipping: bool,
    /// Keep-alive lines seen so far.
    keepalives: u64,
    // `fn() -> E` keeps `Lines` Send and Sync whatever `E` is, since
    // it holds no `E`.
    event: PhantomData<fn() -> E>,
}

/// A reader of the event stream.
pub type EventLines = Lines<StreamEvent>;

/// A reader of a game stream.
pub type GameLines = Lines<GameEvent>;

impl<E: FromLine> Default for Lines<E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<E: FromLine> Lines<E> {
    /// A reader with the [`DEFAULT_LIMIT`] on line length.
    pub fn new() -> Self {
        Self::with_limit(DEFAULT_LIMIT)
    }

    /// A reader that drops lines longer than `limit` bytes (not counting
    /// the newline).
    pub fn with_limit(limit: usize) -> Self {
        Lines {
            pending: Vec::new(),
            limit,
            skipping: false,
            keepalives: 0,
            event: PhantomData,
        }
    }

    /// Reads the next chunk of the stream; gives the lines it completes,
    /// in order, as events or errors.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Result<E, ParseError>> {
        let mut out = Vec::new();
        let mut rest = bytes;
        while let Some(at) = memchr::memchr(b'\n', rest) {
            let (head, tail) = rest.split_at(at);
            rest = tail.get(1..).unwrap_or_default();
            self.take(head, &mut out);
            if self.skipping {
                self.skipping = false;
            } else if let Some(event) = read_line(&self.pending) {
                out.push(event);
            } else {
                self.keepalives += 1;
            }
            self.pending.clear();
        }
        self.take(rest, &mut out);
        out
    }

    /// Ends the stream: reads a last line left without its newline, if
    /// any. The reader is then empty and may read a new stream.
    pub fn finish(&mut self) -> Option<Result<E, ParseError>> {
        let event = if self.skipping {
            None
        } else {
            read_line(&self.pending)
        };
        self.pending.clear();
        self.skipping = false;
        event
    }

    /// How many keep-alive (empty) lines have been read: the server sends
    /// one after what it has to say on connecting, and then every few
    /// seconds.
    pub fn keepalives(&self) -> u64 {
        self.keepalives
    }

    /// How many bytes of an unfinished line are held.
    pub fn pending_len(&self) -> usize {
        self.pending.len()
    }

    /// Adds part of the current line, or drops the line if it grows too
    /// long (the error is given once, when the limit is crossed).
    fn take(&mut self, piece: &[u8], out: &mut Vec<Result<E, ParseError>>) {
        if self.skipping {
            return;
        }
        if self.pending.len().saturating_add(piece.len()) > self.limit {
            self.pending.clear();
            // A megabyte buffer is not worth keeping for one bad line.
            self.pending.shrink_to(4096);
            self.skipping = true;
            out.push(Err(ParseError::TooLong { limit: self.limit }));
        } else {
            self.pending.extend_from_slice(piece);
        }
    }
}

/// The event on one line without its `\n`; none for a keep-alive.
fn read_line<E: FromLine>(line: &[u8]) -> Option<Result<E, ParseError>> {
    // Servers may end lines with CRLF; whitespace alone is a keep-alive.
    if line.iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    Some(match std::str::from_utf8(line) {
        Ok(text) => E::from_line(text),
        Err(error) => Err(ParseError::InvalidUtf8 {
            valid_up_to: error.valid_up_to(),
        }),
    })
}
