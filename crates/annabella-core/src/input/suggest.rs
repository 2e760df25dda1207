//! For a line that is neither a command nor a move: the closest command
//! word of the UI language (another language's only one slip away) or
//! legal move, when one is a slip away (SPEC §3); for a piece word
//! alone, where it should go.

use shakmaty::san::SanPlus;
use shakmaty::{Move, Position, Role};

use super::commands::COMMANDS;
use super::moves::{Effort, parse_answer_with, read_move};
use super::resolve::{Resolution, filter_by_answer, resolve};
use super::vocab::{Letters, fold, lookup, nearest, piece_word};
use super::{Line, Reach, Suggestion};
use crate::rules::{Game, MoveFacts, german_san};
use crate::settings::Lang;

/// Input longer than this gets no suggestion (the answer quotes it cut
/// short, as every answer does).
const MAX_SUGGEST_INPUT: usize = 40;

/// "Not understood", with the closest command word of `lang` or legal
/// move of `game` when one is a slip away; a piece word alone ("Dame",
/// "knight") is asked where it should go.
pub fn not_understood(line: &str, lang: Lang, game: &Game) -> Line {
    // Cyrillic letters that look like Latin ones ("Е4" typed with a
    // Russian layout) are read as those.
    let shown = line.trim();
    let line = &latin(line);
    let typed = line.trim().to_lowercase();
    // A long line is no slip of a short word.
    if typed.chars().count() > MAX_SUGGEST_INPUT {
        return Line::NotUnderstood {
            input: shown.to_string(),
            suggestion: None,
        };
    }
    if let Some(role) = piece_word(&fold(line.trim())) {
        return Line::NotUnderstood {
            input: shown.to_string(),
            suggestion: Some(Suggestion::Where(role, reach(game, role))),
        };
    }
    if let Some(facts) = corrected_move(line, game) {
        return Line::NotUnderstood {
            input: shown.to_string(),
            suggestion: Some(Suggestion::Move(facts)),
        };
    }
    let mut best: Option<(usize, Suggestion)> = None;
    let mut consider = |dist: usize, make: &dyn Fn() -> Suggestion| {
        if best.as_ref().is_none_or(|(d, _)| dist < *d) {
            best = Some((dist, make()));
        }
    };
    for entry in &COMMANDS {
        let own = entry.words.of(lang);
        for word in entry.words.all().filter(|w| w.chars().count() > 2) {
            // Measured against the word as typed without accents, shown
            // as it is spelled.
            let d = edit_distance(&typed, &fold(word));
            // Another language's word only when it is one slip away
            // ("hlep"): "Queen" is no slip of "üben".
            if d <= 1 || own.contains(&word) {
                consider(d, &|| Suggestion::Command(word.to_string()));
            }
        }
    }
    let pos = game.position();
    for mv in game.legal_moves() {
        let english = SanPlus::from_move(pos.clone(), mv).san.to_string();
        // English and German letters are read in every UI language.
        let d = [german_san(&english), san_in(lang, &english), english]
            .iter()
            .map(|text| edit_distance(&typed, &text.to_lowercase()))
            .min()
            .unwrap_or(usize::MAX);
        consider(d, &|| Suggestion::Move(MoveFacts::of_move(pos, mv)));
    }
    let limit = (typed.chars().count() / 2).clamp(1, 2);
    let suggestion = best.filter(|(d, _)| *d <= limit).map(|(_, s)| s);
    Line::NotUnderstood {
        input: shown.to_string(),
        suggestion,
    }
}

/// Where the pieces of kind `role` of the side to move can go: one
/// square for an example, else how many of them stand stuck, or none.
fn reach(game: &Game, role: Role) -> Reach {
    if let Some(mv) = game.legal_moves().iter().find(|m| m.role() == role) {
        return Reach::To(mv.to());
    }
    let pos = game.position();
    match pos.board().by_piece(role.of(pos.turn())).count() {
        0 => Reach::NoPiece,
        count => Reach::Stuck(u32::try_from(count).unwrap_or(u32::MAX)),
    }
}

