//! The values settings take, each with its words in every language (the
//! first word of a language is the one shown), or its range.

use std::borrow::Cow;

use shakmaty::Color;

use crate::lang::{Lang, Words, fold};
use crate::rules::clock::{ControlError, TimeControl};

/// What a setting accepts, for the answer to a value it does not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Allowed {
    /// One of these words (each shown in the interface language).
    Words(Vec<Words>),
    /// A whole number from `min` to `max`, or 0 when `zero` is set.
    Range {
        /// Smallest value.
        min: u16,
        /// Largest value.
        max: u16,
        /// 0 is allowed too (it turns the setting off).
        zero: bool,
    },
    /// `auto`, a language, or a voice name.
    VoiceName,
    /// A time control (`5+3`, `90 d 5`, `40/90, 30+30`) or `off`.
    TimeControl,
    /// Seconds separated by spaces (`300 60 30 10`), or `off`.
    Seconds,
    /// A name, or `?` for none.
    Name,
    /// A web address (`https://…`).
    Url,
    /// `auto`, or a liblouis table's file name.
    BrailleTable,
}

/// A value a setting can take: read from what the player types (in any
/// language), shown in the interface language.
pub trait Value: Sized {
    /// Reads a value; case, accents and umlaut spellings do not matter.
    fn parse(text: &str) -> Option<Self>;
    /// The value as `settings` shows it in `lang`.
    fn show(&self, lang: Lang) -> Cow<'static, str>;
    /// What the setting accepts.
    fn allowed() -> Allowed;
    /// Every value word of every language, or values at the edges of a
    /// range: what `set` must accept (the settings-table test walks them).
    fn samples() -> Vec<String>;
}

/// A value chosen from a fixed list of words.
pub trait Choice: Copy + PartialEq + 'static {
    /// Every value with its words.
    const CHOICES: &'static [(Self, Words)];
}

impl<T: Choice> Value for T {
    fn parse(text: &str) -> Option<T> {
        let folded = fold(text);
        T::CHOICES
            .iter()
            .find(|(_, words)| words.contains_folded(&folded))
            .map(|(value, _)| *value)
    }

    fn show(&self, lang: Lang) -> Cow<'static, str> {
        let words = T::CHOICES.iter().find(|(value, _)| value == self);
        Cow::Borrowed(words.map_or("", |(_, w)| w.shown(lang)))
    }

    fn allowed() -> Allowed {
        Allowed::Words(T::CHOICES.iter().map(|(_, words)| *words).collect())
    }

    fn samples() -> Vec<String> {
        T::CHOICES
            .iter()
            .flat_map(|(_, words)| words.all())
            .map(str::to_string)
            .collect()
    }
}

/// The words for "on".
pub const ON: Words = Words::new(&["on"], &["an", "ein"], &["sees"]);
/// The words for "off".
pub const OFF: Words = Words::new(&["off"], &["aus"], &["väljas"]);
const WHITE: Words = Words::new(&["white"], &["weiß"], &["valge"]);
const BLACK: Words = Words::new(&["black"], &["schwarz"], &["must"]);

/// Words for "chosen at random" (a side, a Chess960 position), shared
/// by the setting `color`, `new random` and `new 960 zufall`.
pub const RANDOM: Words = Words::new(
    &["random"],
    &["zufall", "zufällig"],
    &["juhuslik", "suvaline"],
);

impl Choice for bool {
    const CHOICES: &'static [(bool, Words)] = &[(true, ON), (false, OFF)];
}

impl Choice for Lang {
    const CHOICES: &'static [(Lang, Words)] = &[
        (
            Lang::De,
            Words::new(&["de", "german"], &["de", "deutsch"], &["de", "saksa"]),
        ),
        (
            Lang::En,
            Words::new(&["en", "english"], &["en", "englisch"], &["en", "inglise"]),
        ),
        (
            Lang::Et,
            Words::new(&["et", "estonian"], &["et", "estnisch"], &["et", "eesti"]),
        ),
    ];
}

/// How moves are put into words (SPEC §2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// FIDE's recommendation for blind players, German in every UI language.
    Fide,
    /// The UI language's piece words with file letters and rank digits.
    Local,
    /// The UI language's piece words with NATO file words.
    Nato,
    /// Standard algebraic notation, with German letters in the German UI.
    San,
}

