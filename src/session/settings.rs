//! Settings: `set KEY VALUE` and `settings`. Changing who plays the
//! other side (opponent, level, colour) answers with the opponent as it
//! now is.

use crate::event::{Answer, ClockEvent, Event, RecordEvent, SessionEvent};
use crate::settings::{Key, OpponentChoice, Setting};

use super::Session;

impl Session {
    pub(super) fn set(&mut self, setting: Setting) -> Vec<Event> {
        let key = setting.key();
        self.table.settings.apply(setting.clone());
        // Kept in the settings file for later runs.
        self.records_setting(&setting);
        match key {
            Key::Opponent | Key::Level | Key::Color => self.opponent_set(key),
            Key::Time => self.time_set(setting),
            _ => vec![SessionEvent::SettingChanged(setting).into()],
        }
    }

    pub(super) fn list_settings(&self) -> Vec<Event> {
        let mut events = vec![Answer::Settings(self.table.settings.all()).into()];
        if let Some(path) = &self.records_file() {
            events.push(RecordEvent::SettingsFileAt(path.clone()).into());
        }
        events
    }

    /// A new time control applies at once to a game not yet begun, else
    /// from the next game: a running game keeps the clock it started with.
    /// A replay has no clock; `play` starts one with the setting.
    fn time_set(&mut self, setting: Setting) -> Vec<Event> {
        let mut events = vec![SessionEvent::SettingChanged(setting).into()];
        if self.table.game.plies().is_empty() && !self.table.game.is_over() && !self.replaying() {
            self.clock.reset(&mut self.table);
        } else {
            events.push(ClockEvent::NextGame.into());
        }
        events
    }

    fn opponent_set(&mut self, key: Key) -> Vec<Event> {
        // Choosing a level means playing the engine at that level.
        if key == Key::Level {
            self.table.settings.opponent = OpponentChoice::Engine;
        }
        if key == Key::Color {
            self.seat.human = self.draw_color();
        }
        // A change while the engine thinks makes its reply moot.
        self.seat.forget_move();
        vec![self.opponent_changed()]
    }
}
