//! Opening names by position: lichess's table through `Game::opening`,
//! `opening_of` and the `ECO` and `Opening` tags of PGN export.

use annabella_rules::{Game, Opening, PgnOptions, import_games, opening_of};
use shakmaty::san::San;

/// A game from the standard start with `moves` (move numbers ignored).
fn game_of(moves: &str) -> Game {
    let mut game = Game::new();
    for word in moves.split_whitespace().filter(|w| !w.ends_with('.')) {
        let mv = word
            .parse::<San>()
            .unwrap_or_else(|_| panic!("{word} does not read"))
            .to_move(game.position())
            .unwrap_or_else(|_| panic!("{word} is not legal in {moves}"));
        game.play(mv).unwrap();
    }
    game
}

/// The game's opening as (ECO, name, half-moves at the named position).
fn named(moves: &str) -> Option<(&'static str, &'static str, usize)> {
    game_of(moves)
        .opening()
        .map(|(opening, plies)| (opening.eco, opening.name, plies))
}

const NAJDORF: &str = "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6";

#[test]
fn lines_are_named_by_their_moves() {
    assert_eq!(
        named(NAJDORF),
        Some(("B90", "Sicilian Defense: Najdorf Variation", 10))
    );
    assert_eq!(
        named("1. e4 e5 2. Nf3 Nc6 3. Bb5"),
        Some(("C60", "Ruy Lopez", 5))
    );
    assert_eq!(
        named("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"),
        Some(("C70", "Ruy Lopez: Morphy Defense", 6))
    );
    assert_eq!(
        named("1. d4 d5 2. c4 e6"),
        Some(("D30", "Queen's Gambit Declined", 4))
    );
    assert_eq!(
        named("1. d4 d5 2. c4 e6 3. Nc3 Nf6"),
        Some(("D35", "Queen's Gambit Declined: Normal Defense", 6))
    );
    assert_eq!(
        named("1. e4 e5 2. Nf3 Nc6 3. Bc4"),
        Some(("C50", "Italian Game", 5))
    );
    assert_eq!(
        named("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5"),
        Some(("C50", "Italian Game: Giuoco Piano", 6))
    );
    assert_eq!(
        named("1. d4 Nf6 2. c4 e6 3. Nc3 Bb4"),
        Some(("E20", "Nimzo-Indian Defense", 6))
    );
}

#[test]
fn a_game_past_its_book_keeps_the_last_name() {
    // 6. Qd2 and what follows are not in the table.
    let game = format!("{NAJDORF} 6. Qd2 Qa5 7. a4");
    assert_eq!(
        named(&game),
        Some(("B90", "Sicilian Defense: Najdorf Variation", 10))
    );
    // A named move later takes over: 6. h3 is the Adams Attack.
    assert_eq!(
        named(&format!("{NAJDORF} 6. h3")),
        Some((
            "B90",
            "Sicilian Defense: Najdorf Variation, Adams Attack",
            11
        ))
    );
    assert_eq!(
        named("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d3 d6 6. O-O O-O 7. Re1 a6 8. a4"),
        Some((
            "C54",
            "Italian Game: Classical Variation, Giuoco Pianissimo",
            12
        ))
    );
}

#[test]
fn a_position_is_named_whatever_the_move_order() {
    let nimzo = Some(("E20", "Nimzo-Indian Defense", 6));
    assert_eq!(named("1. c4 e6 2. Nc3 Nf6 3. d4 Bb4"), nimzo);
    assert_eq!(named("1. c4 Nf6 2. Nc3 e6 3. d4 Bb4"), nimzo);
    // The table has 1. d4 d5 2. Nf3.
    assert_eq!(
        named("1. Nf3 d5 2. d4"),
        Some(("D02", "Queen's Pawn Game: Zukertort Variation", 3))
    );
    // The table has 1. e4 e5 2. Nf3 Nc6 3. Bb5.
    assert_eq!(
        named("1. Nf3 Nc6 2. e4 e5 3. Bb5"),
        Some(("C60", "Ruy Lopez", 5))
    );
    // The table has 1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Nf3.
    assert_eq!(
        named("1. Nf3 Nf6 2. c4 e6 3. Nc3 d5 4. d4"),
        Some(("D37", "Queen's Gambit Declined: Three Knights Variation", 7))
    );
}

#[test]
fn an_unnamed_position_walks_back_to_the_last_named_one() {
    // 1. a3 is Anderssen's Opening; nothing after it is named.
    assert_eq!(
        named("1. a3 h6 2. h3 a6"),
        Some(("A00", "Anderssen's Opening", 1))
    );
    let game = game_of("1. a3 h6 2. h3 a6");
    assert_eq!(opening_of(game.position()), None);
    // The start position itself has no name.
    assert_eq!(Game::new().opening(), None);
    assert_eq!(opening_of(Game::new().position()), None);
}

#[test]
fn a_set_up_start_has_no_opening() {
    // The position after 1. e4 e5, set up by FEN: named, but not a game
    // from the start.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    let game = Game::from_fen(fen).unwrap();
    assert!(opening_of(game.position()).is_some());
    assert_eq!(game.opening(), None);
    // The standard start by FEN is the standard start.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut game = Game::from_fen(start).unwrap();
    let mv = "e4"
        .parse::<San>()
        .unwrap()
        .to_move(game.position())
        .unwrap();
    game.play(mv).unwrap();
    assert_eq!(
        game.opening().map(|(o, plies)| (o.eco, plies)),
        Some(("B00", 1))
    );
    // Chess960, even from the classical position 518.
    assert_eq!(Game::chess960(518).unwrap().opening(), None);
}

