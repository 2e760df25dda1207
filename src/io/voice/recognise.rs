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
//!
//! A move must also stand out from the other moves: a second decoder
//! (the judge) decodes the utterance against the grammar and against
//! the grammar without the move heard, and the difference of the two
//! best paths per frame is the move's lead. Both decodings start from
//! the cepstral mean the first decoder had when the utterance began, on
//! the same samples (a fixed dither, no noise removal), so that the lead
//! is the grammar's doing; the first decoder's own score cannot serve,
//! as its running mean and random dither make two decodings of one sound
//! differ by as much as the leads themselves (measured). With the lead
//! guarding against a wrong move, a move may fit the sound less well
//! than a command before it is refused.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use super::sphinx::{Decoder, Segment};
use crate::event::Heard;
use crate::input::grammar::{Grammar, REJECT_BELOW, Understood, taken, understand};
use crate::input::vocab::fold;
use crate::io::mic::VadEvent;
use crate::rules::Game;
use crate::settings::Lang;
use shakmaty::Move;

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
    /// A second decoder that weighs a heard move against its rivals:
    /// each utterance decoded whole, normalised by its own cepstral mean
    /// and without dither, so that two decodings of it differ only in
    /// their grammars.
    judge: Decoder,
    /// Our pronunciations by folded word (so that "laeufer", "läufer"
    /// and "laufer" in a dictionary all serve the grammar's "laufer").
    ours: HashMap<String, Vec<String>>,
    /// Words whose pronunciations of ours were added.
    added: HashSet<String>,
    /// The energy of every 10 ms frame of the utterance, in dB.
    energies: Vec<f64>,
    /// The utterance's sound as the judge hears it, to decode it again
    /// against a rival.
    sound: Vec<i16>,
    /// The judge's dither in this utterance.
    dither: Dither,
    /// Whether the judge hears the utterance under way.
    judging: bool,
    /// The judge's best score with the grammar of the moment, when the
    /// utterance has ended.
    judged: Option<i64>,
    /// The grammar in use (the same one is not set again).
    grammar: Option<Grammar>,
    /// The first decoder's cepstral mean when the utterance began, from
    /// which the judge decodes it.
    mean: Option<Vec<f32>>,
    /// How well the last utterance's path fits.
    fit: Fit,
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
        // The judge's own dither and noise tracking would differ between
        // its two decodings; it gets a fixed dither (`dithered`), and the
        // first decoder's mean (`decode_from`).
        let judge = Decoder::new(&[
            ("-hmm", acoustic),
            ("-dict", dictionary),
            ("-dither", "no"),
            ("-remove_noise", "no"),
            ("-remove_silence", "no"),
        ])?;
        Ok(Recogniser {
            words,
            judge,
            ours: our_pronunciations(),
            added: HashSet::new(),
            energies: Vec::new(),
            sound: Vec::new(),
            grammar: None,
            mean: None,
            dither: Dither::default(),
            judging: false,
            judged: None,
            fit: Fit::default(),
        })
    }

    /// Whether `word` can be said: in the model's dictionary or ours.
    pub fn knows(&self, word: &str) -> bool {
        self.ours.contains_key(&fold(word)) || self.words.knows(word)
    }

    /// Uses `grammar` from the next utterance on.
    pub fn set_grammar(&mut self, grammar: &Grammar) -> Result<(), String> {
        if self
            .grammar
            .as_ref()
            .is_some_and(|g| g.jsgf == grammar.jsgf)
        {
            return Ok(());
        }
        for word in &grammar.words {
            if self.added.contains(word) {
                continue;
            }
            // The word's own pronunciations, then those of the spellings
            // it stands for (ours, and the model's for words it knows).
            let mut prons: Vec<String> = Vec::new();
            let synonyms = grammar.sounds.get(word);
            for spelling in std::iter::once(word).chain(synonyms.into_iter().flatten()) {
                if spelling != word
                    && let Some(phones) = self.words.phones(spelling)
                {
                    prons.push(phones);
                }
                prons.extend(self.ours.get(&fold(spelling)).cloned().unwrap_or_default());
            }
            let own = self.words.phones(word);
            prons.retain(|p| Some(p) != own.as_ref());
            let mut unique = HashSet::new();
            prons.retain(|p| unique.insert(p.clone()));
            if prons.is_empty() && own.is_none() {
                return Err(format!("no pronunciation for the word {word}"));
            }
            let mut n = 1;
            for phones in prons {
                let mut name = word.clone();
                while self.words.knows(&name) {
                    n += 1;
                    name = format!("{word}({n})");
                }
                self.words.add_word(&name, &phones)?;
                self.judge.add_word(&name, &phones)?;
            }
            self.added.insert(word.clone());
        }
        self.words.set_jsgf(MOMENT, &grammar.jsgf)?;
        self.judge.set_jsgf(MOMENT, &grammar.jsgf)?;
        self.grammar = Some(grammar.clone());
        Ok(())
    }

    /// Starts an utterance.
    pub fn start(&mut self) {
        self.mean = self.words.mean();
        self.energies.clear();
        self.sound.clear();
        self.dither = Dither::default();
        self.fit = Fit::default();
        self.words.start();
        // The judge hears the utterance as it comes, with the grammar,
        // so that only the rival is left to decode at its end. One cut
        // short (the detector reset) is ended first.
        self.end_judging();
        self.judged = None;
        self.judging = self
            .mean
            .as_ref()
            .is_some_and(|mean| self.judge.use_search(MOMENT).is_ok() && self.judge.set_mean(mean));
        if self.judging {
            self.judge.start();
        }
    }

    /// Feeds 16 kHz mono samples.
    pub fn feed(&mut self, samples: &[i16]) {
        self.energies.extend(samples.chunks(160).map(|f| {
            let e: f64 =
                f.iter().map(|&x| f64::from(x) * f64::from(x)).sum::<f64>() / f.len().max(1) as f64;
            10.0 * (e + 1.0).log10()
        }));
        let stirred = self.dither.stir(samples);
        self.sound.extend_from_slice(&stirred);
        if self.judging {
            self.judge.feed(&stirred);
        }
        self.words.feed(samples);
    }

    /// Ends the judge's utterance with ours. (Left open past a line that
    /// was no move, the judge then given a new grammar made the library
    /// abort the process on an assertion of its search, measured.)
    fn end_judging(&mut self) {
        if self.judging {
            self.judging = false;
            self.judged = self.judge.finish().and_then(|_| self.judge.score());
        }
    }

    /// One event of the voice detector: an utterance begins, goes on,
    /// or ends, with what was heard in `game` (the UI language `lang`).
    pub fn take(&mut self, event: VadEvent, game: &Game, lang: Lang) -> Option<Heard> {
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
            VadEvent::End { .. } => Some(self.finish_in(game, lang)),
        }
    }

    /// The words so far in the utterance under way.
    pub fn partial(&mut self) -> Option<String> {
        self.words.best()
    }

    /// Ends the utterance: what was heard, with its confidence.
    pub fn finish(&mut self) -> Heard {
        let words = self.words.finish().unwrap_or_default();
        self.end_judging();
        let segs = self.words.segments();
        let fit = Fit::of(&segs, &self.energies);
        self.fit = fit;
        Heard {
            words: words.split_whitespace().collect::<Vec<_>>().join(" "),
            confidence: fit.confidence(FIT_MIDPOINT),
            // Words only: the listening thread reads them against its
            // moment (`Heard::read`).
            meaning: crate::event::Meaning::Nothing,
            moment: 0,
        }
    }

    /// Ends the utterance and weighs what was heard in `game`. A move is
    /// trusted only as far as it leads the best other move of the
    /// grammar (the utterance decoded again without it), so that a word
    /// between two sound-alikes ("b three", "d three") is said again,
    /// or read back, rather than played; with that check a move may fit
    /// the sound less well than a command.
    pub fn finish_in(&mut self, game: &Game, lang: Lang) -> Heard {
        let mut heard = self.finish();
        let Understood::Move(moves) = understand(&heard.words, lang, game) else {
            return heard;
        };
        let fit = self.fit.confidence(MOVE_FIT_MIDPOINT);
        heard.confidence = fit;
        if taken(fit) {
            let lead = self.lead_over(&moves);
            heard.confidence = fit.min(by_lead(lead));
        }
        heard
    }

    /// How far the best path of the grammar leads the best path of the
    /// grammar without `heard`, per 10 ms frame of the utterance: NaN
    /// when it cannot be weighed, infinite when nothing else is near.
    fn lead_over(&mut self, heard: &[Move]) -> f64 {
        let Some(rival) = self.grammar.as_ref().map(|g| g.without(heard)) else {
            return f64::NAN;
        };
        if !rival.has_moves() {
            return f64::INFINITY;
        }
        if self.sound.is_empty() {
            return f64::NAN;
        }
        let Some(mean) = &self.mean else {
            return f64::NAN;
        };
        let Some(ours) = self.judged else {
            return f64::NAN;
        };
        if self.judge.set_jsgf(RIVAL, &rival.jsgf).is_err() {
            return f64::NAN;
        }
        // No rival path survives the search: nothing else comes near.
        let Some(theirs) = self.judge.decode_from(mean, &self.sound) else {
            return f64::INFINITY;
        };
        (ours - theirs) as f64 / self.energies.len().max(1) as f64
    }
}

