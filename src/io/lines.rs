//! Where lines come from: a person at a terminal (rustyline, with
//! history and completion of command words) or plain lines from a pipe.

use std::io::{BufRead, BufReader, Read};

use rustyline::completion::Completer;
use rustyline::config::Configurer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{ColorMode, CompletionType, Config, Context, Editor, Helper};

use super::screen::Screen;
use crate::input::commands::completion_words;
use crate::input::vocab::fold;

/// A source of input lines.
pub trait LineSource {
    /// The next line, or `None` at the end of input.
    fn read_line(&mut self, prompt: &str) -> Option<String>;

    /// The next line, typed without echo where the source can hide it
    /// (a token or a password); `None` at the end of input. A pipe has
    /// nothing to hide, so by default this is the next line.
    fn read_secret(&mut self, prompt: &str) -> Option<String> {
        self.read_line(prompt)
    }

    /// The next line and, without waiting, the lines that already
    /// follow it (a pipe's read-ahead), at most `most`; `None` at the
    /// end of input. A person types one line at a time, so by default
    /// this is the next line alone.
    fn read_lines(&mut self, prompt: &str, most: usize) -> Option<Vec<String>> {
        let _ = most;
        self.read_line(prompt).map(|line| vec![line])
    }
}

/// How many bytes of a pipe are read at once: a few thousand moves.
const READ_AHEAD: usize = 64 << 10;

/// Plain lines from any reader, as scripts and tests send them: no
/// prompt, invalid UTF-8 replaced rather than fatal.
pub struct PlainLines<R: Read> {
    reader: BufReader<R>,
    buf: Vec<u8>,
}

impl<R: Read> PlainLines<R> {
    /// Reads lines from `reader`.
    pub fn new(reader: R) -> Self {
        PlainLines {
            reader: BufReader::with_capacity(READ_AHEAD, reader),
            buf: Vec::new(),
        }
    }

    /// Whether a whole line is already read ahead (taking it cannot
    /// wait for the writer).
    fn line_ready(&self) -> bool {
        self.reader.buffer().contains(&b'\n')
    }
}

impl<R: Read> LineSource for PlainLines<R> {
    fn read_lines(&mut self, prompt: &str, most: usize) -> Option<Vec<String>> {
        let mut lines = vec![self.read_line(prompt)?];
        while lines.len() < most && self.line_ready() {
            lines.extend(self.read_line(prompt));
        }
        Some(lines)
    }

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
    /// Told what is typed, so that a new prompt can take it over.
    screen: Option<Screen>,
}

impl CommandWords {
    /// Every English and German command word, longest forms only.
    pub fn new() -> CommandWords {
        CommandWords {
            words: completion_words(),
            screen: None,
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

    /// No hint; the editor asks after every change, which is when the
    /// screen learns what is typed.
    fn hint(&self, line: &str, _pos: usize, _ctx: &Context<'_>) -> Option<String> {
        if let Some(screen) = &self.screen {
            screen.typed(line);
        }
        None
    }
}

impl Highlighter for CommandWords {}

impl Validator for CommandWords {}

impl Helper for CommandWords {}

/// Lines from a person at a terminal, with editing, history (Up) and
/// completion of command words (Tab).
pub struct Terminal {
    editor: Editor<CommandWords, DefaultHistory>,
    screen: Option<Screen>,
    /// What Ctrl-C does besides clearing the line (silencing speech).
    on_ctrl_c: Option<Box<dyn Fn() + Send>>,
}

impl Terminal {
    /// Opens the terminal line editor.
    pub fn new() -> Result<Terminal, ReadlineError> {
        // No bracketed-paste or synchronized-output switches around the
        // prompt: a screen reader or Braille display that reads the raw
        // stream would meet them as noise, and plain lines need neither.
        let mut builder = Config::builder()
            .color_mode(ColorMode::Disabled)
            .completion_type(CompletionType::List)
            .bracketed_paste(false);
        builder.enable_synchronized_output(false);
        let config = builder.build();
        let mut editor = Editor::with_config(config)?;
        editor.set_helper(Some(CommandWords::new()));
        Ok(Terminal {
            editor,
            screen: None,
            on_ctrl_c: None,
        })
    }

    /// Calls `then` whenever the player presses Ctrl-C at the prompt.
    pub fn on_ctrl_c(&mut self, then: impl Fn() + Send + 'static) {
        self.on_ctrl_c = Some(Box::new(then));
    }

    /// The screen through which output goes above the prompt while a
    /// line is typed; `None` where the editor has no external printer.
    pub fn screen(&mut self) -> Option<Screen> {
        if self.screen.is_none() {
            let printer = self.editor.create_external_printer().ok()?;
            let screen = Screen::new(Box::new(printer));
            if let Some(helper) = self.editor.helper_mut() {
                helper.screen = Some(screen.clone());
            }
            self.screen = Some(screen);
        }
        self.screen.clone()
    }
}

impl LineSource for Terminal {
    fn read_line(&mut self, prompt: &str) -> Option<String> {
        if let Some(screen) = &self.screen {
            screen.start_read();
        }
        let mut prompt = prompt.to_string();
        let mut typed = String::new();
        loop {
            match self.editor.readline_with_initial(&prompt, (&typed, "")) {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        let _ = self.editor.add_history_entry(line.as_str());
                    }
                    return Some(line);
                }
                Err(ReadlineError::Interrupted) => {
                    match self.screen.as_ref().and_then(Screen::take_reprompt) {
                        // The loop changed the prompt: the same line
                        // again under the new one.
                        Some((new, kept)) => {
                            super::screen::wipe_old_prompt();
                            prompt = new;
                            typed = kept;
                        }
                        // Ctrl-C clears the line, as in a shell, and
                        // silences speech.
                        None => {
                            typed.clear();
                            if let Some(then) = &self.on_ctrl_c {
                                then();
                            }
                        }
                    }
                }
                // Ctrl-D ends.
                Err(_) => return None,
            }
        }
    }

    /// Reads from the terminal itself with echo off, outside the line
    /// editor: the secret goes into no history and is never drawn on
    /// the screen (nor read out by a screen reader).
    fn read_secret(&mut self, prompt: &str) -> Option<String> {
        super::secret::read_secret(prompt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn a_pipe_gives_a_secret_as_its_next_line() {
        let mut src = PlainLines::new(&b"lip_token\nboard\n"[..]);
        assert_eq!(src.read_secret("Token: ").as_deref(), Some("lip_token"));
        assert_eq!(src.read_line("").as_deref(), Some("board"));
        assert_eq!(src.read_secret(""), None);
    }

    #[test]
    fn lines_read_ahead_come_together_and_a_partial_one_waits() {
        let mut src = PlainLines::new(&b"e4\ne5\nNf3\nNc"[..]);
        assert_eq!(src.read_lines("", 2), Some(vec!["e4".into(), "e5".into()]));
        assert_eq!(src.read_lines("", 10), Some(vec!["Nf3".into()]));
        assert_eq!(src.read_lines("", 10), Some(vec!["Nc".into()]));
        assert_eq!(src.read_lines("", 10), None);
    }
}
