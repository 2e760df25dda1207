//! Whisper's tokenizer: the byte-level BPE of the model folder's
//! `tokenizer.json` (Hugging Face `tokenizers` format), so that a
//! phrase of the moment becomes the very token ids the decoder wrote
//! for such words in training. The text is cut as GPT-2 cuts it
//! (contractions, runs of letters, of digits, of other signs, each
//! with at most one space before it, and whitespace), each piece's
//! UTF-8 bytes become the byte alphabet's characters, and the merges
//! are applied lowest rank first. Added tokens (`<|endoftext|>`, the
//! language and task tokens, …) are matched in the text before that.

use std::collections::HashMap;

use serde_json::Value;

/// Why a `tokenizer.json` could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenizerError {
    /// Not JSON at all (a truncated or garbled file).
    NotJson,
    /// JSON, but not a BPE model with a vocabulary and merges.
    NotBpe,
    /// The vocabulary lacks one of the 256 byte characters, or an id
    /// is not a 32-bit number.
    BadVocabulary,
    /// A merge is not two known tokens whose join is a known token.
    BadMerge,
    /// An added token without a content or a 32-bit id.
    BadAddedToken,
    /// No `<|endoftext|>`, which every Whisper tokenizer has.
    NoEndOfText,
}

/// For logs and developers; the player hears the announcer's words.
impl std::fmt::Display for TokenizerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TokenizerError::NotJson => "tokenizer.json is not JSON",
            TokenizerError::NotBpe => "tokenizer.json is not a BPE model",
            TokenizerError::BadVocabulary => "tokenizer.json has a bad vocabulary",
            TokenizerError::BadMerge => "tokenizer.json has a bad merge",
            TokenizerError::BadAddedToken => "tokenizer.json has a bad added token",
            TokenizerError::NoEndOfText => "tokenizer.json has no <|endoftext|>",
        })
    }
}

impl std::error::Error for TokenizerError {}

/// (left, right) → (rank, merged id).
type Merges = HashMap<(u32, u32), (u32, u32)>;

/// An added token: matched whole in the text, never merged.
#[derive(Debug, Clone)]
struct Added {
    content: String,
    id: u32,
    special: bool,
}

/// A Whisper tokenizer, read once per model folder.
#[derive(Debug, Clone)]
pub struct Tokenizer {
    /// Byte-alphabet token text → id.
    vocab: HashMap<String, u32>,
    /// Id → the bytes the token stands for.
    bytes: HashMap<u32, Vec<u8>>,
    merges: Merges,
    /// Byte → the id of its one-character token.
    byte_ids: [u32; 256],
    added: Vec<Added>,
    eot: u32,
}

impl Tokenizer {
    /// The tokenizer described by `text`, the contents of a
    /// `tokenizer.json`. Merges may be written `"a b"` or `["a", "b"]`.
    pub fn from_json(text: &str) -> Result<Tokenizer, TokenizerError> {
        let root: Value = serde_json::from_str(text).map_err(|_| TokenizerError::NotJson)?;
        let model = root.get("model").ok_or(TokenizerError::NotBpe)?;
        if model
            .get("type")
            .and_then(Value::as_str)
            .is_some_and(|t| t != "BPE")
        {
            return Err(TokenizerError::NotBpe);
        }
        let vocab = read_vocab(model.get("vocab").ok_or(TokenizerError::NotBpe)?)?;
        let alphabet = byte_alphabet();
        let mut byte_ids = [0u32; 256];
        let mut from_char = HashMap::new();
        for (byte, &c) in alphabet.iter().enumerate() {
            byte_ids[byte] = *vocab
                .get(&c.to_string())
                .ok_or(TokenizerError::BadVocabulary)?;
            from_char.insert(c, byte as u8);
        }
        let mut bytes = HashMap::new();
        for (token, &id) in &vocab {
            // A token of other characters (`<|endoftext|>` in the
            // vocabulary) stands for its own text.
            let as_bytes: Option<Vec<u8>> =
                token.chars().map(|c| from_char.get(&c).copied()).collect();
            bytes.insert(id, as_bytes.unwrap_or_else(|| token.as_bytes().to_vec()));
        }
        let merges = read_merges(model.get("merges").ok_or(TokenizerError::NotBpe)?, &vocab)?;
        let added = read_added(root.get("added_tokens"))?;
        let eot = added
            .iter()
            .find(|a| a.content == "<|endoftext|>")
            .map(|a| a.id)
            .ok_or(TokenizerError::NoEndOfText)?;
        Ok(Tokenizer {
            vocab,
            bytes,
            merges,
            byte_ids,
            added,
            eot,
        })
    }

