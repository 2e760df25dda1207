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
use crate::settings::{ListenConfirm, Setting};

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
            VoiceNews::Unavailable(trouble) => {
                let was = self.voice.sent.take().is_some() || !self.voice.failed;
                self.voice.failed = true;
                if was {
                    vec![SessionEvent::Voice(VoiceEvent::Unavailable(trouble)).into()]
                } else {
                    Vec::new()
                }
            }
            VoiceNews::Microphones(names) => {
                let chosen = self.table.settings.microphone.0.clone();
                vec![SessionEvent::Voice(VoiceEvent::Microphones { names, chosen }).into()]
            }
        }
    }

    /// `listen`, `listen on`, `listen off`.
    pub(super) fn listen_command(&mut self, on: Option<bool>) -> Vec<Event> {
        let on = on.unwrap_or(!self.table.settings.listen);
        if on {
            // Said again: voice input is tried again.
            self.voice.failed = false;
        }
        let mut events = self.set(Setting::Listen(on));
        events.push(SessionEvent::Voice(VoiceEvent::Listening(on)).into());
        events
    }

    /// The effect that tells the recogniser what to listen for, when it
    /// changed or after an utterance (the recogniser waits for it before
    /// it decodes the next, so that "ja" after a read-back is heard with
    /// the question's grammar).
    pub(super) fn listening(&mut self, after_heard: bool) -> Option<Effect> {
        let wanted = self.table.settings.listen && !self.voice.failed;
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

/// The heard words as the player reads them: each word in its spelling
/// in the vocabularies ("Springer Felix drei", "Läufer").
fn shown_words(words: &str) -> String {
    words
        .split_whitespace()
        .map(|w| crate::input::vocab::display(w).map_or_else(|| w.to_string(), str::to_string))
        .collect::<Vec<_>>()
        .join(" ")
}
