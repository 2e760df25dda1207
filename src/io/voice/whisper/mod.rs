//! Whisper as annabella's recogniser: the utterance's log-mel features
//! (`mel`, exactly as faster-whisper computes them) and the byte-level
//! BPE tokenizer of the model folder's `tokenizer.json` (`tokens`), which
//! turns every phrase of the moment into the tokens the decoder scores.
pub mod mel;
pub mod tokens;
