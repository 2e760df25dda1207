//! What can go wrong with speech, as kinds. The player never hears
//! these words: speech that cannot start or stops is a notice in the UI
//! language (`announce::Notice`); the service's own words are kept in
//! the error for `Display`, as a library error keeps them.

use std::fmt;

/// Why speech, or one request to it, failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpeechError {
    /// The speech service would not open a connection: its words.
    Unreachable(String),
    /// The service refused a request (a voice, a rate, the text, stop):
    /// its words.
    Refused(String),
    /// The connection to the service is gone.
    NoConnection,
    /// This backend cannot choose a voice by language.
    NoLanguageChoice(String),
    /// No voice is called this.
    NoSuchVoice(String),
    /// This backend speaks on one queue: readings cannot be silenced
    /// apart from news.
    OneQueue,
    /// The system gave no thread for speech, or the thread ended.
    NoThread,
    /// The service did not answer within
    /// [`CREATE_TIMEOUT`](super::CREATE_TIMEOUT).
    Timeout,
}

impl SpeechError {
    /// A refusal, in the service's words.
    pub fn refused(why: impl fmt::Display) -> SpeechError {
        SpeechError::Refused(why.to_string())
    }

    /// No connection could be opened, in the service's words.
    pub fn unreachable(why: impl fmt::Display) -> SpeechError {
        SpeechError::Unreachable(why.to_string())
    }
}

impl fmt::Display for SpeechError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpeechError::Unreachable(why) => write!(f, "the speech service is unreachable: {why}"),
            SpeechError::Refused(why) => write!(f, "the speech service refused: {why}"),
            SpeechError::NoConnection => f.write_str("no connection to the speech service"),
            SpeechError::NoLanguageChoice(tag) => {
                write!(f, "cannot choose a voice for the language {tag}")
            }
            SpeechError::NoSuchVoice(name) => write!(f, "no voice {name}"),
            SpeechError::OneQueue => f.write_str("readings cannot be silenced apart from news"),
            SpeechError::NoThread => f.write_str("no thread for speech"),
            SpeechError::Timeout => f.write_str("the speech service did not answer in time"),
        }
    }
}

impl std::error::Error for SpeechError {}
