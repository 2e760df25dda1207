//! The terminal's screen while a line is being typed: what arrives then
//! (the engine's move, a clock alarm, the flag, a lichess event) goes
//! above the prompt through the line editor's external printer, and when
//! the prompt's words change with it (the side to move, the game over)
//! the line is read again under the new prompt with what was typed so far.
//!
//! rustyline cannot change the prompt of a line being read, so the loop
//! interrupts the read the way Ctrl-C would, by a SIGINT that the line
//! editor's own handler turns into an interrupted read; the reader then
//! wipes the old prompt's line and reads again. Outside a read the
//! signal meets a handler that does nothing (installed once, here): a
//! SIGINT must never end the program with the terminal in raw mode.

use std::io::{self, Write};
use std::sync::{Arc, Mutex, Once, PoisonError};

use rustyline::ExternalPrinter;

/// What the loop and the reader share.
#[derive(Default)]
struct Shared {
    /// The prompt to read under from now on, once the loop has changed it.
    prompt: Option<String>,
    /// What is typed on the input line, as the editor last showed it.
    typed: String,
}

/// The loop's side: prints above the prompt and asks for a new one.
#[derive(Clone)]
pub struct Screen {
    printer: Arc<Mutex<Box<dyn ExternalPrinter + Send>>>,
    shared: Arc<Mutex<Shared>>,
}

impl Screen {
    /// A screen printing through `printer`; `typed` is kept up to date by
    /// the editor's helper.
    pub(super) fn new(printer: Box<dyn ExternalPrinter + Send>) -> Screen {
        allow_interrupts();
        Screen {
            printer: Arc::new(Mutex::new(printer)),
            shared: Arc::default(),
        }
    }

    /// Writes `text` (whole lines) above the prompt, which is drawn again
    /// under it with what was typed; with no line being read, it is
    /// written as it is.
    pub fn print(&self, text: String) -> io::Result<()> {
        let mut printer = self.printer.lock().unwrap_or_else(PoisonError::into_inner);
        printer.print(text).map_err(io::Error::other)
    }

    /// Reads the line being typed again under `prompt`.
    pub fn reprompt(&self, prompt: String) {
        self.lock().prompt = Some(prompt);
        // SAFETY: raising a signal has no preconditions; its handler is
        // rustyline's during a read, else the empty one installed below.
        #[cfg(unix)]
        unsafe {
            libc::raise(libc::SIGINT);
        }
    }

    /// Notes what the editor shows on the input line.
    pub(super) fn typed(&self, line: &str) {
        let mut shared = self.lock();
        if shared.typed != line {
            shared.typed = line.to_string();
        }
    }

    /// The new prompt and what was typed under the old one, when the
    /// loop asked for one; `None` after a Ctrl-C from the player.
    pub(super) fn take_reprompt(&self) -> Option<(String, String)> {
        let mut shared = self.lock();
        let prompt = shared.prompt.take()?;
        Some((prompt, std::mem::take(&mut shared.typed)))
    }

    /// Forgets a new prompt asked for while no line was read: the next
    /// read is asked with the prompt of its moment.
    pub(super) fn start_read(&self) {
        let mut shared = self.lock();
        shared.prompt = None;
        shared.typed.clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Shared> {
        self.shared.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl std::fmt::Debug for Screen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Screen")
    }
}

/// Text for the screen, collected until a flush and then printed above
/// the prompt in one piece.
pub struct ScreenText {
    screen: Screen,
    buf: Vec<u8>,
}

impl ScreenText {
    /// Text printed through `screen`.
    pub fn new(screen: Screen) -> ScreenText {
        ScreenText {
            screen,
            buf: Vec::new(),
        }
    }
}

impl Write for ScreenText {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&self.buf).into_owned();
        self.buf.clear();
        self.screen.print(text)
    }
}

/// Wipes the line the interrupted read left behind (the old prompt and
/// what was typed): the editor ends a read with a new line, so the
/// cursor goes up one line and clears it.
pub(super) fn wipe_old_prompt() {
    let mut out = io::stdout();
    let _ = out.write_all(b"\x1b[A\r\x1b[K");
    let _ = out.flush();
}

/// Installs, once, a SIGINT handler that does nothing, so that the
/// signal [`Screen::reprompt`] raises between two reads is harmless.
/// The line editor puts its own in place during a read and restores
/// this one after. A handler, not "ignore": an ignored signal would stay
/// ignored in an engine the program starts.
fn allow_interrupts() {
    static ONCE: Once = Once::new();
    #[cfg(unix)]
    ONCE.call_once(|| {
        extern "C" fn nothing(_: libc::c_int) {}
        let handler: extern "C" fn(libc::c_int) = nothing;
        // SAFETY: the handler does nothing, so it is async-signal-safe;
        // the struct is zeroed and then filled as sigaction wants it.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = handler as libc::sighandler_t;
            libc::sigemptyset(&raw mut action.sa_mask);
            libc::sigaction(libc::SIGINT, &raw const action, std::ptr::null_mut());
        }
    });
}
