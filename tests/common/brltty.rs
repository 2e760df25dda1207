//! A real BRLTTY for the tests, with its Virtual braille driver as the
//! display: BRLTTY serves the driver's socket, and the test is the
//! display's hardware side on it — it says how many cells it has, reads
//! the `Visual` lines BRLTTY writes (the text shown), and presses keys
//! (`route N`, `lndn`, `fwinrt`, `dispmd on`). annabella is the BrlAPI
//! client, told where BRLTTY is by `BRLAPI_HOST`, with `CONTROLVT=1`.

#![allow(dead_code)] // Not every test binary that shares this module uses all of it.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// The BrlAPI host numbers the tests use: apart for each process and
/// each BRLTTY within it, so that tests run side by side.
static NEXT: AtomicU32 = AtomicU32::new(0);

/// The time between two keys pressed on the display (see
/// [`Display::press`]).
pub const PACE: Duration = Duration::from_millis(80);

/// How long BRLTTY and annabella get to answer before a test fails.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A private BRLTTY: its BrlAPI host number and the Virtual driver's
/// socket, in a directory of its own. Killed when dropped.
pub struct Brltty {
    child: Option<Child>,
    dir: tempfile::TempDir,
    host: u32,
}

impl Brltty {
    /// Starts BRLTTY with the Virtual driver; fails the test when BRLTTY
    /// is not installed (`scripts/setup` installs it).
    pub fn start() -> Brltty {
        let n = NEXT.fetch_add(1, Ordering::SeqCst);
        let host = 60 + (std::process::id() % 300) * 10 + n;
        let dir = tempfile::tempdir().expect("a temporary directory");
        let mut brltty = Brltty {
            child: None,
            dir,
            host,
        };
        brltty.run();
        brltty
    }

    fn socket(&self) -> PathBuf {
        self.dir.path().join("display")
    }

    /// BrlAPI's socket for this host.
    fn api_socket(&self) -> PathBuf {
        Path::new("/var/lib/BrlAPI").join(self.host.to_string())
    }

    fn run(&mut self) {
        // A socket left by a BRLTTY killed earlier would be in the way.
        let _ = std::fs::remove_file(self.socket());
        let _ = std::fs::remove_file(self.api_socket());
        let config = self.dir.path().join("brltty.conf");
        std::fs::write(&config, "").expect("an empty configuration");
        let child = Command::new(brltty_path())
            .args(["-n", "-b", "vr", "-x", "no", "-s", "no", "-q"])
            .arg("-f")
            .arg(&config)
            .arg("-d")
            .arg(format!("server:{}", self.socket().display()))
            .arg("-A")
            .arg(format!("auth=none,host=:{}", self.host))
            .arg("-L")
            .arg(self.dir.path().join("brltty.log"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("BRLTTY starts (scripts/setup installs the package brltty)");
        self.child = Some(child);
        let until = Instant::now() + PATIENCE;
        while !(self.socket().exists() && self.api_socket().exists()) {
            assert!(
                Instant::now() < until,
                "BRLTTY made no sockets in {PATIENCE:?}; its log: {}",
                std::fs::read_to_string(self.dir.path().join("brltty.log")).unwrap_or_default()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The environment that leads annabella to this BRLTTY.
    pub fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("BRLAPI_HOST", format!(":{}", self.host)),
            ("BRLAPI_AUTH", "none".to_string()),
            ("CONTROLVT", "1".to_string()),
        ]
    }

    /// The display, `cols` cells in `rows` rows, plugged into BRLTTY.
    pub fn display(&self, cols: u16, rows: u16) -> Display {
        Display::plug(&self.socket(), cols, rows)
    }

    /// Kills BRLTTY at once, as a crash would.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts the same BRLTTY again (same host, same socket).
    pub fn restart(&mut self) {
        self.kill();
        self.run();
    }
}

impl Drop for Brltty {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_file(self.api_socket());
    }
}

/// Where BRLTTY is: Debian puts it in /usr/sbin, not on every PATH.
fn brltty_path() -> PathBuf {
    let sbin = Path::new("/usr/sbin/brltty");
    if sbin.exists() {
        sbin.to_path_buf()
    } else {
        PathBuf::from("brltty")
    }
}

/// The display's side of the Virtual driver: keys in, the text shown out.
pub struct Display {
    stream: UnixStream,
    visual: Receiver<(Instant, String)>,
    /// The text shown last.
    pub shown: String,
    /// When it was shown.
    pub at: Instant,
    /// When a key was pressed last.
    pressed: Instant,
}

impl Display {
    fn plug(socket: &Path, cols: u16, rows: u16) -> Display {
        let stream = UnixStream::connect(socket).expect("the Virtual driver's socket");
        let reader = stream.try_clone().expect("a second handle on the socket");
        let (tx, visual) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(reader).lines() {
                let Ok(line) = line else { break };
                if let Some(text) = line.strip_prefix("Visual \"") {
                    let text = text.strip_suffix('"').unwrap_or(text).to_string();
                    if tx.send((Instant::now(), text)).is_err() {
                        break;
                    }
                }
            }
        });
        let mut display = Display {
            stream,
            visual,
            shown: String::new(),
            at: Instant::now(),
            pressed: Instant::now(),
        };
        if rows > 1 {
            display.press(&format!("cells {cols} {rows}"));
        } else {
            display.press(&format!("cells {cols}"));
        }
        // BRLTTY shows its own text once it knows the cells: only then
        // may annabella connect and find a display there.
        display.until("BRLTTY's first text", |t| !t.is_empty());
        display
    }

    /// Presses a key: a BRLTTY command as the Virtual driver names it.
    /// Keys follow each other at [`PACE`]: the driver takes one command
    /// from each read of its socket and drops what follows it there.
    pub fn press(&mut self, key: &str) {
        let since = self.pressed.elapsed();
        if since < PACE {
            std::thread::sleep(PACE - since);
        }
        writeln!(self.stream, "{key}").expect("the display's socket takes a key");
        self.stream.flush().expect("the key is sent");
        self.pressed = Instant::now();
    }

    /// Waits until the display shows text that `fits`; the text, or a
    /// failure with what it showed last.
    pub fn until(&mut self, what: &str, fits: impl Fn(&str) -> bool) -> String {
        let until = Instant::now() + PATIENCE;
        loop {
            if fits(&self.shown) {
                return self.shown.clone();
            }
            let left = until.saturating_duration_since(Instant::now());
            match self.visual.recv_timeout(left) {
                Ok((at, text)) => {
                    self.shown = text;
                    self.at = at;
                }
                Err(_) => panic!(
                    "the display never showed {what} in {PATIENCE:?}; it showed {:?}",
                    self.shown
                ),
            }
        }
    }

    /// Waits until the display's text begins with `start`.
    pub fn until_starts(&mut self, start: &str) -> String {
        self.until(&format!("{start:?}…"), |t| t.starts_with(start))
    }

    /// Waits until the display's text holds `part`.
    pub fn until_holds(&mut self, part: &str) -> String {
        self.until(&format!("…{part:?}…"), |t| t.contains(part))
    }

    /// Forgets what was shown, so that the next wait waits for new text.
    pub fn forget(&mut self) {
        self.shown.clear();
    }
}
