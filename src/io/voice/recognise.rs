//! The recogniser: PocketSphinx's English model with a grammar of the
//! moment, and a confidence that tells speech that fits the grammar from
//! talk and noise that the grammar would force into a chess line.
//!
//! Rejection by measurement (see BENCHMARKS.md, "Voice input"). A
//! grammar explains talk with a chess word and long stretches of
//! "silence" over loud frames, and a misheard word with sounds that fit
//! badly. PocketSphinx scores each frame against the best-fitting sound
//! of that frame, so the path's acoustic score per frame is near zero
//! for a good fit. The confidence is the lower of two figures: the share
//! of the utterance's speech the words cover (loud runs of 200 ms and
//! more under silence or noise count against it), and the path's
//! acoustic score per frame. (A free phone loop beside the grammar,
//! tried first, doubled the work and told talk from chess worse: its
//! scores carry its phone language model.)

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use super::sphinx::{Decoder, Segment};
use crate::event::Heard;
use crate::input::grammar::Grammar;
use crate::input::vocab::fold;
use crate::io::mic::VadEvent;

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
        };
        let present = [&model.acoustic, &model.dictionary]
            .iter()
            .all(|p| p.exists());
        present.then_some(model)
    }
}

/// Recognises utterances against the grammar of the moment.
pub struct Recogniser {
    words: Decoder,
    /// Our pronunciations by folded word (so that "laeufer", "läufer"
    /// and "laufer" in a dictionary all serve the grammar's "laufer").
    ours: HashMap<String, Vec<String>>,
    /// Words whose pronunciations of ours were added.
    added: HashSet<String>,
    /// The grammar in use, to skip setting it again.
    current: String,
    /// The energy of every 10 ms frame of the utterance, in dB.
    energies: Vec<f64>,
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
    /// Loads the model.
    pub fn new(model: &Model) -> Result<Recogniser, String> {
        let (acoustic, dictionary) = (path(&model.acoustic)?, path(&model.dictionary)?);
        // Dither: a file's digital silence (and a word's, in synthetic
        // speech) would give the features a log of zero.
        let base = [
            ("-hmm", acoustic),
            ("-dict", dictionary),
            ("-dither", "yes"),
        ];
        let words = Decoder::new(&base)?;
        Ok(Recogniser {
            words,
            ours: our_pronunciations(),
            added: HashSet::new(),
            current: String::new(),
            energies: Vec::new(),
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
        self.energies.clear();
        self.words.start();
    }

    /// Feeds 16 kHz mono samples.
    pub fn feed(&mut self, samples: &[i16]) {
        self.energies.extend(samples.chunks(160).map(|f| {
            let e: f64 =
                f.iter().map(|&x| f64::from(x) * f64::from(x)).sum::<f64>() / f.len().max(1) as f64;
            10.0 * (e + 1.0).log10()
        }));
        self.words.feed(samples);
    }

    /// One event of the voice detector: an utterance begins, goes on,
    /// or ends, with what was heard.
    pub fn take(&mut self, event: VadEvent) -> Option<Heard> {
        match event {
            VadEvent::Start { preroll, .. } => {
                self.start();
                self.feed(&preroll);
                None
            }
            VadEvent::Audio(samples) => {
                self.feed(&samples);
                None
            }
            VadEvent::End { .. } => Some(self.finish()),
        }
    }

    /// The words so far in the utterance under way.
    pub fn partial(&mut self) -> Option<String> {
        self.words.best()
    }

    /// Ends the utterance: what was heard, with its confidence.
    pub fn finish(&mut self) -> Heard {
        let words = self.words.finish().unwrap_or_default();
        let segs = self.words.segments();
        let confidence = confidence(&segs, &self.energies);
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

/// The confidence in the grammar's path `words` over an utterance whose
/// 10 ms frames had `energies` (dB): 0 to 1.
pub fn confidence(words: &[Segment], energies: &[f64]) -> f32 {
    let spoken: Vec<&Segment> = words.iter().filter(|s| !is_filler(&s.word)).collect();
    let covered: usize = spoken.iter().map(|s| frames(s)).sum();
    if covered == 0 {
        return 0.0;
    }
    // The decoder numbers frames from its start; this utterance's first
    // frame is the first segment's.
    let first = words.first().map_or(0, |s| s.first);
    let peak = energies.iter().copied().fold(f64::MIN, f64::max);
    let loud = |frame: usize| {
        energies
            .get(frame.saturating_sub(first))
            .is_some_and(|&e| e > peak - LOUD_BELOW_PEAK_DB)
    };
    let speech = (0..energies.len()).filter(|&f| loud(f + first)).count();
    // Speech the path calls silence or noise: a word the grammar has no
    // place for (talk around a chess word, a misheard word dropped).
    // Short runs at a word's edge are the alignment's slack, not words;
    // a stop's closure (a few quiet frames) does not end a run.
    let mut swallowed = 0;
    for s in words.iter().filter(|s| is_filler(&s.word)) {
        let (mut run, mut quiet) = (0, 0);
        for f in s.first..=s.last + 1 {
            if f <= s.last && loud(f) {
                run += 1;
                quiet = 0;
                continue;
            }
            quiet += 1;
            if quiet > CLOSURE || f > s.last {
                if run >= SWALLOWED_RUN {
                    swallowed += run;
                }
                run = 0;
            }
        }
    }
    let by_coverage = 1.0 - swallowed as f64 / speech.max(1) as f64;
    // The senone scores are each frame's against its best, so a path
    // that fits the sound scores near 0 per frame.
    let ours: i64 = spoken.iter().map(|s| s.acoustic).sum();
    let per_frame = ours as f64 / covered as f64;
    let by_score = 1.0 / (1.0 + (-(per_frame - FIT_MIDPOINT) / FIT_SPREAD).exp());
    let by_coverage = ((by_coverage - COVERAGE_FLOOR) / (1.0 - COVERAGE_FLOOR)).clamp(0.0, 1.0);
    let c = by_score.min(by_coverage);
    if c.is_finite() { c as f32 } else { 0.0 }
}

/// A frame this far below the utterance's loudest is not speech.
const LOUD_BELOW_PEAK_DB: f64 = 25.0;
/// Loud frames in a row, under silence or noise, that are a word.
const SWALLOWED_RUN: usize = 16;
/// Quiet frames within a word (a stop's closure).
const CLOSURE: usize = 5;
/// The acoustic score per frame at which the confidence is one half.
const FIT_MIDPOINT: f64 = -45.0;
/// How quickly the confidence changes around it.
const FIT_SPREAD: f64 = 3.0;
/// The share of speech the words must cover for any confidence.
const COVERAGE_FLOOR: f64 = 0.6;
