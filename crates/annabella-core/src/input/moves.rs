//! From a typed line to a move: words become constraints (an [`Intent`])
//! that [`super::resolve`] matches against the legal moves.

use super::vocab::{self, Letters, Word, fold, lookup, piece_letter};
use shakmaty::{CastlingSide, File, Rank, Role, Square};

/// Which piece the input names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RoleSpec {
    /// Any piece (coordinates such as `g1f3` name only squares).
    Any,
    /// One kind of piece; SAN without a letter means a pawn.
    Role(Role),
}

/// The constraints one input line puts on the move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Intent {
    /// The piece that moves.
    pub role: RoleSpec,
    /// The origin file, if named.
    pub from_file: Option<File>,
    /// The origin rank, if named.
    pub from_rank: Option<Rank>,
    /// The target square (`None` only for castling).
    pub to: Option<Square>,
    /// Castling, with its side.
    pub castle: Option<CastlingSide>,
    /// The input said it captures.
    pub capture: bool,
    /// The piece the input said is taken ("schlägt Läufer").
    pub captured: Option<Role>,
    /// The promotion piece, if named.
    pub promotion: Option<Role>,
    /// The input said en passant.
    pub en_passant: bool,
    /// This reading is as likely as the one before it (an Estonian `R`
    /// is a knight, an English one a rook; a bare "castle" is either
    /// side): moves that fit either are all candidates, to be asked
    /// about, where a later reading otherwise counts only when the
    /// earlier ones fit nothing.
    pub joins: bool,
}

impl Intent {
    fn castling(side: CastlingSide) -> Intent {
        Intent {
            role: RoleSpec::Role(Role::King),
            from_file: None,
            from_rank: None,
            to: None,
            castle: Some(side),
            capture: false,
            captured: None,
            promotion: None,
            en_passant: false,
            joins: false,
        }
    }

    /// The origin square when both file and rank were named.
    pub fn from_square(&self) -> Option<Square> {
        Some(Square::from_coords(self.from_file?, self.from_rank?))
    }
}

/// Characters that decorate SAN without changing the move.
fn is_decoration(ch: char) -> bool {
    matches!(
        ch,
        '-' | '+' | '#' | '!' | '?' | '(' | ')' | '/' | '.' | ',' | ';' | '\'' | '"'
    )
}

/// Splits a SAN-like token into symbols. `swap_bd` reads upper-case `B`
/// and `D` as files instead of bishop and queen (for "B4" or "D4").
fn lex_token(token: &str, swap_bd: bool, letters: Letters, out: &mut Vec<Word>) -> bool {
    let lower = token.to_lowercase();
    let mut body = token;
    // "exd6e.p." or "exd6ep": en passant written onto the move.
    for suffix in ["e.p.", "e.p", "ep"] {
        if lower.len() > suffix.len() + 1
            && lower.ends_with(suffix)
            && lower[..lower.len() - suffix.len()]
                .chars()
                .last()
                .is_some_and(|c| c.is_ascii_digit() || c == '.')
        {
            body = &token[..token.len() - suffix.len()];
            out.push(Word::EnPassant);
            break;
        }
    }
    let start = out.len();
    for ch in body.chars() {
        let sym = match ch {
            'a'..='h' => Word::File(File::from_char(ch).unwrap_or(File::A)),
            'B' | 'D' if swap_bd => {
                Word::File(File::from_char(ch.to_ascii_lowercase()).unwrap_or(File::A))
            }
            'A' | 'C' | 'E' | 'F' | 'G' | 'H' => {
                Word::File(File::from_char(ch.to_ascii_lowercase()).unwrap_or(File::A))
            }
            '1'..='8' => Word::Rank(Rank::from_char(ch).unwrap_or(Rank::First)),
            'x' | 'X' | ':' | '×' => Word::Capture,
            '=' => Word::Promote,
            c if is_decoration(c) => continue,
            c => match piece_letter(c, letters) {
                Some(role) => Word::Piece(role),
                None => return false,
            },
        };
        out.push(sym);
    }
    // SAN has a piece letter only first and, for a promotion, last: a
    // word like "Sprnger" is not notation but a misheard word.
    let syms = &out[start..];
    syms.iter()
        .enumerate()
        .all(|(i, sym)| !matches!(sym, Word::Piece(_)) || i == 0 || i + 1 == syms.len())
}

