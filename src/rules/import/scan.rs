//! A second look at one game's text for what `pgn-reader` passes over
//! without a word: a token where a move belongs that is no move (`Nf`,
//! `P-K4`, German `Sf3`), or a comment the file breaks off inside. The
//! reader reports neither, so without this a cut or misspelt move would
//! only show as a later move being illegal, at the wrong place.

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

/// The bytes that end a token, as `pgn-reader` has them.
fn is_token_end(byte: u8) -> bool {
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

/// The index of the next `needle` at or after `from`.
fn find(text: &[u8], from: usize, needle: u8) -> Option<usize> {
    let rest = text.get(from..)?;
    rest.iter().position(|&b| b == needle).map(|p| from + p)
}

/// Text for a report: at most 30 characters, up to the line's end.
fn excerpt(bytes: &[u8]) -> String {
    let line = bytes.split(|&b| b == b'\n' || b == b'\r').next();
    String::from_utf8_lossy(line.unwrap_or_default())
        .chars()
        .take(30)
        .collect()
}

/// Past the tag pair that starts at `i` (a `[`), as `pgn-reader` reads
/// it: to the closing quote and bracket, or to the line's end.
fn skip_tag(text: &[u8], mut i: usize) -> usize {
    i += 1;
    while let Some(&b) = text.get(i) {
        i += 1;
        match b {
            b'\n' | b']' => return i,
            b'"' => break,
            _ => {}
        }
    }
    while let Some(&b) = text.get(i) {
        i += 1;
        match b {
            b'\\' => i += 1,
            b'"' => break,
            b'\n' => return i,
            _ => {}
        }
    }
    while let Some(&b) = text.get(i) {
        match b {
            b' ' | b'\t' | b'\r' => i += 1,
            b']' => return i + 1,
            _ => return i,
        }
    }
    i
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

fn word(token: &[u8]) -> Word {
    let Some(&first) = token.first() else {
        return Word::Other;
    };
    if first == b'0' {
        // Castling with zeros, which `pgn-reader` reads as a move; `0-1`.
        let bare = token.strip_suffix(b"+").or(token.strip_suffix(b"#"));
        return match bare.unwrap_or(token) {
            b"0-0" | b"0-0-0" => Word::Move,
            _ => Word::Other,
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

/// Scans one game's text (tags and movetext).
pub(super) fn scan(text: &[u8]) -> Scan {
    let mut found = Scan::default();
    let mut i = movetext_start(text);
    let mut depth = 0usize;
    let mut line_start = false;
    while let Some(&b) = text.get(i) {
        let at = i;
        i += 1;
        match b {
            b'\n' => {
                line_start = true;
                continue;
            }
            // `%` escapes a line only as its very first byte.
            b' ' | b'\t' | b'\r' => {}
            b'%' if line_start => i = find(text, i, b'\n').unwrap_or(text.len()),
            b'{' => match find(text, i, b'}') {
                Some(close) => i = close + 1,
                None if depth == 0 => {
                    found.unreadable = Some((found.sans, excerpt(&text[at..])));
                    return found;
                }
                None => i = text.len(),
            },
            b';' => i = find(text, i, b'\n').unwrap_or(text.len()),
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            b'$' => {
                while text.get(i).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                }
            }
            b'}' | b'!' | b'?' | b'.' | b'*' => {}
            _ if text[at..].starts_with(b"e.p.") => i = at + 4,
            _ => {
                while text.get(i).is_some_and(|&b| !is_token_end(b)) {
                    i += 1;
                }
                if depth == 0 {
                    match word(&text[at..i]) {
                        Word::Move => found.sans += 1,
                        Word::Other => {}
                        Word::Unreadable => {
                            found.unreadable = Some((found.sans, excerpt(&text[at..i])));
                            return found;
                        }
                    }
                }
            }
        }
        line_start = false;
    }
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
