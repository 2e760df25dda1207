//! The game as a record: FEN and PGN.

use std::fmt::Write as _;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Color, EnPassantMode};

use super::clock::Clock;
use super::{EndReason, Game, PlyNote, Tags};

mod notes;

impl Game {
    /// The current position as FEN: en passant square only when a legal
    /// capture exists, X-FEN castling in Chess960.
    pub fn fen(&self) -> String {
        Fen::from_position(self.position(), EnPassantMode::Legal).to_string()
    }

    /// The FEN of the start position.
    pub fn initial_fen(&self) -> &str {
        &self.initial_fen
    }

    /// The result as PGN writes it: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn result_text(&self) -> &'static str {
        match self.result {
            Some(f) => f.outcome.as_str(),
            None => "*",
        }
    }

    /// The game as PGN, with the seven tag roster (the given date and
    /// players, `?` for one unknown) and the tags a non-standard start
    /// needs.
    pub fn pgn(&self, date: &str, players: [&str; 2]) -> String {
        self.pgn_timed(date, players, None)
    }

    /// The game as PGN, with the `TimeControl` tag and each move's clock
    /// (`[%clk h:mm:ss]`, the mover's time after the move, as lichess
    /// writes it) when the game was played on `clock`.
    pub fn pgn_timed(&self, date: &str, players: [&str; 2], clock: Option<&Clock>) -> String {
        self.pgn_with(&PgnOptions {
            date,
            players,
            clock,
            ..PgnOptions::default()
        })
    }

    /// The game as PGN, written as `options` ask; with `options.notes`,
    /// an analysis as lichess exports one (`13. Qxd5?? { [%eval -4.2] }
    /// (13. Nxd5 Qxd5 14. Be3) 13... Nxd5`).
    ///
    /// ```
    /// use annabella_rules::{Game, PgnOptions};
    /// let mut game = Game::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    /// let mv = game.legal_moves().into_iter().find(|m| m.promotion().is_some()).unwrap();
    /// game.play(mv).unwrap();
    /// let pgn = game.pgn_with(&PgnOptions { german: true, ..PgnOptions::default() });
    /// assert!(pgn.contains("1. a8=D+"));
    /// ```
    pub fn pgn_with(&self, options: &PgnOptions<'_>) -> String {
        let mut out = String::new();
        for (name, value) in self.pgn_tags(options) {
            // PGN strings escape backslash and quote.
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(out, "[{name} \"{value}\"]");
        }
        out.push('\n');
        let times = options.clock.map_or(&[][..], Clock::after_moves);
        let mut tokens: Vec<String> = Vec::with_capacity(self.plies.len() * 3 / 2 + 1);
        // After a comment or a variation the move number is said again.
        let mut interrupted = true;
        for (i, ply) in self.plies.iter().enumerate() {
            let note = options.notes.get(i);
            if ply.color == Color::White {
                tokens.push(format!("{}.", ply.number));
            } else if interrupted {
                tokens.push(format!("{}...", ply.number));
            }
            let mut san = ply.san.to_string();
            if options.german {
                san = german_san(&san);
            }
            if let Some(judgement) = note.and_then(|n| n.judgement) {
                san.push_str(judgement.glyph());
            }
            tokens.push(san);
            let comment = notes::comment(note.and_then(|n| n.eval), times.get(i).copied());
            interrupted = comment.is_some();
            tokens.extend(comment);
            if let Some(note) = note
                && let Some(before) = self.positions.get(i)
            {
                let line = notes::variation(before, &note.better, options.german);
                interrupted |= !line.is_empty();
                tokens.extend(line);
            }
        }
        tokens.push(self.result_text().to_string());
        wrap(&mut out, tokens);
        out
    }

    /// The tag pairs in the order they are written: the seven tag roster
    /// (imported values first), the other imported tags in their order,
    /// then what this game needs and the imported tags do not say.
    pub fn pgn_tags<'a>(&self, options: &PgnOptions<'a>) -> Vec<(&'a str, String)> {
        let imported = |name: &str| options.tags.get(name).map(str::to_string);
        let [white, black] = options.players;
        let roster = [
            ("Event", "annabella game"),
            ("Site", "?"),
            ("Date", options.date),
            ("Round", "-"),
            ("White", white),
            ("Black", black),
        ];
        let mut tags: Vec<(&str, String)> = roster
            .into_iter()
            .map(|(name, value)| (name, imported(name).unwrap_or_else(|| value.to_string())))
            .collect();
        tags.push(("Result", self.result_text().to_string()));
        for (name, value) in options.tags.iter() {
            if !ROSTER.contains(&name) {
                tags.push((name, value.to_string()));
            }
        }
        let mut needed = Vec::new();
        if self.mode == CastlingMode::Chess960 {
            needed.push(("Variant", "Chess960".to_string()));
        }
        if self.custom_start {
            needed.push(("SetUp", "1".to_string()));
            needed.push(("FEN", self.initial_fen().to_string()));
        }
        // The opening by lichess's names, unless the file names it by
        // either tag: a code and a name from two tables may disagree.
        if options.tags.get("ECO").is_none()
            && options.tags.get("Opening").is_none()
            && let Some((opening, _)) = self.opening()
        {
            needed.push(("ECO", opening.eco.to_string()));
            needed.push(("Opening", opening.name.to_string()));
        }
        // An imported game's end is what its file says: none is guessed.
        // (A lichess game's tags name only its event and site.)
        if let Some(f) = self.result
            && options.tags.get("Result").is_none()
            && let Some(termination) = termination(f.reason)
        {
            needed.push(("Termination", termination.to_string()));
        }
        if let Some(clock) = options.clock {
            needed.push(("TimeControl", clock.control().pgn()));
        }
        for (name, value) in needed {
            if imported(name).is_none() {
                tags.push((name, value));
            }
        }
        tags
    }
}

