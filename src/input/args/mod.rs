//! Reading what follows a command word, as the command table says it
//! takes: a square, a rank, a side, a kind of piece, a new game's side
//! and start position, a setting.

use shakmaty::{Color, File, Rank, Role, Square};

use super::commands::{Arg, Command, Words, w};
use super::moves::parse_answer;
use super::vocab::{color_word, fold, is_question_word, is_random_word, piece_word};
use super::{CommandError, Pick};
use crate::rules::Chess960Start;
use crate::settings::{ColorChoice, Setting, SettingError, TimeChoice, parse_setting};

mod training;

pub use training::DrillKind;

/// A command's argument, read as its table entry says. Only the fields
/// the command's [`Arg`] names are filled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args {
    /// A square (`square`, `diagonal`, `attackers`, `moves`).
    pub square: Option<Square>,
    /// A rank (`rank`).
    pub rank: Option<Rank>,
    /// A file (`file`).
    pub file: Option<File>,
    /// A side (`pieces`, `where`).
    pub color: Option<Color>,
    /// A kind of piece (`where`).
    pub role: Option<Role>,
    /// The command asked about (`help`).
    pub topic: Option<Command>,
    /// The side wanted in a new game (`new black`).
    pub side: Option<ColorChoice>,
    /// A Chess960 start wanted in a new game (`new 960`, `new 960 518`).
    pub chess960: Option<Chess960Start>,
    /// A setting with its value (`set style san`).
    pub setting: Option<Setting>,
    /// The time control wanted in a new game (`new time 5+3`).
    pub time: Option<TimeChoice>,
    /// The side of the clock asked about (`clock black`, `clock mine`).
    pub clock_side: Option<ClockSide>,
    /// A move number (`goto 12`; its side, if named, is in `color`).
    pub move_number: Option<u32>,
    /// The words after the command word as typed (`draw Nf3`: the move).
    pub text: String,
}

/// One side of the clock, as the player names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClockSide {
    /// White or Black.
    Color(Color),
    /// The player's own (in hot seat: the side to move).
    Own,
    /// The opponent's (in hot seat: the side not to move).
    Opponent,
}

/// Words for the player's own side of the clock.
const OWN: Words = w(
    &["mine", "my", "me", "own", "you", "yours"],
    &["meine", "mein", "ich", "eigene", "du", "deine"],
    &["minu", "mina", "oma", "sinu"],
);

/// Words for the opponent's side of the clock.
const OPPONENT: Words = w(
    &["opponent", "opponents", "theirs"],
    &["gegner", "gegners"],
    &["vastane", "vastase"],
);

/// Words that bring a time control into `new` (`new black time 5+3`).
const TIME: Words = w(&["time"], &["zeit", "bedenkzeit"], &["aeg", "ajaga"]);

/// Words that may stand around a move number (`goto move 12`, `gehe zu
/// Zug 12`, `mine käigule 12`): said, not meant.
const MOVE_FILLER: Words = w(
    &["to", "move"],
    &["zu", "zum", "zug"],
    &["käik", "käigule", "juurde"],
);

/// The side of the clock a word names, in any language.
fn clock_side(word: &str) -> Option<ClockSide> {
    let folded = fold(word);
    if let Some(color) = color_word(&folded) {
        return Some(ClockSide::Color(color));
    }
    if OWN.contains_folded(&folded) {
        return Some(ClockSide::Own);
    }
    OPPONENT
        .contains_folded(&folded)
        .then_some(ClockSide::Opponent)
}

/// A square from "e4", "E4" or "Eva vier".
///
/// ```
/// use annabella::input::parse_square;
/// assert_eq!(parse_square("Eva vier"), Some(shakmaty::Square::E4));
/// assert_eq!(parse_square("Springer"), None);
/// ```
pub fn parse_square(text: &str) -> Option<Square> {
    let pick = parse_answer(text, true)?;
    if pick.piece.is_some() {
        return None;
    }
    Some(Square::from_coords(pick.file?, pick.rank?))
}

