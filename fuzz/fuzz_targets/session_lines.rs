//! A session fed arbitrary lines: from several starting positions (the
//! start, a middlegame, an endgame, a Chess960 start, and two positions
//! where a question is open), in every UI language and announcement
//! style. Nothing may panic or hang, and every event must go into words.
//!
//! Input: byte 0 picks the start (and the Chess960 number), byte 1 the
//! settings, byte 2 who plays the other side; the rest is the lines.

#![no_main]

mod common;

use std::time::{Duration, Instant};

use annabella::rules::Game;
use annabella::session::{Input, Session, Start};
use annabella::settings::{ColorChoice, Lang, OpponentChoice, Settings};
use libfuzzer_sys::fuzz_target;
use shakmaty::Position;

/// Lines per run: long games are reached by many short runs, and a run
/// stays well under the hang timeout.
const MAX_LINES: usize = 300;

/// The game to start from and the lines that lead to its open question.
fn start(byte: u8, lang: Lang) -> (Game, Vec<&'static str>, bool) {
    let fen = |text| Game::from_fen(text).expect("the harness's FENs are legal");
    let knight = match lang {
        Lang::De => ["d4", "d5", "c4", "Sf6", "Sc3", "Sd7"],
        _ => ["d4", "d5", "c4", "Nf6", "Nc3", "Nd7"],
    };
    match byte % 6 {
        0 => (Game::new(), Vec::new(), false),
        1 => (
            fen("r2qkb1r/ppp2ppp/2np1n2/1B2p3/3PP1b1/2N2N2/PPP2PPP/R1BQK2R w KQkq - 3 6"),
            Vec::new(),
            false,
        ),
        2 => (
            fen("2r5/1P3pk1/6p1/7p/7P/6P1/5PK1/1R6 w - - 0 45"),
            Vec::new(),
            false,
        ),
        3 => {
            let n = u32::from(byte / 6) * 23 % 960;
            (Game::chess960(n).expect("0 to 959"), Vec::new(), false)
        }
        // Which knight goes to d7?
        4 => (Game::new(), knight.to_vec(), true),
        // Promote to which piece?
        _ => (fen("7k/4P3/8/8/8/8/8/4K3 w - - 0 1"), vec!["e8"], true),
    }
}

fuzz_target!(|data: &[u8]| {
    let [place, look, seat, rest @ ..] = data else {
        return;
    };
    let mut settings: Settings = common::settings(*look);
    let (game, setup, question) = start(*place, settings.lang);
    // Most runs are hot seat; some put the built-in engine on the other
    // side, answered at once on this thread (never a process).
    let engine = seat % 4 == 0;
    if engine {
        settings.opponent = OpponentChoice::Engine;
        settings.color = [ColorChoice::White, ColorChoice::Black][usize::from(seat / 4 % 2)];
    }
    let failing = seat & 0x80 != 0;
    let mut session = Session::new(game, settings);
    session.set_seed(u64::from(*seat));
    session.set_analysis_nodes(common::ENGINE_NODES);
    let start = Instant::now();
    let mut now = start;
    let mut requests = common::step(&mut session, Input::Start(Start::default()), now);
    for line in setup {
        requests.extend(common::step(&mut session, Input::Line(line.into()), now));
    }
    if question && !engine {
        assert!(
            session.prompt().is_some(),
            "the set-up leaves a question open"
        );
    }
    common::serve_requests(&mut session, requests, now, failing);
    for line in common::lines(rest).take(MAX_LINES) {
        now += Duration::from_millis(250);
        let requests = common::step(&mut session, Input::Line(line), now);
        if session.is_quit() {
            break;
        }
        common::serve_requests(&mut session, requests, now, failing);
    }
    // Whatever was said, the game underneath is its start and its moves.
    let game = session.game();
    let mut pos = game.initial_position().clone();
    for ply in game.plies() {
        assert!(pos.is_legal(ply.mv), "a ply of the game is illegal");
        pos.play_unchecked(ply.mv);
    }
    assert_eq!(
        &pos,
        game.position(),
        "the position is not the start and its moves"
    );
});