/// How a line was read: its symbols and the words corrected on the way.
#[derive(Clone, Debug, Default)]
pub(crate) struct Symbols {
    pub syms: Vec<Word>,
    /// Tokens as understood, with mishearings replaced, for "Verstanden: …".
    pub heard: Vec<String>,
    /// Whether a mishearing was corrected.
    pub corrected: bool,
}

/// Counts the work parsing does (characters looked at, table look-ups),
/// so a test can show it grows linearly with the input.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Effort(pub u64);

impl Effort {
    fn add(&mut self, n: usize) {
        self.0 = self.0.saturating_add(n as u64);
    }
}

/// Keeps a word that means something for the move; fillers are read
/// past.
fn push_word(word: Word, out: &mut Vec<Word>) {
    if word != Word::Filler {
        out.push(word);
    }
}

/// Longest token that is split into glued words ("evavier", "springerf3").
const MAX_GLUED: usize = 48;

/// Splits a folded token made of glued words, letters and digits into
/// vocabulary words: "eva4" = Eva 4, "springerf3" = Springer f 3. Takes
/// the split with the fewest parts.
fn split_glued(folded: &str, effort: &mut Effort) -> Option<Vec<Word>> {
    let chars: Vec<char> = folded.chars().collect();
    let n = chars.len();
    if n == 0 || n > MAX_GLUED {
        return None;
    }
    let longest = vocab::longest_word().max(1);
    // best[i]: fewest parts for chars[..i], with the part that ends there.
    let mut best: Vec<Option<(usize, usize, Word)>> = vec![None; n + 1];
    let mut parts_at = vec![usize::MAX; n + 1];
    parts_at[0] = 0;
    for start in 0..n {
        if parts_at[start] == usize::MAX {
            continue;
        }
        for end in start + 1..=n.min(start + longest) {
            effort.add(end - start);
            let piece: String = chars[start..end].iter().collect();
            let word = if end - start == 1 {
                let c = chars[start];
                match c {
                    'a'..='h' => File::from_char(c).map(Word::File),
                    '1'..='8' => Rank::from_char(c).map(Word::Rank),
                    'x' => Some(Word::Capture),
                    _ => None,
                }
            } else {
                lookup(&piece)
            };
            let Some(word) = word else { continue };
            let parts = parts_at[start] + 1;
            if parts < parts_at[end] {
                parts_at[end] = parts;
                best[end] = Some((start, parts, word));
            }
        }
    }
    let mut words = Vec::new();
    let mut at = n;
    while at > 0 {
        let (start, _, word) = best[at]?;
        words.push(word);
        at = start;
    }
    words.reverse();
    Some(words)
}

/// Is this token a move number pasted with the move ("12." or "12...")?
fn is_move_number(token: &str) -> bool {
    token.ends_with('.') && {
        let digits = token.trim_end_matches('.');
        !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
    }
}

/// Turns a line into symbols; `None` if some word is not understood.
pub(crate) fn symbols(
    line: &str,
    swap_bd: bool,
    letters: Letters,
    effort: &mut Effort,
) -> Option<Symbols> {
    let mut read = Symbols::default();
    for (i, token) in line.split_whitespace().enumerate() {
        effort.add(token.len());
        // A move number leads the line ("12. Nf3"); "3." at the end is a
        // rank with the full stop dictation adds.
        if i == 0 && is_move_number(token) {
            continue;
        }
        let folded = fold(token);
        if folded.is_empty() {
            continue;
        }
        if let Some(word) = lookup(&folded) {
            push_word(word, &mut read.syms);
            read.heard.push(token.to_string());
            continue;
        }
        let mark = read.syms.len();
        if lex_token(token, swap_bd, letters, &mut read.syms) {
            read.heard.push(token.to_string());
            continue;
        }
        read.syms.truncate(mark);
        if let Some(words) = split_glued(&folded, effort) {
            for word in words {
                push_word(word, &mut read.syms);
            }
            read.heard.push(token.to_string());
            continue;
        }
        effort.add(64);
        let (word, display) = vocab::mishearing(&folded)?;
        push_word(word, &mut read.syms);
        read.heard.push(display.to_string());
        read.corrected = true;
    }
    Some(read)
}

