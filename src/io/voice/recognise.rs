//! The recogniser: Whisper scoring the phrases of the moment.
//!
//! When the session sends a moment, its phrases ([`Phrases`]) are made,
//! tokenised and put into a token trie for each model; when an utterance
//! ends, it is encoded once, every phrase is force-decoded over the trie,
//! and the verdict ([`judge`]) takes the meaning clearly ahead, asks
//! back between two close moves, or refuses talk and noise.
//!
//! Which model scores the words (measured, BENCHMARKS.md "Voice
//! input"): one model scores every phrase of an utterance, `tiny.en`
//! with the English interface, the multilingual `base` with the German
//! and Estonian ones; a model named by the setting `voicemodel` instead.

use std::path::PathBuf;

use super::whisper::{LoadError, Model, Trie};
use crate::event::{Heard, Meaning, VoiceTrouble};
use crate::input::grammar::{Moment, Phrases, Said};
use crate::input::read_line;
use crate::input::verdict::{Judging, Score, Verdict, judge};
use crate::settings::Lang;

/// How far behind the best of its depth a partial phrase may fall
/// before it is left: beyond any lead that decides (3), so that leaving
/// it hardly ever changes a verdict, and near enough that few are
/// decoded to the end.
const PRUNE: f32 = 10.0;

/// The most tokens the unconstrained hearing decodes: a move is hardly
/// longer, and past it Whisper repeats itself ("Paula Eva Sun Paula Eva
/// Sun …") with a confidence that would make every phrase look poor.
const FREE_TOKENS: usize = 8;

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
    /// The plan for the setting `voicemodel` (`None`: `auto`) in the UI
    /// language `lang`, or why there is none: no model installed. `auto`
    /// takes one model for every word, chosen by the language the player
    /// speaks (measured: scores of two models do not compare, so that
    /// one model must weigh every phrase): `tiny.en` for English,
    /// the multilingual `base` for German and Estonian.
    pub fn of(setting: Option<&str>, lang: Lang) -> Result<Plan, VoiceTrouble> {
        if let Some(folder) = setting {
            let dir = expand_home(folder);
            if !dir.join("model.bin").exists() {
                return Err(VoiceTrouble::ModelMissing(dir.display().to_string()));
            }
            return Ok(Plan {
                models: vec![(dir, None)],
            });
        }
        let order: [&str; 2] = match lang {
            Lang::En => ["tiny.en", "base"],
            Lang::De | Lang::Et => ["base", "tiny.en"],
        };
        for base in installed() {
            for name in order {
                let dir = base.join(name);
                if dir.join("model.bin").exists() {
                    return Ok(Plan {
                        models: vec![(dir, None)],
                    });
                }
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

/// One loaded model and the languages it scores.
struct Loaded {
    model: Model,
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
    judging: Judging,
    ready: Option<Ready>,
}

/// The loudest sample of a sound with no words in it: -50 dBFS.
const QUIET: u16 = 104;

/// What an utterance was, with the figures behind it (for `hear`'s
/// measuring and the tuning of the verdict).
#[derive(Clone, Debug)]
pub struct Hearing {
    /// What the session is told.
    pub heard: Heard,
    /// The best phrase of each of the best meanings, best first (at
    /// most ten): the meaning (a move's UCI, else the words), its kind
    /// (`move`, `command`, `answer`), the phrase, its score.
    pub best: Vec<(String, &'static str, String, Score)>,
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
            models.push(Loaded {
                model,
                langs: langs.clone(),
            });
        }
        Ok(Recogniser {
            models,
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
                if loaded
                    .langs
                    .as_ref()
                    .is_some_and(|l| !l.contains(&phrase.lang))
                {
                    continue;
                }
                let lang = loaded.model.multilingual().then_some(phrase.lang);
                let mut sequence = loaded.model.prefix(lang);
                sequence.extend(loaded.model.tokenizer().encode(&phrase.text));
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
        // Whisper finds words in silence ("a two to a three" in a second
        // of zeros): a sound whose loudest sample stays under -50 dBFS
        // holds none, and is nothing before it is scored.
        if samples.iter().all(|&s| s.unsigned_abs() < QUIET) {
            return nothing(serial);
        }
        // Encoded with a second of silence after it: the encoder hears
        // the end of the words whole, and needs no 30 s window.
        let sound: Vec<f32> = samples.iter().map(|&s| f32::from(s) / 32768.0).collect();
        let mut scores: Vec<Option<Score>> = vec![None; ready.phrases.phrases.len()];
        let mut frees: Vec<Option<(String, Score)>> = Vec::new();
        let mut owner = vec![0usize; ready.phrases.phrases.len()];
        for (m, (loaded, (trie, indices))) in self.models.iter().zip(&ready.tries).enumerate() {
            let Ok(audio) = loaded.model.encode(&sound) else {
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
            let prefix = loaded
                .model
                .prefix(lang.filter(|_| loaded.model.multilingual()));
            frees.push(
                loaded
                    .model
                    .transcribe(&audio, &prefix, FREE_TOKENS)
                    .ok()
                    .map(|(tokens, logp)| {
                        let text = loaded.model.tokenizer().decode(&tokens);
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
        let best = best_meanings(ready, &scores, &self.judging);
        let free = match &verdict {
            Verdict::Heard { phrase, .. } => frees.get(owner[*phrase]).cloned().flatten(),
            _ => frees.iter().flatten().next().cloned(),
        };
        Hearing { heard, best, free }
    }
}

/// The best phrase of each meaning, the best meanings first (at most
/// twelve), labelled for the trace.
fn best_meanings(
    ready: &Ready,
    scores: &[Option<Score>],
    judging: &Judging,
) -> Vec<(String, &'static str, String, Score)> {
    let bonus = judging.bonus;
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
    let mut best: Vec<(String, &'static str, String, Score)> = by_meaning
        .into_iter()
        .flatten()
        .map(|(i, s)| {
            let phrase = &ready.phrases.phrases[i];
            let (label, kind) = match ready.phrases.said(i) {
                Some(Said::Move(mv)) => (
                    mv.to_uci(shakmaty::CastlingMode::Standard).to_string(),
                    "move",
                ),
                Some(Said::Line(_)) => (phrase.words.clone(), "command"),
                _ => (phrase.words.clone(), "answer"),
            };
            (label, kind, phrase.text.clone(), s)
        })
        .collect();
    best.sort_by(|a, b| total(&b.3).total_cmp(&total(&a.3)));
    best.truncate(12);
    best
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
        Verdict::Heard {
            phrase, confidence, ..
        } => {
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
