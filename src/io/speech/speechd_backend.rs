//! Speech Dispatcher itself, through the `speech-dispatcher` crate (the
//! one `tts` uses underneath on Linux).
//!
//! `tts` can choose a voice only from the service's list, and lists every
//! voice again on each change; with eSpeak NG that is over 13 000 voices
//! and more than a second each time, so the first announcement after
//! start came seconds late. Speech Dispatcher chooses a voice for a
//! language itself (`SET self LANGUAGE`), at once, and that is all
//! annabella asks for unless the player names a voice.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use speech_dispatcher::{Connection, Mode, Priority};

use super::SpeechError;
use super::{Kind, SpeechBackend, VoiceInfo, scale};

/// What a connection was set to speak with.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Setting {
    /// The service's voice for a language tag.
    Language(String),
    /// A voice by name.
    Name(String),
}

/// Speech Dispatcher on Linux. Lives on the speech thread only.
///
/// Every voice setting (a language, or a voice by name) gets connections
/// of its own, set once, and an utterance goes to a connection of its
/// voice; the service speaks them in the order they arrive. One
/// connection switched back and forth would not do: the speech module
/// re-applies only the settings that changed since its last message, so
/// after a German word a named voice whose name had not changed would be
/// left in German.
pub struct SpeechdBackend {
    /// The connections of each voice setting.
    voices: Vec<Lanes>,
    current: usize,
    rate: Option<u8>,
    volume: Option<u8>,
}

/// The two connections of one voice setting: news on one, readings on
/// the other, because Speech Dispatcher cancels per connection (`CANCEL
/// self`): cancelling the readings' connection leaves the news queued.
struct Lanes {
    /// What both were set to (`None`: not yet, the service's default).
    setting: Option<Setting>,
    news: Channel,
    readings: Channel,
}

impl Lanes {
    fn open() -> Result<Lanes, SpeechError> {
        Ok(Lanes {
            setting: None,
            news: Channel::open()?,
            readings: Channel::open()?,
        })
    }

    fn both(&self) -> [&Channel; 2] {
        [&self.news, &self.readings]
    }
}

struct Channel {
    connection: Connection,
    sent: Arc<AtomicU64>,
    done: Arc<AtomicU64>,
}

impl Channel {
    /// Connects, at the address in `SPEECHD_ADDRESS` if set, else the
    /// user's own service (started if need be).
    fn open() -> Result<Channel, SpeechError> {
        let user = std::env::var("USER")
            .ok()
            .filter(|u| !u.is_empty() && !u.contains('\0'))
            .unwrap_or_else(|| "annabella".to_string());
        let connection = Connection::open("annabella", "speech", user.as_str(), Mode::Threaded)
            .map_err(SpeechError::unreachable)?;
        let sent = Arc::new(AtomicU64::new(0));
        let done = Arc::new(AtomicU64::new(0));
        // Messages are numbered in order, so the highest number ended or
        // cancelled says whether anything sent is still being spoken.
        for end in [true, false] {
            let done = Arc::clone(&done);
            let callback: Box<dyn FnMut(usize, usize)> = Box::new(move |message, _client| {
                done.fetch_max(message as u64, Ordering::SeqCst);
            });
            if end {
                connection.on_end(Some(callback));
            } else {
                connection.on_cancel(Some(callback));
            }
        }
        Ok(Channel {
            connection,
            sent,
            done,
        })
    }

    fn set_rate(&self, rate: u8) -> Result<(), SpeechError> {
        let rate = scale(rate, -100.0, 0.0, 100.0) as i32;
        self.connection
            .set_voice_rate(rate)
            .map_err(SpeechError::refused)
    }

    fn set_volume(&self, volume: u8) -> Result<(), SpeechError> {
        let volume = -100.0 + 200.0 * f32::from(volume.min(100)) / 100.0;
        self.connection
            .set_volume(volume as i32)
            .map_err(SpeechError::refused)
    }

    fn set(&self, setting: &Setting) -> Result<(), SpeechError> {
        let result = match setting {
            Setting::Language(tag) => self.connection.set_language(c_safe(tag)),
            Setting::Name(name) => self
                .connection
                .set_synthesis_voice(&speech_dispatcher::Voice {
                    name: c_safe(name),
                    language: String::new(),
                    variant: None,
                }),
        };
        result.map_err(SpeechError::refused)
    }

