//! The session family: settings changed and listed, words understood,
//! repeat, quit; and the words of settings and their values.

use super::{Announcer, Phrasing, n, s};
use crate::event::SessionEvent;
use crate::settings::{Allowed, Key, Setting};

impl Announcer {
    pub(super) fn session_event(&self, p: Phrasing, event: &SessionEvent) -> Vec<String> {
        let ui = p.lang;
        match event {
            SessionEvent::SettingChanged(setting) => {
                vec![self.setting_line(p, "setting-changed", setting)]
            }
            SessionEvent::Understood(words) => {
                vec![self.message(ui, "input-understood", &[("words", s(words.clone()))])]
            }
            SessionEvent::Repeated(events) => {
                events.iter().flat_map(|e| self.render_with(p, e)).collect()
            }
            SessionEvent::Quit => vec![self.message(ui, "quit-goodbye", &[])],
        }
    }

    /// A setting with its value in the interface language: "style: fide",
    /// "stil ist jetzt lokal."
    pub(super) fn setting_line(&self, p: Phrasing, id: &str, setting: &Setting) -> String {
        self.message(
            p.lang,
            id,
            &[
                ("key", s(setting.key().word(p.lang))),
                ("value", s(setting.show(p.lang))),
            ],
        )
    }

    /// What a setting accepts, in words: "fide, local, nato or san",
    /// "a number from 0 to 100".
    pub fn allowed(&self, p: Phrasing, allowed: &Allowed) -> String {
        match allowed {
            Allowed::Words(words) => {
                let shown = words.iter().map(|w| w.shown(p.lang).to_string()).collect();
                self.or_list(p, shown)
            }
            Allowed::Range { min, max, zero } => self.message(
                p.lang,
                if *zero {
                    "allowed-range-or-zero"
                } else {
                    "allowed-range"
                },
                &[("min", n(u32::from(*min))), ("max", n(u32::from(*max)))],
            ),
            Allowed::VoiceName => self.message(p.lang, "allowed-voice", &[]),
            Allowed::TimeControl => self.message(p.lang, "allowed-time", &[]),
            Allowed::Seconds => self.message(p.lang, "allowed-seconds", &[]),
            Allowed::Name => self.message(p.lang, "allowed-name", &[]),
            Allowed::Url => self.message(p.lang, "allowed-url", &[]),
        }
    }

    /// `help set`: how to change a setting, then each setting with what it
    /// takes and what it does.
    pub(super) fn settings_help(&self, p: Phrasing) -> Vec<String> {
        let mut lines = vec![self.message(p.lang, "help-set", &[])];
        for key in Key::all() {
            lines.push(self.setting_help(p, key));
        }
        lines
    }

    /// One setting's help: "style: fide, local, nato or san. How moves
    /// are announced."
    pub fn setting_help(&self, p: Phrasing, key: Key) -> String {
        self.message(
            p.lang,
            "setting-help",
            &[
                ("key", s(key.word(p.lang))),
                ("allowed", s(self.allowed(p, &key.allowed()))),
                ("about", s(self.message(p.lang, key.entry().help, &[]))),
            ],
        )
    }
}
