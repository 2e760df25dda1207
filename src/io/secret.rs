//! Reading a secret (the lichess token) at the terminal without echo:
//! what is typed or pasted is neither drawn on the screen nor read out
//! by a screen reader, and goes into no history.
//!
//! The terminal is put in a mode without echo, line editing or signal
//! keys, and the keys are read one by one and edited here (Backspace,
//! Ctrl-U). Signal keys are off so that Ctrl-C cancels the question
//! instead of killing the program with the echo still off, which would
//! leave the player a terminal that shows nothing they type.

/// The longest secret kept, in bytes; keys beyond it are dropped (a
/// token is a few dozen characters).
const MAX_SECRET: usize = 4096;

/// What the keys typed so far make of the secret.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// More keys are wanted.
    More,
    /// Enter: the secret is complete.
    Done,
    /// Ctrl-C, or Ctrl-D on an empty line: no secret.
    Cancel,
}

/// The secret being typed, edited key by key.
#[derive(Default)]
pub(crate) struct Editing {
    bytes: Vec<u8>,
    /// Inside an escape sequence (an arrow key): 1 after ESC, 2 after
    /// `ESC [` or `ESC O`, until its final byte.
    escape: u8,
}

impl Editing {
    /// Takes one byte from the terminal.
    pub(crate) fn key(&mut self, byte: u8) -> Step {
        match (self.escape, byte) {
            (1, b'[' | b'O') => self.escape = 2,
            (1, _) => self.escape = 0,
            (2, 0x40..=0x7e) => self.escape = 0,
            (2, _) => {}
            (_, b'\r' | b'\n') => return Step::Done,
            (_, 0x03) => return Step::Cancel,
            (_, 0x04) if self.bytes.is_empty() => return Step::Cancel,
            (_, 0x1b) => self.escape = 1,
            (_, 0x7f | 0x08) => {
                // A whole character: its continuation bytes, then its
                // first.
                while self.bytes.pop().is_some_and(|b| b & 0xc0 == 0x80) {}
            }
            (_, 0x15) => self.bytes.clear(),
            (_, 0x00..=0x1f) => {}
            (_, _) if self.bytes.len() < MAX_SECRET => self.bytes.push(byte),
            _ => {}
        }
        Step::More
    }

    /// The secret typed.
    pub(crate) fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }
}

/// Writes `prompt`, reads one line from the terminal on standard input
/// with echo off, and gives it; `None` when cancelled, at the end of
/// input, or when the terminal cannot be set (nothing is read then, so
/// the secret is never echoed).
#[cfg(unix)]
pub(crate) fn read_secret(prompt: &str) -> Option<String> {
    use std::io::Write;
    use std::os::fd::AsRawFd;

    let fd = std::io::stdin().as_raw_fd();
    let mut out = std::io::stdout();
    let _ = out.write_all(prompt.as_bytes());
    let _ = out.flush();
    let quiet = Quiet::new(fd)?;
    let mut editing = Editing::default();
    let step = loop {
        let mut byte = 0u8;
        // SAFETY: reads at most one byte into `byte`, which lives
        // through the call.
        let read = unsafe { libc::read(fd, (&raw mut byte).cast(), 1) };
        if read < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        if read <= 0 {
            break Step::Cancel;
        }
        match editing.key(byte) {
            Step::More => {}
            step => break step,
        }
    };
    drop(quiet);
    // The Enter was not echoed either: the next output starts a line.
    let _ = out.write_all(b"\n");
    let _ = out.flush();
    (step == Step::Done).then(|| editing.text())
}

/// Elsewhere there is no terminal mode to set here: the line is read
/// as typed, with echo.
#[cfg(not(unix))]
pub(crate) fn read_secret(prompt: &str) -> Option<String> {
    use std::io::{BufRead, Write};

    let mut out = std::io::stdout();
    let _ = out.write_all(prompt.as_bytes());
    let _ = out.flush();
    let mut line = String::new();
    match std::io::stdin().lock().read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line.trim_end_matches(['\n', '\r']).to_string()),
    }
}

/// The terminal without echo, line editing or signal keys, until
/// dropped, when its former mode comes back (also when a panic unwinds
/// through the read).
#[cfg(unix)]
struct Quiet {
    fd: std::os::fd::RawFd,
    saved: libc::termios,
}

#[cfg(unix)]
impl Quiet {
    fn new(fd: std::os::fd::RawFd) -> Option<Quiet> {
        let mut saved = std::mem::MaybeUninit::<libc::termios>::uninit();
        // SAFETY: `tcgetattr` fills the whole struct when it returns 0,
        // and only then is it read.
        let saved = unsafe {
            if libc::tcgetattr(fd, saved.as_mut_ptr()) != 0 {
                return None;
            }
            saved.assume_init()
        };
        let mut quiet = saved;
        quiet.c_lflag &= !(libc::ECHO | libc::ECHONL | libc::ICANON | libc::ISIG | libc::IEXTEN);
        quiet.c_cc[libc::VMIN] = 1;
        quiet.c_cc[libc::VTIME] = 0;
        // SAFETY: `quiet` is a valid termios read from this terminal.
        if unsafe { libc::tcsetattr(fd, libc::TCSANOW, &quiet) } != 0 {
            return None;
        }
        Some(Quiet { fd, saved })
    }
}

#[cfg(unix)]
impl Drop for Quiet {
    fn drop(&mut self) {
        // SAFETY: `saved` is the mode read from this terminal.
        unsafe {
            libc::tcsetattr(self.fd, libc::TCSANOW, &self.saved);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(keys: &[u8]) -> (Step, String) {
        let mut editing = Editing::default();
        for &key in keys {
            match editing.key(key) {
                Step::More => {}
                step => return (step, editing.text()),
            }
        }
        (Step::More, editing.text())
    }

    #[test]
    fn keys_edit_the_secret() {
        assert_eq!(typed(b"lip_abc\r"), (Step::Done, "lip_abc".into()));
        assert_eq!(typed(b"lip_abx\x7fc\n"), (Step::Done, "lip_abc".into()));
        assert_eq!(typed(b"wrong\x15lip_a\r"), (Step::Done, "lip_a".into()));
        assert_eq!(typed("ä\x7fa\r".as_bytes()), (Step::Done, "a".into()));
        // Arrow keys and other controls add nothing.
        assert_eq!(typed(b"a\x1b[Db\x1bOA\x01c\r"), (Step::Done, "abc".into()));
        assert_eq!(typed(b"\x7f\x7fa\r"), (Step::Done, "a".into()));
    }

    #[test]
    fn ctrl_c_and_ctrl_d_cancel() {
        assert_eq!(typed(b"lip\x03").0, Step::Cancel);
        assert_eq!(typed(b"\x04").0, Step::Cancel);
        // Ctrl-D with text typed is ignored, as a terminal does.
        assert_eq!(typed(b"a\x04b\r"), (Step::Done, "ab".into()));
    }

    #[test]
    fn the_secret_has_a_limit() {
        let mut keys = vec![b'x'; MAX_SECRET + 10];
        keys.push(b'\r');
        assert_eq!(typed(&keys).1.len(), MAX_SECRET);
    }
}