/// A Chess960 start as the command line and `new 960` take it: a
/// number from 0 to 959, or a word for "random" in any language.
///
/// ```
/// use annabella::input::parse_chess960;
/// use annabella::rules::Chess960Start;
/// assert_eq!(parse_chess960("518"), Some(Chess960Start::Number(518)));
/// assert_eq!(parse_chess960("Zufall"), Some(Chess960Start::Random));
/// assert_eq!(parse_chess960("960"), None);
/// ```
pub fn parse_chess960(word: &str) -> Option<Chess960Start> {
    if is_random_word(&fold(word)) {
        return Some(Chess960Start::Random);
    }
    match word.parse::<u32>() {
        Ok(n) if n < 960 => Some(Chess960Start::Number(n)),
        _ => None,
    }
}

/// A side to play in any language ("weiß", "black", "juhuslik").
pub fn parse_color_choice(word: &str) -> Option<ColorChoice> {
    let folded = fold(word);
    if is_random_word(&folded) {
        return Some(ColorChoice::Random);
    }
    match color_word(&folded)? {
        Color::White => Some(ColorChoice::White),
        Color::Black => Some(ColorChoice::Black),
    }
}

/// A reading command may be asked as a question: "where is the white
/// king", "wo steht der weiße König", "square what is on e4"; the
/// question words are read past, except where the words are a value, a
/// name or a side of the clock ("mein" is both).
fn asked_words<'a>(read_only: bool, arg: Arg, words: &[&'a str]) -> Vec<&'a str> {
    let keep_all = matches!(arg, Arg::Topic | Arg::Setting | Arg::ClockSide | Arg::Text);
    words
        .iter()
        .copied()
        .filter(|w| !read_only || keep_all || !is_question_word(w))
        .collect()
}

/// Reads the words after `command` as its [`Arg`] says.
pub(super) fn parse(command: Command, words: &[&str]) -> Result<Args, CommandError> {
    let entry = command.entry();
    let asked = asked_words(entry.read_only, entry.arg, words);
    let words = &asked[..];
    let text = words.join(" ");
    let mut args = Args {
        text: text.clone(),
        ..Args::default()
    };
    let bad = |argument: &str| CommandError::BadArgument {
        command,
        argument: argument.to_string(),
    };
    let arg = entry.arg;
    if words.is_empty() && needs_words(arg) {
        return Err(CommandError::Missing { command, what: arg });
    }
    match arg {
        Arg::None => {
            if let Some(word) = words.first() {
                return Err(bad(word));
            }
        }
        Arg::Topic => {
            if let Some(word) = words.first() {
                args.topic = Some(
                    Command::from_word(word)
                        .ok_or_else(|| CommandError::UnknownHelpTopic(word.to_string()))?,
                );
            }
        }
        Arg::NewGame => new_game(command, words, &mut args)?,
        Arg::Square => args.square = Some(parse_square(&text).ok_or_else(|| bad(&text))?),
        Arg::OptionalSquare if !words.is_empty() => {
            args.square = Some(parse_square(&text).ok_or_else(|| bad(&text))?);
        }
        Arg::OptionalSquare | Arg::OptionalMove | Arg::Text => {}
        Arg::Rank => match parse_answer(&text, true) {
            Some(Pick {
                file: None,
                rank: Some(rank),
                piece: None,
            }) => args.rank = Some(rank),
            _ => return Err(bad(&text)),
        },
        Arg::File => match parse_answer(&text, true) {
            Some(Pick {
                file: Some(file),
                rank: None,
                piece: None,
            }) => args.file = Some(file),
            _ => return Err(bad(&text)),
        },
        Arg::OptionalColor => {
            args.color = optional(words, |w| color_word(&fold(w))).ok_or_else(|| bad(&text))?
        }
        Arg::Piece => piece(words, &mut args).ok_or_else(|| bad(&text))?,
        Arg::Setting => args.setting = Some(setting(words)?),
        Arg::ClockSide => {
            args.clock_side = optional(words, clock_side).ok_or_else(|| bad(&text))?
        }
        Arg::MoveNumber => move_number(words, &mut args).ok_or_else(|| bad(&text))?,
        Arg::OptionalMoveNumber if words.is_empty() => {}
        Arg::OptionalMoveNumber => move_number(words, &mut args).ok_or_else(|| bad(&text))?,
    }
    Ok(args)
}