    /// The ids of `text`, without any special tokens around it (as
    /// `tokenizers`' `encode(text, add_special_tokens=False)`). Whisper
    /// writes a word after a space with the space, so a phrase to score
    /// is " Springer Felix drei", not "Springer Felix drei".
    pub fn encode(&self, text: &str) -> Vec<u32> {
        let mut ids = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            match self.next_added(rest) {
                Some((at, added)) => {
                    self.encode_plain(&rest[..at], &mut ids);
                    ids.push(added.id);
                    rest = &rest[at + added.content.len()..];
                }
                None => {
                    self.encode_plain(rest, &mut ids);
                    rest = "";
                }
            }
        }
        ids
    }

    /// The text of `ids`; special tokens (`<|…|>`) and unknown ids are
    /// left out, bytes that are not whole UTF-8 become U+FFFD.
    pub fn decode(&self, ids: &[u32]) -> String {
        let mut out = Vec::new();
        for &id in ids {
            match self.added.iter().find(|a| a.id == id) {
                Some(a) if a.special => {}
                Some(a) => out.extend_from_slice(a.content.as_bytes()),
                None => {
                    if let Some(b) = self.bytes.get(&id) {
                        out.extend_from_slice(b);
                    }
                }
            }
        }
        String::from_utf8_lossy(&out).into_owned()
    }

    /// The id of an added token such as `<|startoftranscript|>`,
    /// `<|de|>`, `<|transcribe|>` or `<|notimestamps|>`; `None` if this
    /// model has no such token (`tiny.en` has no language tokens).
    pub fn special(&self, content: &str) -> Option<u32> {
        self.added
            .iter()
            .find(|a| a.content == content)
            .map(|a| a.id)
    }

    /// `<|endoftext|>`: every id below it is text.
    pub fn eot(&self) -> u32 {
        self.eot
    }

    /// The first added token in `text` (the longest if several begin
    /// at the same place), with its byte offset.
    fn next_added(&self, text: &str) -> Option<(usize, &Added)> {
        self.added
            .iter()
            .filter(|a| !a.content.is_empty())
            .filter_map(|a| text.find(&a.content).map(|at| (at, a)))
            .min_by(|(at_a, a), (at_b, b)| {
                at_a.cmp(at_b).then(b.content.len().cmp(&a.content.len()))
            })
    }

    fn encode_plain(&self, text: &str, ids: &mut Vec<u32>) {
        for piece in split(text) {
            self.encode_piece(piece, ids);
        }
    }

    /// One piece of the split through the merges: always the pair of
    /// lowest rank, the leftmost of equals, until none is left.
    fn encode_piece(&self, piece: &str, ids: &mut Vec<u32>) {
        let mut parts: Vec<u32> = piece.bytes().map(|b| self.byte_ids[b as usize]).collect();
        loop {
            let best = parts
                .windows(2)
                .enumerate()
                .filter_map(|(i, pair)| {
                    self.merges
                        .get(&(pair[0], pair[1]))
                        .map(|&(rank, id)| (rank, i, id))
                })
                .min();
            let Some((_, i, id)) = best else { break };
            parts[i] = id;
            parts.remove(i + 1);
        }
        ids.extend(parts);
    }

    /// How many tokens the vocabulary holds (without added tokens).
    pub fn vocab_len(&self) -> usize {
        self.vocab.len()
    }
}

fn read_vocab(value: &Value) -> Result<HashMap<String, u32>, TokenizerError> {
    let map = value.as_object().ok_or(TokenizerError::NotBpe)?;
    map.iter()
        .map(|(token, id)| {
            let id = id.as_u64().and_then(|i| u32::try_from(i).ok());
            id.map(|i| (token.clone(), i))
                .ok_or(TokenizerError::BadVocabulary)
        })
        .collect()
}

fn read_merges(value: &Value, vocab: &HashMap<String, u32>) -> Result<Merges, TokenizerError> {
    let list = value.as_array().ok_or(TokenizerError::NotBpe)?;
    let mut merges = HashMap::with_capacity(list.len());
    for (rank, merge) in list.iter().enumerate() {
        let (left, right) = match merge {
            Value::String(s) => s.split_once(' ').ok_or(TokenizerError::BadMerge)?,
            Value::Array(pair) => match pair.as_slice() {
                [Value::String(l), Value::String(r)] => (l.as_str(), r.as_str()),
                _ => return Err(TokenizerError::BadMerge),
            },
            _ => return Err(TokenizerError::BadMerge),
        };
        let id = |t: &str| vocab.get(t).copied().ok_or(TokenizerError::BadMerge);
        let joined = format!("{left}{right}");
        let rank = u32::try_from(rank).map_err(|_| TokenizerError::BadMerge)?;
        // The first of two equal merges wins, as in `tokenizers`.
        merges
            .entry((id(left)?, id(right)?))
            .or_insert((rank, id(&joined)?));
    }
    Ok(merges)
}

