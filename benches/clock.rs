//! Benchmarks of the clock: what one tick of the loop costs while a
//! clock runs (ten ticks a second for the whole game), what `clock`
//! costs from the line to its words, and how late the end-of-game line
//! comes after a flag falls, through the real loop (`app::run`) with no
//! line sent.
//!
//! Run with `cargo bench --bench clock`. Targets (BENCHMARKS.md): a tick
//! well under a microsecond's share of the 100 ms between ticks (median
//! <= 2 µs); the end-of-game line within 10 ms of the flag.

use std::hint::black_box;
use std::io;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::{Duration, Instant};

use criterion::Criterion;

use annabella::announce::Announcer;
use annabella::event::{Event, GameEvent, Subscriber};
use annabella::io::LineSource;
use annabella::rules::Game;
use annabella::rules::clock::TimeControl;
use annabella::session::{Input, Session};
use annabella::settings::{OpponentChoice, Settings, TimeAlerts, TimeChoice};

fn timed_settings(control: &str, alerts: &[u32]) -> Settings {
    Settings {
        opponent: OpponentChoice::Human,
        time: TimeChoice::Timed(control.parse::<TimeControl>().expect("a control")),
        time_alerts: TimeAlerts(alerts.to_vec()),
        ..Settings::default()
    }
}

/// A hot-seat game on a 5+3 clock a few moves in, with alarms set.
fn running_session() -> (Session, Instant) {
    let mut session = Session::new(Game::new(), timed_settings("5+3", &[300, 60, 30, 10]));
    let start = Instant::now();
    for (i, mv) in ["e4", "e5", "Nf3", "Nc6", "Bb5"].iter().enumerate() {
        session.step(
            Input::Line(mv.to_string()),
            start + Duration::from_millis(100 * i as u64),
        );
    }
    (session, start)
}

fn ticks(c: &mut Criterion) {
    let mut group = c.benchmark_group("clock");
    let (mut session, start) = running_session();
    let mut now = start + Duration::from_secs(1);
    group.bench_function("tick", |b| {
        b.iter(|| {
            // A microsecond later each time, as the loop's ticks move on.
            now += Duration::from_micros(1);
            black_box(session.step(Input::Tick, black_box(now)).events)
        })
    });
    let announcer = Announcer::new();
    let (mut session, start) = running_session();
    let now = start + Duration::from_secs(2);
    group.bench_function("clock_line_to_text", |b| {
        b.iter(|| {
            let events = session
                .step(Input::Line((black_box("clock")).into()), now)
                .events;
            let settings = session.settings().clone();
            let text: Vec<String> = events
                .iter()
                .flat_map(|e| announcer.render(&settings, e))
                .collect();
            black_box(text)
        })
    });
    group.finish();
}

/// Lines that never come until the end is asked for.
struct Silence(Receiver<String>);

impl LineSource for Silence {
    fn read_line(&mut self, _prompt: &str) -> Option<String> {
        self.0.recv().ok()
    }
}

/// Notes when the game ends and then asks to quit.
struct EndWatch {
    ended: Option<Instant>,
    quit: Sender<String>,
}

impl Subscriber for EndWatch {
    fn notify(&mut self, _: &Settings, events: &[Event]) -> io::Result<()> {
        if events
            .iter()
            .any(|e| matches!(e, Event::Game(GameEvent::Over(_))))
        {
            self.ended.get_or_insert_with(Instant::now);
            let _ = self.quit.send("quit".to_string());
        }
        Ok(())
    }
}

/// One game on a clock of `seconds` where nobody moves: how long after
/// the flag's fall the end of the game reaches the outputs. The clock
/// starts when the loop does, so `deadline` is an upper bound on the
/// start plus the time, and the latency measured an upper bound too.
fn flag_fall_latency(seconds: f64) -> Duration {
    let control = format!("{}+0", seconds / 60.0);
    let mut session = Session::new(Game::new(), timed_settings(&control, &[]));
    let announcer = Announcer::new();
    let (quit, lines) = mpsc::channel();
    let mut watch = EndWatch { ended: None, quit };
    let before = Instant::now();
    annabella::app::run(
        &mut session,
        &announcer,
        Box::new(Silence(lines)),
        &mut [&mut watch],
        &mut annabella::store::Nowhere,
        annabella::app::Begin::default(),
    )
    .expect("the loop runs");
    let ended = watch.ended.expect("the game ended on time");
    let deadline = before + Duration::from_secs_f64(seconds);
    ended.saturating_duration_since(deadline)
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --all-targets` runs this
    // once without it, as a smoke test.
    let benching = std::env::args().any(|a| a == "--bench");
    let mut criterion = Criterion::default().configure_from_args();
    ticks(&mut criterion);
    criterion.final_summary();
    let runs = if benching { 20 } else { 1 };
    let mut latencies: Vec<Duration> = (0..runs).map(|_| flag_fall_latency(0.3)).collect();
    latencies.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "flag fall to end-of-game event ({runs} games of 0.3 s, no line sent): min {:.3} ms, median {:.3} ms, max {:.3} ms",
        ms(latencies[0]),
        ms(latencies[runs / 2]),
        ms(latencies[runs - 1])
    );
}
