//! The Braille display through a real BRLTTY: its Virtual braille
//! driver is the display, the test its hardware side (see
//! `common::brltty`). Games played by routing keys alone, the text view
//! and its keys, a promotion, typing on the Braille keyboard, and BRLTTY
//! killed and started again mid-game.

use std::path::Path;
use std::time::Duration;

use crate::common::brltty::{Brltty, Display, PATIENCE};
use crate::common::{Home, Piped};

/// annabella in hot seat, moves in SAN, led to `brltty`, with `args`.
fn annabella(home: &Home, brltty: &Brltty, args: &[&str]) -> Piped {
    let env = brltty.env();
    let env: Vec<(&str, &Path)> = env
        .iter()
        .map(|(k, v)| (*k, Path::new(v.as_str())))
        .collect();
    let mut all = vec!["--style", "san", "--opponent", "human", "--braille", "on"];
    // English unless the test asks for another language.
    if !args.contains(&"--lang") {
        all.extend(["--lang", "en"]);
    }
    all.extend_from_slice(args);
    Piped::start_with(home, &all, &env)
}

/// A private BRLTTY with a display of `cols` × `rows` plugged in, and
/// annabella (with `args`) connected to it: what it said on connecting
/// is on the display.
fn connected(cols: u16, rows: u16, args: &[&str]) -> (Brltty, Display, Home, Piped) {
    let brltty = Brltty::start();
    let mut display = brltty.display(cols, rows);
    let home = Home::new();
    let game = annabella(&home, &brltty, args);
    let german = args.windows(2).any(|w| w == ["--lang", "de"]);
    let size = match (german, rows) {
        (true, 1) => format!("Braillezeile mit {cols} Modulen."),
        (true, _) => format!("Braillezeile mit {cols} Modulen in {rows} Zeilen."),
        (false, 1) => format!("Braille display of {cols} cells."),
        (false, _) => format!("Braille display of {cols} cells in {rows} rows."),
    };
    display.until_starts(&size);
    (brltty, display, home, game)
}

/// Waits for a line of annabella's that `fits`; all lines up to it.
fn expect_line(game: &Piped, what: &str, fits: impl Fn(&str) -> bool) -> Vec<String> {
    let until = std::time::Instant::now() + PATIENCE;
    let mut seen = Vec::new();
    loop {
        let left = until.saturating_duration_since(std::time::Instant::now());
        match game.recv(left) {
            Some((_, line)) => {
                let done = fits(&line);
                seen.push(line);
                if done {
                    return seen;
                }
            }
            None => panic!("annabella never said {what}; it said {seen:#?}"),
        }
    }
}

/// The display's board view on a one-row display, White below: the rank
/// of `square` brought under the reader, then its routing key pressed.
fn route(display: &mut Display, square: &str) {
    let file = square.as_bytes()[0] - b'a';
    let rank = square.as_bytes()[1] - b'0';
    // HOME: the top rank (8); each line down one rank nearer.
    display.press("home");
    display.until_starts("8 ");
    for _ in rank..8 {
        display.press("lndn");
    }
    display.until_starts(&format!("{rank} "));
    display.press(&format!("route {}", 2 + file));
}

/// Plays `from`→`to` by routing keys and waits until the mover's rank
/// shows the piece arrived.
fn play(display: &mut Display, game: &Piped, from: &str, to: &str) {
    route(display, from);
    expect_line(game, &format!("the piece on {from} picked"), |l| {
        l.ends_with(&format!(" {from}."))
    });
    route(display, to);
    let to_rank = &to[1..2];
    let file = usize::from(to.as_bytes()[0] - b'a');
    // The rank under the reader is drawn again: the square is not empty.
    display.until(&format!("a piece on {to}"), |t| {
        t.starts_with(&format!("{to_rank} "))
            && t.chars()
                .nth(2 + file)
                .is_some_and(|c| c != '.' && c != '-')
    });
}

/// The rank a board row shows: its digit, a space and eight squares
/// (the newest words may follow it).
fn rank(row: &str) -> String {
    row.chars().take(10).collect()
}

/// Waits until the display shows the first piece of `line`.
fn shows_start_of(display: &mut Display, line: &str) {
    display.until(&format!("the start of {line:?}"), |t| {
        !t.trim().is_empty() && line.starts_with(t.trim_end())
    });
}

/// The FEN annabella gives for the position now.
fn fen(game: &mut Piped) -> String {
    assert!(game.send("fen"));
    let lines = expect_line(game, "a FEN", |l| l.contains(" w ") || l.contains(" b "));
    lines.last().cloned().unwrap_or_default()
}

