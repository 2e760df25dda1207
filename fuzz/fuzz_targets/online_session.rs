//! A session playing a game on lichess (`annabella::session`), fed any
//! bytes as the game's stream and the event stream: whatever the server
//! sends, nothing panics and the game here stays a legal game.
//!
//! Input: byte 0 picks the chunk size; the rest is read as the game
//! stream of the game joined at the start, then again as the event
//! stream; every line that parses goes to the session as it would from
//! the network, with streams dropping and coming back between chunks.

#![no_main]

use std::time::{Duration, Instant};

use annabella::online::{EventLines, FromLine, GameLines, NetReply, Stream, StreamEvent};
use annabella::rules::Game;
use annabella::session::{Input, Session, Start, TokenFrom};
use annabella::settings::Settings;
use libfuzzer_sys::fuzz_target;

const GAME: &str = "fUzZgAmE";

/// A session that has joined the game `GAME` as White.
fn joined(now: Instant) -> Session {
    let mut session = Session::new(Game::new(), Settings::default());
    let start = Start {
        token: Some(TokenFrom::File),
        ..Start::default()
    };
    session.step(Input::Start(start), now);
    let start = format!(
        r#"{{"type":"gameStart","game":{{"gameId":"{GAME}","fullId":"{GAME}abcd","color":"white","opponent":{{"id":"mary","username":"Mary","rating":1600}}}}}}"#
    );
    if let Ok(start) = StreamEvent::from_line(&start) {
        session.step(Input::Net(NetReply::Up(Stream::Events)), now);
        session.step(Input::Net(NetReply::Event(Box::new(start))), now);
        session.step(Input::Line("yes".into()), now);
    }
    session
}

fuzz_target!(|data: &[u8]| {
    let [chunk, rest @ ..] = data else {
        return;
    };
    let chunk = usize::from(*chunk).max(1);
    let start = Instant::now();
    let mut session = joined(start);
    let mut tick = 0u64;
    let mut now = || {
        tick += 1;
        start + Duration::from_millis(250 * tick)
    };
    let mut game = GameLines::new();
    for (i, piece) in rest.chunks(chunk).enumerate() {
        for event in game.feed(piece).into_iter().flatten() {
            let reply = NetReply::Game {
                game: GAME.to_string(),
                event,
            };
            session.step(Input::Net(reply), now());
        }
        if i % 3 == 2 {
            let stream = Stream::Game(GAME.to_string());
            session.step(
                Input::Net(NetReply::Down {
                    stream: stream.clone(),
                    fault: annabella::online::Fault::Offline(String::new()),
                    retry_in_ms: Some(1000),
                }),
                now(),
            );
            session.step(Input::Net(NetReply::Up(stream)), now());
        }
    }
    if let Some(Ok(event)) = game.finish() {
        let reply = NetReply::Game {
            game: GAME.to_string(),
            event,
        };
        session.step(Input::Net(reply), now());
    }
    let mut events = EventLines::new();
    for piece in rest.chunks(chunk) {
        for event in events.feed(piece).into_iter().flatten() {
            session.step(Input::Net(NetReply::Event(Box::new(event))), now());
        }
    }
    // The game here is a legal game: replayed from its start, every
    // move is legal.
    let mut replay = Game::from_fen(session.game().initial_fen()).expect("its own start");
    for ply in session.game().plies() {
        replay.play(ply.mv).expect("a legal move");
    }
    let _ = session.step(Input::Line("board".into()), now()).events;
});
