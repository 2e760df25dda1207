//! The player's board through the session, as a player meets it: random
//! hot-seat games, the player's board spoilt the way players spoil it (a
//! move not made, a move to another square, a captured piece left
//! standing), and `compare` must name that move — worked out here from
//! the game with shakmaty, not written down — and every square that
//! differs. Then scoresheets and `restore` with the clocks.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use annabella::announce::Announcer;
use annabella::event::{ClockEvent, Event, RecordEvent};
use annabella::rng::Rng;
use annabella::rules::clock::TimeControl;
use annabella::rules::{Game, MoveFacts};
use annabella::session::{Input, KeptGame, Resumption, Session, Start};
use annabella::settings::{Lang, OpponentChoice, Settings, TimeChoice};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Board, Chess, EnPassantMode, Move, Position, Square};

fn settings(lang: Lang) -> Settings {
    Settings {
        lang,
        opponent: OpponentChoice::Human,
        ..Settings::default()
    }
}

/// What the session says to `line`, as text.
fn said(session: &mut Session, line: &str, now: Instant) -> Vec<String> {
    let settings = session.settings().clone();
    let announcer = Announcer::new();
    session
        .step(Input::Line(line.into()), now)
        .events
        .iter()
        .flat_map(|e| announcer.render(&settings, e))
        .collect()
}

/// A random game of `plies` half-moves (fewer when it ends), played in
/// the session and in shakmaty; the positions before each move.
fn random_game(session: &mut Session, rng: &mut Rng, plies: usize) -> Vec<(Chess, Move)> {
    let mut pos = Chess::default();
    let mut played = Vec::new();
    let now = Instant::now();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() || session.game().is_over() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        let uci = UciMove::from_standard(mv).to_string();
        said(session, &uci, now);
        played.push((pos.clone(), mv));
        pos.play_unchecked(mv);
    }
    assert_eq!(
        session.game().fen(),
        Fen::from_position(&pos, EnPassantMode::Legal).to_string()
    );
    played
}

fn board_fen(board: &Board) -> String {
    board.board_fen().to_string()
}

/// The squares on which two boards differ, as the announcer names them.
fn differing(a: &Board, b: &Board) -> BTreeSet<String> {
    let announcer = Announcer::new();
    let p = annabella::announce::Phrasing::of(&settings(Lang::En));
    Square::ALL
        .into_iter()
        .filter(|&sq| a.piece_at(sq) != b.piece_at(sq))
        .map(|sq| announcer.square(p, sq))
        .collect()
}

/// The squares `compare` named, from its lines ("Felix drei: …").
fn named(lines: &[String]) -> BTreeSet<String> {
    lines
        .iter()
        .filter_map(|l| l.split_once(": ").map(|(sq, _)| sq.to_string()))
        .filter(|sq| !sq.contains(' ') || sq.split(' ').count() == 2 && !sq.contains('.'))
        .collect()
}

/// The move in the words of the current style, without number.
fn words(pos: &Chess, mv: Move) -> String {
    let announcer = Announcer::new();
    let p = annabella::announce::Phrasing::of(&settings(Lang::En)).short();
    announcer.move_words(p, &MoveFacts::of_move(pos, mv))
}

