//! Accuracy of voice input through the real binary: a corpus spoken by
//! espeak-ng (tests/common/voice.rs: moves in German FIDE words, English
//! NATO words and letters, commands, answers, talk and noise; three
//! rates, clean and at 15 dB SNR) goes through `annabella hear`, and
//! what it hears is held against what was said.
//!
//! Floors, a few points under what this build reaches (the recogniser's
//! dither varies a run by a point or two), so that nothing falls back:
//! German FIDE ≥ 50 % exact, English NATO ≥ 72 %, English letters ≥ 45 %,
//! a wrong legal move for ≤ 17 % of chess utterances, talk and noise
//! rejected ≥ 83 %. Issue 26's targets (95, 98, 90, 1, 90 %) are printed
//! beside them; they are not reached (BENCHMARKS.md says why). A table of figures per language,
//! form, voice and noise is printed (`--nocapture`). Its column words% is the share
//! of utterances whose words were heard as said, taken or not: the
//! recognition (pronunciations, grammar) apart from the confidence.
//!
//! Needs espeak-ng and sox (it fails, saying so, without them) and the
//! PocketSphinx model `hear` uses. `scripts/voice-corpus` writes the
//! same kind of corpus to a folder through the ignored test below.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::common::Home;
use crate::common::voice::{self, Expect, Form, Plan, Recording, Utterance};

/// One line of `annabella hear`.
#[derive(Clone, Debug)]
struct Heard {
    start: f64,
    end: f64,
    kind: String,
    value: String,
    confidence: f64,
    words: String,
}

fn parse(line: &str) -> Heard {
    let f: Vec<&str> = line.splitn(6, '\t').collect();
    assert!(f.len() >= 5, "not a line of hear: {line:?}");
    let num = |s: &str| -> f64 { s.parse().unwrap_or_else(|_| panic!("{line:?}")) };
    Heard {
        start: num(f[0]),
        end: num(f[1]),
        kind: f[2].to_string(),
        value: f[3].to_string(),
        confidence: num(f[4]),
        words: f.get(5).unwrap_or(&"").to_string(),
    }
}

/// `annabella hear` on one recording.
fn hear(home: &Home, r: &Recording) -> Vec<Heard> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_annabella"));
    home.apply(&mut command)
        .arg("hear")
        .arg(&r.path)
        .args(["--fen", r.fen, "--lang", r.lang])
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let out = command.output().expect("annabella hear runs");
    assert!(
        out.status.success(),
        "annabella hear {}: {}\n{}",
        r.path.display(),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(parse)
        .collect()
}

/// What became of one utterance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// Heard as what was said.
    Exact,
    /// Another legal move (or a move for talk, a command for a move).
    Wrong,
    /// Several moves, the right one among them.
    Ambiguous,
    /// Nothing taken: rejected or not heard.
    Nothing,
}

