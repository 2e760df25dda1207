//! The grammar of the moment for voice input: every legal move in every
//! spoken form the typed input takes, the command words, and the answers
//! the open question takes, as a JSGF grammar for the recogniser. Words
//! come from the same tables as typed input ([`vocab`](super::vocab),
//! the command table, [`YES`]/[`NO`]), in plain letters
//! ([`plain`]: "laufer", "funf"), so that what the recogniser returns
//! is a line the parser reads.
//!
//! Only words the recogniser can pronounce are used (`knows`): a
//! spelling variant without a pronunciation ("Zäsar") is left out, its
//! sound-alike ("Cesar") stays.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use shakmaty::{CastlingSide, Chess, Move, Position, Role, Square};

use super::commands::Command;
use super::vocab::{ENGLISH, ESTONIAN, GERMAN, INTERNATIONAL, NO, Vocabulary, YES, fold};
use super::{Line, read_line};
use crate::lang::plain;
use crate::rules::Game;
use crate::settings::Lang;

/// Below this confidence nothing heard is taken: "not understood". Set
/// by measurement on talk, noise and chess lines (BENCHMARKS.md, "Voice
/// input").
pub const REJECT_BELOW: f32 = 0.5;

/// Whether what was heard with this confidence is taken (a NaN is not).
pub fn taken(confidence: f32) -> bool {
    confidence.is_finite() && confidence >= REJECT_BELOW
}

/// What the open question takes as an answer, for the grammar.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Answers {
    /// No question is open.
    #[default]
    Nothing,
    /// Yes or no.
    YesNo,
    /// The piece a pawn becomes.
    Promotion,
    /// Which of these pieces (their squares).
    Which(Vec<Square>),
    /// Which of these moves (heard too close to tell apart), or no.
    Either(Vec<Move>),
}

/// What voice input listens for now: the grammar of this moment is
/// made from it by the recogniser's thread, which knows the words it
/// can pronounce.
#[derive(Clone, Debug)]
pub struct Moment {
    /// The game (its position, whether it is over).
    pub game: Game,
    /// What the open question takes.
    pub answers: Answers,
    /// The UI language.
    pub lang: Lang,
    /// Its number: what was heard against it says which moment it was.
    pub serial: u64,
}

/// A grammar for the recogniser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grammar {
    /// The grammar in JSGF.
    pub jsgf: String,
    /// Every word it uses.
    pub words: BTreeSet<String>,
    /// For a word standing for several spellings of one meaning
    /// ("cesar" for Cäsar, Caesar, Zäsar), the others: the recogniser
    /// hears the word in any of their pronunciations.
    pub sounds: BTreeMap<String, BTreeSet<String>>,
    /// Every legal move with its spoken forms (a JSGF expansion), kept
    /// for the grammar without some of them ([`Grammar::without`]).
    moves: Vec<(Move, String)>,
    /// The other rules: their names and expansions (commands, answers).
    others: Vec<(&'static str, String)>,
}

