//! The recogniser: PocketSphinx's English model with a grammar of the
//! moment, and beside it a free phone loop over the same sound, which
//! tells speech that fits the grammar from talk and noise that the
//! grammar would force into a chess line.
//!
//! Rejection by measurement (see BENCHMARKS.md, "Voice input"): the
//! grammar's best path explains talk with a short word and long
//! silences, and a misheard word with worse sounds than the phone loop
//! finds there. So the confidence is the lower of two figures: how much
//! of the speech the phone loop hears (its frames outside silence) the
//! grammar's words cover, and the acoustic score per frame of those
//! words against the phone loop's over the same frames.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use super::sphinx::{Decoder, Segment};
use crate::event::Heard;
use crate::input::grammar::Grammar;
use crate::lang::fold;

/// Our pronunciations of German, Estonian and English words in the
/// English model's phones (`locales/voice/`).
const DICTIONARIES: [&str; 3] = [
    include_str!("../../../locales/voice/de.dict"),
    include_str!("../../../locales/voice/et.dict"),
    include_str!("../../../locales/voice/en.dict"),
];

/// Where the model lives: `ANNABELLA_VOICE_MODEL` or Debian's
/// `pocketsphinx-en-us`.
#[derive(Clone, Debug)]
pub struct Model {
    /// The acoustic model's folder.
    pub acoustic: PathBuf,
    /// The English pronunciation dictionary.
    pub dictionary: PathBuf,
    /// The phone language model for the phone loop.
    pub phones: PathBuf,
}

impl Model {
    /// The model on this machine, or `None` when it is not installed.
    pub fn find() -> Option<Model> {
        let base = std::env::var_os("ANNABELLA_VOICE_MODEL")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("/usr/share/pocketsphinx/model/en-us"));
        let model = Model {
            acoustic: base.join("en-us"),
            dictionary: base.join("cmudict-en-us.dict"),
            phones: base.join("en-us-phone.lm.bin"),
        };
        let present = [&model.acoustic, &model.dictionary, &model.phones]
            .iter()
            .all(|p| p.exists());
        present.then_some(model)
    }
}

/// Recognises utterances against the grammar of the moment.
pub struct Recogniser {
    words: Decoder,
    phones: Decoder,
    /// Our pronunciations by folded word (so that "laeufer", "läufer"
    /// and "laufer" in a dictionary all serve the grammar's "laufer").
    ours: HashMap<String, Vec<String>>,
    /// Words whose pronunciations of ours were added.
    added: HashSet<String>,
    /// The grammar in use, to skip setting it again.
    current: String,
}

fn path(p: &Path) -> Result<&str, String> {
    p.to_str()
        .ok_or_else(|| format!("the model path {} is not UTF-8", p.display()))
}

