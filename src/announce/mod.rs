//! Events into words: Fluent bundles for every UI language, embedded in
//! the binary, and the announcement styles of SPEC §2.
//!
//! Every message id used here is a string literal in this file; a test
//! checks them against `locales/*/annabella.ftl` in both directions.

mod board;

use std::borrow::Cow;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use shakmaty::{CastlingSide, Color, File, Piece, Rank, Role, Square};

use crate::event::{CommandError, Event, Question, StatusInfo, Suggestion};
use crate::input::{CastlingBlock, Refusal};
use crate::rules::{Check, ClaimRefusal, EndReason, Finished, MoveFacts};
use crate::settings::{Lang, Settings, Style, Verbosity};
use crate::view::BoardView;

type Bundle = FluentBundle<FluentResource>;

/// The locale files, embedded so the binary needs nothing beside it.
pub const LOCALES: [(Lang, &str); 3] = [
    (Lang::De, include_str!("../../locales/de/annabella.ftl")),
    (Lang::En, include_str!("../../locales/en/annabella.ftl")),
    (Lang::Et, include_str!("../../locales/et/annabella.ftl")),
];

/// Puts events into words in the language and style of the settings.
pub struct Announcer {
    bundles: Vec<(Lang, Bundle)>,
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

fn s(value: impl Into<String>) -> FluentValue<'static> {
    FluentValue::String(Cow::Owned(value.into()))
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

fn reason_id(reason: EndReason) -> &'static str {
    match reason {
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
    }
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

/// Help text ids per command id (see `session::COMMANDS`).
pub fn help_id(command: &str) -> Option<&'static str> {
    Some(match command {
        "help" => "help-help",
        "quit" => "help-quit",
        "new" => "help-new",
        "board" => "help-board",
        "status" => "help-status",
        "fen" => "help-fen",
        "pgn" => "help-pgn",
        "last" => "help-last",
        "history" => "help-history",
        "undo" => "help-undo",
        "resign" => "help-resign",
        "draw" => "help-draw",
        "accept" => "help-accept",
        "decline" => "help-decline",
        "set" => "help-set",
        "settings" => "help-settings",
        "square" => "help-square",
        "rank" => "help-rank",
        "file" => "help-file",
        "diagonal" => "help-diagonal",
        "pieces" => "help-pieces",
        "where" => "help-where",
        "attackers" => "help-attackers",
        "moves" => "help-moves",
        "material" => "help-material",
        "repeat" => "help-repeat",
        "hint" => "help-hint",
        "eval" => "help-eval",
        _ => return None,
    })
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
        Announcer { bundles }
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
        bundle
            .format_pattern(pattern, Some(&fargs), &mut errors)
            .into_owned()
    }

    /// The language of move words in a style: `fide` is German always.
    fn move_lang(settings: &Settings) -> Lang {
        match settings.style {
            Style::Fide => Lang::De,
            Style::Local | Style::Nato | Style::San => settings.lang,
        }
    }

    /// A square in the current style: "Felix drei", "f 3", "foxtrot 3"
    /// or "f3". Spoken styles keep letter and digit apart, so no speech
    /// engine reads them as one word.
    pub fn square(&self, settings: &Settings, sq: Square) -> String {
        match settings.style {
            Style::San => sq.to_string(),
            _ => self.message(
                Self::move_lang(settings),
                "square-words",
                &[
                    ("file", s(self.file(settings, sq.file()))),
                    ("rank", s(self.rank(settings, sq.rank()))),
                ],
            ),
        }
    }

    fn file(&self, settings: &Settings, file: File) -> String {
        match settings.style {
            Style::Fide => self.message(Lang::De, fide_file_id(file), &[]),
            Style::Nato => self.message(settings.lang, nato_file_id(file), &[]),
            Style::Local | Style::San => file.char().to_string(),
        }
    }

    fn rank(&self, settings: &Settings, rank: Rank) -> String {
        match settings.style {
            Style::Fide => self.message(Lang::De, rank_id(rank), &[]),
            Style::Local | Style::Nato | Style::San => rank.char().to_string(),
        }
    }

    /// A piece name in the language of the move words.
    fn piece_name(&self, settings: &Settings, role: Role) -> String {
        self.message(Self::move_lang(settings), piece_id(role), &[])
    }

    /// A piece name in the UI language.
    fn ui_piece(&self, settings: &Settings, role: Role) -> String {
        self.message(settings.lang, piece_id(role), &[])
    }

    fn letter(&self, lang: Lang, role: Role) -> String {
        self.message(lang, letter_id(role), &[])
    }

    /// SAN with the piece letters of the UI language (German: no `=`),
    /// safe for speech: a move told apart by its rank is written `N1-e2`,
    /// since speech engines read "1e2" as a hundred.
    fn san_text(&self, settings: &Settings, f: &MoveFacts) -> String {
        let text = self.plain_san_text(settings, f);
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::with_capacity(text.len() + 1);
        for (i, &c) in chars.iter().enumerate() {
            out.push(c);
            let next_two = (chars.get(i + 1), chars.get(i + 2));
            if c.is_ascii_digit()
                && matches!(next_two, (Some(l), Some(d)) if l.is_alphabetic() && d.is_ascii_digit())
            {
                out.push('-');
            }
        }
        out
    }

    fn plain_san_text(&self, settings: &Settings, f: &MoveFacts) -> String {
        let lang = settings.lang;
        if settings.verbosity == Verbosity::Full && f.castle.is_none() {
            let mut out = String::new();
            if f.role != Role::Pawn {
                out.push_str(&self.letter(lang, f.role));
            }
            out.push_str(&f.from.to_string());
            out.push(if f.capture.is_some() { 'x' } else { '-' });
            out.push_str(&f.to.to_string());
            if let Some(p) = f.promotion {
                if lang == Lang::En {
                    out.push('=');
                }
                out.push_str(&self.letter(lang, p));
            }
            out.push_str(match f.check {
                Check::None => "",
                Check::Check | Check::Double => "+",
                Check::Mate => "#",
            });
            return out;
        }
        if lang == Lang::En {
            return f.san.clone();
        }
        let mut out = String::with_capacity(f.san.len());
        for ch in f.san.chars() {
            let role = match ch {
                'K' => Role::King,
                'Q' => Role::Queen,
                'R' => Role::Rook,
                'B' => Role::Bishop,
                'N' => Role::Knight,
                '=' => continue,
                c => {
                    out.push(c);
                    continue;
                }
            };
            out.push_str(&self.letter(lang, role));
        }
        out
    }

    /// The words of a move alone, in the style: "Springer Felix drei".
    pub fn move_words(&self, settings: &Settings, f: &MoveFacts) -> String {
        if settings.style == Style::San {
            return self.san_text(settings, f);
        }
        let lang = Self::move_lang(settings);
        let full = settings.verbosity == Verbosity::Full;
        let piece = s(self.piece_name(settings, f.role));
        let to = s(self.square(settings, f.to));
        let mut text = if let Some(side) = f.castle {
            self.message(lang, castle_id(side), &[])
        } else if full {
            let from = s(self.square(settings, f.from));
            let base = self.message(
                lang,
                "move-full",
                &[("piece", piece), ("from", from), ("to", to)],
            );
            match f.capture {
                Some(c) => self.message(
                    lang,
                    "move-full-takes",
                    &[
                        ("move", s(base)),
                        ("captured", s(self.piece_name(settings, c))),
                    ],
                ),
                None => base,
            }
        } else if f.role == Role::Pawn && f.capture.is_some() {
            let from = s(self.file(settings, f.from.file()));
            self.message(
                lang,
                "move-from-takes",
                &[("piece", piece), ("from", from), ("to", to)],
            )
        } else if f.ambiguous {
            let from = s(self.square(settings, f.from));
            let id = if f.capture.is_some() {
                "move-from-takes"
            } else {
                "move-from-to"
            };
            self.message(lang, id, &[("piece", piece), ("from", from), ("to", to)])
        } else {
            let id = if f.capture.is_some() {
                "move-takes"
            } else {
                "move-to"
            };
            self.message(lang, id, &[("piece", piece), ("to", to)])
        };
        if f.en_passant {
            text = self.message(lang, "move-en-passant", &[("move", s(text))]);
        }
        if let Some(p) = f.promotion {
            let promo = s(self.piece_name(settings, p));
            text = self.message(
                lang,
                "move-promotion",
                &[("move", s(text)), ("piece", promo)],
            );
        }
        let check_id = match f.check {
            Check::None => None,
            Check::Check => Some("move-check"),
            Check::Double => Some("move-double-check"),
            Check::Mate => Some("move-mate"),
        };
        if let Some(id) = check_id {
            text = self.message(lang, id, &[("move", s(text))]);
        }
        text
    }

    /// The announcement of a move at the current verbosity.
    pub fn announce_move(&self, settings: &Settings, f: &MoveFacts) -> String {
        let words = self.move_words(settings, f);
        if settings.verbosity == Verbosity::Short {
            return words;
        }
        self.message(
            settings.lang,
            "announce-move",
            &[
                ("number", n(f.number)),
                ("color", s(self.color(settings, f.color))),
                ("move", s(words)),
            ],
        )
    }

    fn color(&self, settings: &Settings, color: Color) -> String {
        self.message(settings.lang, color_id(color), &[])
    }

    /// Joins choices as "A, B or C" in the UI language.
    fn or_list(&self, settings: &Settings, mut items: Vec<String>) -> String {
        match items.len() {
            0 => String::new(),
            1 => items.remove(0),
            _ => {
                let last = items.pop().unwrap_or_default();
                self.message(
                    settings.lang,
                    "list-or",
                    &[("first", s(items.join(", "))), ("last", s(last))],
                )
            }
        }
    }

    /// What stands on a square: "Eva vier: weißer Bauer."
    fn square_content(&self, settings: &Settings, square: Square, piece: Option<Piece>) -> String {
        let sq = s(self.square(settings, square));
        match piece {
            Some(piece) => self.message(
                settings.lang,
                "square-piece",
                &[
                    ("square", sq),
                    ("piece", s(self.colored_piece(settings, piece))),
                ],
            ),
            None => self.message(settings.lang, "square-empty", &[("square", sq)]),
        }
    }

    /// The end-of-game line, as `status` and the game end print it.
    pub fn game_over(&self, settings: &Settings, f: &Finished) -> String {
        let reason = s(self.message(settings.lang, reason_id(f.reason), &[]));
        let result = s(f.outcome.as_str());
        match f.outcome.winner() {
            Some(winner) => self.message(
                settings.lang,
                "game-over-win",
                &[
                    ("result", result),
                    ("winner", s(self.color(settings, winner))),
                    ("reason", reason),
                ],
            ),
            None => self.message(
                settings.lang,
                "game-over-draw",
                &[("result", result), ("reason", reason)],
            ),
        }
    }

    /// The prompt: whose move it is.
    pub fn prompt(&self, settings: &Settings, turn: Color, over: bool) -> String {
        if over {
            return self.message(settings.lang, "prompt-over", &[]);
        }
        self.message(
            settings.lang,
            "prompt-turn",
            &[("color", s(self.color(settings, turn)))],
        )
    }

    /// The greeting printed when a person starts the client at a terminal.
    pub fn greeting(&self, settings: &Settings) -> String {
        self.message(settings.lang, "greeting-start", &[])
    }

    fn status(&self, settings: &Settings, st: &StatusInfo) -> String {
        if let Some(f) = st.result {
            return self.game_over(settings, &f);
        }
        let line = self.message(
            settings.lang,
            "status-running",
            &[
                ("color", s(self.color(settings, st.turn))),
                ("number", n(st.number)),
            ],
        );
        if st.check {
            let check = self.message(settings.lang, "status-check", &[]);
            format!("{line} {check}")
        } else {
            line
        }
    }

    fn question(&self, settings: &Settings, q: &Question) -> String {
        let ui = settings.lang;
        match q {
            Question::Which { role, squares } => {
                let choices = squares
                    .iter()
                    .map(|&sq| self.square(settings, sq))
                    .collect();
                let choices = s(self.or_list(settings, choices));
                match role {
                    Some(r) => self.message(
                        ui,
                        "ask-which",
                        &[
                            ("role", role_key(*r)),
                            ("name", s(self.ui_piece(settings, *r))),
                            ("choices", choices),
                        ],
                    ),
                    None => self.message(ui, "ask-which-any", &[("choices", choices)]),
                }
            }
            Question::Promotion { to } => self.message(
                ui,
                "ask-promotion",
                &[("square", s(self.square(settings, *to)))],
            ),
        }
    }

    fn refusal(&self, settings: &Settings, r: &Refusal) -> String {
        let ui = settings.lang;
        let sq = |sq: Square| s(self.square(settings, sq));
        let name = |role: Role| s(self.ui_piece(settings, role));
        // The castling name opens the sentence.
        let castling = |side| s(capitalise(&self.message(ui, castle_id(side), &[])));
        match *r {
            Refusal::GameOver => self.message(ui, "refuse-game-over", &[]),
            Refusal::NotAMove => self.message(ui, "refuse-not-a-move", &[]),
            Refusal::NotYourTurn { turn } => self.message(
                ui,
                "refuse-not-your-turn",
                &[("color", s(self.color(settings, turn)))],
            ),
            Refusal::NoPieceOn { square } => {
                self.message(ui, "refuse-no-piece-on", &[("square", sq(square))])
            }
            Refusal::WrongPieceOn {
                square,
                expected,
                found,
            } => self.message(
                ui,
                "refuse-wrong-piece-on",
                &[
                    ("square", sq(square)),
                    ("found", role_key(found)),
                    ("foundname", name(found)),
                    ("expected", role_key(expected)),
                    ("expectedname", name(expected)),
                ],
            ),
            Refusal::NoSuchPiece { role, file, rank } => {
                let place = match (file, rank) {
                    (Some(f), Some(r)) => self.message(
                        ui,
                        "where-square",
                        &[("square", sq(Square::from_coords(f, r)))],
                    ),
                    (Some(f), None) => {
                        self.message(ui, "where-file", &[("file", s(self.file(settings, f)))])
                    }
                    (None, Some(r)) => {
                        self.message(ui, "where-rank", &[("rank", s(self.rank(settings, r)))])
                    }
                    (None, None) => String::new(),
                };
                self.message(
                    ui,
                    "refuse-no-such-piece",
                    &[
                        ("role", role_key(role)),
                        ("name", name(role)),
                        ("where", s(place)),
                    ],
                )
            }
            Refusal::OwnPiece { square, role } => self.message(
                ui,
                "refuse-own-piece",
                &[
                    ("square", sq(square)),
                    ("role", role_key(role)),
                    ("name", name(role)),
                ],
            ),
            Refusal::KingInCheck { attacker, square } => self.message(
                ui,
                "refuse-king-in-check",
                &[
                    ("square", sq(square)),
                    ("role", role_key(attacker)),
                    ("name", name(attacker)),
                ],
            ),
            Refusal::CannotReach { role, from, to } => match (role, from) {
                (Some(role), Some(from)) => self.message(
                    ui,
                    "refuse-cannot-reach-from",
                    &[
                        ("role", role_key(role)),
                        ("name", name(role)),
                        ("from", sq(from)),
                        ("to", sq(to)),
                    ],
                ),
                (Some(role), None) => self.message(
                    ui,
                    "refuse-cannot-reach",
                    &[
                        ("role", role_key(role)),
                        ("name", name(role)),
                        ("to", sq(to)),
                    ],
                ),
                (None, _) => self.message(ui, "refuse-cannot-reach-any", &[("to", sq(to))]),
            },
            Refusal::NothingToCapture { square } => {
                self.message(ui, "refuse-nothing-to-capture", &[("square", sq(square))])
            }
            Refusal::NoPromotion => self.message(ui, "refuse-no-promotion", &[]),
            Refusal::CastlingNoLongerAllowed { side, moved } => {
                let id = match moved {
                    Some(Role::King) => "refuse-castling-king-moved",
                    Some(_) => "refuse-castling-rook-moved",
                    None => "refuse-castling-no-right",
                };
                self.message(ui, id, &[("castling", castling(side))])
            }
            Refusal::CastlingPrevented { side, block } => match block {
                CastlingBlock::InCheck => self.message(
                    ui,
                    "refuse-castling-in-check",
                    &[("castling", castling(side))],
                ),
                CastlingBlock::Occupied(square) => self.message(
                    ui,
                    "refuse-castling-occupied",
                    &[("castling", castling(side)), ("square", sq(square))],
                ),
                CastlingBlock::Attacked(square) => self.message(
                    ui,
                    "refuse-castling-attacked",
                    &[("castling", castling(side)), ("square", sq(square))],
                ),
            },
        }
    }

    fn claim_refused(&self, settings: &Settings, c: &ClaimRefusal) -> Vec<String> {
        let mut lines = vec![self.message(
            settings.lang,
            "claim-refused",
            &[
                ("count", n(c.repetitions as u32)),
                ("moves", n(c.halfmoves / 2)),
            ],
        )];
        if c.with_move {
            lines.push(self.message(settings.lang, "claim-move-stays", &[]));
        }
        lines
    }

    fn board(&self, settings: &Settings, view: &BoardView) -> Vec<String> {
        let ui = settings.lang;
        match view {
            BoardView::List(sides) => sides
                .iter()
                .map(|(color, groups)| {
                    let groups: Vec<String> = groups
                        .iter()
                        .map(|(role, squares)| {
                            let id = if squares.len() == 1 {
                                piece_id(*role)
                            } else {
                                pieces_id(*role)
                            };
                            let squares: Vec<String> = squares
                                .iter()
                                .map(|&sq| self.square(settings, sq))
                                .collect();
                            format!(
                                "{} {}",
                                self.message(Self::move_lang(settings), id, &[]),
                                squares.join(", ")
                            )
                        })
                        .collect();
                    self.message(
                        ui,
                        "board-side",
                        &[
                            ("color", s(self.color(settings, *color))),
                            ("pieces", s(groups.join("; "))),
                        ],
                    )
                })
                .collect(),
            BoardView::Squares(cells) => cells
                .iter()
                .map(|&(square, piece)| self.square_content(settings, square, Some(piece)))
                .collect(),
            BoardView::Ranks(rows) => rows
                .iter()
                .map(|(rank, cells)| {
                    let mut line = format!("{} ", rank.char());
                    for cell in cells {
                        match cell {
                            Some(Piece { color, role }) => {
                                let letter = self.letter(ui, *role);
                                if *color == Color::White {
                                    line.push_str(&letter.to_uppercase());
                                } else {
                                    line.push_str(&letter.to_lowercase());
                                }
                            }
                            None => line.push('.'),
                        }
                    }
                    line
                })
                .collect(),
        }
    }

    fn history(&self, settings: &Settings, moves: &[MoveFacts]) -> Vec<String> {
        if moves.is_empty() {
            return vec![self.message(settings.lang, "last-none", &[])];
        }
        let mut lines = Vec::new();
        let mut i = 0;
        while i < moves.len() {
            let m = &moves[i];
            let words = s(self.move_words(settings, m));
            if m.color == Color::Black {
                lines.push(self.message(
                    settings.lang,
                    "history-black",
                    &[("number", n(m.number)), ("black", words)],
                ));
                i += 1;
            } else if let Some(reply) = moves.get(i + 1) {
                let black = s(self.move_words(settings, reply));
                lines.push(self.message(
                    settings.lang,
                    "history-both",
                    &[("number", n(m.number)), ("white", words), ("black", black)],
                ));
                i += 2;
            } else {
                lines.push(self.message(
                    settings.lang,
                    "history-white",
                    &[("number", n(m.number)), ("white", words)],
                ));
                i += 1;
            }
        }
        lines
    }

    fn command_error(&self, settings: &Settings, e: &CommandError) -> String {
        let ui = settings.lang;
        match e {
            CommandError::UnknownSetting(key) => {
                let keys = crate::settings::KEYS
                    .iter()
                    .map(|(k, _)| *k)
                    .collect::<Vec<_>>();
                self.message(
                    ui,
                    "unknown-setting",
                    &[("key", s(key.clone())), ("keys", s(keys.join(", ")))],
                )
            }
            CommandError::BadValue {
                key,
                value,
                allowed,
            } => {
                let allowed = self.or_list(settings, allowed.clone());
                self.message(
                    ui,
                    "bad-value",
                    &[
                        ("key", s(key.clone())),
                        ("value", s(value.clone())),
                        ("allowed", s(allowed)),
                    ],
                )
            }
            CommandError::SetUsage => self.message(ui, "set-usage", &[]),
            CommandError::Chess960Number(v) => {
                self.message(ui, "chess960-number", &[("value", s(v.clone()))])
            }
            CommandError::UnknownHelpTopic(t) => {
                self.message(ui, "unknown-help", &[("topic", s(t.clone()))])
            }
            CommandError::BadArgument { command, argument } => {
                let help = help_id(command)
                    .map(|id| self.message(ui, id, &[]))
                    .unwrap_or_default();
                let line = self.message(ui, "bad-argument", &[("argument", s(argument.clone()))]);
                format!("{line} {help}")
            }
        }
    }

    /// Puts one event into lines of text as printed: wrapped at the
    /// setting `width`, except FEN and PGN, which scripts read whole.
    pub fn render_lines(&self, settings: &Settings, event: &Event) -> Vec<String> {
        let lines = self.render(settings, event);
        if settings.width == 0 || matches!(event, Event::Fen(_) | Event::Pgn(_)) {
            return lines;
        }
        lines
            .iter()
            .flat_map(|line| crate::output::wrap(line, usize::from(settings.width)))
            .collect()
    }

    /// Puts one event into lines of text.
    pub fn render(&self, settings: &Settings, event: &Event) -> Vec<String> {
        let ui = settings.lang;
        let one = |line: String| vec![line];
        match event {
            Event::Moved(f) => one(self.announce_move(settings, f)),
            Event::GameOver(f) => one(self.game_over(settings, f)),
            Event::Refused(r) => one(self.refusal(settings, r)),
            Event::Understood(words) => {
                one(self.message(ui, "input-understood", &[("words", s(words.clone()))]))
            }
            Event::NotUnderstood { input, suggestion } => one(match suggestion {
                Some(sug) => {
                    let text = match sug {
                        Suggestion::Command(word) => word.clone(),
                        Suggestion::Move(f) => {
                            let mut plain = *settings;
                            plain.verbosity = Verbosity::Short;
                            self.move_words(&plain, f)
                        }
                    };
                    self.message(
                        ui,
                        "not-understood-suggest",
                        &[("input", s(input.clone())), ("suggestion", s(text))],
                    )
                }
                None => self.message(ui, "not-understood", &[("input", s(input.clone()))]),
            }),
            Event::Ask(q) => one(self.question(settings, q)),
            Event::AnswerNotFitting(q) => one(format!(
                "{} {}",
                self.message(ui, "answer-not-fitting", &[]),
                self.question(settings, q)
            )),
            Event::Status(st) => one(self.status(settings, st)),
            Event::Fen(fen) => one(fen.clone()),
            Event::Pgn(pgn) => pgn.lines().map(str::to_string).collect(),
            Event::Board(view) => self.board(settings, view),
            Event::SquareContent { square, piece } => {
                one(self.square_content(settings, *square, *piece))
            }
            Event::Lines(lines) => lines.iter().map(|l| self.line(settings, l)).collect(),
            Event::Where { role, found } => self.where_lines(settings, *role, found),
            Event::Attackers {
                square,
                piece,
                sides,
            } => one(self.attackers(settings, *square, *piece, sides)),
            Event::Moves { turn, from, moves } => one(self.moves(settings, *from, moves, *turn)),
            Event::Material(sides) => self.material(settings, sides),
            Event::Last(Some(f)) => {
                let mut at_least_normal = *settings;
                if at_least_normal.verbosity == Verbosity::Short {
                    at_least_normal.verbosity = Verbosity::Normal;
                }
                one(self.announce_move(&at_least_normal, f))
            }
            Event::Last(None) => one(self.message(ui, "last-none", &[])),
            Event::History(moves) => self.history(settings, moves),
            Event::Undone(f) => one(self.message(
                ui,
                "undo-done",
                &[("move", s(self.move_words(settings, f)))],
            )),
            Event::Reopened => one(self.message(ui, "undo-reopened", &[])),
            Event::NothingToUndo => one(self.message(ui, "nothing-to-undo", &[])),
            Event::DrawOffered(c) => one(self.message(
                ui,
                "draw-offered",
                &[("color", s(self.color(settings, *c)))],
            )),
            Event::DrawDeclined(c) => one(self.message(
                ui,
                "draw-declined",
                &[("color", s(self.color(settings, *c)))],
            )),
            Event::NoDrawOffer => one(self.message(ui, "no-draw-offer", &[])),
            Event::ClaimRefused(c) => self.claim_refused(settings, c),
            Event::NewGame { chess960 } => one(match chess960 {
                Some(number) => self.message(ui, "new-game-960", &[("number", n(*number))]),
                None => self.message(ui, "new-game", &[]),
            }),
            Event::SettingChanged(setting) => one(self.message(
                ui,
                "setting-changed",
                &[("key", s(setting.key())), ("value", s(setting.value()))],
            )),
            Event::Settings(all) => all
                .iter()
                .map(|setting| {
                    self.message(
                        ui,
                        "setting-line",
                        &[("key", s(setting.key())), ("value", s(setting.value()))],
                    )
                })
                .collect(),
            Event::Help(None) => {
                let mut lines = vec![self.message(ui, "help-intro", &[])];
                lines.push(self.message(ui, "help-move-input", &[]));
                lines
            }
            Event::Help(Some(command)) => one(help_id(command)
                .map(|id| self.message(ui, id, &[]))
                .unwrap_or_default()),
            Event::CommandFailed(e) => one(self.command_error(settings, e)),
            Event::Quit => one(self.message(ui, "quit-goodbye", &[])),
            Event::Repeated(events) => events
                .iter()
                .flat_map(|e| self.render(settings, e))
                .collect(),
            Event::NothingToRepeat => one(self.message(ui, "nothing-to-repeat", &[])),
            Event::EngineFailed(_)
            | Event::EngineThinking
            | Event::Hint(_)
            | Event::Evaluation(_)
            | Event::OpponentChanged(_) => one(self.engine_event(settings, event)),
        }
    }
}

