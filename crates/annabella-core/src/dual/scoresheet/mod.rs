//! A player's scoresheet, read into moves and held against the game's
//! record or the other scoresheet.
//!
//! When the scoresheets differ, FIDE's appendix for blind players has the
//! position restored to the last move on which they agree. A sheet comes
//! as a PGN file or as plain text in any form the move input knows: SAN
//! with English or German letters, coordinates, spoken words. It is read
//! from the game's start position up to the first move that cannot be
//! read, and compared half-move by half-move. Everything is data: the
//! announcer puts it into words.

use shakmaty::{Chess, Color, Move, Position};

use crate::input::vocab::{Letters, fold};
use crate::input::{Effort, Resolution, clean_line, read_move_with, resolve};
use crate::rules::{Game, is_null_move};

mod reader;

use reader::Reader;

/// A scoresheet as read: its moves, from the game's start position, up to
/// the first it could not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The moves read, in order.
    pub moves: Vec<Move>,
    /// Why reading stopped before the end, if it did.
    pub stop: Option<SheetStop>,
}

/// Where and why the reading of a scoresheet stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetStop {
    /// Index of the half-move (0 = first move of the sheet) that could
    /// not be read.
    pub ply: usize,
    /// The text of that move as written (at most [`EXCERPT_CHARS`]
    /// characters, control characters removed).
    pub text: String,
    /// What was wrong with it.
    pub kind: SheetStopKind,
}

/// What stopped the reading of a scoresheet.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SheetStopKind {
    /// Text where a move belongs that is no move in any form.
    Unreadable,
    /// A move no legal move of the position matches (also a move after
    /// the game had ended).
    Illegal,
    /// A move that matches several legal moves: two pieces, a promotion
    /// without its piece, or a line that splits into moves in two ways.
    Ambiguous,
    /// A null move (`Z0`, `--`, `0000`): a pass the rules do not allow.
    NullMove,
}

/// The outcome of reconciling up to three records: the game's, and one
/// or two sheets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reconciliation {
    /// The number of half-moves on which all records agree (restore keeps
    /// exactly these).
    pub agreed: usize,
    /// The first difference, if any.
    pub first: Option<Disagreement>,
    /// For each sheet, how many of the game's last half-moves it does not
    /// have yet while agreeing with all before them: a sheet merely
    /// behind the game is no difference. 0 for a sheet that is not.
    pub behind: Vec<usize>,
}

/// The first half-move on which the records differ, and what each has
/// there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// Index of the half-move (0 = first move of the game).
    pub ply: usize,
    /// The game's move there; `None` when the game's record ends before.
    pub game: Option<Move>,
    /// Each sheet's move there, in the order given; `None` when that
    /// sheet ends before.
    pub sheets: Vec<Option<Move>>,
}

/// The longest text kept of the move that stopped a reading: more than
/// an answer quotes of it (40 characters), so that the quote sees the
/// cut and marks it with ` ...`; a cut here alone would say a line of
/// 5,000 characters was a word of 40.
pub const EXCERPT_CHARS: usize = 80;

/// A line's moves longer than this are not tried: two spoken moves with
/// fillers ("Bauer e sieben schlägt Springer f acht Umwandlung in Dame")
/// are far shorter, and the split search reads a line up to 2(n−1) times.
const MAX_LINE_BYTES: usize = 320;

/// The most words a line's moves may have, for the same reason.
const MAX_LINE_WORDS: usize = 24;

/// A PGN token longer than this is no move ("Nbxd7+!?" is eight bytes;
/// glued words such as "springerfelixdrei" stay far below it).
const MAX_TOKEN_BYTES: usize = 64;

/// Separators between White's and Black's move on a numbered line, the
/// surest first.
const SEPARATORS: [&str; 7] = ["\t", ";", ",", " - ", " – ", " — ", "  "];

