//! Speech through the real binary.
//!
//! - End to end with the real speech service: a private Speech Dispatcher
//!   (`scripts/speech-capture`) speaks through ALSA into a file; the
//!   binary plays a short game with `--speech on`, one line at a time,
//!   and the captured audio must be sound, not silence, and grow with
//!   every announcement; two moves one right after the other are heard as
//!   long as each alone (neither cuts the other off); a move entered while
//!   the board is read silences the board but is heard whole.
//!   `scripts/test` (and so `.ci/run`) starts the service and passes its
//!   address in `ANNABELLA_SPEECHD_ADDRESS` and the capture file in
//!   `ANNABELLA_SPEECH_CAPTURE`; without them the test starts its own
//!   through the same script.
//! - Without a reachable service, and with a socket that accepts but
//!   never answers, the client answers at once after its own 2 s limit
//!   and says once that it goes on without speech.

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::net::UnixListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

const NOTICE: &str = "No speech service answered; annabella continues without speech.";

/// A bound on a hang, far above anything a working client needs.
const HANG: Duration = Duration::from_secs(60);

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("annabella-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temporary directory");
    dir
}

fn binary(address: &str) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_annabella"));
    // Games and settings of its own, apart from the player's.
    let keep = std::env::temp_dir().join(format!("annabella-speech-test-{}", std::process::id()));
    // Both sides typed: the speech test must not wait for an engine.
    cmd.arg("--data-dir")
        .arg(keep.join("data"))
        .arg("--config")
        .arg(keep.join("settings.toml"))
        .arg("--opponent")
        .arg("human")
        .env("SPEECHD_ADDRESS", address)
        .env_remove("LC_ALL")
        .env_remove("LANG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    cmd
}

/// Runs the binary on `input` and returns its output, failing on a hang.
fn run_with(address: &str, input: &str) -> (String, Duration) {
    let start = Instant::now();
    let mut child = binary(address)
        .args(["--lang", "en", "--speech", "on"])
        .spawn()
        .expect("binary starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("input written");
    drop(stdin);
    let mut stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut out = String::new();
        let _ = stdout.read_to_string(&mut out);
        let _ = tx.send(out);
    });
    let out = match rx.recv_timeout(Duration::from_secs(10)) {
        Ok(out) => out,
        Err(_) => {
            let _ = child.kill();
            panic!("no answer within 10 s");
        }
    };
    let _ = child.wait();
    (out, start.elapsed())
}

fn assert_answers_without_speech(out: &str) {
    assert_eq!(out.matches(NOTICE).count(), 1, "{out}");
    assert!(out.contains("White: König Eva eins"), "{out}");
    let notice_at = out.find(NOTICE).unwrap_or(usize::MAX);
    let board_at = out.find("White: König").unwrap_or(0);
    assert!(notice_at < board_at, "{out}");
}

#[test]
fn without_a_speech_service_the_client_answers_and_says_so_once() {
    let dir = temp_dir("nospeech");
    let address = format!("unix_socket:{}", dir.join("nobody.sock").display());
    let (out, took) = run_with(&address, "board\nrepeat\n");
    let _ = fs::remove_dir_all(&dir);
    assert_answers_without_speech(&out);
    eprintln!("no service: answered in {took:?}");
}

#[test]
fn a_speech_socket_that_never_answers_does_not_hang_the_client() {
    let dir = temp_dir("hungspeech");
    let path = dir.join("silent.sock");
    let listener = UnixListener::bind(&path).expect("socket");
    // Accepts every connection and keeps it open without a word.
    thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming().flatten() {
            held.push(stream);
        }
    });
    let address = format!("unix_socket:{}", path.display());
    let (out, took) = run_with(&address, "board\n");
    let _ = fs::remove_dir_all(&dir);
    assert_answers_without_speech(&out);
    eprintln!("silent socket: answered in {took:?}");
}

/// The private speech service: the one `scripts/test` started, or one
/// started here (and stopped when dropped).
struct Service {
    address: String,
    capture: PathBuf,
    own: Option<PathBuf>,
}

