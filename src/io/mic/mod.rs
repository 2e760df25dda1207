//! The microphone side of voice input: audio in (a sound card through
//! cpal, or a WAV file), converted to 16 kHz mono, and cut into
//! utterances by a voice-activity detector. Nothing here knows chess or
//! the recogniser.
