//! German piece letters in a PGN file (`Sf3`, `Lb5`, `Dxd8+`, `e8=D`), as
//! annabella's own `pgn FILE de` writes them and a German player types
//! them: a word of the main line that does not read as SAN but does with
//! the German letters read as English ones is written with those (and so
//! is such a word in a variation), and the game is read again. English
//! SAN comes first: a word that reads as it stays as it is.

use std::ops::ControlFlow;

use shakmaty::san::SanPlus;

use super::scan::{Token, walk};

/// A word with German piece letters (König, Dame, Turm, Läufer,
/// Springer) read as English ones, when only that reads as SAN.
fn english_word(word: &[u8]) -> Option<Vec<u8>> {
    if SanPlus::from_ascii(word).is_ok() {
        return None;
    }
    let english: Vec<u8> = word
        .iter()
        .map(|&b| match b {
            b'D' => b'Q',
            b'T' => b'R',
            b'L' => b'B',
            b'S' => b'N',
            b => b,
        })
        .collect();
    SanPlus::from_ascii(&english).is_ok().then_some(english)
}

/// One game's text with every German move written with English letters,
/// in its variations too (annabella writes its better lines with the same
/// letters as its moves); `None` when it has none.
pub(super) fn english(text: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len());
    let mut copied = 0;
    walk(text, true, |token| {
        if let Token::Word(word) = token
            && let Some(english) = english_word(word)
        {
            // The word is a slice of `text`: where it starts in it.
            let at = word.as_ptr() as usize - text.as_ptr() as usize;
            out.extend_from_slice(&text[copied..at]);
            out.extend_from_slice(&english);
            copied = at + word.len();
        }
        ControlFlow::Continue(())
    });
    if copied == 0 {
        return None;
    }
    out.extend_from_slice(&text[copied..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::english;

    #[test]
    fn only_words_that_read_with_german_letters_alone_change() {
        let german = b"[White \"S\"]\n\n1. e4 e5 2. Nf3 Sc6 3. Lb5 a6 4. Dxe5+ Kd8 5. Te1 {Sf3} *";
        let read = english(german).expect("German moves");
        assert_eq!(
            String::from_utf8_lossy(&read),
            "[White \"S\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Qxe5+ Kd8 5. Re1 {Sf3} *"
        );
        assert_eq!(english(b"1. e4 e5 2. Bb5 Kuchen *"), None);
    }
}
