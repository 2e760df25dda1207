//! The session family: settings changed, words understood, repeat, quit.

use super::{Announcer, Phrasing, s};
use crate::event::SessionEvent;

impl Announcer {
    pub(super) fn session_event(&self, p: Phrasing, event: &SessionEvent) -> Vec<String> {
        let ui = p.lang;
        match event {
            SessionEvent::SettingChanged(setting) => vec![self.message(
                ui,
                "setting-changed",
                &[("key", s(setting.key())), ("value", s(setting.value()))],
            )],
            SessionEvent::Understood(words) => {
                vec![self.message(ui, "input-understood", &[("words", s(words.clone()))])]
            }
            SessionEvent::Repeated(events) => {
                events.iter().flat_map(|e| self.render_with(p, e)).collect()
            }
            SessionEvent::Quit => vec![self.message(ui, "quit-goodbye", &[])],
        }
    }
}
