//! A hot-seat game played by voice, through the real capture path. A
//! player who listens (eSpeak NG's German voice, driven by what annabella
//! answers) speaks into a named pipe in real time, and annabella hears it
//! through ALSA, whose default capture device is made that pipe (ALSA's
//! `file` plugin: cpal → ALSA → conversion → voice detection → recogniser
//! → session). A fixed recording of the moves, each followed by "ja",
//! checks that every utterance reaches the session through ALSA and
//! through `--listen-from`. Issue 35's thirty-six-ply games, spoken
//! through `--listen-from` by voices no threshold was tuned on, are in
//! `long_game`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::alsa::capture_home;
use crate::common::voice::{self, Synth};
use crate::common::{Home, Piped};

/// The game: eight plies in FIDE's words, each answered "ja".
const MOVES: [&str; 8] = [
    "Eva vier",
    "Eva fünf",
    "Springer Felix drei",
    "Springer Cesar sechs",
    "Läufer Cesar vier",
    "Läufer Cesar fünf",
    "kurze Rochade",
    "Springer Felix sechs",
];

const FEN: &str = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 6 5";

fn run(program: &str, args: &[&str]) {
    let status = Command::new(program)
        .args(args)
        .status()
        .unwrap_or_else(|e| panic!("{program} could not start ({e}); scripts/setup installs it"));
    assert!(status.success(), "{program} {args:?} failed");
}

/// `text` said by eSpeak NG's `voice` at 150 words a minute into `path`.
fn say(voice: &str, text: &str, path: &Path) {
    say_at(voice, "150", text, path);
}

/// `text` said by eSpeak NG's `voice` at `rate` words a minute into `path`.
fn say_at(voice: &str, rate: &str, text: &str, path: &Path) {
    run(
        "espeak-ng",
        &["-v", voice, "-s", rate, "-w", path.to_str().unwrap(), text],
    );
}

/// `seconds` of silence at 22.05 kHz, as eSpeak NG writes its speech.
fn silence(path: &Path, seconds: &str) {
    let args = [
        "-n",
        "-r",
        "22050",
        "-c",
        "1",
        "-b",
        "16",
        path.to_str().unwrap(),
        "trim",
        "0",
        seconds,
    ];
    run("sox", &args);
}

/// The game said by eSpeak NG's German voice into one WAV (22.05 kHz),
/// each utterance followed by 1.2 s of silence.
fn game_recording(dir: &Path) -> PathBuf {
    let pause = dir.join("silence.wav");
    silence(&pause, "1.2");
    let mut parts = Vec::new();
    for (i, text) in MOVES.iter().flat_map(|m| [*m, "ja"]).enumerate() {
        let wav = dir.join(format!("u{i:02}.wav"));
        say("de", text, &wav);
        parts.push(wav);
        parts.push(pause.clone());
    }
    let game = dir.join("game.wav");
    let mut args: Vec<&str> = vec![pause.to_str().unwrap()];
    args.extend(parts.iter().map(|p| p.to_str().unwrap()));
    args.push(game.to_str().unwrap());
    run("sox", &args);
    game
}

/// The game recording, heard from `--listen-from`, what `collect` reads.
fn from_recording(collect: fn(Piped) -> Vec<String>) -> Vec<String> {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = game_recording(dir.path());
    let home = Home::new();
    collect(listening_to(&home, &game))
}

/// A hot-seat game in German, listening to `sound` (`--listen-from`).
fn listening_to(home: &Home, sound: &Path) -> Piped {
    let args = [
        "--lang",
        "de",
        "--opponent",
        "human",
        "--listen-from",
        sound.to_str().unwrap(),
    ];
    Piped::start(home, &args)
}

/// The game recording, heard from ALSA's default capture device made
/// that file, what `collect` reads.
fn from_alsa(collect: fn(Piped) -> Vec<String>) -> Vec<String> {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = game_recording(dir.path());
    let raw = dir.path().join("game.raw");
    run(
        "sox",
        &[
            game.to_str().unwrap(),
            "-r",
            "16000",
            "-c",
            "1",
            "-b",
            "16",
            "-e",
            "signed",
            "-t",
            "raw",
            raw.to_str().unwrap(),
        ],
    );
    let alsa_home = capture_home(&raw);
    let home = Home::new();
    let args = ["--lang", "de", "--opponent", "human", "--listen"];
    collect(Piped::start_with(
        &home,
        &args,
        &[("HOME", alsa_home.path())],
    ))
}

