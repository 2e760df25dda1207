//! Adapters to the outside: where lines come from, where text goes, the
//! clock of the machine, and the speech and sound outputs. Nothing here
//! knows the rules of chess.

pub mod audio;
pub mod speech;

use std::io::{self, BufRead, IsTerminal, Write};
use std::sync::mpsc;
use std::thread;
use std::time::{SystemTime, UNIX_EPOCH};

use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{ColorMode, CompletionType, Config, Context, Editor, Helper};

use crate::announce::Announcer;
use crate::engine::host::{Host, Reply};
use crate::event::{Event, Subscriber};
use crate::input::commands::completion_words;
use crate::input::vocab::fold;
use crate::session::Session;
use crate::settings::Settings;

/// A source of input lines.
pub trait LineSource {
    /// The next line, or `None` at the end of input.
    fn read_line(&mut self, prompt: &str) -> Option<String>;
}

/// Plain lines from any reader, as scripts and tests send them: no
/// prompt, invalid UTF-8 replaced rather than fatal.
pub struct PlainLines<R: BufRead> {
    reader: R,
    buf: Vec<u8>,
}

impl<R: BufRead> PlainLines<R> {
    /// Reads lines from `reader`.
    pub fn new(reader: R) -> Self {
        PlainLines {
            reader,
            buf: Vec::new(),
        }
    }
}

impl<R: BufRead> LineSource for PlainLines<R> {
    fn read_line(&mut self, _prompt: &str) -> Option<String> {
        self.buf.clear();
        match self.reader.read_until(b'\n', &mut self.buf) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(
                String::from_utf8_lossy(&self.buf)
                    .trim_end_matches(['\n', '\r'])
                    .to_string(),
            ),
        }
    }
}

/// Completes the first word of a line from the command words; no
/// hints, no highlighting, no colour (nothing a screen reader would read
/// as noise).
pub struct CommandWords {
    words: Vec<&'static str>,
}

impl CommandWords {
    /// Every English and German command word, longest forms only.
    pub fn new() -> CommandWords {
        CommandWords {
            words: completion_words(),
        }
    }

    /// The command words that start with `prefix` (case-insensitive).
    pub fn completions(&self, prefix: &str) -> Vec<&'static str> {
        // "zur" and "zuru" both complete to "zurück".
        let prefix = prefix.to_lowercase();
        let folded = fold(&prefix);
        self.words
            .iter()
            .copied()
            .filter(|w| w.starts_with(&prefix) || fold(w).starts_with(&folded))
            .collect()
    }
}

impl Default for CommandWords {
    fn default() -> Self {
        CommandWords::new()
    }
}

impl Completer for CommandWords {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let before = &line[..pos.min(line.len())];
        // Only the first word is a command word.
        if before.contains(char::is_whitespace) {
            return Ok((pos, Vec::new()));
        }
        let found = self
            .completions(before)
            .into_iter()
            .map(|w| format!("{w} "))
            .collect();
        Ok((0, found))
    }
}

impl Hinter for CommandWords {
    type Hint = String;
}

impl Highlighter for CommandWords {}

impl Validator for CommandWords {}

impl Helper for CommandWords {}

/// Lines from a person at a terminal, with editing, history (Up) and
/// completion of command words (Tab).
pub struct Terminal {
    editor: Editor<CommandWords, DefaultHistory>,
}

impl Terminal {
    /// Opens the terminal line editor.
    pub fn new() -> Result<Terminal, ReadlineError> {
        let config = Config::builder()
            .color_mode(ColorMode::Disabled)
            .completion_type(CompletionType::List)
            .build();
        let mut editor = Editor::with_config(config)?;
        editor.set_helper(Some(CommandWords::new()));
        Ok(Terminal { editor })
    }
}

impl LineSource for Terminal {
    fn read_line(&mut self, prompt: &str) -> Option<String> {
        loop {
            match self.editor.readline(prompt) {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        let _ = self.editor.add_history_entry(line.as_str());
                    }
                    return Some(line);
                }
                // Ctrl-C clears the line, as in a shell; Ctrl-D ends.
                Err(ReadlineError::Interrupted) => continue,
                Err(_) => return None,
            }
        }
    }
}

/// Writes every event as lines of text.
pub struct TextSink<'a, W: Write> {
    out: W,
    announcer: &'a Announcer,
}

impl<'a, W: Write> TextSink<'a, W> {
    /// Text to `out`, worded by `announcer`.
    pub fn new(out: W, announcer: &'a Announcer) -> Self {
        TextSink { out, announcer }
    }

    /// Writes one line that is not an event (the greeting).
    pub fn write_line(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.out, "{line}")?;
        self.out.flush()
    }
}