/// Reads full coordinates (files in lower case) with an optional
/// promotion letter: `e7e8q`, `e7-e8=b`, `e7 e8 D`, `e7xd8n+`. After two squares a single letter can
/// only be the promotion piece, so `b` and `d` are bishop and queen here,
/// not files; and the letter is English or German in every interface
/// language, as UCI and long algebraic notation write it everywhere
/// (`r` is a rook, also where the Estonian SAN letter R is a knight).
/// `None` when the line is not of that form.
fn coordinates(line: &str) -> Option<Intent> {
    // The longest form, "123. e7 - e8 = q +", is far shorter; anything
    // longer is words, read by the grammar.
    let first = line.trim_start().chars().next();
    if line.len() > 24 || !first.is_some_and(|c| matches!(c, 'a'..='h' | '0'..='9')) {
        return None;
    }
    let mut tokens = line.split_whitespace().peekable();
    if tokens.peek().is_some_and(|t| is_move_number(t)) {
        tokens.next();
    }
    let text: String = tokens.collect();
    let text = text.trim_end_matches(['+', '#', '!', '?', '.']);
    let mut chars = text.chars().peekable();
    let square = |chars: &mut std::iter::Peekable<std::str::Chars<'_>>| {
        // Lower case only: "D2xf7" is German SAN, the queen on rank 2.
        let file = File::from_char(chars.next()?)?;
        let rank = Rank::from_char(chars.next()?)?;
        Some(Square::from_coords(file, rank))
    };
    let from = square(&mut chars)?;
    let mut capture = false;
    while let Some(&c) = chars.peek() {
        match c {
            '-' => {}
            'x' | 'X' | ':' | '×' => capture = true,
            _ => break,
        }
        chars.next();
    }
    let to = square(&mut chars)?;
    if chars.peek() == Some(&'=') {
        chars.next();
    }
    let promotion = match chars.next() {
        None => None,
        Some(c) => match piece_letter(c, Letters::EnglishGerman)? {
            Role::King | Role::Pawn => return None,
            role => Some(role),
        },
    };
    if chars.next().is_some() {
        return None;
    }
    Some(Intent {
        role: RoleSpec::Any,
        from_file: Some(from.file()),
        from_rank: Some(from.rank()),
        to: Some(to),
        castle: None,
        capture,
        captured: None,
        promotion,
        en_passant: false,
        joins: false,
    })
}

/// Builds an intent from symbols by the grammar
/// `[piece] [from-file] [from-rank] [capture [piece]] file rank
/// [capture piece] [[promote] piece] [e.p.]`.
fn grammar(syms: &[Word]) -> Option<Intent> {
    let mut rest = syms;
    let mut role = None;
    if let Some((Word::Piece(r), tail)) = rest.split_first() {
        role = Some(*r);
        rest = tail;
    }
    let mut coords: Vec<Word> = Vec::with_capacity(4);
    let (mut capture, mut en_passant) = (false, false);
    let (mut promotion, mut captured) = (None, None);
    let mut previous = None;
    for &sym in rest {
        match sym {
            Word::File(_) | Word::Rank(_) => {
                if promotion.is_some() {
                    return None;
                }
                coords.push(sym);
            }
            Word::Capture => capture = true,
            Word::EnPassant => en_passant = true,
            // Fillers never reach the symbols (`push_word`).
            Word::Promote | Word::Filler => {}
            // "schlägt Läufer": the piece taken.
            Word::Piece(r) if previous == Some(Word::Capture) => {
                if captured.is_some() {
                    return None;
                }
                captured = Some(r);
            }
            // "Umwandlung in Dame", or a bare piece after the square.
            Word::Piece(r) => {
                let after_square = matches!(coords.last(), Some(Word::Rank(_)));
                if promotion.is_some() || !(after_square || previous == Some(Word::Promote)) {
                    return None;
                }
                promotion = Some(r);
            }
        }
        previous = Some(sym);
    }
    let n = coords.len();
    if n < 2 {
        return None;
    }
    let to = match (coords[n - 2], coords[n - 1]) {
        (Word::File(f), Word::Rank(r)) => Square::from_coords(f, r),
        _ => return None,
    };
    let (from_file, from_rank) = match &coords[..n - 2] {
        [] => (None, None),
        [Word::File(f)] => (Some(*f), None),
        [Word::Rank(r)] => (None, Some(*r)),
        [Word::File(f), Word::Rank(r)] => (Some(*f), Some(*r)),
        _ => return None,
    };
    if matches!(promotion, Some(Role::King | Role::Pawn)) || captured == Some(Role::King) {
        return None;
    }
    let role = match role {
        Some(r) => RoleSpec::Role(r),
        None if from_file.is_some() && from_rank.is_some() => RoleSpec::Any,
        None => RoleSpec::Role(Role::Pawn),
    };
    Some(Intent {
        role,
        from_file,
        from_rank,
        to: Some(to),
        castle: None,
        capture: capture || captured.is_some(),
        captured,
        promotion,
        en_passant,
        joins: false,
    })
}

