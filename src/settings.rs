//! Settings a player can change with `set KEY VALUE` or flags.

use std::fmt;

/// The language of the user interface.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// German.
    De,
    /// English.
    En,
    /// Estonian.
    Et,
}

impl Lang {
    /// Every UI language.
    pub const ALL: [Lang; 3] = [Lang::De, Lang::En, Lang::Et];

    /// The language code, as in `locales/<code>/`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
            Lang::Et => "et",
        }
    }

    /// Chooses the language from POSIX locale variables (`LC_ALL`,
    /// `LC_MESSAGES`, `LANG`, in that order): German for `de*`, Estonian
    /// for `et*`, else English.
    pub fn from_env_values(
        lc_all: Option<&str>,
        lc_messages: Option<&str>,
        lang: Option<&str>,
    ) -> Lang {
        let value = [lc_all, lc_messages, lang]
            .into_iter()
            .flatten()
            .find(|v| !v.is_empty())
            .unwrap_or("");
        let value = value.to_ascii_lowercase();
        if value.starts_with("de") {
            Lang::De
        } else if value.starts_with("et") {
            Lang::Et
        } else {
            Lang::En
        }
    }
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

impl Orientation {
    /// The side to read from, given the human player's colour.
    pub fn side(self, player: shakmaty::Color) -> shakmaty::Color {
        match self {
            Orientation::White => shakmaty::Color::White,
            Orientation::Black => shakmaty::Color::Black,
            Orientation::Player => player,
        }
    }
}

/// Narrowest and widest line for `width` (0 turns wrapping off).
pub const WIDTH_RANGE: (u16, u16) = (20, 500);
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

/// A speech voice by name, or `auto` (chosen by language). Kept inline so
/// that settings stay `Copy`; longer names are refused by [`Setting::parse`].
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct VoiceName {
    bytes: [u8; VoiceName::MAX],
    len: u8,
}

impl VoiceName {
    /// The longest name a voice may have, in bytes.
    pub const MAX: usize = 40;

    /// The automatic choice: a voice of the language spoken.
    pub const AUTO: VoiceName = {
        let mut bytes = [0; VoiceName::MAX];
        bytes[0] = b'a';
        bytes[1] = b'u';
        bytes[2] = b't';
        bytes[3] = b'o';
        VoiceName { bytes, len: 4 }
    };

    /// A name of at most [`VoiceName::MAX`] bytes without spaces or
    /// control characters.
    pub fn new(name: &str) -> Option<VoiceName> {
        if name.is_empty()
            || name.len() > Self::MAX
            || name.chars().any(|c| c.is_whitespace() || c.is_control())
        {
            return None;
        }
        let mut bytes = [0; Self::MAX];
        bytes[..name.len()].copy_from_slice(name.as_bytes());
        Some(VoiceName {
            bytes,
            len: name.len() as u8,
        })
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("auto")
    }

    /// Whether the voice is chosen by language.
    pub fn is_auto(&self) -> bool {
        *self == Self::AUTO
    }
}

impl fmt::Debug for VoiceName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

/// One setting with its value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// Announcement style.
    Style(Style),
    /// Announcement verbosity.
    Verbosity(Verbosity),
    /// Board format.
    BoardStyle(BoardStyle),
    /// UI language.
    Lang(Lang),
    /// Promote to a queen without asking.
    AutoQueen(bool),
    /// Longest output line in characters (a Braille display's cells); 0 = no limit.
    Width(u16),
    /// Whose side the board is read from.
    Orientation(Orientation),
    /// Speech output.
    Speech(SpeechMode),
    /// Speech rate, 0 (slowest) to 100 (fastest); 50 is the voice's normal.
    Rate(u8),
    /// Speech volume, 0 to 100.
    SpeechVolume(u8),
    /// Speech voice.
    Voice(VoiceName),
    /// Sound cues on or off.
    Sound(bool),
    /// Volume of the sound cues, 0 to 100.
    Volume(u8),
}

/// The keys `set` knows, with the values each takes.
pub const KEYS: &[(&str, &[&str])] = &[
    ("style", &["fide", "local", "nato", "san"]),
    ("verbosity", &["short", "normal", "full"]),
    ("boardstyle", &["list", "ranks", "squares"]),
    ("lang", &["de", "en", "et"]),
    ("autoqueen", &["on", "off"]),
    ("width", &["0", "20 to 500"]),
    ("orientation", &["white", "black", "player"]),
    ("speech", &["on", "off", "screenreader"]),
    ("rate", &["0", "25", "50", "75", "100"]),
    ("speechvolume", &["0", "25", "50", "75", "100"]),
    ("voice", &["auto", "de", "en"]),
    ("sound", &["on", "off"]),
    ("volume", &["0", "25", "50", "75", "100"]),
];