/// The searches: the grammar of the moment, and the one without what
/// was heard.
const MOMENT: &str = "moment";
const RIVAL: &str = "rival";
/// A move leading its best rival by less than this (the score per
/// frame) is not taken.
const LEAD_FLOOR: f64 = 0.5;
/// A lead from which the move is as sure as its fit says.
const LEAD_SURE: f64 = 5.0;

fn is_filler(word: &str) -> bool {
    word.starts_with(['<', '[', '+']) || word == "SIL"
}

fn frames(s: &Segment) -> usize {
    s.last.saturating_add(1).saturating_sub(s.first)
}

/// How well the grammar's path fits an utterance.
#[derive(Clone, Copy, Debug, Default)]
struct Fit {
    /// The words' acoustic score per frame (near 0 for a good fit).
    per_frame: f64,
    /// 0 to 1: how much of the speech the words cover (talk around a
    /// chess word, or a word the grammar has no place for, is left
    /// under silence or noise).
    coverage: f64,
}

impl Fit {
    /// The path `words` over an utterance whose 10 ms frames had
    /// `energies` (dB).
    fn of(words: &[Segment], energies: &[f64]) -> Fit {
        let spoken: Vec<&Segment> = words.iter().filter(|s| !is_filler(&s.word)).collect();
        let covered: usize = spoken.iter().map(|s| frames(s)).sum();
        if covered == 0 {
            return Fit::default();
        }
        // The decoder numbers frames from its start; this utterance's
        // first frame is the first segment's.
        let first = words.first().map_or(0, |s| s.first);
        let peak = energies.iter().copied().fold(f64::MIN, f64::max);
        let loud = |frame: usize| {
            energies
                .get(frame.saturating_sub(first))
                .is_some_and(|&e| e > peak - LOUD_BELOW_PEAK_DB)
        };
        let speech = (0..energies.len()).filter(|&f| loud(f + first)).count();
        // Speech the path calls silence or noise: a word the grammar has
        // no place for (talk around a chess word, a misheard word
        // dropped). Short runs at a word's edge are the alignment's
        // slack, not words; a stop's closure (a few quiet frames) does
        // not end a run.
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
        Fit {
            per_frame: ours as f64 / covered as f64,
            coverage: ((by_coverage - COVERAGE_FLOOR) / (1.0 - COVERAGE_FLOOR)).clamp(0.0, 1.0),
        }
    }