fn read_added(value: Option<&Value>) -> Result<Vec<Added>, TokenizerError> {
    let Some(list) = value else {
        return Ok(Vec::new());
    };
    let list = list.as_array().ok_or(TokenizerError::BadAddedToken)?;
    list.iter()
        .map(|token| {
            let content = token.get("content").and_then(Value::as_str);
            let id = token
                .get("id")
                .and_then(Value::as_u64)
                .and_then(|i| u32::try_from(i).ok());
            let special = token
                .get("special")
                .and_then(Value::as_bool)
                .unwrap_or(false);
            match (content, id) {
                (Some(content), Some(id)) => Ok(Added {
                    content: content.to_string(),
                    id,
                    special,
                }),
                _ => Err(TokenizerError::BadAddedToken),
            }
        })
        .collect()
}

/// GPT-2's byte alphabet: the printable Latin-1 bytes stand for
/// themselves, the other 68 bytes for the characters from U+0100 on, in
/// byte order, so that every token is printable text.
fn byte_alphabet() -> [char; 256] {
    let mut alphabet = ['\0'; 256];
    let mut next = 256u32;
    for (byte, slot) in alphabet.iter_mut().enumerate() {
        let printable = matches!(byte, 0x21..=0x7e | 0xa1..=0xac | 0xae..=0xff);
        let code = if printable {
            byte as u32
        } else {
            next += 1;
            next - 1
        };
        *slot = char::from_u32(code).unwrap_or('\0');
    }
    alphabet
}

/// The character classes of GPT-2's split. `\p{L}` is taken as Rust's
/// Alphabetic without the numerics (Nl counts as a number in both);
/// they differ only for the few combining vowel signs that Unicode
/// calls alphabetic, never in a chess phrase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Letter,
    Number,
    Space,
    Other,
}

fn class(c: char) -> Class {
    if c.is_whitespace() {
        Class::Space
    } else if c.is_numeric() {
        Class::Number
    } else if c.is_alphabetic() {
        Class::Letter
    } else {
        Class::Other
    }
}

/// The text cut as GPT-2's pattern cuts it: `'s|'t|'re|'ve|'m|'ll|'d|
/// ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+`, first
/// alternative first at every place.
fn split(text: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let len = piece_len(&text[at..]);
        pieces.push(&text[at..at + len]);
        at += len;
    }
    pieces
}