/// Reads a scoresheet played from `start` (a game with no moves, standard
/// or Chess960, any start position; a game with moves is read from its
/// start all the same).
///
/// PGN when the first line that says something is a tag pair; otherwise
/// plain text, or PGN movetext when plain text stops early, the text has
/// what only movetext has (two move numbers on a line, a comment in
/// braces, a NAG) and PGN reads further. Plain text is one move per
/// line, or numbered lines with White's and Black's move ("12. Nf3 Nc6",
/// "12 Springer Felix drei, Springer Cesar sechs", "12. Sf3 - Sc6",
/// "12... Nc6" for Black alone), in English or German letters or spoken
/// words; blank lines, comments after `;` or `#` and result words are
/// passed over. Two moves without a separator are found by trying each
/// split between words: both halves must read as legal moves in sequence.
/// Tags in a PGN sheet are passed over: its moves are read from `start`.
///
/// ```
/// use annabella_core::dual::scoresheet::read_sheet;
/// use annabella_core::rules::Game;
/// let sheet = read_sheet("1. e4 e5\n2. Springer Felix drei, Sc6\n", &Game::new());
/// assert_eq!(sheet.moves.len(), 4);
/// assert_eq!(sheet.stop, None);
/// ```
pub fn read_sheet(text: &str, start: &Game) -> Sheet {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let game = from_start(start);
    if opens_with_tag(text) {
        return Reader::new(game).pgn(text);
    }
    let plain = Reader::new(game.clone()).plain(text);
    if plain.stop.is_none() || !has_movetext_marks(text) {
        return plain;
    }
    // Movetext without tags ("1. e4 e5 2. Nf3 Nc6" on one line, or with
    // comments in braces) breaks the plain forms early; the form that
    // reads further is the one the sheet was written in. Only then: PGN
    // reads a spoken line word by word, and may get one word further.
    let pgn = Reader::new(game).pgn(text);
    let reach = |sheet: &Sheet| (sheet.moves.len(), sheet.stop.is_none());
    if reach(&pgn) > reach(&plain) {
        pgn
    } else {
        plain
    }
}

/// Where two move lists first differ: the index of the first half-move
/// that is not the same in both (a shorter list differs where it ends),
/// or `None` when they are the same.
pub fn first_difference(a: &[Move], b: &[Move]) -> Option<usize> {
    match a.iter().zip(b).position(|(x, y)| x != y) {
        Some(ply) => Some(ply),
        None if a.len() != b.len() => Some(a.len().min(b.len())),
        None => None,
    }
}

/// Full-move number and side of half-move `ply` of a game from `start`
/// (start may have Black to move, and any full-move number).
pub fn place(start: &Chess, ply: usize) -> (u32, Color) {
    // Counted as if White had moved first: Black's first move is then the
    // second half of the start's move.
    let index = match start.turn() {
        Color::White => ply,
        Color::Black => ply.saturating_add(1),
    };
    let moves = u32::try_from(index / 2).unwrap_or(u32::MAX);
    let color = if index % 2 == 0 {
        Color::White
    } else {
        Color::Black
    };
    (start.fullmoves().get().saturating_add(moves), color)
}

/// Reconciles the game's record with one or two sheets: how many
/// half-moves all agree on, and what each record has at the first
/// difference. With no sheet, the game agrees with itself throughout.
pub fn reconcile(game: &[Move], sheets: &[&[Move]]) -> Reconciliation {
    reconcile_ends(game, sheets, &vec![true; sheets.len()])
}

/// [`reconcile`] for sheets as read: a sheet whose reading stopped at a
/// move that is none (a null move, a word) has something there the game
/// does not, so it differs there rather than being behind.
pub fn reconcile_read(game: &[Move], sheets: &[Sheet]) -> Reconciliation {
    let moves: Vec<&[Move]> = sheets.iter().map(|s| s.moves.as_slice()).collect();
    let ended: Vec<bool> = sheets.iter().map(|s| s.stop.is_none()).collect();
    reconcile_ends(game, &moves, &ended)
}

