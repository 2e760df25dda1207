//! PGN files the player names, through the real binary: `pgn FILE` adds
//! to a PGN file and leaves any other file alone, its own German export
//! loads back, null moves are named for what they are (also on a
//! scoresheet), and a binary file or a folder is said to be one without
//! its bytes echoed.

use std::fs;

use crate::common;
use common::Home;

fn run(home: &Home, args: &[&str], input: &str) -> Vec<String> {
    common::run_piped(home, args, input)
}

/// A file in `home` and its path as typed.
fn file(home: &Home, name: &str) -> (std::path::PathBuf, String) {
    let path = home.path().join(name);
    let typed = path.display().to_string();
    (path, typed)
}

#[test]
fn pgn_adds_to_a_pgn_file_and_leaves_other_files_alone() {
    let home = Home::new();
    let (pgn, x) = file(&home, "x.pgn");
    let input = format!("e4\npgn {x}\nnew\nd4\npgn {x}\n");
    let out = run(&home, &["--opponent", "human"], &input);
    assert!(out.contains(&format!("Written to {x}.")), "{out:?}");
    assert_eq!(out.last(), Some(&format!("Added to {x} as game 2.")));
    let text = fs::read_to_string(&pgn).unwrap();
    assert!(
        text.contains("1. e4 *") && text.contains("1. d4 *"),
        "{text}"
    );
    let out = run(&home, &[], &format!("games {x}\n"));
    // After where the game of the run before went.
    assert_eq!(out.len(), 3, "{out:?}");
    let (notes, typed) = file(&home, "notes.txt");
    fs::write(&notes, "shopping: milk, bread\n").unwrap();
    let out = run(
        &home,
        &["--opponent", "human"],
        &format!("e4\npgn {typed}\n"),
    );
    assert_eq!(
        out.last(),
        Some(&format!(
            "{typed} holds something other than PGN; the game was not written into it."
        ))
    );
    assert_eq!(
        fs::read_to_string(&notes).unwrap(),
        "shopping: milk, bread\n"
    );
}

#[test]
fn its_own_german_export_loads_back() {
    let home = Home::new();
    let (_, de) = file(&home, "de.pgn");
    let input =
        format!("e4\ne5\nNf3\nNc6\nBb5\na6\nQe2\npgn {de} de\ngames {de}\nload {de}\nend\n");
    let out = run(&home, &["--opponent", "human"], &input);
    assert!(
        out.contains(&"Game 1 loaded: unknown players. next goes through it move by move, play goes on from where it is shown.".to_string()),
        "{out:?}"
    );
    assert!(!out.iter().any(|l| l.contains("stops at")), "{out:?}");
    assert!(
        out.contains(&"1. unknown players, *, 4 moves.".to_string()),
        "{out:?}"
    );
    // `end` shows the whole game: its last move, and that it was open.
    let end = &out[out.len() - 2..];
    assert_eq!(
        end,
        [
            "4. White: Dame Eva zwei",
            "That was the last move; the game was not finished."
        ]
    );
}

#[test]
fn a_null_move_is_named_in_every_language() {
    let home = Home::new();
    let score = "[Event \"t\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 NULL 3. Bc4 Nc6 *\n";
    for (token, lang, expected) in [
        (
            "Z0",
            "en",
            "Game 1: move 2 of Black is a null move (Z0), a pass that the rules don't allow; the game is loaded up to move 2 of White.",
        ),
        (
            "--",
            "en",
            "Game 1: move 2 of Black is a null move (--), a pass that the rules don't allow; the game is loaded up to move 2 of White.",
        ),
        (
            "0000",
            "en",
            "Game 1: move 2 of Black is a null move (0000), a pass that the rules don't allow; the game is loaded up to move 2 of White.",
        ),
        (
            "Z0",
            "de",
            "Partie 1: Zug 2 von Schwarz ist ein Nullzug (Z0), ein Passen, das die Regeln nicht erlauben; die Partie ist bis Zug 2 von Weiß geladen.",
        ),
        (
            "Z0",
            "et",
            "Mäng 1: Must 2. käik on nullkäik (Z0), käigust loobumine, mida reeglid ei luba; mäng on laaditud kuni käiguni 2, Valge.",
        ),
    ] {
        let (path, typed) = file(&home, "null.pgn");
        fs::write(&path, score.replace("NULL", token)).unwrap();
        let out = run(&home, &["--lang", lang], &format!("load {typed}\n"));
        assert_eq!(
            out.get(1).map(String::as_str),
            Some(expected),
            "{token} {lang}: {out:?}"
        );
    }
    let (path, typed) = file(&home, "first.pgn");
    fs::write(&path, "1. Z0 e5 *\n").unwrap();
    let out = run(&home, &[], &format!("load {typed}\n"));
    assert_eq!(
        out[1],
        "Game 1: move 1 of White is a null move (Z0), a pass that the rules don't allow; only the start position is loaded."
    );
}

#[test]
fn a_null_move_on_a_scoresheet_is_named() {
    let home = Home::new();
    let (path, typed) = file(&home, "sheet.txt");
    fs::write(&path, "1. e4 e5\n2. Nf3 Z0\n3. Bc4 Nc6\n").unwrap();
    let input = format!("e4\ne5\nNf3\nNc6\nscoresheet {typed}\n");
    let out = run(&home, &["--opponent", "human"], &input);
    assert!(
        out.contains(
            &"It stops at move 2, Black: Z0 is a null move, a pass that the rules don't allow."
                .to_string()
        ),
        "{out:?}"
    );
}

#[test]
fn a_binary_file_and_a_folder_are_named_for_what_they_are() {
    let home = Home::new();
    let (binary, typed) = file(&home, "photo.pgn");
    fs::write(&binary, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe").unwrap();
    let (folder, dir) = file(&home, "games");
    fs::create_dir_all(&folder).unwrap();
    let (_, dir_pgn) = file(&home, "games");
    let input = format!("load {typed}\ngames {typed}\nload {dir}\npgn {dir_pgn}\n");
    let out = run(&home, &[], &input);
    assert_eq!(
        out,
        [
            format!("{typed} holds no PGN text."),
            format!("{typed} holds no PGN text."),
            format!("{dir} is a folder, not a file."),
            format!("{dir_pgn} is a folder, not a file."),
        ]
    );
}
