//! Every way an adapter fails, as the player reads it: in German and
//! Estonian, no English word of the system's own (a `String` error
//! carried across the seam would bring one in); in English, the same
//! check finds them, so that it is a check.

use std::path::PathBuf;

use shakmaty::uci::UciMove;

use super::Announcer;
use super::speech::Notice;
use crate::event::{
    DisplayEvent, DisplayFault, DisplayTrouble, EngineEvent, Event, Failure, IoReason, NetTrouble,
    OnlineEvent, RecordEvent, SessionEvent, SoundFileTrouble, Trouble, VoiceEvent, VoiceFault,
    VoiceTrouble,
};
use crate::settings::{Lang, Settings};

/// Words of an English sentence that no German or Estonian one has.
const ENGLISH: &[&str] = &[
    "the",
    "not",
    "no",
    "failed",
    "error",
    "cannot",
    "could",
    "refused",
    "denied",
    "unreachable",
    "connection",
    "timed",
    "permission",
    "found",
    "such",
    "device",
    "directory",
    "broken",
    "pipe",
    "unsupported",
    "answer",
    "answered",
    "goes",
    "without",
    "is",
    "was",
    "read",
];

const REASONS: [IoReason; 7] = [
    IoReason::NotFound,
    IoReason::Folder,
    IoReason::NotFolder,
    IoReason::Permission,
    IoReason::DiskFull,
    IoReason::ReadOnly,
    IoReason::Other,
];

/// Every adapter failure an event carries to the player.
fn failures() -> Vec<Event> {
    let mut events = display_and_voice();
    events.extend(engine_store_and_network());
    events
}

/// The Braille display's and voice input's failures.
fn display_and_voice() -> Vec<Event> {
    let mut events: Vec<Event> = Vec::new();
    let display = [
        DisplayTrouble::NotBuilt,
        DisplayTrouble::NoBrltty,
        DisplayTrouble::NotAllowed,
        DisplayTrouble::NoDisplay,
        DisplayTrouble::Failed(DisplayFault::NoThread),
        DisplayTrouble::Failed(DisplayFault::Brltty),
    ];
    events.extend(
        display.map(|t| Event::Session(SessionEvent::Display(DisplayEvent::Unavailable(t)))),
    );
    let mut voice = vec![
        VoiceTrouble::NotBuilt,
        VoiceTrouble::NoModel,
        VoiceTrouble::ModelMissing("/m".into()),
        VoiceTrouble::ModelBroken("/m".into()),
        VoiceTrouble::NoMicrophone,
        VoiceTrouble::NoSuchMicrophone("x".into(), vec!["hw:0".into()]),
        VoiceTrouble::Ended,
        VoiceTrouble::Recording("a.wav".into(), SoundFileTrouble::NotWav),
        VoiceTrouble::Recording("a.wav".into(), SoundFileTrouble::Rate(8000)),
    ];
    voice.extend(
        [
            VoiceFault::SoundSystem,
            VoiceFault::Unopenable,
            VoiceFault::Stopped,
            VoiceFault::Recogniser,
            VoiceFault::NoThread,
        ]
        .map(VoiceTrouble::Failed),
    );
    voice.extend(
        REASONS.map(|r| VoiceTrouble::Recording("a.wav".into(), SoundFileTrouble::Unreadable(r))),
    );
    events.extend(
        voice
            .into_iter()
            .map(|t| Event::Session(SessionEvent::Voice(VoiceEvent::Unavailable(t)))),
    );
    events
}

/// The engine's, the store's and the network's failures.
fn engine_store_and_network() -> Vec<Event> {
    let mut events: Vec<Event> = Vec::new();
    let mut engine = vec![
        Failure::StartTimeout,
        Failure::Crashed,
        Failure::Hung,
        Failure::Garbled,
        Failure::IllegalMove("e2e5".parse::<UciMove>().expect("a UCI move")),
    ];
    engine.extend(REASONS.map(|reason| Failure::NotStarted {
        program: "stockfish".into(),
        reason,
    }));
    events.extend(
        engine
            .into_iter()
            .map(|f| Event::Engine(EngineEvent::Failed(f))),
    );
    let mut store = vec![
        Trouble::Missing,
        Trouble::Broken(None),
        Trouble::Broken(Some(PathBuf::from("/d/x.broken"))),
        Trouble::Folder,
        Trouble::Taken,
        Trouble::NotPgn,
        Trouble::NotPgnLeft,
    ];
    store.extend(REASONS.map(Trouble::Unreadable));
    events.extend(store.into_iter().map(|trouble| {
        Event::Record(RecordEvent::Failed {
            path: PathBuf::from("/d/game.json"),
            trouble,
        })
    }));
    let net = [
        NetTrouble::NoToken,
        NetTrouble::Offline,
        NetTrouble::Unauthorized,
        NetTrouble::RateLimited { seconds: 60 },
        NetTrouble::Status {
            code: 500,
            reason: None,
        },
    ];
    events.extend(net.map(|t| Event::Online(OnlineEvent::Trouble(t))));
    events
}

/// The English words in `text`, outside paths and lichess's scope
/// names (`/d/x.broken`, `challenge:read`), which are names.
fn english_in(text: &str) -> Vec<String> {
    text.split_whitespace()
        .filter(|token| !token.contains(['/', ':']))
        .flat_map(|token| token.split(|c: char| !c.is_alphabetic()))
        .map(str::to_lowercase)
        .filter(|w| ENGLISH.contains(&w.as_str()))
        .collect()
}

fn said(lang: Lang) -> Vec<String> {
    let settings = Settings {
        lang,
        ..Settings::default()
    };
    let announcer = Announcer::new();
    let mut lines: Vec<String> = failures()
        .iter()
        .flat_map(|e| announcer.render(&settings, e))
        .collect();
    for notice in [
        Notice::SpeechUnavailable,
        Notice::SpeechLost,
        Notice::SoundUnavailable,
    ] {
        lines.push(announcer.notice(&settings, notice));
    }
    lines
}

#[test]
fn every_adapter_failure_is_said_in_german_and_estonian_without_english() {
    for lang in [Lang::De, Lang::Et] {
        let lines = said(lang);
        assert!(lines.len() >= 50, "{lang:?}: {} lines", lines.len());
        let english: Vec<(String, Vec<String>)> = lines
            .into_iter()
            .map(|l| (english_in(&l), l))
            .filter(|(words, _)| !words.is_empty())
            .map(|(words, l)| (l, words))
            .collect();
        assert!(english.is_empty(), "{lang:?}: {english:#?}");
    }
}

#[test]
fn the_check_finds_english() {
    let lines = said(Lang::En);
    let found = lines.iter().filter(|l| !english_in(l).is_empty()).count();
    assert!(found * 10 >= lines.len() * 9, "{found} of {}", lines.len());
}
