//! The flow of voice input: the session hands the voice room what it
//! needs of the table (the game, the open question, the settings) and
//! carries out what the room says — a move read back, asked about or
//! played as a typed one is, words offered to the open question, a line
//! run as it was read, a setting changed.

use shakmaty::Move;

use crate::event::{DualEvent, Event, Heard, PromptEvent, Refused, SessionEvent, VoiceEvent};
use crate::input::Line;
use crate::input::Refusal;
use crate::input::vocab::{NO, YES, fold};
use crate::rules::MoveFacts;
use crate::settings::{Microphone, Setting};

use super::super::Rooms;
use super::super::confirm::confirm_waived;
use super::super::play;
use super::super::prompt::{self, Prompt};
use super::super::step::{Effect, VoiceNews};
use super::super::voice::{
    Act, Asking, EitherAnswer, Heed, Scene, answers, either_answer, either_prompt,
};

impl Rooms {
    /// One utterance heard.
    pub(in crate::session) fn heard(&mut self, heard: Heard) -> Vec<Event> {
        let t = &self.table;
        let asking = match &t.prompt {
            _ if self.offering() => Asking::Other,
            None => Asking::Nothing,
            Some(Prompt::ConfirmOwn { heard: true, .. }) => Asking::ReadBack,
            Some(Prompt::Either { moves, .. }) => Asking::Either(moves),
            Some(_) => Asking::Other,
        };
        let scene = Scene {
            game: &t.game,
            lang: t.settings.lang,
            asking,
            answers: answers(t.prompt.as_ref(), self.offering()),
            confirm: t.settings.listen_confirm,
            waived: confirm_waived(t, t.game.turn()),
            replaying: self.replay.replaying(),
        };
        match self.voice.heed(heard, &scene) {
            Heed::Ignore => Vec::new(),
            Heed::Say(events) => events,
            Heed::ReadBack(mv) => self.heard_move(mv, Self::read_back),
            Heed::Play(mv) => self.heard_move(mv, |s, mv| {
                s.decided(crate::input::Resolution::Move(mv), false)
            }),
            Heed::AskEither(moves) => match moves.first() {
                Some(&first) => self.heard_move(first, |s, _| {
                    let question = either_prompt(&s.table.game, moves);
                    prompt::ask(&mut s.table, question)
                }),
                None => Vec::new(),
            },
            Heed::Chosen(mv) => {
                self.table.prompt = None;
                self.play_confirmed(mv, false)
            }
            Heed::AskCommand(line, command) => {
                prompt::ask(&mut self.table, Prompt::HeardCommand { line, command })
            }
            Heed::Pass { shown, words, act } => {
                let mut events: Vec<Event> = shown.into_iter().collect();
                events.extend(self.heard_words(&words, act));
                events
            }
        }
    }

    /// Heard words offered to the open question; if they answer none,
    /// what they were read as runs, without reading them again.
    fn heard_words(&mut self, words: &str, act: Act) -> Vec<Event> {
        // A move heard while a heard command waits for its yes is no
        // answer to it: were it offered, it would run as a line typed
        // and play unconfirmed. The command lapses; the move goes on
        // as heard (read back when listenconfirm asks).
        let command_asked = matches!(self.table.prompt, Some(Prompt::HeardCommand { .. }));
        let open = if command_asked && !matches!(act, Act::Line(_)) {
            self.table.prompt = None;
            None
        } else {
            match self.offer(words) {
                Ok(open) => open,
                Err(answered) => return answered,
            }
        };
        match act {
            Act::Line(line) => self.run_open(line, open),
            Act::Move(mv) | Act::ReadBack(mv) => {
                // As a move typed: a repetition owed or a dictation
                // stands, any other question lapses.
                if open.as_ref().is_some_and(|p| p.holds(&Line::Empty)) {
                    self.table.prompt = open;
                }
                if matches!(act, Act::ReadBack(_)) {
                    return self.heard_move(mv, Self::read_back);
                }
                self.heard_move(mv, |s, mv| {
                    s.decided(crate::input::Resolution::Move(mv), false)
                })
            }
        }
    }

    /// A heard move (or the first of moves asked about), refused as a
    /// typed move is when it is not the player's to make, else `then`.
    fn heard_move(
        &mut self,
        mv: Move,
        then: impl FnOnce(&mut Self, Move) -> Vec<Event>,
    ) -> Vec<Event> {
        if self.replay.ended_here(&self.table) {
            return vec![Refusal::GameOver.into()];
        }
        if self.replay.replaying() {
            return vec![Refused::Replaying.into()];
        }
        if let Some(refused) = play::not_yours(&self.table, self.against()) {
            return refused;
        }
        then(self, mv)
    }