#[test]
fn a_label_is_the_name_with_the_code() {
    let (opening, _) = game_of(NAJDORF).opening().unwrap();
    assert_eq!(opening.label(), "Sicilian Defense: Najdorf Variation (B90)");
    assert_eq!(
        opening,
        Opening {
            eco: "B90",
            name: "Sicilian Defense: Najdorf Variation"
        }
    );
}

#[test]
fn lichess_names_its_own_games_alike() {
    let pgn = include_bytes!("../../../tests/data/pgn/lichess_db_100k.pgn");
    let (mut games, mut names, mut codes) = (0, 0, 0);
    let mut mismatches = Vec::new();
    for imported in import_games(pgn) {
        let (Some(eco), Some(name)) = (imported.tag("ECO"), imported.tag("Opening")) else {
            continue;
        };
        games += 1;
        let ours = imported.game.opening().map(|(o, _)| o);
        let (our_eco, our_name) = ours.map_or(("?", "?"), |o| (o.eco, o.name));
        codes += usize::from(our_eco == eco);
        names += usize::from(our_name == name);
        if (our_eco, our_name) != (eco, name) {
            mismatches.push(format!("{eco} {name} / ours {our_eco} {our_name}"));
        }
    }
    assert!(games >= 40, "only {games} games with ECO and Opening");
    // At least 90 % of the names and codes as lichess wrote them.
    assert!(names * 10 >= games * 9, "{names}/{games}: {mismatches:#?}");
    assert!(codes * 10 >= games * 9, "{codes}/{games}: {mismatches:#?}");
}

#[test]
fn pgn_export_names_the_opening() {
    let game = game_of(&format!("{NAJDORF} 6. Qd2"));
    let pgn = game.pgn_with(&PgnOptions::default());
    assert!(pgn.contains("[ECO \"B90\"]\n"), "{pgn}");
    assert!(
        pgn.contains("[Opening \"Sicilian Defense: Najdorf Variation\"]\n"),
        "{pgn}"
    );
    // After the roster, before the blank line.
    let tags = pgn.split("\n\n").next().unwrap();
    assert!(tags.ends_with("[Opening \"Sicilian Defense: Najdorf Variation\"]"));
    assert!(tags.find("[Result").unwrap() < tags.find("[ECO").unwrap());
    // No name, no tags.
    let pgn = Game::new().pgn_with(&PgnOptions::default());
    assert!(!pgn.contains("[ECO") && !pgn.contains("[Opening"), "{pgn}");
    let pgn = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
        .unwrap()
        .pgn_with(&PgnOptions::default());
    assert!(!pgn.contains("[ECO") && !pgn.contains("[Opening"), "{pgn}");
}

#[test]
fn pgn_export_keeps_an_imported_opening() {
    let file = format!(
        "[Event \"x\"]\n[ECO \"B99\"]\n[Opening \"Najdorf as the file names it\"]\n\n{NAJDORF} *\n"
    );
    let imported = &import_games(file.as_bytes())[0];
    let pgn = imported.game.pgn_with(&PgnOptions {
        tags: &imported.tags,
        ..PgnOptions::default()
    });
    assert_eq!(pgn.matches("[ECO ").count(), 1, "{pgn}");
    assert_eq!(pgn.matches("[Opening ").count(), 1, "{pgn}");
    assert!(pgn.contains("[ECO \"B99\"]"), "{pgn}");
    assert!(
        pgn.contains("[Opening \"Najdorf as the file names it\"]"),
        "{pgn}"
    );
    // A file that gives only the code keeps it alone: no name from
    // another table is put beside it.
    let file = format!("[Event \"x\"]\n[ECO \"B99\"]\n\n{NAJDORF} *\n");
    let imported = &import_games(file.as_bytes())[0];
    let pgn = imported.game.pgn_with(&PgnOptions {
        tags: &imported.tags,
        ..PgnOptions::default()
    });
    assert_eq!(pgn.matches("[ECO ").count(), 1, "{pgn}");
    assert!(!pgn.contains("[Opening "), "{pgn}");
    // A file without them gets lichess's.
    let file = format!("[Event \"x\"]\n\n{NAJDORF} *\n");
    let imported = &import_games(file.as_bytes())[0];
    let pgn = imported.game.pgn_with(&PgnOptions {
        tags: &imported.tags,
        ..PgnOptions::default()
    });
    assert!(pgn.contains("[ECO \"B90\"]"), "{pgn}");
}

/// Run alone, in release, to see the table's build time:
/// `cargo test --release -p annabella-rules --test openings -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a check"]
fn table_build_time() {
    let start = std::time::Instant::now();
    let _ = opening_of(&shakmaty::Chess::default());
    let first = start.elapsed();
    let game = game_of(NAJDORF);
    let start = std::time::Instant::now();
    for _ in 0..1000 {
        assert!(game.opening().is_some());
    }
    let lookups = start.elapsed() / 1000;
    println!("table built in {first:?}; a game of ten plies named in {lookups:?}");
}