/// The byte length of the piece `text` begins with (never 0 for text
/// that is not empty).
fn piece_len(text: &str) -> usize {
    for suffix in ["s", "t", "re", "ve", "m", "ll", "d"] {
        if text
            .strip_prefix('\'')
            .is_some_and(|r| r.starts_with(suffix))
        {
            return 1 + suffix.len();
        }
    }
    let mut chars = text.char_indices().peekable();
    let Some((_, first)) = chars.next() else {
        return 0;
    };
    let run = |from: usize, of: Class| {
        from + text[from..]
            .char_indices()
            .find(|&(_, c)| class(c) != of)
            .map_or(text.len() - from, |(i, _)| i)
    };
    let word_class = match class(first) {
        Class::Space if first == ' ' => chars
            .peek()
            .map(|&(_, c)| class(c))
            .filter(|&c| c != Class::Space),
        Class::Space => None,
        c => return run(0, c),
    };
    if let Some(c) = word_class {
        return run(1, c);
    }
    // Whitespace: the whole run if it ends the text, else all but its
    // last character (which then goes with the word after it); a run of
    // one before a word stands alone.
    let end = run(0, Class::Space);
    if end == text.len() {
        return end;
    }
    let last = text[..end].chars().next_back().map_or(0, char::len_utf8);
    if end - last > 0 { end - last } else { end }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tokenizer of the 256 byte characters (ids 0–255), three
    /// merges and two added tokens.
    fn small(merges: &str, added: &str) -> String {
        let vocab: Vec<String> = byte_alphabet()
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{}: {i}", serde_json::to_string(&c.to_string()).unwrap()))
            .collect();
        format!(
            r#"{{"model": {{"type": "BPE", "vocab": {{{}, "Ġa": 256, "Ġab": 257, "bc": 258}}, "merges": {merges}}},
                "added_tokens": {added}}}"#,
            vocab.join(", ")
        )
    }

    const MERGES: &str = r#"["Ġ a", ["Ġa", "b"], "b c"]"#;
    const ADDED: &str = r#"[{"id": 300, "content": "<|endoftext|>", "special": true},
                            {"id": 301, "content": "<|de|>", "special": true}]"#;

    #[test]
    fn a_small_tokenizer_merges_lowest_rank_first() {
        let t = Tokenizer::from_json(&small(MERGES, ADDED)).unwrap();
        // " abc": "Ġ a" (rank 0) first, then "Ġa b" (rank 1); "b c"
        // (rank 2) never gets its b.
        assert_eq!(t.encode(" abc"), vec![257, u32::from(b'c')]);
        assert_eq!(t.encode("abc"), vec![u32::from(b'a'), 258]);
        assert_eq!(t.encode(" ab<|de|>"), vec![257, 301]);
        assert_eq!(
            (t.eot(), t.special("<|de|>"), t.special("<|fr|>")),
            (300, Some(301), None)
        );
        assert_eq!(t.decode(&[300, 257, 99, 301]), " abc");
        assert_eq!(t.decode(&t.encode(" Äb, x ß")), " Äb, x ß");
    }

    #[test]
    fn a_broken_tokenizer_json_is_an_error_kind() {
        let full = small(MERGES, ADDED);
        assert_eq!(
            Tokenizer::from_json(&full[..full.len() / 2]).err(),
            Some(TokenizerError::NotJson)
        );
        assert_eq!(
            Tokenizer::from_json("{}").err(),
            Some(TokenizerError::NotBpe)
        );
        let no_eot = small(MERGES, r#"[{"id": 301, "content": "<|de|>"}]"#);
        assert_eq!(
            Tokenizer::from_json(&no_eot).err(),
            Some(TokenizerError::NoEndOfText)
        );
        let bad_merge = small(r#"["Ġ zz"]"#, ADDED);
        assert_eq!(
            Tokenizer::from_json(&bad_merge).err(),
            Some(TokenizerError::BadMerge)
        );
        let bad_added = small(MERGES, r#"[{"id": -1, "content": "<|endoftext|>"}]"#);
        assert_eq!(
            Tokenizer::from_json(&bad_added).err(),
            Some(TokenizerError::BadAddedToken)
        );
        let no_bytes = r#"{"model": {"type": "BPE", "vocab": {"a": 0}, "merges": []}}"#;
        assert_eq!(
            Tokenizer::from_json(no_bytes).err(),
            Some(TokenizerError::BadVocabulary)
        );
    }

    #[test]
    fn the_split_is_gpt2s() {
        let cases: [(&str, &[&str]); 7] = [
            (" Springer Felix drei", &[" Springer", " Felix", " drei"]),
            (" Knight F3", &[" Knight", " F", "3"]),
            ("it's they're", &["it", "'s", " they", "'re"]),
            ("  two  spaces ", &[" ", " two", " ", " spaces", " "]),
            (" O-O!", &[" O", "-", "O", "!"]),
            ("a\n b\tc", &["a", "\n", " b", "\t", "c"]),
            (" 1/2 ½", &[" 1", "/", "2", " ½"]),
        ];
        for (text, pieces) in cases {
            assert_eq!(split(text), pieces, "{text:?}");
        }
    }

    /// The installed models' tokenizers.
    fn model_tokenizers() -> [Tokenizer; 2] {
        let folder = super::super::check::models();
        ["tiny.en", "base"].map(|model| {
            let text = std::fs::read_to_string(folder.join(model).join("tokenizer.json")).unwrap();
            Tokenizer::from_json(&text).unwrap()
        })
    }

    /// Ids from Python `tokenizers`: `Tokenizer.from_file(…).encode(
    /// phrase, add_special_tokens=False).ids`, for tiny.en and base.
    #[rustfmt::skip]
    const EXPECTED: [(&str, &[u32], &[u32]); 31] = [
        (" Springer Felix drei", &[43100, 29721, 288, 260, 72], &[7702, 6911, 30169, 16809]),
        (" Läufer schlägt Cäsar fünf", &[406, 11033, 84, 2232, 5513, 75, 11033, 13655, 327, 11033, 82, 283, 277, 9116, 77, 69], &[441, 737, 84, 612, 956, 22882, 10463, 383, 13555, 289, 28723]),
        (" Bauer David acht Dame", &[41971, 3271, 257, 21474, 20377], &[363, 18120, 4389, 43048, 34447]),
        (" Kurze Rochade", &[18132, 2736, 371, 5374, 671], &[16481, 1381, 3101, 339, 762]),
        (" Lange Rochade", &[47579, 371, 5374, 671], &[441, 933, 3101, 339, 762]),
        (" Bauer Emil schlägt David fünf", &[41971, 44272, 5513, 75, 11033, 13655, 3271, 277, 9116, 77, 69], &[363, 18120, 36983, 956, 22882, 10463, 4389, 28723]),
        (" König Gustav eins", &[509, 48863, 328, 43715, 304, 1040], &[29077, 328, 32337, 706, 21889]),
        (" Turm Heinrich sieben", &[3831, 76, 26431, 7527, 264, 494, 11722], &[5712, 76, 32789, 10794, 2804, 1799]),
        (" Dame Zäsar vier", &[20377, 1168, 11033, 82, 283, 410, 959], &[34447, 1176, 13555, 289, 17634]),
        (" Knight foxtrot three", &[6700, 11511, 742, 10599, 1115], &[18708, 726, 734, 10536, 220, 27583]),
        (" Knight F3", &[6700, 376, 18], &[18708, 479, 18]),
        (" Pawn E4", &[350, 3832, 412, 19], &[3426, 895, 462, 19]),
        (" Castles kingside", &[5833, 829, 21557, 485], &[11019, 904, 21581, 482]),
        (" Pawn echo takes delta five", &[350, 3832, 9809, 2753, 25979, 1936], &[3426, 895, 14300, 220, 83, 3419, 8289, 1732]),
        (" Bishop alpha six", &[16559, 17130, 2237], &[30113, 8961, 2309]),
        (" Queen hotel eight", &[7542, 7541, 3624], &[10077, 7622, 3180]),
        (" Rook b7", &[371, 566, 275, 22], &[497, 1212, 272, 22]),
        (" ratsu Felix kolm", &[13623, 84, 29721, 479, 349, 76], &[25691, 84, 30169, 17818, 76]),
        (" šahh", &[25370, 94, 993, 71], &[22552, 44251]),
        (" ettur lööb David viis", &[304, 926, 333, 300, 9101, 9101, 65, 3271, 25357, 271], &[5431, 374, 25209, 973, 65, 4389, 1932, 271]),
        (" lühike vangerdus", &[300, 9116, 71, 522, 410, 2564, 67, 385], &[287, 7254, 1123, 371, 3176, 67, 301]),
        (" Ja", &[13790], &[3530]),
        (" Nein", &[3169, 259], &[18878]),
        (" yes.", &[3763, 13], &[2086, 13]),
        (" Straße", &[15195, 39683, 68], &[43817]),
        (" Öl Äpfel Übermut", &[43307, 75, 6184, 226, 79, 69, 417, 49363, 527, 21973], &[9158, 75, 13700, 25302, 338, 18086, 38326]),
        (" 1. e4 e5 2. Nf3", &[352, 13, 304, 19, 304, 20, 362, 13, 399, 69, 18], &[502, 13, 308, 19, 308, 20, 568, 13, 426, 69, 18]),
        (" it's", &[340, 338], &[309, 311]),
        (" Springer  Felix drei", &[43100, 220, 29721, 288, 260, 72], &[7702, 6911, 220, 30169, 16809]),
        ("  two  spaces", &[220, 734, 220, 9029], &[220, 220, 20534, 220, 7673]),
        (" Grüße, Jürgen!", &[1902, 9116, 39683, 68, 11, 449, 25151, 5235, 0], &[38908, 11451, 11, 508, 1655, 1766, 0]),
    ];

    #[test]
    fn the_models_tokenizers_encode_as_python_does() {
        let [tiny, base] = model_tokenizers();
        for (phrase, tiny_ids, base_ids) in EXPECTED {
            assert_eq!(tiny.encode(phrase), tiny_ids, "tiny.en: {phrase:?}");
            assert_eq!(base.encode(phrase), base_ids, "base: {phrase:?}");
            assert_eq!(tiny.decode(tiny_ids), phrase);
            assert_eq!(base.decode(base_ids), phrase);
        }
        assert_eq!((tiny.eot(), base.eot()), (50256, 50257));
        assert_eq!(base.special("<|de|>"), Some(50261));
        assert_eq!(base.special("<|notimestamps|>"), Some(50363));
        assert_eq!(tiny.special("<|notimestamps|>"), Some(50362));
    }
}
