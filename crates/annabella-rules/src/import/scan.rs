//! A second look at one game's text for what `pgn-reader` passes over
//! without a word: a token where a move belongs that is no move (`Nf`,
//! `P-K4`, German `Sf3`), or a comment the file breaks off inside. The
//! reader reports neither, so without this a cut or misspelt move would
//! only show as a later move being illegal, at the wrong place.

use std::ops::ControlFlow;

use shakmaty::san::SanPlus;

/// What the scan found in one game's text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Scan {
    /// The moves of the main line (tokens read as SAN).
    pub sans: usize,
    /// The first unreadable token of the main line: how many moves come
    /// before it, and its text.
    pub unreadable: Option<(usize, String)>,
}

/// How the walk over the main line treats a byte. Looked up in a table
/// rather than matched: the walk passes every byte of every imported game,
/// and a table lookup costs less than a jump per byte.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    /// Space, tab, carriage return, and the symbols `pgn-reader` passes
    /// over between tokens: `}` `!` `?` `.` `*`.
    Blank,
    Newline,
    /// A `%` escapes the rest of a line only as the line's first byte;
    /// elsewhere it starts a word.
    Percent,
    OpenBrace,
    Semicolon,
    OpenParen,
    CloseParen,
    Dollar,
    /// Anything else starts a word.
    Word,
}

const fn class_of(byte: u8) -> Class {
    match byte {
        b' ' | b'\t' | b'\r' | b'}' | b'!' | b'?' | b'.' | b'*' => Class::Blank,
        b'\n' => Class::Newline,
        b'%' => Class::Percent,
        b'{' => Class::OpenBrace,
        b';' => Class::Semicolon,
        b'(' => Class::OpenParen,
        b')' => Class::CloseParen,
        b'$' => Class::Dollar,
        _ => Class::Word,
    }
}

/// The bytes that end a token, as `pgn-reader` has them.
const fn ends_token(byte: u8) -> bool {
    matches!(
        byte,
        b' ' | b'\t'
            | b'\n'
            | b'\r'
            | b'{'
            | b'}'
            | b'('
            | b')'
            | b'!'
            | b'?'
            | b'$'
            | b';'
            | b'.'
            | b'*'
    )
}

static CLASSES: [Class; 256] = {
    let mut table = [Class::Word; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = class_of(byte as u8);
        byte += 1;
    }
    table
};

static TOKEN_ENDS: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = ends_token(byte as u8);
        byte += 1;
    }
    table
};

fn is_token_end(byte: u8) -> bool {
    TOKEN_ENDS[usize::from(byte)]
}

/// The index of the next `needle` at or after `from`.
fn find(text: &[u8], from: usize, needle: u8) -> Option<usize> {
    memchr::memchr(needle, text.get(from..)?).map(|p| from + p)
}

/// The most characters of a word kept for a report: more than an answer
/// quotes (40), so that the quote sees a cut and marks it with ` ...`.
const EXCERPT_CHARS: usize = 80;

/// Text for a report: at most [`EXCERPT_CHARS`] characters, up to the
/// line's end.
fn excerpt(bytes: &[u8]) -> String {
    let line = bytes.split(|&b| b == b'\n' || b == b'\r').next();
    String::from_utf8_lossy(line.unwrap_or_default())
        .chars()
        .take(EXCERPT_CHARS)
        .collect()
}

/// Past the tag pair that starts at `i` (a `[`), as `pgn-reader` reads
/// it: to the closing quote and bracket, or to the line's end.
fn skip_tag(text: &[u8], i: usize) -> usize {
    let from = i + 1;
    let Some(rest) = text.get(from..) else {
        return text.len();
    };
    let quote = match memchr::memchr3(b'"', b'\n', b']', rest) {
        None => return text.len(),
        Some(p) if rest[p] != b'"' => return from + p + 1,
        Some(p) => from + p,
    };
    let mut j = quote + 1;
    loop {
        let Some(rest) = text.get(j..) else {
            return text.len();
        };
        match memchr::memchr3(b'\\', b'"', b'\n', rest) {
            None => return text.len(),
            Some(p) if rest[p] == b'\\' => j += p + 2,
            Some(p) if rest[p] == b'"' => {
                j += p + 1;
                break;
            }
            Some(p) => return j + p + 1,
        }
    }
    while let Some(&b) = text.get(j) {
        match b {
            b' ' | b'\t' | b'\r' => j += 1,
            b']' => return j + 1,
            _ => return j,
        }
    }
    j
}

