//! The languages of the user interface and the way words of them are
//! compared: [`Lang`], [`Words`] (words of one meaning in each language)
//! and [`fold`]. Settings, the command table, the vocabularies and the
//! drills all speak of words this way, so this leaf sits under all of
//! them and imports nothing of the crate.

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
            .unwrap_or("")
            .to_ascii_lowercase();
        if value.starts_with("de") {
            Lang::De
        } else if value.starts_with("et") {
            Lang::Et
        } else {
            Lang::En
        }
    }
}

/// Words of one meaning in each UI language. The first word of a
/// language is the one shown (in `help`, in suggestions); all of them,
/// in every language, are understood whatever the UI language.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Words {
    /// English words.
    pub en: &'static [&'static str],
    /// German words.
    pub de: &'static [&'static str],
    /// Estonian words.
    pub et: &'static [&'static str],
}

impl Words {
    /// English, German and Estonian words of one meaning.
    pub const fn new(
        en: &'static [&'static str],
        de: &'static [&'static str],
        et: &'static [&'static str],
    ) -> Words {
        Words { en, de, et }
    }

    /// The words of one language.
    pub fn of(&self, lang: Lang) -> &'static [&'static str] {
        match lang {
            Lang::En => self.en,
            Lang::De => self.de,
            Lang::Et => self.et,
        }
    }

    /// The word shown in `lang`: its first word, or the English one.
    pub fn shown(&self, lang: Lang) -> &'static str {
        self.of(lang)
            .first()
            .or_else(|| self.en.first())
            .copied()
            .unwrap_or("")
    }

    /// Every word of every language, English first.
    pub fn all(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.en
            .iter()
            .chain(self.de.iter())
            .chain(self.et.iter())
            .copied()
    }

    /// Whether `folded` (see [`fold`]) is one of the words.
    ///
    /// ```
    /// use annabella::lang::{Words, fold};
    /// let yes = Words::new(&["yes"], &["ja"], &["jah"]);
    /// assert!(yes.contains_folded(&fold("JA")));
    /// assert!(!yes.contains_folded(&fold("nein")));
    /// ```
    pub fn contains_folded(&self, folded: &str) -> bool {
        self.all().any(|w| fold(w) == folded)
    }
}

/// Folds a word for matching: lower case, accents and umlaut spellings
/// removed (`ä` = `ae` = `a`), punctuation dropped.
// Every word of every line is folded, in the move reader's inner loops:
// inlined across modules as it was when it lived beside them.
#[inline]
pub fn fold(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for ch in word.chars().flat_map(char::to_lowercase) {
        match ch {
            'ä' | 'à' | 'á' | 'â' | 'å' => out.push('a'),
            'ö' | 'ò' | 'ó' | 'ô' | 'õ' => out.push('o'),
            'ü' | 'ù' | 'ú' | 'û' => out.push('u'),
            'é' | 'è' | 'ê' | 'ë' => out.push('e'),
            'í' | 'ì' | 'î' | 'ï' => out.push('i'),
            'š' => out.push('s'),
            'ž' => out.push('z'),
            'ß' => out.push_str("ss"),
            c if c.is_alphanumeric() => out.push(c),
            _ => {}
        }
    }
    // German umlauts typed without the dots: "ae" = "ä" = "a".
    if out.contains("ae") || out.contains("oe") || out.contains("ue") {
        out = out.replace("ae", "a").replace("oe", "o").replace("ue", "u");
    }
    out
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
}
