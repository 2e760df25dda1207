//! The game family: moves, the end of the game, offers and claims.

use super::{Announcer, Phrasing, n, reason_id, s};
use crate::event::GameEvent;
use crate::rules::{ClaimRefusal, Finished, Game};
use crate::settings::Style;
use shakmaty::{File, Position, Rank, Square};

impl Announcer {
    pub(super) fn game_event(&self, p: Phrasing, event: &GameEvent) -> Vec<String> {
        let ui = p.lang;
        let color = |c| [("color", s(self.color(p, c)))];
        let line = match event {
            GameEvent::Moved(f) => self.announce_move(p, f),
            GameEvent::Over(f) => self.game_over(p, f),
            GameEvent::NewGame {
                chess960: Some(number),
            } => self.message(
                ui,
                "new-game-960",
                &[
                    ("number", n(*number)),
                    ("pieces", s(self.back_rank(p, *number))),
                ],
            ),
            GameEvent::NewGame { chess960: None } => self.message(ui, "new-game", &[]),
            GameEvent::Undone(f) => {
                self.message(ui, "undo-done", &[("move", s(self.move_words(p, f)))])
            }
            GameEvent::Reopened => self.message(ui, "undo-reopened", &[]),
            GameEvent::DrawOffered(c) => self.message(ui, "draw-offered", &color(*c)),
            GameEvent::DrawDeclined(c) => self.message(ui, "draw-declined", &color(*c)),
            GameEvent::ClaimRefused(c) => return self.claim_refused(p, c),
        };
        vec![line]
    }

    /// The end-of-game line, as `status` and the game end print it.
    pub fn game_over(&self, p: Phrasing, f: &Finished) -> String {
        let result = s(f.outcome.as_str());
        // A record that gives only the result is said as it is: who won,
        // and no reason guessed.
        let Some(reason) = reason_id(f.reason) else {
            return match f.outcome.winner() {
                Some(winner) => self.message(
                    p.lang,
                    "game-over-won",
                    &[("result", result), ("winner", s(self.color(p, winner)))],
                ),
                None => self.message(p.lang, "game-over-drawn", &[("result", result)]),
            };
        };
        let reason = s(self.message(p.lang, reason, &[]));
        match f.outcome.winner() {
            Some(winner) => self.message(
                p.lang,
                "game-over-win",
                &[
                    ("result", result),
                    ("winner", s(self.color(p, winner))),
                    ("reason", reason),
                ],
            ),
            None => self.message(
                p.lang,
                "game-over-draw",
                &[("result", result), ("reason", reason)],
            ),
        }
    }

    /// White's pieces on the first rank of a Chess960 start, a to h, in
    /// the style of the moves: piece words, or the letters run together
    /// in `san` ("RNBQKBNR").
    fn back_rank(&self, p: Phrasing, number: u32) -> String {
        let Ok(game) = Game::chess960(number) else {
            return String::new();
        };
        let board = game.initial_position().board();
        let roles = File::ALL
            .into_iter()
            .filter_map(|file| board.role_at(Square::from_coords(file, Rank::First)));
        match p.style {
            Style::San => roles.map(|r| self.letter(p.lang, r)).collect(),
            Style::Fide | Style::Local | Style::Nato => roles
                .map(|r| self.piece_name(p, r))
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    fn claim_refused(&self, p: Phrasing, c: &ClaimRefusal) -> Vec<String> {
        let mut lines = vec![self.message(
            p.lang,
            "claim-refused",
            &[
                ("count", n(c.repetitions as u32)),
                ("moves", n(c.halfmoves / 2)),
            ],
        )];
        if c.with_move {
            lines.push(self.message(p.lang, "claim-move-stays", &[]));
        }
        lines
    }
}
