//! Speech: the session's answers said aloud through the platform speech
//! service: Speech Dispatcher on Linux (through the `speech-dispatcher`
//! crate), SAPI or WinRT on Windows and AVFoundation on macOS (through the
//! `tts` crate).
//!
//! Speech runs on a thread of its own, which alone creates and uses the
//! speech handle: a slow or hung speech service can never block input.
//! Creating the handle has a time limit ([`CREATE_TIMEOUT`]); after it
//! annabella says once, in text, that it goes on without speech. News of
//! the game (a move, its end, a clock alarm) is never cut off: it queues
//! behind what is being said. A line the player enters silences the
//! answers to reading commands still being said or waiting, and so does a
//! newer reading; readings that queued up while the service was busy are
//! dropped unspoken: they are stale.
//!
//! Speech Dispatcher cancels only per connection (SSIP's `CANCEL self`),
//! so readings go out on connections of their own, beside those of news,
//! all at priority `message`, which keeps the order they were sent in.
//! Priority `text` for readings would let news cut them, but `text` also
//! cuts itself: of a reading said in two voices (English words, German
//! move words) only the last part would be heard.

mod error;
mod recording;
mod sink;
#[cfg(target_os = "linux")]
mod speechd_backend;
mod thread;
mod tts_backend;

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::announce::Spoken;
use crate::settings::{Lang, Settings, Voice};

pub use error::SpeechError;
pub use recording::{Call, RecordingBackend};
pub use sink::Hush;
pub use sink::SpeechSink;
#[cfg(target_os = "linux")]
pub use speechd_backend::SpeechdBackend;
pub use thread::{Silencer, SpeechThread};
pub use tts_backend::TtsBackend;

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

/// What annabella needs from a speech service. Implemented for the real
/// service by `SpeechdBackend` on Linux and [`TtsBackend`] elsewhere, and
/// by recording backends in tests and benchmarks.
pub trait SpeechBackend {
    /// The voices on offer. This can take seconds (Speech Dispatcher with
    /// eSpeak NG offers over 13 000), so a service that
    /// [chooses by language](Self::by_language) is asked only when a
    /// voice is wanted by name.
    fn voices(&mut self) -> Vec<VoiceInfo>;
    /// Speaks with the voice of this name from now on.
    fn set_voice(&mut self, name: &str) -> Result<(), SpeechError>;
    /// Whether the service chooses its own voice for a language
    /// ([`set_language`](Self::set_language)), so that no voices need to
    /// be listed to speak a language.
    fn by_language(&self) -> bool {
        false
    }
    /// Speaks with the service's voice for the language `tag` (such as
    /// `de`) from now on; only where [`by_language`](Self::by_language).
    fn set_language(&mut self, tag: &str) -> Result<(), SpeechError> {
        Err(SpeechError::NoLanguageChoice(tag.to_string()))
    }
    /// Sets the rate, 0 (slowest) to 100 (fastest), 50 normal.
    fn set_rate(&mut self, rate: u8) -> Result<(), SpeechError>;
    /// Sets the volume, 0 to 100.
    fn set_volume(&mut self, volume: u8) -> Result<(), SpeechError>;
    /// Speaks `text` after whatever is being said; `kind` tells a
    /// service that [keeps readings apart](Self::keeps_readings_apart)
    /// where the text goes.
    fn speak(&mut self, text: &str, kind: Kind) -> Result<(), SpeechError>;
    /// Silences everything.
    fn stop(&mut self) -> Result<(), SpeechError>;
    /// Whether readings can be silenced without touching news
    /// ([`silence_readings`](Self::silence_readings)).
    fn keeps_readings_apart(&self) -> bool {
        false
    }
    /// Silences the readings being said or waiting and nothing else; only
    /// where [`keeps_readings_apart`](Self::keeps_readings_apart).
    fn silence_readings(&mut self) -> Result<(), SpeechError> {
        Err(SpeechError::OneQueue)
    }
    /// Whether something is still being spoken.
    fn is_busy(&mut self) -> bool {
        false
    }
}