/// Every utterance of the recording reached the session: each is
/// answered, heard or not understood, in the order spoken.
fn assert_every_utterance_answered(lines: &[String]) {
    let answered = lines.iter().filter(|l| answers_an_utterance(l)).count();
    // A move heard is read back ("Springer Felix drei?"), an answer shown
    // ("Gehört: ja").
    let heard = lines
        .iter()
        .filter(|l| l.starts_with("Gehört:") || l.ends_with('?'))
        .count();
    assert!(
        answered >= MOVES.len() * 2,
        "{answered} answers:\n{}",
        lines.join("\n")
    );
    // Whisper base hears eSpeak NG's German FIDE words about half the
    // time (BENCHMARKS.md, "Voice input"; issue 35 is blocked on it):
    // half the moves heard shows the recogniser at work, not its target.
    assert!(
        heard >= MOVES.len() / 2,
        "{heard} heard:\n{}",
        lines.join("\n")
    );
    assert_read_back_first(lines);
}

/// Whether `line` is the session's answer to an utterance: what was
/// heard shown, a move read back or asked about, or not understood.
fn answers_an_utterance(line: &str) -> bool {
    line.starts_with("Gehört:") || line.starts_with("Nicht verstanden.") || line.ends_with('?')
}

/// Nothing was played unasked: every move announced was read back first.
fn assert_read_back_first(lines: &[String]) {
    for (i, line) in lines.iter().enumerate() {
        if announces_a_move(line) {
            assert!(
                lines[..i].iter().any(|l| l.ends_with('?')),
                "{line} not read back"
            );
        }
    }
}

/// Whether `line` announces a move played ("1. Weiß: Bauer Eva vier").
fn announces_a_move(line: &str) -> bool {
    line.contains(". Weiß: ") || line.contains(". Schwarz: ")
}

/// The whole game through ALSA, spoken by a player who listens: the
/// capture device reads a named pipe this test speaks into in real time,
/// so that, as a person at the board would, it says a move again (slower,
/// faster, or the long way) when it is not understood, answers "ja" to
/// the right read-back and "nein" to a wrong one.
#[test]
#[ignore = "Whisper base hears eSpeak NG's German FIDE words too seldom for a whole game (BENCHMARKS.md, Voice input; issue 35 blocked): run with --ignored. The capture path through ALSA is every_utterance_spoken_into_alsa_reaches_the_session"]
fn a_hot_seat_game_spoken_into_alsa_by_a_listening_player_reaches_its_position() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pipe = dir.path().join("microphone");
    run("mkfifo", &[pipe.to_str().unwrap()]);
    let alsa_home = capture_home(&pipe);
    let mouth = Mouth::new(&pipe, dir.path(), false);
    let home = Home::new();
    let args = ["--lang", "de", "--opponent", "human", "--listen"];
    let piped = Piped::start_with(&home, &args, &[("HOME", alsa_home.path())]);
    play_by_ear(piped, mouth);
}