/// Words for comparison: the words that mean the same made one (a file
/// by its letter, whether FIDE name, NATO word or letter; synonyms of
/// taking and castling), so that words heard right are words that give
/// the move said.
fn norm(words: &str) -> String {
    let words = words
        .replace("queen side", "queenside")
        .replace("king side", "kingside");
    words
        .split_whitespace()
        .map(|w| match w {
            "anna" | "alfa" | "alpha" => "a",
            "bella" | "bravo" => "b",
            "casar" | "caesar" | "cesar" | "zasar" | "charlie" => "c",
            "david" | "delta" => "d",
            "eva" | "echo" => "e",
            "felix" | "foxtrot" => "f",
            "gustav" | "golf" => "g",
            "hektor" | "hector" | "hotel" => "h",
            "take" | "x" | "captures" | "capture" | "nimmt" => "takes",
            "promote" | "promoting" | "promotion" | "becomes" => "promotes",
            "umwandeln" | "wird" | "verwandelt" => "umwandlung",
            "castle" => "castles",
            "horse" => "knight",
            "zwo" => "zwei",
            w => w,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether the words of the lines over `u`, taken or not, are the words
/// said: the recognition apart from the confidence.
fn words_right(u: &Utterance, heard: &[Heard]) -> bool {
    let said = voice::grammar_words(&u.text);
    let got: Vec<&str> = heard
        .iter()
        .filter(|h| overlap(u, h) > 0.0)
        .map(|h| h.words.as_str())
        .collect();
    norm(&got.join(" ")) == norm(&said)
}

fn overlap(u: &Utterance, h: &Heard) -> f64 {
    (u.end.min(h.end) - u.start.max(h.start)).max(0.0)
}

/// The outcome of `u` given the lines heard: the line over it that
/// was taken (kind other than none), the one overlapping most.
fn judge(u: &Utterance, heard: &[Heard]) -> (Outcome, Option<Heard>) {
    let taken = heard
        .iter()
        .filter(|h| overlap(u, h) > 0.0 && h.kind != "none")
        .max_by(|a, b| overlap(u, a).total_cmp(&overlap(u, b)));
    let Some(h) = taken else {
        let any = heard
            .iter()
            .filter(|h| overlap(u, h) > 0.0)
            .max_by(|a, b| overlap(u, a).total_cmp(&overlap(u, b)));
        return (Outcome::Nothing, any.cloned());
    };
    let outcome = match &u.expect {
        Expect::Nothing => Outcome::Wrong,
        Expect::Command(word) => {
            if h.kind == "command" && &h.value == word {
                Outcome::Exact
            } else {
                Outcome::Wrong
            }
        }
        Expect::Move(uci) => {
            if h.kind != "move" {
                Outcome::Wrong
            } else if &h.value == uci {
                Outcome::Exact
            } else if h.value.split(',').any(|v| v == uci) {
                Outcome::Ambiguous
            } else {
                Outcome::Wrong
            }
        }
    };
    (outcome, Some(h.clone()))
}

#[derive(Default, Clone, Copy)]
struct Tally {
    n: usize,
    exact: usize,
    wrong: usize,
    ambiguous: usize,
    nothing: usize,
    /// The words heard (taken or not) were the words said.
    words: usize,
}

impl Tally {
    fn add(&mut self, o: Outcome, words_right: bool) {
        self.n += 1;
        self.words += usize::from(words_right);
        match o {
            Outcome::Exact => self.exact += 1,
            Outcome::Wrong => self.wrong += 1,
            Outcome::Ambiguous => self.ambiguous += 1,
            Outcome::Nothing => self.nothing += 1,
        }
    }

    fn pct(part: usize, n: usize) -> f64 {
        if n == 0 {
            0.0
        } else {
            100.0 * part as f64 / n as f64
        }
    }

    fn exact_pct(&self) -> f64 {
        Self::pct(self.exact, self.n)
    }
}

/// Makes the test's corpus, hears it and tallies it.
fn measure(dir: &Path, plan: &Plan) -> (Vec<(Recording, Vec<Heard>)>, String) {
    let recordings = voice::build(dir, plan);
    let home = Home::new();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Vec<Heard>>>> = Mutex::new(vec![None; recordings.len()]);
    // Two at a time: the machine's two cores.
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(r) = recordings.get(i) else { break };
                    let heard = hear(&home, r);
                    results.lock().unwrap()[i] = Some(heard);
                }
            });
        }
    });
    let results = results.into_inner().unwrap();
    let pairs: Vec<(Recording, Vec<Heard>)> = recordings
        .into_iter()
        .zip(results)
        .map(|(r, h)| (r, h.expect("every recording heard")))
        .collect();
    let labels = voice::labels(&pairs.iter().map(|(r, _)| r.clone()).collect::<Vec<_>>());
    (pairs, labels)
}

