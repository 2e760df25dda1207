//! The game family: moves, the end of the game, offers and claims.

use super::{Announcer, Phrasing, n, reason_id, s};
use crate::event::GameEvent;
use crate::rules::{ClaimRefusal, Finished};

impl Announcer {
    pub(super) fn game_event(&self, p: Phrasing, event: &GameEvent) -> Vec<String> {
        let ui = p.lang;
        let color = |c| [("color", s(self.color(p, c)))];
        let line = match event {
            GameEvent::Moved(f) => self.announce_move(p, f),
            GameEvent::Over(f) => self.game_over(p, f),
            GameEvent::NewGame {
                chess960: Some(number),
            } => self.message(ui, "new-game-960", &[("number", n(*number))]),
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
        let reason = s(self.message(p.lang, reason_id(f.reason), &[]));
        let result = s(f.outcome.as_str());
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
