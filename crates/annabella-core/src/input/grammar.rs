//! The phrases of the moment for voice input: every legal move in every
//! spoken form the typed input takes, the command words, and the answers
//! the open question takes, each written as the recogniser (Whisper)
//! writes a transcript — a leading space, a capital first letter,
//! German nouns capitalised — and each with what it means, decided here
//! once when the moment is made ([`Phrases`]). Words come from the same
//! tables as typed input ([`vocab`](super::vocab), the command table,
//! [`YES`]/[`NO`]), so every phrase is also a line the parser reads as
//! the same move or command (a test holds this).
//!
//! The recogniser scores every phrase against the utterance; the
//! verdict ([`super::verdict`]) picks the meaning clearly ahead.

use shakmaty::{CastlingSide, Move, Position, Role, Square};

use super::commands::Command;
use super::vocab::{ENGLISH, ESTONIAN, GERMAN, INTERNATIONAL, NO, Vocabulary, YES, fold};
use super::{Line, read_line};
use crate::rules::Game;
use crate::settings::Lang;

/// Below this confidence nothing heard is taken: "not understood".
pub const REJECT_BELOW: f32 = 0.5;

/// Whether what was heard with this confidence is taken (a NaN is not).
pub fn taken(confidence: f32) -> bool {
    confidence.is_finite() && confidence >= REJECT_BELOW
}

/// What the open question takes as an answer, for the phrases.
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

/// What voice input listens for now: the phrases of this moment are
/// made from it on the listening thread.
#[derive(Clone, Debug)]
pub struct Moment {
    /// The game (its position, whether it is over).
    pub game: Game,
    /// What the open question takes.
    pub answers: Answers,
    /// The UI language.
    pub lang: Lang,
    /// The moment's number: what is heard carries it back, so that the
    /// session knows against which moment it was heard.
    pub serial: u64,
}

/// What a phrase means, decided when the phrases are made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// A legal move.
    Move(Move),
    /// A command, as the parser reads its words.
    Line(Line),
    /// An answer to the open question, by what it answers (`yes`, `no`,
    /// a piece, a square): the question reads the words heard.
    Answer(String),
}

/// One phrase the recogniser listens for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phrase {
    /// As Whisper writes it: " Springer Felix drei", " Knight F3".
    pub text: String,
    /// As the parser reads it and the player is shown it: "Springer
    /// Felix drei", "Knight f3" (a capital letter may be a piece).
    pub words: String,
    /// The language it is said in (`de`, `en`, `et`): the multilingual
    /// model is told it.
    pub lang: &'static str,
    /// Its meaning: an index into [`Phrases::meanings`].
    pub meaning: usize,
}

/// The phrases of a moment and their meanings (several phrases share a
/// meaning: the forms and spellings of one move).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Phrases {
    /// Every phrase.
    pub phrases: Vec<Phrase>,
    /// Every meaning, once.
    pub meanings: Vec<Said>,
}

impl Phrases {
    /// The phrases for `moment`.
    pub fn of(moment: &Moment) -> Phrases {
        let mut b = Builder::default();
        let game = &moment.game;
        let lang = moment.lang;
        match &moment.answers {
            Answers::Either(moves) => {
                for mv in moves {
                    b.move_phrases(lang, mv);
                }
            }
            answers => {
                if !game.is_over() {
                    for mv in game.position().legal_moves() {
                        b.move_phrases(lang, &mv);
                    }
                }
                b.commands(game, lang);
                b.answers(lang, answers);
            }
        }
        if matches!(moment.answers, Answers::Either(_)) {
            b.answers(lang, &Answers::YesNo);
        }
        Phrases {
            phrases: b.phrases,
            meanings: b.meanings,
        }
    }

    /// The meaning of phrase `i`.
    pub fn said(&self, i: usize) -> Option<&Said> {
        self.meanings.get(self.phrases.get(i)?.meaning)
    }
}

