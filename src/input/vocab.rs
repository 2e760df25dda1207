//! The words a move can be made of, per language, as data.
//!
//! Every word is stored in its folded form (see [`fold`]), so "Läufer",
//! "Laeufer" and "Laufer" all meet the same entry.

use std::collections::HashMap;
use std::sync::OnceLock;

use shakmaty::{File, Rank, Role};

/// What one input word stands for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Word {
    /// A piece name: "Springer", "knight".
    Piece(Role),
    /// A file name: "Felix", "f".
    File(File),
    /// A rank word: "drei", "three".
    Rank(Rank),
    /// A capture word: "schlägt", "takes".
    Capture,
    /// Introduces the promotion piece: "Umwandlung", "promotes".
    Promote,
    /// En passant.
    EnPassant,
    /// Words that carry no meaning for the move: "nach", "to", "Schach".
    Filler,
}

/// Folds a word for matching: lower case, accents and umlaut spellings
/// removed (`ä` = `ae` = `a`), punctuation dropped.
pub fn fold(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for ch in word.chars().flat_map(char::to_lowercase) {
        match ch {
            'ä' | 'à' | 'á' | 'â' | 'å' => out.push('a'),
            'ö' | 'ò' | 'ó' | 'ô' | 'õ' => out.push('o'),
            'ü' | 'ù' | 'ú' | 'û' => out.push('u'),
            'é' | 'è' | 'ê' | 'ë' => out.push('e'),
            'í' | 'ì' | 'î' | 'ï' => out.push('i'),
            'š' => out.push('s'),
            'ž' => out.push('z'),
            'ß' => out.push_str("ss"),
            c if c.is_alphanumeric() => out.push(c),
            _ => {}
        }
    }
    // German umlauts typed without the dots: "ae" = "ä" = "a".
    if out.contains("ae") || out.contains("oe") || out.contains("ue") {
        out = out.replace("ae", "a").replace("oe", "o").replace("ue", "u");
    }
    out
}

const PIECES: &[(&str, Role)] = &[
    ("könig", Role::King),
    ("dame", Role::Queen),
    ("turm", Role::Rook),
    ("läufer", Role::Bishop),
    ("springer", Role::Knight),
    ("pferd", Role::Knight),
    ("bauer", Role::Pawn),
    ("king", Role::King),
    ("queen", Role::Queen),
    ("rook", Role::Rook),
    ("bishop", Role::Bishop),
    ("knight", Role::Knight),
    ("horse", Role::Knight),
    ("pawn", Role::Pawn),
];

const FILES: &[(&str, u32)] = &[
    ("anna", 0),
    ("bella", 1),
    ("cesar", 2),
    ("cäsar", 2),
    ("zäsar", 2),
    ("david", 3),
    ("eva", 4),
    ("felix", 5),
    ("gustav", 6),
    ("hector", 7),
    ("hektor", 7),
    ("alfa", 0),
    ("alpha", 0),
    ("bravo", 1),
    ("charlie", 2),
    ("delta", 3),
    ("echo", 4),
    ("foxtrot", 5),
    ("golf", 6),
    ("hotel", 7),
];

const RANKS: &[(&str, u32)] = &[
    ("eins", 0),
    ("ein", 0),
    ("zwei", 1),
    ("zwo", 1),
    ("drei", 2),
    ("vier", 3),
    ("fünf", 4),
    ("sechs", 5),
    ("sieben", 6),
    ("acht", 7),
    ("one", 0),
    ("two", 1),
    ("three", 2),
    ("four", 3),
    ("five", 4),
    ("six", 5),
    ("seven", 6),
    ("eight", 7),
];

const CAPTURES: &[&str] = &["schlägt", "nimmt", "takes", "captures", "x"];

const PROMOTES: &[&str] = &["umwandlung", "promotes", "promote", "promotion"];

/// Filler words of SPEC §3 and the short words around promotion phrases.
const FILLERS: &[&str] = &[
    "nach",
    "auf",
    "von",
    "zieht",
    "mit",
    "to",
    "on",
    "from",
    "moves",
    "schach",
    "check",
    "matt",
    "mate",
    "schachmatt",
    "checkmate",
    "in",
    "into",
    "zu",
    "a",
    "the",
    "der",
    "die",
    "das",
];

const EN_PASSANT: &[&str] = &["enpassant", "ep"];

fn table() -> &'static HashMap<String, Word> {
    static TABLE: OnceLock<HashMap<String, Word>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut map = HashMap::new();
        // Later entries never override earlier ones: pieces and squares win.
        let mut add = |word: &str, meaning: Word| {
            map.entry(fold(word)).or_insert(meaning);
        };
        for (w, role) in PIECES {
            add(w, Word::Piece(*role));
        }
        for (w, i) in FILES {
            add(w, Word::File(File::new(*i)));
        }
        for (w, i) in RANKS {
            add(w, Word::Rank(Rank::new(*i)));
        }
        for w in CAPTURES {
            add(w, Word::Capture);
        }
        for w in PROMOTES {
            add(w, Word::Promote);
        }
        for w in EN_PASSANT {
            add(w, Word::EnPassant);
        }
        for w in FILLERS {
            add(w, Word::Filler);
        }
        map
    })
}

/// Looks up one folded word.
pub fn lookup(folded: &str) -> Option<Word> {
    table().get(folded).copied()
}

/// Castling phrases with spaces and punctuation removed, folded.
const SHORT_CASTLING: &[&str] = &[
    "oo",
    "00",
    "kurzerochade",
    "kleinerochade",
    "rochadekurz",
    "shortcastle",
    "shortcastles",
    "shortcastling",
    "castleshort",
    "castleskingside",
    "castlekingside",
    "kingsidecastling",
    "kingsidecastle",
];

const LONG_CASTLING: &[&str] = &[
    "ooo",
    "000",
    "langerochade",
    "großerochade",
    "grosserochade",
    "rochadelang",
    "longcastle",
    "longcastles",
    "longcastling",
    "castlelong",
    "castlesqueenside",
    "castlequeenside",
    "queensidecastling",
    "queensidecastle",
];

/// Recognises a whole line as short (`Some(true)`) or long castling.
pub fn castling(folded_line: &str) -> Option<bool> {
    static TABLE: OnceLock<HashMap<String, bool>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let short = SHORT_CASTLING.iter().map(|w| (fold(w), true));
        let long = LONG_CASTLING.iter().map(|w| (fold(w), false));
        short.chain(long).collect()
    });
    table.get(folded_line).copied()
}

/// A SAN or coordinate piece letter, English or German.
pub fn piece_letter(ch: char) -> Option<Role> {
    Some(match ch.to_ascii_uppercase() {
        'K' => Role::King,
        'Q' | 'D' => Role::Queen,
        'R' | 'T' => Role::Rook,
        'B' | 'L' => Role::Bishop,
        'N' | 'S' => Role::Knight,
        'P' => Role::Pawn,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn umlaut_spellings_meet() {
        assert_eq!(fold("Läufer"), fold("Laeufer"));
        assert_eq!(fold("Läufer"), fold("Laufer"));
        assert_eq!(lookup(&fold("Zäsar")), Some(Word::File(File::C)));
        assert_eq!(lookup(&fold("zwo")), Some(Word::Rank(Rank::Second)));
        assert_eq!(castling(&fold("Kurze Rochade")), Some(true));
        assert_eq!(castling(&fold("O-O-O")), Some(false));
    }
}
