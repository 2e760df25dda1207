//! Voice input as the session sees it: what the microphone heard is a
//! line, shown first ("Heard: Springer Felix drei"). Talk and noise, and
//! words the recogniser is unsure of, are "not understood" and nothing
//! else. A heard move is read back as a question ("Springer Felix
//! drei?") and played on yes or Enter, dropped on no (setting
//! `listenconfirm`; time trouble waives it as it waives confirming a
//! typed move); a move heard while one is read back is read back in
//! its place, never taken as the answer. A heard command that only
//! reads runs at once, any other is read back first. Whenever the
//! position or the open question changes, and after every utterance,
//! the recogniser is told what to listen for ([`Effect::Listen`]).

use shakmaty::Move;

use crate::event::{Event, Heard, PromptEvent, Question, SessionEvent, VoiceEvent};
use crate::input::grammar::{Answers, Moment, taken};
use crate::input::vocab::fold;
use crate::input::{Line, Resolution, read_line, resolve_for};
use crate::rules::MoveFacts;
use crate::settings::{ListenConfirm, Microphone, Setting};

use super::step::{Effect, VoiceNews};
use super::{Prompt, Session};

/// Below this confidence a heard move is read back with
/// `listenconfirm auto`.
pub const SURE_FROM: f32 = 0.85;

/// What the session has told the recogniser.
#[derive(Clone, Debug, Default)]
pub(super) struct VoiceRoom {
    /// The moment last sent (its position, question and language), or
    /// `None` while not listening.
    sent: Option<(String, Answers, crate::settings::Lang)>,
    /// Voice input failed: not asked for again until `listen` is said.
    failed: bool,
    /// The player said `listen`: whether annabella listens is said when
    /// the loop answers, as it knows (one sentence: listening, or why
    /// not), and the setting is turned on only then.
    asked: bool,
    /// `set microphone NAME` waits for the list of microphones, to take
    /// the name only if one is called so.
    microphone: Option<String>,
}

impl VoiceRoom {
    /// Whether annabella listens (for `status`).
    pub(super) fn listening(&self) -> bool {
        self.sent.is_some()
    }
}

impl Session {
    /// One utterance heard.
    pub(super) fn heard(&mut self, heard: Heard) -> Vec<Event> {
        if self.voice.sent.is_none() {
            // Heard after listening stopped: the player no longer expects it.
            return Vec::new();
        }
        let shown = shown_words(&heard.words);
        let mut events: Vec<Event> = Vec::new();
        if heard.words.trim().is_empty() || !taken(heard.confidence) {
            if !shown.is_empty() {
                events.push(SessionEvent::Voice(VoiceEvent::Heard(shown)).into());
            }
            events.push(SessionEvent::Voice(VoiceEvent::NotUnderstood).into());
            return events;
        }
        events.push(SessionEvent::Voice(VoiceEvent::Heard(shown)).into());
        // A move heard while one is read back is never its answer (a
        // misheard move said again would be played unasked): it is read
        // back in its place.
        let reading_back = matches!(
            self.table.prompt,
            Some(Prompt::ConfirmOwn { heard: true, .. })
        );
        if (self.table.prompt.is_some() && !reading_back) || self.offering() {
            events.extend(self.dispatch(&heard.words));
            return events;
        }
        let t = &self.table;
        let line = read_line(&heard.words, t.settings.lang, &t.game);
        match &line {
            Line::Move(reading) if !self.replay.replaying() => {
                let o = self.against();
                let resolved = resolve_for(&t.game, &reading.intents, false, o.hot_seat());
                match resolved {
                    Resolution::Move(mv) if reading_back || self.reads_back(heard.confidence) => {
                        events.extend(self.read_back(mv));
                    }
                    _ => events.extend(self.dispatch(&heard.words)),
                }
            }
            _ if reading_back => events.extend(self.dispatch(&heard.words)),
            Line::Command(cmd) if !line.is_read_only() => {
                let command = cmd.command();
                self.table.prompt = Some(Prompt::HeardCommand {
                    line: heard.words.clone(),
                    command,
                });
                events.push(PromptEvent::Ask(Question::HeardCommand(command)).into());
            }
            _ => events.extend(self.dispatch(&heard.words)),
        }
        events
    }

