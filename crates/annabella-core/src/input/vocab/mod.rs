//! The words a move can be made of: one vocabulary per language, as data,
//! all of them understood at once whatever the UI language.
//!
//! Words are written here as a person would spell them; lookups compare
//! folded forms (see [`fold`]), so "Läufer", "Laeufer" and "Laufer" meet
//! the same entry.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use shakmaty::{Color, File, Rank, Role};

mod languages;

use super::Words;
use crate::settings::RANDOM;

pub use crate::lang::{fold, folds_to};

pub use languages::{ENGLISH, ESTONIAN, GERMAN, INTERNATIONAL};

/// What one input word stands for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Word {
    /// A piece name: "Springer", "knight".
    Piece(Role),
    /// A file name: "Felix", "foxtrot".
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

/// The move words of one language.
#[derive(Debug)]
pub struct Vocabulary {
    /// Language code, or `intl` for words every language uses.
    pub lang: &'static str,
    /// Piece names.
    pub pieces: &'static [(&'static str, Role)],
    /// File names (0 = a-file).
    pub files: &'static [(&'static str, u32)],
    /// Rank words (0 = first rank).
    pub ranks: &'static [(&'static str, u32)],
    /// Capture words.
    pub captures: &'static [&'static str],
    /// Words that introduce the promotion piece.
    pub promotions: &'static [&'static str],
    /// En passant words.
    pub en_passant: &'static [&'static str],
    /// Words without meaning for the move.
    pub fillers: &'static [&'static str],
    /// Whole phrases for castling on the king's side.
    pub short_castling: &'static [&'static str],
    /// Whole phrases for castling on the queen's side.
    pub long_castling: &'static [&'static str],
    /// Colour words, in every form a sentence needs ("weiße", "schwarzer").
    pub colors: &'static [(&'static str, Color)],
    /// Plurals of piece names not already among `pieces`, for board
    /// questions ("where knights", "wo Türme").
    pub plurals: &'static [(&'static str, Role)],
}

/// Every vocabulary; a word means the same in all of them.
pub const ALL: [&Vocabulary; 4] = [&GERMAN, &ENGLISH, &ESTONIAN, &INTERNATIONAL];

/// One entry of the folded word table: the meaning and a spelling to
/// show the player ("Verstanden: Springer Felix drei").
#[derive(Copy, Clone, Debug)]
struct Entry {
    word: Word,
    display: &'static str,
}

fn entries(v: &'static Vocabulary) -> impl Iterator<Item = (&'static str, Word)> {
    let pieces = v.pieces.iter().map(|&(w, r)| (w, Word::Piece(r)));
    let files = v.files.iter().map(|&(w, i)| (w, Word::File(File::new(i))));
    let ranks = v.ranks.iter().map(|&(w, i)| (w, Word::Rank(Rank::new(i))));
    let captures = v.captures.iter().map(|&w| (w, Word::Capture));
    let promotions = v.promotions.iter().map(|&w| (w, Word::Promote));
    let en_passant = v.en_passant.iter().map(|&w| (w, Word::EnPassant));
    let fillers = v.fillers.iter().map(|&w| (w, Word::Filler));
    pieces
        .chain(files)
        .chain(ranks)
        .chain(captures)
        .chain(promotions)
        .chain(en_passant)
        .chain(fillers)
}

fn table() -> &'static HashMap<String, Entry> {
    static TABLE: OnceLock<HashMap<String, Entry>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut map = HashMap::new();
        for v in ALL {
            for (display, word) in entries(v) {
                let key = fold(display);
                // Multi-word phrases ("im Vorbeigehen") are found by their
                // last word; the others are fillers or meaningless alone.
                if key.is_empty() || display.contains(' ') {
                    continue;
                }
                // The first meaning wins: pieces and squares before fillers.
                map.entry(key).or_insert(Entry { word, display });
            }
        }
        map
    })
}

/// Looks up one folded word.
pub fn lookup(folded: &str) -> Option<Word> {
    table().get(folded).map(|e| e.word)
}

/// The longest folded vocabulary word, to bound the work on unknown tokens.
pub fn longest_word() -> usize {
    static LONGEST: OnceLock<usize> = OnceLock::new();
    *LONGEST.get_or_init(|| table().keys().map(|k| k.chars().count()).max().unwrap_or(0))
}

