//! The value of the speech voice.

use std::borrow::Cow;

use super::{AUTO, Allowed, Lang, Value, auto_or_word};

/// The speech voice: chosen by language, or a voice the player named.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Voice {
    /// A voice of the language spoken.
    #[default]
    Auto,
    /// A voice name in one word (spaces and brackets may be left out), or
    /// a language such as `de` or `en-gb`.
    Named(String),
}

impl Voice {
    /// The longest name a voice may have, in characters.
    pub const MAX: usize = 40;
}

impl Value for Voice {
    fn parse(text: &str) -> Option<Voice> {
        auto_or_word(text, Voice::MAX)
            .map(|name| name.map_or(Voice::Auto, |name| Voice::Named(name.to_lowercase())))
    }

    fn show(&self, lang: Lang) -> Cow<'static, str> {
        match self {
            Voice::Auto => Cow::Borrowed(AUTO.shown(lang)),
            Voice::Named(name) => Cow::Owned(name.clone()),
        }
    }

    fn allowed() -> Allowed {
        Allowed::VoiceName
    }

    fn samples() -> Vec<String> {
        ["auto", "de", "en-gb", "german+adam"]
            .map(String::from)
            .to_vec()
    }
}
