//! The client at a real terminal through tmux, as a person types: keys
//! sent, the screen read, a line waited for. tmux is installed by
//! `scripts/setup`; a missing tmux fails the tests that use it.
//!
//! Each session runs on a tmux server of its own, whose socket is in the
//! client's home (`tmux -S`): on the shared default server, a test or
//! anyone else ending the last other session stops the server under a
//! test that is starting or reading.

#![allow(dead_code)] // Each test crate uses a part of it.

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// How long to wait for the screen to show something before failing.
pub const PATIENCE: Duration = Duration::from_secs(20);

pub struct Tmux {
    session: String,
    /// The socket of this session's own tmux server.
    socket: std::path::PathBuf,
    /// The client's own data and settings, for as long as it runs.
    _home: super::Home,
}

impl Tmux {
    /// Starts `command` in a new tmux session; `name` tells the tests
    /// of this file apart, as they run at once.
    pub fn start(name: &str, command: &str) -> Tmux {
        Tmux::start_in(name, command, super::Home::new())
    }

    /// The same with the client's data and settings in `home`.
    pub fn start_in(name: &str, command: &str, home: super::Home) -> Tmux {
        let session = format!("annabella-test-{}-{name}", std::process::id());
        let command = &format!("{} {command}", home.env_prefix());
        let socket = home.path().join("tmux");
        let status = tmux(&socket)
            .args([
                "new-session",
                "-d",
                "-s",
                &session,
                "-x",
                "100",
                "-y",
                "40",
                command,
            ])
            .env("LANG", "C.UTF-8")
            .status()
            .expect("tmux must be installed (scripts/setup installs it)");
        assert!(status.success(), "tmux new-session failed");
        Tmux {
            session,
            socket,
            _home: home,
        }
    }

    pub fn keys(&self, keys: &[&str]) {
        let status = tmux(&self.socket)
            .args(["send-keys", "-t", &self.session])
            .args(keys)
            .status()
            .expect("tmux send-keys");
        assert!(status.success());
    }

    pub fn screen(&self) -> Vec<String> {
        let out = tmux(&self.socket)
            .args(["capture-pane", "-p", "-t", &self.session])
            .output()
            .expect("tmux capture-pane");
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| l.trim_end().to_string())
            .collect()
    }

    pub fn cursor(&self) -> (usize, usize) {
        let out = tmux(&self.socket)
            .args([
                "display-message",
                "-p",
                "-t",
                &self.session,
                "#{cursor_x} #{cursor_y}",
            ])
            .output()
            .expect("tmux display-message");
        let text = String::from_utf8_lossy(&out.stdout);
        let mut parts = text
            .split_whitespace()
            .map(|p| p.parse::<usize>().unwrap_or(usize::MAX));
        (
            parts.next().unwrap_or(usize::MAX),
            parts.next().unwrap_or(usize::MAX),
        )
    }

    /// Waits until some line of the screen satisfies `test`.
    pub fn wait_for(&self, what: &str, test: impl Fn(&str) -> bool) -> Vec<String> {
        self.wait_until(what, |screen| screen.iter().any(|l| test(l)))
    }

    /// Waits until the screen's lines satisfy `test`.
    pub fn wait_until(&self, what: &str, test: impl Fn(&[String]) -> bool) -> Vec<String> {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if test(&screen) {
                return screen;
            }
            if start.elapsed() > PATIENCE {
                panic!(
                    "waited for {what}; the screen shows:\n{}",
                    screen.join("\n")
                );
            }
            sleep(Duration::from_millis(50));
        }
    }

    /// Copies everything the program writes to the terminal, escape
    /// sequences included, into `file`.
    pub fn record_raw(&self, file: &std::path::Path) {
        let status = tmux(&self.socket)
            .args(["pipe-pane", "-o", "-t", &self.session])
            .arg(format!("cat > '{}'", file.display()))
            .status()
            .expect("tmux pipe-pane");
        assert!(status.success());
    }

    /// The last non-empty line on the screen and its row.
    pub fn last_line(&self) -> (usize, String) {
        let screen = self.screen();
        screen
            .iter()
            .enumerate()
            .rev()
            .find(|(_, l)| !l.is_empty())
            .map(|(i, l)| (i, l.clone()))
            .unwrap_or((0, String::new()))
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = tmux(&self.socket).arg("kill-server").status();
    }
}

/// tmux on the server of `socket`, which holds one session alone.
fn tmux(socket: &std::path::Path) -> Command {
    let mut command = Command::new("tmux");
    command.arg("-S").arg(socket);
    command
}