impl Service {
    fn get() -> Service {
        if let (Ok(address), Ok(capture)) = (
            std::env::var("ANNABELLA_SPEECHD_ADDRESS"),
            std::env::var("ANNABELLA_SPEECH_CAPTURE"),
        ) {
            eprintln!("speech service from scripts/test: {address}");
            return Service {
                address,
                capture: capture.into(),
                own: None,
            };
        }
        let dir = temp_dir("speechd");
        eprintln!("starting a speech service in {}", dir.display());
        let out = Command::new(root().join("scripts/speech-capture"))
            .arg("start")
            .arg(&dir)
            .output()
            .expect("scripts/speech-capture runs");
        assert!(
            out.status.success(),
            "Speech Dispatcher must start for this test (scripts/setup installs it): {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout);
        let value = |key: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(&format!("{key}=")))
                .map(str::to_string)
                .unwrap_or_else(|| panic!("speech-capture printed no {key}: {text}"))
        };
        Service {
            address: value("ANNABELLA_SPEECHD_ADDRESS"),
            capture: value("ANNABELLA_SPEECH_CAPTURE").into(),
            own: Some(dir),
        }
    }

    fn size(&self) -> u64 {
        fs::metadata(&self.capture).map(|m| m.len()).unwrap_or(0)
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        if let Some(dir) = &self.own {
            let _ = Command::new(root().join("scripts/speech-capture"))
                .arg("stop")
                .arg(dir)
                .status();
            let _ = fs::remove_dir_all(dir);
        }
    }
}

/// Waits until the capture has grown past `before` and then stays the
/// same size for a while: the announcement has been spoken.
fn spoken_after(service: &Service, before: u64) -> u64 {
    let start = Instant::now();
    while service.size() <= before {
        assert!(start.elapsed() < HANG, "no speech captured");
        thread::sleep(Duration::from_millis(50));
    }
    let mut size = service.size();
    loop {
        thread::sleep(Duration::from_millis(700));
        let now = service.size();
        if now == size {
            return size;
        }
        assert!(start.elapsed() < HANG, "speech never ends");
        size = now;
    }
}

fn rms_of_s16(bytes: &[u8]) -> f64 {
    let samples: Vec<f64> = bytes
        .chunks_exact(2)
        .map(|b| f64::from(i16::from_le_bytes([b[0], b[1]])))
        .collect();
    if samples.is_empty() {
        return 0.0;
    }
    (samples.iter().map(|s| s * s).sum::<f64>() / samples.len() as f64).sqrt()
}