/// Issue 34, item 6: a move said again while it is read back (as a
/// player does who thinks it misheard) is asked again, never played
/// without a yes. Spoken as a WAV stream into a named pipe
/// (`--listen-from`), whose header gives the length a streaming program
/// writes, 0xFFFFFFFF (item 9: before, the stream ended at once).
#[test]
fn a_move_said_again_while_read_back_is_asked_again_and_not_played() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pipe = dir.path().join("microphone.wav");
    run("mkfifo", &[pipe.to_str().unwrap()]);
    let mouth = Mouth::new(&pipe, dir.path(), true).speaking("en-us");
    let home = Home::new();
    let args = [
        "--lang",
        "en",
        "--opponent",
        "human",
        "--listen-from",
        pipe.to_str().unwrap(),
    ];
    let mut piped = Piped::start(&home, &args);
    mouth.say("d four", RATES[0]);
    let mut lines: Vec<String> = Vec::new();
    let mut questions: Vec<String> = Vec::new();
    let mut tries = 1;
    let deadline = Instant::now() + Duration::from_secs(120);
    while questions.len() < 2 && Instant::now() < deadline {
        let Some((_, line)) = piped.recv(Duration::from_millis(500)) else {
            continue;
        };
        lines.push(line.clone());
        if line.contains(". White: ") || line.starts_with("The recording") {
            break;
        }
        if line.ends_with('?') {
            questions.push(line);
            if questions.len() == 1 {
                mouth.say("d four", RATES[0]);
            }
        } else if line.starts_with("Not understood.") {
            tries += 1;
            assert!(tries <= 6, "never understood:\n{}", lines.join("\n"));
            mouth.say("d four", RATES[tries % RATES.len()]);
        }
    }
    drop(mouth);
    piped.send("quit");
    while let Some((_, line)) = piped.recv(Duration::from_secs(10)) {
        lines.push(line);
    }
    piped.wait();
    let all = lines.join("\n");
    assert!(!all.contains(". White: "), "played without a yes:\n{all}");
    assert_eq!(questions.len(), 2, "not asked again:\n{all}");
}

/// Plays the game by ear until its last ply, then asks for the FEN and
/// checks the game reached it, with every move read back before it was
/// played.
fn play_by_ear(mut piped: Piped, mouth: Mouth) {
    let mut lines = Vec::new();
    let (mut ply, mut said, mut repeats, mut tries) = (0, 0, 0, 0);
    // What was said last: a move (the how-many-th try) or an answer.
    let mut last: Option<&str> = None;
    mouth.say(READ_BACK[0].0, RATES[0]);
    let deadline = Instant::now() + Duration::from_secs(300);
    while ply < READ_BACK.len() && Instant::now() < deadline {
        let Some((_, line)) = piped.recv(Duration::from_millis(500)) else {
            continue;
        };
        let (short, long, read_back) = READ_BACK[ply];
        // A player not understood says it again, a little slower or
        // faster, and a move also the long way, with its from-square.
        let the_move = |tries: usize| {
            let words = if tries.is_multiple_of(2) { short } else { long };
            (words, RATES[(tries / 2) % RATES.len()])
        };
        let next = if announces_a_move(&line) {
            ply += 1;
            (repeats, tries) = (0, 0);
            last = None;
            READ_BACK.get(ply).map(|m| (m.0, RATES[0]))
        } else if line.ends_with('?') {
            let answer = if line == read_back { "ja" } else { "nein" };
            last = Some(answer);
            Some((answer, RATES[0]))
        } else if line.starts_with("Nicht verstanden.") {
            match last {
                Some(answer) => Some((answer, RATES[repeats % RATES.len()])),
                None => {
                    tries += 1;
                    Some(the_move(tries))
                }
            }
        } else if line == "Nicht ausgeführt." {
            last = None;
            tries += 1;
            Some(the_move(tries))
        } else {
            None
        };
        lines.push(line);
        if let Some((text, rate)) = next {
            repeats += 1;
            assert!(
                repeats <= 12,
                "ply {ply}: still not played after {repeats} utterances:\n{}",
                lines.join("\n")
            );
            said += 1;
            mouth.say(text, rate);
        }
    }
    drop(mouth);
    piped.send("fen");
    piped.send("ende");
    while let Some((_, line)) = piped.recv(Duration::from_secs(10)) {
        lines.push(line);
    }
    piped.wait();
    let not_understood = lines
        .iter()
        .filter(|l| l.starts_with("Nicht verstanden."))
        .count();
    println!(
        "spoken game: {} plies in {} utterances, {not_understood} not understood:\n{}",
        READ_BACK.len(),
        said + 1,
        lines.join("\n")
    );
    assert!(
        lines.iter().any(|l| l == FEN),
        "the game did not reach {FEN}:\n{}",
        lines.join("\n")
    );
    assert_read_back_first(&lines);
}

