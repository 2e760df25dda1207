//! Settings a player can change with `set KEY VALUE` or a flag, as data:
//! one entry per setting (its key words in every language, its value
//! type with the value words, its default and its help), from which the
//! [`Key`] and [`Setting`] enums, the [`Settings`] struct, `set`,
//! `settings`, the command-line flags and the help are all made.

mod values;

use std::borrow::Cow;

pub use crate::lang::Lang;
pub use values::{
    Allowed, BaseUrl, BoardStyle, BrailleTable, BrailleUse, Choice, ColorChoice, ConfirmMode,
    Level, ListenConfirm, Microphone, OFF, ON, OpponentChoice, Orientation, Percent, PlayerName,
    QuizEvery, RANDOM, ReviewDepth, SpeechMode, Style, TimeAlerts, TimeChoice, Value, Verbosity,
    Voice, VoiceModel, WaiveBelow, Width,
};

use crate::lang::{Words, fold};
use crate::rules::clock::ControlError;

/// One entry of the settings table, for lookups that go by key.
#[derive(Copy, Clone, Debug)]
pub struct Entry {
    /// The setting.
    pub key: Key,
    /// The words `set` takes for it; the first of a language is shown.
    pub words: Words,
    /// The message id of its description (help and `--help`).
    pub help: &'static str,
}

/// Declares the settings once and makes of them the [`Key`] and
/// [`Setting`] enums, the [`Settings`] struct with its defaults, and the
/// table [`TABLE`]. Adding a setting is one entry here (and its locale
/// id); every `match` that must know it is generated.
macro_rules! settings {
    ($(
        $(#[doc = $doc:literal])*
        $variant:ident $field:ident: $ty:ty = $default:expr,
            words $en:expr, $de:expr, $et:expr,
            help $help:literal;
    )*) => {
        /// Which setting: the key of `set KEY VALUE`.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Key { $( $(#[doc = $doc])* $variant, )* }

        /// One setting with its value.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Setting { $( $(#[doc = $doc])* $variant($ty), )* }

        /// All settings of a session.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Settings { $( $(#[doc = $doc])* pub $field: $ty, )* }

        impl Default for Settings {
            fn default() -> Settings {
                Settings { $( $field: $default, )* }
            }
        }

        /// The settings table, in the order `settings` lists them.
        pub const TABLE: &[Entry] = &[ $(
            Entry {
                key: Key::$variant,
                words: Words { en: $en, de: $de, et: $et },
                help: $help,
            },
        )* ];

        impl Setting {
            /// Which setting this is.
            pub fn key(&self) -> Key {
                match self { $( Setting::$variant(_) => Key::$variant, )* }
            }

            /// The value as `settings` shows it in `lang`.
            pub fn show(&self, lang: Lang) -> Cow<'static, str> {
                match self { $( Setting::$variant(v) => Value::show(v, lang), )* }
            }
        }

        impl Key {
            /// The value type of this setting, as functions.
            fn values(self) -> Values {
                match self {
                    $( Key::$variant => Values {
                        parse: |text| <$ty as Value>::parse(text).map(Setting::$variant),
                        allowed: <$ty as Value>::allowed,
                        samples: <$ty as Value>::samples,
                    }, )*
                }
            }
        }

        impl Settings {
            /// The current value of one setting.
            pub fn get(&self, key: Key) -> Setting {
                match key { $( Key::$variant => Setting::$variant(self.$field.clone()), )* }
            }

            /// Applies one setting.
            pub fn apply(&mut self, setting: Setting) {
                match setting { $( Setting::$variant(v) => self.$field = v, )* }
            }
        }
    };
}

