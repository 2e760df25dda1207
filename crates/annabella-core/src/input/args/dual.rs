//! The words of the dual-board commands: what `myboard` is asked to do
//! (dictated squares are passed on whole, for [`crate::dual`] to read),
//! and the files of `scoresheet`.

use super::Argument;
use crate::input::commands::{Arg, Command, w};
use crate::input::vocab::fold;
use crate::input::{CommandError, Part, Words};

/// What `myboard` is asked to do with the player's board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardOrder {
    /// `myboard` alone: read it back.
    Read,
    /// `myboard start`: set up as the game's start position.
    Start,
    /// `myboard clear`: forget it, no square stated.
    Clear,
    /// `myboard empty`: every square stated empty.
    Empty,
    /// `myboard game`: set up as the game's position now.
    Game,
    /// `myboard fen FEN`: set up as a FEN's board (the text after `fen`).
    Fen(String),
    /// Anything else: squares dictated (`Weiß: König e1, Turm a1`).
    Dictated(String),
}

/// What `scoresheet` compares with the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sheets {
    /// A sheet dictated line by line.
    Dictated,
    /// Files: one, or two (both players' sheets); the dual room
    /// refuses more.
    Files(Vec<String>),
}

/// The words after `myboard` that are no dictation.
const BOARD_WORD: Words = w(&["board"], &["brett"], &["laud"]);
const START: Words = w(
    &["start", "initial"],
    &["start", "anfang", "grundstellung"],
    &["algus", "algseis"],
);
/// Forget the board: no square stated.
const CLEAR: Words = w(
    &["clear", "forget"],
    &["löschen", "vergessen"],
    &["kustuta", "unusta"],
);
/// An empty board: every square stated empty.
const EMPTY: Words = w(&["empty"], &["leer", "leeren"], &["tühi", "tühjenda"]);
const FEN: Words = w(&["fen"], &["fen"], &["fen"]);
const GAME: Words = w(&["game"], &["partie", "spiel"], &["mäng", "partii"]);

/// Whether `word` is one of `words`.
fn is(words: &Words, word: &str) -> bool {
    words.contains_folded(&fold(word))
}

/// `myboard …`: set the board as a whole, state squares, or read it.
impl Argument for BoardOrder {
    const ARG: Arg = Arg::Text;

    fn read(command: Command, words: &[&str]) -> Result<BoardOrder, CommandError> {
        // "mein brett …", "my board …", "minu laud …".
        let words = match words {
            [board, rest @ ..] if is(&BOARD_WORD, board) => rest,
            _ => words,
        };
        Ok(match words {
            [] => BoardOrder::Read,
            [word] if is(&START, word) => BoardOrder::Start,
            [word] if is(&CLEAR, word) => BoardOrder::Clear,
            [word] if is(&EMPTY, word) => BoardOrder::Empty,
            [word] if is(&GAME, word) => BoardOrder::Game,
            [word] if is(&FEN, word) => {
                return Err(CommandError::MissingPart {
                    command,
                    part: Part::Fen,
                });
            }
            [word, rest @ ..] if is(&FEN, word) => BoardOrder::Fen(rest.join(" ")),
            _ => BoardOrder::Dictated(words.join(" ")),
        })
    }
}

/// `scoresheet`, `scoresheet FILE`, `scoresheet FILE FILE2`.
impl Argument for Sheets {
    const ARG: Arg = Arg::Text;

    fn read(_: Command, words: &[&str]) -> Result<Sheets, CommandError> {
        Ok(match words {
            [] => Sheets::Dictated,
            files => Sheets::Files(files.iter().map(|file| file.to_string()).collect()),
        })
    }
}
