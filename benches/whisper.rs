//! Whisper in candle: what the recogniser costs. Run with
//! `cargo bench --bench whisper` (the installed models; ANNABELLA_VOICE_MODELS=DIR, DIR holding
//! `tiny.en/` and `base/`; needs espeak-ng and sox for the utterance).
//!
//! Per model: load time and resident memory; encode time of a 1.5 s
//! utterance; scoring time of every legal move's phrases (German FIDE
//! words, English NATO words, letters) at the start and in a middlegame,
//! with the trie's node count, the nodes expanded, with and without
//! pruning. Figures only, no thresholds.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use annabella::io::voice::whisper::{Model, Trie};
use shakmaty::{Chess, Move, Position, Role, fen::Fen};

const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8";
const RUNS: usize = 7;

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

fn median(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v[v.len() / 2].as_secs_f64() * 1000.0
}

fn utterance(text: &str) -> Vec<f32> {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let raw = dir.path().join("raw.wav");
    let wav = dir.path().join("x.wav");
    let ok = Command::new("espeak-ng")
        .args(["-v", "en-us", "-s", "150", "-w"])
        .arg(&raw)
        .arg(text)
        .status()
        .is_ok_and(|s| s.success())
        && Command::new("sox")
            .arg(&raw)
            .args(["-r", "16000", "-c", "1", "-b", "16"])
            .arg(&wav)
            .status()
            .is_ok_and(|s| s.success());
    assert!(ok, "espeak-ng and sox make the utterance");
    let mut reader = hound::WavReader::open(&wav).expect("the WAV sox wrote");
    reader
        .samples::<i16>()
        .map(|s| f32::from(s.expect("a sample")) / 32768.0)
        .collect()
}

const FILES_DE: [&str; 8] = [
    "Anton", "Bella", "Cäsar", "David", "Eva", "Felix", "Gustav", "Hektor",
];
const FILES_NATO: [&str; 8] = [
    "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel",
];
const RANKS_DE: [&str; 8] = [
    "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht",
];
const RANKS_EN: [&str; 8] = [
    "one", "two", "three", "four", "five", "six", "seven", "eight",
];

fn piece(role: Role, german: bool) -> &'static str {
    let (de, en) = match role {
        Role::Pawn => ("Bauer", "Pawn"),
        Role::Knight => ("Springer", "Knight"),
        Role::Bishop => ("Läufer", "Bishop"),
        Role::Rook => ("Turm", "Rook"),
        Role::Queen => ("Dame", "Queen"),
        Role::King => ("König", "King"),
    };
    if german { de } else { en }
}

/// Every legal move's phrases: (German FIDE words, NATO words, letters).
fn phrases(position: &Chess) -> (Vec<String>, Vec<String>, Vec<String>) {
    let (mut de, mut nato, mut letters) = (Vec::new(), Vec::new(), Vec::new());
    for m in position.legal_moves() {
        if let Move::Castle { king, rook } = m {
            let short = rook.file() > king.file();
            de.push(
                if short {
                    "Kurze Rochade"
                } else {
                    "Lange Rochade"
                }
                .to_string(),
            );
            let side = if short { "kingside" } else { "queenside" };
            nato.push(format!("Castles {side}"));
            letters.push(format!("Castles {side}"));
            continue;
        }
        let to = m.to();
        let (f, r) = (usize::from(to.file()), usize::from(to.rank()));
        let role = m.role();
        let take = |word: &str| {
            if m.is_capture() {
                format!(" {word}")
            } else {
                String::new()
            }
        };
        let promote = |german| match m.promotion() {
            Some(p) => format!(" {}", piece(p, german)),
            None => String::new(),
        };
        de.push(format!(
            "{}{} {} {}{}",
            piece(role, true),
            take("schlägt"),
            FILES_DE[f],
            RANKS_DE[r],
            promote(true)
        ));
        nato.push(format!(
            "{}{} {} {}{}",
            piece(role, false),
            take("takes"),
            FILES_NATO[f],
            RANKS_EN[r],
            promote(false)
        ));
        letters.push(format!(
            "{}{} {}{}{}",
            piece(role, false),
            take("takes"),
            (b'A' + f as u8) as char,
            r + 1,
            promote(false)
        ));
    }
    (de, nato, letters)
}

/// The trie of a moment: German phrases after the German prefix,
/// English ones after the English prefix (one and the same prefix for
/// an English-only model).
fn trie(model: &Model, position: &Chess) -> Trie {
    let (de, nato, letters) = phrases(position);
    let tokenizer = model.tokenizer();
    let mut sequences = Vec::new();
    for (lang, list) in [("de", &de), ("en", &nato), ("en", &letters)] {
        let prefix = model.prefix(Some(lang));
        for p in list {
            sequences.push([prefix.clone(), tokenizer.encode(&format!(" {p}"))].concat());
        }
    }
    Trie::new(&sequences)
}

fn measure(dir: &Path, name: &str, samples: &[f32]) {
    let before = rss_kib();
    let started = Instant::now();
    let model = Model::load(&dir.join(name)).expect("the model loads");
    let load = started.elapsed();
    println!(
        "{name}: load {:.0} ms, resident memory +{} MiB (VmRSS {} MiB)",
        load.as_secs_f64() * 1000.0,
        (rss_kib().saturating_sub(before)) / 1024,
        rss_kib() / 1024
    );
    let encode: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let t = Instant::now();
            model.encode(samples).expect("encodes");
            t.elapsed()
        })
        .collect();
    println!(
        "  encode {:.2} s utterance + 1 s silence: median {:.1} ms",
        samples.len() as f64 / 16000.0,
        median(encode)
    );
    let audio = model.encode(samples).expect("encodes");
    let middlegame: Chess = MIDDLEGAME
        .parse::<Fen>()
        .expect("a FEN")
        .into_position(shakmaty::CastlingMode::Standard)
        .expect("a legal position");
    for (label, position) in [("start", Chess::default()), ("middlegame", middlegame)] {
        let trie = trie(&model, &position);
        for prune in [f32::INFINITY, 15.0] {
            let mut expanded = 0;
            let times: Vec<Duration> = (0..RUNS)
                .map(|_| {
                    let t = Instant::now();
                    expanded = model
                        .walk(&audio, &trie, prune, 4.0)
                        .expect("scores")
                        .expanded;
                    t.elapsed()
                })
                .collect();
            println!(
                "  {label}: {} phrases, {} nodes, prune {prune}: {expanded} expanded, score median {:.1} ms",
                trie.len(),
                trie.nodes(),
                median(times)
            );
        }
    }
    let prefix = model.prefix(Some("en"));
    let t = Instant::now();
    let (tokens, logp) = model.transcribe(&audio, &prefix, 24).expect("decodes");
    println!(
        "  greedy transcription: {:?} (Σ log p {logp:.2}) in {:.1} ms",
        model.tokenizer().decode(&tokens),
        t.elapsed().as_secs_f64() * 1000.0
    );
}

fn main() {
    let dir: PathBuf = annabella::io::voice::recognise::installed()
        .into_iter()
        .find(|d| d.join("tiny.en/model.bin").exists() && d.join("base/model.bin").exists())
        .expect("the Whisper models: scripts/setup installs them");
    let samples = utterance("knight foxtrot three");
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average before: {}", load.trim());
    for name in ["tiny.en", "base"] {
        measure(&dir, name, &samples);
    }
}
