//! Reading a typed answer in any language and judging it.
//!
//! Answers are short and each question expects one form, so each form
//! has its own small reader: a shade, yes or no, a number, a list of
//! squares, a piece. The move vocabularies of [`crate::input::vocab`]
//! give the square, piece and colour words; the few words a move never
//! needs (shades, numbers above eight, "none") are kept here.

use shakmaty::{Bitboard, Chess, Color, Piece, Position, Role, Square};

use super::question::{Expected, Question, Shade, expected};
use crate::input::Words;
use crate::input::parse_square;
use crate::input::vocab::{EMPTY_SQUARE, color_word, fold, folds_to, piece_word};

/// An answer judged.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// Whether the answer was right.
    pub right: bool,
    /// What counted as right.
    pub expected: Expected,
    /// Whether the answer could be read at all: when not, the question
    /// is asked again rather than counted.
    pub understood: bool,
}

/// Reads `answer`, typed in any input form, and judges it against what
/// `position` makes right for `question`.
///
/// ```
/// use annabella_core::training::{Question, judge};
/// use shakmaty::{Chess, Square};
/// let q = Question::SquareColor { square: Square::E4 };
/// assert!(judge(&q, &Chess::default(), "hell").right);
/// assert!(!judge(&q, &Chess::default(), "tume").right);
/// assert!(!judge(&q, &Chess::default(), "maybe").understood);
/// ```
pub fn judge(question: &Question, position: &Chess, answer: &str) -> Judged {
    let expected = expected(question, position);
    let verdict = match expected {
        Expected::Shade(shade) => read_shade(answer).map(|given| given == shade),
        Expected::YesNo(yes) => read_yes_no(answer).map(|given| given == yes),
        Expected::Number(n) => read_number(answer).map(|given| given == n),
        Expected::Squares(squares) => read_squares(answer).map(|given| given == squares),
        Expected::Piece(piece) => judge_piece(answer, piece, position),
    };
    Judged {
        right: verdict == Some(true),
        expected,
        understood: verdict.is_some(),
    }
}

/// Words for a light square; the colour words ("white", "weiß",
/// "valge") are read as well.
const LIGHT: Words = Words::new(
    &["light", "bright", "pale"],
    &["hell", "helle", "heller", "helles", "hellen"],
    &["hele", "heleda", "heledad", "heledat"],
);

/// Words for a dark square; "black", "schwarz", "must" as well.
const DARK: Words = Words::new(
    &["dark"],
    &["dunkel", "dunkle", "dunkler", "dunkles", "dunklen"],
    &["tume", "tumeda", "tumedad", "tumedat"],
);

/// Words around a shade ("a light square", "ein helles Feld", "hele
/// ruut") that carry nothing.
const SHADE_FILLERS: Words = Words::new(
    &["a", "an", "the", "it", "is", "its", "square", "one"],
    &["ein", "eine", "es", "ist", "das", "feld"],
    &["see", "on", "ruut", "väli"],
);

/// Words that answer with nothing: no squares, an empty square.
const NONE: Words = Words::new(
    &["no one", "nobody", "no squares", "no pieces", "not any"],
    &[
        "kein",
        "keine",
        "keiner",
        "keines",
        "niemand",
        "gar nichts",
        "keine Felder",
        "keine Figur",
        "keine Figuren",
    ],
    &[
        "mitte midagi",
        "ei ühtegi",
        "ükski",
        "mitte ükski",
        "mitte ühtegi",
        "ei midagi",
        "midagi",
        "pole",
        "ei kedagi",
    ],
);

/// Words joining the squares of a list ("e4 und d5", "e4 ja d5").
const JOINERS: Words = Words::new(&["and", "plus"], &["und", "sowie"], &["ja", "ning"]);

/// Words around a piece ("a white knight", "ein weißer Springer", "on
/// valge ratsu").
const PIECE_FILLERS: Words = Words::new(
    &["a", "an", "the", "it", "is", "its", "there"],
    &[
        "ein", "eine", "einer", "eines", "einen", "der", "die", "das", "es", "ist", "da", "steht",
    ],
    &["on", "seal", "seisab"],
);

/// The longest answer read: a list of all 64 squares spelt out in words
/// stays well below, and a pasted page is not worth the work.
const MAX_ANSWER: usize = 2000;

/// The answer cut at a character boundary near [`MAX_ANSWER`].
fn bounded(answer: &str) -> &str {
    match answer.char_indices().nth(MAX_ANSWER) {
        Some((end, _)) => answer.get(..end).unwrap_or(answer),
        None => answer,
    }
}

/// The folded words of an answer, commas and semicolons taken as spaces
/// and the words `skip` names dropped.
fn folded_words(answer: &str, skip: &Words) -> Vec<String> {
    bounded(answer)
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .map(fold)
        .filter(|w| !w.is_empty() && !skip.contains_folded(w))
        .collect()
}

