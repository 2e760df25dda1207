//! The recogniser: Whisper scoring the phrases of the moment.
//!
//! When the session sends a moment, its phrases ([`Phrases`]) are made,
//! tokenised and put into a token trie for each model; when an utterance
//! ends, it is encoded once, every phrase is force-decoded over the trie,
//! and the verdict ([`judge`]) takes the meaning clearly ahead, asks
//! back between two close moves, or refuses talk and noise.
//!
//! Which model scores which words (measured, BENCHMARKS.md "Voice
//! input"): with the installed pair, `tiny.en` scores the English words
//! and the multilingual `base` the German and Estonian ones; a model
//! named by the setting `voicemodel` scores every word.

use std::path::{Path, PathBuf};

use super::whisper::mel::Mel;
use super::whisper::tokens::Tokenizer;
use super::whisper::{LoadError, Model, Trie};
use crate::event::{Heard, Meaning, VoiceTrouble};
use crate::input::grammar::{Moment, Phrases, Said};
use crate::input::read_line;
use crate::input::verdict::{Judging, Score, Verdict, judge};

/// The sample rate the models hear.
pub const RATE: u32 = 16_000;

/// How far behind the best of its depth a partial phrase may fall
/// before it is left: well beyond any lead that decides, so that
/// leaving it never changes a verdict.
const PRUNE: f32 = 15.0;

/// The most tokens the unconstrained hearing decodes: a move is never
/// longer.
const FREE_TOKENS: usize = 16;

/// The folder of the installed models (`tiny.en/`, `base/`): the
/// environment's `ANNABELLA_VOICE_MODELS`, else `voice/` in annabella's
/// data directory (where `scripts/setup` puts them), else the package's
/// `/usr/share/annabella/voice`.
pub fn installed() -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Some(dir) = std::env::var_os("ANNABELLA_VOICE_MODELS") {
        out.push(PathBuf::from(dir));
    }
    if let Some(dirs) = directories::ProjectDirs::from("", "", "annabella") {
        out.push(dirs.data_dir().join("voice"));
    }
    out.push(PathBuf::from("/usr/share/annabella/voice"));
    out
}

/// Which model folders to load, and which languages' words each scores
/// (`None`: all of them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Each model's folder and the language tags it scores.
    pub models: Vec<(PathBuf, Option<Vec<&'static str>>)>,
}

impl Plan {
    /// The plan for the setting `voicemodel` (`None`: `auto`), or why
    /// there is none: no model installed.
    pub fn of(setting: Option<&str>) -> Result<Plan, VoiceTrouble> {
        if let Some(folder) = setting {
            let dir = expand_home(folder);
            if !dir.join("model.bin").exists() {
                return Err(VoiceTrouble::ModelMissing(dir.display().to_string()));
            }
            return Ok(Plan {
                models: vec![(dir, None)],
            });
        }
        for base in installed() {
            let (english, other) = (base.join("tiny.en"), base.join("base"));
            let has = |d: &Path| d.join("model.bin").exists();
            match (has(&english), has(&other)) {
                (true, true) => {
                    return Ok(Plan {
                        models: vec![(english, Some(vec!["en"])), (other, Some(vec!["de", "et"]))],
                    });
                }
                (false, true) => return Ok(Plan { models: vec![(other, None)] }),
                (true, false) => return Ok(Plan { models: vec![(english, None)] }),
                (false, false) => {}
            }
        }
        Err(VoiceTrouble::NoModel)
    }
}

/// `~/x` as the home's `x`.
fn expand_home(folder: &str) -> PathBuf {
    match (folder.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) => PathBuf::from(home).join(rest),
        _ => PathBuf::from(folder),
    }
}

/// One loaded model with its tokenizer and the languages it scores.
struct Loaded {
    model: Model,
    tokenizer: Tokenizer,
    langs: Option<Vec<&'static str>>,
}

/// A moment made ready: its phrases, and per model the trie of the
/// phrases it scores with their indices.
struct Ready {
    moment: Moment,
    phrases: Phrases,
    tries: Vec<(Trie, Vec<usize>)>,
}

/// Hears utterances against the phrases of the moment.
pub struct Recogniser {
    models: Vec<Loaded>,
    mel: Mel,
    judging: Judging,
    ready: Option<Ready>,
}