/// A notice about the outputs themselves, said once.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// No speech service answered; annabella goes on in text.
    SpeechUnavailable,
    /// Speech worked but stopped; annabella goes on in text.
    SpeechLost,
    /// No audio device; annabella goes on without sound cues.
    SoundUnavailable,
}

/// One piece of speech in one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spoken {
    /// What to say.
    pub text: String,
    /// The language to say it in (the voice).
    pub lang: Lang,
}

impl Announcer {
    /// The text of a notice.
    pub fn notice(&self, settings: &Settings, notice: Notice) -> String {
        let id = match notice {
            Notice::SpeechUnavailable => "notice-speech-unavailable",
            Notice::SpeechLost => "notice-speech-lost",
            Notice::SoundUnavailable => "notice-sound-unavailable",
        };
        self.message(settings.lang, id, &[])
    }

    /// What to say for an event, split by language: in the `fide` style
    /// the move words are German in every UI language, so a German voice
    /// says them and the voice of the UI language says the rest. FEN and
    /// PGN are for reading, not for listening, and are not spoken.
    pub fn spoken(&self, settings: &Settings, event: &Event) -> Vec<Spoken> {
        let ui = settings.lang;
        let lines = match event {
            Event::Fen(_) | Event::Pgn(_) => return Vec::new(),
            Event::Repeated(events) => {
                return events
                    .iter()
                    .flat_map(|e| self.spoken(settings, e))
                    .collect();
            }
            _ => self.render(settings, event),
        };
        let german = if settings.style == Style::Fide && ui != Lang::De {
            self.german_words(settings, event)
        } else {
            Vec::new()
        };
        let mut out = Vec::new();
        for line in lines {
            split_languages(&line, &german, ui, &mut out);
        }
        out
    }