impl Choice for Style {
    const CHOICES: &'static [(Style, Words)] = &[
        (Style::Fide, Words::new(&["fide"], &["fide"], &["fide"])),
        (
            Style::Local,
            Words::new(&["local"], &["lokal"], &["kohalik"]),
        ),
        (Style::Nato, Words::new(&["nato"], &["nato"], &["nato"])),
        (Style::San, Words::new(&["san"], &["san"], &["san"])),
    ];
}

/// How much an announcement says (SPEC §2), from least to most.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verbosity {
    /// The move alone.
    Short,
    /// Move number and colour before the move.
    Normal,
    /// Also the origin square, the piece taken and the check.
    Full,
}

impl Choice for Verbosity {
    const CHOICES: &'static [(Verbosity, Words)] = &[
        (
            Verbosity::Short,
            Words::new(&["short"], &["kurz"], &["lühike"]),
        ),
        (
            Verbosity::Normal,
            Words::new(&["normal"], &["normal"], &["tavaline"]),
        ),
        (
            Verbosity::Full,
            Words::new(&["full"], &["ausführlich", "lang"], &["täielik"]),
        ),
    ];
}

/// How `board` shows the whole board (SPEC §5).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BoardStyle {
    /// Pieces grouped by colour and kind.
    List,
    /// One line per rank with piece letters.
    Ranks,
    /// Every occupied square in words.
    Squares,
}

impl Choice for BoardStyle {
    const CHOICES: &'static [(BoardStyle, Words)] = &[
        (
            BoardStyle::List,
            Words::new(&["list"], &["liste"], &["loend"]),
        ),
        (
            BoardStyle::Ranks,
            Words::new(&["ranks"], &["reihen"], &["read"]),
        ),
        (
            BoardStyle::Squares,
            Words::new(&["squares"], &["felder"], &["ruudud"]),
        ),
    ];
}

/// Whose side the board is read from (SPEC §5: "from the player's side").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Orientation {
    /// From White's side.
    White,
    /// From Black's side.
    Black,
    /// From the human player's side: White in hot seat, where both
    /// sides sit at one keyboard.
    Player,
}

impl Choice for Orientation {
    const CHOICES: &'static [(Orientation, Words)] = &[
        (Orientation::White, WHITE),
        (Orientation::Black, BLACK),
        (
            Orientation::Player,
            Words::new(&["player"], &["spieler"], &["mängija"]),
        ),
    ];
}

impl Orientation {
    /// The side to read from, given the human player's colour.
    pub fn side(self, player: Color) -> Color {
        match self {
            Orientation::White => Color::White,
            Orientation::Black => Color::Black,
            Orientation::Player => player,
        }
    }
}

/// Whether annabella speaks (SPEC §6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SpeechMode {
    /// Announcements go to the speech service.
    On,
    /// Text only.
    Off,
    /// Text only, because the player's screen reader speaks it; kept apart
    /// from `Off` so the setting says why annabella is quiet.
    ScreenReader,
}

impl Choice for SpeechMode {
    const CHOICES: &'static [(SpeechMode, Words)] = &[
        (SpeechMode::On, ON),
        (SpeechMode::Off, OFF),
        (
            SpeechMode::ScreenReader,
            Words::new(&["screenreader"], &["bildschirmleser"], &["ekraanilugeja"]),
        ),
    ];
}

/// Who plays the other side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpponentChoice {
    /// A second person at the same keyboard (hot seat).
    Human,
    /// An engine: the built-in one, or the external one given at start.
    Engine,
}

impl Choice for OpponentChoice {
    const CHOICES: &'static [(OpponentChoice, Words)] = &[
        (
            OpponentChoice::Human,
            Words::new(&["human"], &["mensch"], &["inimene"]),
        ),
        (
            OpponentChoice::Engine,
            Words::new(
                &["engine", "computer"],
                &["engine", "computer"],
                &["arvuti", "mootor"],
            ),
        ),
    ];
}

/// The side the person wants to play against an engine.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ColorChoice {
    /// White.
    White,
    /// Black.
    Black,
    /// Drawn by lot at every new game.
    Random,
}

impl Choice for ColorChoice {
    const CHOICES: &'static [(ColorChoice, Words)] = &[
        (ColorChoice::White, WHITE),
        (ColorChoice::Black, BLACK),
        (ColorChoice::Random, RANDOM),
    ];
}

