//! The Braille display through BRLTTY's BrlAPI. A thread of its own
//! keeps the connection: it draws what the [`Screen`] shows, reads the
//! display's keys (what moves through the text or the board stays
//! there; what concerns the game goes to the loop as a [`Report`]), and
//! when BRLTTY goes away it says so once and connects again when BRLTTY
//! is back. The connection is made the way every BrlAPI client makes it:
//! the host and key from `BRLAPI_HOST` and `BRLAPI_AUTH` or the
//! library's defaults, the terminal from BrlAPI's default tty
//! (`WINDOWID`, `CONTROLVT`, the controlling terminal).
//!
//! [`BrailleSink`] is the display's subscriber: every event's lines (the
//! same words as the text), the board, the view and the piece letters
//! of the UI language go to the thread.

use std::sync::{Arc, Mutex, PoisonError};

mod sink;

pub use sink::BrailleSink;

use crate::braille::{Action, Screen};
use crate::event::{DisplayBoard, DisplayTrouble, View};

/// What the display's thread tells the loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// A key that asks something of the session.
    Action(Action),
    /// The display is there: its cells across and its rows.
    Connected {
        /// Cells in a row.
        cols: u16,
        /// Rows.
        rows: u16,
    },
    /// The display went away (BRLTTY stopped).
    Lost,
    /// The display cannot be had: why.
    Unavailable(DisplayTrouble),
}

/// What the thread is told.
#[derive(Clone, Debug)]
// Without the `braille` feature there is no thread to read it.
#[cfg_attr(not(feature = "braille"), allow(dead_code))]
enum Update {
    Said(Vec<String>),
    Board(DisplayBoard),
    View(View),
    Letters([char; 6]),
}

/// The way to the display's thread, shared by the loop (which opens and
/// closes the display) and the subscriber (which feeds it).
#[derive(Clone, Default)]
pub struct DisplayLink {
    inner: Arc<Mutex<Option<thread::Handle>>>,
}

impl std::fmt::Debug for DisplayLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DisplayLink")
    }
}

impl DisplayLink {
    /// A link to no display yet.
    pub fn new() -> DisplayLink {
        DisplayLink::default()
    }

    /// Opens the display, unless it is open: the thread connects (and
    /// keeps connecting) and tells `report` what happens. `Err` when
    /// this build has no Braille display.
    pub fn open(&self, report: impl Fn(Report) + Send + Sync + 'static) -> Result<(), NotBuilt> {
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        if inner.is_none() {
            *inner = thread::Handle::start(Arc::new(report))?;
        }
        Ok(())
    }

    /// Closes the display: the thread lets it go and ends.
    pub fn close(&self) {
        // The handle, dropped here, ends the thread.
        self.inner
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
    }

    fn send(&self, updates: Vec<Update>) {
        if updates.is_empty() {
            return;
        }
        if let Some(handle) = &*self.inner.lock().unwrap_or_else(PoisonError::into_inner) {
            handle.send(updates);
        }
    }

    fn is_open(&self) -> bool {
        self.inner
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
    }
}

/// Where the display's thread tells what happens.
type Reporter = Arc<dyn Fn(Report) + Send + Sync>;

/// This build has no Braille display (the `braille` feature is off).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NotBuilt;

/// Applies an update to what the display shows.
#[cfg_attr(not(feature = "braille"), allow(dead_code))]
fn apply(screen: &mut Screen, update: Update) {
    match update {
        Update::Said(lines) => screen.said(&lines),
        Update::Board(board) => screen.set_board(board),
        Update::View(view) => screen.set_view(view),
        Update::Letters(letters) => screen.set_letters(letters),
    }
}

#[cfg(feature = "braille")]
mod thread {
    //! The thread that owns the BrlAPI connection. It waits in `poll` on
    //! the connection and on a pipe the loop writes a byte into with
    //! every update, so that a move reaches the display at once and the
    //! thread sleeps otherwise.

    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
    use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
    use std::time::{Duration, Instant};

    use std::ffi::CString;

    use brlapi::{BrlApiError, Connection, ConnectionSettings, TtyMode};

    use std::sync::Arc;

    use super::{NotBuilt, Report, Reporter, Screen, Update, apply};
    use crate::braille::{Key, Shown};
    use crate::event::View;
    use crate::event::{DisplayFault, DisplayTrouble};

    /// How long the thread waits before it tries BRLTTY again, at first
    /// and at most: the wait doubles while BRLTTY stays away, so that a
    /// computer without a display is asked little, and a BRLTTY that
    /// restarts is found at once.
    const RETRY: Duration = Duration::from_secs(1);
    const RETRY_MAX: Duration = Duration::from_secs(8);

