//! Reading a dictated position: what the player says stands on their own
//! board, in German, English or Estonian, one line at a time.
//!
//! A line is a run of statements in any mix:
//!
//! - a piece word with the squares after it: "Weiß: König Gustav eins,
//!   Türme Anna eins und Felix eins", "white pawns a2 b2 c3";
//! - squares with the piece after them: "e4 white pawn", "Eva vier weißer
//!   Bauer", "Felix drei leer";
//! - a side word alone, which holds for what follows (also on the next
//!   line), or right before a piece word ("weiße Bauern"), which holds
//!   from there on too;
//! - "the rest is empty" in any of its forms ("sonst leer", "ülejäänud
//!   tühjad").
//!
//! Which squares a piece word takes: those after it; but when nothing
//! but the end, a comma or a joining word follows it ("e4 weißer Bauer,
//! d4 schwarzer Bauer"), it takes the squares said before it that no
//! other piece took: those since the last comma or "und", or, with no
//! such word since the piece before, the last square only, and only when
//! a side or "empty" word marks a new statement ("Bauern a2 b2 e4 weißer
//! Springer", "König g1 f3 leer"; in "Türme a1 f1 Springer" the knight
//! has no square). A square is never given to a piece the player did not
//! name next to it: after a word that could not be read, squares are
//! named as problems until the next piece word.
//!
//! Nothing here decides what the board then looks like: the statements
//! are returned in order, and the caller applies them.

use std::collections::HashMap;
use std::sync::OnceLock;

use shakmaty::{Color, File, Piece, Rank, Role, Square};

use crate::input::Words;
use crate::input::vocab::{self, Word, fold, lookup};

mod reader;

use reader::Reader;

/// What one dictated line said.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dictation {
    /// The squares stated, in the order said: a piece, or `None` for a
    /// square said to be empty. A later statement of the same square wins
    /// (the caller applies them in order).
    pub stated: Vec<(Square, Option<Piece>)>,
    /// What could not be read, in order; everything else of the line
    /// still counts.
    pub problems: Vec<DictationProblem>,
    /// The side in force at the end of the line ("Weiß:" on one line
    /// carries to the next), for the caller to pass to the next line.
    /// `None` also after a word that could not be read right before a
    /// piece word: it may have been a side, and guessing the old one
    /// would put pieces of the wrong colour on the board.
    pub color: Option<Color>,
    /// The player said the rest of the board is empty ("sonst leer",
    /// "rest empty", "ülejäänud tühjad" ...).
    pub rest_empty: bool,
}

/// A part of a dictation that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DictationProblem {
    /// A word that is no piece, side, square, number or filler: the word
    /// as typed.
    UnknownWord(String),
    /// Pieces named before any side was said: the text of that part as
    /// typed.
    NoColor(String),
    /// A piece named with no square after it (or a file without a rank):
    /// the text as typed.
    NoSquare(String),
    /// A square with neither a piece nor an "empty" word: the square's
    /// text as typed.
    NoPiece(String),
}

/// Reads one dictated line. `color` is the side in force from the line
/// before, if any.
///
/// ```
/// use annabella_core::dual::dictation::read_dictation;
/// use shakmaty::{Color, Piece, Role, Square};
///
/// let read = read_dictation("Weiß: König Gustav eins, Felix drei leer", None);
/// assert_eq!(
///     read.stated,
///     [
///         (Square::G1, Some(Piece { color: Color::White, role: Role::King })),
///         (Square::F3, None),
///     ]
/// );
/// assert!(read.problems.is_empty());
/// assert_eq!(read.color, Some(Color::White));
/// ```
pub fn read_dictation(text: &str, color: Option<Color>) -> Dictation {
    let mut items = tokens(text);
    join_squares(&mut items);
    resolve_context(text, &mut items);
    let mut reader = Reader::new(text, color);
    reader.read(&items);
    reader.finish()
}