    /// The German move words an event's text contains.
    fn german_words(&self, settings: &Settings, event: &Event) -> Vec<String> {
        let mut short = *settings;
        short.verbosity = Verbosity::Short;
        let words = |f: &MoveFacts, s: &Settings| self.move_words(s, f);
        match event {
            Event::Moved(f) | Event::Undone(f) => vec![words(f, settings)],
            Event::Last(Some(f)) => vec![words(f, settings)],
            Event::History(moves) => moves.iter().map(|f| words(f, settings)).collect(),
            Event::NotUnderstood {
                suggestion: Some(Suggestion::Move(f)),
                ..
            } => vec![words(f, &short)],
            _ => Vec::new(),
        }
    }
}

/// Cuts `line` into pieces in the UI language and pieces that are one of
/// the `german` phrases; pieces without a letter or digit are dropped.
fn split_languages(line: &str, german: &[String], ui: Lang, out: &mut Vec<Spoken>) {
    let mut push = |text: &str, lang: Lang| {
        let text = text.trim();
        if text.chars().any(char::is_alphanumeric) {
            out.push(Spoken {
                text: text.to_string(),
                lang,
            });
        }
    };
    let mut rest = line;
    loop {
        let next = german
            .iter()
            .filter(|w| !w.is_empty())
            .filter_map(|w| rest.find(w.as_str()).map(|at| (at, w.len())))
            .min();
        match next {
            Some((at, len)) => {
                push(&rest[..at], ui);
                push(&rest[at..at + len], Lang::De);
                rest = &rest[at + len..];
            }
            None => {
                push(rest, ui);
                break;
            }
        }
    }
}