/// Whether a command taking `arg` says nothing without words after it.
fn needs_words(arg: Arg) -> bool {
    matches!(
        arg,
        Arg::Square | Arg::Rank | Arg::File | Arg::Piece | Arg::Setting | Arg::MoveNumber
    )
}

/// An optional argument of one word: `Some(None)` when there is none,
/// `None` when it is not understood.
fn optional<T>(words: &[&str], read: impl Fn(&str) -> Option<T>) -> Option<Option<T>> {
    match words {
        [] => Some(None),
        [word] => read(word).map(Some),
        _ => None,
    }
}

/// `where [side] piece`: a kind of piece (singular or plural), with or
/// without a side.
fn piece(words: &[&str], args: &mut Args) -> Option<()> {
    for word in words {
        let folded = fold(word);
        match color_word(&folded) {
            Some(color) => args.color = Some(color),
            None => args.role = Some(piece_word(&folded)?),
        }
    }
    args.role.map(|_| ())
}

/// `goto N [side]`: one move number (`12`, `12.`, or `12...`, which is
/// Black's, as a score sheet writes it) and at most one side, in either
/// order.
fn move_number(words: &[&str], args: &mut Args) -> Option<()> {
    for word in words {
        let folded = fold(word);
        if MOVE_FILLER.contains_folded(&folded) {
            continue;
        }
        let side = match color_word(&folded) {
            Some(color) => color,
            None => {
                let digits = word.trim_end_matches('.');
                if args.move_number.is_some() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                args.move_number = Some(digits.parse().ok()?);
                if !word.ends_with("...") {
                    continue;
                }
                Color::Black
            }
        };
        if args.color.replace(side).is_some_and(|named| named != side) {
            return None;
        }
    }
    args.move_number.map(|_| ())
}

/// `set KEY VALUE`, key and value in any language.
/// A value may be several words (`set time 90 d 5`, `set timealerts 60
/// 30`).
fn setting(words: &[&str]) -> Result<Setting, CommandError> {
    let [key, value @ ..] = words else {
        return Err(CommandError::SetUsage);
    };
    if value.is_empty() {
        return Err(CommandError::SetUsage);
    }
    let value = value.join(" ");
    parse_setting(key, &value).map_err(|e| match e {
        SettingError::UnknownKey(key) => CommandError::UnknownSetting(key),
        SettingError::BadValue { key, value } => CommandError::BadValue { key, value },
        SettingError::BadTimeControl { error, .. } => CommandError::BadTimeControl(error),
    })
}

/// `new [side] [960 [N|random]] [time CONTROL]`.
fn new_game(command: Command, words: &[&str], args: &mut Args) -> Result<(), CommandError> {
    let words = match words.iter().position(|w| TIME.contains_folded(&fold(w))) {
        Some(at) => {
            let control = words[at + 1..].join(" ");
            args.time = Some(TimeChoice::read(&control).map_err(CommandError::BadTimeControl)?);
            &words[..at]
        }
        None => words,
    };
    let side = words.first().and_then(|w| parse_color_choice(w));
    let rest = if side.is_some() { &words[1..] } else { words };
    args.side = side;
    match rest {
        [] => {}
        ["960"] => args.chess960 = Some(Chess960Start::Random),
        ["960", start] => {
            args.chess960 = Some(
                parse_chess960(start)
                    .ok_or_else(|| CommandError::Chess960Number(start.to_string()))?,
            );
        }
        [other, ..] => {
            return Err(CommandError::BadArgument {
                command,
                argument: other.to_string(),
            });
        }
    }
    Ok(())
}