/// What an utterance was, with the figures behind it (for `hear`'s
/// measuring and the tuning of the verdict).
#[derive(Clone, Debug)]
pub struct Hearing {
    /// What the session is told.
    pub heard: Heard,
    /// The best phrase of each of the best meanings, best first (at
    /// most ten): the meaning (a move's UCI, else the words), the
    /// phrase, its score.
    pub best: Vec<(String, String, Score)>,
    /// What was heard without any phrase, and its score.
    pub free: Option<(String, Score)>,
}

impl Recogniser {
    /// Loads the plan's models: slow (a second or so), so it runs on the
    /// listening thread, never at start-up.
    pub fn load(plan: &Plan) -> Result<Recogniser, VoiceTrouble> {
        let mut models = Vec::new();
        for (dir, langs) in &plan.models {
            let shown = || dir.display().to_string();
            let model = Model::load(dir).map_err(|e| match e {
                LoadError::NotFound => VoiceTrouble::ModelMissing(shown()),
                LoadError::Unreadable(_) | LoadError::Broken => VoiceTrouble::ModelBroken(shown()),
            })?;
            let text = std::fs::read_to_string(dir.join("tokenizer.json"))
                .map_err(|_| VoiceTrouble::ModelBroken(shown()))?;
            let tokenizer =
                Tokenizer::from_json(&text).map_err(|_| VoiceTrouble::ModelBroken(shown()))?;
            models.push(Loaded {
                model,
                tokenizer,
                langs: langs.clone(),
            });
        }
        Ok(Recogniser {
            models,
            mel: Mel::new(80),
            judging: Judging::default(),
            ready: None,
        })
    }

    /// Sets how the verdict is reached (for measuring).
    pub fn set_judging(&mut self, judging: Judging) {
        self.judging = judging;
    }

    /// The moment to hear against from now on: its phrases tokenised into
    /// each model's trie (done while the player listens to the answer).
    pub fn prepare(&mut self, moment: &Moment) {
        let phrases = Phrases::of(moment);
        let mut tries = Vec::new();
        for loaded in &self.models {
            let mut sequences = Vec::new();
            let mut indices = Vec::new();
            for (i, phrase) in phrases.phrases.iter().enumerate() {
                if loaded.langs.as_ref().is_some_and(|l| !l.contains(&phrase.lang)) {
                    continue;
                }
                let lang = loaded.model.multilingual().then_some(phrase.lang);
                let mut sequence = loaded.model.prefix(lang);
                sequence.extend(loaded.tokenizer.encode(&phrase.text));
                sequences.push(sequence);
                indices.push(i);
            }
            tries.push((Trie::new(&sequences), indices));
        }
        self.ready = Some(Ready {
            moment: moment.clone(),
            phrases,
            tries,
        });
    }

    /// The serial of the moment prepared, if any.
    pub fn moment(&self) -> Option<u64> {
        self.ready.as_ref().map(|r| r.moment.serial)
    }

