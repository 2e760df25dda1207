//! The events of voice input: what was heard, and the microphone's news.

use super::VoiceTrouble;

/// Voice input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VoiceEvent {
    /// What the recogniser heard, as it is shown ("Heard: Springer Felix drei").
    Heard(String),
    /// Talk, noise, or words too unsure: nothing is done.
    NotUnderstood,
    /// Listening now, or no longer.
    Listening(bool),
    /// Voice input cannot be had; the keyboard goes on.
    Unavailable(VoiceTrouble),
    /// The microphones there are (`microphones`), and the one in use.
    Microphones {
        /// Their names.
        names: Vec<String>,
        /// The one the setting names, if it names one.
        chosen: Option<String>,
    },
    /// A heard command that changes something was dropped on "no".
    Dropped,
    /// `set microphone NAME` refused: no microphone is called so.
    NoSuchMicrophone {
        /// The name asked for.
        name: String,
        /// The microphones there are.
        names: Vec<String>,
    },
}
