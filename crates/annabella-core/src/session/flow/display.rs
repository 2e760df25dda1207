//! The Braille display's keys across rooms: a routing key's move is
//! played as a typed move is, a square with nothing to pick is read as
//! `square` reads it, and a promotion chosen is decided; the room itself
//! is told only whether a piece may be picked.

use crate::event::Event;
use crate::input::commands::Cmd;
use crate::input::{Line, Resolution};

use super::super::Rooms;
use super::super::display::{DisplayInput, May, Routed};
use super::super::step::Effect;

impl Rooms {
    /// A key of the display, or its news.
    pub(in crate::session) fn display_input(&mut self, input: DisplayInput) -> Vec<Event> {
        let o = self.against();
        let turn = self.table.game.turn();
        let may = May {
            pick: !self.table.game.is_over()
                && !o.engine_plays(turn)
                && !o.remote_plays(turn)
                && !self.replay.replaying(),
        };
        match self.display.input(input, &self.table, may) {
            Routed::Say(events) => events,
            Routed::Move(reading) => self.move_reading(reading, false),
            Routed::Read(square) => self.run(Line::Command(Cmd::Square(square))),
            Routed::Promote(mv, claim) => {
                self.table.prompt = None;
                self.decided(Resolution::Move(mv), claim)
            }
        }
    }

    /// The step's last words of the display, the board drawn from the
    /// side the player reads it, in blindfold play its squares only.
    pub(in crate::session) fn display_ending(&mut self) -> Vec<Event> {
        let blindfold = self.training.blindfolded();
        let side = self.reader().side();
        self.display.ending(&self.table, blindfold, side)
    }

    /// Whether to open or close the display, when the setting changed.
    pub(in crate::session) fn display_effect(&mut self) -> Option<Effect> {
        self.display.effect(self.table.settings.braille)
    }
}
