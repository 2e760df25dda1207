//! From a typed line to a move: words become constraints (an [`Intent`]),
//! and the constraints are matched against the legal moves
//! ([`resolve`]). When nothing matches, the most specific reason is found.

mod resolve;
pub mod vocab;

pub use resolve::{
    CastlingBlock, Refusal, Resolution, decide, diagnose, filter_by_answer, resolve,
};

use shakmaty::{CastlingSide, File, Rank, Role, Square};
use vocab::{Word, fold, lookup, piece_letter};

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
    /// The promotion piece, if named.
    pub promotion: Option<Role>,
    /// The input said en passant.
    pub en_passant: bool,
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
            promotion: None,
            en_passant: false,
        }
    }

    /// The origin square when both file and rank were named.
    pub fn from_square(&self) -> Option<Square> {
        Some(Square::from_coords(self.from_file?, self.from_rank?))
    }
}

/// One meaningful unit of a move line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Sym {
    Piece(Role),
    File(File),
    Rank(Rank),
    Capture,
    Promote,
    EnPassant,
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
fn lex_token(token: &str, swap_bd: bool, out: &mut Vec<Sym>) -> bool {
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
            out.push(Sym::EnPassant);
            break;
        }
    }
    for ch in body.chars() {
        let sym = match ch {
            'a'..='h' => Sym::File(File::from_char(ch).unwrap_or(File::A)),
            'B' | 'D' if swap_bd => {
                Sym::File(File::from_char(ch.to_ascii_lowercase()).unwrap_or(File::A))
            }
            'A' | 'C' | 'E' | 'F' | 'G' | 'H' => {
                Sym::File(File::from_char(ch.to_ascii_lowercase()).unwrap_or(File::A))
            }
            '1'..='8' => Sym::Rank(Rank::from_char(ch).unwrap_or(Rank::First)),
            'x' | 'X' | ':' | '×' => Sym::Capture,
            '=' => Sym::Promote,
            c if is_decoration(c) => continue,
            c => match piece_letter(c) {
                Some(role) => Sym::Piece(role),
                None => return false,
            },
        };
        out.push(sym);
    }
    true
}

/// Turns a line into symbols; `None` if some word is not understood.
pub(crate) fn symbols(line: &str, swap_bd: bool) -> Option<Vec<Sym>> {
    let mut out = Vec::new();
    for token in line.split_whitespace() {
        // A move number pasted with the move: "12." or "12...".
        if token.ends_with('.')
            && token
                .trim_end_matches('.')
                .chars()
                .all(|c| c.is_ascii_digit())
        {
            continue;
        }
        let folded = fold(token);
        if folded.is_empty() {
            continue;
        }
        match lookup(&folded) {
            Some(Word::Filler) => {}
            Some(Word::Piece(r)) => out.push(Sym::Piece(r)),
            Some(Word::File(f)) => out.push(Sym::File(f)),
            Some(Word::Rank(r)) => out.push(Sym::Rank(r)),
            Some(Word::Capture) => out.push(Sym::Capture),
            Some(Word::Promote) => out.push(Sym::Promote),
            Some(Word::EnPassant) => out.push(Sym::EnPassant),
            None => {
                if !lex_token(token, swap_bd, &mut out) {
                    return None;
                }
            }
        }
    }
    Some(out)
}

/// Builds an intent from symbols by the grammar
/// `[piece] [from-file] [from-rank] [capture] file rank [[=] piece] [e.p.]`.
fn grammar(syms: &[Sym]) -> Option<Intent> {
    let mut rest = syms;
    let mut role = None;
    if let Some((Sym::Piece(r), tail)) = rest.split_first() {
        role = Some(*r);
        rest = tail;
    }
    let mut coords: Vec<Sym> = Vec::with_capacity(4);
    let (mut capture, mut en_passant, mut promotion) = (false, false, None);
    for &sym in rest {
        match sym {
            Sym::File(_) | Sym::Rank(_) => {
                if promotion.is_some() {
                    return None;
                }
                coords.push(sym);
            }
            Sym::Capture => capture = true,
            Sym::EnPassant => en_passant = true,
            Sym::Promote => {}
            Sym::Piece(r) => {
                if promotion.is_some() || coords.is_empty() {
                    return None;
                }
                promotion = Some(r);
            }
        }
    }
    let n = coords.len();
    if n < 2 {
        return None;
    }
    let to = match (coords[n - 2], coords[n - 1]) {
        (Sym::File(f), Sym::Rank(r)) => Square::from_coords(f, r),
        _ => return None,
    };
    let (from_file, from_rank) = match &coords[..n - 2] {
        [] => (None, None),
        [Sym::File(f)] => (Some(*f), None),
        [Sym::Rank(r)] => (None, Some(*r)),
        [Sym::File(f), Sym::Rank(r)] => (Some(*f), Some(*r)),
        _ => return None,
    };
    if matches!(promotion, Some(Role::King | Role::Pawn)) {
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
        capture,
        promotion,
        en_passant,
    })
}

/// Reads a line as a move: SAN (English or German letters), long
/// algebraic, coordinates, castling phrases and the spoken words of the
/// vocabulary. Returns the readings in order of preference; empty when
/// the line is not a move at all.
///
/// ```
/// use annabella::input::{parse_move, RoleSpec};
/// use shakmaty::{Role, Square};
/// let intents = parse_move("Sf3");
/// assert_eq!(intents[0].role, RoleSpec::Role(Role::Knight));
/// assert_eq!(intents[0].to, Some(Square::F3));
/// ```
pub fn parse_move(line: &str) -> Vec<Intent> {
    let folded: String = line
        .split_whitespace()
        .map(fold)
        .filter(|w| !matches!(lookup(w), Some(Word::Filler)))
        .collect();
    if let Some(short) = vocab::castling(&folded) {
        return vec![Intent::castling(CastlingSide::from_king_side(short))];
    }
    // Upper-case B and D are bishop and queen; only when that reading
    // makes no move at all ("B4") are they read as files.
    let primary = symbols(line, false).as_deref().and_then(grammar);
    let reading = primary.or_else(|| {
        line.contains(['B', 'D'])
            .then(|| symbols(line, true).as_deref().and_then(grammar))
            .flatten()
    });
    reading.into_iter().collect()
}

/// What an answer to a question names: a square, a file, a rank or a
/// promotion piece ("Bella", "b8", "Dame").
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
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
pub fn parse_answer(line: &str, squares: bool) -> Option<Answer> {
    let syms = symbols(line, squares)?;
    let mut answer = Answer::default();
    for sym in syms {
        match sym {
            Sym::File(f) if answer.file.is_none() => answer.file = Some(f),
            Sym::Rank(r) if answer.rank.is_none() => answer.rank = Some(r),
            Sym::Piece(p) if answer.piece.is_none() => answer.piece = Some(p),
            _ => return None,
        }
    }
    (answer != Answer::default()).then_some(answer)
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
