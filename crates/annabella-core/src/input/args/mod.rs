//! Reading what follows a command word into the value the command takes:
//! a square, a rank, a side, a kind of piece, a new game's side and start
//! position, a setting, and the words of the commands that have a grammar
//! of their own (`load FILE.pgn 2`, `drill stop`, `seek 10+5 rated`).
//! Each argument type says how its words are read ([`Argument`]); the
//! command table names the type each command takes.

use shakmaty::{Color, File, Rank, Role, Square};

use super::commands::{Arg, Cmd, Command, Words, read_argument, w};
use super::moves::parse_answer;
use super::vocab::{color_word, fold, is_question_word, is_random_word, piece_word};
use super::{CommandError, Pick};
use crate::rules::Chess960Start;
use crate::settings::{ColorChoice, Key, Setting, SettingError, TimeChoice, parse_setting};

mod dual;
mod flags;
mod online;
mod records;
mod review;
mod training;

pub use dual::{BoardOrder, Sheets};
pub use flags::{FlagError, lang_named};
pub use online::{ChallengeOrder, ClaimFor, OnlineOrder, Terms, Whom};
pub use records::{BrfTo, LoadFrom, PgnTo, SaveTo};
pub use review::ReviewOrder;
pub use training::{BlindfoldOrder, DrillKind, DrillOrder};

/// A command's argument: a value read from the words after the command
/// word. The command table names each command's argument type, so a
/// command's words are read once, here, and the session gets the value.
pub trait Argument: Sized {
    /// The kind of argument: whether question words and a final `?`
    /// belong to it, and what is said when it is missing.
    const ARG: Arg;

    /// Reads the words after `command`'s word; `Err` says what is wrong
    /// with them.
    fn read(command: Command, words: &[&str]) -> Result<Self, CommandError>;
}

/// What `new` may be given: a side, a Chess960 start, a time control.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewGame {
    /// The side wanted (`new black`).
    pub side: Option<ColorChoice>,
    /// A Chess960 start wanted (`new 960`, `new 960 518`).
    pub chess960: Option<Chess960Start>,
    /// The time control wanted (`new time 5+3`).
    pub time: Option<TimeChoice>,
}

/// A kind of piece, optionally of one side (`where black queen`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PieceKind {
    /// The kind of piece.
    pub role: Role,
    /// The side, when one is named.
    pub color: Option<Color>,
}

/// A move number, optionally with a side (`goto 12 black`, `goto 12...`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The move number.
    pub number: u32,
    /// The side, when one is named.
    pub side: Option<Color>,
}

/// A move as typed after `draw`, read against the game's legal moves
/// when the command runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText(pub String);

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
/// use annabella_core::input::parse_square;
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
/// use annabella_core::input::parse_chess960;
/// use annabella_core::rules::Chess960Start;
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

/// Reads the words after `command` into the command with its argument.
pub(super) fn parse(command: Command, words: &[&str]) -> Result<Cmd, CommandError> {
    let entry = command.entry();
    read_argument(command, &asked_words(entry.read_only, entry.arg, words))
}

/// The error for words the command does not take; without words, for
/// the argument it needs and did not get.
fn bad(command: Command, argument: &str) -> CommandError {
    if argument.trim().is_empty() {
        return missing(command);
    }
    CommandError::BadArgument {
        command,
        argument: argument.to_string(),
    }
}

/// The error for an argument the command needs and did not get.
fn missing(command: Command) -> CommandError {
    CommandError::Missing {
        command,
        what: command.entry().arg,
    }
}

/// An argument the command needs: missing without words, else read from
/// their text, which is the bad argument when `read` finds none.
fn needed<T>(
    command: Command,
    words: &[&str],
    read: impl FnOnce(&str) -> Option<T>,
) -> Result<T, CommandError> {
    if words.is_empty() {
        return Err(missing(command));
    }
    let text = words.join(" ");
    read(&text).ok_or_else(|| bad(command, &text))
}

