//! FEN as annabella reads it (`--fen`: `Game::from_fen`), and what the
//! session then does with the game: every FEN is refused with a reason
//! or gives a usable game. A usable game has legal moves that play, a
//! FEN of its own that reads back the same, a PGN, and a board that can
//! be read out in every language.
//!
//! Input: byte 0 picks the settings; the rest is the FEN text.

#![no_main]

mod common;

use std::time::Instant;

use annabella::rules::{Game, MoveFacts};
use annabella::session::{Input, Session};
use annabella::settings::Lang;
use libfuzzer_sys::fuzz_target;

/// Reading commands run on every accepted FEN, in each language.
fn reading_lines(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::En => &[
            "board",
            "moves",
            "pieces",
            "status",
            "material",
            "fen",
            "pgn",
            "history",
            "last",
            "attackers e4",
            "rank 7",
            "file e",
            "diagonal d4",
            "where king",
        ],
        Lang::De => &[
            "brett",
            "züge",
            "figuren",
            "stand",
            "material",
            "fen",
            "pgn",
            "partie",
            "angreifer e4",
            "reihe 7",
            "linie e",
            "diagonale d4",
            "wo könig",
        ],
        Lang::Et => &[
            "laud",
            "käigud",
            "nupud",
            "seis",
            "materjal",
            "fen",
            "pgn",
            "partii",
            "ründajad e4",
            "rida 7",
            "liin e",
            "diagonaal d4",
            "kus kuningas",
        ],
    }
}

fuzz_target!(|data: &[u8]| {
    let [look, rest @ ..] = data else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let Ok(game) = Game::from_fen(&text) else {
        return;
    };
    let pos = game.position().clone();
    let fen = game.fen();
    // The FEN the game writes reads back as the same game.
    let again = Game::from_fen(&fen).expect("annabella reads the FEN it writes");
    assert_eq!(again.fen(), fen, "the written FEN changes when read back");
    assert_eq!(again.castling_mode(), game.castling_mode());
    let legal = game.legal_moves();
    if !game.is_over() {
        assert!(!legal.is_empty(), "a running game has no legal move");
    }
    // Every legal move plays (until the game is over, then none does) and
    // can be described.
    for mv in &legal {
        std::hint::black_box(MoveFacts::of_move(&pos, *mv));
        let mut played = game.clone();
        let result = played.play(*mv);
        assert_eq!(result.is_ok(), !game.is_over(), "{fen} {mv}");
        std::hint::black_box(played.pgn("2026.01.01", ["annabella level 5", "a \"quoted\\ name"]));
    }
    std::hint::black_box(game.pgn("2026.01.01", ["?", "?"]));
    let settings = common::settings(*look);
    let lang = settings.lang;
    let mut session = Session::new(game, settings);
    let now = Instant::now();
    for line in reading_lines(lang) {
        let events = session.step(Input::Line(line.to_string()), now).events;
        common::render(&session, &events);
    }
    // One move typed as coordinates, the way any language accepts it.
    if let Some(mv) = legal.first() {
        let uci = mv.to_uci(session.game().castling_mode()).to_string();
        let events = session.step(Input::Line(uci.to_string()), now).events;
        common::render(&session, &events);
    }
});