impl<B: SpeechBackend + ?Sized> SpeechBackend for Box<B> {
    fn voices(&mut self) -> Vec<VoiceInfo> {
        (**self).voices()
    }
    fn set_voice(&mut self, name: &str) -> Result<(), SpeechError> {
        (**self).set_voice(name)
    }
    fn by_language(&self) -> bool {
        (**self).by_language()
    }
    fn set_language(&mut self, tag: &str) -> Result<(), SpeechError> {
        (**self).set_language(tag)
    }
    fn set_rate(&mut self, rate: u8) -> Result<(), SpeechError> {
        (**self).set_rate(rate)
    }
    fn set_volume(&mut self, volume: u8) -> Result<(), SpeechError> {
        (**self).set_volume(volume)
    }
    fn speak(&mut self, text: &str, kind: Kind) -> Result<(), SpeechError> {
        (**self).speak(text, kind)
    }
    fn stop(&mut self) -> Result<(), SpeechError> {
        (**self).stop()
    }
    fn keeps_readings_apart(&self) -> bool {
        (**self).keeps_readings_apart()
    }
    fn silence_readings(&mut self) -> Result<(), SpeechError> {
        (**self).silence_readings()
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

/// How an answer stands to the others in speech.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// News of the game (a move, its end, an offer, a clock alarm): said
    /// whole, after what is being said.
    News,
    /// An answer to a reading command or a refusal: the next line the
    /// player enters, or a newer reading, cuts it off.
    Reading,
}

/// How the speaker asks the service for a voice.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Choice {
    /// The voice of this name, from the service's list.
    Name(String),
    /// The service's own voice for this language tag.
    Language(String),
}

/// Speaks answers on a backend, choosing a voice per utterance: German
/// move words with a German voice, the rest with a voice of the UI
/// language (or the voice the player chose).
///
/// Where the service chooses a voice by language itself, the voices are
/// listed only when the player names one: with Speech Dispatcher and
/// eSpeak NG the list takes seconds, and the first answer after start
/// must not wait for it.
pub struct Speaker<B: SpeechBackend> {
    backend: B,
    /// The service's voices, once listed.
    voices: Option<Vec<VoiceInfo>>,
    current: Option<Choice>,
    rate: Option<u8>,
    volume: Option<u8>,
    /// News was handed over and the service has not fallen silent since:
    /// a service that cannot silence readings alone must not be stopped.
    news_pending: bool,
    /// A reading was handed over since speech was last silenced, so there
    /// may be one to cut off (a line typed after a move costs nothing).
    reading_out: bool,
}

impl<B: SpeechBackend> Speaker<B> {
    /// A speaker on `backend`. A backend that cannot choose by language
    /// is asked for its voices now, once; one that can, only when a voice
    /// is wanted by name.
    pub fn new(mut backend: B) -> Self {
        let voices = (!backend.by_language()).then(|| backend.voices());
        Speaker {
            backend,
            voices,
            current: None,
            rate: None,
            volume: None,
            news_pending: false,
            reading_out: false,
        }
    }

    /// The backend, for tests.
    pub fn backend(&self) -> &B {
        &self.backend
    }

    fn listed(&self) -> &[VoiceInfo] {
        self.voices.as_deref().unwrap_or_default()
    }

    /// The listed voice for text in `lang`: the player's voice for the UI
    /// language, else the first voice of that language (a plain one
    /// before variants), else the voice for the UI language. `None`
    /// keeps the service's default; so does a service whose voices have
    /// not been listed.
    pub fn voice_for(&self, lang: Lang, params: &SpeechParams) -> Option<String> {
        if lang == params.ui
            && let Voice::Named(wanted) = &params.voice
            && let Some(v) = self.named(wanted)
        {
            return Some(v.name.clone());
        }
        match self.by_language(lang.code()) {
            Some(v) => Some(v.name.clone()),
            None if lang != params.ui => self.voice_for(params.ui, params),
            None => None,
        }
    }

