//! Events into words: Fluent bundles for every UI language, embedded in
//! the binary, and the announcement styles of SPEC §2. One source file
//! per family of events (`game`, `answer`, `refusal`, `prompt`,
//! `engine`, `session`, `clock`, `records`, `replay`, `dual`,
//! `training` with `drill`, `online`), the words of moves and squares in
//! `words`, board reading in `board`, and what is spoken in which voice
//! in `speech`.
//!
//! Every message id used here is a string literal in these files; a test
//! checks them against `locales/*/annabella.ftl` in both directions.
//!
//! Every family of events is matched with an arm for each event: a
//! wildcard arm would answer a new event with silence or the wrong
//! words, so clippy's `wildcard_enum_match_arm` (and its twin for a
//! wildcard that stands for one variant) is an error here.

#![deny(
    clippy::wildcard_enum_match_arm,
    clippy::match_wildcard_for_single_variants
)]

mod answer;
mod board;
mod brf;
mod clock;
mod display;
mod drill;
mod dual;
mod engine;
mod flags;
mod game;
pub mod manual;
mod online;
mod prompt;
mod records;
mod refusal;
mod replay;
mod review;
mod session;
mod speech;
mod training;
mod words;

#[cfg(test)]
mod troubles;

pub use session::HearTrouble;
pub use speech::{Notice, Spoken};

use std::borrow::Cow;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use shakmaty::{CastlingSide, Color, File, Rank, Role, Square};

use crate::event::Event;
use crate::rules::EndReason;
use crate::settings::{Lang, Settings, Style, Verbosity};

type Bundle = FluentBundle<FluentResource>;

/// The locale files, embedded so the binary needs nothing beside it.
pub const LOCALES: [(Lang, &str); 3] = [
    (
        Lang::De,
        include_str!("../../../../locales/de/annabella.ftl"),
    ),
    (
        Lang::En,
        include_str!("../../../../locales/en/annabella.ftl"),
    ),
    (
        Lang::Et,
        include_str!("../../../../locales/et/annabella.ftl"),
    ),
];

/// Puts events into words in the language and style of the settings.
pub struct Announcer {
    bundles: Vec<(Lang, Bundle)>,
    /// The 64 squares in words, per language of the move words and
    /// spoken style ([`words::square_slot`]), made at their first use:
    /// every announced move names two squares, and each costs a
    /// message with two more inside it.
    squares: [OnceLock<Vec<String>>; words::SQUARE_SLOTS],
}

impl std::fmt::Debug for Announcer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Announcer")
    }
}

impl Default for Announcer {
    fn default() -> Self {
        Announcer::new()
    }
}

type Args<'a> = &'a [(&'a str, FluentValue<'a>)];

pub(crate) fn s(value: impl Into<String>) -> FluentValue<'static> {
    FluentValue::String(Cow::Owned(value.into()))
}

/// The longest quote of what the player typed that an answer repeats,
/// in characters: a few words, since a speech synthesiser reads all of
/// it and a Braille display shows one line.
pub const QUOTE_MAX: usize = 40;

/// What the player typed (a name, a value, a line not understood), as
/// an answer quotes it: trimmed, and when longer than [`QUOTE_MAX`]
/// characters cut at the last word that fits (inside a word only when
/// no word ends in the first half) and marked with ` ...`. Every answer
/// that echoes input quotes it through this; the message's own full
/// stop after the mark is dropped ([`Announcer::message`]), so the cut
/// ends in one ellipsis.
///
/// ```
/// use annabella_core::announce::quote;
/// assert_eq!(quote(" e9 "), "e9");
/// assert_eq!(quote(&"x".repeat(5000)), format!("{} ...", "x".repeat(40)));
/// assert_eq!(
///     quote("this is a very long line that nobody could ever read"),
///     "this is a very long line that nobody ..."
/// );
/// ```
pub fn quote(text: &str) -> String {
    let text = text.trim();
    let Some((end, _)) = text.char_indices().nth(QUOTE_MAX) else {
        return text.to_string();
    };
    // The character after the cut is a space: the last word fits whole.
    let fits_whole = text[end..].starts_with(char::is_whitespace);
    let head = if fits_whole {
        &text[..end]
    } else {
        match text[..end].rfind(char::is_whitespace) {
            Some(space) if text[..space].chars().count() >= QUOTE_MAX / 2 => &text[..space],
            _ => &text[..end],
        }
    };
    format!("{} {QUOTE_MARK}", head.trim_end())
}

