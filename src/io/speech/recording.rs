//! A speech backend that records instead of speaking, for tests and
//! benchmarks.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};

use super::SpeechError;
use super::{Kind, SpeechBackend, VoiceInfo};

/// One call a [`RecordingBackend`] received.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Call {
    /// `set_voice`.
    Voice(String),
    /// `set_language`.
    Language(String),
    /// `set_rate`.
    Rate(u8),
    /// `set_volume`.
    Volume(u8),
    /// `speak`: the text and whether it is news or a reading.
    Speak(String, Kind),
    /// `stop`.
    Stop,
    /// `silence_readings`.
    SilenceReadings,
}

/// A backend that records its calls instead of speaking, for tests and
/// benchmarks; it offers an English and a German voice (and variants).
#[derive(Clone, Debug, Default)]
pub struct RecordingBackend {
    /// The calls so far.
    pub calls: Arc<std::sync::Mutex<Vec<Call>>>,
    /// Told the text of every `speak`, if set.
    pub spoken: Option<mpsc::Sender<String>>,
    /// The voices offered; empty means the default English and German.
    pub voices: Vec<VoiceInfo>,
    /// Whether it chooses voices by language, as Speech Dispatcher does.
    pub by_language: bool,
    /// How often the voices were listed.
    pub listings: Arc<AtomicUsize>,
    /// Whether it says it is still speaking, as a service does while
    /// it has something left to say.
    pub busy: bool,
    /// Whether it silences readings apart from news, as Speech
    /// Dispatcher does with readings on connections of their own.
    pub readings_apart: bool,
}

impl RecordingBackend {
    fn record(&self, call: Call) {
        if let Ok(mut calls) = self.calls.lock() {
            calls.push(call);
        }
    }
}

impl SpeechBackend for RecordingBackend {
    fn voices(&mut self) -> Vec<VoiceInfo> {
        self.listings.fetch_add(1, Ordering::SeqCst);
        if !self.voices.is_empty() {
            return self.voices.clone();
        }
        [
            ("English (Great Britain)", "en-GB"),
            ("English (Great Britain)+Adam", "en-GB"),
            ("German+Adam", "de"),
            ("German", "de"),
        ]
        .iter()
        .map(|(name, language)| VoiceInfo {
            name: name.to_string(),
            language: language.to_string(),
        })
        .collect()
    }
    fn set_voice(&mut self, name: &str) -> Result<(), SpeechError> {
        self.record(Call::Voice(name.to_string()));
        Ok(())
    }
    fn by_language(&self) -> bool {
        self.by_language
    }
    fn set_language(&mut self, tag: &str) -> Result<(), SpeechError> {
        if !self.by_language {
            return Err(SpeechError::NoLanguageChoice(tag.to_string()));
        }
        self.record(Call::Language(tag.to_string()));
        Ok(())
    }
    fn set_rate(&mut self, rate: u8) -> Result<(), SpeechError> {
        self.record(Call::Rate(rate));
        Ok(())
    }
    fn set_volume(&mut self, volume: u8) -> Result<(), SpeechError> {
        self.record(Call::Volume(volume));
        Ok(())
    }
    fn is_busy(&mut self) -> bool {
        self.busy
    }
    fn speak(&mut self, text: &str, kind: Kind) -> Result<(), SpeechError> {
        self.record(Call::Speak(text.to_string(), kind));
        if let Some(tx) = &self.spoken {
            let _ = tx.send(text.to_string());
        }
        Ok(())
    }
    fn stop(&mut self) -> Result<(), SpeechError> {
        self.record(Call::Stop);
        Ok(())
    }
    fn keeps_readings_apart(&self) -> bool {
        self.readings_apart
    }
    fn silence_readings(&mut self) -> Result<(), SpeechError> {
        if !self.readings_apart {
            return Err(SpeechError::OneQueue);
        }
        self.record(Call::SilenceReadings);
        Ok(())
    }
}
