//! PGN files the player names, through the real binary: `pgn FILE` adds
//! to a PGN file and leaves any other file alone, and a binary file or a
//! folder is said to be one without its bytes echoed.

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
    assert_eq!(out.len(), 2, "{out:?}");
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