/// The mark of a quote cut short.
const QUOTE_MARK: &str = "...";

/// A path as an answer quotes it: whole when short, else its end from
/// a folder's boundary after ` ...`, since the file's name is what the
/// player typed or needs to hear, and the folders before it are the
/// same every time.
///
/// ```
/// use annabella_core::announce::quote_path;
/// assert_eq!(quote_path("games/x.json"), "games/x.json");
/// assert_eq!(
///     quote_path("/home/anna/.local/share/annabella/games/mygame.json"),
///     "... /share/annabella/games/mygame.json"
/// );
/// ```
pub fn quote_path(path: &str) -> String {
    let path = path.trim();
    let chars = path.chars().count();
    if chars <= QUOTE_MAX {
        return path.to_string();
    }
    let (start, _) = path
        .char_indices()
        .nth(chars - QUOTE_MAX)
        .unwrap_or((0, ' '));
    let tail = &path[start..];
    // From the next folder's boundary, unless the file's name alone is
    // longer than the quote.
    let tail = match tail.find('/') {
        Some(at) if at + 1 < tail.len() => &tail[at..],
        _ => tail,
    };
    format!("... {tail}")
}

/// [`quote`] as a message argument.
fn q(text: &str) -> FluentValue<'static> {
    s(quote(text))
}

fn n(value: u32) -> FluentValue<'static> {
    FluentValue::from(value)
}

fn piece_id(role: Role) -> &'static str {
    match role {
        Role::King => "piece-king",
        Role::Queen => "piece-queen",
        Role::Rook => "piece-rook",
        Role::Bishop => "piece-bishop",
        Role::Knight => "piece-knight",
        Role::Pawn => "piece-pawn",
    }
}

fn pieces_id(role: Role) -> &'static str {
    match role {
        Role::King => "pieces-king",
        Role::Queen => "pieces-queen",
        Role::Rook => "pieces-rook",
        Role::Bishop => "pieces-bishop",
        Role::Knight => "pieces-knight",
        Role::Pawn => "pieces-pawn",
    }
}

fn letter_id(role: Role) -> &'static str {
    match role {
        Role::King => "letter-king",
        Role::Queen => "letter-queen",
        Role::Rook => "letter-rook",
        Role::Bishop => "letter-bishop",
        Role::Knight => "letter-knight",
        Role::Pawn => "letter-pawn",
    }
}

/// The role as a selector value for grammatical gender in Fluent.
fn role_key(role: Role) -> FluentValue<'static> {
    FluentValue::String(Cow::Borrowed(match role {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }))
}

fn fide_file_id(file: File) -> &'static str {
    match file {
        File::A => "file-fide-a",
        File::B => "file-fide-b",
        File::C => "file-fide-c",
        File::D => "file-fide-d",
        File::E => "file-fide-e",
        File::F => "file-fide-f",
        File::G => "file-fide-g",
        File::H => "file-fide-h",
    }
}

fn nato_file_id(file: File) -> &'static str {
    match file {
        File::A => "file-nato-a",
        File::B => "file-nato-b",
        File::C => "file-nato-c",
        File::D => "file-nato-d",
        File::E => "file-nato-e",
        File::F => "file-nato-f",
        File::G => "file-nato-g",
        File::H => "file-nato-h",
    }
}

fn rank_id(rank: Rank) -> &'static str {
    match rank {
        Rank::First => "rank-1",
        Rank::Second => "rank-2",
        Rank::Third => "rank-3",
        Rank::Fourth => "rank-4",
        Rank::Fifth => "rank-5",
        Rank::Sixth => "rank-6",
        Rank::Seventh => "rank-7",
        Rank::Eighth => "rank-8",
    }
}