/// The game's moves as said, said the long way, and as annabella reads
/// each back.
const READ_BACK: [(&str, &str, &str); 8] = [
    ("Eva vier", "von Eva zwei nach Eva vier", "Bauer Eva vier?"),
    (
        "Eva fünf",
        "von Eva sieben nach Eva fünf",
        "Bauer Eva fünf?",
    ),
    (
        "Springer Felix drei",
        "Springer von Gustav eins nach Felix drei",
        "Springer Felix drei?",
    ),
    (
        "Springer Cesar sechs",
        "Springer von Bella acht nach Cesar sechs",
        "Springer Cesar sechs?",
    ),
    (
        "Läufer Cesar vier",
        "Läufer von Felix eins nach Cesar vier",
        "Läufer Cesar vier?",
    ),
    (
        "Läufer Cesar fünf",
        "Läufer von Felix acht nach Cesar fünf",
        "Läufer Cesar fünf?",
    ),
    ("kurze Rochade", "Rochade kurz", "Kurze Rochade?"),
    (
        "Springer Felix sechs",
        "Springer von Gustav acht nach Felix sechs",
        "Springer Felix sechs?",
    ),
];

/// The header of a 16 kHz mono 16-bit WAV stream of unknown length, as
/// ffmpeg and arecord write it to a pipe: both lengths 0xFFFFFFFF
/// (issue 34, item 9: read as "until the writer closes").
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

/// The rates (words a minute) a player says a line at, the first time
/// and when it was not understood.
const RATES: [&str; 3] = ["150", "120", "180"];

/// A player's mouth at a microphone that is a named pipe: it writes
/// 16 kHz samples into the pipe at the pace of speech, silence while it
/// has nothing to say, and whatever it is told to say as eSpeak NG's
/// German voice says it.
struct Mouth {
    words: std::sync::mpsc::Sender<Vec<i16>>,
    dir: PathBuf,
    /// eSpeak NG's voice: German unless told otherwise.
    voice: &'static str,
}

impl Mouth {
    /// A mouth at `pipe`, writing raw samples, or a WAV stream when
    /// `wav` (its header promising the longest length there is).
    fn new(pipe: &Path, dir: &Path, wav: bool) -> Mouth {
        use std::io::Write;
        let (words, heard) = std::sync::mpsc::channel::<Vec<i16>>();
        let pipe = pipe.to_path_buf();
        std::thread::spawn(move || {
            // Opening blocks until ALSA opens the other end.
            let Ok(mut out) = std::fs::OpenOptions::new().write(true).open(&pipe) else {
                return;
            };
            if wav && out.write_all(&wav_stream_header()).is_err() {
                return;
            }
            let chunk = 320;
            let began = Instant::now();
            let mut queue: std::collections::VecDeque<i16> = Default::default();
            for n in 0u32.. {
                match heard.try_recv() {
                    Ok(sound) => queue.extend(sound),
                    Err(std::sync::mpsc::TryRecvError::Disconnected) if queue.is_empty() => return,
                    Err(_) => {}
                }
                let piece: Vec<i16> = (0..chunk).map(|_| queue.pop_front().unwrap_or(0)).collect();
                let bytes: Vec<u8> = piece.iter().flat_map(|s| s.to_le_bytes()).collect();
                if out.write_all(&bytes).is_err() {
                    return;
                }
                let due = began + Duration::from_millis(20) * (n + 1);
                std::thread::sleep(due.saturating_duration_since(Instant::now()));
            }
        });
        Mouth {
            words,
            dir: dir.to_path_buf(),
            voice: "de",
        }
    }

    /// The mouth speaking with eSpeak NG's `voice`.
    fn speaking(self, voice: &'static str) -> Mouth {
        Mouth { voice, ..self }
    }

    /// Says `text` as `voice` of `synth` says it at `wpm` words a
    /// minute, then a second's pause.
    fn say_as(&self, synth: Synth, voice: &str, text: &str, wpm: u32) {
        let mut sound = voice::speak(synth, voice, wpm, text, &self.dir);
        sound.extend(std::iter::repeat_n(0i16, 16_000));
        let _ = self.words.send(sound);
    }

    /// Says `text` at `rate` words a minute, then a pause.
    fn say(&self, text: &str, rate: &str) {
        let wav = self.dir.join("utterance.wav");
        say_at(self.voice, rate, text, &wav);
        let mut sound = annabella::io::mic::read_wav(&wav).expect("eSpeak NG's WAV");
        sound.extend(std::iter::repeat_n(0i16, 16_000));
        let _ = self.words.send(sound);
    }
}