    /// Whether a heard move is read back before it is played.
    fn reads_back(&self, confidence: f32) -> bool {
        let asked = match self.table.settings.listen_confirm {
            ListenConfirm::On => true,
            ListenConfirm::Off => false,
            ListenConfirm::Auto => confidence < SURE_FROM,
        };
        let mover = self.table.game.turn();
        asked && !super::confirm::confirm_waived(&self.table, mover)
    }

    fn read_back(&mut self, mv: Move) -> Vec<Event> {
        let facts = MoveFacts::of_move(self.table.game.position(), mv);
        self.table.prompt = Some(Prompt::ConfirmOwn {
            mv,
            claim: false,
            facts: facts.clone(),
            heard: true,
        });
        vec![PromptEvent::Ask(Question::HeardMove(facts)).into()]
    }

    /// News of voice input.
    pub(super) fn voice_news(&mut self, news: VoiceNews) -> Vec<Event> {
        match news {
            VoiceNews::Listening => {
                if !std::mem::take(&mut self.voice.asked) {
                    return Vec::new();
                }
                // "Listening." says that the setting is on now as well.
                let _ = self.set(Setting::Listen(true));
                vec![SessionEvent::Voice(VoiceEvent::Listening(true)).into()]
            }
            VoiceNews::Unavailable(trouble) => {
                let asked = std::mem::take(&mut self.voice.asked);
                let was = self.voice.sent.take().is_some() || !self.voice.failed;
                self.voice.failed = true;
                if asked && self.table.settings.listen {
                    // Asked for and failed: a later start does not fail
                    // again on the setting left on.
                    let _ = self.set(Setting::Listen(false));
                }
                if asked || was {
                    vec![SessionEvent::Voice(VoiceEvent::Unavailable(trouble)).into()]
                } else {
                    Vec::new()
                }
            }
            VoiceNews::Microphones(names) => match self.voice.microphone.take() {
                Some(name) if names_one(&names, &name) => {
                    self.set(Setting::Microphone(Microphone(Some(name))))
                }
                Some(name) => {
                    vec![SessionEvent::Voice(VoiceEvent::NoSuchMicrophone { name, names }).into()]
                }
                None => {
                    let chosen = self.table.settings.microphone.0.clone();
                    vec![SessionEvent::Voice(VoiceEvent::Microphones { names, chosen }).into()]
                }
            },
        }
    }

    /// `set KEY VALUE`: listening and the microphone as `listen` and
    /// [`Session::set_microphone`] take them, any other setting at once.
    pub(super) fn set_command(&mut self, setting: Setting) -> Vec<Event> {
        match setting {
            Setting::Listen(on) => self.listen_command(Some(on)),
            Setting::Microphone(microphone) => self.set_microphone(microphone),
            setting => self.set(setting),
        }
    }

    /// `listen`, `listen on`, `listen off` (and `set listen`). Alone it
    /// switches whether annabella listens. One sentence says what became
    /// of it (the setting follows): on, nothing is said until the loop
    /// answers whether the recogniser listens, or why it cannot.
    pub(super) fn listen_command(&mut self, on: Option<bool>) -> Vec<Event> {
        let on = on.unwrap_or(!self.voice.listening());
        if !on {
            self.voice.asked = false;
            let _ = self.set(Setting::Listen(false));
            return vec![SessionEvent::Voice(VoiceEvent::Listening(false)).into()];
        }
        if self.voice.listening() {
            return vec![SessionEvent::Voice(VoiceEvent::Listening(true)).into()];
        }
        // Said again: voice input is tried again.
        self.voice.failed = false;
        self.voice.asked = true;
        Vec::new()
    }