fn color_id(color: Color) -> &'static str {
    match color {
        Color::White => "color-white",
        Color::Black => "color-black",
    }
}

/// The words for why a game ended; none when the reason is not known.
fn reason_id(reason: EndReason) -> Option<&'static str> {
    Some(match reason {
        EndReason::Checkmate => "reason-checkmate",
        EndReason::Resignation => "reason-resignation",
        EndReason::TimeForfeit => "reason-time-forfeit",
        EndReason::Stalemate => "reason-stalemate",
        EndReason::DeadPosition => "reason-dead-position",
        EndReason::Agreement => "reason-agreement",
        EndReason::ThreefoldRepetition => "reason-threefold",
        EndReason::FiftyMoveRule => "reason-fifty-move",
        EndReason::FivefoldRepetition => "reason-fivefold",
        EndReason::SeventyFiveMoveRule => "reason-seventy-five-move",
        EndReason::TimeoutVsInsufficientMaterial => "reason-timeout-insufficient",
        EndReason::Abandoned => "reason-abandoned",
        EndReason::Unknown => return None,
    })
}

fn castle_id(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "castle-short",
        CastlingSide::QueenSide => "castle-long",
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

impl Announcer {
    /// Loads the embedded locales.
    pub fn new() -> Announcer {
        let bundles = LOCALES
            .iter()
            .map(|&(lang, text)| {
                let langid = lang
                    .code()
                    .parse()
                    .unwrap_or_else(|_| unic_langid::LanguageIdentifier::default());
                let mut bundle = Bundle::new_concurrent(vec![langid]);
                bundle.set_use_isolating(false);
                let resource = match FluentResource::try_new(text.to_string()) {
                    Ok(r) => r,
                    // A broken locale must not stop play; the locale test
                    // catches it before release.
                    Err((r, _)) => r,
                };
                let _ = bundle.add_resource(resource);
                (lang, bundle)
            })
            .collect();
        Announcer {
            bundles,
            squares: Default::default(),
        }
    }

    fn bundle(&self, lang: Lang) -> &Bundle {
        let found = self.bundles.iter().find(|(l, _)| *l == lang);
        &found.unwrap_or(&self.bundles[0]).1
    }

    /// Formats one message; an unknown id comes back as itself.
    pub fn message(&self, lang: Lang, id: &str, args: Args<'_>) -> String {
        let bundle = self.bundle(lang);
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            return id.to_string();
        };
        let mut errors = Vec::new();
        if args.is_empty() {
            return bundle
                .format_pattern(pattern, None, &mut errors)
                .into_owned();
        }
        let mut fargs = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            fargs.set(*name, value.clone());
        }
        let text = bundle.format_pattern(pattern, Some(&fargs), &mut errors);
        // A quote cut short ends in its mark; the sentence's full stop
        // after it would make four dots.
        // (Checked without allocating: every message with arguments
        // passes here.)
        let cut_short = args.iter().any(|(_, value)| {
            matches!(value, FluentValue::String(v)
                if v.strip_suffix(QUOTE_MARK).is_some_and(|v| v.ends_with(' ')))
        });
        if cut_short {
            return text.replace(&format!(" {QUOTE_MARK}."), &format!(" {QUOTE_MARK}"));
        }
        text.into_owned()
    }

    /// The prompt while the offer to resume waits for yes or no.
    pub fn offer_prompt(&self, settings: &Settings) -> String {
        self.message(settings.lang, "prompt-offer", &[])
    }

    /// The prompt while a question other than "which piece" is open:
    /// what the next line is taken as.
    pub fn question_prompt(&self, settings: &Settings, label: PromptLabel) -> String {
        let id = match label {
            PromptLabel::Repeat => "prompt-repeat",
            PromptLabel::Answer => "prompt-answer",
            PromptLabel::Sheet => "prompt-sheet",
            PromptLabel::YesNo => "prompt-offer",
            PromptLabel::Token => "prompt-token",
        };
        self.message(settings.lang, id, &[])
    }

    /// The prompt: whose move it is, or that the game is over (`None`).
    pub fn prompt(&self, settings: &Settings, to_move: Option<Color>) -> String {
        let p = Phrasing::of(settings);
        match to_move {
            Some(turn) => self.message(p.lang, "prompt-turn", &[("color", s(self.color(p, turn)))]),
            None => self.message(p.lang, "prompt-over", &[]),
        }
    }

    /// The greeting printed when a person starts the client at a terminal.
    pub fn greeting(&self, settings: &Settings) -> String {
        self.message(settings.lang, "greeting-start", &[])
    }

    /// Puts one event into lines of text as printed: wrapped at the
    /// setting `width`, except FEN and PGN, which scripts read whole.
    pub fn render_lines(&self, settings: &Settings, event: &Event) -> Vec<String> {
        let lines = self.render(settings, event);
        let whole = matches!(
            event,
            Event::Answer(crate::event::Answer::Fen(_) | crate::event::Answer::Pgn(_))
        );
        if settings.width.0 == 0 || whole {
            return lines;
        }
        let width = usize::from(settings.width.0);
        if lines.iter().all(|line| line.chars().count() <= width) {
            return lines;
        }
        // A square's name is never split over two lines.
        let p = Phrasing::of(settings);
        let squares: Vec<String> = Square::ALL.iter().map(|&sq| self.square(p, sq)).collect();
        lines
            .iter()
            .flat_map(|line| crate::output::wrap_keeping(line, width, &squares))
            .collect()
    }

    /// Puts one event into lines of text.
    pub fn render(&self, settings: &Settings, event: &Event) -> Vec<String> {
        self.render_with(Phrasing::of(settings), event)
    }

    fn render_with(&self, p: Phrasing, event: &Event) -> Vec<String> {
        match event {
            Event::Game(e) => self.game_event(p, e),
            Event::Answer(a) => self.answer(p, a),
            Event::Refusal(r) => vec![self.refused(p, r)],
            Event::Prompt(q) => vec![self.prompt_event(p, q)],
            Event::Engine(e) => vec![self.engine_event(p, e)],
            Event::Session(e) => self.session_event(p, e),
            Event::Clock(e) => vec![self.clock_event(p, e)],
            Event::Record(e) => self.record_event(p, e),
            Event::Replay(e) => vec![self.replay_event(p, e)],
            Event::Dual(e) => self.dual_event(p, e),
            Event::Training(e) => self.training_event(p, e),
            Event::Online(e) => self.online_event(p, e),
            Event::Review(e) => self.review_event(p, e),
        }
    }
}

