//! The client at a real terminal, driven through tmux as a person would
//! type: a move and a board query are answered, the cursor waits on the
//! input line after the prompt, Up recalls the last line and Tab
//! completes a command word. tmux is installed by `scripts/setup`; a
//! missing tmux fails this test rather than skipping it.

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// How long to wait for the screen to show something before failing.
const PATIENCE: Duration = Duration::from_secs(20);

struct Tmux {
    session: String,
}

impl Tmux {
    fn start(command: &str) -> Tmux {
        let session = format!("annabella-test-{}", std::process::id());
        let status = Command::new("tmux")
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
        Tmux { session }
    }

    fn keys(&self, keys: &[&str]) {
        let status = Command::new("tmux")
            .args(["send-keys", "-t", &self.session])
            .args(keys)
            .status()
            .expect("tmux send-keys");
        assert!(status.success());
    }

    fn screen(&self) -> Vec<String> {
        let out = Command::new("tmux")
            .args(["capture-pane", "-p", "-t", &self.session])
            .output()
            .expect("tmux capture-pane");
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| l.trim_end().to_string())
            .collect()
    }

    fn cursor(&self) -> (usize, usize) {
        let out = Command::new("tmux")
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
    fn wait_for(&self, what: &str, test: impl Fn(&str) -> bool) -> Vec<String> {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.iter().any(|l| test(l)) {
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

    /// The last non-empty line on the screen and its row.
    fn last_line(&self) -> (usize, String) {
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
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.session])
            .status();
    }
}

#[test]
fn a_person_at_the_terminal() {
    let binary = env!("CARGO_BIN_EXE_annabella");
    let tmux = Tmux::start(&format!(
        "{binary} --lang en --opponent human --speech off --sound off"
    ));
    tmux.wait_for("the first prompt", |l| l == "White to move>");

    tmux.keys(&["e4", "Enter"]);
    tmux.wait_for("the move announced", |l| l == "1. White: Bauer Eva vier");

    tmux.keys(&["square e4", "Enter"]);
    tmux.wait_for("the answer", |l| l == "Eva vier: white pawn.");
    // The cursor waits on the input line, right after the prompt.
    tmux.wait_for("the next prompt", |l| l == "Black to move>");
    let (row, line) = tmux.last_line();
    assert_eq!(line, "Black to move>");
    let (x, y) = tmux.cursor();
    assert_eq!(
        (x, y),
        ("Black to move> ".len(), row),
        "cursor not on the input line"
    );

    // Up recalls the last line.
    tmux.keys(&["Up"]);
    tmux.wait_for("the recalled line", |l| l == "Black to move> square e4");
    tmux.keys(&["C-u"]);

    // Tab completes a command word.
    tmux.keys(&["boa", "Tab"]);
    tmux.wait_for("the completed word", |l| l == "Black to move> board");
    tmux.keys(&["Enter"]);
    tmux.wait_for("the board", |l| l.starts_with("White: König Eva eins;"));

    // No colour or other escape sequences reach the screen's text.
    let screen = tmux.screen();
    assert!(screen.iter().all(|l| !l.contains('\u{1b}')), "{screen:?}");
    tmux.keys(&["quit", "Enter"]);
}
