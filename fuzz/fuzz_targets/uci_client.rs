//! The UCI client reading an engine's output, without a process: the
//! handshake (`id`, `option`, `uciok`), `readyok`, then the answer to
//! `go` in a given position. Nothing an engine sends may panic the
//! client, every read ends, and a move the client accepts is legal in
//! the position it asked about.
//!
//! Input: byte 0 picks the position; the rest is the engine's output,
//! one line per line, read in order by the three steps (the steps that
//! find the output closed fail as a crash, as with a real engine).

#![no_main]

use std::time::{Duration, Instant};

use annabella::engine::client::{Failure, Script, read_best_move, read_ready, read_uci_answer};
use annabella::rules::Game;
use libfuzzer_sys::fuzz_target;
use shakmaty::{Chess, Position};

/// The positions asked about: the start, a middlegame with castling on
/// both sides and an en passant capture, a promotion with and without
/// capture, a Chess960 start, and mate (no move is legal).
fn position(byte: u8) -> Chess {
    let fen = match byte % 6 {
        0 => return Chess::default(),
        1 => "r3k2r/pppq2pp/2npbn2/4p3/3PPpP1/2N2N2/PPPQ1P1P/R3KB1R b KQkq g3 0 10",
        2 => "2r5/1P3pk1/6p1/7p/7P/6P1/5PK1/1R6 w - - 0 45",
        3 => {
            let n = u32::from(byte / 6) * 23 % 960;
            let game = Game::chess960(n).expect("0 to 959");
            return game.position().clone();
        }
        4 => "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        _ => "7k/4P3/8/8/8/8/8/4K3 w - - 0 1",
    };
    Game::from_fen(fen)
        .expect("the harness's FENs are legal")
        .position()
        .clone()
}

fuzz_target!(|data: &[u8]| {
    let [which, rest @ ..] = data else {
        return;
    };
    let pos = position(*which);
    let lines: Vec<String> = rest
        .split(|b| *b == b'\n')
        .map(|l| String::from_utf8_lossy(l).into_owned())
        .collect();
    let mut output = Script(lines.into_iter());
    let deadline = Instant::now() + Duration::from_secs(1);
    if let Ok(offered) = read_uci_answer(&mut output, deadline) {
        for name in &offered {
            assert_eq!(*name, name.to_ascii_lowercase());
        }
    }
    let _ = read_ready(&mut output, deadline);
    match read_best_move(&mut output, deadline, &pos) {
        Ok(mv) => assert!(pos.is_legal(mv), "an illegal move was accepted: {mv}"),
        Err(Failure::IllegalMove(u)) => {
            assert!(u.to_move(&pos).is_err(), "a legal move was refused: {u}");
        }
        Err(_) => {}
    }
});