/// The tags of a game that was not imported.
static NO_TAGS: Tags = Tags::new();

/// The tags every PGN game has, in this order.
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// How [`Game::pgn_with`] writes a game.
#[derive(Clone, Copy, Debug)]
pub struct PgnOptions<'a> {
    /// The `Date` tag, `yyyy.mm.dd` with `??` for unknown parts.
    pub date: &'a str,
    /// The players' names, White first (`?` for one unknown).
    pub players: [&'a str; 2],
    /// The clock the game was played on, for `TimeControl` and `[%clk]`.
    pub clock: Option<&'a Clock>,
    /// German piece letters: K, D, T, L, S (pawns have none; castling and
    /// squares are as in English).
    pub german: bool,
    /// The tags the game was imported with ([`super::ImportedGame::tags`]),
    /// or none. They are written back, and the seven tag roster takes its
    /// values from them before `date` and `players`. Pass them only with
    /// the very game they came with: `FEN` and `Variant` are kept as read.
    pub tags: &'a Tags,
    /// The analysis to write with the moves: one note per ply, by index
    /// (evaluation, judgement glyph, better line as a variation), as
    /// lichess exports an analysed game. Missing or short means no notes
    /// for the plies it does not reach.
    pub notes: &'a [PlyNote],
}

impl Default for PgnOptions<'_> {
    fn default() -> Self {
        PgnOptions {
            date: "????.??.??",
            players: ["?", "?"],
            clock: None,
            german: false,
            tags: &NO_TAGS,
            notes: &[],
        }
    }
}

/// Movetext tokens into lines of at most 79 characters.
fn wrap(out: &mut String, tokens: Vec<String>) {
    let mut line_len = 0;
    for token in tokens {
        if line_len > 0 && line_len + 1 + token.len() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        line_len += token.len();
        out.push_str(&token);
    }
    out.push('\n');
}

/// SAN with German piece letters, as PGN `de` writes it and a German
/// player types it. Capital letters in SAN are pieces only (files are
/// small letters; castling's O stays).
///
/// ```
/// assert_eq!(annabella_rules::german_san("Nxe5+"), "Sxe5+");
/// ```
pub fn german_san(san: &str) -> String {
    san.chars()
        .map(|c| match c {
            'Q' => 'D',
            'R' => 'T',
            'B' => 'L',
            'N' => 'S',
            c => c,
        })
        .collect()
}

/// A clock time as `[%clk]` writes it: `h:mm:ss`, whole seconds
/// rounded up (a clock with time left never reads zero).
fn clk(left: std::time::Duration) -> String {
    let secs = left.as_millis().div_ceil(1000);
    format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// The `Termination` tag for a reason; none when the reason is not known
/// (a record read again must not gain one).
fn termination(reason: EndReason) -> Option<&'static str> {
    Some(match reason {
        EndReason::TimeForfeit | EndReason::TimeoutVsInsufficientMaterial => "time forfeit",
        EndReason::Abandoned => "abandoned",
        EndReason::Unknown => return None,
        _ => "normal",
    })
}
