//! The session family: settings changed and listed, words understood,
//! repeat, quit; and the words of settings and their values.

use super::{Announcer, Phrasing, n, s};
use crate::event::{SessionEvent, SoundFileTrouble, VoiceEvent, VoiceFault, VoiceTrouble};
use crate::settings::{Allowed, Key, Setting};
use crate::settings::{Lang, Microphone, Value};

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
            SessionEvent::Voice(event) => vec![self.voice_event(ui, event)],
            SessionEvent::Display(event) => self.display_event(p, event),
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
            Allowed::BrailleTable => self.message(p.lang, "allowed-brailletable", &[]),
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

impl Announcer {
    /// Voice input: what was heard, not understood, listening, trouble,
    /// the microphones.
    fn voice_event(&self, ui: Lang, event: &VoiceEvent) -> String {
        match event {
            VoiceEvent::Heard(words) => {
                self.message(ui, "voice-heard", &[("words", s(words.clone()))])
            }
            VoiceEvent::NotUnderstood => self.message(ui, "voice-not-understood", &[]),
            VoiceEvent::Listening(true) => self.message(ui, "voice-listening", &[]),
            VoiceEvent::Listening(false) => self.message(ui, "voice-not-listening", &[]),
            VoiceEvent::Dropped => self.message(ui, "voice-dropped", &[]),
            VoiceEvent::Unavailable(trouble) => match trouble {
                VoiceTrouble::NotBuilt => self.message(ui, "voice-not-built", &[]),
                VoiceTrouble::NoModel => self.message(ui, "voice-no-model", &[]),
                VoiceTrouble::ModelMissing(folder) => self.message(
                    ui,
                    "voice-model-missing",
                    &[("folder", s(super::quote_path(folder)))],
                ),
                VoiceTrouble::ModelBroken(folder) => self.message(
                    ui,
                    "voice-model-broken",
                    &[("folder", s(super::quote_path(folder)))],
                ),
                VoiceTrouble::NoMicrophone => self.message(ui, "voice-no-microphone", &[]),
                VoiceTrouble::NoSuchMicrophone(name, names) => {
                    self.no_such_microphone(ui, name, names)
                }
                VoiceTrouble::Failed(fault) => {
                    let id = match fault {
                        VoiceFault::SoundSystem => "voice-failed-sound-system",
                        VoiceFault::Unopenable => "voice-failed-unopenable",
                        VoiceFault::Stopped => "voice-failed-stopped",
                        VoiceFault::Recogniser => "voice-failed-recogniser",
                        VoiceFault::NoThread => "voice-failed-no-thread",
                    };
                    self.message(ui, id, &[])
                }
                VoiceTrouble::Ended => self.message(ui, "voice-ended", &[]),
                VoiceTrouble::Recording(file, why) => self.sound_file(ui, file, why),
            },
            VoiceEvent::NoSuchMicrophone { name, names } => {
                self.no_such_microphone(ui, name, names)
            }
            VoiceEvent::Microphones { names, chosen } if names.is_empty() => {
                let _ = chosen;
                self.message(ui, "voice-no-microphone", &[])
            }
            VoiceEvent::Microphones { names, chosen } => {
                let list = names.join(", ");
                let chosen = Microphone(chosen.clone()).show(ui).into_owned();
                self.message(
                    ui,
                    "voice-microphones",
                    &[("list", s(list)), ("chosen", s(chosen))],
                )
            }
        }
    }
}

impl Announcer {
    /// No microphone is called `name`: the ones there are, or that there
    /// are none.
    fn no_such_microphone(&self, ui: Lang, name: &str, names: &[String]) -> String {
        let name = ("name", s(name.to_string()));
        if names.is_empty() {
            return self.message(ui, "voice-no-such-microphone-none", &[name]);
        }
        self.message(
            ui,
            "voice-no-such-microphone",
            &[name, ("list", s(names.join(", ")))],
        )
    }
}

/// Why `annabella hear` cannot recognise a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HearTrouble {
    /// `--fen` is not a position.
    BadFen(String),
    /// The file is not sound annabella reads: the file and why.
    Unreadable(String, SoundFileTrouble),
    /// No voice input here.
    Voice(VoiceTrouble),
}

impl Announcer {
    /// Why a sound file cannot be read, and what would work.
    fn sound_file(&self, ui: Lang, file: &str, why: &SoundFileTrouble) -> String {
        let file = ("file", s(file.to_string()));
        match why {
            SoundFileTrouble::Unreadable(reason) => self.message(
                ui,
                "sound-file-unreadable",
                &[file, ("why", s(self.io_reason(ui, *reason)))],
            ),
            SoundFileTrouble::NotWav => self.message(ui, "sound-file-not-wav", &[file]),
            SoundFileTrouble::Format(kind) => {
                self.message(ui, "sound-file-format", &[file, ("kind", s(kind.clone()))])
            }
            SoundFileTrouble::Rate(rate) => {
                self.message(ui, "sound-file-rate", &[file, ("rate", n(*rate))])
            }
        }
    }
}

impl Announcer {
    /// The one sentence `annabella hear` says when it cannot.
    pub fn hear_trouble(&self, ui: Lang, trouble: &HearTrouble) -> String {
        match trouble {
            HearTrouble::BadFen(fen) => {
                self.message(ui, "hear-bad-fen", &[("fen", s(fen.clone()))])
            }
            HearTrouble::Unreadable(file, why) => self.sound_file(ui, file, why),
            HearTrouble::Voice(trouble) => {
                self.voice_event(ui, &VoiceEvent::Unavailable(trouble.clone()))
            }
        }
    }
}