settings! {
    /// How moves are announced (SPEC §2).
    Style style: Style = Style::Fide,
        words &["style"], &["stil"], &["stiil"],
        help "setting-style";
    /// How much an announcement says.
    Verbosity verbosity: Verbosity = Verbosity::Normal,
        words &["verbosity"], &["ausführlichkeit"], &["jutukus"],
        help "setting-verbosity";
    /// How `board` shows the whole board.
    BoardStyle board_style: BoardStyle = BoardStyle::List,
        words &["boardstyle"], &["brettstil"], &["lauastiil"],
        help "setting-boardstyle";
    /// The language of the interface.
    Lang lang: Lang = Lang::En,
        words &["lang", "language"], &["sprache"], &["keel"],
        help "setting-lang";
    /// Promote to a queen without asking.
    AutoQueen autoqueen: bool = false,
        words &["autoqueen"], &["autodame"], &["autolipp"],
        help "setting-autoqueen";
    /// Wrap answers at this many characters (0: no wrapping).
    Width width: Width = Width(0),
        words &["width"], &["breite"], &["laius"],
        help "setting-width";
    /// The liblouis table of the Braille scoresheet (`brf FILE`).
    BrailleTable braille_table: BrailleTable = BrailleTable::Auto,
        words &["brailletable"], &["brailletabelle"], &["punktkirjatabel"],
        help "setting-brailletable";
    /// Whose side the board is read from.
    Orientation orientation: Orientation = Orientation::Player,
        words &["orientation", "side"], &["ausrichtung", "seite"], &["suund"],
        help "setting-orientation";
    /// Speech output.
    Speech speech: SpeechMode = SpeechMode::Off,
        words &["speech"], &["sprachausgabe", "sprache-ausgabe"], &["kõne"],
        help "setting-speech";
    /// Speech rate, 0 (slowest) to 100 (fastest); 50 is the voice's normal.
    Rate rate: Percent = Percent(50),
        words &["rate"], &["tempo", "geschwindigkeit"], &["kiirus"],
        help "setting-rate";
    /// Speech volume, 0 to 100.
    SpeechVolume speech_volume: Percent = Percent(100),
        words &["speechvolume"], &["sprachlautstärke"], &["kõnevaljus"],
        help "setting-speechvolume";
    /// The speech voice.
    Voice voice: Voice = Voice::Auto,
        words &["voice"], &["stimme"], &["hääl"],
        help "setting-voice";
    /// Sound cues.
    Sound sound: bool = false,
        words &["sound"], &["klang", "töne"], &["heli"],
        help "setting-sound";
    /// Volume of the sound cues, 0 to 100.
    Volume volume: Percent = Percent(70),
        words &["volume"], &["lautstärke"], &["valjus"],
        help "setting-volume";
    /// Who plays the other side.
    Opponent opponent: OpponentChoice = OpponentChoice::Engine,
        words &["opponent"], &["gegner"], &["vastane"],
        help "setting-opponent";
    /// The level of the built-in engine.
    Level level: Level = Level(5),
        words &["level"], &["stufe"], &["tase"],
        help "setting-level";
    /// The side the person plays against an engine.
    Color color: ColorChoice = ColorChoice::White,
        words &["color", "colour"], &["farbe"], &["värv"],
        help "setting-color";
    /// The time control of the games.
    Time time: TimeChoice = TimeChoice::Untimed,
        words &["time"], &["zeit", "bedenkzeit"], &["aeg", "mõtlemisaeg"],
        help "setting-time";
    /// When the player's own clock is said aloud, in seconds left.
    TimeAlerts time_alerts: TimeAlerts = TimeAlerts(Vec::new()),
        words &["timealerts"], &["zeitalarm", "zeitwarnungen"], &["ajahoiatused"],
        help "setting-timealerts";
    /// The player's name, for PGN.
    Name name: PlayerName = PlayerName(String::new()),
        words &["name"], &["name"], &["nimi"],
        help "setting-name";
    /// Which moves the player repeats or confirms before play goes on.
    Confirm confirm: ConfirmMode = ConfirmMode::Off,
        words &["confirm"], &["bestätigen"], &["kinnita"],
        help "setting-confirm";
    /// No confirming below this many seconds on the player's clock.
    ConfirmBelow confirm_below: WaiveBelow = WaiveBelow(0),
        words &["confirmbelow"], &["bestätigenbis"], &["kinnitaalla"],
        help "setting-confirmbelow";
    /// Say the opening's name when the game leaves the last named
    /// position.
    Opening opening: bool = true,
        words &["opening"], &["eröffnung"], &["avang"],
        help "setting-opening";
    /// How deep `review` searches each position. 11: the 40-move
    /// reference game reviews in about 9 s on the 2-core machine of
    /// BENCHMARKS.md, where depth 12 takes 15 s, too near the 20 s a
    /// review may take when the machine is busy.
    ReviewDepth review_depth: ReviewDepth = ReviewDepth(11),
        words &["reviewdepth"], &["analysetiefe"], &["analüüsisügavus"],
        help "setting-reviewdepth";
    /// Compare the player's board after every move of the opponent.
    DualCheck dual_check: bool = false,
        words &["dualcheck"], &["brettprüfung"], &["lauakontroll"],
        help "setting-dualcheck";
    /// A question about the position every this many moves of the opponent.
    QuizEvery quiz_every: QuizEvery = QuizEvery(0),
        words &["quizevery"], &["fragenalle"], &["küsimusiiga"],
        help "setting-quizevery";
    /// Say the lines of an online game's chat.
    Chat chat: bool = true,
        words &["chat"], &["chat"], &["vestlus"],
        help "setting-chat";
    /// The lichess server (HTTPS; plain HTTP only to this computer).
    LichessUrl lichess_url: BaseUrl = BaseUrl::default(),
        words &["lichessurl"], &["lichessadresse"], &["lichessiaadress"],
        help "setting-lichessurl";
    /// Listen to the microphone for moves and commands.
    Listen listen: bool = false,
        words &["listen"], &["zuhören"], &["kuula"],
        help "setting-listen";
    /// When a heard move is read back before it counts.
    ListenConfirm listen_confirm: ListenConfirm = ListenConfirm::On,
        words &["listenconfirm"], &["zuhörenbestätigen"], &["kuulakinnita"],
        help "setting-listenconfirm";
    /// The microphone listened to.
    Microphone microphone: Microphone = Microphone(None),
        words &["microphone", "mic"], &["mikrofon"], &["mikrofon"],
        help "setting-microphone";
    /// The Whisper model voice input scores with: the installed ones
    /// (`auto`), or a folder holding another.
    VoiceModel voice_model: VoiceModel = VoiceModel(None),
        words &["voicemodel"], &["sprachmodell"], &["kõnemudel"],
        help "setting-voicemodel";
    /// The Braille display, through BRLTTY.
    Braille braille: BrailleUse = BrailleUse::Auto,
        words &["braille"], &["braille", "braillezeile"], &["punktkiri"],
        help "setting-braille";
}