/// Our dictionaries as word → pronunciations (alternatives in order).
fn our_pronunciations() -> HashMap<String, Vec<String>> {
    let mut out: HashMap<String, Vec<String>> = HashMap::new();
    for text in DICTIONARIES {
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with(';') || line.starts_with('#') {
                continue;
            }
            let Some((word, phones)) = line.split_once(char::is_whitespace) else {
                continue;
            };
            let word = word.split('(').next().unwrap_or(word);
            out.entry(fold(word))
                .or_default()
                .push(phones.split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }
    out
}

impl Recogniser {
    /// Loads the model twice: for the grammar and for the phone loop.
    pub fn new(model: &Model) -> Result<Recogniser, String> {
        let (acoustic, dictionary) = (path(&model.acoustic)?, path(&model.dictionary)?);
        let base = [("-hmm", acoustic), ("-dict", dictionary)];
        let words = Decoder::new(&base)?;
        // Context-dependent phones with narrow beams: as fast as the
        // grammar, and scores comparable with its own.
        let mut phones = Decoder::new(&[
            base[0],
            base[1],
            ("-allphone_ci", "no"),
            ("-beam", "1e-10"),
            ("-pbeam", "1e-10"),
        ])?;
        phones.set_allphone("phones", path(&model.phones)?)?;
        Ok(Recogniser {
            words,
            phones,
            ours: our_pronunciations(),
            added: HashSet::new(),
            current: String::new(),
        })
    }

    /// Whether `word` can be said: in the model's dictionary or ours.
    pub fn knows(&self, word: &str) -> bool {
        self.ours.contains_key(&fold(word)) || self.words.knows(word)
    }

    /// Uses `grammar` from the next utterance on.
    pub fn set_grammar(&mut self, grammar: &Grammar) -> Result<(), String> {
        if grammar.jsgf == self.current {
            return Ok(());
        }
        for word in &grammar.words {
            if self.added.contains(word) {
                continue;
            }
            if let Some(prons) = self.ours.get(&fold(word)).cloned() {
                let mut n = 1;
                for phones in prons {
                    let mut name = word.clone();
                    while self.words.knows(&name) {
                        n += 1;
                        name = format!("{word}({n})");
                    }
                    self.words.add_word(&name, &phones)?;
                }
            } else if !self.words.knows(word) {
                return Err(format!("no pronunciation for the word {word}"));
            }
            self.added.insert(word.clone());
        }
        self.words.set_jsgf("moment", &grammar.jsgf)?;
        self.current = grammar.jsgf.clone();
        Ok(())
    }

    /// Starts an utterance.
    pub fn start(&mut self) {
        self.words.start();
        self.phones.start();
    }

    /// Feeds 16 kHz mono samples.
    pub fn feed(&mut self, samples: &[i16]) {
        self.words.feed(samples);
        self.phones.feed(samples);
    }

    /// The words so far in the utterance under way.
    pub fn partial(&mut self) -> Option<String> {
        self.words.best().map(|(w, _)| w)
    }

    /// Ends the utterance: what was heard, with its confidence.
    pub fn finish(&mut self) -> Heard {
        let words = self.words.finish().map(|(w, _)| w).unwrap_or_default();
        self.phones.finish();
        let confidence = confidence(&self.words.segments(), &self.phones.segments());
        Heard {
            words: words.split_whitespace().collect::<Vec<_>>().join(" "),
            confidence,
        }
    }
}

fn is_filler(word: &str) -> bool {
    word.starts_with(['<', '[', '+']) || word == "SIL"
}

fn frames(s: &Segment) -> usize {
    s.last.saturating_add(1).saturating_sub(s.first)
}

/// The confidence in the grammar's path `words` given the phone loop's
/// path `phones` over the same sound: 0 to 1.
pub fn confidence(words: &[Segment], phones: &[Segment]) -> f32 {
    let spoken: Vec<&Segment> = words.iter().filter(|s| !is_filler(&s.word)).collect();
    let covered: usize = spoken.iter().map(|s| frames(s)).sum();
    if covered == 0 {
        return 0.0;
    }
    let speech: usize = phones
        .iter()
        .filter(|s| !is_filler(&s.word))
        .map(frames)
        .sum();
    let coverage = covered as f64 / speech.max(1) as f64;
    let mut loop_score = 0f64;
    for p in phones {
        for w in &spoken {
            let (lo, hi) = (p.first.max(w.first), p.last.min(w.last));
            if hi >= lo {
                loop_score += p.acoustic as f64 * (hi + 1 - lo) as f64 / frames(p).max(1) as f64;
            }
        }
    }
    let ours: i64 = spoken.iter().map(|s| s.acoustic).sum();
    let per_frame = (ours as f64 - loop_score) / covered as f64;
    // Measured: grammar words over chess speech score above -5 per
    // frame against the loop, misheard words below -10; the speech the
    // words cover is above 0.8 for chess lines and below 0.3 for talk.
    let by_score = 1.0 / (1.0 + (-(per_frame + 7.0) / 2.5).exp());
    let by_coverage = ((coverage - 0.3) / 0.5).clamp(0.0, 1.0);
    let c = by_score.min(by_coverage);
    if c.is_finite() { c as f32 } else { 0.0 }
}