/// Implements [`Value`] for a whole number in a range, kept in a
/// newtype: the range, whether 0 (off) is allowed too, and sample values.
macro_rules! range_value {
    ($ty:ident($inner:ty), $min:expr, $max:expr, zero: $zero:expr, [$($sample:literal),*]) => {
        impl Value for $ty {
            fn parse(text: &str) -> Option<$ty> {
                let n = number_in(text, $min, $max, $zero)?;
                <$inner>::try_from(n).ok().map($ty)
            }

            fn show(&self, _: Lang) -> Cow<'static, str> {
                Cow::Owned(self.0.to_string())
            }

            fn allowed() -> Allowed {
                Allowed::Range {
                    min: $min,
                    max: $max,
                    zero: $zero,
                }
            }

            fn samples() -> Vec<String> {
                vec![$($sample.to_string()),*]
            }
        }
    };
}

/// Reads `auto` (`Ok(None)`, in any language) or a name of one word of
/// at most `max` characters (`Ok(Some(name))`); `None` for anything
/// else. A voice and a Braille table are named so.
fn auto_or_word(text: &str, max: usize) -> Option<Option<&str>> {
    let text = text.trim();
    if AUTO.contains_folded(&fold(text)) {
        return Some(None);
    }
    let fits = !text.is_empty()
        && text.chars().count() <= max
        && !text.chars().any(|c| c.is_whitespace() || c.is_control());
    fits.then_some(Some(text))
}

/// `auto`, in each language.
const AUTO: Words = Words::new(&["auto"], &["auto"], &["auto"]);

/// Parses a whole number in `min..=max` (or 0 when `zero`).
fn number_in(text: &str, min: u16, max: u16, zero: bool) -> Option<u16> {
    let n = text.trim().parse::<u16>().ok()?;
    ((min..=max).contains(&n) || (zero && n == 0)).then_some(n)
}

mod brf;
mod confirm;
mod display;
mod online;
mod speech;
mod training;
mod voice;

pub use brf::BrailleTable;
pub use confirm::{ConfirmMode, WaiveBelow};
pub use display::BrailleUse;
pub use online::BaseUrl;
pub use speech::Voice;
pub use training::QuizEvery;
pub use voice::{ListenConfirm, Microphone, VoiceModel};

/// The longest output line in characters, for a Braille display's cells;
/// 0 turns wrapping off.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Width(pub u16);

impl Width {
    /// The narrowest line that still holds a sentence.
    pub const MIN: u16 = 20;
    /// The widest line wrapping makes sense for.
    pub const MAX: u16 = 500;
}

range_value!(Width(u16), Width::MIN, Width::MAX, zero: true, ["0", "20", "40", "500"]);

/// A share from 0 to 100: speech rate (50 is the voice's normal rate),
/// speech volume, volume of the sound cues.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Percent(pub u8);

range_value!(Percent(u8), 0, 100, zero: false, ["0", "1", "50", "100"]);

/// A level of the built-in engine, 1 (beginner) to 10.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Level(pub u8);

impl Level {
    /// The strongest level. The engine's table of levels decides it
    /// ([`MAX_LEVEL`](crate::engine::level::MAX_LEVEL)); settings sit
    /// below the engine and cannot ask, so this example keeps the two
    /// equal.
    ///
    /// ```
    /// use annabella_core::{engine::level::MAX_LEVEL, settings::Level};
    /// assert_eq!(Level::MAX, MAX_LEVEL);
    /// ```
    pub const MAX: u8 = 10;
}

range_value!(Level(u8), 1, Level::MAX as u16, zero: false, ["1", "5", "10"]);

/// How deep a review searches each position, in plies (`go depth N`
/// for an external engine).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReviewDepth(pub u8);

impl ReviewDepth {
    /// The deepest review allowed: deeper takes minutes a position on
    /// the built-in engine.
    pub const MAX: u8 = 30;
}

range_value!(ReviewDepth(u8), 1, ReviewDepth::MAX as u16, zero: false, ["1", "11", "30"]);

/// The time control of the games: none, or a control such as `5+3`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum TimeChoice {
    /// No clock (the default).
    #[default]
    Untimed,
    /// A chess clock with this control.
    Timed(TimeControl),
}

impl TimeChoice {
    /// The control, if the games are timed.
    pub fn control(&self) -> Option<&TimeControl> {
        match self {
            TimeChoice::Untimed => None,
            TimeChoice::Timed(control) => Some(control),
        }
    }