/// Whether the whole answer says "nothing".
fn is_none(answer: &str) -> bool {
    let whole = fold(bounded(answer));
    !whole.is_empty() && (NONE.contains_folded(&whole) || EMPTY_SQUARE.contains_folded(&whole))
}

/// A shade: one shade or colour word, with fillers around it.
fn read_shade(answer: &str) -> Option<Shade> {
    let words = folded_words(answer, &SHADE_FILLERS);
    let [word] = words.as_slice() else {
        return None;
    };
    if LIGHT.contains_folded(word) {
        return Some(Shade::Light);
    }
    if DARK.contains_folded(word) {
        return Some(Shade::Dark);
    }
    match color_word(word)? {
        Color::White => Some(Shade::Light),
        Color::Black => Some(Shade::Dark),
    }
}

/// Yes or no, as one word.
fn read_yes_no(answer: &str) -> Option<bool> {
    let words = folded_words(answer, &Words::new(&[], &[], &[]));
    let [word] = words.as_slice() else {
        return None;
    };
    // "ja" means yes before it means "and" here: nothing is listed.
    // The words of the resume question ("resume", "new", "weiter") are
    // no answers to a drill.
    if ANSWER_YES.contains_folded(word) {
        Some(true)
    } else if ANSWER_NO.contains_folded(word) {
        Some(false)
    } else {
        None
    }
}

/// Yes to a drill's question.
const ANSWER_YES: Words = Words::new(
    &["yes", "y", "yeah", "yep", "true", "ok"],
    &["ja", "j", "jawohl", "jep"],
    &["jah", "jaa", "jep"],
);

/// No to a drill's question.
const ANSWER_NO: Words = Words::new(&["no", "n", "nope", "false"], &["nein", "nee"], &["ei"]);

/// Number words up to twenty, by language; higher ones are made of them.
const EN_NUMBERS: [&str; 21] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];
const DE_NUMBERS: [&str; 21] = [
    "null",
    "eins",
    "zwei",
    "drei",
    "vier",
    "fünf",
    "sechs",
    "sieben",
    "acht",
    "neun",
    "zehn",
    "elf",
    "zwölf",
    "dreizehn",
    "vierzehn",
    "fünfzehn",
    "sechzehn",
    "siebzehn",
    "achtzehn",
    "neunzehn",
    "zwanzig",
];
const ET_NUMBERS: [&str; 21] = [
    "null",
    "üks",
    "kaks",
    "kolm",
    "neli",
    "viis",
    "kuus",
    "seitse",
    "kaheksa",
    "üheksa",
    "kümme",
    "üksteist",
    "kaksteist",
    "kolmteist",
    "neliteist",
    "viisteist",
    "kuusteist",
    "seitseteist",
    "kaheksateist",
    "üheksateist",
    "kakskümmend",
];

/// The number a folded word (or words run together) names, up to 29:
/// "fourteen", "einundzwanzig", "twentyseven", "kakskümmendviis".
fn number_word(folded: &str) -> Option<u32> {
    let small = |table: &[&str; 21], word: &str| {
        table
            .iter()
            .position(|w| folds_to(w, word))
            .map(|n| n as u32)
    };
    for table in [&EN_NUMBERS, &DE_NUMBERS, &ET_NUMBERS] {
        if let Some(n) = small(table, folded) {
            return Some(n);
        }
    }
    match folded {
        "nought" | "nil" => return Some(0),
        "ein" | "eine" => return Some(1),
        "zwo" => return Some(2),
        _ => {}
    }
    let unit = |word: &str, table: &[&str; 21]| small(table, word).filter(|n| (1..=9).contains(n));
    if let Some(rest) = folded.strip_prefix("twenty") {
        return unit(rest, &EN_NUMBERS).map(|n| 20 + n);
    }
    if let Some(rest) = folded.strip_prefix("kakskummend") {
        return unit(rest, &ET_NUMBERS).map(|n| 20 + n);
    }
    if let Some(rest) = folded.strip_suffix("undzwanzig") {
        let rest = if rest == "ein" { "eins" } else { rest };
        return unit(rest, &DE_NUMBERS).map(|n| 20 + n);
    }
    None
}

/// Words that may follow a number ("3 moves", "drei Züge", "kolm
/// käiku").
const NUMBER_FILLERS: Words = Words::new(
    &["moves", "move", "squares", "square", "times"],
    &["züge", "zug", "felder", "feld", "mal"],
    &["käiku", "käik", "ruutu", "ruut", "korda"],
);