/// What a word (or a mark) of the line is, before it is read in context.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    Color(Color),
    Piece(Role),
    /// A word for "empty".
    Empty,
    /// A word for "the rest of the board".
    Rest,
    /// "The rest is empty", both words in one.
    RestEmpty,
    Square(Square),
    /// A file not (yet) joined with a rank.
    File(File),
    /// A rank not (yet) joined with a file.
    Rank(Rank),
    /// Digits that are no rank: only a count of pieces means something.
    Number,
    /// A comma or a joining word ("und", "and", "ja").
    Boundary,
    /// A semicolon, full stop or line end: the statement before it ends.
    Stop,
    Filler,
    Unknown,
}

impl Kind {
    /// Whether the item stands where a square is said (also a broken one).
    fn is_square_like(self) -> bool {
        matches!(
            self,
            Kind::Square(_) | Kind::File(_) | Kind::Rank(_) | Kind::Number
        )
    }

    /// Whether the item names what stands on squares.
    fn is_head(self) -> bool {
        matches!(self, Kind::Piece(_) | Kind::Empty)
    }
}

/// One word or mark of the line with its place (bytes) in the text.
#[derive(Copy, Clone, Debug)]
struct Item {
    kind: Kind,
    start: usize,
    end: usize,
}

/// What the dictation vocabulary makes of a word, over what the move
/// vocabulary makes of it ("Weiß" is a side here, a filler in a move).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Class {
    Color(Color),
    Piece(Role),
    Empty,
    Rest,
    And,
    Filler,
}

/// The folded words with a meaning of their own in a dictation, built
/// once: a line of a few kilobytes should not fold every list per word.
fn table() -> &'static HashMap<String, Class> {
    static TABLE: OnceLock<HashMap<String, Class>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut map = HashMap::new();
        for v in vocab::ALL {
            for &(word, color) in v.colors {
                map.entry(fold(word)).or_insert(Class::Color(color));
            }
        }
        for v in vocab::ALL {
            for &(word, role) in v.plurals {
                map.entry(fold(word)).or_insert(Class::Piece(role));
            }
        }
        let lists: [(&Words, Class); 4] = [
            (&vocab::EMPTY_SQUARE, Class::Empty),
            (&vocab::REST_OF_BOARD, Class::Rest),
            (&vocab::AND, Class::And),
            (&vocab::POSITION_FILLERS, Class::Filler),
        ];
        for (words, class) in lists {
            for word in words.all() {
                map.entry(fold(word)).or_insert(class);
            }
        }
        map
    })
}

/// Letters and the combining marks of decomposed umlauts ("Ko\u{308}nig")
/// make words; everything else separates them.
fn is_word_char(ch: char) -> bool {
    ch.is_alphanumeric() || ('\u{300}'..='\u{36f}').contains(&ch)
}

/// Splits the line into classified words and the marks that matter.
fn tokens(text: &str) -> Vec<Item> {
    let mut items = Vec::new();
    let mut word_start = None;
    for (at, ch) in text.char_indices() {
        if is_word_char(ch) {
            word_start.get_or_insert(at);
            continue;
        }
        if let Some(start) = word_start.take() {
            word(text, start, at, &mut items);
        }
        let kind = match ch {
            ',' | '&' | '，' | '、' => Kind::Boundary,
            ';' | '.' | '!' | '?' | '\n' | '\r' | '。' | '；' => Kind::Stop,
            _ => continue,
        };
        items.push(Item {
            kind,
            start: at,
            end: at + ch.len_utf8(),
        });
    }
    if let Some(start) = word_start {
        word(text, start, text.len(), &mut items);
    }
    items
}

