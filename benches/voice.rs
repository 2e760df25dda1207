//! Voice input as the player lives it, through the binary: `annabella
//! --listen-from PIPE` hears a recording of twenty moves written into a
//! named pipe in real time, and for each the time from its last voiced
//! sample entering the pipe to the read-back line (`Springer Felix
//! drei?`) on stdout is measured; median and 90th percentile, per
//! language (German FIDE words by espeak-ng's `de`, English NATO words by
//! `en-us`, 160 words a minute). The voice detector's hangover is in the
//! figure, as the player waits for it. Also: the model's load time (from
//! `listen on` typed to `Listening.`, with ALSA's capture device made a
//! file of silence), and the process's resident memory (VmRSS) then and
//! while it listens to the recording. The recording begins with silence
//! as long as the load took and two seconds more, so that no utterance
//! waits for the model.
//!
//! Run with `cargo bench --bench voice` (needs espeak-ng and sox).
//! Without `--bench` (as `cargo test --benches` runs it) three
//! utterances a language, as a smoke test. No thresholds: figures.

#[path = "../tests/common/mod.rs"]
#[allow(dead_code)]
mod common;

use std::io::{BufRead, Write};
use std::path::Path;
use std::process::{Child, Command};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use common::voice::{self, Form, Synth};

/// Samples of 16 kHz in a chunk written at once (20 ms, a microphone's pace).
const CHUNK: usize = 320;
/// Silence after each utterance: room for the read-back and the typed no.
const AFTER: f64 = 2.5;

/// The recording: the utterances' samples one after another, and the
/// index of the last voiced sample of each.
struct Recording {
    samples: Vec<i16>,
    ends: Vec<usize>,
    texts: Vec<String>,
}

/// Twenty moves of the start position in `form`, said by `voice`.
/// `lead` seconds of silence first: the model loads meanwhile.
fn recording(form: Form, voice: &str, count: usize, lead: f64, dir: &Path) -> Recording {
    let pos = voice::position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let moves: Vec<_> = shakmaty::Position::legal_moves(&pos).into_iter().collect();
    let mut rec = Recording {
        samples: vec![0; (lead * 16_000.0) as usize],
        ends: Vec::new(),
        texts: Vec::new(),
    };
    for m in moves.iter().cycle().take(count) {
        let text = voice::texts(&pos, *m, form).remove(0);
        let clip = voice::speak(Synth::Espeak, voice, 160, &text, dir);
        rec.samples.extend_from_slice(&clip);
        rec.ends.push(rec.samples.len() - 1);
        rec.samples
            .extend(std::iter::repeat_n(0i16, (AFTER * 16_000.0) as usize));
        rec.texts.push(text);
    }
    rec
}

/// The header of a WAV stream of unknown length (both lengths 0xFFFFFFFF).
fn wav_stream_header() -> Vec<u8> {
    let mut h = Vec::with_capacity(44);
    h.extend_from_slice(b"RIFF");
    h.extend_from_slice(&u32::MAX.to_le_bytes());
    h.extend_from_slice(b"WAVEfmt ");
    h.extend_from_slice(&16u32.to_le_bytes());
    h.extend_from_slice(&1u16.to_le_bytes());
    h.extend_from_slice(&1u16.to_le_bytes());
    h.extend_from_slice(&16_000u32.to_le_bytes());
    h.extend_from_slice(&32_000u32.to_le_bytes());
    h.extend_from_slice(&2u16.to_le_bytes());
    h.extend_from_slice(&16u16.to_le_bytes());
    h.extend_from_slice(b"data");
    h.extend_from_slice(&u32::MAX.to_le_bytes());
    h
}

/// Writes silence into `pipe` at the pace of speech until `go` brings
/// the recording, then the recording; `written` gets, per chunk of the
/// recording, when it was in the pipe.
fn mouth(pipe: &Path, go: Receiver<Vec<i16>>, written: Arc<Mutex<Vec<Instant>>>) {
    let pipe = pipe.to_path_buf();
    thread::spawn(move || {
        let Ok(mut out) = std::fs::OpenOptions::new().write(true).open(&pipe) else {
            return;
        };
        if out.write_all(&wav_stream_header()).is_err() {
            return;
        }
        let began = Instant::now();
        let mut sound: Option<(Vec<i16>, usize)> = None;
        for n in 0u32.. {
            if sound.is_none() {
                sound = go.try_recv().ok().map(|s| (s, 0));
            }
            let mut piece = [0i16; CHUNK];
            let mut ours = false;
            if let Some((s, at)) = sound.as_mut() {
                for (p, x) in piece.iter_mut().zip(s.iter().skip(*at)) {
                    *p = *x;
                }
                ours = *at < s.len();
                *at += CHUNK;
            }
            let bytes: Vec<u8> = piece.iter().flat_map(|s| s.to_le_bytes()).collect();
            if out.write_all(&bytes).is_err() {
                return;
            }
            if ours {
                written
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(Instant::now());
            } else if sound.is_some() {
                return;
            }
            let due = began + Duration::from_millis(20) * (n + 1);
            thread::sleep(due.saturating_duration_since(Instant::now()));
        }
    });
}

/// The binary's resident memory, in MiB.
fn rss_mib(child: &Child) -> f64 {
    std::fs::read_to_string(format!("/proc/{}/status", child.id()))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse::<f64>().ok())
        })
        .map_or(0.0, |kib| kib / 1024.0)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