fn kill(child: &mut Child) {
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn the_real_speech_service_speaks_every_announcement() {
    let _turn = LISTENING.lock().unwrap_or_else(|e| e.into_inner());
    let service = Service::get();
    let mut child = binary(&service.address)
        .args(["--lang", "en", "--speech", "on"])
        .spawn()
        .expect("binary starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut sizes = vec![service.size()];
    for line in ["e4", "e5", "Nf3", "Sc6"] {
        writeln!(stdin, "{line}").expect("line written");
        let mut answer = String::new();
        stdout.read_line(&mut answer).expect("answer read");
        assert!(!answer.contains("without speech"), "{answer}");
        let last = *sizes.last().unwrap_or(&0);
        sizes.push(spoken_after(&service, last));
    }
    writeln!(stdin, "quit").expect("quit written");
    drop(stdin);
    let start = Instant::now();
    while child.try_wait().ok().flatten().is_none() {
        if start.elapsed() > HANG {
            kill(&mut child);
            panic!("the client did not end after quit");
        }
        thread::sleep(Duration::from_millis(50));
    }
    eprintln!("captured bytes after each announcement: {sizes:?}");
    for pair in sizes.windows(2) {
        assert!(pair[1] > pair[0], "no growth: {sizes:?}");
    }
    let audio = fs::read(&service.capture).expect("capture readable");
    let first = usize::try_from(sizes[0]).unwrap_or(0);
    let rms = rms_of_s16(&audio[first.min(audio.len())..]);
    eprintln!("RMS of the captured speech: {rms:.0} of 32768");
    assert!(rms > 100.0, "the captured speech is silent (RMS {rms})");
}

/// The tests that listen to the one capture file take turns: sizes read
/// while another test speaks would be its speech, not this one's.
static LISTENING: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Seconds of speech in `bytes` of the capture (eSpeak NG's 22 050
/// samples a second, 16-bit mono).
fn seconds_of(bytes: u64) -> f64 {
    bytes as f64 / (2.0 * 22_050.0)
}

/// The binary in hot seat with speech on, its lines typed one by one.
fn speaking(service: &Service) -> (Child, std::process::ChildStdin) {
    let mut child = binary(&service.address)
        .args(["--lang", "de", "--speech", "on"])
        .stdout(Stdio::null())
        .spawn()
        .expect("binary starts");
    let stdin = child.stdin.take().expect("stdin");
    (child, stdin)
}

#[test]
fn a_move_announcement_is_not_cut_off_by_the_next_move() {
    let _turn = LISTENING.lock().unwrap_or_else(|e| e.into_inner());
    let service = Service::get();
    // Each move alone, heard to its end before the next is typed.
    let (mut child, mut stdin) = speaking(&service);
    let start = spoken_after_start(&service);
    writeln!(stdin, "d4").expect("line written");
    let after_first = spoken_after(&service, start);
    writeln!(stdin, "Sf6").expect("line written");
    let after_second = spoken_after(&service, after_first);
    kill(&mut child);
    let alone = [after_first - start, after_second - after_first];
    // The same two moves one right after the other, as the engine's
    // reply follows the player's move, or an assistant types the
    // opponent's. (The capture's null device takes the sound as fast as
    // it is made, so only an answer that follows at once can cut here;
    // through a sound card a reply 0.2 s later cut the first move too.)
    let (mut child, mut stdin) = speaking(&service);
    let start = spoken_after_start(&service);
    stdin.write_all(b"d4\nSf6\n").expect("lines written");
    let together = spoken_after(&service, start) - start;
    kill(&mut child);
    eprintln!(
        "speech heard: d4 alone {:.2} s, Sf6 alone {:.2} s, both at once {:.2} s",
        seconds_of(alone[0]),
        seconds_of(alone[1]),
        seconds_of(together)
    );
    // Nothing of either is lost; a little slack for the synthesiser's
    // own start and end.
    let whole = alone[0] + alone[1];
    assert!(
        together * 10 >= whole * 9,
        "both moves gave {together} bytes of speech, each alone {alone:?}"
    );
}

/// The capture's size once the binary has started (it says nothing
/// before its first line from a pipe).
fn spoken_after_start(service: &Service) -> u64 {
    thread::sleep(Duration::from_millis(500));
    service.size()
}

/// Bytes of speech heard for `input`, written at once to a fresh binary.
fn heard_for(service: &Service, input: &str) -> u64 {
    let (mut child, mut stdin) = speaking(service);
    let start = spoken_after_start(service);
    stdin.write_all(input.as_bytes()).expect("lines written");
    let heard = spoken_after(service, start) - start;
    kill(&mut child);
    heard
}

#[test]
fn a_line_entered_silences_a_reading_but_not_a_move() {
    let _turn = LISTENING.lock().unwrap_or_else(|e| e.into_inner());
    let service = Service::get();
    let board = heard_for(&service, "brett\n");
    let e4 = heard_for(&service, "e4\n");
    // Both lines at once, as a pipe sends them: the board's reading is
    // dropped or cancelled before the move is said.
    let together = heard_for(&service, "brett\ne4\n");
    // The move typed once the board is heard: the reading under way in
    // Speech Dispatcher is cancelled there, the move beside it is not.
    let (mut child, mut stdin) = speaking(&service);
    let start = spoken_after_start(&service);
    writeln!(stdin, "brett").expect("line written");
    let begun = Instant::now();
    while service.size() <= start {
        assert!(begun.elapsed() < HANG, "the board was never read");
        thread::sleep(Duration::from_millis(5));
    }
    writeln!(stdin, "e4").expect("line written");
    let during = spoken_after(&service, start) - start;
    kill(&mut child);
    eprintln!(
        "speech heard: board alone {:.2} s, e4 alone {:.2} s, both at once {:.2} s, \
         e4 typed while the board is heard {:.2} s",
        seconds_of(board),
        seconds_of(e4),
        seconds_of(together),
        seconds_of(during)
    );
    // The move is heard whole either way (a little slack for the
    // synthesiser's start and end).
    for (how, heard) in [("at once", together), ("during", during)] {
        assert!(
            heard * 10 >= e4 * 9,
            "{how}: {heard} bytes of speech, the move alone {e4}"
        );
    }
    // At once, at most a little of the board is left.
    assert!(
        together < e4 + (board - e4) / 4,
        "at once: {together} bytes of speech, the board alone {board}, the move alone {e4}"
    );
    // During: the capture's null device takes each message of speech
    // whole the moment it is made (the board's first line, White's
    // pieces, is half of it and lands in one go), so only what was not
    // yet made can be cut here; through a sound card the reading stops
    // at the word. Still, board and move together are less than the
    // board alone: the rest of the reading was cut.
    assert!(
        during < board,
        "during: {during} bytes of speech, the board alone {board}, the move alone {e4}"
    );
}
