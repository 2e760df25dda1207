//! Speech: the session's answers said aloud through the platform speech
//! service (the `tts` crate: Speech Dispatcher on Linux, SAPI or WinRT on
//! Windows, AVFoundation on macOS).
//!
//! Speech runs on a thread of its own, which alone creates and uses the
//! speech handle: a slow or hung speech service can never block input.
//! Creating the handle has a time limit ([`CREATE_TIMEOUT`]); after it
//! annabella says once, in text, that it goes on without speech. A new
//! answer interrupts one still being spoken, and answers that queued up
//! while the service was busy are dropped unspoken: they are stale.

mod recording;
mod sink;
mod thread;
mod tts_backend;

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::announce::Spoken;
use crate::settings::{Lang, Settings, Voice};

pub use recording::{Call, RecordingBackend};
pub use sink::SpeechSink;
pub use thread::{SpeechError, SpeechThread};
pub use tts_backend::{TtsBackend, platform_backend};

/// How long the speech service may take to answer at start.
pub const CREATE_TIMEOUT: Duration = Duration::from_secs(2);

/// How long annabella waits at the end for the last answer to be spoken.
pub const FINISH_TIMEOUT: Duration = Duration::from_secs(10);

/// A voice the speech service offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoiceInfo {
    /// Its name, as the service spells it.
    pub name: String,
    /// Its language tag, such as `de` or `en-GB`.
    pub language: String,
}

/// What annabella needs from a speech service. Implemented by
/// [`TtsBackend`] for the real service and by recording backends in
/// tests and benchmarks.
pub trait SpeechBackend {
    /// The voices on offer.
    fn voices(&mut self) -> Vec<VoiceInfo>;
    /// Speaks with the voice of this name from now on.
    fn set_voice(&mut self, name: &str) -> Result<(), String>;
    /// Sets the rate, 0 (slowest) to 100 (fastest), 50 normal.
    fn set_rate(&mut self, rate: u8) -> Result<(), String>;
    /// Sets the volume, 0 to 100.
    fn set_volume(&mut self, volume: u8) -> Result<(), String>;
    /// Speaks `text`, first silencing what is spoken if `interrupt`.
    fn speak(&mut self, text: &str, interrupt: bool) -> Result<(), String>;
    /// Silences everything.
    fn stop(&mut self) -> Result<(), String>;
    /// Whether something is still being spoken.
    fn is_busy(&mut self) -> bool {
        false
    }
}

impl<B: SpeechBackend + ?Sized> SpeechBackend for Box<B> {
    fn voices(&mut self) -> Vec<VoiceInfo> {
        (**self).voices()
    }
    fn set_voice(&mut self, name: &str) -> Result<(), String> {
        (**self).set_voice(name)
    }
    fn set_rate(&mut self, rate: u8) -> Result<(), String> {
        (**self).set_rate(rate)
    }
    fn set_volume(&mut self, volume: u8) -> Result<(), String> {
        (**self).set_volume(volume)
    }
    fn speak(&mut self, text: &str, interrupt: bool) -> Result<(), String> {
        (**self).speak(text, interrupt)
    }
    fn stop(&mut self) -> Result<(), String> {
        (**self).stop()
    }
    fn is_busy(&mut self) -> bool {
        (**self).is_busy()
    }
}

/// The settings speech needs, copied out of [`Settings`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpeechParams {
    /// The UI language.
    pub ui: Lang,
    /// Rate, 0 to 100.
    pub rate: u8,
    /// Volume, 0 to 100.
    pub volume: u8,
    /// The voice chosen by the player, or auto.
    pub voice: Voice,
}

impl From<&Settings> for SpeechParams {
    fn from(s: &Settings) -> Self {
        SpeechParams {
            ui: s.lang,
            rate: s.rate.0,
            volume: s.speech_volume.0,
            voice: s.voice.clone(),
        }
    }
}

/// Speaks answers on a backend, choosing a voice per utterance: German
/// move words with a German voice, the rest with a voice of the UI
/// language (or the voice the player chose).
pub struct Speaker<B: SpeechBackend> {
    backend: B,
    voices: Vec<VoiceInfo>,
    current: Option<String>,
    rate: Option<u8>,
    volume: Option<u8>,
}

impl<B: SpeechBackend> Speaker<B> {
    /// A speaker on `backend`, which is asked for its voices once.
    pub fn new(mut backend: B) -> Self {
        let voices = backend.voices();
        Speaker {
            backend,
            voices,
            current: None,
            rate: None,
            volume: None,
        }
    }

    /// The backend, for tests.
    pub fn backend(&self) -> &B {
        &self.backend
    }

    /// The voice for text in `lang`: the player's voice for the UI
    /// language, else the first voice of that language (a plain one
    /// before variants), else the voice for the UI language. `None`
    /// keeps the service's default.
    pub fn voice_for(&self, lang: Lang, params: &SpeechParams) -> Option<String> {
        if lang == params.ui
            && let Voice::Named(wanted) = &params.voice
        {
            let by_name = self.voices.iter().find(|v| same_name(&v.name, wanted));
            if let Some(v) = by_name.or_else(|| self.by_language(wanted)) {
                return Some(v.name.clone());
            }
        }
        match self.by_language(lang.code()) {
            Some(v) => Some(v.name.clone()),
            None if lang != params.ui => self.voice_for(params.ui, params),
            None => None,
        }
    }

