//! Text for screen readers and Braille displays: wrapping at word
//! boundaries for a given line width, and the check every answer must
//! pass (SPEC §2 and §5).

/// Wraps `line` at word boundaries so that no piece is longer than
/// `width` characters (0: no wrapping). A word longer than the width is
/// cut, so the limit always holds.
///
/// ```
/// let lines = annabella::output::wrap("Eva vier: weißer Bauer.", 12);
/// assert_eq!(lines, ["Eva vier:", "weißer", "Bauer."]);
/// ```
pub fn wrap(line: &str, width: usize) -> Vec<String> {
    if width == 0 || line.chars().count() <= width {
        return vec![line.to_string()];
    }
    let mut out = Vec::new();
    let mut current = String::new();
    let mut current_len = 0;
    for word in line.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        while word.len() > width {
            if current_len > 0 {
                out.push(std::mem::take(&mut current));
                current_len = 0;
            }
            out.push(word.drain(..width).collect());
        }
        if word.is_empty() {
            continue;
        }
        let needed = if current_len == 0 {
            word.len()
        } else {
            current_len + 1 + word.len()
        };
        if needed > width {
            out.push(std::mem::take(&mut current));
            current_len = 0;
        }
        if current_len > 0 {
            current.push(' ');
            current_len += 1;
        }
        current.extend(word.iter());
        current_len += word.len();
    }
    if current_len > 0 {
        out.push(current);
    }
    out
}

/// Why a line of output would trouble a screen reader, a speech engine
/// or a Braille display; `None` if it is fine.
///
/// Checked: control characters and ANSI escapes, chess figurines, box
/// drawing and block characters, runs like "1E5" or "4P3" that speech
/// engines misread (a digit, a letter, a digit), and lines
/// longer than `width` (0: any length).
pub fn problem(line: &str, width: usize) -> Option<String> {
    if width > 0 && line.chars().count() > width {
        return Some(format!("longer than {width} characters"));
    }
    for ch in line.chars() {
        let code = ch as u32;
        if ch.is_control() {
            return Some(format!("control character U+{code:04X}"));
        }
        if (0x2654..=0x265F).contains(&code) || (0x1FA00..=0x1FA6F).contains(&code) {
            return Some(format!("chess figurine {ch}"));
        }
        if (0x2500..=0x259F).contains(&code) {
            return Some(format!("box drawing or block character {ch}"));
        }
    }
    // A digit, one letter, a digit: "1E5" is read as a number, "2e4" as
    // twenty thousand. ("5xd6" in long algebraic has two letters and is
    // read letter by letter.)
    for word in line.split(|c: char| !c.is_alphanumeric()) {
        let chars: Vec<char> = word.chars().collect();
        if chars
            .windows(3)
            .any(|w| w[0].is_ascii_digit() && w[1].is_alphabetic() && w[2].is_ascii_digit())
        {
            return Some(format!("digit-letter run {word} that speech misreads"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_words_and_cuts_long_words() {
        assert_eq!(wrap("a b c", 0), ["a b c"]);
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        for line in wrap(&"Springer Felix drei, ".repeat(20), 40) {
            assert!(line.chars().count() <= 40, "{line}");
        }
    }

    #[test]
    fn finds_what_troubles_speech_and_braille() {
        assert_eq!(problem("Eva vier: weißer Bauer.", 40), None);
        assert_eq!(problem("1. White: Nf3", 40), None);
        assert!(problem("1E5", 0).is_some());
        assert!(problem("4P3", 0).is_some());
        assert!(problem("e2e4", 0).is_some());
        assert_eq!(problem("Ng8xf6+ e5xd6", 0), None);
        assert!(problem("♘f3", 0).is_some());
        assert!(problem("│ . │", 0).is_some());
        assert!(problem("\u{1b}[1m", 0).is_some());
        assert!(problem(&"x".repeat(41), 40).is_some());
    }
}
