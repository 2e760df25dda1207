//! Whisper, run by candle from CTranslate2's model files, scoring the
//! phrases of the moment: the utterance's log-mel features (`mel`,
//! exactly as faster-whisper computes them) are encoded once and every
//! phrase, tokenized by the model folder's byte-level BPE (`tokens`), is
//! force-decoded over a token trie (`trie`), so that the listening
//! thread can pick the move whose phrase the audio fits best. `ct2`
//! reads `model.bin`, `model` is the network.

mod ct2;
pub mod mel;
mod model;
pub mod tokens;
mod trie;

use std::path::Path;

use candle_core::{Device, Tensor};

use crate::event::IoReason;

pub use trie::{Score, Trie, Walk};

/// Why a model directory could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// There is no `model.bin` (or no folder) there.
    NotFound,
    /// A file is there but the system refused to read it.
    Unreadable(IoReason),
    /// A file is cut short, garbage, or not a Whisper model we can run.
    Broken,
}

/// For logs and developers; the player hears the announcer's words.
impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::NotFound => f.write_str("no model.bin in the model folder"),
            LoadError::Unreadable(reason) => write!(f, "model file unreadable ({reason:?})"),
            LoadError::Broken => f.write_str("not a Whisper model in CTranslate2's format"),
        }
    }
}

impl std::error::Error for LoadError {}

/// The most audio one window holds: the encoder's 30 s.
const MAX_SECONDS: usize = 30;

/// Why an utterance could not be encoded or scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScoreError {
    /// The network failed on it (a sequence longer than the decoder's
    /// positions, or shapes a damaged model could not run).
    Compute,
}

/// For logs and developers; the player hears the announcer's words.
impl std::fmt::Display for ScoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScoreError::Compute => f.write_str("the network could not score the utterance"),
        }
    }
}

impl std::error::Error for ScoreError {}

/// The ids of the special tokens the prefix and decoding need.
struct Specials {
    sot: u32,
    transcribe: Option<u32>,
    no_timestamps: u32,
    /// Language token ids by code (`de` → `<|de|>`), multilingual only.
    languages: Vec<(String, u32)>,
}

/// One Whisper model in memory.
pub struct Model {
    whisper: model::Whisper,
    tokenizer: tokens::Tokenizer,
    mel: mel::Mel,
    specials: Specials,
    /// Tokens greedy decoding never picks (`suppress_ids` of
    /// `config.json`: punctuation and symbols Whisper was told to avoid).
    suppress: Vec<u32>,
}

/// One utterance as the decoder sees it: its cross-attention keys and
/// values, computed once.
pub struct Audio {
    cross: model::Cross,
    /// Encoder frames (20 ms each).
    pub frames: usize,
}

fn io_error(e: &std::io::Error) -> LoadError {
    match e.kind() {
        std::io::ErrorKind::NotFound => LoadError::NotFound,
        _ => LoadError::Unreadable(IoReason::of(e)),
    }
}

fn read_error(e: ct2::ReadError) -> LoadError {
    match e {
        ct2::ReadError::Io(kind) => LoadError::Unreadable(IoReason::from_kind(kind)),
        ct2::ReadError::Broken => LoadError::Broken,
    }
}

impl Model {
    /// Loads `model.bin`, `config.json` and `tokenizer.json` from `dir`.
    pub fn load(dir: &Path) -> Result<Model, LoadError> {
        let path = dir.join("model.bin");
        let file = std::fs::File::open(&path).map_err(|e| io_error(&e))?;
        let length = file.metadata().map_err(|e| io_error(&e))?.len();
        let variables = ct2::read(std::io::BufReader::new(file), length).map_err(read_error)?;
        if variables.spec != "WhisperSpec" {
            return Err(LoadError::Broken);
        }
        let whisper = model::Whisper::new(&variables).map_err(read_error)?;
        drop(variables);
        let config = read_json(&dir.join("config.json"))?;
        let suppress = config
            .get("suppress_ids")
            .and_then(|v| v.as_array())
            .map(|ids| {
                ids.iter()
                    .filter_map(|i| i.as_u64())
                    .map(|i| i as u32)
                    .collect()
            })
            .unwrap_or_default();
        let text = std::fs::read_to_string(dir.join("tokenizer.json")).map_err(|e| io_error(&e))?;
        let tokenizer = tokens::Tokenizer::from_json(&text).map_err(|_| LoadError::Broken)?;
        let specials = specials(&tokenizer, whisper.eot)?;
        let mel = mel::Mel::new(whisper.mels().map_err(|_| LoadError::Broken)?);
        Ok(Model {
            whisper,
            tokenizer,
            mel,
            specials,
            suppress,
        })
    }