    /// Reads a control or a word for "off", or says what is wrong with
    /// the control typed.
    pub fn read(text: &str) -> Result<TimeChoice, ControlError> {
        if OFF.contains_folded(&fold(text)) {
            return Ok(TimeChoice::Untimed);
        }
        text.parse().map(TimeChoice::Timed)
    }
}

/// A time control as the language writes it: German and Estonian with a
/// decimal comma (`0,5+0`), English with a point; both are read. A
/// control with move counts keeps the point, since there a comma
/// parts the periods (`40/90,30`) and must read back so.
fn decimal_comma(lang: Lang, text: String) -> String {
    match lang {
        Lang::De | Lang::Et if !text.contains('/') => text.replace('.', ","),
        Lang::En | Lang::De | Lang::Et => text,
    }
}

impl Value for TimeChoice {
    fn parse(text: &str) -> Option<TimeChoice> {
        TimeChoice::read(text).ok()
    }

    fn show(&self, lang: Lang) -> Cow<'static, str> {
        match self {
            TimeChoice::Untimed => Cow::Borrowed(OFF.shown(lang)),
            TimeChoice::Timed(control) => Cow::Owned(decimal_comma(lang, control.to_string())),
        }
    }

    fn allowed() -> Allowed {
        Allowed::TimeControl
    }

    fn samples() -> Vec<String> {
        let mut samples: Vec<String> = OFF.all().map(str::to_string).collect();
        samples.extend(["5+3", "0.5+0", "90 d 5", "15 b 10", "40/90, 30+30"].map(String::from));
        samples
    }
}

/// The remaining times, in seconds, at which the player's own clock is
/// said aloud (`300 60 30 10`); none by default, as FIDE's appendix for
/// blind players gives the time on request only.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TimeAlerts(pub Vec<u32>);

impl TimeAlerts {
    /// The most alarms one may set.
    pub const MAX_COUNT: usize = 10;
    /// The highest alarm, in seconds (ten hours).
    pub const MAX_SECONDS: u32 = 36_000;
}

impl Value for TimeAlerts {
    fn parse(text: &str) -> Option<TimeAlerts> {
        if OFF.contains_folded(&fold(text)) {
            return Some(TimeAlerts::default());
        }
        let mut seconds = Vec::new();
        for word in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
        {
            let n: u32 = word.parse().ok()?;
            if n == 0 || n > TimeAlerts::MAX_SECONDS {
                return None;
            }
            seconds.push(n);
        }
        seconds.sort_unstable_by(|a, b| b.cmp(a));
        seconds.dedup();
        (!seconds.is_empty() && seconds.len() <= TimeAlerts::MAX_COUNT)
            .then_some(TimeAlerts(seconds))
    }

    fn show(&self, lang: Lang) -> Cow<'static, str> {
        if self.0.is_empty() {
            return Cow::Borrowed(OFF.shown(lang));
        }
        let words: Vec<String> = self.0.iter().map(u32::to_string).collect();
        Cow::Owned(words.join(" "))
    }

    fn allowed() -> Allowed {
        Allowed::Seconds
    }

    fn samples() -> Vec<String> {
        let mut samples: Vec<String> = OFF.all().map(str::to_string).collect();
        samples.extend(["300 60 30 10", "10", "60,30"].map(String::from));
        samples
    }
}

/// The player's name, for the PGN of games against an engine and in hot
/// seat; unknown (`?`) by default.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PlayerName(pub String);

impl PlayerName {
    /// The longest name, in characters.
    pub const MAX: usize = 60;

    /// The name as PGN writes it: `?` when unknown.
    pub fn pgn(&self) -> &str {
        if self.0.is_empty() { "?" } else { &self.0 }
    }
}

impl Value for PlayerName {
    fn parse(text: &str) -> Option<PlayerName> {
        let text = text.trim();
        if text == "?" || OFF.contains_folded(&fold(text)) {
            return Some(PlayerName::default());
        }
        let fits = !text.is_empty()
            && text.chars().count() <= PlayerName::MAX
            && !text
                .chars()
                .any(|c| c.is_control() || c == '"' || c == '\\');
        fits.then(|| PlayerName(text.to_string()))
    }

    fn show(&self, _: Lang) -> Cow<'static, str> {
        Cow::Owned(self.pgn().to_string())
    }

    fn allowed() -> Allowed {
        Allowed::Name
    }

    fn samples() -> Vec<String> {
        ["?", "Anna", "Anna Schmidt", "Jüri Tamm"]
            .map(String::from)
            .to_vec()
    }
}
