//! The UCI server (`annabella uci`) reading a GUI's commands from a
//! byte buffer, answering into memory. Nothing a GUI sends may panic it,
//! every input ends (the server stops a running search at the end of
//! input, so `go infinite` and deep searches end too), and every `go`
//! is answered with exactly one `bestmove`.
//!
//! Input: the GUI's commands, one per line.

#![no_main]

use std::io::{BufRead, Cursor, Write};
use std::sync::{Arc, Mutex};

use annabella::engine::uci::serve;
use libfuzzer_sys::fuzz_target;
use vampirc_uci::UciMessage;

/// The server's output, kept for the checks after it ends.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self.0.lock() {
            Ok(mut out) => out.write(buf),
            Err(_) => Ok(buf.len()),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// How many `go` commands the server takes before `quit` or the end of
/// its input, read the way it reads them.
fn searches_asked(input: &[u8]) -> usize {
    let mut count = 0;
    for line in Cursor::new(input).lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        match annabella::engine::wire::parse(line) {
            UciMessage::Quit => break,
            UciMessage::Go { .. } => count += 1,
            _ if line.split_whitespace().next() == Some("go") => count += 1,
            _ => {}
        }
    }
    count
}

fuzz_target!(|data: &[u8]| {
    let output = Shared::default();
    serve(Cursor::new(data), output.clone());
    let text = match output.0.lock() {
        Ok(out) => String::from_utf8_lossy(&out).into_owned(),
        Err(_) => return,
    };
    let answers = text.lines().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(
        answers,
        searches_asked(data),
        "every go is answered once:\n{text}"
    );
});
