//! Opening names by position, from lichess's table of named openings
//! (lichess-org/chess-openings, CC0; `data/openings/` holds the copy and
//! its source).
//!
//! Each line of the table names the position its moves reach. The lines
//! are replayed once, on the first question, into a map from the
//! position's key ([`crate::key_of`]: board, side to move, castling
//! rights and an en passant square only when the capture is legal, as an
//! EPD compares) to its name; every later question is a lookup. A game
//! is named by the latest named position it passed through, so that a
//! position reached by another move order gets its name too.

use std::collections::HashMap;
use std::sync::OnceLock;

use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Position};

use super::{Game, key_of};

/// The table's five files, in their order: ECO volumes A to E, each
/// with the header line `eco`, `name`, `pgn` first.
const FILES: [&str; 5] = [
    include_str!("../../../data/openings/a.tsv"),
    include_str!("../../../data/openings/b.tsv"),
    include_str!("../../../data/openings/c.tsv"),
    include_str!("../../../data/openings/d.tsv"),
    include_str!("../../../data/openings/e.tsv"),
];

/// A named opening: its ECO code and lichess's name for it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The ECO code, a letter A to E and two digits: `"B90"`.
    pub eco: &'static str,
    /// The name, family first, then the variation after a colon and
    /// subvariations after commas: `"Sicilian Defense: Najdorf Variation"`.
    pub name: &'static str,
}

impl Opening {
    /// The name with the ECO code in brackets after it.
    ///
    /// ```
    /// let najdorf = annabella_rules::Opening {
    ///     eco: "B90",
    ///     name: "Sicilian Defense: Najdorf Variation",
    /// };
    /// assert_eq!(najdorf.label(), "Sicilian Defense: Najdorf Variation (B90)");
    /// ```
    pub fn label(&self) -> String {
        format!("{} ({})", self.name, self.eco)
    }
}

/// The opening whose named position `pos` is, if the table names it.
/// Move counters do not matter; castling rights do, and an en passant
/// square only when a capture there is legal.
///
/// ```
/// use shakmaty::{Chess, Position, san::San};
/// let mut pos = Chess::default();
/// for san in ["e4", "e5", "Nf3", "Nc6", "Bb5"] {
///     let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
///     pos.play_unchecked(mv);
/// }
/// let opening = annabella_rules::opening_of(&pos).unwrap();
/// assert_eq!((opening.eco, opening.name), ("C60", "Ruy Lopez"));
/// assert_eq!(annabella_rules::opening_of(&Chess::default()), None);
/// ```
pub fn opening_of(pos: &Chess) -> Option<Opening> {
    table().get(&key_of(pos)).copied()
}

impl Game {
    /// The game's opening: the latest position of the game, walking back
    /// from the current one, that the table names, with the number of
    /// half-moves played when it stood on the board. A position reached
    /// by another move order (a transposition) is named all the same, and
    /// a game that has left the book keeps the last name it had. Only a
    /// game from the standard start position has one: a set-up position
    /// or Chess960 has none.
    ///
    /// ```
    /// use annabella_rules::Game;
    /// use shakmaty::san::San;
    /// let mut game = Game::new();
    /// for san in ["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Qd2"] {
    ///     let mv = san.parse::<San>().unwrap().to_move(game.position()).unwrap();
    ///     game.play(mv).unwrap();
    /// }
    /// let (opening, plies) = game.opening().unwrap();
    /// assert_eq!(opening.label(), "Sicilian Defense: Najdorf Variation (B90)");
    /// assert_eq!(plies, 10);
    /// assert_eq!(Game::new().opening(), None);
    /// ```
    pub fn opening(&self) -> Option<(Opening, usize)> {
        if self.custom_start || self.mode != CastlingMode::Standard {
            return None;
        }
        let table = table();
        // `keys[i]` is the key of the position after `i` half-moves,
        // kept as `key_of` computes it.
        self.keys
            .iter()
            .enumerate()
            .rev()
            .find_map(|(plies, key)| table.get(key).map(|&opening| (opening, plies)))
    }
}

/// The named positions by key, built on the first call.
fn table() -> &'static HashMap<u64, Opening> {
    static TABLE: OnceLock<HashMap<u64, Opening>> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// Replays every line of the table. Where two lines reach the same