    /// Whether the model knows languages other than English (and so
    /// takes a language and a task token in its prefix).
    pub fn multilingual(&self) -> bool {
        self.specials.transcribe.is_some()
    }

    /// The model's tokenizer, for turning phrases into tokens.
    pub fn tokenizer(&self) -> &tokens::Tokenizer {
        &self.tokenizer
    }

    /// `<|endoftext|>`: text tokens are the ids below it.
    pub fn eot(&self) -> u32 {
        self.whisper.eot
    }

    /// The tokens every phrase follows: `<|startoftranscript|>`, for a
    /// multilingual model the language (`de`, `en`, `et`; English if
    /// `None` or unknown) and `<|transcribe|>`, then `<|notimestamps|>`.
    pub fn prefix(&self, lang: Option<&str>) -> Vec<u32> {
        let s = &self.specials;
        let mut prefix = vec![s.sot];
        if let Some(transcribe) = s.transcribe {
            let code = lang.unwrap_or("en");
            let find = |c: &str| s.languages.iter().find(|(l, _)| l == c).map(|(_, id)| *id);
            if let Some(id) = find(code).or_else(|| find("en")) {
                prefix.push(id);
            }
            prefix.push(transcribe);
        }
        prefix.push(s.no_timestamps);
        prefix
    }

    /// Encodes an utterance: `samples` at 16 kHz mono in [-1, 1] (NaN
    /// and infinities count as silence, as `mel` takes them), followed
    /// by a second of digital silence, as the encoder was measured to
    /// hear short windows best. The window is cut to the encoder's
    /// 30 s, keeping the start: an utterance longer than 29 s is talk,
    /// not a move, and its start is enough to say so.
    pub fn encode(&self, samples: &[f32]) -> Result<Audio, ScoreError> {
        let keep = samples.len().min((MAX_SECONDS - 1) * mel::SAMPLE_RATE);
        let mut window = Vec::with_capacity(keep + mel::SAMPLE_RATE);
        window.extend_from_slice(&samples[..keep]);
        window.resize(keep + mel::SAMPLE_RATE, 0.0);
        let features = self.mel.features(&window);
        // The encoder's strided convolution halves the frames; an odd
        // last frame (silence) is left out, as CTranslate2 does.
        let frames = features.frames - features.frames % 2;
        let mut data = Vec::with_capacity(features.bins * frames);
        for row in features.data.chunks_exact(features.frames) {
            data.extend_from_slice(&row[..frames]);
        }
        self.encode_mel(&data, frames)
    }

    /// Encodes a log-mel spectrogram, row-major `[mels, frames]`; frames
    /// past the encoder's 30 s are left out.
    pub fn encode_mel(&self, mel: &[f32], frames: usize) -> Result<Audio, ScoreError> {
        let mels = self.whisper.mels().map_err(|_| ScoreError::Compute)?;
        if frames == 0 || mel.len() != mels * frames {
            return Err(ScoreError::Compute);
        }
        let keep = frames.min(self.whisper.max_frames());
        let mel = Tensor::from_slice(mel, (mels, frames), &Device::Cpu)
            .and_then(|m| m.narrow(1, 0, keep))
            .map_err(|_| ScoreError::Compute)?;
        let encoded = self.whisper.encode(&mel).map_err(|_| ScoreError::Compute)?;
        let frames = encoded.dim(1).map_err(|_| ScoreError::Compute)?;
        let cross = self
            .whisper
            .cross(&encoded)
            .map_err(|_| ScoreError::Compute)?;
        Ok(Audio { cross, frames })
    }

    /// Forced decoding of every sequence of `trie` over `audio`: per
    /// sequence Σ log p of its text tokens (softmax over text tokens
    /// only) or `None` when it was pruned, `prune` below the best partial
    /// score (Σ log p + `bonus` per token) of its depth.
    pub fn score(
        &self,
        audio: &Audio,
        trie: &Trie,
        prune: f32,
        bonus: f32,
    ) -> Result<Vec<Option<Score>>, ScoreError> {
        Ok(self.walk(audio, trie, prune, bonus)?.scores)
    }

