//! The flow of a game replaced: a new game, and every room starting
//! afresh with it.

use crate::event::{ClockEvent, Event, GameEvent, ReplayEvent, SessionEvent};
use crate::input::{MoveNumber, NewGame};
use crate::rules::Game;
use crate::settings::{Key, OpponentChoice, Setting};

use super::super::Session;
use super::super::play;
use super::super::prompt::Prompt;
use super::super::settings::{self, Changed};

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
        self.keep_aside();
        self.records.forget_imported();
        self.online.left_lichess();
        self.table.game = game;
        self.replay.end();
        self.table.prompt = None;
        self.seat.forget_move();
        if let Some(side) = new.side {
            self.table.settings.color = side;
        }
        if let Some(time) = &new.time {
            self.table.settings.time = time.clone();
        }
        self.clock.reset(&mut self.table);
        self.dual.reset(&self.table);
        self.training.reset();
        self.seat.human = self.draw_color();
        let mut events = vec![GameEvent::NewGame { chess960 }.into()];
        if self.table.settings.opponent == OpponentChoice::Engine {
            events.push(self.opponent_changed());
        }
        events.push(self.table.status(self.against()));
        events
    }

    /// `restore [N [side]]`: the dual room asks whether to take the
    /// moves back.
    pub(in crate::session) fn restore_to(&mut self, to: Option<MoveNumber>) -> Vec<Event> {
        self.dual.ask_restore(&mut self.table, to)
    }

    /// The answer to whether `restore` takes the moves back; once the
    /// dual room has, the engine's move on its way is not wanted any
    /// more.
    pub(in crate::session) fn answer_restore(
        &mut self,
        prompt: Prompt,
        line: &str,
    ) -> Result<Vec<Event>, Prompt> {
        let Prompt::Restore { to, from, .. } = prompt else {
            return Err(prompt);
        };
        let o = self.against();
        let Some((events, restored)) =
            self.dual
                .answer_restore(&mut self.table, o, (to, from), line)
        else {
            return Err(prompt);
        };
        if restored {
            self.seat.forget_move();
        }
        Ok(events)
    }

    /// `set KEY VALUE`. Who plays the other side answers with the
    /// opponent as it now is (a level chosen means the engine at that
    /// level; a colour chosen is drawn again; the engine's move on its
    /// way is moot). A new time control applies at once to a game not
    /// yet begun, else from the next game: a running game keeps the
    /// clock it started with, and a replay has none (`play` starts one).
    pub(in crate::session) fn set(&mut self, setting: Setting) -> Vec<Event> {
        match settings::set(&mut self.table, setting) {
            Changed::Opponent(key) => {
                if key == Key::Level {
                    self.table.settings.opponent = OpponentChoice::Engine;
                }
                if key == Key::Color {
                    self.seat.human = self.draw_color();
                }
                self.seat.forget_move();
                vec![self.opponent_changed()]
            }
            Changed::Time(setting) => {
                let mut events = vec![SessionEvent::SettingChanged(setting).into()];
                let game = &self.table.game;
                if game.plies().is_empty() && !game.is_over() && !self.replay.replaying() {
                    self.clock.reset(&mut self.table);
                } else {
                    events.push(ClockEvent::NextGame.into());
                }
                events
            }
            Changed::Other(setting) => vec![SessionEvent::SettingChanged(setting).into()],
        }
    }

    /// Shows `game` (a loaded one) for replay, from its start, in place
    /// of the game on the board, as a new game replaces it: what is
    /// said is the start, and whose move it is.
    pub(in crate::session) fn load_for_replay(&mut self, game: Game) -> Vec<Event> {
        self.table.prompt = None;
        self.seat.forget_move();
        self.clock.forget();
        self.replay.load(&mut self.table, game);
        self.dual.reset(&self.table);
        vec![
            ReplayEvent::AtStart.into(),
            self.table.status(self.against()),
        ]
    }

    /// `play`: the position shown in a replay (or a finished game's end)
    /// goes on as a new game against the opponent of the settings, its
    /// moves so far kept as its history, on a fresh clock.
    pub(in crate::session) fn replay_play(&mut self) -> Vec<Event> {
        let game = match self.replay.leave(&self.table) {
            Ok(game) => game,
            Err(refused) => return refused,
        };
        self.table.game = game;
        self.table.prompt = None;
        self.seat.forget_move();
        self.clock.reset(&mut self.table);
        let mut events = vec![ReplayEvent::Continued.into()];
        if self.table.settings.opponent == OpponentChoice::Engine {
            events.push(self.opponent_changed());
        }
        events.push(self.table.status(self.against()));
        events
    }
}
