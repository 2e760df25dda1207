//! The flows that cross rooms. A room answers what is its own with the
//! table beside it; when one thing that happens concerns several rooms
//! — a move played (the clock pressed, the player's board following,
//! a repetition or a question asked), a game replaced (every room
//! starting afresh), the engine's move played as any move is — the
//! session carries it from room to room here, so that no room reaches
//! into another.

mod display;
mod games;
mod keeping;
mod moves;
mod online;
mod record;
mod review;
mod voice;

pub(in crate::session) use games::Replaced;
pub use record::RestoreError;

use std::time::Instant;

use crate::engine::host::{Answer, Reply};
use crate::event::Event;

use super::Rooms;
use super::seat::{Heard, Purpose};

impl Rooms {
    /// The players' names for PGN, White's first: lichess's for a game
    /// from there, else as the seat names them.
    pub(super) fn players(&self) -> [String; 2] {
        self.online
            .names()
            .unwrap_or_else(|| self.seat.players(&self.table.settings))
    }

    /// Says who plays the other side now.
    pub(super) fn opponent_changed(&self) -> Event {
        self.seat.changed(&self.table.settings)
    }

    /// An engine's reply: its move played as any move is (after what is
    /// said of the engine), or the analysis said.
    pub(super) fn engine_reply(&mut self, reply: Reply, now: Instant) -> Vec<Event> {
        if self.for_review(reply.id)
            && let Answer::Analysis {
                result, failure, ..
            } = &reply.answer
        {
            return self.review_found(result, failure.clone(), now);
        }
        match self.seat.reply(&self.table, reply) {
            Heard::Move(mv, mut events) => {
                events.extend(self.play(mv));
                events
            }
            Heard::Said(events) => events,
        }
    }

    /// `hint` or `eval`.
    pub(super) fn analyse(&mut self, purpose: Purpose) -> Vec<Event> {
        let o = self.against();
        self.seat.analyse(&self.table, o, purpose)
    }
}
