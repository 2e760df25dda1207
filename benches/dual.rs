//! Benchmarks of the player's board: what `compare` costs on a long game
//! (boards that agree, a move not made, a board no mistake explains, so
//! that the whole search runs), what a move costs the session with
//! `dualcheck` on and the player's board spoilt (the comparison after
//! every move of the opponent), reading a dictated side list, and reading
//! a plain scoresheet of 80 half-moves.
//!
//! Run with `cargo bench --bench dual`.

use std::hint::black_box;
use std::time::Instant;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use shakmaty::{Chess, Move, Piece, Position, Square};

use annabella::dual::PlayerBoard;
use annabella::dual::compare::compare;
use annabella::dual::dictation::read_dictation;
use annabella::dual::scoresheet::read_sheet;
use annabella::rng::Rng;
use annabella::rules::Game;
use annabella::session::{Input, Session};
use annabella::settings::{OpponentChoice, Settings};

/// A game of `plies` random legal half-moves (seeded), with the position
/// before each.
fn random_game(plies: usize) -> (Game, Vec<(Chess, Move)>) {
    let mut rng = Rng::new(0xBE7C);
    let mut game = Game::new();
    let mut played = Vec::new();
    while played.len() < plies {
        let moves = game.legal_moves();
        if moves.is_empty() || game.is_over() {
            game = Game::new();
            played.clear();
            continue;
        }
        let mv = moves[rng.below(moves.len())];
        played.push((game.position().clone(), mv));
        game.play(mv).expect("a legal move");
    }
    (game, played)
}

fn comparisons(c: &mut Criterion) {
    let (game, played) = random_game(80);
    let agreeing = PlayerBoard::from_board(game.position().board());
    let not_made = PlayerBoard::from_board(played[played.len() - 1].0.board());
    // A stray queen on a square the game leaves empty: no mistake of
    // the last plies accounts for it, so every candidate is tried.
    let mut stray = agreeing.clone();
    let empty = Square::ALL
        .into_iter()
        .find(|&sq| game.position().board().piece_at(sq).is_none())
        .expect("an empty square");
    stray.state(empty, Some(Piece::from_char('q').expect("a piece")));
    let mut group = c.benchmark_group("dual");
    group.bench_function("compare_agreeing_80_plies", |b| {
        b.iter(|| compare(black_box(&game), black_box(&agreeing)))
    });
    group.bench_function("compare_move_not_made", |b| {
        b.iter(|| compare(black_box(&game), black_box(&not_made)))
    });
    group.bench_function("compare_unexplained", |b| {
        b.iter(|| compare(black_box(&game), black_box(&stray)))
    });

    // The session: a move of the other player with `dualcheck` on and a
    // board that differs, so the comparison runs and is said.
    let settings = Settings {
        opponent: OpponentChoice::Human,
        dual_check: true,
        ..Settings::default()
    };
    let mut session = Session::new(Game::new(), settings);
    let now = Instant::now();
    for (_, mv) in &played[..79] {
        let uci = mv.to_uci(game.castling_mode()).to_string();
        session.step(Input::Line(uci.to_string()), now);
    }
    let last = played[79].1.to_uci(game.castling_mode()).to_string();
    session.step(
        Input::Line((&format!("myboard {} black queen", square_name(empty))).into()),
        now,
    );
    group.bench_function("move_with_dualcheck", |b| {
        b.iter_batched(
            || session.clone(),
            |mut s| s.step(Input::Line((black_box(&last)).into()), now).events,
            BatchSize::SmallInput,
        )
    });
    // The same move with `dualcheck` off: what the check adds.
    let mut unchecked = session.clone();
    unchecked.step(Input::Line(("set dualcheck off").into()), now);
    group.bench_function("move_without_dualcheck", |b| {
        b.iter_batched(
            || unchecked.clone(),
            |mut s| s.step(Input::Line((black_box(&last)).into()), now).events,
            BatchSize::SmallInput,
        )
    });

    let dictation = "Weiß: König Gustav eins, Dame David eins, Türme Anna eins und Felix eins, \
                     Bauern Anna zwei, Bella zwei, Cesar drei, Felix zwei, Gustav zwei; \
                     Schwarz: König Gustav acht, Bauern Anna sieben, Bella sieben, Hector sechs";
    group.bench_function("dictation_side_lists", |b| {
        b.iter(|| read_dictation(black_box(dictation), None))
    });
    let sheet: String = game
        .plies()
        .iter()
        .map(|p| format!("{}\n", p.san))
        .collect();
    let start = Game::new();
    group.bench_function("scoresheet_80_plies", |b| {
        b.iter(|| read_sheet(black_box(&sheet), black_box(&start)))
    });
    group.finish();
}

fn square_name(sq: Square) -> String {
    sq.to_string()
}

criterion_group!(benches, comparisons);
criterion_main!(benches);