    /// 0 to 1, one half where the score per frame is `midpoint`.
    fn confidence(&self, midpoint: f64) -> f32 {
        // `min` would pass over a NaN.
        if !self.per_frame.is_finite() || !self.coverage.is_finite() {
            return 0.0;
        }
        let by_score = 1.0 / (1.0 + (-(self.per_frame - midpoint) / FIT_SPREAD).exp());
        let c = by_score.min(self.coverage);
        if c.is_finite() { c as f32 } else { 0.0 }
    }
}

/// The lowest bit of the samples stirred by a fixed sequence, the same
/// in every decoding of an utterance: digital silence (a file's, a
/// synthetic voice's) would give the judge's features a log of zero,
/// and the decoder's own dither differs from one decoding to the next.
#[derive(Clone, Copy, Debug)]
struct Dither(u32);

impl Default for Dither {
    fn default() -> Dither {
        Dither(0x2545_f491)
    }
}

impl Dither {
    fn stir(&mut self, samples: &[i16]) -> Vec<i16> {
        samples
            .iter()
            .map(|&s| {
                let x = &mut self.0;
                *x ^= *x << 13;
                *x ^= *x >> 17;
                *x ^= *x << 5;
                s.saturating_add((*x & 1) as i16 - (*x >> 1 & 1) as i16)
            })
            .collect()
    }
}

