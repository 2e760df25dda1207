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

use super::{SpeechBackend, VoiceInfo, scale};

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
/// Every voice setting (a language, or a voice by name) gets a connection
/// of its own, set once, and an utterance goes to the connection of its
/// voice; the service speaks them in the order they arrive. One
/// connection switched back and forth would not do: the speech module
/// re-applies only the settings that changed since its last message, so
/// after a German word a named voice whose name had not changed would be
/// left in German.
pub struct SpeechdBackend {
    /// Connections and what each was set to (`None`: not yet, the
    /// service's default).
    channels: Vec<(Option<Setting>, Channel)>,
    current: usize,
    rate: Option<u8>,
    volume: Option<u8>,
}

struct Channel {
    connection: Connection,
    sent: Arc<AtomicU64>,
    done: Arc<AtomicU64>,
}

impl Channel {
    /// Connects, at the address in `SPEECHD_ADDRESS` if set, else the
    /// user's own service (started if need be).
    fn open() -> Result<Channel, String> {
        let user = std::env::var("USER")
            .ok()
            .filter(|u| !u.is_empty() && !u.contains('\0'))
            .unwrap_or_else(|| "annabella".to_string());
        let connection = Connection::open("annabella", "speech", user.as_str(), Mode::Threaded)
            .map_err(|e| e.to_string())?;
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

    fn set_rate(&self, rate: u8) -> Result<(), String> {
        let rate = scale(rate, -100.0, 0.0, 100.0) as i32;
        self.connection
            .set_voice_rate(rate)
            .map_err(|e| e.to_string())
    }

    fn set_volume(&self, volume: u8) -> Result<(), String> {
        let volume = -100.0 + 200.0 * f32::from(volume.min(100)) / 100.0;
        self.connection
            .set_volume(volume as i32)
            .map_err(|e| e.to_string())
    }

    fn set(&self, setting: &Setting) -> Result<(), String> {
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
        result.map_err(|e| e.to_string())
    }

    fn speak(&self, text: &str) -> Result<(), String> {
        let id = self
            .connection
            // Message: queued behind what is being said, cut by nothing
            // but annabella's own cancel (a newer reading, silence).
            .say(Priority::Message, c_safe(text))
            .ok_or_else(|| "Speech Dispatcher refused the text".to_string())?;
        self.sent.fetch_max(id, Ordering::SeqCst);
        Ok(())
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
    pub fn new() -> Result<SpeechdBackend, String> {
        Ok(SpeechdBackend {
            channels: vec![(None, Channel::open()?)],
            current: 0,
            rate: None,
            volume: None,
        })
    }

    /// Speaks with `setting` from now on: on the connection already set to
    /// it, else on the one opened at start if still unset, else on a new
    /// one.
    fn switch(&mut self, setting: Setting) -> Result<(), String> {
        if let Some(i) = self
            .channels
            .iter()
            .position(|(s, _)| s.as_ref() == Some(&setting))
        {
            self.current = i;
            return Ok(());
        }
        let index = match self.channels.iter().position(|(s, _)| s.is_none()) {
            Some(i) => i,
            None => {
                let channel = Channel::open()?;
                if let Some(rate) = self.rate {
                    channel.set_rate(rate)?;
                }
                if let Some(volume) = self.volume {
                    channel.set_volume(volume)?;
                }
                self.channels.push((None, channel));
                self.channels.len() - 1
            }
        };
        // A setting the service refuses leaves the connection unset, for
        // the next one.
        self.channels[index].1.set(&setting)?;
        self.channels[index].0 = Some(setting);
        self.current = index;
        Ok(())
    }
}

impl SpeechBackend for SpeechdBackend {
    fn voices(&mut self) -> Vec<VoiceInfo> {
        let listed = self.channels[0].1.connection.list_synthesis_voices();
        listed
            .unwrap_or_default()
            .into_iter()
            .map(|v| VoiceInfo {
                name: v.name,
                language: v.language,
            })
            .collect()
    }

    fn set_voice(&mut self, name: &str) -> Result<(), String> {
        self.switch(Setting::Name(name.to_string()))
    }

    fn by_language(&self) -> bool {
        true
    }

    fn set_language(&mut self, tag: &str) -> Result<(), String> {
        self.switch(Setting::Language(tag.to_string()))
    }

    fn set_rate(&mut self, rate: u8) -> Result<(), String> {
        self.rate = Some(rate);
        self.channels.iter().try_for_each(|(_, c)| c.set_rate(rate))
    }

    fn set_volume(&mut self, volume: u8) -> Result<(), String> {
        self.volume = Some(volume);
        self.channels
            .iter()
            .try_for_each(|(_, c)| c.set_volume(volume))
    }

    fn speak(&mut self, text: &str, interrupt: bool) -> Result<(), String> {
        if interrupt {
            self.stop()?;
        }
        let index = self.current.min(self.channels.len().saturating_sub(1));
        match self.channels.get(index) {
            Some((_, channel)) => channel.speak(text),
            None => Err("no connection to Speech Dispatcher".to_string()),
        }
    }

    fn stop(&mut self) -> Result<(), String> {
        self.channels
            .iter()
            .try_for_each(|(_, c)| c.connection.cancel().map_err(|e| e.to_string()))
    }

    fn is_busy(&mut self) -> bool {
        self.channels.iter().any(|(_, c)| c.is_busy())
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