#[test]
fn compare_names_the_move_that_explains_the_boards() {
    let mut rng = Rng::new(0xD0A1);
    let (mut not_made, mut wrong, mut left) = (0, 0, 0);
    for _ in 0..200 {
        let mut session = Session::new(Game::new(), settings(Lang::En));
        let plies = 4 + rng.below(40);
        let played = random_game(&mut session, &mut rng, plies);
        let Some((before, last)) = played.last().cloned() else {
            continue;
        };
        let now = Instant::now();
        let game_board = session.game().position().board().clone();
        let last_said = said(&mut session, "last", now)[0].clone();

        // The last move not made on the player's board.
        said(
            &mut session,
            &format!("myboard fen {}", board_fen(before.board())),
            now,
        );
        let lines = said(&mut session, "compare", now);
        assert_eq!(
            lines[0],
            format!("Your board is missing the move {last_said}."),
            "{lines:?}"
        );
        assert_eq!(named(&lines[1..]), differing(before.board(), &game_board));
        not_made += 1;

        // The same piece to another square, where no simpler account fits
        // (not back to where it stood before its move before: that is
        // told as that move and the last missing).
        let two_back = played
            .len()
            .checked_sub(2)
            .map(|i| played[i].0.board().clone());
        let own_before = played.len().checked_sub(3).map(|i| played[i].1);
        let goes_back = |m: &Move| {
            own_before.is_some_and(|b| m.from() == Some(b.to()) && Some(m.to()) == b.from())
        };
        let others: Vec<Move> = before
            .legal_moves()
            .into_iter()
            .filter(|m| m.from() == last.from() && *m != last && !goes_back(m))
            .filter(|m| {
                let mut p = before.clone();
                p.play_unchecked(*m);
                p.board() != before.board() && Some(p.board()) != two_back.as_ref()
            })
            .collect();
        if let Some(&made) = others.first() {
            let mut theirs = before.clone();
            theirs.play_unchecked(made);
            said(
                &mut session,
                &format!("myboard fen {}", board_fen(theirs.board())),
                now,
            );
            let lines = said(&mut session, "compare", now);
            assert_eq!(
                lines[0],
                format!(
                    "On your board {} was played instead of {last_said}.",
                    words(&before, made)
                ),
                "{lines:?}"
            );
            assert_eq!(named(&lines[1..]), differing(theirs.board(), &game_board));
            wrong += 1;
        }

        // A capture whose piece was left standing.
        if let Some(captured) = last.capture() {
            let square = match last {
                Move::EnPassant { from, to } => Square::from_coords(to.file(), from.rank()),
                _ => last.to(),
            };
            let mut theirs = game_board.clone();
            let piece = captured.of(!before.turn());
            theirs.set_piece_at(square, piece);
            said(
                &mut session,
                &format!("myboard fen {}", board_fen(&theirs)),
                now,
            );
            let lines = said(&mut session, "compare", now);
            assert!(
                lines[0].starts_with(&format!(
                    "After {last_said} the captured piece was not removed from your board: "
                )),
                "{lines:?}"
            );
            assert_eq!(named(&lines[1..]), differing(&theirs, &game_board));
            left += 1;
        }
    }
    println!("explained: {not_made} moves not made, {wrong} wrong squares, {left} captures left");
    assert!(not_made >= 150 && wrong >= 100 && left >= 12);
}

#[test]
fn the_players_board_follows_the_game_and_dualcheck_speaks_only_of_differences() {
    let now = Instant::now();
    let mut s = Session::new(Game::new(), settings(Lang::En));
    said(&mut s, "set dualcheck on", now);
    for mv in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"] {
        let lines = said(&mut s, mv, now);
        assert_eq!(lines.len(), 1, "only the move: {lines:?}");
    }
    assert_eq!(said(&mut s, "compare", now), ["The boards agree."]);
    // The player misses White's capture on their own board.
    let before = s.game().position().board().clone();
    said(&mut s, "Bxc6", now);
    said(&mut s, &format!("myboard fen {}", board_fen(&before)), now);
    // Not agreeing before Black's move, the player's board stays as it
    // was, and the check after that move says where it differs.
    let lines = said(&mut s, "dxc6", now);
    assert!(lines.len() > 1, "{lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with("Cesar sechs: ")),
        "{lines:?}"
    );
}