    fn speak(&self, text: &str) -> Result<(), SpeechError> {
        let id = self
            .connection
            // Message: queued behind what is being said, news and
            // readings alike in the order sent, and cut by nothing but
            // annabella's own cancel of a connection. (Priority text
            // cuts itself: a reading's second voice would cut its first.)
            .say(Priority::Message, c_safe(text))
            .ok_or_else(|| SpeechError::Refused("the text".to_string()))?;
        self.sent.fetch_max(id, Ordering::SeqCst);
        Ok(())
    }

    /// Cancels what this connection is saying and has waiting; the other
    /// connections' messages are spoken on.
    fn cancel(&self) -> Result<(), SpeechError> {
        self.connection.cancel().map_err(SpeechError::refused)
    }

    fn is_busy(&self) -> bool {
        self.done.load(Ordering::SeqCst) < self.sent.load(Ordering::SeqCst)
    }
}

/// Text without NUL characters, which the C library cannot pass on (the
/// crate would panic on them).
fn c_safe(text: &str) -> String {
    text.replace('\0', "")
}

impl SpeechdBackend {
    /// Connects to Speech Dispatcher.
    pub fn new() -> Result<SpeechdBackend, SpeechError> {
        Ok(SpeechdBackend {
            voices: vec![Lanes::open()?],
            current: 0,
            rate: None,
            volume: None,
        })
    }

    /// Speaks with `setting` from now on: on the connections already set
    /// to it, else on those opened at start if still unset, else on new
    /// ones.
    fn switch(&mut self, setting: Setting) -> Result<(), SpeechError> {
        if let Some(i) = self
            .voices
            .iter()
            .position(|l| l.setting.as_ref() == Some(&setting))
        {
            self.current = i;
            return Ok(());
        }
        let index = match self.voices.iter().position(|l| l.setting.is_none()) {
            Some(i) => i,
            None => {
                let lanes = Lanes::open()?;
                for channel in lanes.both() {
                    if let Some(rate) = self.rate {
                        channel.set_rate(rate)?;
                    }
                    if let Some(volume) = self.volume {
                        channel.set_volume(volume)?;
                    }
                }
                self.voices.push(lanes);
                self.voices.len() - 1
            }
        };
        // A setting the service refuses leaves the connections unset, for
        // the next one.
        let lanes = &mut self.voices[index];
        lanes.both().iter().try_for_each(|c| c.set(&setting))?;
        lanes.setting = Some(setting);
        self.current = index;
        Ok(())
    }

    fn channels(&self) -> impl Iterator<Item = &Channel> {
        self.voices.iter().flat_map(Lanes::both)
    }
}

impl SpeechBackend for SpeechdBackend {
    fn voices(&mut self) -> Vec<VoiceInfo> {
        let listed = self.voices[0].news.connection.list_synthesis_voices();
        listed
            .unwrap_or_default()
            .into_iter()
            .map(|v| VoiceInfo {
                name: v.name,
                language: v.language,
            })
            .collect()
    }

    fn set_voice(&mut self, name: &str) -> Result<(), SpeechError> {
        self.switch(Setting::Name(name.to_string()))
    }

    fn by_language(&self) -> bool {
        true
    }

    fn set_language(&mut self, tag: &str) -> Result<(), SpeechError> {
        self.switch(Setting::Language(tag.to_string()))
    }

    fn set_rate(&mut self, rate: u8) -> Result<(), SpeechError> {
        self.rate = Some(rate);
        self.channels().try_for_each(|c| c.set_rate(rate))
    }

    fn set_volume(&mut self, volume: u8) -> Result<(), SpeechError> {
        self.volume = Some(volume);
        self.channels().try_for_each(|c| c.set_volume(volume))
    }

    fn speak(&mut self, text: &str, kind: Kind) -> Result<(), SpeechError> {
        let index = self.current.min(self.voices.len().saturating_sub(1));
        let lanes = self.voices.get(index).ok_or(SpeechError::NoConnection)?;
        match kind {
            Kind::News => lanes.news.speak(text),
            Kind::Reading => lanes.readings.speak(text),
        }
    }

    fn stop(&mut self) -> Result<(), SpeechError> {
        self.channels().try_for_each(Channel::cancel)
    }

    fn keeps_readings_apart(&self) -> bool {
        true
    }

    fn silence_readings(&mut self) -> Result<(), SpeechError> {
        self.voices.iter().try_for_each(|l| l.readings.cancel())
    }

    fn is_busy(&mut self) -> bool {
        self.channels().any(Channel::is_busy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_for_the_c_library_loses_its_nul_characters() {
        assert_eq!(c_safe("e4\0?"), "e4?");
        assert_eq!(c_safe("Läufer"), "Läufer");
    }
}