/// The words of one language family for the spoken forms.
struct Family {
    /// Its language tag for the recogniser.
    tag: &'static str,
    /// Piece names, and captures, promotions and castling.
    vocab: &'static Vocabulary,
    /// The file words: FIDE's names, NATO's words, letters.
    files: Files,
    /// The words before the from-square and between the squares ("von
    /// … nach", "from … to"), if the language has them.
    from_to: Option<(&'static str, &'static str)>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Files {
    /// FIDE's names only (Anna … Hektor), in every spelling Whisper
    /// may write ("Cäsar", "Zäsar", "Caesar").
    Fide,
    /// NATO words and letters.
    NatoLetters,
    /// FIDE's names and letters.
    FideLetters,
}

const DE: Family = Family {
    tag: "de",
    vocab: &GERMAN,
    files: Files::Fide,
    from_to: Some(("von", "nach")),
};
const EN: Family = Family {
    tag: "en",
    vocab: &ENGLISH,
    files: Files::NatoLetters,
    from_to: Some(("from", "to")),
};
const ET: Family = Family {
    tag: "et",
    vocab: &ESTONIAN,
    files: Files::FideLetters,
    from_to: None,
};

/// The families of spoken forms for a UI language: FIDE's German words
/// in every language, English always, Estonian in Estonian.
fn families(lang: Lang) -> Vec<&'static Family> {
    match lang {
        Lang::Et => vec![&DE, &EN, &ET],
        Lang::De | Lang::En => vec![&DE, &EN],
    }
}

/// The tag of a UI language, as the phrases carry it.
pub fn tag(lang: Lang) -> &'static str {
    match lang {
        Lang::De => "de",
        Lang::En => "en",
        Lang::Et => "et",
    }
}

/// NATO's words among the international file words start here; before
/// it are FIDE's names.
const FIRST_NATO: &str = "alfa";
/// NATO's "alfa" as Whisper writes it (measured: "alfa" loses a point
/// in twenty).
const ALPHA: &str = "alpha";

/// A square's words: one entry per way of writing it, with its style
/// (FIDE's or NATO's words, letters as words, letters with digits), so
/// that a from-square and a to-square are said in one style.
type Ways = Vec<(u8, String)>;

#[derive(Default)]
struct Builder {
    phrases: Vec<Phrase>,
    meanings: Vec<Said>,
}

impl Builder {
    fn meaning(&mut self, said: Said) -> usize {
        if let Some(i) = self.meanings.iter().position(|m| *m == said) {
            return i;
        }
        self.meanings.push(said);
        self.meanings.len() - 1
    }

    fn push(&mut self, words: &str, lang: &'static str, meaning: usize) {
        let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
        let text = written(&capital_files(&words));
        let duplicate = self
            .phrases
            .iter()
            .any(|p| p.meaning == meaning && p.text == text && p.lang == lang);
        if !text.trim().is_empty() && !duplicate {
            self.phrases.push(Phrase {
                text,
                words,
                lang,
                meaning,
            });
        }
    }

    fn move_phrases(&mut self, lang: Lang, mv: &Move) {
        let meaning = self.meaning(Said::Move(*mv));
        for f in families(lang) {
            for text in spoken(f, mv) {
                self.push(&text, f.tag, meaning);
            }
        }
    }

    /// The command words of the UI language and English that are a
    /// whole command alone (`board`, not `square`, which needs one).
    fn commands(&mut self, game: &Game, lang: Lang) {
        for command in Command::all() {
            let entry = command.entry();
            for (l, w) in [
                (Lang::En, entry.words.shown(Lang::En)),
                (lang, entry.words.shown(lang)),
            ] {
                // One letter is a file, not a command, to a listener.
                if w.chars().count() < 2 {
                    continue;
                }
                let line = read_line(written(w).trim(), lang, game);
                if matches!(line, Line::Command(_)) {
                    let meaning = self.meaning(Said::Line(line));
                    self.push(w, tag(l), meaning);
                }
            }
        }
    }

    fn answers(&mut self, lang: Lang, answers: &Answers) {
        match answers {
            Answers::Nothing | Answers::Either(_) => {}
            Answers::YesNo => {
                for (words, key) in [(&YES, "yes"), (&NO, "no")] {
                    let meaning = self.meaning(Said::Answer(key.into()));
                    for l in [lang, Lang::En] {
                        for w in words.of(l).iter() {
                            if w.chars().count() > 1 {
                                self.push(w, tag(l), meaning);
                            }
                        }
                    }
                }
            }
            Answers::Promotion => {
                for f in families(lang) {
                    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                        if let Some(name) = piece(f, role) {
                            let meaning = self.meaning(Said::Answer(format!("{role:?}")));
                            self.push(name, f.tag, meaning);
                        }
                    }
                }
            }
            Answers::Which(squares) => {
                for f in families(lang) {
                    for &sq in squares {
                        for (_, text) in square(f, sq) {
                            let meaning = self.meaning(Said::Answer(sq.to_string()));
                            self.push(&text, f.tag, meaning);
                        }
                    }
                }
            }
        }
    }
}

