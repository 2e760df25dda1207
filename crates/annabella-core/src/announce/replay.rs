//! The replay family: moves shown one by one, said as they were said
//! when they were played, and where the replay stands.

use super::{Announcer, Phrasing, n, s};
use crate::event::{MoveRange, ReplayEvent};
use shakmaty::Color;

impl Announcer {
    pub(super) fn replay_event(&self, p: Phrasing, event: &ReplayEvent) -> String {
        let ui = p.lang;
        match event {
            ReplayEvent::Shown(f) => self.announce_move(p, f),
            // The words of `undo`: the player hears the same for the same
            // thing, a move taken off the board.
            ReplayEvent::Back(f) => {
                self.message(ui, "undo-done", &[("move", s(self.move_words(p, f)))])
            }
            ReplayEvent::AtStart => self.message(ui, "replay-start", &[]),
            ReplayEvent::AtEnd(Some(f)) => {
                let result = self.game_over(p, f);
                self.message(ui, "replay-end", &[("result", s(result))])
            }
            ReplayEvent::AtEnd(None) => self.message(ui, "replay-end-open", &[]),
            ReplayEvent::Continued => self.message(ui, "replay-continued", &[]),
            ReplayEvent::Place {
                shown,
                total,
                ended,
            } => self.message(
                ui,
                if *ended {
                    "replay-place-ended"
                } else {
                    "replay-place"
                },
                &[
                    ("shown", n(u32::try_from(*shown).unwrap_or(u32::MAX))),
                    ("total", n(u32::try_from(*total).unwrap_or(u32::MAX))),
                ],
            ),
        }
    }

    /// `goto` a move the game does not have: which moves it has.
    pub(super) fn no_such_move(
        &self,
        p: Phrasing,
        number: u32,
        side: Option<Color>,
        range: Option<MoveRange>,
    ) -> String {
        let Some(range) = range else {
            return self.message(p.lang, "replay-no-moves", &[]);
        };
        let mut args = vec![
            ("number", n(number)),
            ("first", n(range.first)),
            ("last", n(range.last)),
            ("color", s(self.color(p, range.last_side))),
        ];
        let id = match side {
            Some(side) => {
                args.push(("side", s(self.color(p, side))));
                "replay-no-move-side"
            }
            None => "replay-no-move",
        };
        self.message(p.lang, id, &args)
    }
}