#[test]
fn a_scoresheet_is_compared_and_restore_sets_position_and_clocks_back() {
    let t0 = Instant::now();
    let at = |s: u64| t0 + Duration::from_secs(s);
    let mut settings = settings(Lang::En);
    settings.time = TimeChoice::Timed("5+0".parse::<TimeControl>().expect("control"));
    let mut s = Session::new(Game::new(), settings);
    s.step(Input::Tick, t0);
    let moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"];
    let mut clocks = Vec::new();
    for (i, mv) in moves.iter().enumerate() {
        said(&mut s, mv, at(3 * (i as u64 + 1)));
        clocks.push(clock(&mut s, at(3 * (i as u64 + 1))));
    }
    // The sheet agrees for six half-moves, then has Bc4.
    let sheet = "1. e4 e5\n2. Springer Felix drei, Springer Cesar sechs\n3. Lb5 a6\n4. Bc4 Nf6\n";
    let lines = said(&mut s, "scoresheet", at(30));
    assert_eq!(
        lines,
        ["Next move of the scoresheet; an empty line or end to finish."]
    );
    for line in sheet.lines() {
        said(&mut s, line, at(31));
    }
    let lines = said(&mut s, "end", at(32));
    assert_eq!(
        lines,
        [
            "Scoresheet: 8 half-moves read.",
            "First difference: move 4, White.",
            "The game: Läufer Anna vier.",
            "Your scoresheet: Läufer Cesar vier.",
            "The records agree for 6 half-moves; restore takes the game back to there.",
        ]
    );
    let lines = said(&mut s, "restore", at(33));
    assert_eq!(
        lines,
        ["Take back 2 half-moves, to after move 3, Black? Yes or no."]
    );
    let lines = said(&mut s, "yes", at(33));
    assert_eq!(
        lines,
        [
            "The game is back after move 3, Black; the clocks too.",
            "White to move, move 4. White: 4 minutes 51 seconds, Black: 4 minutes 51 seconds."
        ]
    );
    assert_eq!(s.game().plies().len(), 6);
    assert_eq!(clock(&mut s, at(33)), clocks[5]);
    // And the game goes on from there.
    said(&mut s, "Bc4", at(34));
    assert_eq!(s.game().plies().len(), 7);
}

/// Both clocks, in whole seconds left, from `clock`.
fn clock(s: &mut Session, now: Instant) -> Vec<u64> {
    let events = s.step(Input::Line("clock".into()), now).events;
    let Some(Event::Clock(ClockEvent::Report(report))) = events.first() else {
        panic!("{events:?}");
    };
    report
        .sides
        .iter()
        .map(|side| side.left.as_secs())
        .collect()
}

#[test]
fn the_players_board_is_kept_with_the_game() {
    let now = Instant::now();
    let mut s = Session::new(Game::new(), settings(Lang::En));
    said(&mut s, "e4", now);
    said(&mut s, "myboard clear", now);
    said(
        &mut s,
        "myboard white: king e1, pawn e4; black: king e8",
        now,
    );
    let before = said(&mut s, "myboard", now);
    assert_eq!(
        before.last().map(String::as_str),
        Some("Empty: 0 squares; not stated: 61 squares.")
    );
    // Through JSON, as the store keeps it.
    let json = serde_json::to_string(&s.record(now)).expect("encoded");
    let saved: annabella::store::SavedGame = serde_json::from_str(&json).expect("decoded");
    let mut again = resumed(saved, now);
    assert_eq!(said(&mut again, "myboard", now), before);
    // A save from before the player's board existed: the board is the
    // game's position, all of it stated.
    let mut old: serde_json::Value = serde_json::from_str(&json).expect("json");
    old.as_object_mut().expect("an object").remove("my_board");
    let saved: annabella::store::SavedGame = serde_json::from_value(old).expect("an old save");
    let mut older = resumed(saved, now);
    assert_eq!(said(&mut older, "compare", now), ["The boards agree."]);
    assert_eq!(
        said(&mut older, "myboard", now).last().map(String::as_str),
        Some("Empty: 32 squares.")
    );
}

/// A session that goes on with `saved` at once, as `--resume` does.
fn resumed(saved: annabella::store::SavedGame, now: Instant) -> Session {
    let mut s = Session::new(Game::new(), settings(Lang::En));
    let start = Start {
        kept: Some(KeptGame {
            game: Box::new(saved),
            resumption: Resumption::Resume,
        }),
        ..Start::default()
    };
    let events = s.step(Input::Start(start), now).events;
    assert!(
        events.contains(&RecordEvent::Resumed.into()),
        "not resumed: {events:?}"
    );
    s
}