/// A number: digits, or number words in any language.
fn read_number(answer: &str) -> Option<u32> {
    // "How many moves has the rook?" "None."
    if is_none(answer) {
        return Some(0);
    }
    let words = folded_words(answer, &NUMBER_FILLERS);
    if let [word] = words.as_slice()
        && word.chars().all(|c| c.is_ascii_digit())
    {
        return word.parse().ok();
    }
    if words.is_empty() || words.iter().any(|w| w.chars().any(|c| c.is_ascii_digit())) {
        return None;
    }
    number_word(&words.concat())
}

/// A list of squares in any form [`parse_square`] reads ("e4", "Eva
/// vier", "echo four"), separated by commas, spaces or "and"; or a word
/// for "none".
fn read_squares(answer: &str) -> Option<Bitboard> {
    if is_none(answer) {
        return Some(Bitboard::EMPTY);
    }
    let words: Vec<&str> = bounded(answer)
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|w| {
            let folded = fold(w);
            !folded.is_empty() && !JOINERS.contains_folded(&folded)
        })
        .collect();
    if words.is_empty() {
        return None;
    }
    let mut squares = Bitboard::EMPTY;
    let mut i = 0;
    while let Some(&word) = words.get(i) {
        // A square is one word ("e4") or two ("Eva vier", "e 4").
        if let Some(square) = one_square(word) {
            squares.add(square);
            i += 1;
        } else if let Some(square) = words
            .get(i + 1)
            .and_then(|next| one_square(&format!("{word} {next}")))
        {
            squares.add(square);
            i += 2;
        } else {
            return None;
        }
    }
    Some(squares)
}

/// One square, from at most two short words: a long word is no square
/// and is not worth reading.
fn one_square(text: &str) -> Option<Square> {
    if text.len() > 40 {
        return None;
    }
    parse_square(text)
}

/// What an answer about a square's piece said.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum PieceAnswer {
    /// Nothing stands there.
    Empty,
    /// A piece with its colour.
    Piece(Piece),
    /// A kind of piece without a colour.
    Role(Role),
}

/// A piece with or without its colour, in words ("weißer Springer",
/// "valge ratsu", "knight") or as one FEN letter ("N" white, "n" black);
/// or a word for "nothing".
fn read_piece(answer: &str) -> Option<PieceAnswer> {
    if is_none(answer) {
        return Some(PieceAnswer::Empty);
    }
    let trimmed = bounded(answer).trim();
    let mut letters = trimmed.chars();
    if let (Some(letter), None) = (letters.next(), letters.next())
        && let Some(piece) = Piece::from_char(letter)
    {
        return Some(PieceAnswer::Piece(piece));
    }
    let mut color = None;
    let mut role = None;
    for word in folded_words(answer, &PIECE_FILLERS) {
        if let Some(c) = color_word(&word).filter(|_| color.is_none()) {
            color = Some(c);
        } else if let Some(r) = piece_word(&word).filter(|_| role.is_none()) {
            role = Some(r);
        } else {
            return None;
        }
    }
    match (color, role?) {
        (Some(color), role) => Some(PieceAnswer::Piece(Piece { color, role })),
        (None, role) => Some(PieceAnswer::Role(role)),
    }
}

