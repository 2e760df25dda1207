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
    /// use annabella_core::lang::{Words, fold};
    /// let yes = Words::new(&["yes"], &["ja"], &["jah"]);
    /// assert!(yes.contains_folded(&fold("JA")));
    /// assert!(!yes.contains_folded(&fold("nein")));
    /// ```
    pub fn contains_folded(&self, folded: &str) -> bool {
        self.all().any(|w| folds_to(w, folded))
    }
}

/// Whether `word` folds to `folded`. Asked for every word of every
/// typed line against every word list, so the word is folded as it is
/// compared, with nothing allocated, unless an umlaut is spelt out
/// ("ae"), which changes what came before.
#[inline]
pub fn folds_to(word: &str, folded: &str) -> bool {
    if word.is_ascii() {
        return ascii_folds_to(word, folded);
    }
    let mut want = folded.chars();
    let mut prev = None;
    for c in fold_chars(word) {
        if c == 'e' && matches!(prev, Some('a' | 'o' | 'u')) {
            return fold(word) == folded;
        }
        // Up to the first umlaut spelt out, the fold is these chars.
        if want.next() != Some(c) {
            return false;
        }
        prev = Some(c);
    }
    want.next().is_none()
}

/// [`folds_to`] for a word of ASCII only (nearly every word of the
/// lists), a byte at a time.
#[inline]
fn ascii_folds_to(word: &str, folded: &str) -> bool {
    let mut want = folded.bytes();
    let mut prev = 0;
    for b in word.bytes().filter(u8::is_ascii_alphanumeric) {
        let c = b.to_ascii_lowercase();
        if c == b'e' && matches!(prev, b'a' | b'o' | b'u') {
            return fold(word) == folded;
        }
        if want.next() != Some(c) {
            return false;
        }
        prev = c;
    }
    want.next().is_none()
}

/// The characters of a word lower-cased, accents removed and
/// punctuation dropped: [`fold`] before umlaut spellings are joined.
#[inline]
fn fold_chars(word: &str) -> impl Iterator<Item = char> + '_ {
    word.chars().flat_map(char::to_lowercase).flat_map(|ch| {
        let (first, second) = match ch {
            'ä' | 'à' | 'á' | 'â' | 'å' => (Some('a'), None),
            'ö' | 'ò' | 'ó' | 'ô' | 'õ' => (Some('o'), None),
            'ü' | 'ù' | 'ú' | 'û' => (Some('u'), None),
            'é' | 'è' | 'ê' | 'ë' => (Some('e'), None),
            'í' | 'ì' | 'î' | 'ï' => (Some('i'), None),
            'š' => (Some('s'), None),
            'ž' => (Some('z'), None),
            'ß' => (Some('s'), Some('s')),
            c if c.is_alphanumeric() => (Some(c), None),
            _ => (None, None),
        };
        first.into_iter().chain(second)
    })
}

/// A word in plain letters: lower case, accents and punctuation
/// removed, spellings kept ("Läufer" → "laufer", "queen" → "queen"): how
/// the voice grammar and its pronunciations spell a word, which
/// [`fold`] then reads as the word.
pub fn plain(word: &str) -> String {
    fold_chars(word).collect()
}

/// Folds a word for matching: lower case, accents and umlaut spellings
/// removed (`ä` = `ae` = `a`), punctuation dropped.
// Every word of every line is folded, in the move reader's inner loops:
// inlined across modules as it was when it lived beside them.
#[inline]
pub fn fold(word: &str) -> String {
    let mut out: String = fold_chars(word).collect();
    // German umlauts typed without the dots: "ae" = "ä" = "a".
    if out
        .as_bytes()
        .windows(2)
        .any(|pair| matches!(pair, [b'a' | b'o' | b'u', b'e']))
    {
        out = out.replace("ae", "a").replace("oe", "o").replace("ue", "u");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The fold compared as it is made answers as the fold made.
        #[test]
        fn folds_to_is_fold_then_compare(
            word in "[a-zA-Z0-9äöüÄÖÜßéšž -]{0,12}",
            other in "[a-zA-Z0-9äöüÄÖÜßéšž -]{0,12}",
        ) {
            let folded = fold(&other);
            prop_assert_eq!(folds_to(&word, &folded), fold(&word) == folded);
            prop_assert!(folds_to(&word, &fold(&word)));
        }
    }

    #[test]
    fn umlauts_spelt_out_or_not_fold_alike() {
        for (word, folded) in [
            ("Läufer", "laufer"),
            ("Laeufer", "laufer"),
            ("Rochade", "rochade"),
            ("O-O-O", "ooo"),
            ("große", "grosse"),
            ("lühike", "luhike"),
        ] {
            assert!(folds_to(word, folded), "{word}");
            assert_eq!(fold(word), folded);
        }
        assert!(!folds_to("Laeufer", "laeufer"));
        assert!(!folds_to("short", "shorts"));
        assert!(!folds_to("shorts", "short"));
    }

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