/// A heard word of five or more letters that is one slip (a letter
/// added, dropped, changed or two swapped) away from vocabulary words
/// that all mean the same: that meaning, and the word to show.
pub fn mishearing(folded: &str) -> Option<(Word, &'static str)> {
    let len = folded.chars().count();
    if len < 5 || len > longest_word() + 1 || !folded.chars().all(char::is_alphabetic) {
        return None;
    }
    let mut found: Option<(Word, &'static str)> = None;
    for (key, entry) in table() {
        let key_len = key.chars().count();
        if key_len < 4 || key_len.abs_diff(len) > 1 || entry.word == Word::Filler {
            continue;
        }
        if one_slip(folded, key) {
            match found {
                Some((word, _)) if word != entry.word => return None,
                Some(_) => {}
                None => found = Some((entry.word, entry.display)),
            }
        }
    }
    found
}

/// Whether `a` and `b` differ by exactly one insertion, deletion,
/// substitution or swap of neighbours.
fn one_slip(a: &str, b: &str) -> bool {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a == b {
        return false;
    }
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let (ra, rb) = (&a[prefix..], &b[prefix..]);
    match ra.len().cmp(&rb.len()) {
        std::cmp::Ordering::Equal => {
            ra[1..] == rb[1..]
                || (ra.len() >= 2 && ra[0] == rb[1] && ra[1] == rb[0] && ra[2..] == rb[2..])
        }
        std::cmp::Ordering::Greater => ra[1..] == *rb,
        std::cmp::Ordering::Less => *ra == rb[1..],
    }
}

/// The vocabulary word nearest to `folded` by `distance`, at most `max`
/// away, when every word that near means the same: its folded spelling.
/// For suggestions, which may reach further than [`mishearing`].
pub fn nearest(
    folded: &str,
    max: usize,
    distance: impl Fn(&str, &str) -> usize,
) -> Option<&'static str> {
    let mut best: Option<(usize, Word, &'static str)> = None;
    let mut clash = false;
    for (key, entry) in table() {
        let d = distance(folded, key);
        if d > max {
            continue;
        }
        match best {
            Some((bd, _, _)) if d > bd => {}
            Some((bd, word, _)) if d == bd => clash |= word != entry.word,
            _ => {
                best = Some((d, entry.word, key.as_str()));
                clash = false;
            }
        }
    }
    best.filter(|_| !clash).map(|(_, _, key)| key)
}

/// The spelling to show for a word the player typed correctly.
pub fn display(folded: &str) -> Option<&'static str> {
    table().get(folded).map(|e| e.display)
}

/// Recognises a whole line (folded, fillers removed, joined without
/// spaces) as short (`Some(true)`) or long castling.
pub fn castling(folded_line: &str) -> Option<bool> {
    static TABLE: OnceLock<HashMap<String, bool>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut map = HashMap::new();
        for v in ALL {
            for phrase in v.short_castling {
                map.insert(fold(phrase), true);
            }
            for phrase in v.long_castling {
                map.insert(fold(phrase), false);
            }
        }
        // Castling by letters: "oo" and "ooo" as dictation writes them.
        map.insert("oo".to_string(), true);
        map.insert("ooo".to_string(), false);
        map
    });
    table.get(folded_line).copied()
}

/// A castling word that names no side ("castle", "Rochade",
/// "vangerdus"), the whole line folded and joined.
const CASTLING: Words = Words::new(
    &["castle", "castles", "castling"],
    &["Rochade", "rochieren"],
    &["vangerdus", "vangerdamine", "vangerda"],
);

/// Whether the whole line (folded, joined) is a castling word that
/// names no side.
pub fn is_castling_word(folded_line: &str) -> bool {
    CASTLING.contains_folded(folded_line)
}

/// The words that answer "short or long castling?": `Some(true)` for
/// short, `Some(false)` for long.
pub fn castling_side_word(folded: &str) -> Option<bool> {
    const SHORT: Words = Words::new(
        &["short", "kingside"],
        &["kurz", "kurze", "klein", "kleine"],
        &["lühike", "lühikene"],
    );
    const LONG: Words = Words::new(
        &["long", "queenside"],
        &["lang", "lange", "groß", "große"],
        &["pikk"],
    );
    [(SHORT, true), (LONG, false)]
        .into_iter()
        .find(|(words, _)| words.contains_folded(folded))
        .map(|(_, short)| short)
}

/// A colour word of any language ("weiße", "black").
pub fn color_word(folded: &str) -> Option<Color> {
    ALL.iter()
        .flat_map(|v| v.colors.iter())
        .find(|(w, _)| folds_to(w, folded))
        .map(|&(_, c)| c)
}

/// A piece name in the singular or the plural, of any language
/// ("knight", "knights", "Türme", "ratsud").
pub fn piece_word(folded: &str) -> Option<Role> {
    if let Some(Word::Piece(role)) = lookup(folded) {
        return Some(role);
    }
    ALL.iter()
        .flat_map(|v| v.plurals.iter())
        .find(|(w, _)| folds_to(w, folded))
        .map(|&(_, role)| role)
}

