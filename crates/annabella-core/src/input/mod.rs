//! Input: every word the player may type, in every language, and what
//! a line means. [`read_line`] turns a line into one [`Line`]: a command
//! with its argument (from the table in [`commands`]), a move as read
//! (matched against the legal moves by [`resolve`]), or "not understood"
//! with the closest command or move. Nothing here has side effects.

mod args;
pub mod commands;
pub mod grammar;
mod moves;
mod resolve;
mod suggest;
pub mod verdict;
pub mod vocab;

pub use args::{
    Argument, BlindfoldOrder, BoardOrder, BrfTo, ChallengeOrder, ClaimFor, ClockSide, DrillKind,
    DrillOrder, FlagError, LoadFrom, MoveNumber, MoveText, NewGame, OnlineOrder, PgnTo, PieceKind,
    ReviewOrder, SaveTo, Sheets, Terms, View, Whom, lang_named, parse_chess960, parse_color_choice,
    parse_square,
};
pub use commands::Words;
pub use moves::{
    Effort, Intent, Pick, Reading, RoleSpec, parse_answer, parse_answer_with, parse_move,
    read_move, read_move_with,
};
pub use resolve::{
    CastlingBar, CastlingBlock, Refusal, Resolution, decide, diagnose, diagnose_for,
    filter_by_answer, resolve, resolve_for,
};
pub use suggest::{nearest_answer, not_understood};

use commands::{Arg, Cmd, Command};

use crate::rules::clock::ControlError;
use crate::rules::{Game, MoveFacts};
use crate::settings::{Key, Lang};

/// What a line of input is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// Nothing but blanks.
    Empty,
    /// A command with its argument. `e4?` is `square e4`.
    Command(Cmd),
    /// A command whose argument is missing or wrong.
    Failed(Command, CommandError),
    /// A move as read, not yet matched against the legal moves.
    Move(Reading),
    /// Neither a command nor a move.
    NotUnderstood {
        /// What was typed.
        input: String,
        /// The closest command word or legal move, if one is close.
        suggestion: Option<Suggestion>,
    },
}

impl Line {
    /// Whether the line only reads the game (a reading command, also one
    /// with a wrong argument, or a square question): an open question
    /// stands while the player looks at the board.
    pub fn is_read_only(&self) -> bool {
        match self {
            Line::Command(cmd) => cmd.command().entry().read_only,
            Line::Failed(command, _) => command.entry().read_only,
            Line::Empty | Line::Move(_) | Line::NotUnderstood { .. } => false,
        }
    }
}

/// What went wrong with a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// `set` with an unknown key.
    UnknownSetting(String),
    /// A value the setting does not take.
    BadValue {
        /// The setting.
        key: Key,
        /// What was given.
        value: String,
    },
    /// `set` needs a key and a value.
    SetUsage,
    /// `set KEY` without a value.
    MissingValue(Key),
    /// A number outside what the command takes (`drill colors 0`).
    OutOfRange {
        /// The command.
        command: Command,
        /// What was given.
        value: String,
        /// The least number taken.
        min: u32,
        /// The greatest number taken.
        max: u32,
    },
    /// `new 960` with a number outside 0–959.
    Chess960Number(String),
    /// No help for that word.
    UnknownHelpTopic(String),
    /// The command needs an argument that is missing (`square` alone).
    Missing {
        /// The command.
        command: Command,
        /// What it needs.
        what: Arg,
    },
    /// The command's words stop before a part it needs after them
    /// (`myboard fen`, `blindfold on peeks`, `challenge Anna`).
    MissingPart {
        /// The command.
        command: Command,
        /// What is missing.
        part: Part,
    },
    /// A command was given an argument it does not take or did not
    /// understand.
    BadArgument {
        /// The command, whose help is said with the error.
        command: Command,
        /// The argument.
        argument: String,
    },
    /// A time control that cannot be read (`set time`, `new … time`).
    BadTimeControl(ControlError),
}

/// A part of a command's words that is missing after the words given.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// The FEN after `myboard fen`.
    Fen,
    /// The number after `blindfold on peeks`, from `min` to `max`.
    Peeks {
        /// The fewest peeks allowed.
        min: u32,
        /// The most peeks allowed.
        max: u32,
    },
    /// The level after `challenge ai`.
    AiLevel,
    /// The clock after whom `challenge` challenges.
    Clock,
}

/// A suggestion for input that was not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Suggestion {
    /// A command word.
    Command(String),
    /// A legal move.
    Move(MoveFacts),
    /// A piece word alone: where should it go? With what such pieces of
    /// the side to move can do.
    Where(shakmaty::Role, Reach),
}

/// What the pieces of one kind of the side to move can do, for a piece
/// word typed alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reach {
    /// One of them can go to this square: an example to type.
    To(shakmaty::Square),
    /// There are this many, and none can move now.
    Stuck(u32),
    /// The side to move has none.
    NoPiece,
}

