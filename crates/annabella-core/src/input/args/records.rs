//! The words of the record commands: `pgn [FILE] [de]` and `load NAME`
//! or `load FILE.pgn [N]`.

use super::{Argument, bad, missing};
use crate::input::commands::{Arg, Command};
use crate::input::vocab::fold;
use crate::input::{CommandError, Words};

/// Where `pgn` writes the game, and in which piece letters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnTo {
    /// The file written; none prints the game.
    pub file: Option<String>,
    /// German piece letters (`Sf3`), when the last word asks for them.
    pub german: bool,
}

/// What `load` loads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadFrom {
    /// A game saved under a name (`load NAME`).
    Saved(String),
    /// Game `number` (from 1) of a PGN file (`load FILE.pgn [N]`), to
    /// replay.
    Pgn {
        /// The file.
        file: String,
        /// Which of its games.
        number: usize,
    },
}

/// Where `brf` writes the scoresheet, and whether a file there may be
/// replaced (`brf FILE replace`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BrfTo {
    /// The file, as typed.
    pub file: String,
    /// The player said to replace a file that is there.
    pub replace: bool,
}

/// The name `save` keeps the game under (none: the store chooses one),
/// and whether a game saved under it may be replaced (`save NAME
/// replace`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SaveTo {
    /// The name, as typed.
    pub name: Option<String>,
    /// The player said to replace a game saved under that name.
    pub replace: bool,
}

/// The word after a file or a name that allows replacing what is there:
/// a file the player names is never written over unasked.
const REPLACE: Words = Words::new(&["replace"], &["ersetzen"], &["asenda"]);

/// The words of a target, without a last word that says to replace.
fn target<'a>(words: &[&'a str]) -> (Vec<&'a str>, bool) {
    let mut words = words.to_vec();
    let replace = words.len() > 1
        && words
            .last()
            .is_some_and(|w| REPLACE.contains_folded(&fold(w)));
    if replace {
        words.pop();
    }
    (words, replace)
}

/// `brf FILE [replace]`.
impl Argument for BrfTo {
    const ARG: Arg = Arg::Text;

    fn read(command: Command, words: &[&str]) -> Result<BrfTo, CommandError> {
        let (words, replace) = target(words);
        if words.is_empty() {
            return Err(bad(command, ""));
        }
        Ok(BrfTo {
            file: words.join(" "),
            replace,
        })
    }
}

/// `save [NAME [replace]]`.
impl Argument for SaveTo {
    const ARG: Arg = Arg::Text;

    fn read(_: Command, words: &[&str]) -> Result<SaveTo, CommandError> {
        let (words, replace) = target(words);
        Ok(SaveTo {
            name: (!words.is_empty()).then(|| words.join(" ")),
            replace,
        })
    }
}

/// Words asking for German piece letters in PGN (`pgn FILE de`).
const GERMAN_LETTERS: Words = Words::new(&["de", "german"], &["de", "deutsch"], &["de", "saksa"]);

/// Whether a word names a PGN file.
fn is_pgn(word: &str) -> bool {
    word.to_ascii_lowercase().ends_with(".pgn")
}

/// `pgn`, `pgn FILE`, `pgn FILE de`.
impl Argument for PgnTo {
    const ARG: Arg = Arg::Text;

    fn read(_: Command, words: &[&str]) -> Result<PgnTo, CommandError> {
        let mut words = words.to_vec();
        let german = words
            .last()
            .is_some_and(|w| GERMAN_LETTERS.contains_folded(&fold(w)));
        if german {
            words.pop();
        }
        let file = (!words.is_empty()).then(|| words.join(" "));
        Ok(PgnTo { file, german })
    }
}

/// `load NAME` or `load FILE.pgn [N]`.
impl Argument for LoadFrom {
    const ARG: Arg = Arg::Text;

    fn read(command: Command, words: &[&str]) -> Result<LoadFrom, CommandError> {
        let pgn = |file: &str, number| LoadFrom::Pgn {
            file: file.to_string(),
            number,
        };
        match words {
            [file] if is_pgn(file) => Ok(pgn(file, 1)),
            [file, n] if is_pgn(file) => match n.parse::<usize>() {
                Ok(n) if n > 0 => Ok(pgn(file, n)),
                _ => Err(bad(command, n)),
            },
            [name] => Ok(LoadFrom::Saved(name.to_string())),
            _ => Err(missing(command)),
        }
    }
}
