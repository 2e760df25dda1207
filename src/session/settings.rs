//! Settings: `set KEY VALUE` and `settings`. Changing who plays the
//! other side (opponent, level, colour) answers with the opponent as it
//! now is.

use crate::event::{Answer, Event, SessionEvent};
use crate::input::commands::Command;
use crate::input::{CommandError, parse_color_choice};
use crate::opponent::Kind;
use crate::settings::{KEYS, Setting, SettingError, canonical_key};

use super::Session;
use super::dispatch::missing;
use crate::input::vocab::fold;

impl Session {
    pub(super) fn set(&mut self, setting: Option<(String, String)>) -> Vec<Event> {
        let Some((key, value)) = setting else {
            return missing(Command::Set);
        };
        if let Some(events) = self.set_opponent_key(&key, &value) {
            return events;
        }
        match Setting::parse(&key, &value) {
            Ok(setting) => {
                self.settings.apply(setting);
                vec![SessionEvent::SettingChanged(setting).into()]
            }
            Err(SettingError::UnknownKey) => vec![CommandError::UnknownSetting(key).into()],
            Err(SettingError::BadValue) => {
                let canonical = canonical_key(&key);
                let allowed = KEYS
                    .iter()
                    .find(|(k, _)| *k == canonical)
                    .map(|(_, values)| values.iter().map(|v| v.to_string()).collect())
                    .unwrap_or_default();
                vec![
                    CommandError::BadValue {
                        key,
                        value,
                        allowed,
                    }
                    .into(),
                ]
            }
        }
    }

    pub(super) fn list_settings(&self) -> Vec<Event> {
        vec![Answer::Settings(self.settings.all()).into()]
    }

    /// `set opponent|level|color VALUE`; `None` for other keys.
    fn set_opponent_key(&mut self, key: &str, value: &str) -> Option<Vec<Event>> {
        let bad = |key: &str, allowed: &[&str]| {
            vec![
                CommandError::BadValue {
                    key: key.to_string(),
                    value: value.to_string(),
                    allowed: allowed.iter().map(|v| v.to_string()).collect(),
                }
                .into(),
            ]
        };
        let opponent = &mut self.seat.opponent;
        match fold(key).as_str() {
            "opponent" | "gegner" => match fold(value).as_str() {
                "human" | "mensch" => opponent.kind = Kind::Human,
                "engine" | "computer" => opponent.kind = Kind::Builtin,
                _ => return Some(bad("opponent", &["human", "engine"])),
            },
            "level" | "stufe" => match value.parse::<u8>() {
                Ok(n @ 1..=10) => {
                    opponent.level = n;
                    if opponent.kind == Kind::Human {
                        opponent.kind = Kind::Builtin;
                    }
                }
                _ => {
                    return Some(bad(
                        "level",
                        &["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
                    ));
                }
            },
            "color" | "farbe" => match parse_color_choice(value) {
                Some(choice) => {
                    opponent.choice = choice;
                    self.seat.opponent.human = self.draw_color();
                }
                None => return Some(bad("color", &["white", "black", "random"])),
            },
            _ => return None,
        }
        // A change while the engine thinks makes its reply moot.
        self.seat.awaiting = None;
        Some(vec![self.opponent_changed()])
    }
}