    /// How to ask the service for the voice for text in `lang`.
    fn choice_for(&mut self, lang: Lang, params: &SpeechParams) -> Option<Choice> {
        if !self.backend.by_language() {
            return self.voice_for(lang, params).map(Choice::Name);
        }
        if lang == params.ui
            && let Voice::Named(wanted) = &params.voice
        {
            if self.voices.is_none() {
                self.voices = Some(self.backend.voices());
            }
            if let Some(v) = self.named(wanted) {
                return Some(Choice::Name(v.name.clone()));
            }
        }
        // Without a list the service is trusted to have the language; with
        // one, a language it lacks is said by the UI voice, as above.
        if lang != params.ui && self.voices.is_some() && self.by_language(lang.code()).is_none() {
            return self.choice_for(params.ui, params);
        }
        Some(Choice::Language(lang.code().to_string()))
    }

    /// The voice the player named: by its name, else by a language tag.
    fn named(&self, wanted: &str) -> Option<&VoiceInfo> {
        let by_name = self.listed().iter().find(|v| same_name(&v.name, wanted));
        by_name.or_else(|| self.by_language(wanted))
    }

    fn by_language(&self, tag: &str) -> Option<&VoiceInfo> {
        let voices = self.listed();
        let tag = tag.to_ascii_lowercase();
        // Among the many regional English voices, the standard ones.
        let preferred: &[&str] = match tag.as_str() {
            "en" => &["en-gb", "en-us"],
            "de" => &["de-de"],
            _ => &[],
        };
        let exact = |t: &str| {
            voices
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
        let plain = voices.iter().filter(fits).find(|v| !v.name.contains('+'));
        plain.or_else(|| voices.iter().find(fits))
    }

    /// Says `parts` after whatever is being said; a reading first
    /// silences the readings before it.
    pub fn say(
        &mut self,
        parts: &[Spoken],
        params: &SpeechParams,
        kind: Kind,
    ) -> Result<(), SpeechError> {
        if kind == Kind::Reading {
            self.silence_readings()?;
        }
        if self.rate != Some(params.rate) {
            self.backend.set_rate(params.rate)?;
            self.rate = Some(params.rate);
        }
        if self.volume != Some(params.volume) {
            self.backend.set_volume(params.volume)?;
            self.volume = Some(params.volume);
        }
        for part in parts {
            if let Some(choice) = self.choice_for(part.lang, params)
                && self.current.as_ref() != Some(&choice)
            {
                let set = match &choice {
                    Choice::Name(name) => self.backend.set_voice(name),
                    Choice::Language(tag) => self.backend.set_language(tag),
                };
                // A voice the service refuses is no reason to stay silent.
                if set.is_ok() {
                    self.current = Some(choice);
                }
            }
            self.backend.speak(&part.text, kind)?;
        }
        match kind {
            _ if parts.is_empty() => {}
            Kind::News => self.news_pending = true,
            Kind::Reading => self.reading_out = true,
        }
        Ok(())
    }

    /// Silences the readings being said or waiting, never news: a line
    /// was entered, or a newer reading comes. Where the service has one
    /// queue for both, readings are cut (with everything) only once the
    /// news before them has been heard.
    pub fn silence_readings(&mut self) -> Result<(), SpeechError> {
        if !self.reading_out {
            return Ok(());
        }
        if self.backend.keeps_readings_apart() {
            self.backend.silence_readings()?;
        } else {
            if self.news_pending && !self.backend.is_busy() {
                self.news_pending = false;
            }
            if self.news_pending {
                return Ok(());
            }
            self.backend.stop()?;
        }
        self.reading_out = false;
        Ok(())
    }

    /// Silences everything.
    pub fn stop(&mut self) -> Result<(), SpeechError> {
        self.backend.stop()?;
        self.news_pending = false;
        self.reading_out = false;
        Ok(())
    }

    /// Whether the service is still speaking.
    pub fn is_busy(&mut self) -> bool {
        self.backend.is_busy()
    }

    /// Waits until the service is idle, at most `bound`.
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

/// Maps a setting of 0–100 (50 the middle) onto a service's range.
fn scale(value: u8, min: f32, normal: f32, max: f32) -> f32 {
    let v = f32::from(value.min(100));
    if v <= 50.0 {
        min + (normal - min) * v / 50.0
    } else {
        normal + (max - normal) * (v - 50.0) / 50.0
    }
}

/// Makes a backend; called on the speech thread.
pub type BackendFactory =
    Arc<dyn Fn() -> Result<Box<dyn SpeechBackend>, SpeechError> + Send + Sync>;

/// The factory for the platform's speech service: Speech Dispatcher
/// directly on Linux, where it can choose a voice by language without
/// listing its voices; elsewhere the `tts` crate.
pub fn platform_backend() -> BackendFactory {
    #[cfg(target_os = "linux")]
    let make = || SpeechdBackend::new().map(|b| Box::new(b) as Box<dyn SpeechBackend>);
    #[cfg(not(target_os = "linux"))]
    let make = || TtsBackend::new().map(|b| Box::new(b) as Box<dyn SpeechBackend>);
    Arc::new(make)
}

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

    pub(super) fn speaks(calls: &[Call]) -> Vec<(String, Kind)> {
        calls
            .iter()
            .filter_map(|c| match c {
                Call::Speak(t, kind) => Some((t.clone(), *kind)),
                _ => None,
            })
            .collect()
    }

    /// The speaking and silencing calls alone, without voices and rates.
    pub(super) fn heard(calls: &[Call]) -> Vec<Call> {
        calls
            .iter()
            .filter(|c| matches!(c, Call::Speak(..) | Call::Stop | Call::SilenceReadings))
            .cloned()
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

    fn by_language() -> RecordingBackend {
        RecordingBackend {
            by_language: true,
            ..RecordingBackend::default()
        }
    }

    #[test]
    fn a_service_that_chooses_by_language_is_not_asked_for_its_voices() {
        let backend = by_language();
        let listings = Arc::clone(&backend.listings);
        let mut speaker = Speaker::new(backend);
        let params = SpeechParams::from(&settings(Lang::Et));
        assert_eq!(
            speaker.choice_for(Lang::Et, &params),
            Some(Choice::Language("et".into()))
        );
        assert_eq!(
            speaker.choice_for(Lang::De, &params),
            Some(Choice::Language("de".into()))
        );
        assert_eq!(listings.load(std::sync::atomic::Ordering::SeqCst), 0);
    }

    #[test]
    fn a_named_voice_is_looked_up_once_and_only_for_the_ui_language() {
        let backend = by_language();
        let listings = Arc::clone(&backend.listings);
        let mut speaker = Speaker::new(backend);
        let mut s = settings(Lang::En);
        s.voice = Voice::Named("englishgreatbritain+adam".into());
        let params = SpeechParams::from(&s);
        for _ in 0..3 {
            assert_eq!(
                speaker.choice_for(Lang::En, &params),
                Some(Choice::Name("English (Great Britain)+Adam".into()))
            );
            assert_eq!(
                speaker.choice_for(Lang::De, &params),
                Some(Choice::Language("de".into()))
            );
        }
        assert_eq!(listings.load(std::sync::atomic::Ordering::SeqCst), 1);
    }

    #[test]
    fn once_listed_a_language_the_service_lacks_goes_to_the_ui_voice() {
        let backend = RecordingBackend {
            voices: vec![VoiceInfo {
                name: "English".into(),
                language: "en".into(),
            }],
            ..by_language()
        };
        let mut speaker = Speaker::new(backend);
        let mut s = settings(Lang::En);
        s.voice = Voice::Named("nosuchvoice".into());
        let params = SpeechParams::from(&s);
        assert_eq!(
            speaker.choice_for(Lang::En, &params),
            Some(Choice::Language("en".into()))
        );
        assert_eq!(
            speaker.choice_for(Lang::De, &params),
            Some(Choice::Language("en".into()))
        );
    }

    #[test]
    fn rates_scale_around_the_normal_rate() {
        assert_eq!(scale(0, -100.0, 0.0, 100.0), -100.0);
        assert_eq!(scale(50, -100.0, 0.0, 100.0), 0.0);
        assert_eq!(scale(100, 0.1, 1.0, 10.0), 10.0);
    }
}