#[test]
fn spoken_moves_commands_and_talk_are_heard_as_said() {
    voice::require_tools();
    let dir = tempfile::tempdir().expect("a temporary directory");
    let started = std::time::Instant::now();
    let (pairs, _) = measure(dir.path(), &Plan::test());
    let seconds: f64 = pairs
        .iter()
        .map(|(r, _)| r.utterances.last().map_or(0.0, |u| u.end + voice::GAP))
        .sum();

    // Per language × form × voice × noise, and the floors' groups.
    let mut table: BTreeMap<(String, &str, &str, &str), Tally> = BTreeMap::new();
    let mut by_form: BTreeMap<(&str, Form), Tally> = BTreeMap::new();
    let mut chess = Tally::default();
    let mut rejects = Tally::default();
    let mut misses = Vec::new();
    let mut spurious = 0;
    for (r, heard) in &pairs {
        for u in &r.utterances {
            let (outcome, h) = judge(u, heard);
            let right = u.expect != Expect::Nothing && words_right(u, heard);
            let noise = if r.noise.is_some() { "noise" } else { "clean" };
            table
                .entry((r.lang.to_string(), u.form.name(), r.voice, noise))
                .or_default()
                .add(outcome, right);
            by_form
                .entry((r.lang, u.form))
                .or_default()
                .add(outcome, right);
            if u.form.is_move() {
                chess.add(outcome, right);
            }
            if u.expect == Expect::Nothing {
                rejects.add(outcome, false);
            }
            let ok = match u.expect {
                Expect::Nothing => outcome != Outcome::Wrong,
                _ => outcome == Outcome::Exact,
            };
            if !ok {
                let (kind, value) = u.expect.kind_value();
                misses.push(format!(
                    "{} {:>6.2}s {:<8} {:?} ({kind} {value}) -> {}",
                    r.path.file_name().unwrap_or_default().to_string_lossy(),
                    u.start,
                    u.form.name(),
                    u.text,
                    h.map_or("nothing heard".into(), |h| format!(
                        "{} {} {:.2} {:?}",
                        h.kind, h.value, h.confidence, h.words
                    ))
                ));
            }
        }
        // Lines taken where nothing was said.
        spurious += heard
            .iter()
            .filter(|h| h.kind != "none" && r.utterances.iter().all(|u| overlap(u, h) == 0.0))
            .count();
    }

    println!(
        "voice accuracy: {} recordings, {:.0} s of sound, heard in {:.0} s",
        pairs.len(),
        seconds,
        started.elapsed().as_secs_f64()
    );
    println!(
        "{:<4} {:<14} {:<6} {:<6} {:>4} {:>7} {:>7} {:>7} {:>7} {:>7}",
        "lang", "form", "voice", "noise", "n", "exact%", "wrong%", "ambig%", "none%", "words%"
    );
    for ((lang, form, v, noise), t) in &table {
        println!(
            "{:<4} {:<14} {:<6} {:<6} {:>4} {:>7.1} {:>7.1} {:>7.1} {:>7.1} {:>7.1}",
            lang,
            form,
            v,
            noise,
            t.n,
            t.exact_pct(),
            Tally::pct(t.wrong, t.n),
            Tally::pct(t.ambiguous, t.n),
            Tally::pct(t.nothing, t.n),
            Tally::pct(t.words, t.n)
        );
    }
    println!("totals per language and form:");
    for ((lang, form), t) in &by_form {
        println!(
            "  {:<4} {:<14} n={:<4} exact {:>5.1}%  wrong {:>4.1}%  ambiguous {:>4.1}%  nothing {:>5.1}%  words right {:>5.1}%",
            lang,
            form.name(),
            t.n,
            t.exact_pct(),
            Tally::pct(t.wrong, t.n),
            Tally::pct(t.ambiguous, t.n),
            Tally::pct(t.nothing, t.n),
            Tally::pct(t.words, t.n)
        );
    }
    println!(
        "chess utterances: {}, wrong move {:.1}%; talk and noise rejected {:.1}% of {}; {} lines taken in silence",
        chess.n,
        Tally::pct(chess.wrong, chess.n),
        Tally::pct(rejects.nothing, rejects.n),
        rejects.n,
        spurious
    );
    if !misses.is_empty() {
        println!("not heard as said:");
        for m in &misses {
            println!("  {m}");
        }
    }

    let group = |lang: &str, forms: &[Form]| {
        let mut t = Tally::default();
        for ((l, f), x) in &by_form {
            if *l == lang && forms.contains(f) {
                t.n += x.n;
                t.exact += x.exact;
            }
        }
        t
    };
    // The floors are a little under what this build reaches (27 Nov
    // 2026), so that no change falls back unseen; issue 26's targets (German FIDE 95 %,
    // NATO 98 %, letters 90 %, wrong ≤ 1 %, talk rejected 90 %) are not
    // reached yet and are printed beside them (BENCHMARKS.md).
    let mut failures = Vec::new();
    for (what, t, floor, target) in [
        (
            "German FIDE",
            group("de", &[Form::Fide, Form::FideFromTo]),
            50.0,
            95.0,
        ),
        ("English NATO", group("en", &[Form::Nato]), 72.0, 98.0),
        ("English letters", group("en", &[Form::Letters]), 45.0, 90.0),
    ] {
        assert!(t.n > 0, "no {what} utterances in the corpus");
        println!(
            "{what}: {:.1}% exact of {} (floor {floor}%, target {target}%)",
            t.exact_pct(),
            t.n
        );
        if t.exact_pct() < floor {
            failures.push(format!(
                "{what}: {:.1}% exact of {}, floor {floor}%",
                t.exact_pct(),
                t.n
            ));
        }
    }
    let wrong = Tally::pct(chess.wrong, chess.n);
    println!(
        "a wrong move: {wrong:.1}% of {} (ceiling 17%, target 1%)",
        chess.n
    );
    if wrong > 17.0 {
        failures.push(format!(
            "a wrong move for {wrong:.1}% of {} chess utterances, ceiling 17%",
            chess.n
        ));
    }
    let rejected = Tally::pct(rejects.nothing, rejects.n);
    println!(
        "talk and noise rejected: {rejected:.1}% of {} (floor 83%, target 90%)",
        rejects.n
    );
    if rejected < 83.0 {
        failures.push(format!(
            "talk and noise rejected {rejected:.1}% of {}, floor 83%",
            rejects.n
        ));
    }
    assert!(
        failures.is_empty(),
        "voice accuracy below its floors:\n{}",
        failures.join("\n")
    );
}

