//! UCI lines into messages, through `vampirc-uci`, for both sides of
//! the protocol: the client reading an engine, the server reading a GUI.
//!
//! vampirc-uci 0.11 reads a few numbers of one to three digits into a
//! `u8` and panics when one is above 255 (`go depth 300`, `info depth
//! 999`). Such a number is read as 255 here before the line reaches the
//! parser: more than any search goes, so the meaning is kept.

use vampirc_uci::UciMessage;

/// Parses one line (without its newline) into a message; never panics.
///
/// ```
/// use vampirc_uci::UciMessage;
/// let go = annabella::engine::wire::parse("go depth 300");
/// assert!(matches!(go, UciMessage::Go { search_control: Some(s), .. } if s.depth == Some(255)));
/// ```
pub fn parse(line: &str) -> UciMessage {
    match clamp_byte_numbers(line) {
        Some(safe) => vampirc_uci::parse_one(&safe),
        None => vampirc_uci::parse_one(line),
    }
}

/// The words after which vampirc-uci reads a byte, for a line that
/// starts with `first`.
fn byte_fields(first: &str) -> &'static [&'static str] {
    if first.eq_ignore_ascii_case("go") {
        &["depth", "mate", "movestogo"]
    } else if first.eq_ignore_ascii_case("info") {
        &["depth", "seldepth"]
    } else {
        &[]
    }
}

/// The line with every byte field above 255 written as 255, or `None`
/// when it has none. The parser takes up to three digits at the start of
/// the word after the field's name (and ignores what follows them), so
/// those three are what is checked; spaces and tabs separate words, as
/// in its grammar.
fn clamp_byte_numbers(line: &str) -> Option<String> {
    const BLANKS: [char; 2] = [' ', '\t'];
    let mut out = String::with_capacity(line.len());
    let mut fields: Option<&[&str]> = None;
    let mut after_field = false;
    let mut changed = false;
    for piece in line.split_inclusive(BLANKS) {
        let word = piece.trim_end_matches(BLANKS);
        if word.is_empty() {
            out.push_str(piece);
            continue;
        }
        let digits = word.bytes().take(3).take_while(u8::is_ascii_digit).count();
        let too_big = digits > 0 && word[..digits].parse::<u16>().is_ok_and(|n| n > 255);
        if after_field && too_big {
            out.push_str("255");
            out.push_str(&piece[digits..]);
            changed = true;
        } else {
            out.push_str(piece);
        }
        let names = *fields.get_or_insert_with(|| byte_fields(word));
        after_field = names.iter().any(|f| word.eq_ignore_ascii_case(f));
    }
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_numbers_after_byte_fields_change() {
        assert_eq!(clamp_byte_numbers("go depth 30"), None);
        assert_eq!(clamp_byte_numbers("go depth 255"), None);
        assert_eq!(
            clamp_byte_numbers("go  DEPTH\t256 movestogo 999"),
            Some("go  DEPTH\t255 movestogo 255".to_string())
        );
        assert_eq!(
            clamp_byte_numbers("info depth 7777 seldepth 300x nodes 999"),
            Some("info depth 2557 seldepth 255x nodes 999".to_string())
        );
        // `nodes` is read as a u64, `mate` in `info` as an i64.
        assert_eq!(clamp_byte_numbers("go nodes 999"), None);
        assert_eq!(clamp_byte_numbers("info score mate 300"), None);
        assert_eq!(clamp_byte_numbers("setoption name depth value 300"), None);
        assert_eq!(clamp_byte_numbers(""), None);
    }

    #[test]
    fn the_parser_survives_every_byte_field() {
        for line in [
            "go depth 300",
            "go mate 999",
            "go movestogo 256 wtime 10 btime 10",
            "go searchmoves e2e4 depth 3000",
            "info depth 300 seldepth 999 score cp 1",
            "info depth 7777 nodes 5",
        ] {
            assert!(!parse(line).is_unknown(), "{line}");
        }
    }
}
