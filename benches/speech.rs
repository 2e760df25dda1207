//! Benchmark of the way an event takes to the speech service: the
//! session's events for one move go to the speech subscriber, which words
//! them, splits them by language and hands them to the speech thread;
//! the iteration ends when the recording backend receives the request.
//!
//! Run with `cargo bench --bench speech`. Target (BENCHMARKS.md): event to
//! speech request, median <= 1 ms.

use std::time::Instant;

use std::sync::{Arc, mpsc};
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};

use annabella::announce::Announcer;
use annabella::event::Subscriber;
use annabella::event::{Event, GameEvent};
use annabella::io::speech::{BackendFactory, RecordingBackend, SpeechBackend, SpeechSink};
use annabella::rules::Game;
use annabella::session::{Input, Session};
use annabella::settings::{Lang, Settings, SpeechMode};

fn event_to_speech_request(c: &mut Criterion) {
    let announcer = Announcer::new();
    let (tx, rx) = mpsc::channel();
    let backend = RecordingBackend {
        spoken: Some(tx),
        ..RecordingBackend::default()
    };
    // The recording keeps every call; clear it now and then so the
    // benchmark measures speech, not a growing vector.
    let calls = Arc::clone(&backend.calls);
    let factory: BackendFactory =
        Arc::new(move || Ok(Box::new(backend.clone()) as Box<dyn SpeechBackend>));
    let settings = Settings {
        lang: Lang::En,
        speech: SpeechMode::On,
        ..Settings::default()
    };
    let mut sink = SpeechSink::new(&announcer, std::io::sink(), factory);
    sink.start(&settings).expect("no notices to write");
    assert!(sink.is_running(), "the recording backend starts");
    let mut session = Session::new(Game::new(), settings.clone());
    let events: Vec<Event> = session
        .step(Input::Line("Nf3".into()), Instant::now())
        .events;
    assert!(matches!(events[..], [Event::Game(GameEvent::Moved(_))]));

    // "1. White:" in English, then "Springer Felix drei" in German: the
    // iteration waits for the last part.
    c.bench_function("event_to_speech_request/fide_move_en", |b| {
        b.iter(|| {
            sink.notify(&settings, &events).expect("no notices");
            let mut last = String::new();
            while last != "Springer Felix drei" {
                last = rx
                    .recv_timeout(Duration::from_secs(5))
                    .expect("the speech thread answers");
            }
            if let Ok(mut c) = calls.lock() {
                c.clear();
            }
        })
    });
}

criterion_group!(benches, event_to_speech_request);
criterion_main!(benches);