/// Where the movetext starts: past blank lines, `%` lines and tags.
fn movetext_start(text: &[u8]) -> usize {
    let mut i = 0;
    let mut line_start = true;
    while let Some(&b) = text.get(i) {
        match b {
            b'\n' => {
                line_start = true;
                i += 1;
            }
            b' ' | b'\t' | b'\r' => i += 1,
            b'%' if line_start => i = find(text, i, b'\n').unwrap_or(text.len()),
            b'[' => {
                i = skip_tag(text, i);
                line_start = text.get(i.wrapping_sub(1)) == Some(&b'\n');
            }
            // The byte-order mark `pgn-reader` skips.
            0xef if text[i..].starts_with(b"\xef\xbb\xbf") => i += 3,
            _ => return i,
        }
    }
    i
}

/// What kind of word a movetext token is.
enum Word {
    Move,
    Other,
    Unreadable,
}

fn classify(token: &[u8]) -> Word {
    let Some(&first) = token.first() else {
        return Word::Other;
    };
    if std::str::from_utf8(token).is_ok_and(super::is_null_move) {
        // `pgn-reader` reads `--` and `Z0` as a move it cannot play, and
        // passes over `0000`: each is named for what it is.
        return Word::Unreadable;
    }
    if first == b'0' {
        // Castling with zeros, which `pgn-reader` reads as a move; `0-1`.
        return if castles_with_zeros(token) {
            Word::Move
        } else {
            Word::Other
        };
    }
    if first.is_ascii_digit() {
        return Word::Other;
    }
    if SanPlus::from_ascii(token).is_ok() {
        return Word::Move;
    }
    let lossy = String::from_utf8_lossy(token);
    // Symbols such as `+-` or `=` are annotations the reader passes over;
    // a word starting with a letter was meant as a move.
    if lossy.chars().next().is_some_and(char::is_alphabetic) {
        Word::Unreadable
    } else {
        Word::Other
    }
}

/// A piece of the main line that matters to the scan.
pub(super) enum Token<'a> {
    /// A token that is not a number, NAG, comment or bracket.
    Word(&'a [u8]),
    /// A comment the text ends inside.
    OpenComment(&'a [u8]),
}

/// Walks the main line of one game's text (tags and movetext), and its
/// variations too when asked, until `on` breaks.
pub(super) fn walk<'a>(
    text: &'a [u8],
    variations: bool,
    mut on: impl FnMut(Token<'a>) -> ControlFlow<()>,
) {
    let mut i = movetext_start(text);
    let mut depth = 0usize;
    let mut line_start = false;
    while let Some(&b) = text.get(i) {
        let at = i;
        i += 1;
        let class = CLASSES[usize::from(b)];
        // Blanks and words are most of any movetext: tested first.
        if class == Class::Blank {
            line_start = false;
            continue;
        }
        let token = if class == Class::Word || (class == Class::Percent && !line_start) {
            if text[at..].starts_with(b"e.p.") {
                i = at + 4;
                None
            } else {
                i = text[i..]
                    .iter()
                    .position(|&b| is_token_end(b))
                    .map_or(text.len(), |p| i + p);
                Some(Token::Word(&text[at..i]))
            }
        } else {
            match class {
                Class::Newline => {
                    line_start = true;
                    continue;
                }
                Class::OpenBrace => match find(text, i, b'}') {
                    Some(close) => {
                        i = close + 1;
                        None
                    }
                    None => {
                        i = text.len();
                        Some(Token::OpenComment(&text[at..]))
                    }
                },
                // A `%` at a line's start, or a `;`: the rest of the line.
                Class::Percent | Class::Semicolon => {
                    i = find(text, i, b'\n').unwrap_or(text.len());
                    None
                }
                Class::OpenParen => {
                    depth += 1;
                    None
                }
                Class::CloseParen => {
                    depth = depth.saturating_sub(1);
                    None
                }
                Class::Dollar => {
                    while text.get(i).is_some_and(u8::is_ascii_digit) {
                        i += 1;
                    }
                    None
                }
                Class::Blank | Class::Word => None,
            }
        };
        line_start = false;
        if (depth == 0 || variations)
            && let Some(token) = token
            && on(token).is_break()
        {
            return;
        }
    }
}

/// Counts the main line's words that may be moves, quickly: more than
/// the moves `pgn-reader` reported means it passed over one, and then
/// [`scan`] finds which. A comment the text ends inside counts as one.
pub(super) fn words(text: &[u8]) -> usize {
    let mut count = 0;
    walk(text, false, |token| {
        let counts = match token {
            Token::OpenComment(_) => true,
            Token::Word(b"0000" | b"0000+" | b"0000#") => true,
            Token::Word([b'0', ..]) => false,
            Token::Word(word) => word
                .first()
                .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'-' || b == b'@' || b >= 0x80),
        };
        count += usize::from(counts);
        if let Token::Word(word) = token
            && castles_with_zeros(word)
        {
            count += 1;
        }
        ControlFlow::Continue(())
    });
    count
}