/// A line read as a move: the readings in order of preference (empty when
/// the line is not a move) and, when a misheard word was corrected, the
/// line as understood.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// The readings, best first.
    pub intents: Vec<Intent>,
    /// The line as understood, if a word had to be corrected.
    pub understood: Option<String>,
}

/// Reads a line as a move: SAN (English or German letters), long
/// algebraic, coordinates, castling phrases and spoken words in German or
/// English, glued or split as dictation writes them, with a misheard word
/// corrected when it is one slip from a single meaning.
pub fn read_move(line: &str, effort: &mut Effort) -> Reading {
    read_move_with(line, Letters::default(), effort)
}

/// [`read_move`] with the piece letters of a UI language.
pub fn read_move_with(line: &str, letters: Letters, effort: &mut Effort) -> Reading {
    let mut joined = String::new();
    for (i, token) in line.split_whitespace().enumerate() {
        effort.add(token.len());
        let folded = fold(token);
        if (i == 0 && is_move_number(token)) || matches!(lookup(&folded), Some(Word::Filler)) {
            continue;
        }
        joined.push_str(&folded);
    }
    if let Some(short) = vocab::castling(&joined) {
        return Reading {
            intents: vec![Intent::castling(CastlingSide::from_king_side(short))],
            understood: None,
        };
    }
    // "castle", "Rochade" alone: either side, asked about when both are
    // legal.
    if vocab::is_castling_word(&joined) {
        let long = Intent {
            joins: true,
            ..Intent::castling(CastlingSide::QueenSide)
        };
        return Reading {
            intents: vec![Intent::castling(CastlingSide::KingSide), long],
            understood: None,
        };
    }
    if let Some(intent) = coordinates(line) {
        return Reading {
            intents: vec![intent],
            understood: None,
        };
    }
    // Upper-case B and D are bishop and queen; only when that reading
    // makes no move at all ("B4") are they read as files.
    let mut read = |swap| {
        let symbols = symbols(line, swap, letters, effort)?;
        let intent = grammar(&symbols.syms)?;
        Some((intent, symbols))
    };
    let found = read(false).or_else(|| {
        if line.contains(['B', 'D']) {
            read(true)
        } else {
            None
        }
    });
    match found {
        Some((intent, symbols)) => Reading {
            intents: std::iter::once(intent)
                .chain(other_letter(line, letters, &intent))
                .collect(),
            understood: symbols.corrected.then(|| symbols.heard.join(" ")),
        },
        None => Reading::default(),
    }
}

/// The reading of a move's leading piece letter in English or German
/// where the UI language's letter names another piece (Estonian `R`,
/// ratsu, is an English rook; `L`, lipp, a German Läufer): it joins the
/// UI language's reading, so a player who types the letters of the
/// other notation is asked rather than given the wrong piece.
fn other_letter(line: &str, letters: Letters, intent: &Intent) -> Option<Intent> {
    if letters == Letters::EnglishGerman {
        return None;
    }
    let mut tokens = line.split_whitespace();
    let mut first = tokens.next()?;
    if is_move_number(first) {
        first = tokens.next()?;
    }
    // A piece word ("ratsu", "Läufer") means one piece in every language.
    if lookup(&fold(first)).is_some() {
        return None;
    }
    let letter = first.chars().next()?;
    let own = piece_letter(letter, letters)?;
    let other = piece_letter(letter, Letters::EnglishGerman)?;
    (own != other && intent.role == RoleSpec::Role(own)).then_some(Intent {
        role: RoleSpec::Role(other),
        joins: true,
        ..*intent
    })
}