/// [`reconcile`], each sheet `ended` where the player stopped writing
/// (else where it could not be read further).
fn reconcile_ends(game: &[Move], sheets: &[&[Move]], ended: &[bool]) -> Reconciliation {
    // A sheet that agrees with the game as far as it goes, and ends there,
    // is behind, not different: the player has not noted the last moves.
    let behind_by = |i: usize| {
        let sheet = sheets[i];
        let behind =
            ended.get(i) != Some(&false) && sheet.len() < game.len() && game.starts_with(sheet);
        behind.then(|| game.len() - sheet.len())
    };
    let behind: Vec<usize> = (0..sheets.len())
        .map(|i| behind_by(i).unwrap_or(0))
        .collect();
    // Records that all agree with the game up to a half-move agree with
    // each other up to there too.
    let first = (0..sheets.len())
        .filter(|&i| behind_by(i).is_none())
        .filter_map(|i| first_difference(game, sheets[i]))
        .min();
    match first {
        None => Reconciliation {
            agreed: game.len(),
            first: None,
            behind,
        },
        Some(ply) => Reconciliation {
            agreed: ply,
            first: Some(Disagreement {
                ply,
                game: game.get(ply).copied(),
                sheets: sheets.iter().map(|sheet| sheet.get(ply).copied()).collect(),
            }),
            behind,
        },
    }
}

/// The game from `start`'s start position, with no moves.
fn from_start(start: &Game) -> Game {
    let mut game = start.clone();
    // `undo` takes back a move, or first reopens a game that ended without
    // one; either way each call brings the start closer.
    while game.undo().is_some() || !game.plies().is_empty() {}
    game
}

/// Whether the first line that says something opens a PGN tag pair.
fn opens_with_tag(text: &str) -> bool {
    let first = text
        .split(['\n', '\r'])
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('%'));
    first.is_some_and(|line| {
        let mut chars = line.chars();
        chars.next() == Some('[') && chars.next().is_some_and(|c| c.is_ascii_alphabetic())
    })
}

/// Whether a text has what PGN movetext has and the plain forms do not:
/// a line with two move numbers, a comment in braces, a NAG.
fn has_movetext_marks(text: &str) -> bool {
    let numbered = |word: &&str| {
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        digits > 0
            && word
                .get(digits..)
                .is_some_and(|rest| rest.starts_with(['.', '…']))
    };
    text.contains('{')
        || text
            .split('$')
            .skip(1)
            .any(|after| after.starts_with(|c: char| c.is_ascii_digit()))
        || text
            .split(['\n', '\r'])
            .any(|line| line.split_whitespace().filter(numbered).nth(1).is_some())
}

/// Text for a report: the first line of `text`, without control
/// characters, at most [`EXCERPT_CHARS`] characters.
///
/// ```
/// use annabella_core::dual::scoresheet::{EXCERPT_CHARS, excerpt};
/// assert_eq!(excerpt("Nf3\u{7}\nNc6"), "Nf3");
/// assert_eq!(excerpt(&"x".repeat(5000)).len(), EXCERPT_CHARS);
/// ```
pub fn excerpt(text: &str) -> String {
    let line = text.split(['\n', '\r']).next().unwrap_or_default();
    // Cut before cleaning: the rest of a huge line is never shown.
    let head: String = line.chars().take(EXCERPT_CHARS * 4).collect();
    clean_line(&head)
        .trim()
        .chars()
        .take(EXCERPT_CHARS)
        .collect()
}

/// A result written on a sheet ("1-0", "½-½", "Remis").
fn is_result(word: &str) -> bool {
    // The longest is "unentschieden"; a long line is not folded for it.
    if word.len() > 16 {
        return false;
    }
    matches!(
        word,
        "1-0" | "0-1" | "1/2-1/2" | "½-½" | "1/2" | "½" | "*" | "1:0" | "0:1" | "½:½"
    ) || matches!(fold(word).as_str(), "remis" | "draw" | "unentschieden")
}

/// A PGN token without the move number pasted before it: "12.Nf3" is
/// "Nf3", "12..." and "12" are nothing; "0-0", "1-0" and "0000" stay.
fn strip_number(token: &str) -> &str {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    // UCI's null move is all digits, and no move number starts with 0.
    if digits == 0 || is_null_move(token) {
        return token;
    }
    let rest = token.get(digits..).unwrap_or_default();
    if rest.is_empty() || rest.starts_with(['.', '…']) {
        rest.trim_start_matches(['.', '…'])
    } else {
        token
    }
}