fn castles_with_zeros(word: &[u8]) -> bool {
    let bare = word.strip_suffix(b"+").or(word.strip_suffix(b"#"));
    matches!(bare.unwrap_or(word), b"0-0" | b"0-0-0")
}

/// Scans one game's text (tags and movetext): its moves and its first
/// unreadable word.
pub(super) fn scan(text: &[u8]) -> Scan {
    let mut found = Scan::default();
    walk(text, false, |token| {
        let word = match token {
            Token::OpenComment(comment) => {
                found.unreadable = Some((found.sans, excerpt(comment)));
                return ControlFlow::Break(());
            }
            Token::Word(word) => word,
        };
        match classify(word) {
            Word::Move => found.sans += 1,
            Word::Other => {}
            Word::Unreadable => {
                found.unreadable = Some((found.sans, excerpt(word)));
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unreadable(text: &str) -> Option<(usize, String)> {
        scan(text.as_bytes()).unreadable
    }

    #[test]
    fn counts_the_main_line_only() {
        let text = "[White \"a\"]\n[Black \"b\"]\n\n1. e4 {x} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6!? \
                    3. O-O-O 0-0 4. exd6 e.p. 1-0";
        assert_eq!(
            scan(text.as_bytes()),
            Scan {
                sans: 7,
                unreadable: None
            }
        );
    }

    #[test]
    fn finds_the_first_word_that_is_no_move() {
        assert_eq!(unreadable("1. e4 e5 2. Nf"), Some((2, "Nf".into())));
        assert_eq!(unreadable("1. P-K4 P-K4"), Some((0, "P-K4".into())));
        assert_eq!(unreadable("1. e4 Sf6"), Some((1, "Sf6".into())));
        assert_eq!(unreadable("1. e4 +- e5 = 2. d4 ±"), None);
        assert_eq!(unreadable("1. e4 (1. xx) e5"), None);
    }

    #[test]
    fn a_comment_broken_off_is_unreadable() {
        assert_eq!(
            unreadable("1. e4 e5 { the file ends\nhere"),
            Some((2, "{ the file ends".into()))
        );
    }

    #[test]
    fn words_count_every_move_and_more() {
        for text in [
            "1. e4 e5 2. Nf",
            "1. e4 0-0 -- Z0 Sf3 ± (1. d4) {c} $1 1-0",
            "1. e4 { open",
            "[A \"b\"] 1. e4",
        ] {
            let found = scan(text.as_bytes());
            let more = usize::from(found.unreadable.is_some());
            assert!(words(text.as_bytes()) >= found.sans + more, "{text}");
        }
        assert_eq!(words(b"1. e4 e5 2. O-O-O 0-0 exd6 e.p. 1-0"), 5);
    }

    #[test]
    fn broken_tags_and_odd_bytes_do_not_panic() {
        for text in [
            "[",
            "[White",
            "[White \"",
            "[White \"a\\",
            "\u{feff}",
            "%",
            "{",
            "$",
        ] {
            let _ = scan(text.as_bytes());
        }
        let _ = scan(&[0xef, 0xbb]);
        let _ = scan(&[0xff, b'e', b'4', 0x80]);
    }
}