/// As Whisper writes a transcript: a leading space and a capital first
/// letter ("springer" is written "Springer" as a German noun anyway).
fn written(text: &str) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => format!(" {}{}", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

/// File letters as Whisper writes them, capitals: "f three" → "F
/// three", "f3" → "F3".
fn capital_files(text: &str) -> String {
    let is_file = |c: char| ('a'..='h').contains(&c);
    let words: Vec<String> = text
        .split(' ')
        .map(|w| {
            let mut chars = w.chars();
            match (chars.next(), chars.next(), chars.next()) {
                (Some(c), None, _) if is_file(c) => c.to_ascii_uppercase().to_string(),
                (Some(c), Some(d), None) if is_file(c) && ('1'..='8').contains(&d) => {
                    format!("{}{d}", c.to_ascii_uppercase())
                }
                _ => w.to_string(),
            }
        })
        .collect();
    words.join(" ")
}

/// The first name of a piece in the family (the one annabella says:
/// synonyms only add sound-alikes).
fn piece(f: &Family, role: Role) -> Option<&'static str> {
    f.vocab
        .pieces
        .iter()
        .find(|(_, r)| *r == role)
        .map(|(w, _)| *w)
}

/// The first rank word of the family for a rank.
fn rank_word(f: &Family, rank: u32) -> Option<&'static str> {
    f.vocab
        .ranks
        .iter()
        .find(|(_, r)| *r == rank)
        .map(|(w, _)| *w)
}

/// Every way of writing a file in the family, each with whether it is
/// a letter (which Whisper may write with the rank's digit: "F3").
fn file_words(f: &Family, file: u32) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut nato = false;
    for (w, i) in INTERNATIONAL.files {
        nato |= *w == FIRST_NATO;
        if *i != file {
            continue;
        }
        let wanted = match f.files {
            Files::Fide | Files::FideLetters => !nato,
            Files::NatoLetters => nato && *w != FIRST_NATO,
        };
        if wanted {
            out.push((w.to_string(), false));
        }
    }
    if f.files == Files::NatoLetters && file == 0 {
        out.push((ALPHA.to_string(), false));
    }
    if f.files != Files::Fide {
        let letter = char::from(b'a' + file as u8);
        out.push((letter.to_string(), true));
    }
    out
}

/// Every way of writing a square: "Felix drei", "foxtrot three", "F
/// three", "F3".
fn square(f: &Family, sq: Square) -> Ways {
    let Some(rank) = rank_word(f, u32::from(sq.rank())) else {
        return Vec::new();
    };
    let digit = u32::from(sq.rank()) + 1;
    let mut out = Vec::new();
    for (file, letter) in file_words(f, u32::from(sq.file())) {
        out.push((u8::from(letter), format!("{file} {rank}")));
        if letter {
            out.push((2, format!("{file}{digit}")));
        }
    }
    out
}

/// The spoken forms of `mv` in family `f`: the short form ("Springer
/// Felix drei", "Springer schlägt Felix sieben", a pawn with and without
/// its name and its file when it captures), the long form with the
/// from-square ("von Gustav eins nach Felix drei", "Gustav eins nach
/// Felix drei"; in Estonian, which has no such words, "ratsu Gustav üks
/// Felix kolm"), castling, and a promotion's piece after the move. The
/// long forms are the ones players say, not every order the typed input
/// takes: each more phrase is more to score and more to mistake.
fn spoken(f: &Family, mv: &Move) -> Vec<String> {
    if let Some(side) = mv.castling_side() {
        let phrases = match side {
            CastlingSide::KingSide => f.vocab.short_castling,
            CastlingSide::QueenSide => f.vocab.long_castling,
        };
        return phrases.iter().map(|p| p.to_string()).collect();
    }
    let role = mv.role();
    let Some(name) = piece(f, role) else {
        return Vec::new();
    };
    let take = f
        .vocab
        .captures
        .first()
        .copied()
        .filter(|_| mv.is_capture());
    // A promotion's piece after the move, alone or after the promotion
    // word ("David acht Dame", "delta eight promotes to queen").
    let promos: Vec<String> = match mv.promotion() {
        Some(r) => {
            let Some(p) = piece(f, r) else {
                return Vec::new();
            };
            let mut v = vec![format!(" {p}")];
            if let (Some(word), Some((_, into))) = (f.vocab.promotions.first(), f.from_to) {
                let into = if f.tag == "de" { "in" } else { into };
                v.push(format!(" {word} {into} {p}"));
            }
            v
        }
        None => vec![String::new()],
    };
    let mut out = Vec::new();
    for promo in &promos {
        out.extend(forms(f, mv, name, take, promo));
    }
    out
}

