//! Board-reading queries: one command line through the session to the
//! words printed, in a middlegame with pins (SPEC §4, issue 4).
//! Target: every query, median ≤ 50 µs.

use std::time::Instant;

use annabella::announce::Announcer;
use annabella::rules::Game;
use annabella::session::{Input, Session};
use annabella::settings::{BoardStyle, OpponentChoice, Settings};
use criterion::{Criterion, criterion_group, criterion_main};

/// Ruy Lopez with pins on c6 (to the king) and f6 (to the queen).
const FEN: &str = "r2qkb1r/pppb1ppp/2np1n2/1B2p1B1/4P3/2NP1N2/PPP2PPP/R2QK2R b KQkq - 3 6";

/// Each query with the board style it runs under.
const QUERIES: &[(&str, BoardStyle)] = &[
    ("board", BoardStyle::List),
    ("board", BoardStyle::Ranks),
    ("board", BoardStyle::Squares),
    ("rank 4", BoardStyle::List),
    ("file e", BoardStyle::List),
    ("diagonal c1", BoardStyle::List),
    ("square e4", BoardStyle::List),
    ("e4?", BoardStyle::List),
    ("pieces", BoardStyle::List),
    ("pieces white", BoardStyle::List),
    ("where knight", BoardStyle::List),
    ("where black queen", BoardStyle::List),
    ("attackers e5", BoardStyle::List),
    ("attackers c6", BoardStyle::List),
    ("moves", BoardStyle::List),
    ("moves f6", BoardStyle::List),
    ("last", BoardStyle::List),
    ("history", BoardStyle::List),
    ("material", BoardStyle::List),
    ("repeat", BoardStyle::List),
];

fn queries(c: &mut Criterion) {
    let announcer = Announcer::new();
    let mut game = Game::from_fen(FEN).expect("valid FEN");
    // A few moves so that last and history have something to say.
    for san in ["h6", "Bh4", "g5", "Bg3"] {
        let mv = san
            .parse::<shakmaty::san::San>()
            .expect("SAN")
            .to_move(game.position())
            .expect("legal");
        game.play(mv).expect("legal");
    }
    let mut group = c.benchmark_group("query");
    let now = Instant::now();
    for &(query, board_style) in QUERIES {
        let settings = Settings {
            board_style,
            opponent: OpponentChoice::Human,
            ..Settings::default()
        };
        let mut session = Session::new(game.clone(), settings);
        let lines: Vec<String> = session
            .step(Input::Line(query.into()), now)
            .events
            .iter()
            .flat_map(|e| announcer.render_lines(session.settings(), e))
            .collect();
        assert!(!lines.is_empty(), "{query} says nothing");
        let name = match board_style {
            BoardStyle::List if query == "board" => "board list".to_string(),
            BoardStyle::Ranks => format!("{query} ranks"),
            BoardStyle::Squares => format!("{query} squares"),
            BoardStyle::List => query.to_string(),
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                session
                    .step(Input::Line((std::hint::black_box(query)).into()), now)
                    .events
                    .iter()
                    .flat_map(|e| announcer.render_lines(session.settings(), e))
                    .count()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, queries);
criterion_main!(benches);
