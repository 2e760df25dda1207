//! The words of the blindfold commands: `blindfold on|off [peeks N]`,
//! and `drill KIND [N]`, `drill stop`, `drill stats` with the drills'
//! names.

use super::{Argument, bad};
use crate::input::commands::{Arg, Command, w};
use crate::input::vocab::{fold, folds_to};
use crate::input::{CommandError, Part, Words};
use crate::settings::Value;

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
    /// use annabella_core::input::DrillKind;
    /// assert_eq!(DrillKind::from_word("Gedächtnis"), Some(DrillKind::Memory));
    /// assert_eq!(DrillKind::from_word("värvid"), Some(DrillKind::Colors));
    /// assert_eq!(DrillKind::from_word("chess"), None);
    /// ```
    pub fn from_word(word: &str) -> Option<DrillKind> {
        let folded = fold(word);
        DrillKind::ALL.into_iter().find(|kind| {
            kind.words()
                .iter()
                .any(|w| !folded.is_empty() && folds_to(w, &folded))
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

/// What `blindfold` is asked to do.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BlindfoldOrder {
    /// `blindfold` alone: where it stands.
    Status,
    /// `blindfold on [peeks N]`: on, with that many peeks or no limit.
    On {
        /// The peeks allowed; none for no limit.
        peeks: Option<u32>,
    },
    /// `blindfold off`.
    Off,
}

/// What `drill` is asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrillOrder {
    /// `drill KIND [N]`: a drill of that many questions.
    Start {
        /// The drill.
        kind: DrillKind,
        /// How many questions it asks.
        count: usize,
    },
    /// `drill stop`: the score so far.
    Stop,
    /// `drill stats`: how the player did in every drill.
    Stats,
    /// `drill WORD` with a word that names no drill: the training room
    /// refuses it, naming the drills.
    Unknown(String),
}

/// The word before a number of peeks (`blindfold on peeks 20`).
const PEEKS: Words = w(
    &["peeks", "peek"],
    &["blicke", "blick"],
    &["piilumisi", "piilumist", "piilumine"],
);
/// The most peeks a budget may have.
const MAX_PEEKS: u32 = 1000;

const STOP: Words = w(&["stop", "end"], &["stopp", "ende"], &["stopp", "lõpp"]);
const STATS: Words = w(&["stats", "statistics"], &["statistik"], &["statistika"]);
/// The questions a drill asks when no number is given.
const QUESTIONS: usize = 10;
/// The most questions a drill asks.
const MAX_QUESTIONS: usize = 100;

/// `blindfold on [peeks N]`, `blindfold off`, or `blindfold` alone.
impl Argument for BlindfoldOrder {
    const ARG: Arg = Arg::Text;

    fn read(command: Command, words: &[&str]) -> Result<BlindfoldOrder, CommandError> {
        let bad = || bad(command, &words.join(" "));
        let Some(&first) = words.first() else {
            return Ok(BlindfoldOrder::Status);
        };
        match (<bool as Value>::parse(first), &words[1..]) {
            (Some(false), []) => Ok(BlindfoldOrder::Off),
            (Some(true), []) => Ok(BlindfoldOrder::On { peeks: None }),
            (Some(true), [word]) if PEEKS.contains_folded(&fold(word)) => {
                Err(CommandError::MissingPart {
                    command,
                    part: Part::Peeks {
                        min: 0,
                        max: MAX_PEEKS,
                    },
                })
            }
            (Some(true), [word, n]) if PEEKS.contains_folded(&fold(word)) => {
                match n.parse::<u32>() {
                    Ok(n) if n <= MAX_PEEKS => Ok(BlindfoldOrder::On { peeks: Some(n) }),
                    Ok(_) => Err(CommandError::OutOfRange {
                        command,
                        value: n.to_string(),
                        min: 0,
                        max: MAX_PEEKS,
                    }),
                    Err(_) => Err(bad()),
                }
            }
            _ => Err(bad()),
        }
    }
}

/// `drill KIND [N]`, `drill stop`, `drill stats`.
impl Argument for DrillOrder {
    const ARG: Arg = Arg::Text;

    fn read(command: Command, words: &[&str]) -> Result<DrillOrder, CommandError> {
        let bad = || bad(command, &words.join(" "));
        match words {
            [] => Err(bad()),
            [word] if STOP.contains_folded(&fold(word)) => Ok(DrillOrder::Stop),
            [word] if STATS.contains_folded(&fold(word)) => Ok(DrillOrder::Stats),
            [kind, rest @ ..] => {
                let Some(kind) = DrillKind::from_word(kind) else {
                    return Ok(DrillOrder::Unknown(kind.to_string()));
                };
                let count = match rest {
                    [] => QUESTIONS,
                    [n] => match n.parse::<usize>() {
                        Ok(n) if (1..=MAX_QUESTIONS).contains(&n) => n,
                        Ok(_) => {
                            return Err(CommandError::OutOfRange {
                                command,
                                value: n.to_string(),
                                min: 1,
                                max: MAX_QUESTIONS as u32,
                            });
                        }
                        Err(_) => return Err(bad()),
                    },
                    _ => return Err(bad()),
                };
                Ok(DrillOrder::Start { kind, count })
            }
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