/// Whether every word names a side: a piece or move number said with
/// its side and nothing else lacks the piece or the number.
fn only_sides(words: &[&str]) -> bool {
    words.iter().all(|word| color_word(&fold(word)).is_some())
}

/// Words that name a rank alone or a file alone (`4`, `vier`, `e`, `Eva`).
fn rank_or_file(text: &str) -> Option<Pick> {
    let pick = parse_answer(text, true)?;
    (pick.piece.is_none() && pick.file.is_none() != pick.rank.is_none()).then_some(pick)
}

/// An argument that may be left out: none without words, else `T`.
fn unless_empty<T: Argument>(command: Command, words: &[&str]) -> Result<Option<T>, CommandError> {
    if words.is_empty() {
        return Ok(None);
    }
    T::read(command, words).map(Some)
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

/// Nothing may follow the command word.
impl Argument for () {
    const ARG: Arg = Arg::None;

    fn read(command: Command, words: &[&str]) -> Result<(), CommandError> {
        match words.first() {
            Some(word) => Err(bad(command, word)),
            None => Ok(()),
        }
    }
}

/// `on`, `off`, or nothing (`listen`).
impl Argument for Option<bool> {
    const ARG: Arg = Arg::Switch;

    fn read(command: Command, words: &[&str]) -> Result<Option<bool>, CommandError> {
        let read = |word: &str| {
            let folded = fold(word);
            if crate::settings::ON.contains_folded(&folded) {
                Some(true)
            } else if crate::settings::OFF.contains_folded(&folded) {
                Some(false)
            } else {
                None
            }
        };
        optional(words, read).ok_or_else(|| bad(command, &words.join(" ")))
    }
}

/// `help [command]`: the command asked about.
impl Argument for Option<Command> {
    const ARG: Arg = Arg::Topic;

    fn read(_: Command, words: &[&str]) -> Result<Option<Command>, CommandError> {
        words
            .first()
            .map(|word| {
                Command::from_word(word)
                    .ok_or_else(|| CommandError::UnknownHelpTopic(word.to_string()))
            })
            .transpose()
    }
}

impl Argument for Square {
    const ARG: Arg = Arg::Square;

    fn read(command: Command, words: &[&str]) -> Result<Square, CommandError> {
        needed(command, words, parse_square)
    }
}

impl Argument for Option<Square> {
    const ARG: Arg = Arg::OptionalSquare;

    fn read(command: Command, words: &[&str]) -> Result<Option<Square>, CommandError> {
        unless_empty(command, words)
    }
}

impl Argument for Rank {
    const ARG: Arg = Arg::Rank;

    fn read(command: Command, words: &[&str]) -> Result<Rank, CommandError> {
        needed(command, words, |text| rank_or_file(text)?.rank)
    }
}

impl Argument for File {
    const ARG: Arg = Arg::File;

    fn read(command: Command, words: &[&str]) -> Result<File, CommandError> {
        needed(command, words, |text| rank_or_file(text)?.file)
    }
}

/// `pieces [side]`.
impl Argument for Option<Color> {
    const ARG: Arg = Arg::OptionalColor;

    fn read(command: Command, words: &[&str]) -> Result<Option<Color>, CommandError> {
        optional(words, |w| color_word(&fold(w))).ok_or_else(|| bad(command, &words.join(" ")))
    }
}

/// `where [side] piece`: a kind of piece (singular or plural), with or
/// without a side.
impl Argument for PieceKind {
    const ARG: Arg = Arg::Piece;

    fn read(command: Command, words: &[&str]) -> Result<PieceKind, CommandError> {
        if only_sides(words) {
            return Err(missing(command));
        }
        needed(command, words, |_| {
            let (mut role, mut color) = (None, None);
            for word in words {
                let folded = fold(word);
                match color_word(&folded) {
                    Some(side) => color = Some(side),
                    None => role = Some(piece_word(&folded)?),
                }
            }
            Some(PieceKind { role: role?, color })
        })
    }
}

/// `set KEY VALUE`, key and value in any language. A value may be
/// several words (`set time 90 d 5`, `set timealerts 60 30`).
impl Argument for Setting {
    const ARG: Arg = Arg::Setting;

    fn read(command: Command, words: &[&str]) -> Result<Setting, CommandError> {
        let [key, value @ ..] = words else {
            return Err(missing(command));
        };
        if value.is_empty() {
            return Err(match parse_setting(key, "") {
                Err(SettingError::UnknownKey(key)) => CommandError::UnknownSetting(key),
                Err(SettingError::BadValue { key, .. }) => CommandError::MissingValue(key),
                Err(SettingError::BadTimeControl { .. }) => CommandError::MissingValue(Key::Time),
                Ok(_) => CommandError::SetUsage,
            });
        }
        let value = value.join(" ");
        parse_setting(key, &value).map_err(|e| match e {
            SettingError::UnknownKey(key) => CommandError::UnknownSetting(key),
            SettingError::BadValue { key, value } => CommandError::BadValue { key, value },
            SettingError::BadTimeControl { error, .. } => CommandError::BadTimeControl(error),
        })
    }
}

/// `draw [move]`.
impl Argument for Option<MoveText> {
    const ARG: Arg = Arg::OptionalMove;

    fn read(_: Command, words: &[&str]) -> Result<Option<MoveText>, CommandError> {
        Ok((!words.is_empty()).then(|| MoveText(words.join(" "))))
    }
}

/// `clock [side]`.
impl Argument for Option<ClockSide> {
    const ARG: Arg = Arg::ClockSide;

    fn read(command: Command, words: &[&str]) -> Result<Option<ClockSide>, CommandError> {
        optional(words, clock_side).ok_or_else(|| bad(command, &words.join(" ")))
    }
}

/// `goto N [side]`: one move number (`12`, `12.`, or `12...`, which is
/// Black's, as a score sheet writes it) and at most one side, in either
/// order.
impl Argument for MoveNumber {
    const ARG: Arg = Arg::MoveNumber;

    fn read(command: Command, words: &[&str]) -> Result<MoveNumber, CommandError> {
        let said = |word: &&str| !MOVE_FILLER.contains_folded(&fold(word));
        let said: Vec<&str> = words.iter().copied().filter(said).collect();
        if only_sides(&said) {
            return Err(missing(command));
        }
        needed(command, words, |_| move_number(words))
    }
}

/// `restore [N [side]]`.
impl Argument for Option<MoveNumber> {
    const ARG: Arg = Arg::OptionalMoveNumber;

    fn read(command: Command, words: &[&str]) -> Result<Option<MoveNumber>, CommandError> {
        unless_empty(command, words)
    }
}

fn move_number(words: &[&str]) -> Option<MoveNumber> {
    let (mut number, mut named) = (None, None);
    for word in words {
        let folded = fold(word);
        if MOVE_FILLER.contains_folded(&folded) {
            continue;
        }
        let side = match color_word(&folded) {
            Some(color) => color,
            None => {
                let digits = word.trim_end_matches('.');
                if number.is_some() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                number = Some(digits.parse().ok()?);
                if !word.ends_with("...") {
                    continue;
                }
                Color::Black
            }
        };
        if named.replace(side).is_some_and(|earlier| earlier != side) {
            return None;
        }
    }
    Some(MoveNumber {
        number: number?,
        side: named,
    })
}

/// Free words, at least one (`say TEXT`).
impl Argument for String {
    const ARG: Arg = Arg::Text;

    fn read(command: Command, words: &[&str]) -> Result<String, CommandError> {
        if words.is_empty() {
            return Err(bad(command, ""));
        }
        Ok(words.join(" "))
    }
}

/// Free words, or none (`save [name]`, `games [FILE.pgn]`).
impl Argument for Option<String> {
    const ARG: Arg = Arg::Text;

    fn read(_: Command, words: &[&str]) -> Result<Option<String>, CommandError> {
        Ok((!words.is_empty()).then(|| words.join(" ")))
    }
}

/// `new [side] [960 [N|random]] [time CONTROL]`.
impl Argument for NewGame {
    const ARG: Arg = Arg::NewGame;

    fn read(command: Command, words: &[&str]) -> Result<NewGame, CommandError> {
        let mut new = NewGame::default();
        let words = match words.iter().position(|w| TIME.contains_folded(&fold(w))) {
            Some(at) => {
                let control = words[at + 1..].join(" ");
                new.time = Some(TimeChoice::read(&control).map_err(CommandError::BadTimeControl)?);
                &words[..at]
            }
            None => words,
        };
        new.side = words.first().and_then(|w| parse_color_choice(w));
        let rest = if new.side.is_some() {
            &words[1..]
        } else {
            words
        };
        match rest {
            [] => {}
            ["960"] => new.chess960 = Some(Chess960Start::Random),
            ["960", start] => {
                new.chess960 = Some(
                    parse_chess960(start)
                        .ok_or_else(|| CommandError::Chess960Number(start.to_string()))?,
                );
            }
            [other, ..] => return Err(bad(command, other)),
        }
        Ok(new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{Line, Part, read_line};
    use crate::rules::Game;
    use crate::settings::Lang;

    fn read(text: &str) -> Line {
        read_line(text, Lang::En, &Game::new())
    }

    /// The command a line reads as; it must be one.
    fn cmd(text: &str) -> Cmd {
        match read(text) {
            Line::Command(cmd) => cmd,
            other => panic!("{text:?} read as {other:?}"),
        }
    }

    fn bad(command: Command, argument: &str) -> Line {
        Line::Failed(command, super::bad(command, argument))
    }

    #[test]
    fn subcommands_are_read_in_any_language() {
        let drill = |kind, count| Cmd::Drill(DrillOrder::Start { kind, count });
        assert_eq!(cmd("übung springer 5"), drill(DrillKind::Knight, 5));
        assert_eq!(cmd("drill memory"), drill(DrillKind::Memory, 10));
        assert_eq!(cmd("harjutus stopp"), Cmd::Drill(DrillOrder::Stop));
        let unknown = DrillOrder::Unknown("chess".into());
        assert_eq!(cmd("drill chess 500"), Cmd::Drill(unknown));
        assert_eq!(
            read("drill knight 500"),
            Line::Failed(
                Command::Drill,
                CommandError::OutOfRange {
                    command: Command::Drill,
                    value: "500".into(),
                    min: 1,
                    max: 100
                }
            )
        );
        let on = BlindfoldOrder::On { peeks: Some(20) };
        assert_eq!(cmd("blind an blicke 20"), Cmd::Blindfold(on));
        assert_eq!(read("blindfold off 3"), bad(Command::Blindfold, "off 3"));
        assert_eq!(cmd("online anmelden"), Cmd::Online(OnlineOrder::Login));
        assert_eq!(read("online now"), bad(Command::Online, "now"));
    }

    #[test]
    fn records_commands_read_files_names_and_numbers() {
        let third = LoadFrom::Pgn {
            file: "games.PGN".into(),
            number: 3,
        };
        assert_eq!(cmd("load games.PGN 3"), Cmd::Load(third));
        assert_eq!(read("laden partie.pgn 0"), bad(Command::Load, "0"));
        let missing = Line::Failed(Command::Load, missing(Command::Load));
        assert_eq!(read("load a b"), missing);
        let german = PgnTo {
            file: Some("out.pgn".into()),
            german: true,
        };
        assert_eq!(cmd("pgn out.pgn deutsch"), Cmd::Pgn(german));
        assert_eq!(cmd("save"), Cmd::Save(SaveTo::default()));
        let replace = |name: &str| SaveTo {
            name: Some(name.into()),
            replace: true,
        };
        assert_eq!(cmd("save mine replace"), Cmd::Save(replace("mine")));
        assert_eq!(cmd("speichern meine Ersetzen"), Cmd::Save(replace("meine")));
        // A name alone is a name, even this one.
        let alone = SaveTo {
            name: Some("replace".into()),
            replace: false,
        };
        assert_eq!(cmd("save replace"), Cmd::Save(alone));
        let brf = BrfTo {
            file: "n.txt".into(),
            replace: true,
        };
        assert_eq!(cmd("brf n.txt asenda"), Cmd::Brf(brf));
        let three = ["a", "b", "c"].map(String::from).to_vec();
        assert_eq!(
            cmd("scoresheet a b c"),
            Cmd::Scoresheet(Sheets::Files(three))
        );
    }

    #[test]
    fn a_part_missing_after_the_words_given_is_named() {
        let part =
            |command, part| Line::Failed(command, CommandError::MissingPart { command, part });
        assert_eq!(read("myboard fen"), part(Command::MyBoard, Part::Fen));
        let peeks = Part::Peeks { min: 0, max: 1000 };
        assert_eq!(read("blindfold on peeks"), part(Command::Blindfold, peeks));
        assert_eq!(
            read("challenge ai"),
            part(Command::Challenge, Part::AiLevel)
        );
        assert_eq!(
            read("challenge ai 3"),
            part(Command::Challenge, Part::Clock)
        );
        for (line, command) in [
            ("goto black", Command::Goto),
            ("goto move", Command::Goto),
            ("restore black", Command::Restore),
            ("where white", Command::Where),
        ] {
            assert_eq!(
                read(line),
                Line::Failed(command, missing(command)),
                "{line}"
            );
        }
        // A word that is something else is still named as unexpected.
        assert_eq!(
            read("where white purple"),
            bad(Command::Where, "white purple")
        );
    }

    #[test]
    fn myboard_passes_dictation_on_whole() {
        assert_eq!(cmd("mein brett start"), Cmd::MyBoard(BoardOrder::Start));
        let fen = BoardOrder::Fen("8/8 w".into());
        assert_eq!(cmd("my board fen 8/8 w"), Cmd::MyBoard(fen));
        let dictated = BoardOrder::Dictated("Weiß: König e1".into());
        assert_eq!(cmd("myboard Weiß: König e1"), Cmd::MyBoard(dictated));
    }

    #[test]
    fn seek_and_challenge_read_their_terms() {
        let Cmd::Challenge(order) = cmd("challenge ai 3 5+3 rated black") else {
            panic!("not a challenge");
        };
        assert_eq!(order.whom, Whom::Ai(3));
        assert!(!order.terms.rated, "lichess's AI plays casual games");
        assert_eq!(
            read("challenge ai 9 5+3"),
            bad(Command::Challenge, "ai 9 5+3")
        );
        let clock = CommandError::MissingPart {
            command: Command::Challenge,
            part: Part::Clock,
        };
        assert_eq!(
            read("challenge Anna rated"),
            Line::Failed(Command::Challenge, clock)
        );
        let missing_seek = Line::Failed(Command::Seek, missing(Command::Seek));
        assert_eq!(read("seek rated black"), missing_seek);
        assert_eq!(read("challenge a 5+3"), bad(Command::Challenge, "a"));
        assert_eq!(read("seek 10"), bad(Command::Seek, "10"));
        assert_eq!(cmd("claim remis"), Cmd::Claim(ClaimFor::Draw));
    }
}

/// Which view the Braille display shows: what annabella said, or the
/// board (`display board`, `display text`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum View {
    /// What annabella said, line by line.
    #[default]
    Text,
    /// The board, a rank to a row and a square to a cell.
    Board,
}

impl View {
    const WORDS: [(View, Words); 2] = [
        (View::Board, w(&["board"], &["brett"], &["laud"])),
        (View::Text, w(&["text"], &["text"], &["tekst"])),
    ];
}

/// `display`, `display board`, `display text`: alone, it switches.
impl Argument for Option<View> {
    const ARG: Arg = Arg::View;

    fn read(command: Command, words: &[&str]) -> Result<Option<View>, CommandError> {
        let read = |word: &str| {
            let folded = fold(word);
            View::WORDS
                .iter()
                .find(|(_, words)| words.contains_folded(&folded))
                .map(|(view, _)| *view)
        };
        optional(words, read).ok_or_else(|| bad(command, &words.join(" ")))
    }
}