/// The grammar `annabella hear` builds for `fen` in `lang`, with the words
/// cmudict or locales/voice pronounce: for measuring the dictionaries
/// with pocketsphinx_continuous against the grammar in use.
fn hear_grammar(fen: &str, lang: &str) -> String {
    use annabella::input::grammar::{Answers, grammar};
    use annabella::lang::{Lang, fold};
    let model = std::env::var("ANNABELLA_VOICE_MODEL")
        .unwrap_or_else(|_| "/usr/share/pocketsphinx/model/en-us".into());
    let mut known = std::collections::HashSet::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = [
        format!("{model}/cmudict-en-us.dict"),
        root.join("locales/voice/de.dict").display().to_string(),
        root.join("locales/voice/et.dict").display().to_string(),
        root.join("locales/voice/en.dict").display().to_string(),
    ];
    for (i, file) in files.iter().enumerate() {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        for line in text.lines() {
            let Some(word) = line.split_whitespace().next() else {
                continue;
            };
            let word = word.split('(').next().unwrap_or(word);
            // Ours are looked up folded, cmudict's as they are.
            known.insert(if i == 0 { word.to_string() } else { fold(word) });
        }
    }
    let lang = match lang {
        "de" => Lang::De,
        "et" => Lang::Et,
        _ => Lang::En,
    };
    let game = annabella::rules::Game::from_fen(fen).expect("a legal position");
    let knows = |w: &str| known.contains(w) || known.contains(&fold(w));
    grammar(&game, &Answers::YesNo, lang, &knows).jsgf
}

/// `scripts/voice-corpus OUTDIR`: the corpus of `Plan::full` in a folder,
/// with labels.tsv and a JSGF grammar of every legal move per position
/// and language (for pocketsphinx_continuous). The folder is in
/// `ANNABELLA_VOICE_CORPUS`; `ANNABELLA_VOICE_SCALE` multiplies the
/// counts; `ANNABELLA_VOICE_VOICES=de,et` keeps those voices only; with
/// `ANNABELLA_VOICE_HEAR=1` the binary hears it too and heard.tsv holds its
/// lines.
#[test]
#[ignore = "writes a corpus for scripts/voice-corpus"]
fn voice_corpus_to_folder() {
    let dir = std::env::var_os("ANNABELLA_VOICE_CORPUS")
        .expect("ANNABELLA_VOICE_CORPUS: the folder to write (scripts/voice-corpus sets it)");
    let dir = Path::new(&dir);
    let scale = std::env::var("ANNABELLA_VOICE_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut plan = Plan::full(scale);
    if let Ok(only) = std::env::var("ANNABELLA_VOICE_VOICES") {
        let only: Vec<&str> = only.split(',').collect();
        plan.voices.retain(|v| only.contains(&v.espeak));
    }
    let recordings = if std::env::var("ANNABELLA_VOICE_HEAR").as_deref() == Ok("1") {
        let (pairs, _) = measure(dir, &plan);
        let mut out = String::from("file\tstart\tend\tkind\tvalue\tconfidence\twords\n");
        for (r, heard) in &pairs {
            let file = r.path.file_name().unwrap_or_default().to_string_lossy();
            for h in heard {
                out.push_str(&format!(
                    "{file}\t{:.2}\t{:.2}\t{}\t{}\t{:.2}\t{}\n",
                    h.start, h.end, h.kind, h.value, h.confidence, h.words
                ));
            }
        }
        std::fs::write(dir.join("heard.tsv"), out).expect("heard.tsv");
        pairs.into_iter().map(|(r, _)| r).collect()
    } else {
        voice::build(dir, &plan)
    };
    std::fs::write(dir.join("labels.tsv"), voice::labels(&recordings)).expect("labels.tsv");
    for (name, fen) in voice::POSITIONS {
        for lang in ["de", "en", "et"] {
            std::fs::write(
                dir.join(format!("{name}-{lang}.jsgf")),
                voice::jsgf(fen, lang),
            )
            .expect("a grammar");
            std::fs::write(
                dir.join(format!("{name}-{lang}.hear.jsgf")),
                hear_grammar(fen, lang),
            )
            .expect("a grammar");
        }
    }
    println!(
        "{} recordings, {} utterances in {}",
        recordings.len(),
        recordings.iter().map(|r| r.utterances.len()).sum::<usize>(),
        dir.display()
    );
}