impl Grammar {
    fn new(
        (words, sounds): (BTreeSet<String>, BTreeMap<String, BTreeSet<String>>),
        moves: Vec<(Move, String)>,
        others: Vec<(&'static str, String)>,
    ) -> Grammar {
        let mut jsgf = String::from("#JSGF V1.0;\ngrammar annabella;\n");
        let mut top: Vec<&str> = Vec::new();
        let mut rules = String::new();
        if !moves.is_empty() {
            let forms: Vec<&str> = moves.iter().map(|(_, s)| s.as_str()).collect();
            let _ = writeln!(rules, "<move> = {};", forms.join(" | "));
            top.push("<move>");
        }
        for (name, body) in &others {
            let _ = writeln!(rules, "{name} = {body};");
            top.push(name);
        }
        let _ = writeln!(jsgf, "public <line> = {};", top.join(" | "));
        jsgf.push_str(&rules);
        Grammar {
            jsgf,
            words,
            sounds,
            moves,
            others,
        }
    }

    /// Whether it holds a move.
    pub fn has_moves(&self) -> bool {
        !self.moves.is_empty()
    }

    /// The same grammar without the moves `heard`: the best rival of
    /// what was heard, for the margin between the two.
    pub fn without(&self, heard: &[Move]) -> Grammar {
        let moves = self
            .moves
            .iter()
            .filter(|(m, _)| !heard.contains(m))
            .cloned()
            .collect();
        Grammar::new(
            (self.words.clone(), self.sounds.clone()),
            moves,
            self.others.clone(),
        )
    }
}

/// The words of one language family for the spoken forms.
struct Family {
    /// Piece names, and captures, promotions, castling and check words.
    vocab: &'static Vocabulary,
    /// The rank words' vocabulary.
    ranks: &'static Vocabulary,
    /// The file words (FIDE names, NATO words, letters).
    files: Files,
    /// The word for check, said after a checking move.
    check: &'static str,
    /// A word before the from-square ("von", "from").
    from: &'static str,
    /// A word between from- and to-square ("nach", "to").
    between: &'static str,
    /// A word between the promotion word and the piece ("in", "to").
    into: &'static str,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Files {
    /// FIDE's names only (Anna … Hector).
    Fide,
    /// NATO words and letters: FIDE's names are German words, said
    /// with German ranks (a mixture only adds sound-alikes).
    NatoLetters,
    /// FIDE's names and letters.
    FideLetters,
}

const DE: Family = Family {
    vocab: &GERMAN,
    ranks: &GERMAN,
    files: Files::Fide,
    check: "Schach",
    from: "von",
    between: "nach",
    into: "in",
};
const EN: Family = Family {
    vocab: &ENGLISH,
    ranks: &ENGLISH,
    files: Files::NatoLetters,
    check: "check",
    from: "from",
    between: "to",
    into: "to",
};
const ET: Family = Family {
    vocab: &ESTONIAN,
    ranks: &ESTONIAN,
    files: Files::FideLetters,
    check: "šahh",
    from: "",
    between: "",
    into: "",
};

/// NATO's words among the international file words: the first of them.
const FIRST_NATO: &str = "alfa";

struct Builder<'a> {
    knows: &'a dyn Fn(&str) -> bool,
    words: BTreeSet<String>,
    sounds: BTreeMap<String, BTreeSet<String>>,
}