/// The confidence a move's lead over its best rival allows: none below
/// [`LEAD_FLOOR`] (or when it could not be weighed), rising from
/// [`REJECT_BELOW`] there to one at [`LEAD_SURE`].
fn by_lead(lead: f64) -> f32 {
    if lead.is_nan() || lead < LEAD_FLOOR {
        return 0.0;
    }
    let t = ((lead - LEAD_FLOOR) / (LEAD_SURE - LEAD_FLOOR)).clamp(0.0, 1.0);
    REJECT_BELOW + (1.0 - REJECT_BELOW) * t as f32
}

/// A frame this far below the utterance's loudest is not speech.
const LOUD_BELOW_PEAK_DB: f64 = 25.0;
/// Loud frames in a row, under silence or noise, that are a word.
const SWALLOWED_RUN: usize = 16;
/// Quiet frames within a word (a stop's closure).
const CLOSURE: usize = 5;
/// The acoustic score per frame at which the confidence is one half.
const FIT_MIDPOINT: f64 = -45.0;
/// The same for a move, which its lead over its rivals also guards.
const MOVE_FIT_MIDPOINT: f64 = -55.0;
/// How quickly the confidence changes around it.
const FIT_SPREAD: f64 = 3.0;
/// The share of speech the words must cover for any confidence.
const COVERAGE_FLOOR: f64 = 0.6;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_without_a_clear_lead_is_not_taken() {
        assert_eq!(by_lead(f64::NAN), 0.0);
        assert_eq!(by_lead(-3.0), 0.0);
        assert_eq!(by_lead(LEAD_FLOOR - 0.01), 0.0);
        assert_eq!(by_lead(LEAD_FLOOR), REJECT_BELOW);
        assert!(taken(by_lead(LEAD_FLOOR)));
        let half = by_lead((LEAD_FLOOR + LEAD_SURE) / 2.0);
        assert!(half > REJECT_BELOW && half < 1.0);
        assert_eq!(by_lead(LEAD_SURE), 1.0);
        assert_eq!(by_lead(f64::INFINITY), 1.0);
    }

    #[test]
    fn a_fit_is_a_confidence_between_nought_and_one() {
        let good = Fit {
            per_frame: -20.0,
            coverage: 1.0,
        };
        assert!(good.confidence(FIT_MIDPOINT) > 0.99);
        let poor = Fit {
            per_frame: -60.0,
            coverage: 1.0,
        };
        assert!(!taken(poor.confidence(FIT_MIDPOINT)));
        assert!(taken(poor.confidence(MOVE_FIT_MIDPOINT - 10.0)));
        let talk = Fit {
            per_frame: -20.0,
            coverage: 0.2,
        };
        assert!(!taken(talk.confidence(MOVE_FIT_MIDPOINT)));
        let broken = Fit {
            per_frame: f64::NAN,
            coverage: 1.0,
        };
        assert_eq!(broken.confidence(FIT_MIDPOINT), 0.0);
        assert_eq!(Fit::default().confidence(FIT_MIDPOINT), 0.0);
    }
}