/// The English key for a key typed in English or German.
pub fn canonical_key(key: &str) -> &str {
    match key {
        "stil" => "style",
        "ausführlichkeit" | "ausfuehrlichkeit" => "verbosity",
        "brettstil" => "boardstyle",
        "sprache" | "language" => "lang",
        "autodame" => "autoqueen",
        "breite" => "width",
        "ausrichtung" | "seite" | "side" => "orientation",
        "sprache-ausgabe" | "sprachausgabe" => "speech",
        "tempo" | "geschwindigkeit" => "rate",
        "sprachlautstaerke" | "sprachlautstärke" => "speechvolume",
        "stimme" => "voice",
        "klang" | "toene" | "töne" => "sound",
        "lautstaerke" | "lautstärke" => "volume",
        k => k,
    }
}

/// Why `set` refused a key and value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SettingError {
    /// There is no setting of that name.
    UnknownKey,
    /// The setting cannot take that value.
    BadValue,
}

impl Setting {
    /// Parses `key` and `value` (both already lower case).
    pub fn parse(key: &str, value: &str) -> Result<Setting, SettingError> {
        let key = canonical_key(key);
        let value = match value {
            "kurz" => "short",
            "lang" if key == "verbosity" => "full",
            "ausführlich" | "ausfuehrlich" => "full",
            "liste" => "list",
            "reihen" => "ranks",
            "felder" => "squares",
            "weiss" | "weiß" | "valge" => "white",
            "schwarz" | "must" => "black",
            "spieler" | "mängija" => "player",
            "an" | "ein" => "on",
            "aus" => "off",
            "bildschirmleser" => "screenreader",
            v => v,
        };
        let percent = || value.parse::<u8>().ok().filter(|v| *v <= 100);
        Ok(match (key, value) {
            ("style", "fide") => Setting::Style(Style::Fide),
            ("style", "local" | "lokal") => Setting::Style(Style::Local),
            ("style", "nato") => Setting::Style(Style::Nato),
            ("style", "san") => Setting::Style(Style::San),
            ("verbosity", "short") => Setting::Verbosity(Verbosity::Short),
            ("verbosity", "normal") => Setting::Verbosity(Verbosity::Normal),
            ("verbosity", "full") => Setting::Verbosity(Verbosity::Full),
            ("boardstyle", "list") => Setting::BoardStyle(BoardStyle::List),
            ("boardstyle", "ranks") => Setting::BoardStyle(BoardStyle::Ranks),
            ("lang", "de") => Setting::Lang(Lang::De),
            ("lang", "en") => Setting::Lang(Lang::En),
            ("lang", "et") => Setting::Lang(Lang::Et),
            ("autoqueen", "on") => Setting::AutoQueen(true),
            ("autoqueen", "off") => Setting::AutoQueen(false),
            ("boardstyle", "squares") => Setting::BoardStyle(BoardStyle::Squares),
            ("orientation", "white") => Setting::Orientation(Orientation::White),
            ("orientation", "black") => Setting::Orientation(Orientation::Black),
            ("orientation", "player") => Setting::Orientation(Orientation::Player),
            ("width", v) => match v.parse::<u16>() {
                Ok(0) => Setting::Width(0),
                Ok(w) if (WIDTH_RANGE.0..=WIDTH_RANGE.1).contains(&w) => Setting::Width(w),
                _ => return Err(SettingError::BadValue),
            },
            ("speech", "on") => Setting::Speech(SpeechMode::On),
            ("speech", "off") => Setting::Speech(SpeechMode::Off),
            ("speech", "screenreader") => Setting::Speech(SpeechMode::ScreenReader),
            ("rate", _) if percent().is_some() => Setting::Rate(percent().unwrap_or(50)),
            ("speechvolume", _) if percent().is_some() => {
                Setting::SpeechVolume(percent().unwrap_or(100))
            }
            ("voice", v) if VoiceName::new(v).is_some() => {
                Setting::Voice(VoiceName::new(v).unwrap_or(VoiceName::AUTO))
            }
            ("sound", "on") => Setting::Sound(true),
            ("sound", "off") => Setting::Sound(false),
            ("volume", _) if percent().is_some() => Setting::Volume(percent().unwrap_or(100)),
            (k, _) if KEYS.iter().any(|(name, _)| *name == k) => {
                return Err(SettingError::BadValue);
            }
            _ => return Err(SettingError::UnknownKey),
        })
    }

