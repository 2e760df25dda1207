//! Benchmarks of the store: what the autosave after every move costs —
//! a long game on the clock (60 moves each, the clock's whole history,
//! the settings in force) written with `save_game` through
//! `write_atomic`, both flushes to the disk included — and, to tell the
//! disk from the encoding, the JSON encoding alone and reading the game
//! back (what a resume costs).
//!
//! Run with `cargo bench --bench store`. The files go to a temporary
//! directory, on whatever disk holds it (`TMPDIR`, else `/tmp`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;

use annabella::store::{load_game, save_game};

#[path = "../tests/store_common/mod.rs"]
mod store_common;

use store_common::realistic_game;

/// Half-moves in the benchmark's game: 60 moves each.
const PLIES: usize = 120;

fn autosave(c: &mut Criterion) {
    let game = realistic_game(PLIES);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("current.json");
    let mut group = c.benchmark_group("store");
    // A flush to the disk takes milliseconds and varies with the other
    // jobs on the machine: fewer, longer samples.
    group.sample_size(50);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("autosave_120_plies", |b| {
        b.iter(|| save_game(black_box(&path), black_box(&game)).expect("saved"))
    });
    group.bench_function("encode_120_plies", |b| {
        b.iter(|| serde_json::to_vec(black_box(&game)).expect("encoded"))
    });
    group.bench_function("load_120_plies", |b| {
        b.iter(|| load_game(black_box(&path)).expect("loaded"))
    });
    group.finish();
}

/// Times single autosaves one by one: the spread of the flushes, which
/// Criterion's averages over a sample hide.
fn single_saves(runs: usize) {
    let game = realistic_game(PLIES);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("current.json");
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            save_game(&path, &game).expect("saved");
            start.elapsed()
        })
        .collect();
    times.sort();
    let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "single autosaves ({runs}, {bytes} bytes each): min {:.3} ms, median {:.3} ms, \
         90th percentile {:.3} ms, max {:.3} ms",
        ms(times[0]),
        ms(times[runs / 2]),
        ms(times[runs * 9 / 10]),
        ms(times[runs - 1])
    );
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --all-targets` runs this
    // once without it, as a smoke test.
    let benching = std::env::args().any(|a| a == "--bench");
    let mut criterion = Criterion::default().configure_from_args();
    autosave(&mut criterion);
    criterion.final_summary();
    single_saves(if benching { 500 } else { 1 });
}
