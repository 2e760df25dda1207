//! Voice input as the loop keeps it: the listening thread, started the
//! first time the session asks to listen, from the microphone or from
//! `--listen-from`; what it reports comes back as inputs.

use std::path::PathBuf;
use std::sync::mpsc::Sender;

use super::Arrival;
use crate::io::gate::Gate;
use crate::session::{Input, Moment, VoiceNews};
use crate::settings::Settings;

/// Voice input as the loop keeps it: the listening thread, started the
/// first time the session asks to listen.
// Without the `voice` feature there is no thread to start.
#[cfg_attr(not(feature = "voice"), allow(dead_code))]
pub(super) struct Voice {
    #[cfg(feature = "voice")]
    pub(super) listener: Option<crate::io::voice::listen::Listener>,
    #[cfg(not(feature = "voice"))]
    pub(super) listener: Option<()>,
    /// `--listen-from`.
    pub(super) from: Option<PathBuf>,
    pub(super) gate: Gate,
    pub(super) tx: Sender<Arrival>,
    /// Lines ended while a recording is still listened to.
    pub(super) input_ended: bool,
}

impl Voice {
    /// Carries out [`Effect::Listen`]. The answer, to a moment to
    /// listen for: that annabella listens, or why it cannot (known at
    /// once, as the listener starts before it answers).
    #[cfg(feature = "voice")]
    pub(super) fn listen(
        &mut self,
        moment: Option<Box<Moment>>,
        settings: &Settings,
    ) -> Option<Input> {
        use crate::io::voice::listen::{Listener, Report, Source};
        let asked = moment.is_some();
        if asked && !self.listener.as_ref().is_some_and(Listener::is_alive) {
            self.listener = None;
            let source = match &self.from {
                Some(path) => Source::File(path.clone()),
                None => Source::Microphone(settings.microphone.0.clone()),
            };
            let plan = match crate::io::voice::recognise::Plan::of(
                settings.voice_model.0.as_deref(),
                settings.lang,
            ) {
                Ok(plan) => plan,
                Err(trouble) => return Some(Input::Voice(VoiceNews::Unavailable(trouble))),
            };
            let tx = self.tx.clone();
            let started = Listener::start(source, plan, self.gate.clone(), move |report| {
                let input = match report {
                    Report::Heard(heard) => Input::Heard(heard),
                    Report::Trouble(trouble) => Input::Voice(VoiceNews::Unavailable(trouble)),
                };
                let _ = tx.send(Arrival::Input(input));
            });
            match started {
                Ok(listener) => self.listener = Some(listener),
                Err(trouble) => return Some(Input::Voice(VoiceNews::Unavailable(trouble))),
            }
        }
        if let Some(listener) = &self.listener {
            listener.listen(moment);
        }
        asked.then_some(Input::Voice(VoiceNews::Listening))
    }

    #[cfg(not(feature = "voice"))]
    pub(super) fn listen(&mut self, moment: Option<Box<Moment>>, _: &Settings) -> Option<Input> {
        moment.map(|_| Input::Voice(VoiceNews::Unavailable(crate::event::VoiceTrouble::NotBuilt)))
    }

    /// The listener reported trouble. Every trouble ends its thread,
    /// whatever it was (the recording read to its end, a damaged model):
    /// it is forgotten at once, not when its thread is seen finished.
    /// Whether the run ends with it: the lines ended while it listened.
    pub(super) fn ended(&mut self) -> bool {
        self.listener = None;
        self.input_ended
    }

    /// Whether a recording is still being listened to.
    pub(super) fn on_recording(&self) -> bool {
        // A listener whose thread ended (a damaged model, the recording
        // read to its end) holds nothing back.
        #[cfg(feature = "voice")]
        let alive = self
            .listener
            .as_ref()
            .is_some_and(crate::io::voice::listen::Listener::is_alive);
        #[cfg(not(feature = "voice"))]
        let alive = self.listener.is_some();
        self.from.is_some() && alive
    }
}
