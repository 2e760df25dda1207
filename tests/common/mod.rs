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
        command
            .env("XDG_DATA_HOME", self.path().join("data"))
            .env("XDG_CONFIG_HOME", self.path().join("config"))
    }

    /// The same as words to put before a command in a shell.
    pub fn env_prefix(&self) -> String {
        format!(
            "env XDG_DATA_HOME={} XDG_CONFIG_HOME={}",
            self.path().join("data").display(),
            self.path().join("config").display()
        )
    }
}