/// position the first in file order keeps it; a line whose moves do not
/// replay is left out (a unit test sees that none is).
fn build() -> HashMap<u64, Opening> {
    build_from(lines())
}

/// The table of the given lines, as [`build`] makes it.
fn build_from(lines: impl Iterator<Item = (Opening, &'static str)>) -> HashMap<u64, Opening> {
    let mut table = HashMap::with_capacity(4096);
    for (opening, moves) in lines {
        if let Some(pos) = replay(moves) {
            table.entry(key_of(&pos)).or_insert(opening);
        }
    }
    table
}

/// Every line of the five files after their headers, as the opening and
/// its movetext; a line without three columns or without moves (which
/// would name the start position) is left out.
fn lines() -> impl Iterator<Item = (Opening, &'static str)> {
    FILES
        .iter()
        .flat_map(|file| file.lines().skip(1))
        .filter_map(|line| {
            let mut columns = line.split('\t');
            let (eco, name, moves) = (columns.next()?, columns.next()?, columns.next()?);
            (!moves.trim().is_empty()).then_some((Opening { eco, name }, moves))
        })
}

/// The position a line's movetext (`1. e4 c5 2. Nf3`) reaches from the
/// standard start, or `None` if a move does not read or is not legal.
fn replay(moves: &str) -> Option<Chess> {
    let mut pos = Chess::default();
    // Move numbers (`1.`, `1...`) are the only words that start with a digit.
    for word in moves
        .split_ascii_whitespace()
        .filter(|w| !w.starts_with(|c: char| c.is_ascii_digit()))
    {
        let san = SanPlus::from_ascii(word.as_bytes()).ok()?.san;
        let mv = san.to_move(&pos).ok()?;
        pos.play_unchecked(mv);
    }
    Some(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_of_the_table_replays() {
        let mut count = 0;
        for (opening, moves) in lines() {
            assert!(
                replay(moves).is_some(),
                "{} {}: {moves}",
                opening.eco,
                opening.name
            );
            count += 1;
        }
        // Every line but the five headers has three columns and moves.
        let all: usize = FILES.iter().map(|f| f.lines().count() - 1).sum();
        assert_eq!(count, all);
        assert!(count > 3_000, "only {count} lines");
    }

    #[test]
    fn every_eco_code_is_a_letter_and_two_digits() {
        for (opening, _) in lines() {
            let bytes = opening.eco.as_bytes();
            assert!(
                bytes.len() == 3
                    && (b'A'..=b'E').contains(&bytes[0])
                    && bytes[1..].iter().all(u8::is_ascii_digit),
                "{:?}",
                opening
            );
            assert!(!opening.name.is_empty());
        }
    }

    #[test]
    fn each_line_names_its_own_position() {
        // The data set has every position once: the table keeps them all.
        let mut first: HashMap<u64, Opening> = HashMap::new();
        let mut duplicates = Vec::new();
        for (opening, moves) in lines() {
            let key = key_of(&replay(moves).unwrap());
            if let Some(earlier) = first.insert(key, opening) {
                duplicates.push((earlier, opening, moves));
            }
        }
        assert!(duplicates.is_empty(), "{duplicates:#?}");
        assert_eq!(table().len(), lines().count());
    }

    #[test]
    fn the_first_line_keeps_a_shared_position() {
        let first = Opening {
            eco: "C20",
            name: "King's Pawn Game",
        };
        let second = Opening {
            eco: "C44",
            name: "Other",
        };
        let broken = Opening {
            eco: "A00",
            name: "Broken",
        };
        let table = build_from(
            [
                (first, "1. e4 e5"),
                (broken, "1. e4 e4"),
                (second, "1. e4 e5"),
            ]
            .into_iter(),
        );
        assert_eq!(table.len(), 1);
        let pos = replay("1. e4 e5").unwrap();
        assert_eq!(table.get(&key_of(&pos)), Some(&first));
    }

    #[test]
    fn a_set_up_start_and_chess960_have_no_opening() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(!Game::from_fen(start).unwrap().custom_start);
        let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let game = Game::from_fen(after_e4).unwrap();
        assert!(opening_of(game.position()).is_some());
        assert_eq!(game.opening(), None);
        assert_eq!(Game::chess960(518).unwrap().opening(), None);
    }
}
