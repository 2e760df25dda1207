//! The drills' names, read after `drill` (`drill knight`, `übung
//! Gedächtnis`).

use crate::input::vocab::fold;

/// The drills, each training one skill of blindfold play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DrillKind {
    /// The shade of a square: light or dark.
    Colors,
    /// Whether two squares share a diagonal.
    Diagonal,
    /// The fewest knight moves between two squares.
    Knight,
    /// The squares a piece reaches on an empty board.
    Reach,
    /// A position read out once, then questions about it.
    Memory,
    /// Moves read out from a start, then questions about the result.
    Follow,
}

impl DrillKind {
    /// Every drill, in the order a menu lists them.
    pub const ALL: [DrillKind; 6] = [
        DrillKind::Colors,
        DrillKind::Diagonal,
        DrillKind::Knight,
        DrillKind::Reach,
        DrillKind::Memory,
        DrillKind::Follow,
    ];

    /// A stable name: the key of the drill in the statistics file, so it
    /// never changes with the language or a renaming in the code.
    pub fn id(self) -> &'static str {
        match self {
            DrillKind::Colors => "colors",
            DrillKind::Diagonal => "diagonal",
            DrillKind::Knight => "knight",
            DrillKind::Reach => "reach",
            DrillKind::Memory => "memory",
            DrillKind::Follow => "follow",
        }
    }

    /// The drill a word names in English, German or Estonian (any case,
    /// umlauts or not), or its [`id`](DrillKind::id).
    ///
    /// ```
    /// use annabella::input::DrillKind;
    /// assert_eq!(DrillKind::from_word("Gedächtnis"), Some(DrillKind::Memory));
    /// assert_eq!(DrillKind::from_word("värvid"), Some(DrillKind::Colors));
    /// assert_eq!(DrillKind::from_word("chess"), None);
    /// ```
    pub fn from_word(word: &str) -> Option<DrillKind> {
        let folded = fold(word);
        DrillKind::ALL.into_iter().find(|kind| {
            kind.words()
                .iter()
                .any(|w| !folded.is_empty() && fold(w) == folded)
        })
    }

    /// The words naming the drill; the id comes first.
    fn words(self) -> &'static [&'static str] {
        match self {
            DrillKind::Colors => &[
                "colors", "colours", "color", "colour", "farben", "farbe", "värvid", "värv",
            ],
            DrillKind::Diagonal => &[
                "diagonal",
                "diagonals",
                "diagonale",
                "diagonalen",
                "diagonaal",
            ],
            DrillKind::Knight => &["knight", "springer", "ratsu", "rössel", "pferd", "hobune"],
            DrillKind::Reach => &["reach", "reichweite", "ulatus"],
            DrillKind::Memory => &["memory", "gedächtnis", "mälu"],
            DrillKind::Follow => &["follow", "folgen", "jälgi", "jälgimine"],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_stable_and_words_find_them() {
        let ids: Vec<&str> = DrillKind::ALL.iter().map(|k| k.id()).collect();
        assert_eq!(
            ids,
            ["colors", "diagonal", "knight", "reach", "memory", "follow"]
        );
        for kind in DrillKind::ALL {
            assert_eq!(DrillKind::from_word(kind.id()), Some(kind));
            for word in kind.words() {
                assert_eq!(DrillKind::from_word(word), Some(kind), "{word}");
            }
        }
        let spelt = [
            ("Colours", DrillKind::Colors),
            ("Reichweite", DrillKind::Reach),
            ("jalgi", DrillKind::Follow),
            ("maelu", DrillKind::Memory),
        ];
        for (word, kind) in spelt {
            assert_eq!(DrillKind::from_word(word), Some(kind), "{word}");
        }
        for word in ["", "!!"] {
            assert_eq!(DrillKind::from_word(word), None, "{word:?}");
        }
    }
}
