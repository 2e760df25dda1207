//! The NDJSON reader of the Lichess streams (`annabella::online`): any
//! bytes, cut into any chunks, give events or errors and never a panic,
//! and the cuts never change what comes out.
//!
//! Input: byte 0 picks the line limit, byte 1 the chunk size; the rest is
//! the stream, read as both the event stream and a game stream.

#![no_main]

use annabella::online::{FromLine, Lines, ParseError};
use annabella::online::{GameEvent, StreamEvent};
use libfuzzer_sys::fuzz_target;

fn read<E: FromLine + PartialEq + std::fmt::Debug>(limit: usize, chunk: usize, bytes: &[u8]) {
    let mut whole = Lines::<E>::with_limit(limit);
    let mut expected: Vec<Result<E, ParseError>> = whole.feed(bytes);
    expected.extend(whole.finish());
    let mut cut = Lines::<E>::with_limit(limit);
    let mut got = Vec::new();
    for piece in bytes.chunks(chunk) {
        got.extend(cut.feed(piece));
    }
    got.extend(cut.finish());
    assert_eq!(got, expected, "chunks of {chunk} change the events");
}

fuzz_target!(|data: &[u8]| {
    let [limit, chunk, rest @ ..] = data else {
        return;
    };
    // Small limits exercise dropping long lines; 0 means the default.
    let limit = match *limit {
        0 => annabella::online::DEFAULT_LIMIT,
        n => usize::from(n) * 8,
    };
    let chunk = usize::from(*chunk).max(1);
    read::<StreamEvent>(limit, chunk, rest);
    read::<GameEvent>(limit, chunk, rest);
});
