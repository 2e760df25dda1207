//! The words of `review`: a review of the game on the board or of a
//! saved one, and walking through its turning points.

use super::{Argument, bad};
use crate::input::commands::{Arg, Command};
use crate::input::vocab::fold;
use crate::input::{CommandError, Words};

/// What `review` is asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewOrder {
    /// `review`: reviews the game on the board (at once when it was
    /// reviewed before), or says the review again.
    Game,
    /// `review NAME`: loads the game saved under that name and reviews it.
    Saved(String),
    /// `review next`: the next turning point.
    Next,
    /// `review back`: the turning point before.
    Back,
    /// `review N`: turning point N, from 1.
    Point(u32),
    /// `review line`: the better line at the turning point shown.
    Line,
}

const NEXT: Words = Words::new(
    &["next", "n"],
    &["weiter", "nächster", "vor"],
    &["edasi", "järgmine"],
);
const BACK: Words = Words::new(
    &["back", "prev", "previous"],
    &["zurück", "rück", "voriger"],
    &["tagasi", "eelmine"],
);
const LINE: Words = Words::new(
    &["line", "better"],
    &["linie", "besser"],
    &["variant", "parem"],
);

/// `review`, `review NAME`, `review next|back|N|line`.
impl Argument for ReviewOrder {
    const ARG: Arg = Arg::Text;

    fn read(command: Command, words: &[&str]) -> Result<ReviewOrder, CommandError> {
        match words {
            [] => Ok(ReviewOrder::Game),
            [word] if NEXT.contains_folded(&fold(word)) => Ok(ReviewOrder::Next),
            [word] if BACK.contains_folded(&fold(word)) => Ok(ReviewOrder::Back),
            [word] if LINE.contains_folded(&fold(word)) => Ok(ReviewOrder::Line),
            [word] if word.chars().all(|c| c.is_ascii_digit()) => match word.parse::<u32>() {
                Ok(n) if n >= 1 => Ok(ReviewOrder::Point(n)),
                _ => Err(bad(command, word)),
            },
            words => Ok(ReviewOrder::Saved(words.join(" "))),
        }
    }
}
