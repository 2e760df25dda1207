//! The Braille scoresheet (`brf FILE`) as data: what the session hands
//! the loop to write, and what can keep it from being written. The
//! session fills the sheet from the game; `announce` words it, `io`
//! brailles and pages it, `app` writes the file.

use std::path::PathBuf;
use std::time::Duration;

use crate::rules::MoveFacts;
use crate::settings::{BrailleTable, Lang};

/// Everything a Braille scoresheet holds, taken from the game and the
/// settings in force when `brf FILE` was typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrailleSheet {
    /// The file to write.
    pub path: PathBuf,
    /// A file there may be replaced (`brf FILE replace`); else it never
    /// is.
    pub replace: bool,
    /// The language of its words and piece letters.
    pub lang: Lang,
    /// Cells per line (the `width` setting, 40 when it is 0).
    pub width: u16,
    /// The liblouis table chosen with `brailletable`.
    pub table: BrailleTable,
    /// White's and Black's names, as PGN has them.
    pub players: [String; 2],
    /// The `Event` tag.
    pub event: String,
    /// The `Date` tag (`yyyy.mm.dd`, `??` for unknown parts).
    pub date: String,
    /// The `Result` tag (`1-0`, `0-1`, `1/2-1/2` or `*`).
    pub result: String,
    /// The moves in order.
    pub moves: Vec<MoveFacts>,
    /// The mover's clock after each move, when the game had a clock
    /// (empty without one).
    pub times: Vec<Duration>,
}

impl BrailleSheet {
    /// Cells per line when `width` is 0 (no wrapping on the screen): a
    /// common embosser's and notetaker's line.
    pub const DEFAULT_WIDTH: u16 = 40;
    /// Lines per page, the page number's line among them.
    pub const PAGE_LINES: usize = 25;
}

/// Why a Braille scoresheet was not made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BrfTrouble {
    /// This build has no Braille (cargo feature `braille` off).
    NotBuilt,
    /// liblouis has no table of this name.
    NoTable(String),
    /// liblouis could not translate with this table (it does not compile,
    /// or the translation failed).
    Unusable(String),
    /// The table writes cells with dots 7 and 8 that are neither a
    /// capital nor a digit, which a BRF file (six dots) cannot hold.
    EightDot(String),
}

/// What became of `brf FILE`, brought back to the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BrfOutcome {
    /// Written: the file and its number of pages.
    Written {
        /// The file.
        path: PathBuf,
        /// How many pages it has.
        pages: usize,
    },
    /// The sheet was made but the file could not be written.
    Failed {
        /// The file.
        path: PathBuf,
        /// What went wrong with it.
        trouble: super::Trouble,
    },
    /// No sheet was made.
    Refused(BrfTrouble),
    /// A file is there already: it is never written over.
    Exists(PathBuf),
}