    /// `score` with the number of nodes the decoder ran (for measuring).
    pub fn walk(
        &self,
        audio: &Audio,
        trie: &Trie,
        prune: f32,
        bonus: f32,
    ) -> Result<Walk, ScoreError> {
        trie::walk(&self.whisper, &audio.cross, trie, prune, bonus).map_err(|_| ScoreError::Compute)
    }

    /// Unconstrained greedy decoding after `prefix`, for telling talk
    /// from a move: the text tokens (up to `max_tokens`, until
    /// `<|endoftext|>`) and their Σ log p, normalised over the text
    /// tokens as the phrase scores are. Special tokens other than
    /// `<|endoftext|>` and the `suppress_ids` are never picked, nor
    /// `<|endoftext|>` first.
    pub fn transcribe(
        &self,
        audio: &Audio,
        prefix: &[u32],
        max_tokens: usize,
    ) -> Result<(Vec<u32>, f32), ScoreError> {
        greedy(self, audio, prefix, max_tokens).map_err(|_| ScoreError::Compute)
    }
}

fn greedy(
    model: &Model,
    audio: &Audio,
    prefix: &[u32],
    max_tokens: usize,
) -> candle_core::Result<(Vec<u32>, f32)> {
    let w = &model.whisper;
    let eot = w.eot as usize;
    let mut past = Vec::new();
    let mut hidden = None;
    for (position, &token) in prefix.iter().enumerate() {
        let step = w.step(&[token], position, &past, &audio.cross)?;
        past = step.kv;
        hidden = Some(step.hidden);
    }
    let mut text = Vec::new();
    let mut logp = 0.0;
    while let Some(h) = hidden.take() {
        if text.len() >= max_tokens || prefix.len() + text.len() >= w.max_positions() {
            break;
        }
        let logits: Vec<f32> = w.logits(&h)?.squeeze(0)?.to_vec1()?;
        let mut allowed = logits[..=eot].to_vec();
        for &s in &model.suppress {
            if let Some(l) = allowed.get_mut(s as usize) {
                *l = f32::NEG_INFINITY;
            }
        }
        if text.is_empty() {
            allowed[eot] = f32::NEG_INFINITY;
        }
        let Some(best) = argmax(&allowed) else { break };
        if best == eot {
            break;
        }
        logp += logits[best] - log_sum_exp(&logits[..eot]);
        text.push(best as u32);
        let position = prefix.len() + text.len() - 1;
        let step = w.step(&[best as u32], position, &past, &audio.cross)?;
        past = step.kv;
        hidden = Some(step.hidden);
    }
    Ok((text, logp))
}

/// The index of the largest value that is not NaN.
fn argmax(values: &[f32]) -> Option<usize> {
    values
        .iter()
        .enumerate()
        .filter(|(_, v)| !v.is_nan() && **v > f32::NEG_INFINITY)
        .max_by(|a, b| a.1.total_cmp(b.1))
        .map(|(i, _)| i)
}

fn log_sum_exp(values: &[f32]) -> f32 {
    let max = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    max + values.iter().map(|v| (v - max).exp()).sum::<f32>().ln()
}

fn read_json(path: &Path) -> Result<serde_json::Value, LoadError> {
    let bytes = std::fs::read(path).map_err(|e| io_error(&e))?;
    serde_json::from_slice(&bytes).map_err(|_| LoadError::Broken)
}

/// The special tokens' ids, from the tokenizer's added tokens.
fn specials(tokenizer: &tokens::Tokenizer, eot: u32) -> Result<Specials, LoadError> {
    let id = |name: &str| tokenizer.special(name);
    let sot = id("<|startoftranscript|>").ok_or(LoadError::Broken)?;
    let no_timestamps = id("<|notimestamps|>").ok_or(LoadError::Broken)?;
    if tokenizer.eot() != eot {
        return Err(LoadError::Broken);
    }
    // English-only models have the task tokens too, but take none.
    let transcribe = if eot == 50257 {
        id("<|transcribe|>")
    } else {
        None
    };
    let languages = ["de", "en", "et"]
        .iter()
        .filter_map(|code| Some((code.to_string(), id(&format!("<|{code}|>"))?)))
        .collect();
    Ok(Specials {
        sot,
        transcribe,
        no_timestamps,
        languages,
    })
}

#[cfg(test)]
mod check;
