//! PGN import (issue 12): every game of `tests/data/pgn/*.pgn`
//! imported and replayed to its end by annabella, against `pgn-reader`
//! and shakmaty alone doing the least that replays the same games: read
//! the main line, turn each SAN into a move and play it.
//!
//! Run with `cargo bench --bench pgn`. Target: annabella takes at most
//! twice the time of `pgn-reader` and shakmaty alone, measured in the same
//! run. Besides criterion's figures the bench prints that ratio, from
//! medians of rounds that take turns, so both see the same machine load.

use std::hint::black_box;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

use annabella::rules::import_games;

/// The shared PGN files, read into memory before anything is timed.
fn shared_files() -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{} cannot be read: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "pgn"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| std::fs::read(path).expect("readable PGN"))
        .collect()
}

/// The reference: the final position of each game, with shakmaty only.
struct Replay;

impl Visitor for Replay {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = Chess;

    fn begin_tags(&mut self) -> ControlFlow<Chess, Option<Chess>> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        start: &mut Option<Chess>,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Chess> {
        if name == b"FEN"
            && let Ok(fen) = Fen::from_ascii(value.as_bytes())
        {
            let setup = fen.into_setup();
            let mode = CastlingMode::detect(&setup);
            *start = setup.position(mode).ok();
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, start: Option<Chess>) -> ControlFlow<Chess, Chess> {
        ControlFlow::Continue(start.unwrap_or_default())
    }

    fn san(&mut self, pos: &mut Chess, san: SanPlus) -> ControlFlow<Chess> {
        match san.san.to_move(pos) {
            Ok(mv) => {
                pos.play_unchecked(mv);
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(pos.clone()),
        }
    }

    fn end_game(&mut self, pos: Chess) -> Chess {
        pos
    }
}

fn reference(files: &[Vec<u8>]) -> usize {
    let mut games = 0;
    for text in files {
        let mut reader = Reader::new(&text[..]);
        while let Ok(Some(pos)) = reader.read_game(&mut Replay) {
            black_box(pos);
            games += 1;
        }
    }
    games
}

fn annabella(files: &[Vec<u8>]) -> usize {
    let mut games = 0;
    for text in files {
        let imported = import_games(text);
        games += imported.len();
        black_box(imported);
    }
    games
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// Both, taking turns, 41 rounds each; prints the medians and the ratio.
fn print_ratio(files: &[Vec<u8>]) {
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..41 {
        let started = Instant::now();
        black_box(reference(black_box(files)));
        theirs.push(started.elapsed());
        let started = Instant::now();
        black_box(annabella(black_box(files)));
        ours.push(started.elapsed());
    }
    let (ours, theirs) = (median(ours), median(theirs));
    println!(
        "pgn import, {} games: annabella {ours:.2?}, pgn-reader + shakmaty {theirs:.2?}, \
         ratio {:.2} (target <= 2)",
        reference(files),
        ours.as_secs_f64() / theirs.as_secs_f64()
    );
}

fn pgn_import(c: &mut Criterion) {
    let files = shared_files();
    assert_eq!(
        annabella(&files),
        reference(&files),
        "both read the same games"
    );
    print_ratio(&files);
    let mut group = c.benchmark_group("pgn_import");
    group.sample_size(30);
    group.bench_function("annabella", |b| b.iter(|| annabella(black_box(&files))));
    group.bench_function("pgn_reader_shakmaty", |b| {
        b.iter(|| reference(black_box(&files)))
    });
    group.finish();
    print_ratio(&files);
}

criterion_group!(benches, pgn_import);
criterion_main!(benches);