    /// The running thread: updates go in through the channel and a byte
    /// on the pipe wakes it. Dropped, it ends the thread.
    pub(super) struct Handle {
        tx: Sender<Option<Vec<Update>>>,
        wake: OwnedFd,
    }

    impl Handle {
        /// The thread started; `None` when it could not be (said to
        /// `report`).
        pub(super) fn start(report: Reporter) -> Result<Option<Handle>, NotBuilt> {
            let (tx, rx) = mpsc::channel();
            let mut fds = [0; 2];
            // SAFETY: `fds` has room for the two descriptors pipe2 writes.
            let made = unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC | libc::O_NONBLOCK) };
            if made != 0 {
                report(Report::Unavailable(DisplayTrouble::Failed(
                    DisplayFault::NoThread,
                )));
                return Ok(None);
            }
            // SAFETY: pipe2 succeeded, so both are open descriptors we own.
            let (read, write) =
                unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
            let reporter = Arc::clone(&report);
            match std::thread::Builder::new()
                .name("braille".into())
                .spawn(move || run(&rx, &read, &*reporter))
            {
                Ok(_) => Ok(Some(Handle { tx, wake: write })),
                Err(_) => {
                    report(Report::Unavailable(DisplayTrouble::Failed(
                        DisplayFault::NoThread,
                    )));
                    Ok(None)
                }
            }
        }

        pub(super) fn send(&self, updates: Vec<Update>) {
            if self.tx.send(Some(updates)).is_ok() {
                self.wake();
            }
        }

        fn wake(&self) {
            let byte = [1u8];
            // SAFETY: writing one byte from a live buffer to our own pipe;
            // a full pipe (EAGAIN) already holds a wake-up.
            let _ = unsafe { libc::write(self.wake.as_raw_fd(), byte.as_ptr().cast(), 1) };
        }
    }

    impl Drop for Handle {
        fn drop(&mut self) {
            let _ = self.tx.send(None);
            self.wake();
        }
    }

    /// What waiting found.
    enum Woken {
        Updates,
        Key,
        Timeout,
        Broken,
    }

    /// Waits for the connection (when there is one) or the pipe, at most
    /// `timeout` (`None`: as long as it takes).
    fn wait(connection: Option<RawFd>, wake: &OwnedFd, timeout: Option<Duration>) -> Woken {
        let mut fds = vec![libc::pollfd {
            fd: wake.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        }];
        if let Some(fd) = connection {
            fds.push(libc::pollfd {
                fd,
                events: libc::POLLIN,
                revents: 0,
            });
        }
        let ms = timeout.map_or(-1, |t| i32::try_from(t.as_millis()).unwrap_or(i32::MAX));
        // SAFETY: `fds` is a live array of `fds.len()` pollfd entries.
        let n = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
        if n == 0 {
            return Woken::Timeout;
        }
        if n < 0 {
            // Interrupted by a signal: look again.
            return Woken::Updates;
        }
        if fds[0].revents != 0 {
            let mut buf = [0u8; 64];
            // SAFETY: reading into a live buffer of its own length from our
            // own non-blocking pipe.
            while unsafe { libc::read(fds[0].fd, buf.as_mut_ptr().cast(), buf.len()) } > 0 {}
            return Woken::Updates;
        }
        match fds.get(1) {
            Some(fd) if fd.revents & (libc::POLLERR | libc::POLLNVAL) != 0 => Woken::Broken,
            Some(fd) if fd.revents != 0 => Woken::Key,
            _ => Woken::Updates,
        }
    }

    /// Takes the updates waiting; `false` when the display is closed.
    fn take(rx: &Receiver<Option<Vec<Update>>>, screen: &mut Screen) -> bool {
        loop {
            match rx.try_recv() {
                Ok(Some(updates)) => updates.into_iter().for_each(|u| apply(screen, u)),
                Ok(None) | Err(TryRecvError::Disconnected) => return false,
                Err(TryRecvError::Empty) => return true,
            }
        }
    }

    /// BrlAPI calls this when BRLTTY refuses a request; its default
    /// handler aborts the process. The request's call fails as well, and
    /// the thread then connects again.
    unsafe extern "C" fn on_exception(
        _handle: *mut brlapi_sys::brlapi_handle_t,
        _error: std::os::raw::c_int,
        _kind: brlapi_sys::brlapi_packetType_t,
        _packet: *const std::ffi::c_void,
        _size: usize,
    ) {
    }

    fn run(
        rx: &Receiver<Option<Vec<Update>>>,
        wake: &OwnedFd,
        report: &(dyn Fn(Report) + Send + Sync),
    ) {
        let mut screen = Screen::new(40, 1);
        let mut unavailable_said = false;
        let mut retry = RETRY;
        loop {
            if !take(rx, &mut screen) {
                return;
            }
            match connect() {
                Ok(connection) => match serve(&connection, rx, wake, &mut screen, report) {
                    Served::Closed => return,
                    Served::Lost => {
                        unavailable_said = false;
                        retry = RETRY;
                        report(Report::Lost);
                    }
                    Served::NoDisplay if !unavailable_said => {
                        unavailable_said = true;
                        report(Report::Unavailable(DisplayTrouble::NoDisplay));
                    }
                    Served::NoDisplay => {}
                },
                Err(why) if !unavailable_said => {
                    unavailable_said = true;
                    report(Report::Unavailable(why));
                }
                Err(_) => {}
            }
            // Wait before trying again, taking updates meanwhile.
            let until = Instant::now() + retry;
            loop {
                let left = until.saturating_duration_since(Instant::now());
                match wait(None, wake, Some(left)) {
                    Woken::Timeout => break,
                    _ if !take(rx, &mut screen) => return,
                    _ => {}
                }
            }
            retry = (retry * 2).min(RETRY_MAX);
        }
    }

    fn connect() -> Result<Connection, DisplayTrouble> {
        let mut settings = ConnectionSettings::new();
        settings.set_timeout(Duration::from_secs(3));
        let connection = Connection::open_with_settings(Some(&settings)).map_err(|e| match e {
            BrlApiError::AuthenticationFailed => DisplayTrouble::NotAllowed,
            BrlApiError::ConnectionRefused
            | BrlApiError::ConnectionTimeout
            | BrlApiError::LibCError
            | BrlApiError::GetAddrInfoError
            | BrlApiError::UnexpectedEndOfFile => DisplayTrouble::NoBrltty,
            _ => DisplayTrouble::Failed(DisplayFault::Brltty),
        })?;
        // SAFETY: the handle is the connection's own, alive while it is.
        unsafe {
            brlapi_sys::brlapi__setExceptionHandler(connection.handle_ptr(), Some(on_exception));
        }
        Ok(connection)
    }

    enum Served {
        /// The display was closed: the thread ends.
        Closed,
        /// BRLTTY went away, or refused what was asked.
        Lost,
        /// BRLTTY runs without a display, or gives no terminal.
        NoDisplay,
    }

    /// Shows the screen on the display and reads its keys until the
    /// display is closed or BRLTTY goes away.
    fn serve(
        connection: &Connection,
        rx: &Receiver<Option<Vec<Update>>>,
        wake: &OwnedFd,
        screen: &mut Screen,
        report: &dyn Fn(Report),
    ) -> Served {
        let Ok((cols, rows)) = connection.display_size() else {
            return Served::Lost;
        };
        let (Ok(cols), Ok(rows)) = (u16::try_from(cols), u16::try_from(rows)) else {
            return Served::NoDisplay;
        };
        if cols == 0 || rows == 0 {
            // BRLTTY runs without a display yet: try again later.
            return Served::NoDisplay;
        }
        let Ok(tty) = TtyMode::with_tty(connection, None, None) else {
            return Served::NoDisplay;
        };
        screen.resize(cols, rows);
        report(Report::Connected { cols, rows });
        let keys = tty.key_reader();
        let mut drawn = None;
        loop {
            // Keys first: the library keeps those that came while it
            // waited for BRLTTY's answer to a write, and the connection
            // then no longer wakes `poll` for them.
            loop {
                match keys.read_key(false) {
                    Ok(Some(code)) => {
                        if let Some(action) = decode(code).and_then(|key| screen.key(key)) {
                            report(Report::Action(action));
                        }
                    }
                    Ok(None) => break,
                    Err(_) => return Served::Lost,
                }
            }
            let shown = screen.shown();
            if drawn.as_ref() != Some(&shown) {
                if write(connection, &shown).is_err() {
                    return Served::Lost;
                }
                drawn = Some(shown);
                continue;
            }
            match wait(Some(connection.file_descriptor()), wake, None) {
                Woken::Broken => return Served::Lost,
                Woken::Key => {}
                Woken::Timeout | Woken::Updates => {
                    if !take(rx, screen) {
                        return Served::Closed;
                    }
                }
            }
        }
    }

    /// Writes the text as UTF-8 whatever the locale (`writeText` would
    /// read it in the locale's character set), with the cursor under the
    /// picked square or after a typed line.
    fn write(connection: &Connection, shown: &Shown) -> Result<(), ()> {
        let text = CString::new(shown.text.as_str()).map_err(|_| ())?;
        let cells = i32::try_from(shown.text.chars().count()).map_err(|_| ())?;
        let bytes = i32::try_from(shown.text.len()).map_err(|_| ())?;
        // BrlAPI counts cursor positions from 1; 0 is no cursor.
        let cursor = shown
            .cursor
            .and_then(|c| i32::try_from(c + 1).ok())
            .unwrap_or(0);
        let arguments = brlapi_sys::brlapi_writeArguments_t {
            displayNumber: -1,
            regionBegin: 1,
            regionSize: cells,
            text: text.as_ptr(),
            textSize: bytes,
            andMask: std::ptr::null(),
            orMask: std::ptr::null(),
            cursor,
            charset: c"UTF-8".as_ptr(),
        };
        // SAFETY: the handle is the connection's own and in tty mode; the
        // arguments point to live strings for the length of the call.
        let done = unsafe { brlapi_sys::brlapi__write(connection.handle_ptr(), &arguments) };
        if done < 0 { Err(()) } else { Ok(()) }
    }

    /// BrlAPI's key code as annabella reads it; `None` for keys it
    /// leaves alone.
    pub(super) fn decode(code: u64) -> Option<Key> {
        const TYPE_MASK: u64 = 0xE000_0000;
        const TYPE_CMD: u64 = 0x2000_0000;
        const BLOCK_MASK: u64 = 0x1FFF_0000;
        const ARG_MASK: u64 = 0xFFFF;
        const ROUTE: u64 = 1 << 16;
        const TOGGLE_ON: u64 = 0x0100 << 32;
        const TOGGLE_OFF: u64 = 0x0200 << 32;
        const UNICODE: u64 = 0x0100_0000;
        let code_part = code & 0x1FFF_FFFF;
        if code & TYPE_MASK == TYPE_CMD {
            let arg = code & ARG_MASK;
            return match code & BLOCK_MASK {
                0 => match arg {
                    1 => Some(Key::LineUp),
                    2 => Some(Key::LineDown),
                    23 => Some(Key::WinLeft),
                    24 => Some(Key::WinRight),
                    29 => Some(Key::Home),
                    33 if code & TOGGLE_ON != 0 => Some(Key::Show(View::Board)),
                    33 if code & TOGGLE_OFF != 0 => Some(Key::Show(View::Text)),
                    33 => Some(Key::Switch),
                    _ => None,
                },
                ROUTE => u16::try_from(arg).ok().map(Key::Route),
                _ => None,
            };
        }
        if code & TYPE_MASK != 0 {
            return None;
        }
        match code_part {
            // Return, keypad Enter, and a typed carriage return or line feed.
            0xFF0D | 0xFF8D | 0x0A | 0x0D => Some(Key::Enter),
            0xFF08 | 0x08 => Some(Key::Backspace),
            c if c & UNICODE != 0 => char::from_u32((c & 0x00FF_FFFF) as u32).map(Key::Char),
            c if c < 0x100 => char::from_u32(c as u32).map(Key::Char),
            _ => None,
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn brltty_commands_and_typed_characters_are_read() {
            assert_eq!(decode(0x2000_0002), Some(Key::LineDown));
            assert_eq!(decode(0x2000_0001), Some(Key::LineUp));
            assert_eq!(decode(0x2000_0018), Some(Key::WinRight));
            assert_eq!(decode(0x2000_0017), Some(Key::WinLeft));
            assert_eq!(decode(0x2000_001d), Some(Key::Home));
            assert_eq!(decode(0x2001_0005), Some(Key::Route(5)));
            assert_eq!(decode(0x2000_0021), Some(Key::Switch));
            assert_eq!(decode(0x100_2000_0021), Some(Key::Show(View::Board)));
            assert_eq!(decode(0x200_2000_0021), Some(Key::Show(View::Text)));
            assert_eq!(decode(0x61), Some(Key::Char('a')));
            assert_eq!(decode(0x0100_00e4), Some(Key::Char('ä')));
            assert_eq!(decode(0xFF0D), Some(Key::Enter));
            assert_eq!(decode(0x0D), Some(Key::Enter));
            assert_eq!(decode(0xFF08), Some(Key::Backspace));
            assert_eq!(decode(0x2000_0032), None);
            assert_eq!(decode(0x2022_0001), None, "dots kept as dots are not read");
        }
    }
}

#[cfg(not(feature = "braille"))]
mod thread {
    //! Without the `braille` feature there is no thread to start.

    use super::{NotBuilt, Reporter, Update};

    pub(super) enum Handle {}

    impl Handle {
        pub(super) fn start(_: Reporter) -> Result<Option<Handle>, NotBuilt> {
            Err(NotBuilt)
        }

        pub(super) fn send(&self, _: Vec<Update>) {
            match *self {}
        }
    }
}