impl Builder<'_> {
    /// The first phrase the recogniser can say, of those that mean the
    /// same: one word for each meaning, the one annabella itself says
    /// (synonyms only add sound-alikes to choose from; typed, they all
    /// still count).
    fn first<'w>(&mut self, phrases: impl IntoIterator<Item = &'w str>) -> Option<String> {
        let knows = self.knows;
        let phrases: Vec<&str> = phrases.into_iter().collect();
        let phrase = *phrases.iter().find(|p| {
            let words: Vec<String> = p
                .split([' ', '-'])
                .map(plain)
                .filter(|w| !w.is_empty())
                .collect();
            !words.is_empty() && words.iter().all(|w| knows(w))
        })?;
        let one_word = |p: &str| !p.trim().contains([' ', '-']);
        if one_word(phrase) {
            let chosen = plain(phrase);
            let others = phrases
                .iter()
                .filter(|p| one_word(p))
                .map(|p| plain(p))
                .filter(|p| *p != chosen && !p.is_empty())
                .collect::<Vec<_>>();
            self.sounds.entry(chosen).or_default().extend(others);
        }
        self.alt([phrase])
    }

    /// `(a | b | c)` of the folded words the recogniser knows, each
    /// phrase's words all known; `None` when none is.
    fn alt<'w>(&mut self, phrases: impl IntoIterator<Item = &'w str>) -> Option<String> {
        let mut seen = BTreeSet::new();
        for phrase in phrases {
            let words: Vec<String> = phrase
                .split([' ', '-'])
                .map(plain)
                .filter(|w| !w.is_empty())
                .collect();
            if words.is_empty() || !words.iter().all(|w| (self.knows)(w)) {
                continue;
            }
            seen.insert(words.join(" "));
        }
        if seen.is_empty() {
            return None;
        }
        for phrase in &seen {
            self.words.extend(phrase.split(' ').map(str::to_string));
        }
        Some(format!(
            "({})",
            seen.into_iter().collect::<Vec<_>>().join(" | ")
        ))
    }

    fn piece(&mut self, f: &Family, role: Role) -> Option<String> {
        let names = f.vocab.pieces.iter().filter(|(_, r)| *r == role);
        self.first(names.map(|(w, _)| *w))
    }

    fn file(&mut self, f: &Family, file: u32) -> Option<String> {
        let (mut fide, mut nato_names): (Vec<&str>, Vec<&str>) = (Vec::new(), Vec::new());
        let mut nato = false;
        for (w, i) in INTERNATIONAL.files {
            nato |= *w == FIRST_NATO;
            if *i == file {
                if nato {
                    nato_names.push(w)
                } else {
                    fide.push(w)
                }
            }
        }
        const LETTERS: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];
        let letter = LETTERS[file as usize];
        // FIDE's name, NATO's word, the letter: one word of each.
        let names: Vec<Option<String>> = match f.files {
            Files::Fide => vec![self.first(fide)],
            Files::FideLetters => vec![self.first(fide), self.first([letter])],
            Files::NatoLetters => vec![self.first(nato_names), self.first([letter])],
        };
        let names: Vec<String> = names.into_iter().flatten().collect();
        (!names.is_empty()).then(|| format!("({})", names.join(" | ")))
    }

    fn rank(&mut self, f: &Family, rank: u32) -> Option<String> {
        let names = f.ranks.ranks.iter().filter(|(_, r)| *r == rank);
        self.first(names.map(|(w, _)| *w))
    }

    fn square(&mut self, f: &Family, sq: Square) -> Option<String> {
        let file = self.file(f, u32::from(sq.file()))?;
        let rank = self.rank(f, u32::from(sq.rank()))?;
        Some(format!("{file} {rank}"))
    }

    fn optional(&mut self, words: &[&str]) -> String {
        self.alt(words.iter().copied())
            .map(|a| format!("[{a}]"))
            .unwrap_or_default()
    }

    /// The spoken forms of `mv` in family `f`.
    fn spoken(&mut self, f: &Family, pos: &Chess, mv: &Move) -> Option<String> {
        if let Some(side) = mv.castling_side() {
            let phrases = match side {
                CastlingSide::KingSide => f.vocab.short_castling,
                CastlingSide::QueenSide => f.vocab.long_castling,
            };
            return self.alt(phrases.iter().copied());
        }
        let from = mv.from()?;
        let role = mv.role();
        // A pawn's name may be left out, so its moves stand without it.
        let piece = match (self.piece(f, role), role) {
            (Some(p), Role::Pawn) => format!("[{p}]"),
            (Some(p), _) => p,
            (None, Role::Pawn) => String::new(),
            (None, _) => return None,
        };
        let take = self.first(f.vocab.captures.iter().copied());
        let take = match (mv.is_capture(), take) {
            (true, Some(t)) => format!("[{t}]"),
            _ => String::new(),
        };
        let to = self.square(f, mv.to())?;
        let from_square = self.square(f, from)?;
        let from_word = self.optional(&[f.from]);
        let between = self.optional(&[f.between]);
        let promo = match mv.promotion() {
            Some(r) => {
                let lead = self.first(f.vocab.promotions.iter().copied());
                let into = self.optional(&[f.into]);
                let piece = self.piece(f, r)?;
                match lead {
                    Some(lead) => format!(" [{lead} {into}] {piece}"),
                    None => format!(" {piece}"),
                }
            }
            None => String::new(),
        };
        let mut after = pos.clone();
        after.play_unchecked(*mv);
        let check = if after.is_check() {
            format!(" {}", self.optional(&[f.check]))
        } else {
            String::new()
        };
        // A pawn's capture names its file: "Eva schlägt David fünf".
        let short = if role == Role::Pawn && mv.is_capture() {
            let file = self.file(f, u32::from(from.file()))?;
            format!("{piece} {file} {take} {to}")
        } else {
            format!("{piece} {take} {to}")
        };
        // With the from-square the piece's name may be left out: "von
        // Gustav eins nach Felix drei".
        let optional_piece = match piece.strip_prefix('[') {
            Some(_) => piece.clone(),
            None if piece.is_empty() => String::new(),
            None => format!("[{piece}]"),
        };
        let long = format!("{optional_piece} {from_word} {from_square} {take} {between} {to}");
        Some(tidy(&format!("(({short}) | ({long})){promo}{check}")))
    }
}