/// The capture path itself, in every run: the recording's sixteen
/// utterances all reach the session through ALSA (cpal, the file
/// plugin, conversion, voice detection, recogniser), each answered.
#[test]
fn every_utterance_spoken_into_alsa_reaches_the_session() {
    assert_every_utterance_answered(&from_alsa(answers));
}

/// The same through `--listen-from`, in real time.
#[test]
fn every_utterance_of_a_recording_reaches_the_session() {
    assert_every_utterance_answered(&from_recording(answers));
}

/// Everything said until thirty-two answers or two minutes, then `ende`.
fn answers(mut piped: Piped) -> Vec<String> {
    let mut lines = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(120);
    let counted = |lines: &[String]| lines.iter().filter(|l| answers_an_utterance(l)).count();
    while Instant::now() < deadline && counted(&lines) < MOVES.len() * 2 {
        if let Some((_, line)) = piped.recv(Duration::from_millis(500)) {
            lines.push(line);
        }
    }
    piped.send("ende");
    while let Some((_, line)) = piped.recv(Duration::from_secs(10)) {
        lines.push(line);
    }
    piped.wait();
    lines
}

mod long_game;

mod any_sound {
    use std::sync::{Mutex, OnceLock};
    use std::time::Instant;

    use annabella::event::Meaning;
    use annabella::input::grammar::{Answers, Moment};
    use annabella::io::mic::{ToMono16k, Vad, VadConfig, VadEvent};
    use annabella::io::voice::recognise::{Plan, Recogniser};
    use annabella::rules::Game;
    use annabella::session::{Input, Session, Start};
    use annabella::settings::{Lang, ListenConfirm, OpponentChoice, Settings};
    use proptest::prelude::*;

    fn recogniser() -> &'static Mutex<Recogniser> {
        static ONE: OnceLock<Mutex<Recogniser>> = OnceLock::new();
        ONE.get_or_init(|| {
            let plan = Plan::of(None, annabella::settings::Lang::En)
                .expect("the Whisper models: scripts/setup installs them");
            Mutex::new(Recogniser::load(&plan).expect("the models load"))
        })
    }

    fn frames() -> impl Strategy<Value = Vec<f32>> {
        let sample = prop_oneof![
            4 => -1.0f32..1.0,
            1 => Just(0.0f32),
            1 => Just(f32::NAN),
            1 => Just(f32::INFINITY),
            1 => prop::num::f32::ANY,
            1 => Just(1.0e9f32),
        ];
        prop::collection::vec(sample, 0..24_000)
    }

    /// A move said plainly is heard as that move, with its words; a
    /// second of silence is nothing.
    #[test]
    fn a_move_said_plainly_is_heard_and_silence_is_nothing() {
        let dir = tempfile::tempdir().expect("temp dir");
        let wav = dir.path().join("kf3.wav");
        super::say("en-us", "knight foxtrot three", &wav);
        let speech = annabella::io::mic::read_wav(&wav).expect("read");
        let mut r = recogniser().lock().unwrap_or_else(|e| e.into_inner());
        r.prepare(&Moment {
            game: Game::new(),
            answers: Answers::Nothing,
            lang: Lang::En,
            serial: 7,
        });
        let heard = r.hear(&speech).heard;
        // Heard as the move, or asked back with it first ("knight f3 or
        // pawn f3?", as tiny.en scores the pawn's shorter phrase close):
        // never another move.
        let mv = match &heard.meaning {
            Meaning::Move(mv) => *mv,
            Meaning::Either(moves) => moves[0],
            _ => panic!("{heard:?}"),
        };
        assert_eq!(mv.to_string(), "Ng1-f3");
        assert_eq!(heard.moment, 7);
        assert!(heard.words.to_lowercase().contains("foxtrot"), "{heard:?}");
        let silence = r.hear(&vec![0i16; 16_000]).heard;
        assert_eq!(silence.meaning, Meaning::Nothing, "{silence:?}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(8))]

        /// Any sound (silence, clipping, NaN, odd lengths, any rate and
        /// channels) through conversion, the detector, the recogniser and
        /// the session: nothing panics and the game stays legal.
        #[test]
        fn any_sound_never_panics_nor_plays_an_illegal_move(
            sound in frames(),
            rate in 8_000u32..48_000,
            channels in 1u16..3,
            pieces in 1usize..700,
        ) {
            let mut r = recogniser().lock().unwrap_or_else(|e| e.into_inner());
            let settings = Settings {
                opponent: OpponentChoice::Human,
                listen: true,
                listen_confirm: ListenConfirm::Off,
                lang: Lang::En,
                ..Settings::default()
            };
            let mut session = Session::new(Game::new(), settings);
            session.step(Input::Start(Start::default()), Instant::now());
            r.prepare(&Moment {
                game: session.game().clone(),
                answers: Answers::YesNo,
                lang: Lang::En,
                serial: 0,
            });
            let mut convert = ToMono16k::new(rate, channels);
            let mut vad = Vad::new(VadConfig::default());
            let (mut mono, mut events) = (Vec::new(), Vec::new());
            let mut utterance: Vec<i16> = Vec::new();
            for piece in sound.chunks(pieces) {
                mono.clear();
                convert.push_f32(piece, &mut mono);
                vad.push(&mono, &mut events);
                for event in events.drain(..) {
                    match event {
                        VadEvent::Start { preroll, .. } => utterance = preroll,
                        VadEvent::Audio(more) => utterance.extend_from_slice(&more),
                        VadEvent::End { .. } => {
                            let heard = r.hear(&utterance).heard;
                            prop_assert!((0.0..=1.0).contains(&heard.confidence));
                            session.step(Input::Heard(heard), Instant::now());
                        }
                    }
                }
            }
            // Every move played replays from the start.
            let mut replay = Game::new();
            for ply in session.game().plies() {
                prop_assert!(replay.play(ply.mv).is_ok());
            }
        }
    }
}