/// Classifies one word, `text[start..end]`; a glued run of squares
/// ("a2b2") becomes one item per square.
fn word(text: &str, start: usize, end: usize, items: &mut Vec<Item>) {
    let raw = text.get(start..end).unwrap_or("");
    let folded = fold(raw);
    let mut push = |kind, start, end| items.push(Item { kind, start, end });
    if folded.is_empty() {
        return;
    }
    if let Some(&class) = table().get(&folded) {
        let kind = match class {
            Class::Color(color) => Kind::Color(color),
            Class::Piece(role) => Kind::Piece(role),
            Class::Empty => Kind::Empty,
            Class::Rest => Kind::Rest,
            Class::And => Kind::Boundary,
            Class::Filler => Kind::Filler,
        };
        return push(kind, start, end);
    }
    if let Some(squares) = letter_squares(&folded) {
        // Each square of "a2b2" gets its own letters, when the typed word
        // is those letters (and not, say, a full-width spelling).
        let exact = raw.is_ascii() && raw.len() == folded.len();
        for (i, square) in squares.into_iter().enumerate() {
            let (s, e) = if exact {
                (start + 2 * i, start + 2 * i + 2)
            } else {
                (start, end)
            };
            push(Kind::Square(square), s, e);
        }
        return;
    }
    if let Some(file) = file_of(&folded) {
        return push(Kind::File(file), start, end);
    }
    if let Some(rank) = rank_of(&folded) {
        return push(Kind::Rank(rank), start, end);
    }
    if folded.bytes().all(|b| b.is_ascii_digit()) {
        return push(Kind::Number, start, end);
    }
    let kind = match lookup(&folded) {
        Some(Word::Piece(role)) => Kind::Piece(role),
        Some(Word::Filler) => Kind::Filler,
        Some(_) => Kind::Unknown,
        None => match glued_square(&folded) {
            Some(square) => Kind::Square(square),
            None => Kind::Unknown,
        },
    };
    push(kind, start, end);
}

/// Squares written as letters and digits, alone or glued: "e4", "a2b2".
/// Eight at most; a longer run is no dictation.
fn letter_squares(folded: &str) -> Option<Vec<Square>> {
    let bytes = folded.as_bytes();
    if bytes.is_empty() || !bytes.len().is_multiple_of(2) || bytes.len() > 16 {
        return None;
    }
    bytes
        .chunks(2)
        .map(|pair| Square::from_ascii(pair).ok())
        .collect()
}

/// A file: a letter from a to h, or a file word ("Eva", "echo").
fn file_of(folded: &str) -> Option<File> {
    let mut chars = folded.chars();
    if let (Some(ch), None) = (chars.next(), chars.next()) {
        return File::from_char(ch);
    }
    match lookup(folded) {
        Some(Word::File(file)) => Some(file),
        _ => None,
    }
}

/// A rank: a digit from 1 to 8, or a rank word ("vier", "four", "neli").
fn rank_of(folded: &str) -> Option<Rank> {
    let mut chars = folded.chars();
    if let (Some(ch), None) = (chars.next(), chars.next()) {
        return Rank::from_char(ch);
    }
    match lookup(folded) {
        Some(Word::Rank(rank)) => Some(rank),
        _ => None,
    }
}

/// The longest word read as a glued square ("hectorsieben" is twelve
/// letters); longer words are not split, which bounds the work.
const MAX_GLUED: usize = 24;

/// A file word glued to a digit or a rank word: "eva4", "evavier". A
/// single letter is taken only before a digit ("e4", read elsewhere), so
/// an unknown word such as "heins" does not become h1.
fn glued_square(folded: &str) -> Option<Square> {
    if folded.len() > MAX_GLUED {
        return None;
    }
    folded.char_indices().skip(2).find_map(|(at, _)| {
        let (file, rank) = (folded.get(..at)?, folded.get(at..)?);
        Some(Square::from_coords(file_of(file)?, rank_of(rank)?))
    })
}

/// Joins a file with the rank right after it: "Eva vier", "e 4".
fn join_squares(items: &mut Vec<Item>) {
    let mut joined: Vec<Item> = Vec::with_capacity(items.len());
    for item in items.drain(..) {
        if let Kind::Rank(rank) = item.kind
            && let Some(last) = joined.last_mut()
            && let Kind::File(file) = last.kind
        {
            last.kind = Kind::Square(Square::from_coords(file, rank));
            last.end = item.end;
            continue;
        }
        joined.push(item);
    }
    *items = joined;
}

