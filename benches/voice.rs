//! Voice input: what the player waits for. Run with
//! `cargo bench --bench voice` (needs espeak-ng and sox, as the tests do).
//!
//! - the recogniser's start (the model loaded) and the memory it takes;
//! - the grammar of the moment built and handed to the recogniser, at the
//!   start and in a middlegame;
//! - from the end of speech to the read-back text: utterances from
//!   eSpeak NG fed through the voice detector and the recogniser at the
//!   pace of a microphone (20 ms chunks, each waited for), the session
//!   stepped with what was heard and its answer worded. The hangover
//!   (the silence the detector waits for before it ends an utterance) is
//!   in the figure, as the player lives it.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use annabella::announce::Announcer;
use annabella::input::grammar::{Answers, grammar};
use annabella::io::mic::{Vad, VadConfig, VadEvent, read_wav};
use annabella::io::voice::recognise::{Model, Recogniser};
use annabella::rules::Game;
use annabella::session::{Input, Session, Start};
use annabella::settings::{Lang, OpponentChoice, Settings};

const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8";

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

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn say(dir: &Path, voice: &str, text: &str, i: usize) -> Vec<i16> {
    let wav = dir.join(format!("u{i}.wav"));
    let ok = Command::new("espeak-ng")
        .args(["-v", voice, "-s", "150", "-w"])
        .arg(&wav)
        .arg(text)
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "espeak-ng is needed: scripts/setup installs it");
    read_wav(&wav).expect("espeak-ng's WAV")
}

fn main() {
    let model = Model::find().expect("pocketsphinx-en-us: scripts/setup installs it");
    let before = rss_kib();
    let t = Instant::now();
    let mut recogniser = Recogniser::new(&model).expect("the model loads");
    let load = t.elapsed();
    let memory = rss_kib().saturating_sub(before);
    println!(
        "recogniser start: {load:.1?}, memory {:.1} MiB",
        memory as f64 / 1024.0
    );

    for (name, fen) in [("start", None), ("middlegame", Some(MIDDLEGAME))] {
        let game = fen.map_or_else(Game::new, |f| Game::from_fen(f).expect("fen"));
        let mut builds = Vec::new();
        let mut sets = Vec::new();
        for answers in [Answers::Nothing, Answers::YesNo].iter().cycle().take(40) {
            let t = Instant::now();
            let g = grammar(&game, answers, Lang::De, &|w| recogniser.knows(w));
            builds.push(t.elapsed());
            let t = Instant::now();
            recogniser.set_grammar(&g).expect("grammar");
            sets.push(t.elapsed());
        }
        println!(
            "grammar ({name}): built in {:.2?}, set in {:.2?} (medians of 40)",
            median(builds),
            median(sets)
        );
    }

    let dir = tempfile::tempdir().expect("temp dir");
    let utterances = [
        ("de", "Springer Felix drei"),
        ("de", "Eva vier"),
        ("en-us", "knight foxtrot three"),
        ("en-us", "pawn echo four"),
        ("de", "Springer Cesar drei"),
    ];
    // `cargo bench` passes --bench; `cargo test` runs this once as a
    // smoke test, with one utterance.
    let full = std::env::args().any(|a| a == "--bench");
    let (rounds, count) = if full { (4, utterances.len()) } else { (2, 1) };
    let announcer = Announcer::new();
    let mut latencies = Vec::new();
    for round in 0..rounds {
        for (i, (voice, text)) in utterances.iter().enumerate().take(count) {
            let mut sound = say(dir.path(), voice, text, i);
            sound.extend(std::iter::repeat_n(0i16, 16_000));
            let settings = Settings {
                opponent: OpponentChoice::Human,
                listen: true,
                lang: Lang::De,
                ..Settings::default()
            };
            let mut session = Session::new(Game::new(), settings);
            session.step(Input::Start(Start::default()), Instant::now());
            let g = grammar(session.game(), &Answers::Nothing, Lang::De, &|w| {
                recogniser.knows(w)
            });
            recogniser.set_grammar(&g).expect("grammar");
            let mut vad = Vad::new(VadConfig::default());
            let mut events = Vec::new();
            let mut end_of_speech = None;
            let start = Instant::now();
            'feed: for (n, chunk) in sound.chunks(320).enumerate() {
                // The pace of a microphone: chunk n arrives 20 ms after n-1.
                let due = start + Duration::from_millis(20 * (n as u64 + 1));
                std::thread::sleep(due.saturating_duration_since(Instant::now()));
                vad.push(chunk, &mut events);
                for event in events.drain(..) {
                    let end = match event {
                        VadEvent::End { at } => Some(at),
                        VadEvent::Start { .. } | VadEvent::Audio(_) => None,
                    };
                    let (Some(heard), Some(at)) =
                        (recogniser.take(event, session.game(), Lang::De), end)
                    else {
                        continue;
                    };
                    // When the last sample of speech reached us.
                    let spoken = start + Duration::from_micros(at * 1_000_000 / 16_000);
                    end_of_speech = Some(spoken);
                    let step = session.step(Input::Heard(heard), Instant::now());
                    let text: Vec<String> = step
                        .events
                        .iter()
                        .flat_map(|e| announcer.render_lines(session.settings(), e))
                        .collect();
                    assert!(!text.is_empty());
                    if round > 0 {
                        latencies.push(Instant::now().saturating_duration_since(spoken));
                    }
                    break 'feed;
                }
            }
            assert!(end_of_speech.is_some(), "{text}: no utterance");
        }
    }
    latencies.sort();
    println!(
        "end of speech to the read-back text: median {:.0?}, max {:.0?} ({} utterances; hangover {} ms)",
        median(latencies.clone()),
        latencies.last().copied().unwrap_or_default(),
        latencies.len(),
        VadConfig::default().hangover_ms
    );
}