    fn read_back(&mut self, mv: Move) -> Vec<Event> {
        let facts = MoveFacts::of_move(self.table.game.position(), mv);
        let question = Prompt::ConfirmOwn {
            mv,
            claim: false,
            facts,
            heard: true,
        };
        prompt::ask(&mut self.table, question)
    }

    /// A line to "this move or that one?": the move chosen is played
    /// (saying it was the confirmation), no drops them, another move or
    /// a typo asks again; `Err` gives the question back for anything
    /// else (a command, a look at the board).
    pub(in crate::session) fn answer_either(
        &mut self,
        question: Prompt,
        line: &str,
    ) -> Result<Vec<Event>, Prompt> {
        let Prompt::Either { moves, .. } = &question else {
            return Err(question);
        };
        let t = &self.table;
        let hot_seat = self.against().hot_seat();
        match either_answer(&t.game, t.settings.lang, hot_seat, moves, line) {
            EitherAnswer::Chosen(mv) => Ok(self.play_confirmed(mv, false)),
            EitherAnswer::Dropped => Ok(vec![DualEvent::OwnDropped.into()]),
            EitherAnswer::NotAmong => {
                let asked = question.question();
                self.table.prompt = Some(question);
                Ok(vec![PromptEvent::NotFitting(asked).into()])
            }
            EitherAnswer::Other => Err(question),
        }
    }

    /// News of voice input.
    pub(in crate::session) fn voice_news(&mut self, news: VoiceNews) -> Vec<Event> {
        let listen = self.table.settings.listen;
        let chosen = self.table.settings.microphone.0.clone();
        let (mut events, setting) = self.voice.news(news, (listen, chosen.as_deref()));
        events.extend(self.voice_setting(setting));
        events
    }

    /// A setting the voice room changes: listening's is said by the
    /// room itself, the microphone's as `set` says it.
    fn voice_setting(&mut self, setting: Option<Setting>) -> Vec<Event> {
        match setting {
            Some(setting @ Setting::Microphone(_)) => self.set(setting),
            Some(setting) => {
                let _ = self.set(setting);
                Vec::new()
            }
            None => Vec::new(),
        }
    }

    /// `set KEY VALUE`: listening and the microphone as `listen` and
    /// [`Rooms::set_microphone`] take them, any other setting at once.
    pub(in crate::session) fn set_command(&mut self, setting: Setting) -> Vec<Event> {
        match setting {
            Setting::Listen(on) => self.listen_command(Some(on)),
            Setting::Microphone(microphone) => self.set_microphone(microphone),
            setting => self.set(setting),
        }
    }

    /// `listen`, `listen on`, `listen off` (and `set listen`).
    pub(in crate::session) fn listen_command(&mut self, on: Option<bool>) -> Vec<Event> {
        let (mut events, setting) = self.voice.listen_command(on);
        events.extend(self.voice_setting(setting));
        events
    }

    /// `set microphone NAME`: taken when a microphone is called so (or a
    /// part of its name, as the capture finds it), which the list of
    /// microphones the loop gives says; `default` at once.
    pub(in crate::session) fn set_microphone(&mut self, microphone: Microphone) -> Vec<Event> {
        match microphone.0 {
            None => self.set(Setting::Microphone(microphone)),
            Some(name) => {
                self.voice.wait_for_microphone(name);
                self.table.effects.push(Effect::ListMicrophones);
                Vec::new()
            }
        }
    }

    /// The effect that tells the recogniser what to listen for, when it
    /// changed or after an utterance.
    pub(in crate::session) fn listening(&mut self, after_heard: bool) -> Option<Effect> {
        let t = &self.table;
        let answers = answers(t.prompt.as_ref(), self.offering());
        let now = (&t.game, answers, t.settings.lang);
        self.voice.moment(t.settings.listen, now, after_heard)
    }

    /// A heard command read back: yes (or Enter) runs it as it was read,
    /// no drops it.
    pub(in crate::session) fn answer_heard_command(
        &mut self,
        line: Line,
        text: &str,
    ) -> Vec<Event> {
        let folded = fold(text.trim());
        if folded.is_empty() || YES.contains_folded(&folded) {
            return self.run(line);
        }
        if NO.contains_folded(&folded) {
            return vec![SessionEvent::Voice(VoiceEvent::Dropped).into()];
        }
        self.dispatch(text)
    }

    /// `microphones`: the loop lists them.
    pub(in crate::session) fn microphones(&mut self) -> Vec<Event> {
        self.table.effects.push(Effect::ListMicrophones);
        Vec::new()
    }

    /// `status`: whether annabella listens, when the setting asks it to.
    pub(in crate::session) fn listening_status(&self) -> Option<Event> {
        self.table
            .settings
            .listen
            .then(|| SessionEvent::Voice(VoiceEvent::Listening(self.voice.listening())).into())
    }
}
