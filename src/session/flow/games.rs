//! The flow of a game replaced: a new game, and every room starting
//! afresh with it.

use crate::event::{Event, GameEvent};
use crate::input::NewGame;
use crate::settings::OpponentChoice;

use super::super::Session;
use super::super::play;

impl Session {
    /// `new [side] [960 [N|random]] [time CONTROL]`: a new game in place
    /// of the one on the board, against the opponent of the settings,
    /// with a fresh clock; every room starts afresh.
    pub(in crate::session) fn new_game(&mut self, new: &NewGame) -> Vec<Event> {
        let game = match play::new_game(&mut self.table, new) {
            Ok(game) => game,
            Err(refused) => return refused,
        };
        let chess960 = game.chess960_number();
        self.forget_imported();
        self.online.from_lichess = false;
        self.table.game = game;
        self.replay = None;
        self.table.prompt = None;
        self.seat.forget_move();
        if let Some(side) = new.side {
            self.table.settings.color = side;
        }
        if let Some(time) = &new.time {
            self.table.settings.time = time.clone();
        }
        self.clock.reset(&mut self.table);
        self.reset_my_board();
        self.reset_training();
        self.seat.human = self.draw_color();
        let mut events = vec![GameEvent::NewGame { chess960 }.into()];
        if self.table.settings.opponent == OpponentChoice::Engine {
            events.push(self.opponent_changed());
        }
        events.push(self.table.status(self.against()));
        events
    }
}
