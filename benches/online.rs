//! Benchmarks of online play: what a line of the game stream costs from
//! its bytes to the events the player hears. A `gameState` with the
//! opponent's move is cut from the stream and parsed, then handed to a
//! session playing a game on lichess (20 half-moves in), which plays
//! and announces the move and sets the clocks.
//!
//! Run with `cargo bench --bench online`.

use std::hint::black_box;
use std::time::Instant;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

use annabella::online::{FromLine, GameEvent, GameLines, NetReply, Stream, StreamEvent};
use annabella::rules::Game;
use annabella::session::{Input, Session, Start, TokenFrom};
use annabella::settings::Settings;

/// The moves of the game before the opponent's reply: 20 half-moves of
/// a Ruy Lopez, then the player's 11. d4.
const MOVES: &str = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6a5 b3c2 c7c5 d2d4";

/// The opponent's reply.
const REPLY: &str = "d8c7";

const GAME: &str = "bEnCh001";

fn game_full() -> String {
    format!(
        r#"{{"type":"gameFull","id":"{GAME}","variant":{{"key":"standard","name":"Standard"}},"speed":"rapid","perf":{{"name":"Rapid"}},"rated":false,"createdAt":1,"white":{{"id":"bobby","name":"Bobby","rating":1500}},"black":{{"id":"mary","name":"Mary","rating":1600}},"initialFen":"startpos","clock":{{"initial":900000,"increment":10000}},"state":{{"type":"gameState","moves":"{MOVES}","wtime":800000,"btime":810000,"winc":10000,"binc":10000,"status":"started"}}}}"#
    )
}

fn game_state() -> String {
    format!(
        r#"{{"type":"gameState","moves":"{MOVES} {REPLY}","wtime":800000,"btime":805000,"winc":10000,"binc":10000,"status":"started"}}"#
    )
}

/// A session playing the game on lichess, its player's move 11. d4 sent
/// and confirmed, waiting for the reply.
fn playing() -> Session {
    let now = Instant::now();
    let mut session = Session::new(Game::new(), Settings::default());
    let start = Start {
        token: Some(TokenFrom::File),
        ..Start::default()
    };
    session.step(Input::Start(start), now);
    let start = format!(
        r#"{{"type":"gameStart","game":{{"gameId":"{GAME}","fullId":"{GAME}abcd","color":"white","fen":"startpos","hasMoved":true,"isMyTurn":false,"lastMove":"d2d4","opponent":{{"id":"mary","username":"Mary","rating":1600}},"rated":false,"secondsLeft":800,"source":"lobby","speed":"rapid","variant":{{"key":"standard","name":"Standard"}},"compat":{{"bot":false,"board":true}}}}}}"#
    );
    let start = StreamEvent::from_line(&start).expect("a gameStart");
    session.step(Input::Net(NetReply::Up(Stream::Events)), now);
    session.step(Input::Net(NetReply::Event(Box::new(start))), now);
    session.step(Input::Line("yes".into()), now);
    let full = GameEvent::from_line(&game_full()).expect("a gameFull");
    session.step(
        Input::Net(NetReply::Game {
            game: GAME.to_string(),
            event: full,
        }),
        now,
    );
    session.step(
        Input::Net(NetReply::Up(Stream::Game(GAME.to_string()))),
        now,
    );
    assert_eq!(session.game().plies().len(), 21, "the game is joined");
    session
}

fn bench(c: &mut Criterion) {
    let line = format!("{}\n", game_state());
    let session = playing();
    let mut group = c.benchmark_group("online");
    group.bench_function("parse_game_state", |b| {
        let mut lines = GameLines::new();
        b.iter(|| black_box(lines.feed(black_box(line.as_bytes()))));
    });
    group.bench_function("opponent_move_to_events", |b| {
        b.iter_batched(
            || session.clone(),
            |mut session| {
                let mut lines = GameLines::new();
                let mut events = Vec::new();
                for event in lines.feed(line.as_bytes()).into_iter().flatten() {
                    let reply = NetReply::Game {
                        game: GAME.to_string(),
                        event,
                    };
                    events.extend(session.step(Input::Net(reply), Instant::now()).events);
                }
                assert!(!events.is_empty());
                black_box(events)
            },
            BatchSize::SmallInput,
        );
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