impl Announcer {
    /// The opponent's events: engine failures, hints, evaluations.
    fn engine_event(&self, settings: &Settings, event: &Event) -> String {
        use crate::engine::client::Failure;
        let ui = settings.lang;
        match event {
            Event::EngineFailed(failure) => {
                let (reason, mv) = match failure {
                    Failure::NotStarted => ("notstarted", String::new()),
                    Failure::StartTimeout => ("starttimeout", String::new()),
                    Failure::Crashed => ("crashed", String::new()),
                    Failure::Hung => ("hung", String::new()),
                    Failure::IllegalMove(m) => ("illegal", m.clone()),
                    Failure::Garbled => ("garbled", String::new()),
                };
                self.message(
                    ui,
                    "engine-failed",
                    &[("reason", s(reason)), ("move", s(mv))],
                )
            }
            Event::EngineThinking => self.message(ui, "engine-thinking", &[]),
            Event::Hint(f) => {
                let mut plain = *settings;
                plain.verbosity = Verbosity::Short;
                self.message(ui, "hint-move", &[("move", s(self.move_words(&plain, f)))])
            }
            Event::Evaluation(e) => {
                let leader = if e.mate.map_or(e.centipawns, |m| m) >= 0 {
                    Color::White
                } else {
                    Color::Black
                };
                let color = s(self.color(settings, leader));
                let cp = e.centipawns.abs();
                let verdict = match e.mate {
                    Some(m) => self.message(
                        ui,
                        "eval-mate",
                        &[("color", color), ("moves", n(m.unsigned_abs()))],
                    ),
                    None if cp <= 30 => self.message(ui, "eval-equal", &[]),
                    None if cp <= 90 => self.message(ui, "eval-slight", &[("color", color)]),
                    None if cp <= 250 => self.message(ui, "eval-clear", &[("color", color)]),
                    None => self.message(ui, "eval-winning", &[("color", color)]),
                };
                if settings.verbosity != Verbosity::Full {
                    return verdict;
                }
                let mut plain = *settings;
                plain.verbosity = Verbosity::Short;
                let line: Vec<String> = e.line.iter().map(|f| self.move_words(&plain, f)).collect();
                let detail = self.message(
                    ui,
                    "eval-detail",
                    &[
                        ("centipawns", s(e.centipawns.to_string())),
                        ("line", s(line.join("; "))),
                    ],
                );
                format!("{verdict} {detail}")
            }
            Event::OpponentChanged(o) => match o.kind {
                "human" => self.message(ui, "opponent-human", &[]),
                kind => self.message(
                    ui,
                    if kind == "external" {
                        "opponent-external"
                    } else {
                        "opponent-engine"
                    },
                    &[
                        ("level", n(u32::from(o.level))),
                        ("elo", n(o.elo)),
                        ("color", s(self.color(settings, o.human))),
                    ],
                ),
            },
            _ => String::new(),
        }
    }
}
