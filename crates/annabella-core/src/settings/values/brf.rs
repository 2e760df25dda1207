//! The value of `brailletable`: the liblouis table the Braille
//! scoresheet (`brf FILE`) is written with.

use std::borrow::Cow;

use super::{AUTO, Allowed, Lang, Value, auto_or_word};

/// The liblouis table of the Braille scoresheet: the UI language's, or
/// one the player named.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum BrailleTable {
    /// The table of the UI language ([`BrailleTable::of_lang`]).
    #[default]
    Auto,
    /// A table file name as liblouis takes it (`de-g1.ctb`, a path, or
    /// several joined by commas).
    Named(String),
}

impl BrailleTable {
    /// The longest name taken, in characters.
    pub const MAX: usize = 200;

    /// The table of a UI language. German is the uncontracted table
    /// that marks capitals: without them `Dxe5` (the queen) and `dxe5`
    /// (a pawn) would be the same cells. Estonian's only table writes
    /// digits and capitals with dots 7 and 8, which the scoresheet
    /// turns into six-dot cells (see `io::brf`).
    pub fn of_lang(lang: Lang) -> &'static str {
        match lang {
            Lang::En => "en-ueb-g1.ctb",
            Lang::De => "de-g0-detailed.utb",
            Lang::Et => "et-g0.utb",
        }
    }

    /// The table used for `lang`: the one named, or the language's.
    pub fn name(&self, lang: Lang) -> &str {
        match self {
            BrailleTable::Auto => BrailleTable::of_lang(lang),
            BrailleTable::Named(name) => name,
        }
    }
}

impl Value for BrailleTable {
    fn parse(text: &str) -> Option<BrailleTable> {
        // A file name or a list of them; whether liblouis has it is
        // found out when a sheet is written.
        auto_or_word(text, BrailleTable::MAX).map(|name| {
            name.map_or(BrailleTable::Auto, |name| {
                BrailleTable::Named(name.to_string())
            })
        })
    }

    fn show(&self, lang: Lang) -> Cow<'static, str> {
        match self {
            BrailleTable::Auto => Cow::Borrowed(AUTO.shown(lang)),
            BrailleTable::Named(name) => Cow::Owned(name.clone()),
        }
    }

    fn allowed() -> Allowed {
        Allowed::BrailleTable
    }

    fn samples() -> Vec<String> {
        [
            "auto",
            "de-g1.ctb",
            "en-us-g2.ctb",
            "en-us-brf.dis,en-ueb-g2.ctb",
        ]
        .map(String::from)
        .to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_auto_or_a_name_without_blanks() {
        assert_eq!(BrailleTable::parse("AUTO"), Some(BrailleTable::Auto));
        assert_eq!(
            BrailleTable::parse(" de-g1.ctb "),
            Some(BrailleTable::Named("de-g1.ctb".into()))
        );
        assert_eq!(BrailleTable::parse("de g1"), None);
        assert_eq!(BrailleTable::parse(""), None);
        assert_eq!(BrailleTable::Auto.name(Lang::De), "de-g0-detailed.utb");
        assert_eq!(BrailleTable::Named("x.ctb".into()).name(Lang::En), "x.ctb");
    }
}
