//! The microphone side of voice input: audio in (a sound card through
//! cpal, or a WAV file), converted to 16 kHz mono, and cut into
//! utterances by a voice-activity detector. Nothing here knows chess or
//! the recogniser.
//!
//! [`Capture`] delivers chunks of 16 kHz mono samples on a channel, from
//! a device ([`Capture::open`]) or a file ([`Capture::from_file`]);
//! [`Vad`] turns them into utterances; [`read_wav`] and [`utterances`]
//! do the same for a whole file at once.

mod capture;
mod convert;
mod vad;
mod wav;

pub use capture::{CHUNK_MS, Capture, microphones};
pub use convert::{RATE, ToMono16k};
pub use vad::{Utterance, Vad, VadConfig, VadEvent, utterances};
pub use wav::{read_wav, stream_wav};

use std::fmt;

use crate::event::{IoReason, SoundFileTrouble, VoiceFault, VoiceTrouble};

/// Why there is no audio. Each variant is one thing the player can act
/// on; [`fmt::Display`] says it in one English sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MicError {
    /// The machine has no input device at all.
    NoDevice,
    /// No input device's name contains this text.
    NoSuchDevice(String),
    /// The sound system could not list its devices; the text says why.
    Host(String),
    /// The device was found but would not open or start; the text says why.
    Open(String),
    /// The capture thread could not be started.
    Thread(String),
    /// The file could not be opened or read; the path and the kind of
    /// refusal (worded by the announcer, never the system's English).
    FileUnreadable(String, IoReason),
    /// The file is not a WAV file (or is damaged); the path.
    NotWav(String),
    /// The WAV file holds a kind of sample this does not read (such as
    /// compressed audio); the path and the kind.
    WavFormat(String, String),
    /// The WAV file's sample rate is outside 8 to 48 kHz; the path and
    /// the rate.
    WavRate(String, u32),
}

impl fmt::Display for MicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MicError::NoDevice => write!(
                f,
                "No microphone was found; connect one, or use a WAV file instead."
            ),
            MicError::NoSuchDevice(name) => write!(
                f,
                "No microphone is called \"{name}\"; the command microphones lists the names there are."
            ),
            MicError::Host(why) => write!(
                f,
                "The sound system could not list the microphones ({why}); check that it runs."
            ),
            MicError::Open(why) => write!(
                f,
                "The microphone could not be opened ({why}); check that no other program holds it, or choose another."
            ),
            MicError::Thread(why) => write!(
                f,
                "Listening could not start ({why}); closing other programs may help."
            ),
            MicError::FileUnreadable(path, why) => write!(
                f,
                "The file {path} could not be read ({}); check the name and that it may be read.",
                why.word()
            ),
            MicError::NotWav(path) => write!(
                f,
                "The file {path} is not a WAV file or is damaged; give a PCM WAV file."
            ),
            MicError::WavFormat(path, kind) => write!(
                f,
                "The file {path} holds {kind} audio; give a PCM WAV file with 8- to 32-bit integer or 32-bit float samples."
            ),
            MicError::WavRate(path, rate) => write!(
                f,
                "The file {path} is sampled at {rate} Hz; give a WAV file sampled at 8 to 48 kHz."
            ),
        }
    }
}

impl std::error::Error for MicError {}

/// What a file's error is, as the player is told it; `None` for an
/// error of a device.
pub fn file_trouble(e: &MicError) -> Option<SoundFileTrouble> {
    match e {
        MicError::FileUnreadable(_, why) => Some(SoundFileTrouble::Unreadable(*why)),
        MicError::NotWav(_) => Some(SoundFileTrouble::NotWav),
        MicError::WavFormat(_, kind) => Some(SoundFileTrouble::Format(kind.clone())),
        MicError::WavRate(_, rate) => Some(SoundFileTrouble::Rate(*rate)),
        MicError::NoDevice
        | MicError::NoSuchDevice(_)
        | MicError::Host(_)
        | MicError::Open(_)
        | MicError::Thread(_) => None,
    }
}

/// What a device's error is, as the player is told it: a kind worded
/// in the UI language; a microphone not found named with the ones
/// there are (listed only then, as listing asks the sound system).
pub fn device_trouble(e: &MicError) -> VoiceTrouble {
    match e {
        MicError::NoDevice => VoiceTrouble::NoMicrophone,
        MicError::NoSuchDevice(name) => {
            VoiceTrouble::NoSuchMicrophone(name.clone(), microphones().unwrap_or_default())
        }
        MicError::Host(_) => VoiceTrouble::Failed(VoiceFault::SoundSystem),
        MicError::Thread(_) => VoiceTrouble::Failed(VoiceFault::NoThread),
        MicError::Open(_)
        | MicError::FileUnreadable(..)
        | MicError::NotWav(_)
        | MicError::WavFormat(..)
        | MicError::WavRate(..) => VoiceTrouble::Failed(VoiceFault::Unopenable),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_error_is_one_sentence() {
        let all = [
            MicError::NoDevice,
            MicError::NoSuchDevice("usb".into()),
            MicError::Host("no ALSA".into()),
            MicError::Open("busy".into()),
            MicError::Thread("limit".into()),
            MicError::FileUnreadable("a.wav".into(), IoReason::NotFound),
            MicError::NotWav("a.wav".into()),
            MicError::WavFormat("a.wav".into(), "ADPCM".into()),
            MicError::WavRate("a.wav".into(), 96_000),
        ];
        for e in all {
            let s = e.to_string();
            assert!(s.ends_with('.'), "{s}");
            assert_eq!(s.matches(". ").count(), 0, "{s}");
            assert!(s.starts_with(char::is_uppercase), "{s}");
        }
    }
}
