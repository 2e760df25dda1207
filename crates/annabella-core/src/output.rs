//! Text for screen readers and Braille displays: wrapping at word
//! boundaries for a given line width, and the check every answer must
//! pass (SPEC §2 and §5).

/// Wraps `line` at word boundaries so that no piece is longer than
/// `width` characters (0: no wrapping). A word longer than the width is
/// cut, so the limit always holds.
///
/// ```
/// let lines = annabella_core::output::wrap("Eva vier: weißer Bauer.", 12);
/// assert_eq!(lines, ["Eva vier:", "weißer", "Bauer."]);
/// ```
pub fn wrap(line: &str, width: usize) -> Vec<String> {
    wrap_keeping(line, width, &[])
}

/// [`wrap`], never breaking where a listener would lose the sense of
/// what was cut: inside one of `phrases` (the names of the squares as
/// they are said, "Cesar sechs", so that no square is split over two
/// lines), before punctuation (a full stop, a comma, the mark of a
/// quote cut short: they stay with the word they follow), between a
/// word and the number it counts ("move 1.", "level 3"), and after a
/// move number ("2. Nf3"). Only a group of words longer than the width
/// is broken inside, as plain words.
///
/// ```
/// use annabella_core::output::wrap_keeping;
/// let squares = ["Cesar sechs".to_string()];
/// assert_eq!(
///     wrap_keeping("Dame Cesar sechs, Schach.", 12, &squares),
///     ["Dame", "Cesar sechs,", "Schach."]
/// );
/// assert_eq!(wrap_keeping("White to move, move 1.", 16, &[]), ["White to move,", "move 1."]);
/// ```
pub fn wrap_keeping(line: &str, width: usize, phrases: &[String]) -> Vec<String> {
    if width == 0 || line.chars().count() <= width {
        return vec![line.to_string()];
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut lines = Lines::new(width);
    for unit in units(&words, phrases) {
        let len = unit.iter().map(|w| w.chars().count()).sum::<usize>() + unit.len() - 1;
        if len <= width {
            lines.push(&unit.join(" "));
        } else {
            // Too long to keep together: word by word.
            for word in unit {
                lines.push(word);
            }
        }
    }
    lines.finish()
}

/// The words of a line in groups that are not broken.
fn units<'a>(words: &[&'a str], phrases: &[String]) -> Vec<Vec<&'a str>> {
    let bare = |w: &str| -> String {
        w.trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
    };
    // bound[i]: word i and word i + 1 stay together.
    let mut bound = vec![false; words.len().saturating_sub(1)];
    for i in 0..bound.len() {
        let (here, next) = (words[i], words[i + 1]);
        bound[i] = next.starts_with(|c: char| !c.is_alphanumeric() && !"([{\"'„“‘«".contains(c))
            || (next.starts_with(|c: char| c.is_ascii_digit())
                && here.chars().all(char::is_alphabetic))
            || is_move_number(here);
    }
    for phrase in phrases {
        let parts: Vec<String> = phrase.split_whitespace().map(bare).collect();
        if parts.len() < 2 || parts.len() > words.len() {
            continue;
        }
        for start in 0..=words.len() - parts.len() {
            let fits = parts
                .iter()
                .enumerate()
                .all(|(k, part)| bare(words[start + k]) == *part);
            if fits {
                for b in &mut bound[start..start + parts.len() - 1] {
                    *b = true;
                }
            }
        }
    }
    let mut out: Vec<Vec<&str>> = Vec::new();
    for (i, word) in words.iter().enumerate() {
        match out.last_mut() {
            Some(unit) if i > 0 && bound[i - 1] => unit.push(word),
            _ => out.push(vec![word]),
        }
    }
    out
}

/// "1." or "12...": the number of a move, which goes with the move after it.
fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    digits.len() < word.len() && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// Lines being filled word by word up to a width.
struct Lines {
    width: usize,
    out: Vec<String>,
    current: String,
    len: usize,
}

impl Lines {
    fn new(width: usize) -> Lines {
        Lines {
            width,
            out: Vec::new(),
            current: String::new(),
            len: 0,
        }
    }

    /// Adds `text` (no longer than the width, or one word that is cut)
    /// after a space, on a new line if it does not fit.
    fn push(&mut self, text: &str) {
        let mut chars: Vec<char> = text.chars().collect();
        while chars.len() > self.width {
            self.break_line();
            self.out.push(chars.drain(..self.width).collect());
        }
        if chars.is_empty() {
            return;
        }
        let needed = if self.len == 0 {
            chars.len()
        } else {
            self.len + 1 + chars.len()
        };
        if needed > self.width {
            self.break_line();
        }
        if self.len > 0 {
            self.current.push(' ');
            self.len += 1;
        }
        self.current.extend(chars.iter());
        self.len += chars.len();
    }

    fn break_line(&mut self) {
        if self.len > 0 {
            self.out.push(std::mem::take(&mut self.current));
            self.len = 0;
        }
    }

    fn finish(mut self) -> Vec<String> {
        self.break_line();
        self.out
    }
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
    fn keeps_squares_numbers_and_punctuation_with_their_words() {
        let squares = ["Cesar sechs".to_string(), "Eva vier".to_string()];
        // Before: "… Cesar" / "sechs", "move" / "1.", "..." / ".".
        assert_eq!(
            wrap_keeping("2. Schwarz: Dame Cesar sechs", 22, &squares),
            ["2. Schwarz: Dame", "Cesar sechs"]
        );
        assert_eq!(
            wrap("White to move, move 1.", 19),
            ["White to move,", "move 1."]
        );
        assert_eq!(
            wrap("Not understood: abc ... Type help.", 19)[1],
            "abc ... Type help."
        );
        assert_eq!(wrap("1. e4 e5 2. Nf3 Nc6", 11), ["1. e4 e5", "2. Nf3 Nc6"]);
        // A group longer than the width is broken as words.
        assert_eq!(wrap_keeping("Cesar sechs", 6, &squares), ["Cesar", "sechs"]);
        for width in 1..30 {
            for line in wrap_keeping("Dame Cesar sechs, Schach. Zug 12.", width, &squares) {
                assert!(line.chars().count() <= width, "{width}: {line}");
            }
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