/// What a prompt says the next line is taken as, while a question waits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PromptLabel {
    /// The opponent's move, repeated.
    Repeat,
    /// The answer to a drill's or the game's question.
    Answer,
    /// The next move of a dictated scoresheet.
    Sheet,
    /// Yes or no.
    YesNo,
    /// The lichess token, read without echo.
    Token,
}

/// What the wording depends on: the interface language, the
/// announcement style and the verbosity. A copy of those three settings,
/// so that one phrase can be said shorter than the others ("Hint:
/// Springer Felix drei" at any verbosity).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Phrasing {
    /// The interface language.
    pub lang: Lang,
    /// How moves are put into words.
    pub style: Style,
    /// How much an announcement says.
    pub verbosity: Verbosity,
}

impl Phrasing {
    /// The phrasing of `settings`.
    pub fn of(settings: &Settings) -> Phrasing {
        Phrasing {
            lang: settings.lang,
            style: settings.style,
            verbosity: settings.verbosity,
        }
    }

    /// The same, at verbosity `short`: the move alone.
    pub fn short(self) -> Phrasing {
        Phrasing {
            verbosity: Verbosity::Short,
            ..self
        }
    }

    /// The same, at verbosity `full`: with the square the piece left.
    pub fn full(self) -> Phrasing {
        Phrasing {
            verbosity: Verbosity::Full,
            ..self
        }
    }
}