/// `annabella hear`: one tab-separated line per utterance; a file it
/// cannot read is one sentence and exit status 1.
#[test]
fn hear_prints_a_line_per_utterance_and_refuses_what_is_not_sound() {
    let dir = tempfile::tempdir().expect("temp dir");
    let wav = dir.path().join("two.wav");
    let first = dir.path().join("a.wav");
    let second = dir.path().join("b.wav");
    let quiet = dir.path().join("s.wav");
    say("en-us", "knight foxtrot three", &first);
    say("en-us", "what a lovely day it is today", &second);
    silence(&quiet, "1");
    let parts = [&quiet, &first, &quiet, &second, &quiet];
    let mut args: Vec<&str> = parts.iter().map(|p| p.to_str().unwrap()).collect();
    // Stereo at 44.1 kHz: any PCM WAV is taken.
    args.extend(["-r", "44100", "-c", "2", wav.to_str().unwrap()]);
    run("sox", &args);
    let home = Home::new();
    let out = home
        .command(&["hear", wav.to_str().unwrap(), "--lang", "en"])
        .output()
        .expect("hear runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(lines.len(), 2, "{text}");
    for line in &lines {
        assert_eq!(line.len(), 6, "{line:?}");
        let start: f64 = line[0].parse().expect("a start in seconds");
        let end: f64 = line[1].parse().expect("an end in seconds");
        assert!(start < end, "{line:?}");
        let confidence: f64 = line[4].parse().expect("a confidence");
        assert!((0.0..=1.0).contains(&confidence));
        assert_eq!(
            line[0].split('.').nth(1).map(str::len),
            Some(2),
            "two decimals"
        );
    }
    assert_eq!(&lines[0][2..4], ["move", "g1f3"], "{text}");
    assert!(
        (0.9..1.3).contains(&lines[0][0].parse::<f64>().unwrap()),
        "{text}"
    );
    assert_eq!(
        &lines[1][2..4],
        ["none", "-"],
        "talk is no chess line: {text}"
    );

    let garbage = dir.path().join("garbage.wav");
    std::fs::write(&garbage, b"RIFF....not a wave at all").expect("written");
    for bad in [garbage.to_str().unwrap(), "/nonexistent/file.wav"] {
        let out = home
            .command(&["hear", bad])
            .stderr(std::process::Stdio::piped())
            .output()
            .expect("hear runs");
        assert_eq!(out.status.code(), Some(1), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("WAV"), "says what works: {err}");
        assert!(out.stdout.is_empty());
    }
}
