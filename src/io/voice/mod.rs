//! Voice input: Whisper scoring the phrases of the moment against what
//! the microphone heard (`whisper`: the model, its features, tokens and
//! token trie, run by candle; `recognise`: the recogniser, which makes
//! the phrases into tries and takes the verdict; `listen`: the listening
//! thread).
pub mod listen;
pub mod recognise;
pub mod whisper;