impl<W: Write> Subscriber for TextSink<'_, W> {
    fn notify(&mut self, settings: &Settings, events: &[Event]) -> io::Result<()> {
        for event in events {
            for line in self.announcer.render_lines(settings, event) {
                writeln!(self.out, "{line}")?;
            }
        }
        self.out.flush()
    }
}

/// What reaches the session: a line, the end of input, or the engine's
/// move.
enum Input {
    Line(String),
    End,
    Engine(Reply),
}

/// How long a terminal session waits for the engine's move before it
/// shows the prompt anyway (the built-in engine's top level thinks 1 s).
const ENGINE_GRACE: std::time::Duration = std::time::Duration::from_millis(1500);

/// Reads lines until the end of input or `quit`, handing every event to
/// every subscriber. Lines are read on their own thread and the engine
/// thinks on another, so a person can look at the board while it
/// thinks. Without a prompt (input from a pipe) the engine's reply is
/// awaited before the next line is read, so scripted games come out the
/// same every time.
pub fn run(
    session: &mut Session,
    announcer: &Announcer,
    mut source: Box<dyn LineSource + Send>,
    subscribers: &mut [&mut dyn Subscriber],
    prompt: bool,
) -> io::Result<()> {
    let (tx, rx) = mpsc::channel::<Input>();
    let (ask, asked_for) = mpsc::channel::<String>();
    let lines = tx.clone();
    // Not joined: at the end it may sit in a read that never returns.
    thread::spawn(move || {
        while let Ok(text) = asked_for.recv() {
            let input = match source.read_line(&text) {
                Some(line) => Input::Line(line),
                None => Input::End,
            };
            let end = matches!(input, Input::End);
            if lines.send(input).is_err() || end {
                break;
            }
        }
    });
    let mut host = Host::new(move |reply| {
        let _ = tx.send(Input::Engine(reply));
    });
    let mut reading = false;
    while !session.is_quit() {
        if let Some(request) = session.engine_request() {
            host.request(request);
        }
        if session.awaiting().is_none() && host.current().is_some() {
            host.cancel();
        }
        let wait_for_engine = session.awaiting().is_some() && !prompt;
        // At a terminal the engine gets a moment to answer before the
        // prompt, so that the prompt names the side really to move; a
        // slower engine leaves the player free to read the board.
        let mut early = None;
        if prompt && !reading && session.awaiting().is_some() {
            match rx.recv_timeout(ENGINE_GRACE) {
                Ok(input) => early = Some(input),
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        if early.is_none() && !reading && !wait_for_engine {
            let text = if prompt {
                let game = session.game();
                format!(
                    "{} ",
                    announcer.prompt(session.settings(), game.turn(), game.is_over())
                )
            } else {
                String::new()
            };
            if ask.send(text).is_err() {
                break;
            }
            reading = true;
        }
        let next = match early {
            Some(input) => Ok(input),
            None => rx.recv(),
        };
        let events = match next {
            Ok(Input::Line(line)) => {
                reading = false;
                session.handle_line(&line)
            }
            Ok(Input::Engine(reply)) => {
                host.done(reply.id);
                if reading && prompt {
                    // The move arrives while the prompt waits: it goes on a
                    // line of its own, not after the prompt.
                    let mut out = io::stdout();
                    writeln!(out)?;
                    out.flush()?;
                }
                session.engine_moved(reply)
            }
            Ok(Input::End) | Err(_) => break,
        };
        let settings = session.settings().clone();
        for subscriber in subscribers.iter_mut() {
            subscriber.notify(&settings, &events)?;
        }
    }
    host.cancel();
    Ok(())
}

/// Whether a person sits at a terminal (both stdin and stdout are one).
pub fn interactive() -> bool {
    io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// Today's date as PGN writes it (`YYYY.MM.DD`, UTC).
pub fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Seconds since the epoch, for seeding.
pub fn now_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}

/// Days since 1970-01-01 to a (year, month, day) date in the proleptic
/// Gregorian calendar (H. Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_779), (2026, 11, 22));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn command_words_complete() {
        let words = CommandWords::new();
        assert_eq!(words.completions("boa"), ["board"]);
        assert_eq!(words.completions("BRE"), ["brett"]);
        assert!(words.completions("xyz").is_empty());
    }

    #[test]
    fn plain_lines_survive_bad_utf8() {
        let mut src = PlainLines::new(&b"e4\r\n\xff\xfe\nlast"[..]);
        assert_eq!(src.read_line("").as_deref(), Some("e4"));
        assert_eq!(src.read_line("").as_deref(), Some("\u{fffd}\u{fffd}"));
        assert_eq!(src.read_line("").as_deref(), Some("last"));
        assert_eq!(src.read_line(""), None);
    }
}