    /// Hears one utterance (16 kHz mono samples).
    pub fn hear(&self, samples: &[i16]) -> Hearing {
        let Some(ready) = &self.ready else {
            return nothing(0);
        };
        let serial = ready.moment.serial;
        let mut sound: Vec<f32> = samples.iter().map(|&s| f32::from(s) / 32768.0).collect();
        // The utterance and a second of silence: the encoder hears the
        // end of the words whole, and needs no 30 s window.
        sound.extend(std::iter::repeat_n(0.0, RATE as usize));
        let features = self.mel.features(&sound);
        let mut scores: Vec<Option<Score>> = vec![None; ready.phrases.phrases.len()];
        let mut frees: Vec<Option<(String, Score)>> = Vec::new();
        let mut owner = vec![0usize; ready.phrases.phrases.len()];
        for (m, (loaded, (trie, indices))) in self.models.iter().zip(&ready.tries).enumerate() {
            let Ok(audio) = loaded.model.encode_mel(&features.data, features.frames) else {
                return nothing(serial);
            };
            let Ok(found) = loaded.model.score(&audio, trie, PRUNE, self.judging.bonus) else {
                return nothing(serial);
            };
            for (&i, s) in indices.iter().zip(found) {
                scores[i] = s.map(|s| Score {
                    logp: s.logp,
                    tokens: s.tokens,
                });
                owner[i] = m;
            }
            let lang = match &loaded.langs {
                Some(l) => l.first().copied(),
                None => Some(crate::input::grammar::tag(ready.moment.lang)),
            };
            let prefix = loaded.model.prefix(lang.filter(|_| loaded.model.multilingual()));
            frees.push(
                loaded
                    .model
                    .transcribe(&audio, &prefix, FREE_TOKENS)
                    .ok()
                    .map(|(tokens, logp)| {
                        let text = loaded.tokenizer.decode(&tokens);
                        let score = Score {
                            logp,
                            tokens: tokens.len(),
                        };
                        (text, score)
                    }),
            );
        }
        let free_of = |i: usize| frees.get(owner[i]).cloned().flatten().map(|(_, s)| s);
        let verdict = judge(&ready.phrases, &scores, &free_of, &self.judging);
        let heard = heard_of(ready, &verdict, serial);
        // The best phrase of each meaning, the best meanings first.
        let bonus = self.judging.bonus;
        let total = |s: &Score| s.logp + bonus * s.tokens as f32;
        let mut by_meaning: Vec<Option<(usize, Score)>> = vec![None; ready.phrases.meanings.len()];
        for (i, s) in scores.iter().enumerate() {
            let (Some(s), Some(p)) = (s, ready.phrases.phrases.get(i)) else {
                continue;
            };
            let slot = &mut by_meaning[p.meaning];
            if slot.is_none_or(|(_, b)| total(s) > total(&b)) {
                *slot = Some((i, *s));
            }
        }
        let mut best: Vec<(String, String, Score)> = by_meaning
            .into_iter()
            .flatten()
            .map(|(i, s)| {
                let phrase = &ready.phrases.phrases[i];
                let label = match ready.phrases.said(i) {
                    Some(Said::Move(mv)) => mv.to_uci(shakmaty::CastlingMode::Standard).to_string(),
                    _ => phrase.words.clone(),
                };
                (label, phrase.text.clone(), s)
            })
            .collect();
        best.sort_by(|a, b| total(&b.2).total_cmp(&total(&a.2)));
        best.truncate(10);
        let free = match &verdict {
            Verdict::Heard { phrase, .. } => frees.get(owner[*phrase]).cloned().flatten(),
            _ => frees.iter().flatten().next().cloned(),
        };
        Hearing { heard, best, free }
    }
}

fn nothing(serial: u64) -> Hearing {
    Hearing {
        heard: Heard {
            words: String::new(),
            meaning: Meaning::Nothing,
            confidence: 0.0,
            moment: serial,
        },
        best: Vec::new(),
        free: None,
    }
}

/// What the session is told of a verdict: the phrase's words and their
/// meaning, decided when the phrases were made (a command's line read
/// then, once; an answer's words read by the open question).
fn heard_of(ready: &Ready, verdict: &Verdict, serial: u64) -> Heard {
    let p = &ready.phrases;
    let m = &ready.moment;
    match verdict {
        Verdict::Heard { phrase, confidence, .. } => {
            let words = p.phrases[*phrase].words.clone();
            let meaning = match p.said(*phrase) {
                Some(Said::Move(mv)) => Meaning::Move(*mv),
                Some(Said::Line(line)) => Meaning::Line(line.clone()),
                Some(Said::Answer(_)) => Meaning::Line(read_line(&words, m.lang, &m.game)),
                None => Meaning::Nothing,
            };
            Heard {
                words,
                meaning,
                confidence: *confidence,
                moment: serial,
            }
        }
        Verdict::Either(phrases) => {
            let moves = phrases
                .iter()
                .filter_map(|&i| match p.said(i) {
                    Some(Said::Move(mv)) => Some(*mv),
                    _ => None,
                })
                .collect();
            Heard {
                words: p.phrases[phrases[0]].words.clone(),
                meaning: Meaning::Either(moves),
                confidence: 0.5,
                moment: serial,
            }
        }
        Verdict::Nothing => nothing(serial).heard,
    }
}