    /// The key as `set` takes it.
    pub fn key(self) -> &'static str {
        match self {
            Setting::Style(_) => "style",
            Setting::Verbosity(_) => "verbosity",
            Setting::BoardStyle(_) => "boardstyle",
            Setting::Lang(_) => "lang",
            Setting::AutoQueen(_) => "autoqueen",
            Setting::Width(_) => "width",
            Setting::Orientation(_) => "orientation",
            Setting::Speech(_) => "speech",
            Setting::Rate(_) => "rate",
            Setting::SpeechVolume(_) => "speechvolume",
            Setting::Voice(_) => "voice",
            Setting::Sound(_) => "sound",
            Setting::Volume(_) => "volume",
        }
    }

    /// The value as `set` takes it.
    pub fn value(self) -> String {
        let word = match self {
            Setting::Style(Style::Fide) => "fide",
            Setting::Style(Style::Local) => "local",
            Setting::Style(Style::Nato) => "nato",
            Setting::Style(Style::San) => "san",
            Setting::Verbosity(Verbosity::Short) => "short",
            Setting::Verbosity(Verbosity::Normal) => "normal",
            Setting::Verbosity(Verbosity::Full) => "full",
            Setting::BoardStyle(BoardStyle::List) => "list",
            Setting::BoardStyle(BoardStyle::Ranks) => "ranks",
            Setting::Lang(l) => l.code(),
            Setting::AutoQueen(true) => "on",
            Setting::AutoQueen(false) => "off",
            Setting::BoardStyle(BoardStyle::Squares) => "squares",
            Setting::Orientation(Orientation::White) => "white",
            Setting::Orientation(Orientation::Black) => "black",
            Setting::Orientation(Orientation::Player) => "player",
            Setting::Width(w) => return w.to_string(),
            Setting::Speech(SpeechMode::On) => "on",
            Setting::Speech(SpeechMode::Off) => "off",
            Setting::Speech(SpeechMode::ScreenReader) => "screenreader",
            Setting::Sound(true) => "on",
            Setting::Sound(false) => "off",
            Setting::Rate(v) | Setting::SpeechVolume(v) | Setting::Volume(v) => {
                return v.to_string();
            }
            Setting::Voice(v) => return v.as_str().to_string(),
        };
        word.to_string()
    }
}

impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.key(), self.value())
    }
}

/// All settings of a session.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// UI language.
    pub lang: Lang,
    /// Announcement style.
    pub style: Style,
    /// Announcement verbosity.
    pub verbosity: Verbosity,
    /// Board format.
    pub board_style: BoardStyle,
    /// Promote to a queen without asking.
    pub autoqueen: bool,
    /// Longest output line (0 = no limit).
    pub width: u16,
    /// Whose side the board is read from.
    pub orientation: Orientation,
    /// Speech output.
    pub speech: SpeechMode,
    /// Speech rate, 0 to 100 (50 normal).
    pub rate: u8,
    /// Speech volume, 0 to 100.
    pub speech_volume: u8,
    /// Speech voice.
    pub voice: VoiceName,
    /// Sound cues.
    pub sound: bool,
    /// Volume of the sound cues, 0 to 100.
    pub volume: u8,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: Lang::En,
            style: Style::Fide,
            verbosity: Verbosity::Normal,
            board_style: BoardStyle::List,
            autoqueen: false,
            width: 0,
            orientation: Orientation::Player,
            speech: SpeechMode::Off,
            rate: 50,
            speech_volume: 100,
            voice: VoiceName::AUTO,
            sound: false,
            volume: 70,
        }
    }
}

impl Settings {
    /// Applies one setting.
    pub fn apply(&mut self, setting: Setting) {
        match setting {
            Setting::Style(v) => self.style = v,
            Setting::Verbosity(v) => self.verbosity = v,
            Setting::BoardStyle(v) => self.board_style = v,
            Setting::Lang(v) => self.lang = v,
            Setting::AutoQueen(v) => self.autoqueen = v,
            Setting::Width(v) => self.width = v,
            Setting::Orientation(v) => self.orientation = v,
            Setting::Speech(v) => self.speech = v,
            Setting::Rate(v) => self.rate = v,
            Setting::SpeechVolume(v) => self.speech_volume = v,
            Setting::Voice(v) => self.voice = v,
            Setting::Sound(v) => self.sound = v,
            Setting::Volume(v) => self.volume = v,
        }
    }

    /// Every setting with its current value.
    pub fn all(&self) -> Vec<Setting> {
        vec![
            Setting::Style(self.style),
            Setting::Verbosity(self.verbosity),
            Setting::BoardStyle(self.board_style),
            Setting::Lang(self.lang),
            Setting::AutoQueen(self.autoqueen),
            Setting::Width(self.width),
            Setting::Orientation(self.orientation),
            Setting::Speech(self.speech),
            Setting::Rate(self.rate),
            Setting::SpeechVolume(self.speech_volume),
            Setting::Voice(self.voice),
            Setting::Sound(self.sound),
            Setting::Volume(self.volume),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_from_the_locale_variables() {
        assert_eq!(
            Lang::from_env_values(None, None, Some("de_DE.UTF-8")),
            Lang::De
        );
        assert_eq!(
            Lang::from_env_values(None, None, Some("et_EE.UTF-8")),
            Lang::Et
        );
        assert_eq!(
            Lang::from_env_values(Some("ET"), None, Some("de_DE")),
            Lang::Et
        );
        assert_eq!(
            Lang::from_env_values(Some(""), Some("de_AT"), None),
            Lang::De
        );
        assert_eq!(Lang::from_env_values(None, None, Some("C")), Lang::En);
        assert_eq!(Lang::from_env_values(None, None, None), Lang::En);
    }

    #[test]
    fn every_language_can_be_set() {
        for lang in Lang::ALL {
            assert_eq!(Setting::parse("lang", lang.code()), Ok(Setting::Lang(lang)));
        }
        assert_eq!(
            Setting::parse("orientation", "must"),
            Ok(Setting::Orientation(Orientation::Black))
        );
    }
}