/// What a setting's value type does, for a setting chosen at run time.
struct Values {
    parse: fn(&str) -> Option<Setting>,
    allowed: fn() -> Allowed,
    samples: fn() -> Vec<String>,
}

impl Key {
    /// Reads a value for this setting, typed in any language.
    pub fn parse(self, text: &str) -> Option<Setting> {
        (self.values().parse)(text)
    }

    /// Reads a value for this setting, or says why it cannot be one: a
    /// time control names the part at fault.
    pub fn read(self, text: &str) -> Result<Setting, SettingError> {
        if let Some(setting) = self.parse(text) {
            return Ok(setting);
        }
        Err(match (self, TimeChoice::read(text)) {
            (Key::Time, Err(error)) => SettingError::BadTimeControl {
                value: text.to_string(),
                error,
            },
            _ => SettingError::BadValue {
                key: self,
                value: text.to_string(),
            },
        })
    }

    /// What this setting accepts.
    pub fn allowed(self) -> Allowed {
        (self.values().allowed)()
    }

    /// Values `set` must accept for this setting, in every language.
    pub fn samples(self) -> Vec<String> {
        (self.values().samples)()
    }

    /// Every setting, in the order of the table.
    pub fn all() -> impl Iterator<Item = Key> {
        TABLE.iter().map(|e| e.key)
    }

    /// The table entry of this setting.
    pub fn entry(self) -> &'static Entry {
        // The table is made in the order of the enum.
        &TABLE[self as usize]
    }

    /// The key word shown in `lang`.
    pub fn word(self, lang: Lang) -> &'static str {
        self.entry().words.shown(lang)
    }

    /// The setting a word names (any language; case and accents ignored).
    ///
    /// ```
    /// use annabella_core::settings::Key;
    /// assert_eq!(Key::from_word("Brettstil"), Some(Key::BoardStyle));
    /// assert_eq!(Key::from_word("keel"), Some(Key::Lang));
    /// assert_eq!(Key::from_word("colour"), Some(Key::Color));
    /// ```
    pub fn from_word(word: &str) -> Option<Key> {
        let folded = fold(word);
        TABLE
            .iter()
            .find(|e| e.words.contains_folded(&folded))
            .map(|e| e.key)
    }
}

/// Why `set` refused a key and value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingError {
    /// There is no setting of that name.
    UnknownKey(String),
    /// The setting cannot take that value.
    BadValue {
        /// The setting.
        key: Key,
        /// The value typed.
        value: String,
    },
    /// `time` cannot take that value: the part at fault and why.
    BadTimeControl {
        /// The value typed.
        value: String,
        /// What is wrong with it.
        error: ControlError,
    },
}

/// Reads `set KEY VALUE`: the key and the value in any language.
///
/// ```
/// use annabella_core::settings::{Setting, Style, parse_setting};
/// assert_eq!(parse_setting("stil", "lokal"), Ok(Setting::Style(Style::Local)));
/// assert!(parse_setting("style", "morse").is_err());
/// ```
pub fn parse_setting(key: &str, value: &str) -> Result<Setting, SettingError> {
    let key = Key::from_word(key).ok_or_else(|| SettingError::UnknownKey(key.to_string()))?;
    key.read(value)
}

impl Settings {
    /// Every setting with its current value, in the order of the table.
    pub fn all(&self) -> Vec<Setting> {
        Key::all().map(|key| self.get(key)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_key_order() {
        for (i, entry) in TABLE.iter().enumerate() {
            assert_eq!(entry.key as usize, i);
            assert_eq!(entry.key.entry().key, entry.key);
        }
    }

    #[test]
    fn every_language_can_be_set() {
        for lang in Lang::ALL {
            assert_eq!(parse_setting("lang", lang.code()), Ok(Setting::Lang(lang)));
        }
        assert_eq!(
            parse_setting("orientation", "must"),
            Ok(Setting::Orientation(Orientation::Black))
        );
        assert_eq!(parse_setting("breite", "41"), Ok(Setting::Width(Width(41))));
        assert!(parse_setting("breite", "19").is_err());
        assert_eq!(parse_setting("width", "0"), Ok(Setting::Width(Width(0))));
    }
}