    /// `set microphone NAME`: taken when a microphone is called so (or a
    /// part of its name, as the capture finds it), which the list of
    /// microphones the loop gives says; `default` at once.
    pub(super) fn set_microphone(&mut self, microphone: Microphone) -> Vec<Event> {
        match microphone.0 {
            None => self.set(Setting::Microphone(microphone)),
            Some(name) => {
                self.voice.microphone = Some(name);
                self.table.effects.push(Effect::ListMicrophones);
                Vec::new()
            }
        }
    }

    /// The effect that tells the recogniser what to listen for, when it
    /// changed or after an utterance (the recogniser waits for it before
    /// it decodes the next, so that "ja" after a read-back is heard with
    /// the question's grammar).
    pub(super) fn listening(&mut self, after_heard: bool) -> Option<Effect> {
        let wanted = (self.table.settings.listen || self.voice.asked) && !self.voice.failed;
        if !wanted {
            return self.voice.sent.take().map(|_| Effect::Listen(None));
        }
        let answers = self.answers();
        let lang = self.table.settings.lang;
        let key = (self.table.game.fen(), answers.clone(), lang);
        if !after_heard && self.voice.sent.as_ref() == Some(&key) {
            return None;
        }
        self.voice.sent = Some(key);
        Some(Effect::Listen(Some(Box::new(Moment {
            game: self.table.game.clone(),
            answers,
            lang,
            serial: 0,
        }))))
    }

    /// What the open question takes, for the grammar.
    fn answers(&self) -> Answers {
        if self.offering() {
            return Answers::YesNo;
        }
        match &self.table.prompt {
            None | Some(Prompt::Sheet { .. } | Prompt::Drill | Prompt::Quiz { .. }) => {
                Answers::Nothing
            }
            Some(
                Prompt::ConfirmOwn { .. }
                | Prompt::HeardCommand { .. }
                | Prompt::Restore { .. }
                | Prompt::Replace(_)
                | Prompt::Repeat { .. },
            ) => Answers::YesNo,
            Some(Prompt::Promotion { .. }) => Answers::Promotion,
            Some(Prompt::Which { moves, .. }) => {
                Answers::Which(moves.iter().filter_map(|m| m.from()).collect())
            }
        }
    }

    /// A heard command read back: yes (or Enter) runs it, no drops it.
    pub(super) fn answer_heard_command(&mut self, line: String, text: &str) -> Vec<Event> {
        let folded = fold(text.trim());
        if folded.is_empty() || crate::input::vocab::YES.contains_folded(&folded) {
            return self.dispatch(&line);
        }
        if crate::input::vocab::NO.contains_folded(&folded) {
            return vec![SessionEvent::Voice(VoiceEvent::Dropped).into()];
        }
        self.dispatch(text)
    }

    /// `microphones`: the loop lists them.
    pub(super) fn microphones(&mut self) -> Vec<Event> {
        self.table.effects.push(Effect::ListMicrophones);
        Vec::new()
    }

    /// `status`: whether annabella listens, when the setting asks it to.
    pub(super) fn listening_status(&self) -> Option<Event> {
        self.table
            .settings
            .listen
            .then(|| SessionEvent::Voice(VoiceEvent::Listening(self.voice.listening())).into())
    }
}

/// Whether one of `names` is the microphone `wanted` names: the whole
/// name or a part of it, in any case, as the capture looks for it.
fn names_one(names: &[String], wanted: &str) -> bool {
    let wanted = wanted.to_lowercase();
    names.iter().any(|n| n.to_lowercase().contains(&wanted))
}

/// The heard words as the player reads them: each word in its spelling
/// in the vocabularies ("Springer Felix drei", "Läufer").
fn shown_words(words: &str) -> String {
    words
        .split_whitespace()
        .map(|w| crate::input::vocab::display(w).map_or_else(|| w.to_string(), str::to_string))
        .collect::<Vec<_>>()
        .join(" ")
}
