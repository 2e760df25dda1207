//! The platform speech service through the `tts` crate: SAPI or WinRT
//! on Windows, AVFoundation on macOS. On Linux annabella speaks to Speech
//! Dispatcher directly ([`SpeechdBackend`](super::SpeechdBackend)).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::SpeechError;
use super::{Kind, SpeechBackend, VoiceInfo, scale};

/// The platform speech service through the `tts` crate. Lives on the
/// speech thread only.
///
/// `tts` cannot choose a voice by language, so the speaker lists the
/// voices once at start and picks one by name. Changing the voice may
/// list every voice of the service again (the `tts` backend for Speech
/// Dispatcher does: over a second with eSpeak NG, which is why Linux
/// does not use this backend); switching between a German and an English
/// voice for every announcement that way would make speech lag far
/// behind. So each voice gets its own connection, set up once, and an
/// utterance goes to the connection of its voice; the service speaks
/// them in the order they arrive.
pub struct TtsBackend {
    /// Connections: the voice set on each (`None`: the service default).
    voices: Vec<(Option<String>, Channel)>,
    /// The service's voices, listed once: every listing is slow.
    offered: Vec<tts::Voice>,
    current: usize,
    rate: Option<u8>,
    volume: Option<u8>,
}

struct Channel {
    tts: tts::Tts,
    sent: Arc<AtomicU64>,
    done: Arc<AtomicU64>,
}

impl Channel {
    fn open() -> Result<Channel, SpeechError> {
        let tts = tts::Tts::default().map_err(SpeechError::unreachable)?;
        let sent = Arc::new(AtomicU64::new(0));
        let done = Arc::new(AtomicU64::new(0));
        if tts.supported_features().utterance_callbacks {
            for end in [true, false] {
                let done = Arc::clone(&done);
                let callback: Box<dyn FnMut(tts::UtteranceId)> = Box::new(move |id| {
                    if let Some(n) = utterance_number(&id) {
                        done.fetch_max(n, Ordering::SeqCst);
                    }
                });
                let _ = if end {
                    tts.on_utterance_end(Some(callback))
                } else {
                    tts.on_utterance_stop(Some(callback))
                };
            }
        }
        Ok(Channel { tts, sent, done })
    }

    fn set_rate(&mut self, rate: u8) -> Result<(), SpeechError> {
        if !self.tts.supported_features().rate {
            return Ok(());
        }
        let (min, normal, max) = (
            self.tts.min_rate(),
            self.tts.normal_rate(),
            self.tts.max_rate(),
        );
        self.tts
            .set_rate(scale(rate, min, normal, max))
            .map(|_| ())
            .map_err(SpeechError::refused)
    }

    fn set_volume(&mut self, volume: u8) -> Result<(), SpeechError> {
        if !self.tts.supported_features().volume {
            return Ok(());
        }
        let (min, max) = (self.tts.min_volume(), self.tts.max_volume());
        let v = min + (max - min) * f32::from(volume.min(100)) / 100.0;
        self.tts
            .set_volume(v)
            .map(|_| ())
            .map_err(SpeechError::refused)
    }

    fn is_busy(&self) -> bool {
        let sent = self.sent.load(Ordering::SeqCst);
        if sent > 0 {
            self.done.load(Ordering::SeqCst) < sent
        } else {
            self.tts.is_speaking().unwrap_or(false)
        }
    }
}

impl TtsBackend {
    /// Connects to the platform's speech service.
    pub fn new() -> Result<TtsBackend, SpeechError> {
        Ok(TtsBackend {
            voices: vec![(None, Channel::open()?)],
            offered: Vec::new(),
            current: 0,
            rate: None,
            volume: None,
        })
    }

    fn channels(&mut self) -> impl Iterator<Item = &mut Channel> {
        self.voices.iter_mut().map(|(_, c)| c)
    }
}

/// The number of an utterance, where the service numbers them in order.
#[cfg(target_os = "linux")]
fn utterance_number(id: &tts::UtteranceId) -> Option<u64> {
    let tts::UtteranceId::SpeechDispatcher(n) = id;
    Some(*n)
}

/// Elsewhere the service's own "speaking" flag has to do.
#[cfg(not(target_os = "linux"))]
fn utterance_number(_id: &tts::UtteranceId) -> Option<u64> {
    None
}

impl SpeechBackend for TtsBackend {
    fn voices(&mut self) -> Vec<VoiceInfo> {
        let tts = &self.voices[0].1.tts;
        if !tts.supported_features().voice {
            return Vec::new();
        }
        self.offered = tts.voices().unwrap_or_default();
        self.offered
            .iter()
            .map(|v| VoiceInfo {
                name: v.name(),
                language: v.language().to_string(),
            })
            .collect()
    }

    fn set_voice(&mut self, name: &str) -> Result<(), SpeechError> {
        if let Some(i) = self
            .voices
            .iter()
            .position(|(v, _)| v.as_deref() == Some(name))
        {
            self.current = i;
            return Ok(());
        }
        // The first voice asked for goes to the first connection; later
        // ones get their own.
        let mut channel = if self.voices.len() == 1 && self.voices[0].0.is_none() {
            self.voices.remove(0).1
        } else {
            Channel::open()?
        };
        let result = match self.offered.iter().find(|v| v.name() == name) {
            Some(v) => channel.tts.set_voice(v).map_err(SpeechError::refused),
            None => Err(SpeechError::NoSuchVoice(name.to_string())),
        };
        if let Some(rate) = self.rate {
            channel.set_rate(rate)?;
        }
        if let Some(volume) = self.volume {
            channel.set_volume(volume)?;
        }
        let voice = result.is_ok().then(|| name.to_string());
        self.voices.push((voice, channel));
        self.current = self.voices.len() - 1;
        result
    }

    fn set_rate(&mut self, rate: u8) -> Result<(), SpeechError> {
        self.rate = Some(rate);
        self.channels().try_for_each(|c| c.set_rate(rate))
    }

    fn set_volume(&mut self, volume: u8) -> Result<(), SpeechError> {
        self.volume = Some(volume);
        self.channels().try_for_each(|c| c.set_volume(volume))
    }

    /// One queue for news and readings: `stop` silences both, so the
    /// speaker cuts a reading off only when no news waits.
    fn speak(&mut self, text: &str, _kind: Kind) -> Result<(), SpeechError> {
        let index = self.current.min(self.voices.len() - 1);
        let channel = &mut self.voices[index].1;
        let id = channel
            .tts
            .speak(text, false)
            .map_err(SpeechError::refused)?;
        if let Some(n) = id.as_ref().and_then(utterance_number) {
            channel.sent.fetch_max(n, Ordering::SeqCst);
        }
        Ok(())
    }

    fn stop(&mut self) -> Result<(), SpeechError> {
        for channel in self.channels() {
            if channel.tts.supported_features().stop {
                channel
                    .tts
                    .stop()
                    .map(|_| ())
                    .map_err(SpeechError::refused)?;
            }
        }
        Ok(())
    }

    fn is_busy(&mut self) -> bool {
        self.voices.iter().any(|(_, c)| c.is_busy())
    }
}
