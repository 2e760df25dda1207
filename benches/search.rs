//! Search speed of the built-in engine, single thread: fixed-depth
//! searches from three positions, with a fresh transposition table each
//! time so every iteration does the same work.
//!
//! Run with `cargo bench --bench search`. Nodes per second is the node
//! count (printed once per position, the search is deterministic) divided
//! by criterion's time per search; BENCHMARKS.md has the figures.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

use annabella::engine::search::{Limits, Searcher};

/// Opening, a busy middlegame ("Kiwipete") and a pawn endgame.
const POSITIONS: [(&str, &str, u32); 3] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        10,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        8,
    ),
    ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 14),
];

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for (name, fen, depth) in POSITIONS {
        let pos: Chess = fen
            .parse::<Fen>()
            .expect("fen")
            .into_position(CastlingMode::Standard)
            .expect("legal");
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let nodes = Searcher::new(16)
            .search(&pos, &[], &limits, &mut |_| {})
            .nodes;
        eprintln!("search/{name}: depth {depth}, {nodes} nodes per search");
        group.bench_function(name, |b| {
            b.iter_batched_ref(
                || Searcher::new(16),
                |s| black_box(s.search(&pos, &[], &limits, &mut |_| {}).nodes),
                BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