/// What a plain line holds, by its move number.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Form {
    /// No number: one move (two are accepted when one cannot be read).
    Single,
    /// "12." or "12": White's move, and Black's when it has been played.
    Pair,
    /// "12...": Black's move alone.
    Black,
}

/// The line's move number, if it has one, and the rest of it. Moves never
/// start with a digit except castling with zeros ("0-0"), which a number
/// is not followed by, and UCI's null move "0000", which is no number.
fn split_number(line: &str) -> (Form, &str) {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    let null = line.split_whitespace().next().is_some_and(is_null_move);
    if digits == 0 || null {
        return (Form::Single, line);
    }
    let rest = line.get(digits..).unwrap_or_default();
    let numbered = rest
        .chars()
        .next()
        .is_none_or(|c| matches!(c, '.' | '…' | ')') || c.is_whitespace());
    if !numbered {
        return (Form::Single, line);
    }
    let mut dots = 0;
    let mut body = "";
    for (i, c) in rest.char_indices() {
        match c {
            '.' => dots += 1,
            '…' => dots += 3,
            ')' => {}
            c if c.is_whitespace() => {}
            _ => {
                body = rest.get(i..).unwrap_or_default();
                break;
            }
        }
    }
    let form = if dots >= 2 { Form::Black } else { Form::Pair };
    (form, body)
}

/// The line before a `#` that starts a comment: at the line's start or
/// after a blank, since `Qxf7#` is a mate sign.
fn cut_hash_comment(line: &str) -> &str {
    let mut after_blank = true;
    for (i, c) in line.char_indices() {
        if c == '#' && after_blank {
            return line.get(..i).unwrap_or(line);
        }
        after_blank = c.is_whitespace();
    }
    line
}

/// The body without a result written after the moves.
fn strip_result(body: &str) -> &str {
    if is_result(body) {
        return "";
    }
    match body.rsplit_once(char::is_whitespace) {
        Some((moves, last)) if is_result(last) => moves.trim_end(),
        _ => body,
    }
}

/// The parts of a body split at the surest separator it has, if it has
/// one.
fn separated(body: &str) -> Option<Vec<&str>> {
    let separator = SEPARATORS.iter().find(|s| body.contains(**s))?;
    let parts: Vec<&str> = body
        .split(separator)
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .collect();
    (!parts.is_empty()).then_some(parts)
}

/// The first word of a text that is a null move (`Z0`, `--`, `0000`):
/// the move reader takes `--` for a dash between squares and would read
/// "Nf3 --" as Nf3 alone, dropping the pass without a word.
fn null_word(text: &str) -> Option<&str> {
    text.split_whitespace().find(|word| is_null_move(word))
}

/// Whether a text reads as a move at all, legal or not.
fn is_move(text: &str) -> bool {
    text.len() <= MAX_LINE_BYTES
        && !read_move_with(text, Letters::EnglishGerman, &mut Effort::default())
            .intents
            .is_empty()
}

/// A plain line's form and the body holding its moves; `None` when it
/// holds none (blank, comment, number or result only).
fn plain_line(raw: &str) -> Option<(Form, &str)> {
    let line = cut_hash_comment(raw).trim();
    let (form, rest) = split_number(line);
    let rest = match rest.split_once(';') {
        None => rest,
        Some((before, after)) => {
            let next = after.split_once(';').map_or(after, |(next, _)| next);
            // "12. Nf3; Nc6" separates two moves; anything else after
            // a semicolon is a comment.
            if form == Form::Pair && !before.trim().is_empty() && is_move(next) {
                rest.get(..before.len() + 1 + next.len()).unwrap_or(before)
            } else {
                before
            }
        }
    };
    let body = strip_result(rest.trim());
    (!body.is_empty()).then_some((form, body))
}