    fn by_language(&self, tag: &str) -> Option<&VoiceInfo> {
        let tag = tag.to_ascii_lowercase();
        // Among the many regional English voices, the standard ones.
        let preferred: &[&str] = match tag.as_str() {
            "en" => &["en-gb", "en-us"],
            "de" => &["de-de"],
            _ => &[],
        };
        let exact = |t: &str| {
            self.voices
                .iter()
                .filter(|v| v.language.eq_ignore_ascii_case(t))
                .min_by_key(|v| v.name.contains('+'))
        };
        if let Some(v) = std::iter::once(tag.as_str())
            .chain(preferred.iter().copied())
            .find_map(exact)
        {
            return Some(v);
        }
        let fits = |v: &&VoiceInfo| {
            let lang = v.language.to_ascii_lowercase();
            lang == tag || lang.starts_with(&format!("{tag}-"))
        };
        let plain = self
            .voices
            .iter()
            .filter(fits)
            .find(|v| !v.name.contains('+'));
        plain.or_else(|| self.voices.iter().find(fits))
    }

    /// Says `parts`, interrupting whatever is being said.
    pub fn say(&mut self, parts: &[Spoken], params: &SpeechParams) -> Result<(), String> {
        if self.rate != Some(params.rate) {
            self.backend.set_rate(params.rate)?;
            self.rate = Some(params.rate);
        }
        if self.volume != Some(params.volume) {
            self.backend.set_volume(params.volume)?;
            self.volume = Some(params.volume);
        }
        for (i, part) in parts.iter().enumerate() {
            let voice = self.voice_for(part.lang, params);
            if let Some(voice) = voice
                && self.current.as_ref() != Some(&voice)
            {
                // A voice the service refuses is no reason to stay silent.
                if self.backend.set_voice(&voice).is_ok() {
                    self.current = Some(voice);
                }
            }
            self.backend.speak(&part.text, i == 0)?;
        }
        Ok(())
    }

    /// Silences everything.
    pub fn stop(&mut self) -> Result<(), String> {
        self.backend.stop()
    }

    /// Waits until nothing is spoken any more, at most `bound`.
    pub fn wait_idle(&mut self, bound: Duration) {
        let start = Instant::now();
        while self.backend.is_busy() && start.elapsed() < bound {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Voice names match ignoring case and spaces, since `set voice` takes
/// one word.
fn same_name(name: &str, wanted: &str) -> bool {
    let squash = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric() || *c == '+')
            .flat_map(char::to_lowercase)
            .collect()
    };
    squash(name) == squash(wanted)
}

/// Makes a backend; called on the speech thread.
pub type BackendFactory = Arc<dyn Fn() -> Result<Box<dyn SpeechBackend>, String> + Send + Sync>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::SpeechMode;

    // The helpers are shared with the tests of the other speech files.

    /// Hot seat, so that a test can type both sides' moves.
    pub(super) fn settings(lang: Lang) -> Settings {
        Settings {
            lang,
            speech: SpeechMode::On,
            opponent: crate::settings::OpponentChoice::Human,
            ..Settings::default()
        }
    }

    pub(super) fn speaks(calls: &[Call]) -> Vec<(String, bool)> {
        calls
            .iter()
            .filter_map(|c| match c {
                Call::Speak(t, i) => Some((t.clone(), *i)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn without_a_german_voice_the_ui_voice_says_the_moves() {
        let backend = RecordingBackend {
            voices: vec![VoiceInfo {
                name: "English".into(),
                language: "en".into(),
            }],
            ..RecordingBackend::default()
        };
        let speaker = Speaker::new(backend);
        let params = SpeechParams::from(&settings(Lang::En));
        assert_eq!(speaker.voice_for(Lang::De, &params), Some("English".into()));
    }

    #[test]
    fn standard_regional_voices_come_before_others() {
        let voice = |name: &str, language: &str| VoiceInfo {
            name: name.into(),
            language: language.into(),
        };
        let backend = RecordingBackend {
            voices: vec![
                voice("English (Caribbean)", "en-029"),
                voice("English (America)+Max", "en-us"),
                voice("English (America)", "en-us"),
                voice("German+Anna", "de"),
            ],
            ..RecordingBackend::default()
        };
        let speaker = Speaker::new(backend);
        let params = SpeechParams::from(&settings(Lang::En));
        assert_eq!(
            speaker.voice_for(Lang::En, &params),
            Some("English (America)".into())
        );
        assert_eq!(
            speaker.voice_for(Lang::De, &params),
            Some("German+Anna".into())
        );
    }

    #[test]
    fn a_chosen_voice_is_found_by_name_or_language() {
        let speaker = Speaker::new(RecordingBackend::default());
        let mut s = settings(Lang::En);
        s.voice = Voice::Named("english_(great_britain)+adam".into());
        let params = SpeechParams::from(&s);
        assert_eq!(
            speaker.voice_for(Lang::En, &params),
            Some("English (Great Britain)+Adam".into())
        );
        assert_eq!(speaker.voice_for(Lang::De, &params), Some("German".into()));
        s.voice = Voice::Named("de".into());
        let params = SpeechParams::from(&s);
        assert_eq!(speaker.voice_for(Lang::En, &params), Some("German".into()));
    }
}
