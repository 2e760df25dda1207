//! What can be wrong with the command line, as values: the binary turns
//! the flag parser's errors (and its own checks at start) into a
//! [`FlagError`], and the announcer words it in the UI language the
//! command line asks for ([`lang_named`]), or else the environment's.
//! No English of the flag parser's reaches a German or Estonian player.

use std::fmt;

use crate::rules::clock::ControlError;
use crate::settings::{Key, Lang, Setting};

/// Why the command line cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FlagError {
    /// A setting's flag with a value the setting does not take
    /// (`--level 11`).
    BadSetting {
        /// The setting.
        key: Key,
        /// The value given.
        value: String,
    },
    /// `--time` with a value that is no time control.
    BadTime {
        /// The value given.
        value: String,
        /// Which part is wrong and why.
        error: ControlError,
    },
    /// A flag that takes a whole number got something else (`--seed x`).
    NotANumber {
        /// The flag, with its dashes.
        flag: String,
        /// The value given.
        value: String,
    },
    /// A flag annabella does not have, and the one meant, if one is near.
    UnknownFlag {
        /// The flag as typed.
        flag: String,
        /// A flag of annabella's that is close.
        suggestion: Option<String>,
    },
    /// A word that is no flag (`annabella extra`).
    Stray(String),
    /// A flag that needs a value was given none.
    MissingValue(String),
    /// A word the command needs is missing (`annabella hear` without
    /// its file); as the usage names it.
    MissingArgument(String),
    /// Two flags that exclude each other (`--resume --new`).
    Conflict(String, String),
    /// `--fen` is not a FEN.
    NotFen(String),
    /// `--fen` is a FEN of a position that cannot arise.
    IllegalPosition(String),
    /// `--chess960` is neither 0 to 959 nor random.
    Chess960Number(String),
    /// `--engine-option` without a name and a value.
    EngineOption(String),
    /// A flag or word with a fixed set of values got another
    /// (`annabella generate completions tcsh`).
    NotOneOf {
        /// The flag, with its dashes, or the word's name (`SHELL`).
        flag: String,
        /// The value given.
        value: String,
        /// The values it takes.
        allowed: Vec<String>,
    },
    /// Anything else the flag parser refused; the words of the command
    /// line.
    Other(String),
}

impl fmt::Display for FlagError {
    /// English for a log; the player is told [`FlagError`] through the
    /// announcer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl std::error::Error for FlagError {}

/// The UI language `--lang VALUE` or `--lang=VALUE` names on the command
/// line, if it names one annabella has: flag errors are said in it, even
/// when another flag is wrong.
///
/// ```
/// use annabella_core::input::lang_named;
/// use annabella_core::settings::Lang;
/// let args = ["annabella", "--lang", "de", "--time", "abc"].map(String::from);
/// assert_eq!(lang_named(&args), Some(Lang::De));
/// assert_eq!(lang_named(&["--lang=et".to_string()]), Some(Lang::Et));
/// assert_eq!(lang_named(&["--lang".to_string(), "xx".to_string()]), None);
/// ```
pub fn lang_named(args: &[String]) -> Option<Lang> {
    let flag = format!("--{}", Key::Lang.word(Lang::En));
    let mut named = None;
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let value = match word.strip_prefix(flag.as_str()) {
            Some("") => words.next().map(String::as_str),
            Some(rest) => rest.strip_prefix('='),
            None => None,
        };
        if let Some(Ok(Setting::Lang(lang))) = value.map(|v| Key::Lang.read(v)) {
            // The last one counts, as it does for the setting.
            named = Some(lang);
        }
    }
    named
}