/// The model's load: the binary started with ALSA's default capture
/// device made a file of silence, then `listen on` typed; the time to
/// `Listening.` (or to the first line after it, whatever it says), and
/// the resident memory then. In seconds and MiB.
fn load(dir: &Path) -> (f64, f64) {
    let raw = dir.join("silence.raw");
    std::fs::write(&raw, vec![0u8; 32_000 * 60]).expect("a raw file");
    let alsa = common::alsa::capture_home(&raw);
    let home = common::Home::new();
    let mut command = home.command(&["--lang", "en", "--opponent", "human"]);
    command.env("HOME", alsa.path());
    let mut child = command.spawn().expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let lines = reader(&mut child);
    // Whatever it says at the start, before listening.
    while lines.recv_timeout(Duration::from_secs(1)).is_ok() {}
    let asked = Instant::now();
    let _ = writeln!(stdin, "listen on");
    let got = lines.recv_timeout(Duration::from_secs(120));
    let seconds = asked.elapsed().as_secs_f64();
    let line = got.map_or_else(|_| "nothing".to_string(), |(_, l)| l);
    thread::sleep(Duration::from_millis(500));
    let rss = rss_mib(&child);
    println!(
        "listen on -> {line:?} after {seconds:.2} s (the model's load); resident {rss:.1} MiB"
    );
    let _ = writeln!(stdin, "quit");
    drop(stdin);
    let _ = child.wait();
    (seconds, rss)
}

/// The lines of `child`'s stdout, each with when it came.
fn reader(child: &mut Child) -> Receiver<(Instant, String)> {
    let stdout = child.stdout.take().expect("stdout");
    let (tx, lines) = channel();
    thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send((Instant::now(), line)).is_err() {
                break;
            }
        }
    });
    lines
}

/// One run: the binary listening in `lang` to `rec`.
fn run(lang: &str, no: &str, rec: &Recording, dir: &Path) {
    let pipe = dir.join(format!("microphone-{lang}.wav"));
    let made = Command::new("mkfifo").arg(&pipe).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let home = common::Home::new();
    let mut command = home.command(&["--lang", lang, "--opponent", "human", "--listen-from"]);
    command.arg(&pipe);
    let mut child = command.spawn().expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let lines = reader(&mut child);
    let (go, ready) = channel();
    let written = Arc::new(Mutex::new(Vec::new()));
    mouth(&pipe, ready, written.clone());
    let _ = go.send(rec.samples.clone());
    let length = Duration::from_secs_f64(rec.samples.len() as f64 / 16_000.0 + 3.0);
    let until = Instant::now() + length;
    let (mut heard, mut rss) = (Vec::new(), Vec::new());
    while Instant::now() < until {
        rss.push(rss_mib(&child));
        let Ok((at, line)) = lines.recv_timeout(Duration::from_millis(250)) else {
            continue;
        };
        if line.contains('?') {
            // Dropped (a move, or a command heard instead), so that every
            // move is said in the start position with no question open.
            let _ = writeln!(stdin, "{no}");
        }
        heard.push((at, line));
    }
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    report(
        lang,
        rec,
        &written.lock().unwrap_or_else(|e| e.into_inner()),
        &heard,
        &rss,
    );
}

/// Pairs each read-back with the utterance that ended last before it,
/// and prints the latencies.
fn report(
    lang: &str,
    rec: &Recording,
    written: &[Instant],
    heard: &[(Instant, String)],
    rss: &[f64],
) {
    let ends: Vec<Option<Instant>> = rec
        .ends
        .iter()
        .map(|&i| written.get(i / CHUNK).copied())
        .collect();
    // Read-backs, and first answers of any kind (a read-back, "Heard:",
    // "Not understood.").
    let (mut latencies, mut firsts) = (Vec::new(), Vec::new());
    let mut answered = vec![(false, false); ends.len()];
    for (at, line) in heard {
        let Some(k) = ends.iter().rposition(|e| e.is_some_and(|e| e <= *at)) else {
            continue;
        };
        let ms = at.duration_since(ends[k].expect("ended")).as_secs_f64() * 1000.0;
        let (first, read_back) = &mut answered[k];
        if !*first {
            *first = true;
            firsts.push(ms);
        }
        if line.ends_with('?') && !*read_back {
            *read_back = true;
            latencies.push(ms);
        }
        println!("  {:<32} -> {line:<40} {ms:>6.0} ms", rec.texts[k]);
    }
    firsts.sort_by(f64::total_cmp);
    latencies.sort_by(f64::total_cmp);
    let (rss_max, rss_last) = (
        rss.iter().copied().fold(0.0, f64::max),
        rss.last().copied().unwrap_or(0.0),
    );
    println!(
        "{lang}: last voiced sample to read-back, {} of {} utterances read back: median {:.0} ms, 90th percentile {:.0} ms; resident while listening {rss_last:.1} MiB (peak {rss_max:.1} MiB)",
        latencies.len(),
        rec.ends.len(),
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.9),
    );
    println!(
        "{lang}: last voiced sample to the first answer of any kind, {} utterances: median {:.0} ms, 90th percentile {:.0} ms",
        firsts.len(),
        percentile(&firsts, 0.5),
        percentile(&firsts, 0.9),
    );
}

fn main() {
    voice::require_tools();
    let full = std::env::args().any(|a| a == "--bench");
    let count = if full { 20 } else { 3 };
    let average = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "voice latency through the binary; load average {}",
        average.trim()
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let (loaded, _) = load(dir.path());
    for (lang, form, speaker, no) in [
        ("de", Form::Fide, "de", "nein"),
        ("en", Form::Nato, "en-us", "no"),
    ] {
        let rec = recording(form, speaker, count, loaded + 2.0, dir.path());
        run(lang, no, &rec, dir.path());
    }
}