/// Whether a word means "chosen at random", in any language.
pub fn is_random_word(folded: &str) -> bool {
    RANDOM.contains_folded(folded)
}

/// Words for "yes" and "no" (a question such as whether to resume).
pub const YES: Words = Words::new(
    &["yes", "y", "ok", "resume"],
    &["ja", "j", "weiter"],
    &["jah", "jaa"],
);

/// Words for "no".
pub const NO: Words = Words::new(&["no", "n", "new"], &["nein", "neu"], &["ei", "uus"]);

/// Words saying a square is empty, in a dictated position ("Felix drei
/// leer", "f3 empty", "f3 tühi"); with a word of [`REST_OF_BOARD`], the
/// rest of the board ("sonst leer").
pub const EMPTY_SQUARE: Words = Words::new(
    &["empty", "free", "nothing", "none", "vacant", "blank"],
    &[
        "leer",
        "leere",
        "leeres",
        "frei",
        "freie",
        "nichts",
        "unbesetzt",
    ],
    &["tühi", "tühjad", "tühjaks", "tühja", "vaba", "vabad"],
);

/// Words for the squares not named in a dictated position ("sonst leer",
/// "the rest is empty", "ülejäänud tühjad").
pub const REST_OF_BOARD: Words = Words::new(
    &[
        "rest",
        "else",
        "otherwise",
        "other",
        "others",
        "remaining",
        "remainder",
    ],
    &[
        "sonst",
        "ansonsten",
        "andere",
        "anderen",
        "übrige",
        "übrigen",
        "restliche",
        "restlichen",
    ],
    &["ülejäänud", "ülejäänu", "muu", "muud", "muidu", "teised"],
);

/// Words joining the parts of a dictated position ("Anna eins und Felix
/// eins"): a square before one may belong to the piece named next.
pub const AND: Words = Words::new(&["and", "plus"], &["und", "sowie"], &["ja", "ning"]);

/// Words a player says around a dictated position that carry nothing
/// for it ("auf e4 steht ein weißer Bauer", "there is a pawn on e4").
pub const POSITION_FILLERS: Words = Words::new(
    &[
        "is",
        "are",
        "there",
        "theres",
        "stands",
        "stand",
        "standing",
        "at",
        "of",
        "an",
        "board",
        "square",
        "squares",
        "all",
        "everything",
        "my",
        "has",
        "have",
        "with",
        "also",
        "then",
        "piece",
        "pieces",
        "here",
    ],
    &[
        "steht", "stehen", "ist", "sind", "gibt", "es", "dem", "des", "eine", "einen", "einem",
        "einer", "an", "feld", "felder", "feldern", "alle", "alles", "brett", "brettes", "hat",
        "haben", "noch", "dann", "auch", "mein", "meine", "figur", "figuren", "hier",
    ],
    &[
        "on", "seisab", "seisavad", "asub", "asuvad", "peal", "kõik", "ruut", "ruudud", "väljad",
        "laud", "laual", "laua", "veel", "ka", "siis", "minu", "nupp", "nupud",
    ],
);

/// Words around the subject of a question ("was steht auf Eva vier?",
/// "where is the white king", "mis on e4 peal?"): the board-reading
/// commands read past them.
const QUESTION_WORDS: Words = Words::new(
    &[
        "what", "whats", "what's", "is", "are", "the", "my", "on", "at", "there", "stands",
        "standing", "which", "piece", "pieces",
    ],
    &[
        "was", "steht", "stehen", "ist", "sind", "auf", "der", "die", "das", "den", "dem", "mein",
        "meine", "meinen", "da", "dort", "welche", "welcher", "figur", "figuren",
    ],
    &[
        "mis", "on", "seisab", "seisavad", "asub", "asuvad", "ruudul", "peal", "minu",
    ],
);

/// Words that may lead the answer to "which piece?" before the square:
/// "the one on g3", "der auf Gustav drei", "see ruudul g3".
const ANSWER_LEAD: Words = Words::new(
    &["the", "that", "on", "from", "at"],
    &["der", "die", "das", "den", "dem", "auf", "von"],
    &["see", "ruudul", "ruudult", "pealt"],
);

