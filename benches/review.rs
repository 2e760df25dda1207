//! The review (issue 38): what one position costs the engine at the
//! default depth, the review said again from what is kept (the second
//! `review` is to be instant), the judgements and accuracy of a whole
//! game, and naming its opening. The whole review, end to end through
//! the binary, is timed by `scripts/review-bench` (BENCHMARKS.md).

use std::time::Instant;

use annabella::engine::host::{Budget, Reply, Request, analysed_here};
use annabella::engine::search::Searcher;
use annabella::event::{Event, ReviewEvent};
use annabella::review::{PositionEval, Review};
use annabella::rules::{Eval, Game, import_game, key_of};
use annabella::session::{Input, Session};
use annabella::settings::{OpponentChoice, ReviewDepth, Settings};
use criterion::{Criterion, criterion_group, criterion_main};
use shakmaty::{Color, Position};

/// The reference game: 40 moves, game 77 of the TWIC sample.
fn reference() -> Game {
    let pgn = include_bytes!("../tests/data/pgn/twic1599_100k.pgn");
    import_game(pgn, 77).expect("game 77").game
}

/// The built-in engine's answer to an analysis request.
fn answer(request: &Request) -> Option<Reply> {
    match request {
        Request::Analyse(r) => Some(analysed_here(r)),
        Request::Move(_) => None,
    }
}

/// A session on the finished reference game, reviewed once (at depth 4:
/// what is kept, not how deep, is measured here).
fn reviewed() -> Session {
    let settings = Settings {
        opponent: OpponentChoice::Human,
        review_depth: ReviewDepth(4),
        ..Settings::default()
    };
    let mut session = Session::new(reference(), settings);
    let mut step = session.step(Input::Line("review".into()), Instant::now());
    loop {
        let Some(reply) = step.engine_requests().find_map(answer) else {
            break;
        };
        step = session.step(Input::Engine(reply), Instant::now());
    }
    let again = session.step(Input::Line("review".into()), Instant::now());
    assert!(
        again
            .events
            .iter()
            .any(|e| matches!(e, Event::Review(ReviewEvent::Summary(_)))),
        "the review is kept: {:?}",
        again.events
    );
    session
}

fn review(c: &mut Criterion) {
    let game = reference();
    // A middlegame position of the reference game, after 20 moves.
    let mut pos = game.initial_position().clone();
    let mut keys = Vec::new();
    for ply in &game.plies()[..40] {
        keys.push(key_of(&pos));
        pos.play_unchecked(ply.mv);
    }
    let mut group = c.benchmark_group("review");
    group.sample_size(10);
    group.bench_function("position_at_default_depth", |b| {
        let limits = Budget::Depth(u32::from(Settings::default().review_depth.0)).limits();
        b.iter(|| Searcher::new(4).search(&pos, &keys, &limits, &mut |_| {}))
    });
    group.finish();

    let mut session = reviewed();
    c.bench_function("review/said_again", |b| {
        b.iter(|| session.step(Input::Line("review".into()), Instant::now()))
    });

    // Every position evaluated: a slow drift with a collapse at the end.
    let mut kept = Review::of(&game);
    for i in 0..kept.positions() {
        let cp = (i as i32 * 7 - 120) * if i % 2 == 0 { 1 } else { -1 } / 3;
        kept.set(
            i,
            PositionEval {
                eval: Eval::Cp(cp),
                line: Vec::new(),
            },
        );
    }
    c.bench_function("review/judged_and_tallied", |b| {
        b.iter(|| {
            (
                kept.tally(&game),
                kept.turning_points(&game),
                kept.notes(&game),
            )
        })
    });

    let _ = game.opening();
    c.bench_function("review/opening_of_the_game", |b| b.iter(|| game.opening()));
    assert_eq!(Color::White, game.initial_position().turn());
}

criterion_group!(benches, review);
criterion_main!(benches);
