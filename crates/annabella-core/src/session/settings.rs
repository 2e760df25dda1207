//! The settings room: `set KEY VALUE` applies a setting on the table
//! and keeps it in the settings file; `settings` lists them, with where
//! the file is. What a setting sets off elsewhere (the opponent said
//! anew, the clock of a game not yet begun) is the session's flow.

use std::path::PathBuf;

use crate::event::{Answer, Event, RecordEvent};
use crate::settings::{Key, Lang, Setting};
use crate::store::Request;

use super::table::Table;

/// What `set` changed, for what follows it.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Changed {
    /// Who plays the other side: `opponent`, `level` or `color`.
    Opponent(Key),
    /// The time control.
    Time(Setting),
    /// Any other setting.
    Other(Setting),
}

/// `set KEY VALUE`: the setting in force from now on, and in the
/// settings file for later runs.
pub(super) fn set(t: &mut Table, setting: Setting) -> Changed {
    let key = setting.key();
    t.settings.apply(setting.clone());
    // Kept in English, whatever the UI language.
    t.ask_store(Request::Setting {
        key: key.word(Lang::En).to_string(),
        value: setting.show(Lang::En).into_owned(),
    });
    match key {
        Key::Opponent | Key::Level | Key::Color => Changed::Opponent(key),
        Key::Time => Changed::Time(setting),
        _ => Changed::Other(setting),
    }
}

/// `settings`: every setting, and where the settings file is.
pub(super) fn list(t: &Table, file: Option<&PathBuf>) -> Vec<Event> {
    let mut events = vec![Answer::Settings(t.settings.all()).into()];
    if let Some(path) = file {
        events.push(RecordEvent::SettingsFileAt(path.clone()).into());
    }
    events
}