/// Single spaces: the parts above leave gaps where an optional part is
/// missing.
fn tidy(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The families of spoken forms for a UI language: FIDE's German words
/// in every language, English always, Estonian in Estonian.
fn families(lang: Lang) -> Vec<&'static Family> {
    match lang {
        Lang::Et => vec![&DE, &EN, &ET],
        Lang::De | Lang::En => vec![&DE, &EN],
    }
}

/// The grammar for `game` with the open question taking `answers`, in
/// the UI language `lang`, of the words `knows` says the recogniser can
/// pronounce.
pub fn grammar(
    game: &Game,
    answers: &Answers,
    lang: Lang,
    knows: &dyn Fn(&str) -> bool,
) -> Grammar {
    let mut b = Builder {
        knows,
        words: BTreeSet::new(),
        sounds: BTreeMap::new(),
    };
    let pos = game.position();
    let mut moves = Vec::new();
    if !game.is_over() {
        for mv in pos.legal_moves() {
            for f in families(lang) {
                if let Some(s) = b.spoken(f, pos, &mv) {
                    moves.push((mv, s));
                }
            }
        }
        moves.sort_by(|a, b| a.1.cmp(&b.1));
        moves.dedup_by(|a, b| a.1 == b.1);
    }
    let mut others = Vec::new();
    if let Some(cmds) = commands(&mut b, game, lang) {
        others.push(("<command>", cmds));
    }
    if let Some(ans) = answer_words(&mut b, answers, lang) {
        others.push(("<answer>", ans));
    }
    Grammar::new((b.words, b.sounds), moves, others)
}

/// The command words of the UI language and English that are a whole
/// command alone (`board`, not `square`, which needs a square).
fn commands(b: &mut Builder, game: &Game, lang: Lang) -> Option<String> {
    let mut words = Vec::new();
    for command in Command::all() {
        let entry = command.entry();
        // The word shown for the command in each language: one letter is
        // a file, not a command, to a listener.
        for w in [entry.words.shown(Lang::En), entry.words.shown(lang)] {
            if w.chars().count() > 1 && matches!(read_line(w, lang, game), Line::Command(_)) {
                words.push(w);
            }
        }
    }
    b.alt(words)
}

fn answer_words(b: &mut Builder, answers: &Answers, lang: Lang) -> Option<String> {
    match answers {
        Answers::Nothing => None,
        // The moves are among the legal moves already.
        Answers::YesNo | Answers::Either(_) => {
            let words = [YES.of(lang), NO.of(lang), YES.of(Lang::En), NO.of(Lang::En)];
            let words: Vec<&str> = words
                .into_iter()
                .flatten()
                .copied()
                .filter(|w| w.chars().count() > 1)
                .collect();
            b.alt(words)
        }
        Answers::Promotion => {
            let mut parts = Vec::new();
            for f in families(lang) {
                for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                    parts.extend(b.piece(f, role));
                }
            }
            (!parts.is_empty()).then(|| parts.join(" | "))
        }
        Answers::Which(squares) => {
            let mut parts = Vec::new();
            for f in families(lang) {
                for &sq in squares {
                    parts.extend(b.square(f, sq));
                    parts.extend(b.file(f, u32::from(sq.file())));
                }
            }
            parts.sort();
            parts.dedup();
            (!parts.is_empty()).then(|| parts.join(" | "))
        }
    }
}

