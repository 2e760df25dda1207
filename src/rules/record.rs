//! The game as a record: FEN and PGN.

use std::fmt::Write as _;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Color, EnPassantMode};

use super::clock::Clock;
use super::{EndReason, Game};

impl Game {
    /// The current position as FEN: en passant square only when a legal
    /// capture exists, X-FEN castling in Chess960.
    pub fn fen(&self) -> String {
        Fen::from_position(self.position(), EnPassantMode::Legal).to_string()
    }

    /// The FEN of the start position.
    pub fn initial_fen(&self) -> String {
        Fen::from_position(&self.initial, EnPassantMode::Legal).to_string()
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
        let mut out = String::new();
        let result = self.result_text();
        let tags = [
            ("Event", "annabella game"),
            ("Site", "?"),
            ("Date", date),
            ("Round", "-"),
            ("White", players[0]),
            ("Black", players[1]),
            ("Result", result),
        ];
        for (name, value) in tags {
            // PGN strings escape backslash and quote.
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(out, "[{name} \"{value}\"]");
        }
        if self.mode == CastlingMode::Chess960 {
            let _ = writeln!(out, "[Variant \"Chess960\"]");
        }
        if self.custom_start {
            let _ = writeln!(out, "[SetUp \"1\"]");
            let _ = writeln!(out, "[FEN \"{}\"]", self.initial_fen());
        }
        if let Some(f) = self.result {
            let _ = writeln!(out, "[Termination \"{}\"]", termination(f.reason));
        }
        if let Some(clock) = clock {
            let _ = writeln!(out, "[TimeControl \"{}\"]", clock.control().pgn());
        }
        let times = clock.map_or(&[][..], Clock::after_moves);
        out.push('\n');
        let mut tokens: Vec<String> = Vec::with_capacity(self.plies.len() * 3 / 2 + 1);
        for (i, ply) in self.plies.iter().enumerate() {
            if ply.color == Color::White {
                tokens.push(format!("{}.", ply.number));
            } else if i == 0 || !times.is_empty() {
                // After a comment the move number is said again.
                tokens.push(format!("{}...", ply.number));
            }
            tokens.push(ply.san.to_string());
            if let Some(&left) = times.get(i) {
                tokens.push(format!("{{ [%clk {}] }}", clk(left)));
            }
        }
        tokens.push(result.to_string());
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
        out
    }
}

/// A clock time as `[%clk]` writes it: `h:mm:ss`, whole seconds
/// rounded up (a clock with time left never reads zero).
fn clk(left: std::time::Duration) -> String {
    let secs = left.as_millis().div_ceil(1000);
    format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

fn termination(reason: EndReason) -> &'static str {
    match reason {
        EndReason::TimeForfeit | EndReason::TimeoutVsInsufficientMaterial => "time forfeit",
        _ => "normal",
    }
}