/// For each item, the next one that is not one of `skip`.
fn next_not(items: &[Item], skip: impl Fn(Kind) -> bool) -> Vec<Option<usize>> {
    let mut next = vec![None; items.len()];
    let mut after = None;
    for (i, item) in items.iter().enumerate().rev() {
        if let Some(slot) = next.get_mut(i) {
            *slot = after;
        }
        if !skip(item.kind) {
            after = Some(i);
        }
    }
    next
}

/// The kind of the item at `index`, if any.
fn kind_at(items: &[Item], index: Option<usize>) -> Option<Kind> {
    items.get(index?).map(|item| item.kind)
}

/// Reads the words whose meaning depends on the next: a number before a
/// piece is a count ("zwei Türme"), "a" before a piece or side is an
/// article, a rest word with an empty word is "the rest is empty".
fn resolve_context(text: &str, items: &mut [Item]) {
    let over_fillers = next_not(items, |k| k == Kind::Filler);
    let over_sides = next_not(items, |k| matches!(k, Kind::Filler | Kind::Color(_)));
    for i in 0..items.len() {
        let Some(item) = items.get(i).copied() else {
            continue;
        };
        let next = over_fillers.get(i).copied().flatten();
        let next_kind = kind_at(items, next);
        let past_sides = kind_at(items, over_sides.get(i).copied().flatten());
        let is_article = text
            .get(item.start..item.end)
            .is_some_and(|w| w.eq_ignore_ascii_case("a"))
            && matches!(next_kind, Some(Kind::Color(_) | Kind::Piece(_)));
        // "nothing else" pairs backwards, unless the rest word has its own
        // empty word after it ("f3 frei sonst nichts").
        let after_next = kind_at(
            items,
            next.and_then(|n| over_fillers.get(n).copied().flatten()),
        );
        let new_kind = match item.kind {
            Kind::Rank(_) | Kind::Number if matches!(past_sides, Some(Kind::Piece(_))) => {
                Kind::Filler
            }
            Kind::File(_) if is_article => Kind::Filler,
            Kind::Rest | Kind::Empty => {
                let pair = match item.kind {
                    Kind::Rest => Kind::Empty,
                    _ => Kind::Rest,
                };
                let pairs = next_kind == Some(pair)
                    && (item.kind == Kind::Rest || after_next != Some(Kind::Empty));
                if pairs {
                    if let Some(other) = next.and_then(|n| items.get_mut(n)) {
                        other.kind = Kind::Filler;
                    }
                    Kind::RestEmpty
                } else if item.kind == Kind::Rest {
                    Kind::Unknown
                } else {
                    Kind::Empty
                }
            }
            kind => kind,
        };
        if let Some(item) = items.get_mut(i) {
            item.kind = new_kind;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use DictationProblem::*;

    fn white(role: Role) -> Option<Piece> {
        Some(Piece {
            color: Color::White,
            role,
        })
    }

    fn black(role: Role) -> Option<Piece> {
        Some(Piece {
            color: Color::Black,
            role,
        })
    }

    #[test]
    fn dictation_words_mean_nothing_else() {
        // A word of these lists that were also a piece, file or rank in
        // the move vocabulary would silently change meaning here.
        let lists = [
            &vocab::EMPTY_SQUARE,
            &vocab::REST_OF_BOARD,
            &vocab::AND,
            &vocab::POSITION_FILLERS,
        ];
        for word in lists.iter().flat_map(|w| w.all()) {
            let folded = fold(word);
            assert!(
                matches!(lookup(&folded), None | Some(Word::Filler)),
                "{word} is a move word"
            );
            assert!(vocab::color_word(&folded).is_none(), "{word} is a side");
            assert!(vocab::piece_word(&folded).is_none(), "{word} is a piece");
        }
    }

    #[test]
    fn every_side_and_plural_is_in_the_table() {
        for v in vocab::ALL {
            for &(word, color) in v.colors {
                assert_eq!(table().get(&fold(word)), Some(&Class::Color(color)));
            }
            for &(word, role) in v.plurals {
                assert_eq!(table().get(&fold(word)), Some(&Class::Piece(role)));
            }
        }
    }

    #[test]
    fn tokens_keep_their_text() {
        let items = tokens("Weiß: König g1,a2b2");
        let kinds: Vec<Kind> = items.iter().map(|i| i.kind).collect();
        assert_eq!(
            kinds,
            [
                Kind::Color(Color::White),
                Kind::Piece(Role::King),
                Kind::Square(Square::G1),
                Kind::Boundary,
                Kind::Square(Square::A2),
                Kind::Square(Square::B2),
            ]
        );
        let text = "Weiß: König g1,a2b2";
        assert_eq!(text.get(items[4].start..items[4].end), Some("a2"));
        assert_eq!(text.get(items[5].start..items[5].end), Some("b2"));
    }

    #[test]
    fn glued_squares() {
        assert_eq!(glued_square("eva4"), Some(Square::E4));
        assert_eq!(glued_square("hectorsieben"), Some(Square::H7));
        assert_eq!(glued_square("heins"), None);
        assert_eq!(letter_squares("a2b2"), Some(vec![Square::A2, Square::B2]));
        assert_eq!(letter_squares("a2b9"), None);
    }

    #[test]
    fn side_list() {
        let read = read_dictation(
            "Weiß: König Gustav eins, Türme Anna eins und Felix eins",
            None,
        );
        assert_eq!(
            read.stated,
            [
                (Square::G1, white(Role::King)),
                (Square::A1, white(Role::Rook)),
                (Square::F1, white(Role::Rook)),
            ]
        );
        assert_eq!(read.problems, []);
    }

    #[test]
    fn square_first_after_an_open_list() {
        let read = read_dictation("white pawns a2 b2 e4 black knight", None);
        assert_eq!(
            read.stated,
            [
                (Square::A2, white(Role::Pawn)),
                (Square::B2, white(Role::Pawn)),
                (Square::E4, black(Role::Knight)),
            ]
        );
        let read = read_dictation("white pawns a2, b2, f3 f4 empty", None);
        assert_eq!(
            read.stated,
            [
                (Square::A2, white(Role::Pawn)),
                (Square::B2, white(Role::Pawn)),
                (Square::F3, None),
                (Square::F4, None),
            ]
        );
    }

    #[test]
    fn unknown_word_closes_the_list() {
        let read = read_dictation("Weiß: König Gustav eins, Tirme Anna eins", None);
        assert_eq!(read.stated, [(Square::G1, white(Role::King))]);
        assert_eq!(
            read.problems,
            [UnknownWord("Tirme".into()), NoPiece("Anna eins".into())]
        );
    }

    #[test]
    fn misspelt_side_is_not_replaced_by_the_old_one() {
        let read = read_dictation("Weis König g1", Some(Color::Black));
        assert_eq!(read.stated, []);
        assert_eq!(
            read.problems,
            [UnknownWord("Weis".into()), NoColor("König g1".into())]
        );
        assert_eq!(read.color, None);
    }

    #[test]
    fn odd_input_does_not_panic() {
        for text in [
            "",
            " ",
            ",,,;;;",
            "ä\u{308}\u{308}",
            "a",
            "8",
            "\u{1F600} e4",
            "ǅ ǈ ß̈",
            "a2b2c2d2e2f2g2h2a3",
        ] {
            let _ = read_dictation(text, None);
        }
        let long = "Weiß: Bauer a2 ".repeat(400);
        let read = read_dictation(&long, None);
        assert_eq!(read.stated.len(), 400);
    }
}