/// The line as it is read: without control characters, and in Unicode
/// normal form NFKC. Escape sequences (an arrow key sent through a pipe
/// is `ESC [ A`) are dropped whole, a tab becomes a space, any other
/// control character is dropped: what is echoed back ("Not understood:
/// …") must never carry one to a screen reader or a terminal. NFKC makes
/// the fullwidth letters of an East Asian input method ("ｅ４"), ligatures
/// and other compatibility forms the letters they stand for, and joins
/// a letter typed with a combining accent into one. Every typed line
/// passes here once, where it enters the session.
///
/// ```
/// assert_eq!(annabella_core::input::clean_line("\x1b[Ae4\t?"), "e4 ?");
/// assert_eq!(annabella_core::input::clean_line("ｅ４"), "e4");
/// ```
pub fn clean_line(text: &str) -> std::borrow::Cow<'_, str> {
    use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfkc_quick};
    let controls = text.chars().any(char::is_control);
    // Most lines are ASCII, which is already normal: no copy.
    let normal = text.is_ascii() || is_nfkc_quick(text.chars()) == IsNormalized::Yes;
    if !controls && normal {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\t' => out.push(' '),
            '\u{1b}' => skip_escape(&mut chars),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    if normal {
        return std::borrow::Cow::Owned(out);
    }
    // Normalised after the controls are gone: NFKC turns no letter into
    // a control character.
    std::borrow::Cow::Owned(out.nfkc().collect())
}

/// Skips the rest of an escape sequence after its ESC: a CSI sequence
/// (`[`, parameters, one final byte), an SS3 key (`O` and one byte), or
/// one byte.
fn skip_escape(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    match chars.next() {
        Some('[') => {
            for c in chars.by_ref() {
                if ('\u{40}'..='\u{7e}').contains(&c) {
                    break;
                }
            }
        }
        Some('O') => {
            chars.next();
        }
        _ => {}
    }
}

/// Reads one line: a command (the first word decides), a square question
/// (`e4?`), a move, or not understood with a suggestion from the legal
/// moves of `game`. Typed SAN uses the piece letters of `lang`.
///
/// ```
/// use annabella_core::input::{Line, read_line, commands::Cmd};
/// use shakmaty::Square;
/// use annabella_core::rules::Game;
/// use annabella_core::settings::Lang;
/// let game = Game::new();
/// assert_eq!(read_line("brett", Lang::En, &game), Line::Command(Cmd::Board));
/// assert_eq!(read_line("Eva vier?", Lang::En, &game), Line::Command(Cmd::Square(Square::E4)));
/// assert!(matches!(read_line("Springer Felix drei", Lang::En, &game), Line::Move(_)));
/// assert!(matches!(read_line("hlep", Lang::En, &game), Line::NotUnderstood { .. }));
/// ```
pub fn read_line(text: &str, lang: Lang, game: &Game) -> Line {
    let mut line = text.trim();
    if line.is_empty() {
        return Line::Empty;
    }
    // A question mark asks what stands on a square, never plays a move;
    // after another command word it is that command asked as a question
    // ("where is the white king?").
    if let Some(query) = line.strip_suffix('?') {
        let first = query.split_whitespace().next().unwrap_or("");
        match Command::from_word(first) {
            // A value or a name may end in a question mark (`set name ?`).
            Some(c) if matches!(c.entry().arg, Arg::Setting | Arg::Text) => {}
            Some(c) if c != Command::Square => line = query.trim_end(),
            _ => return square_question(line, query, lang, game),
        }
    }
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    let rest: Vec<&str> = words.collect();
    let reading = || read_move_with(line, lang.into(), &mut Effort::default());
    if let Some(command) = Command::from_word(first) {
        let error = match args::parse(command, &rest) {
            Ok(cmd) => return Line::Command(cmd),
            Err(error) => error,
        };
        // "R h4", "S f3", "b 4": a one-letter command word followed by
        // what it cannot take is a move typed with a space.
        if first.chars().count() == 1 {
            let reading = reading();
            if !reading.intents.is_empty() {
                return Line::Move(reading);
            }
        }
        return Line::Failed(command, error);
    }
    let reading = reading();
    if reading.intents.is_empty() {
        return suggest::not_understood(line, lang, game);
    }
    Line::Move(reading)
}

/// `e4?`, `Eva vier?`, `was steht auf Eva vier?`: what stands on the
/// square, the question words and a `square` command word read past.
fn square_question(line: &str, query: &str, lang: Lang, game: &Game) -> Line {
    let words: Vec<&str> = query
        .split_whitespace()
        .filter(|w| Command::from_word(w) != Some(Command::Square) && !vocab::is_question_word(w))
        .collect();
    match parse_square(&words.join(" ")) {
        Some(square) => Line::Command(Cmd::Square(square)),
        None => suggest::not_understood(line, lang, game),
    }
}