/// The readings of a line as a move, best first; empty when the line is
/// not a move at all. See [`read_move`].
///
/// ```
/// use annabella_core::input::{parse_move, RoleSpec};
/// use shakmaty::{Role, Square};
/// let intents = parse_move("Sf3");
/// assert_eq!(intents[0].role, RoleSpec::Role(Role::Knight));
/// assert_eq!(intents[0].to, Some(Square::F3));
/// ```
pub fn parse_move(line: &str) -> Vec<Intent> {
    read_move(line, &mut Effort::default()).intents
}

/// What an answer to a question names: a square, a file, a rank or a
/// promotion piece ("Bella", "b8", "Dame").
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pick {
    /// The file named.
    pub file: Option<File>,
    /// The rank named.
    pub rank: Option<Rank>,
    /// The piece named.
    pub piece: Option<Role>,
}

/// Reads a short answer to a disambiguation or promotion question.
/// `squares` reads a bare upper-case `B` or `D` as a file, since the
/// question asked for a square.
pub fn parse_answer(line: &str, squares: bool) -> Option<Pick> {
    parse_answer_with(line, squares, Letters::default())
}

/// [`parse_answer`] with the piece letters of a UI language.
pub fn parse_answer_with(line: &str, squares: bool, letters: Letters) -> Option<Pick> {
    let syms = symbols(line, squares, letters, &mut Effort::default())?.syms;
    let mut answer = Pick::default();
    for sym in syms {
        match sym {
            Word::File(f) if answer.file.is_none() => answer.file = Some(f),
            Word::Rank(r) if answer.rank.is_none() => answer.rank = Some(r),
            Word::Piece(p) if answer.piece.is_none() => answer.piece = Some(p),
            _ => return None,
        }
    }
    (answer != Pick::default()).then_some(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(line: &str) -> Intent {
        let v = parse_move(line);
        assert!(!v.is_empty(), "{line} not parsed");
        v[0]
    }

    #[test]
    fn san_forms() {
        let i = one("Nbd7");
        assert_eq!(i.role, RoleSpec::Role(Role::Knight));
        assert_eq!(i.from_file, Some(File::B));
        assert_eq!(i.to, Some(Square::D7));
        let i = one("exd5");
        assert!(i.capture);
        assert_eq!(i.role, RoleSpec::Role(Role::Pawn));
        assert_eq!(one("e8=Q").promotion, Some(Role::Queen));
        assert_eq!(one("e8D").promotion, Some(Role::Queen));
        assert_eq!(one("e7e8q").promotion, Some(Role::Queen));
        assert_eq!(one("g1f3").role, RoleSpec::Any);
        assert_eq!(one("Sg1-f3").from_square(), Some(Square::G1));
        assert_eq!(one("e2 e4").from_square(), Some(Square::E2));
        assert!(one("exd6 e.p.").en_passant);
        assert!(one("exd6ep").en_passant);
        assert_eq!(one("0-0-0").castle, Some(CastlingSide::QueenSide));
        assert_eq!(one("O-O+").castle, Some(CastlingSide::KingSide));
        assert_eq!(one("Springer Felix drei").to, Some(Square::F3));
        assert_eq!(one("12. Nf3").to, Some(Square::F3));
        assert_eq!(one("12... Nf3").to, Some(Square::F3));
    }

    #[test]
    fn upper_case_b_and_d_may_be_files() {
        let v = parse_move("B4");
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].to, Some(Square::B4));
        let v = parse_move("Bb5");
        assert_eq!(v[0].role, RoleSpec::Role(Role::Bishop));
    }

    #[test]
    fn not_moves() {
        assert!(parse_move("hello").is_empty());
        assert!(parse_move("e").is_empty());
        assert!(parse_move("e9").is_empty());
        assert!(parse_move("e8=K").is_empty());
        assert!(parse_move("").is_empty());
    }

    #[test]
    fn answers() {
        assert_eq!(parse_answer("Bella", true).unwrap().file, Some(File::B));
        let a = parse_answer("b8", true).unwrap();
        assert_eq!((a.file, a.rank), (Some(File::B), Some(Rank::Eighth)));
        assert_eq!(
            parse_answer("Dame", false).unwrap().piece,
            Some(Role::Queen)
        );
        assert_eq!(parse_answer("q", false).unwrap().piece, Some(Role::Queen));
        assert!(parse_answer("hilfe", false).is_none());
    }
}