/// The choice of an open question ("which knight?", "which piece?")
/// that a line not understood is a slip away from: "Bela" for the knight
/// on Bella eins. Each unknown word is replaced by the nearest vocabulary
/// word and the line read again as an answer (`squares`: naming where a
/// piece stands; else the piece a pawn becomes); the first choice it
/// then fits, if any. Never a command: the question is what was asked.
pub fn nearest_answer(
    line: &str,
    choices: &[Move],
    squares: bool,
    letters: Letters,
) -> Option<Move> {
    let words: Vec<String> = line
        .split_whitespace()
        .map(|token| {
            let folded = fold(token);
            let len = folded.chars().count();
            if lookup(&folded).is_some() || len < 3 || !folded.chars().all(char::is_alphabetic) {
                return token.to_string();
            }
            let max = if len <= 4 { 1 } else { 2 };
            nearest(&folded, max, edit_distance).map_or_else(|| token.to_string(), str::to_string)
        })
        .collect();
    let pick = parse_answer_with(&words.join(" "), squares, letters)?;
    filter_by_answer(choices, &pick).first().copied()
}

/// SAN with the piece letters of `lang`.
fn san_in(lang: Lang, english: &str) -> String {
    match lang {
        Lang::En => english.to_string(),
        Lang::De => german_san(english),
        // K L V O R: kuningas, lipp, vanker, oda, ratsu.
        Lang::Et => english
            .chars()
            .map(|c| match c {
                'Q' => 'L',
                'R' => 'V',
                'B' => 'O',
                'N' => 'R',
                c => c,
            })
            .collect(),
    }
}

/// The line with Cyrillic letters that look like Latin ones replaced by
/// those.
fn latin(line: &str) -> String {
    const PAIRS: [(char, char); 19] = [
        ('а', 'a'),
        ('с', 'c'),
        ('е', 'e'),
        ('к', 'k'),
        ('м', 'm'),
        ('о', 'o'),
        ('р', 'p'),
        ('х', 'x'),
        ('А', 'A'),
        ('В', 'B'),
        ('С', 'C'),
        ('Е', 'E'),
        ('Н', 'H'),
        ('К', 'K'),
        ('М', 'M'),
        ('О', 'O'),
        ('Р', 'P'),
        ('Т', 'T'),
        ('Х', 'X'),
    ];
    line.chars()
        .map(|c| {
            PAIRS
                .iter()
                .find(|(from, _)| *from == c)
                .map_or(c, |&(_, to)| to)
        })
        .collect()
}

/// A move said in words with a word or two slightly wrong ("Springa
/// Felix drei", "pawn echo for"): each unknown word replaced by the
/// nearest vocabulary word, the line read again; the legal move it then
/// names, if exactly one.
fn corrected_move(line: &str, game: &Game) -> Option<MoveFacts> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.len() < 2 {
        return None;
    }
    let mut changed = false;
    let mut words = Vec::with_capacity(tokens.len());
    for token in tokens {
        let folded = fold(token);
        let len = folded.chars().count();
        let known = lookup(&folded).is_some()
            || !read_move(token, &mut Effort::default()).intents.is_empty();
        if known || len < 3 || !folded.chars().all(char::is_alphabetic) {
            words.push(token.to_string());
            continue;
        }
        let max = if len <= 4 { 1 } else { 2 };
        words.push(nearest(&folded, max, edit_distance)?.to_string());
        changed = true;
    }
    if !changed {
        return None;
    }
    let reading = read_move(&words.join(" "), &mut Effort::default());
    match resolve(game, &reading.intents, false) {
        Resolution::Move(mv) => Some(MoveFacts::of_move(game.position(), mv)),
        _ => None,
    }
}

/// Edit distance counting a swap of neighbours as one edit (optimal
/// string alignment), for suggestions: "hlep" is one slip from "help".
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let width = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * width];
    for (i, row) in d.chunks_mut(width).enumerate() {
        row[0] = i;
    }
    for (j, cell) in d.iter_mut().take(width).enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[(i - 1) * width + j] + 1)
                .min(d[i * width + j - 1] + 1)
                .min(d[(i - 1) * width + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[(i - 2) * width + j - 2] + 1);
            }
            d[i * width + j] = best;
        }
    }
    d[a.len() * width + b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("hlep", "help"), 1);
        assert_eq!(edit_distance("nf9", "nf3"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