/// What a heard line is, for `annabella hear` and the tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Understood {
    /// A move; several when the words fit more than one.
    Move(Vec<Move>),
    /// A command (its English word), or an answer: `yes`, `no`, a piece.
    Command(String),
    /// Nothing the game takes.
    Nothing,
}

/// What `words` (as heard) mean in `game`, in the UI language `lang`.
pub fn understand(words: &str, lang: Lang, game: &Game) -> Understood {
    let folded = fold(words.trim());
    if folded.is_empty() {
        return Understood::Nothing;
    }
    if YES.contains_folded(&folded) {
        return Understood::Command("yes".into());
    }
    if NO.contains_folded(&folded) {
        return Understood::Command("no".into());
    }
    match read_line(words, lang, game) {
        Line::Command(cmd) => Understood::Command(cmd.command().word(Lang::En).into()),
        Line::Move(reading) => match super::resolve(game, &reading.intents, false) {
            super::Resolution::Move(mv) => Understood::Move(vec![mv]),
            super::Resolution::Ambiguous(moves) | super::Resolution::Promotion(moves) => {
                Understood::Move(moves)
            }
            super::Resolution::Refused(_) => Understood::Nothing,
        },
        Line::Empty | Line::Failed(..) | Line::NotUnderstood { .. } => Understood::Nothing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Every phrase a rule of `jsgf` stands for (the grammar uses only
    /// `( | )`, `[ ]` and rule names).
    fn expand(jsgf: &str, rule: &str) -> Vec<String> {
        let mut rules = HashMap::new();
        for line in jsgf.lines() {
            let line = line.trim_start_matches("public ");
            if let Some((name, body)) = line.split_once(" = ") {
                rules.insert(name.to_string(), body.trim_end_matches(';').to_string());
            }
        }
        let tokens = tokenize(&rules[rule]);
        let (phrases, _) = alternatives(&tokens, 0, &rules);
        phrases.into_iter().map(|p| tidy(&p)).collect()
    }

    fn tokenize(body: &str) -> Vec<String> {
        let spaced = body
            .replace('(', " ( ")
            .replace(')', " ) ")
            .replace('[', " [ ")
            .replace(']', " ] ")
            .replace('|', " | ");
        spaced.split_whitespace().map(str::to_string).collect()
    }

    /// `a b | c d` up to a closing bracket: the phrases, and where it stopped.
    fn alternatives(
        t: &[String],
        mut i: usize,
        rules: &HashMap<String, String>,
    ) -> (Vec<String>, usize) {
        let mut all = Vec::new();
        let mut seq = vec![String::new()];
        while i < t.len() {
            let part: Vec<String> = match t[i].as_str() {
                ")" | "]" => break,
                "|" => {
                    all.append(&mut seq);
                    seq = vec![String::new()];
                    i += 1;
                    continue;
                }
                "(" | "[" => {
                    let optional = t[i] == "[";
                    let (mut inner, end) = alternatives(t, i + 1, rules);
                    i = end;
                    if optional {
                        inner.push(String::new());
                    }
                    inner
                }
                word if word.starts_with('<') => {
                    let tokens = tokenize(&rules[word]);
                    alternatives(&tokens, 0, rules).0
                }
                word => vec![word.to_string()],
            };
            i += 1;
            seq = seq
                .iter()
                .flat_map(|a| part.iter().map(move |b| format!("{a} {b}")))
                .collect();
        }
        all.append(&mut seq);
        (all, i)
    }

    fn every_word(_: &str) -> bool {
        true
    }

    #[test]
    fn every_phrase_of_every_move_reads_as_a_legal_move_and_every_move_has_one() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            // Castling both ways, captures, a knight pair on one square.
            "r3k2r/ppp2ppp/2n2n2/3pp3/3PP3/2N2N2/PPP2PPP/R3K2R w KQkq - 0 8",
            // Promotion with and without capture, en passant.
            "1n2k3/2P5/8/3pP3/8/8/8/4K3 w - d6 0 2",
        ];
        for fen in fens {
            let game = Game::from_fen(fen).expect("fen");
            for lang in [Lang::De, Lang::En, Lang::Et] {
                let g = grammar(&game, &Answers::Nothing, lang, &every_word);
                let phrases = expand(&g.jsgf, "<move>");
                assert!(phrases.len() > 50, "{fen}: {} phrases", phrases.len());
                let mut covered = std::collections::HashSet::new();
                for phrase in &phrases {
                    match understand(phrase, lang, &game) {
                        Understood::Move(moves) => covered.extend(moves),
                        other => panic!("{fen} {lang:?}: {phrase:?} reads as {other:?}"),
                    }
                }
                for mv in game.position().legal_moves() {
                    assert!(
                        covered.contains(&mv),
                        "{fen} {lang:?}: no phrase for {mv:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_fide_words_name_the_move_and_the_question_adds_its_answers() {
        let game = Game::new();
        let g = grammar(&game, &Answers::YesNo, Lang::De, &every_word);
        let moves = expand(&g.jsgf, "<move>");
        for phrase in [
            "springer felix drei",
            "bauer eva vier",
            "eva vier",
            "knight foxtrot three",
        ] {
            assert!(moves.iter().any(|p| p == phrase), "{phrase} missing");
        }
        let answers = expand(&g.jsgf, "<answer>");
        for word in ["ja", "nein", "yes", "no"] {
            assert!(
                answers.iter().any(|p| p == word),
                "{word} missing: {answers:?}"
            );
        }
        let commands = expand(&g.jsgf, "<command>");
        for word in ["brett", "board", "status", "aufgeben", "resign"] {
            assert!(commands.iter().any(|p| p == word), "{word} missing");
        }
        // A letter alone is a file, never a command.
        assert!(!commands.iter().any(|p| p.len() == 1));
        let none = grammar(&game, &Answers::Nothing, Lang::De, &every_word);
        assert!(!none.jsgf.contains("<answer>"));
    }

    #[test]
    fn the_grammar_without_a_move_keeps_every_other_line() {
        let game = Game::new();
        let g = grammar(&game, &Answers::YesNo, Lang::De, &every_word);
        let e4: Vec<Move> = game
            .position()
            .legal_moves()
            .into_iter()
            .filter(|m| m.to() == Square::E4)
            .collect();
        let rival = g.without(&e4);
        let before = expand(&g.jsgf, "<move>");
        let after = expand(&rival.jsgf, "<move>");
        let e4_lines = |phrases: &[String]| {
            phrases
                .iter()
                .filter(|p| understand(p, Lang::De, &game) == Understood::Move(e4.clone()))
                .count()
        };
        assert!(e4_lines(&before) > 0);
        assert_eq!(e4_lines(&after), 0);
        assert_eq!(after.len() + e4_lines(&before), before.len());
        assert_eq!(
            expand(&g.jsgf, "<command>"),
            expand(&rival.jsgf, "<command>")
        );
        assert_eq!(expand(&g.jsgf, "<answer>"), expand(&rival.jsgf, "<answer>"));
        assert!(rival.has_moves());
    }

    #[test]
    fn a_word_carries_the_other_spellings_of_its_meaning() {
        let game = Game::new();
        let g = grammar(&game, &Answers::Nothing, Lang::De, &every_word);
        let c_file = g.sounds.get("cesar").expect("Cesar is the c-file's word");
        for other in ["casar", "caesar", "zasar"] {
            assert!(c_file.contains(other), "{other} missing: {c_file:?}");
        }
        assert!(
            g.sounds
                .get("springer")
                .is_some_and(|s| s.contains("pferd"))
        );
        // A phrase of several words carries nothing.
        assert!(g.sounds.keys().all(|w| !w.contains(' ')));
    }

    #[test]
    fn words_without_a_pronunciation_are_left_out() {
        let game = Game::new();
        let knows = |w: &str| w != "felix";
        let g = grammar(&game, &Answers::Nothing, Lang::De, &knows);
        assert!(!g.words.contains("felix"));
        assert!(!g.jsgf.contains("felix"));
        assert!(g.words.contains("foxtrot"));
    }
}
