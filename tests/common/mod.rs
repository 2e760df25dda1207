//! Helpers shared by the integration tests.

/// The library's deterministic random source, so that "random"
/// positions are the same on every run and a failure can be replayed.
#[allow(unused_imports)] // Not every test that shares this module draws.
pub use annabella::rng::Rng;

#[allow(dead_code)] // Not every test that shares this module reads clocks.
/// Seconds in a time said in English words ("1 minute 2 seconds",
/// "8.4 seconds", "1 hour").
pub fn seconds(words: &str) -> f64 {
    let tokens: Vec<&str> = words.split_whitespace().collect();
    let mut total = 0.0;
    for pair in tokens.chunks(2) {
        let [number, unit] = pair else {
            panic!("not a time: {words:?}");
        };
        let number: f64 = number.parse().unwrap_or_else(|_| panic!("{words:?}"));
        total += number
            * match unit.trim_end_matches(['.', ',']) {
                "hour" | "hours" => 3600.0,
                "minute" | "minutes" => 60.0,
                "second" | "seconds" => 1.0,
                other => panic!("unit {other:?} in {words:?}"),
            };
    }
    total
}

/// The folder of the installed Whisper models (`scripts/setup` puts them
/// in the data directory of the user running the tests): a private home
/// has none of its own.
pub fn voice_models() -> std::path::PathBuf {
    if let Some(dir) = std::env::var_os("ANNABELLA_VOICE_MODELS") {
        return dir.into();
    }
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".local/share")))
        .unwrap_or_default();
    data.join("annabella").join("voice")
}

/// A BrlAPI host no BRLTTY serves.
pub const NO_BRLTTY: &str = ":4999";

/// A private home for the binary: data and settings directories of its
/// own, so that a test neither reads nor changes the player's saved
/// games and settings, nor another test's. Removed when dropped.
#[allow(dead_code)] // Not every test that shares this module runs the binary.
pub struct Home(tempfile::TempDir);

#[allow(dead_code)]
impl Home {
    /// A fresh, empty home.
    pub fn new() -> Home {
        Home(tempfile::tempdir().expect("a temporary directory"))
    }

    /// Its path.
    pub fn path(&self) -> &std::path::Path {
        self.0.path()
    }

    /// The binary started with this home.
    pub fn apply<'a>(
        &self,
        command: &'a mut std::process::Command,
    ) -> &'a mut std::process::Command {
        // A player's own lichess token must never reach a test's run,
        // nor their Braille display (BrlAPI host 4999 is nobody's; the
        // display tests set their own BRLTTY's).
        command
            .env("ANNABELLA_VOICE_MODELS", voice_models())
            .env("XDG_DATA_HOME", self.path().join("data"))
            .env("XDG_CONFIG_HOME", self.path().join("config"))
            .env("BRLAPI_HOST", NO_BRLTTY)
            .env_remove("LICHESS_TOKEN")
    }

    /// The binary with this home and `args`, as a script runs it: no
    /// locale from the environment, stdin and stdout piped, stderr
    /// dropped.
    pub fn command(&self, args: &[&str]) -> std::process::Command {
        use std::process::Stdio;
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_annabella"));
        self.apply(&mut command)
            .args(args)
            .env_remove("LANG")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        command
    }

    /// The same as words to put before a command in a shell.
    pub fn env_prefix(&self) -> String {
        format!(
            "env -u LICHESS_TOKEN BRLAPI_HOST={NO_BRLTTY} XDG_DATA_HOME={} XDG_CONFIG_HOME={}",
            self.path().join("data").display(),
            self.path().join("config").display()
        )
    }
}

/// The binary on a pipe with the home given, as a script drives it:
/// lines in, and lines out as they come, each with the time it came.
#[allow(dead_code)]
pub struct Piped {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<(std::time::Instant, String)>,
}

#[allow(dead_code)]
impl Piped {
    /// Starts the binary with `args`, no locale variables and no stderr.
    pub fn start(home: &Home, args: &[&str]) -> Piped {
        Piped::start_with(home, args, &[])
    }

    /// [`Piped::start`] with these environment variables set too.
    pub fn start_with(home: &Home, args: &[&str], env: &[(&str, &std::path::Path)]) -> Piped {
        use std::io::BufRead;
        let mut command = home.command(args);
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command.spawn().expect("the binary starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send((std::time::Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        Piped {
            child,
            stdin,
            lines,
        }
    }

    /// Sends one line; `false` when the binary no longer reads.
    pub fn send(&mut self, line: &str) -> bool {
        use std::io::Write;
        let Some(stdin) = self.stdin.as_mut() else {
            return false;
        };
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .is_ok()
    }

    /// The next line and when it came; `None` after `wait` without one,
    /// or when the output has ended.
    pub fn recv(&self, wait: std::time::Duration) -> Option<(std::time::Instant, String)> {
        self.lines.recv_timeout(wait).ok()
    }

    /// Closes the binary's input, as the end of a script does.
    pub fn close(&mut self) {
        self.stdin = None;
    }

    /// Kills the binary (SIGKILL on Unix) and waits for it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Waits for the binary to end; its exit status.
    pub fn wait(&mut self) -> std::process::ExitStatus {
        self.close();
        self.child.wait().expect("the binary ends")
    }
}

#[allow(dead_code)] // Only the tests that read the shared games use it.
/// The PGN files of the test data (`tests/data/pgn/*.pgn`),
/// sorted; a test that needs them fails with the place it looked.
pub fn shared_pgn_files() -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn");
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| {
        panic!(
            "{} cannot be read ({e}): the games belong in tests/data/pgn",
            dir.display()
        )
    });
    let mut files: Vec<std::path::PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "pgn"))
        .collect();
    files.sort();
    files
}

#[allow(dead_code)] // Only the tests that run whole sessions use it.
/// Runs the client in `home` with `args` on all of `input` at once (no
/// locale from the environment); its output lines. It must exit with 0.
pub fn run_piped(home: &Home, args: &[&str], input: &str) -> Vec<String> {
    use std::io::Write as _;
    let mut child = home.command(args).spawn().expect("the client starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("input");
    drop(stdin);
    let out = child.wait_with_output().expect("output");
    assert!(out.status.success(), "{args:?}: {}", out.status);
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[allow(dead_code)] // Only the system tests capture from a file.
pub mod alsa;
pub mod brltty;
pub mod http;
pub mod lichess;
pub mod tmux;
pub mod transcript;
#[cfg(unix)]
pub mod user;
pub mod voice;