/// Judges an answer to "what stands on the square?". A kind of piece
/// named without its colour is enough when no piece of that kind of the
/// other colour stands on the board, so the kind alone cannot be
/// mistaken; otherwise the answer is not counted and the colour is
/// asked for again (`None`).
fn judge_piece(answer: &str, expected: Option<Piece>, position: &Chess) -> Option<bool> {
    match (read_piece(answer)?, expected) {
        (PieceAnswer::Empty, expected) => Some(expected.is_none()),
        (PieceAnswer::Piece(given), expected) => Some(expected == Some(given)),
        (PieceAnswer::Role(_), None) => Some(false),
        (PieceAnswer::Role(given), Some(piece)) if given != piece.role => Some(false),
        (PieceAnswer::Role(_), Some(piece)) => {
            let other = Piece {
                color: !piece.color,
                role: piece.role,
            };
            position.board().by_piece(other).is_empty().then_some(true)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_resume_words_are_no_answers() {
        for (text, yes) in [
            ("ja", true),
            ("jah", true),
            ("ok", true),
            ("nein", false),
            ("ei", false),
        ] {
            assert_eq!(read_yes_no(text), Some(yes), "{text}");
        }
        for text in ["new", "neu", "uus", "resume", "weiter"] {
            assert_eq!(read_yes_no(text), None, "{text}");
        }
    }

    #[test]
    fn shades() {
        for (text, shade) in [
            ("light", Shade::Light),
            ("Hell", Shade::Light),
            ("weiß", Shade::Light),
            ("a light square", Shade::Light),
            ("ein helles Feld", Shade::Light),
            ("hele", Shade::Light),
            ("valge", Shade::Light),
            ("dark", Shade::Dark),
            ("dunkel", Shade::Dark),
            ("schwarz", Shade::Dark),
            ("tume", Shade::Dark),
            ("must", Shade::Dark),
            ("black", Shade::Dark),
        ] {
            assert_eq!(read_shade(text), Some(shade), "{text}");
        }
        assert_eq!(read_shade("light dark"), None);
        assert_eq!(read_shade(""), None);
    }

    #[test]
    fn yes_and_no() {
        for yes in ["yes", "Ja", "jah", "y"] {
            assert_eq!(read_yes_no(yes), Some(true), "{yes}");
        }
        for no in ["no", "Nein", "ei", "n"] {
            assert_eq!(read_yes_no(no), Some(false), "{no}");
        }
        assert_eq!(read_yes_no("perhaps"), None);
    }

    #[test]
    fn numbers() {
        for (text, n) in [
            ("0", 0),
            ("zero", 0),
            ("null", 0),
            ("3", 3),
            ("three", 3),
            ("drei", 3),
            ("kolm", 3),
            ("üks", 1),
            ("eins", 1),
            ("acht", 8),
            ("kaheksa", 8),
            ("fourteen", 14),
            ("vierzehn", 14),
            ("neliteist", 14),
            ("twenty seven", 27),
            ("twenty-one", 21),
            ("einundzwanzig", 21),
            ("siebenundzwanzig", 27),
            ("kakskümmend seitse", 27),
            ("27", 27),
            ("5.", 5),
            ("3 moves", 3),
            ("drei Züge", 3),
            ("kolm käiku", 3),
            ("keine", 0),
            ("none", 0),
        ] {
            assert_eq!(read_number(text), Some(n), "{text}");
        }
        assert_eq!(read_number("many"), None);
        assert_eq!(read_number("moves"), None);
        assert_eq!(read_number("3 4"), None);
        assert_eq!(read_number("1 4"), None);
        assert_eq!(read_number("99999999999999999999"), None);
    }

    #[test]
    fn square_lists() {
        let two = Bitboard::from_square(Square::E4) | Bitboard::from_square(Square::D5);
        for text in [
            "e4 d5",
            "e4, d5",
            "d5 and e4",
            "Eva vier und David fünf",
            "echo four, delta five",
            "e4 ja d5",
            "e 4 d 5",
        ] {
            assert_eq!(read_squares(text), Some(two), "{text}");
        }
        for text in [
            "none",
            "keine",
            "nichts",
            "mitte midagi",
            "ei ühtegi",
            "leer",
            "tühi",
        ] {
            assert_eq!(read_squares(text), Some(Bitboard::EMPTY), "{text}");
        }
        assert_eq!(read_squares("e4 banana"), None);
        assert_eq!(read_squares(""), None);
        assert_eq!(read_squares("and"), None);
    }

    #[test]
    fn pieces() {
        let white_knight = Piece {
            color: Color::White,
            role: Role::Knight,
        };
        for text in [
            "white knight",
            "weißer Springer",
            "valge ratsu",
            "N",
            "a white knight",
        ] {
            assert_eq!(
                read_piece(text),
                Some(PieceAnswer::Piece(white_knight)),
                "{text}"
            );
        }
        assert_eq!(
            read_piece("n"),
            Some(PieceAnswer::Piece(Piece {
                color: Color::Black,
                role: Role::Knight
            }))
        );
        assert_eq!(
            read_piece("Springer"),
            Some(PieceAnswer::Role(Role::Knight))
        );
        assert_eq!(read_piece("nothing"), Some(PieceAnswer::Empty));
        assert_eq!(read_piece("white"), None);
        assert_eq!(read_piece("white black knight"), None);
    }

    #[test]
    fn a_kind_alone_counts_when_it_cannot_be_mistaken() {
        let start = Chess::default();
        let on_g1 = Question::PieceOn { square: Square::G1 };
        // Both sides have knights: the colour is asked for.
        let kind_only = judge(&on_g1, &start, "knight");
        assert!(!kind_only.understood);
        assert!(!judge(&on_g1, &start, "bishop").right);
        assert!(judge(&on_g1, &start, "bishop").understood);
        assert!(judge(&on_g1, &start, "weißer Springer").right);
        assert!(!judge(&on_g1, &start, "schwarzer Springer").right);
        let lone: Chess = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .ok()
            .and_then(|f| f.into_position(shakmaty::CastlingMode::Standard).ok())
            .unwrap_or_default();
        assert!(judge(&on_g1, &lone, "Springer").right);
        assert!(!judge(&Question::PieceOn { square: Square::G2 }, &lone, "Springer").right);
        assert!(judge(&Question::PieceOn { square: Square::G2 }, &lone, "leer").right);
    }
}