#[test]
fn a_hot_seat_game_played_by_routing_keys_alone_reaches_its_position() {
    let (_brltty, mut display, _home, mut game) = connected(40, 1, &[]);
    display.press("dispmd on");
    display.until_starts("8 rnbqkbnr");
    let moves = [
        ("e2", "e4"),
        ("e7", "e5"),
        ("g1", "f3"),
        ("b8", "c6"),
        ("f1", "c4"),
        ("f8", "c5"),
        // Castling: the king two squares towards its rook.
        ("e1", "g1"),
        ("g8", "f6"),
        ("d2", "d3"),
        ("d7", "d6"),
    ];
    for (from, to) in moves {
        play(&mut display, &game, from, to);
    }
    display.press("home");
    assert_eq!(rank(&display.until_starts("8 ")), "8 r-bqk-.r");
    assert_eq!(
        fen(&mut game),
        "r1bqk2r/ppp2ppp/2np1n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQ1RK1 w kq - 0 6"
    );
    game.wait();
}

#[test]
fn a_picked_piece_is_said_let_go_and_an_illegal_move_refused() {
    let (_brltty, mut display, _home, mut game) = connected(40, 1, &[]);
    assert!(game.send("display board"));
    display.until_starts("8 rnbqkbnr");
    route(&mut display, "g1");
    expect_line(&game, "the knight picked", |l| l == "knight g1.");
    // Shown beside the rank too.
    display.until_holds("1 RNBQKBNR knight g1.");
    route(&mut display, "g1");
    expect_line(&game, "the knight let go", |l| l == "knight g1 let go.");
    // An empty square with nothing picked is read.
    route(&mut display, "e4");
    expect_line(&game, "e4 read", |l| {
        l.contains("e4") && l.contains("empty")
    });
    route(&mut display, "e2");
    expect_line(&game, "the pawn picked", |l| l == "pawn e2.");
    route(&mut display, "e5");
    let said = expect_line(&game, "the move refused", |l| l.contains("e5"));
    assert!(
        said.last().is_some_and(|l| !l.starts_with("pawn e2")),
        "a pawn cannot go three squares: {said:?}"
    );
    assert!(fen(&mut game).starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"));
    game.wait();
}

#[test]
fn a_promotion_is_chosen_by_a_routing_key_over_the_piece_offered() {
    let (_brltty, mut display, _home, mut game) =
        connected(40, 1, &["--fen", "8/P7/8/8/8/8/8/k6K w - - 0 1"]);
    display.press("dispmd on");
    display.until_starts("8 .-.-.-.-");
    route(&mut display, "a7");
    expect_line(&game, "the pawn picked", |l| l == "pawn a7.");
    route(&mut display, "a8");
    // The question, and the pieces offered after the rank.
    expect_line(&game, "which piece", |l| {
        l.to_lowercase().contains("promot")
    });
    display.press("home");
    display.until_starts("8 .-.-.-.- Q R B N ");
    display.press("route 17");
    display.until_starts("8 N-.-.-.-");
    assert_eq!(fen(&mut game), "N7/8/8/8/8/8/8/k6K b - - 0 1");
    game.wait();
}

#[test]
fn the_text_view_shows_what_was_said_and_its_keys_move_through_it() {
    let (_brltty, mut display, _home, mut game) = connected(40, 1, &[]);
    assert!(game.send("e4"));
    let said = expect_line(&game, "the move", |l| l.contains("e4"))
        .pop()
        .unwrap_or_default();
    shows_start_of(&mut display, &said);
    // A long answer: its first line cut at a word into pieces of 40.
    assert!(game.send("help display"));
    let help = expect_line(&game, "the help", |l| {
        l.starts_with("display, display board")
    });
    let line = help.last().cloned().unwrap_or_default();
    assert!(line.chars().count() > 80, "a line of three pieces: {line}");
    let first = display
        .until_starts("display, display board")
        .trim_end()
        .to_string();
    assert!(line.starts_with(&first) && first.chars().count() <= 40);
    display.press("fwinrt");
    let second = display
        .until("the next piece", |t| {
            !t.starts_with("display, display board")
        })
        .trim_end()
        .to_string();
    assert!(
        line[first.len()..].trim_start().starts_with(&second),
        "the second piece {second:?} follows {first:?} in {line:?}"
    );
    display.press("fwinlt");
    display.until_starts(&first);
    // The line before: the move's.
    display.press("lnup");
    shows_start_of(&mut display, &said);
    display.press("home");
    display.until_starts(&first);
    // The view switched by its key and back.
    display.press("dispmd");
    display.until_starts("8 rnbqkbnr");
    display.press("dispmd");
    display.until_starts("Text on the Braille display.");
    game.wait();
}

#[test]
fn a_line_typed_on_the_braille_keyboard_is_played() {
    let (_brltty, mut display, _home, mut game) = connected(40, 1, &[]);
    for c in "e4".chars() {
        display.press(&format!("passchar {}", u32::from(c)));
    }
    display.until_starts("e4");
    display.press("key_backspace");
    display.press("passchar 52");
    display.until_starts("e4");
    display.press("key_enter");
    expect_line(&game, "the move typed on the display", |l| l.contains("e4"));
    assert!(fen(&mut game).contains(" b KQkq "));
    game.wait();
}

#[test]
fn brltty_killed_and_started_again_mid_game_is_said_once_and_taken_back() {
    let (mut brltty, mut display, _home, mut game) = connected(40, 1, &[]);
    display.press("dispmd on");
    display.until_starts("8 rnbqkbnr");
    play(&mut display, &game, "e2", "e4");
    play(&mut display, &game, "e7", "e5");
    brltty.kill();
    expect_line(&game, "the display gone", |l| {
        l.contains("Braille display went away")
    });
    // The game goes on by keyboard meanwhile.
    assert!(game.send("Nf3"));
    expect_line(&game, "the move typed", |l| l.contains("f3"));
    // Issue 34, item 14: one sentence. The display's thread tries BRLTTY
    // again a second after the loss; what it finds is not said after it
    // (before, "No Braille display: BRLTTY does not answer …" followed).
    let since = std::time::Instant::now();
    while let Some(left) = Duration::from_secs(3).checked_sub(since.elapsed()) {
        if let Some((_, line)) = game.recv(left) {
            panic!("a second sentence after the loss: {line:?}");
        }
    }
    brltty.restart();
    let mut display = brltty.display(40, 1);
    expect_line(&game, "the display back", |l| {
        l.starts_with("Braille display of 40 cells.")
    });
    // It shows the board again, with the move made meanwhile.
    display.press("home");
    display.until_starts("8 rnbqkbnr");
    play(&mut display, &game, "b8", "c6");
    display.press("home");
    for _ in 0..5 {
        display.press("lndn");
    }
    assert_eq!(rank(&display.until_starts("3 ")), "3 -.-.-N-.");
    assert_eq!(
        fen(&mut game),
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    );
    std::thread::sleep(Duration::from_millis(50));
    game.wait();
}

#[test]
fn a_display_of_several_rows_shows_as_many_ranks_and_routes_across_them() {
    let (_brltty, mut display, _home, mut game) = connected(20, 4, &["--lang", "de"]);
    display.press("dispmd on");
    let rows = display.until_starts("8 tsldklst");
    let row = |r: usize| rows.chars().skip(r * 20).take(20).collect::<String>();
    assert_eq!(row(1).trim_end(), "7 bbbbbbbb");
    assert_eq!(row(3).trim_end(), "5 -.-.-.-.");
    // Four lines down at most: ranks 4 to 1.
    for _ in 0..6 {
        display.press("lndn");
    }
    let low = display.until("rank 4 on top", |t| t.starts_with("4 "));
    assert_eq!(
        low.chars().skip(60).take(20).collect::<String>().trim_end(),
        "1 TSLDKLST"
    );
    // e2 on the third row, e4 on the first.
    display.press(&format!("route {}", 2 * 20 + 6));
    expect_line(&game, "the pawn picked", |l| l == "Bauer e2.");
    display.press("route 6");
    display.until_holds("4 .-.-B-.-");
    assert!(fen(&mut game).starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b"));
    game.wait();
}

/// Issue 34, item 30: what was said before the display connected (a
/// move typed while BRLTTY had no display yet) is on it when it
/// connects: the newest line, not the display's own news of itself.
#[test]
fn news_from_before_the_display_connected_is_shown_when_it_connects() {
    let brltty = Brltty::start();
    let home = Home::new();
    let mut game = annabella(&home, &brltty, &[]);
    expect_line(&game, "no display yet", |l| {
        l.starts_with("No Braille display")
    });
    assert!(game.send("e4"));
    let said = expect_line(&game, "the move", |l| l.contains("e4"))
        .pop()
        .unwrap_or_default();
    // Plugged in only now.
    let mut display = brltty.display(40, 1);
    expect_line(&game, "the display there", |l| {
        l == "Braille display of 40 cells."
    });
    shows_start_of(&mut display, &said);
    // The one before it a line up, and the move below it the newest:
    // the display's news of itself did not come after it.
    display.press("lnup");
    display.until_starts("No Braille display");
    display.press("lndn");
    shows_start_of(&mut display, &said);
    game.wait();
}