/// The short and long forms of a move that is no castling, with `promo`
/// after it.
fn forms(f: &Family, mv: &Move, name: &str, take: Option<&str>, promo: &str) -> Vec<String> {
    let Some(from) = mv.from() else {
        return Vec::new();
    };
    let role = mv.role();
    let tos = square(f, mv.to());
    let froms = square(f, from);
    let mut out = Vec::new();
    // A pawn's name may be left out, and any piece's with its
    // from-square.
    let names: &[&str] = if role == Role::Pawn {
        &[name, ""]
    } else {
        &[name]
    };
    for (style, to) in &tos {
        // Letters with digits ("F2 to F4") only in the short form: as a
        // long form they fit any sound (measured: the most frequent
        // wrong winner).
        let long = froms.iter().filter(|(s, _)| s == style && *style != 2);
        for (_, from_sq) in long {
            match f.from_to {
                // "von Gustav eins nach Felix drei", "Gustav eins nach
                // Felix drei": the words between say which is which.
                Some((von, nach)) => {
                    out.push(format!("{von} {from_sq} {nach} {to}{promo}"));
                    out.push(format!("{from_sq} {nach} {to}{promo}"));
                }
                None => {
                    let mid = take.map(|t| format!(" {t}")).unwrap_or_default();
                    out.push(format!("{name} {from_sq}{mid} {to}{promo}"));
                    out.push(format!("{from_sq}{mid} {to}{promo}"));
                }
            }
        }
        for n in names {
            if role == Role::Pawn && mv.is_capture() {
                // A pawn's capture names its file: "Eva schlägt David fünf".
                let files = file_words(f, u32::from(from.file()));
                for (file, _) in files
                    .iter()
                    .filter(|(_, l)| u8::from(*l) == (*style).min(1))
                {
                    for t in take.iter().map(|t| format!(" {t}")).chain([String::new()]) {
                        out.push(format!("{n} {file}{t} {to}{promo}"));
                    }
                }
            } else {
                out.push(format!("{n} {to}{promo}"));
                if let Some(t) = take {
                    out.push(format!("{n} {t} {to}{promo}"));
                }
            }
        }
    }
    out
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

    fn moment(fen: &str, answers: Answers, lang: Lang) -> Moment {
        Moment {
            game: Game::from_fen(fen).expect("fen"),
            answers,
            lang,
            serial: 0,
        }
    }

    const FENS: [&str; 3] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // Castling both ways, captures, a knight pair on one square.
        "r3k2r/ppp2ppp/2n2n2/3pp3/3PP3/2N2N2/PPP2PPP/R3K2R w KQkq - 0 8",
        // Promotion with and without capture, en passant.
        "1n2k3/2P5/8/3pP3/8/8/8/4K3 w - d6 0 2",
    ];

    #[test]
    fn every_phrase_of_a_move_reads_as_that_move_and_every_move_has_phrases() {
        for fen in FENS {
            for lang in [Lang::De, Lang::En, Lang::Et] {
                let m = moment(fen, Answers::Nothing, lang);
                let p = Phrases::of(&m);
                let mut covered = std::collections::HashSet::new();
                for (i, phrase) in p.phrases.iter().enumerate() {
                    let Some(Said::Move(mv)) = p.said(i) else {
                        continue;
                    };
                    covered.insert(*mv);
                    let read = understand(&phrase.words, lang, &m.game);
                    let Understood::Move(moves) = read else {
                        panic!("{fen} {lang:?}: {:?} reads as {read:?}", phrase.words);
                    };
                    assert!(
                        moves.contains(mv),
                        "{fen} {lang:?}: {:?} reads as {moves:?}, not {mv:?}",
                        phrase.words
                    );
                }
                for mv in m.game.position().legal_moves() {
                    assert!(
                        covered.contains(&mv),
                        "{fen} {lang:?}: no phrase for {mv:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn phrases_are_written_as_whisper_writes_them_in_every_form() {
        let m = moment(FENS[0], Answers::YesNo, Lang::De);
        let p = Phrases::of(&m);
        let has = |t: &str| p.phrases.iter().any(|x| x.text == t);
        for t in [
            " Springer Felix drei",
            " Bauer Eva vier",
            " Eva vier",
            " Gustav eins nach Felix drei",
            " Von Gustav eins nach Felix drei",
            " Knight foxtrot three",
            " Knight F three",
            " Knight F3",
            " Pawn E4",
            " Ja",
            " Nein",
            " Yes",
            " Brett",
            " Board",
        ] {
            assert!(has(t), "{t:?} missing");
        }
        // A letter alone is a file, never a command.
        assert!(p.phrases.iter().all(|x| x.text.trim().chars().count() > 1));
        let de = p.phrases.iter().find(|x| x.text == " Springer Felix drei");
        assert_eq!(de.map(|x| x.lang), Some("de"));
        let en = p.phrases.iter().find(|x| x.text == " Knight F3");
        assert_eq!(en.map(|x| x.lang), Some("en"));
    }

    #[test]
    fn every_spelling_of_a_file_is_a_phrase_of_the_same_move() {
        let m = moment(FENS[0], Answers::Nothing, Lang::De);
        let p = Phrases::of(&m);
        let meaning = |t: &str| {
            p.phrases
                .iter()
                .find(|x| x.text == t)
                .map(|x| x.meaning)
                .unwrap_or_else(|| panic!("{t:?} missing"))
        };
        let c3 = meaning(" Bauer Cäsar drei");
        assert_eq!(meaning(" Bauer Zäsar drei"), c3);
        assert_eq!(meaning(" Bauer Caesar drei"), c3);
        assert_eq!(meaning(" Bauer Hektor drei"), meaning(" Bauer Hector drei"));
        assert!(p.phrases.iter().any(|x| x.text == " Pawn alpha three"));
    }

    #[test]
    fn commands_and_answers_mean_the_line_the_parser_reads() {
        let m = moment(FENS[0], Answers::YesNo, Lang::De);
        let p = Phrases::of(&m);
        for (i, phrase) in p.phrases.iter().enumerate() {
            if let Some(Said::Line(line)) = p.said(i) {
                assert_eq!(*line, read_line(&phrase.words, Lang::De, &m.game));
            }
        }
        // Every word for yes is one meaning, so they never compete.
        let meaning = |t: &str| p.phrases.iter().find(|x| x.text == t).map(|x| x.meaning);
        assert_eq!(meaning(" Ja"), meaning(" Yes"));
        assert_ne!(meaning(" Ja"), meaning(" Nein"));
        assert_eq!(meaning(" Brett"), meaning(" Board"));
        let none = Phrases::of(&moment(FENS[0], Answers::Nothing, Lang::De));
        assert!(!none.phrases.iter().any(|x| x.text == " Ja"));
    }

    #[test]
    fn a_question_between_moves_listens_for_those_moves_and_no() {
        let game = Game::new();
        let moves: Vec<Move> = game
            .position()
            .legal_moves()
            .into_iter()
            .filter(|m| m.role() == Role::Knight)
            .take(2)
            .collect();
        let m = Moment {
            game,
            answers: Answers::Either(moves.clone()),
            lang: Lang::De,
            serial: 3,
        };
        let p = Phrases::of(&m);
        let mut said_moves: Vec<Move> = p
            .meanings
            .iter()
            .filter_map(|s| match s {
                Said::Move(mv) => Some(*mv),
                Said::Line(_) | Said::Answer(_) => None,
            })
            .collect();
        said_moves.sort_by_key(|m| (m.from(), m.to()));
        let mut expected = moves;
        expected.sort_by_key(|m| (m.from(), m.to()));
        assert_eq!(said_moves, expected);
        assert!(p.phrases.iter().any(|x| x.text == " Nein"));
        assert!(!p.phrases.iter().any(|x| x.text == " Brett"));
    }

    #[test]
    fn a_middlegame_has_a_few_hundred_phrases_not_thousands() {
        // Every phrase is scored against every utterance: the forms are
        // chosen so that a busy position stays within reach.
        let m = moment(FENS[1], Answers::Nothing, Lang::De);
        let p = Phrases::of(&m);
        let moves = m.game.position().legal_moves().len();
        assert!(moves > 30, "{moves}");
        assert!(p.phrases.len() < 40 * moves, "{} phrases", p.phrases.len());
        eprintln!("{} moves, {} phrases", moves, p.phrases.len());
    }

    #[test]
    fn a_finished_game_listens_for_commands_only() {
        let m = moment(
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            Answers::Nothing,
            Lang::En,
        );
        let p = Phrases::of(&m);
        assert!(p.meanings.iter().all(|s| !matches!(s, Said::Move(_))));
        assert!(!p.phrases.is_empty());
    }
}