/// The folded words of a list, built once: a board question reads past
/// them on every line, and folding the list each time cost more than the
/// answer itself.
fn folded_set(words: &Words, cell: &'static OnceLock<HashSet<String>>) -> &'static HashSet<String> {
    cell.get_or_init(|| words.all().map(fold).collect())
}

/// Whether a typed word (any case, umlauts or not) is one of the words
/// around a question's subject ("what", "steht", "mis").
pub fn is_question_word(word: &str) -> bool {
    static SET: OnceLock<HashSet<String>> = OnceLock::new();
    folded_set(&QUESTION_WORDS, &SET).contains(&fold(word))
}

/// Whether a folded word may lead an answer to "which piece?" ("the",
/// "der", "see").
pub fn is_answer_lead(folded: &str) -> bool {
    static SET: OnceLock<HashSet<String>> = OnceLock::new();
    folded_set(&ANSWER_LEAD, &SET).contains(folded)
}

/// A word that may stand for the piece in "the one on …": only right
/// after an article, since "one" alone is a rank.
pub fn is_answer_pronoun(folded: &str) -> bool {
    matches!(folded, "one" | "einen" | "eine")
}

/// Which piece letters typed SAN uses. English and German letters never
/// clash and are read together; Estonian ones do (R is a rook in English
/// but ratsu, the knight, in Estonian), so the UI language decides.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Letters {
    /// K Q R B N and K D T L S.
    #[default]
    EnglishGerman,
    /// K L V O R (kuningas, lipp, vanker, oda, ratsu), and the English or
    /// German letters that mean nothing else in Estonian.
    Estonian,
}

impl From<crate::settings::Lang> for Letters {
    fn from(lang: crate::settings::Lang) -> Letters {
        match lang {
            crate::settings::Lang::Et => Letters::Estonian,
            _ => Letters::EnglishGerman,
        }
    }
}

/// A SAN or coordinate piece letter.
pub fn piece_letter(ch: char, letters: Letters) -> Option<Role> {
    let upper = ch.to_ascii_uppercase();
    if letters == Letters::Estonian {
        match upper {
            'L' => return Some(Role::Queen),
            'V' => return Some(Role::Rook),
            'O' => return Some(Role::Bishop),
            'R' => return Some(Role::Knight),
            _ => {}
        }
    }
    Some(match upper {
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
        assert_eq!(lookup(&fold("Koenig")), Some(Word::Piece(Role::King)));
        assert_eq!(lookup(&fold("Konig")), Some(Word::Piece(Role::King)));
        assert_eq!(lookup(&fold("zwo")), Some(Word::Rank(Rank::Second)));
        assert_eq!(
            castling(&fold("Kurze Rochade").replace(' ', "")),
            Some(true)
        );
        assert_eq!(castling("ooo"), Some(false));
    }

    #[test]
    fn estonian_words() {
        assert_eq!(lookup(&fold("ratsu")), Some(Word::Piece(Role::Knight)));
        assert_eq!(lookup(&fold("vankrid")), Some(Word::Piece(Role::Rook)));
        assert_eq!(lookup(&fold("lipuks")), Some(Word::Piece(Role::Queen)));
        assert_eq!(lookup(&fold("üks")), Some(Word::Rank(Rank::First)));
        assert_eq!(lookup(&fold("kaheksa")), Some(Word::Rank(Rank::Eighth)));
        assert_eq!(lookup(&fold("lööb")), Some(Word::Capture));
        assert_eq!(lookup(&fold("muundub")), Some(Word::Promote));
        assert_eq!(lookup(&fold("möödaminnes")), Some(Word::EnPassant));
        assert_eq!(lookup(&fold("must")), Some(Word::Filler));
        assert_eq!(color_word(&fold("mustad")), Some(Color::Black));
        assert_eq!(color_word(&fold("valge")), Some(Color::White));
        assert_eq!(castling(&fold("lühike vangerdus")), Some(true));
        assert_eq!(castling(&fold("pikk vangerdus")), Some(false));
    }

    #[test]
    fn one_slip_only() {
        assert!(one_slip("springr", "springer"));
        assert!(one_slip("sprniger", "springer"));
        assert!(one_slip("gustaf", "gustav"));
        assert!(!one_slip("springer", "springer"));
        assert!(!one_slip("sprnigr", "springer"));
    }

    #[test]
    fn mishearings_need_one_meaning() {
        assert_eq!(
            mishearing("springr"),
            Some((Word::Piece(Role::Knight), "Springer"))
        );
        // Both spellings of h mean the same file.
        assert_eq!(
            mishearing("hecktor").map(|m| m.0),
            Some(Word::File(File::H))
        );
        // Short words are never guessed.
        assert_eq!(mishearing("evo"), None);
        assert_eq!(mishearing("xxxxxxx"), None);
    }

    #[test]
    fn no_word_has_two_meanings() {
        let mut seen: HashMap<String, (Word, &str)> = HashMap::new();
        for v in ALL {
            for (display, word) in entries(v) {
                if display.contains(' ') {
                    continue;
                }
                let key = fold(display);
                // Symbols fold to nothing; the lexer reads those.
                if key.is_empty() {
                    continue;
                }
                if let Some((other, by)) = seen.get(&key) {
                    assert_eq!(*other, word, "{display} ({}) clashes with {by}", v.lang);
                }
                seen.insert(key, (word, display));
            }
        }
    }
}
