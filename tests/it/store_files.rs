//! A file the player names is never replaced unasked: `brf FILE` onto a
//! file that is there leaves it as it was and says why, and what would
//! do, in the UI language.

use std::fs;

use crate::common;
use common::Home;

#[test]
fn brf_never_writes_over_a_file_that_is_there() {
    let home = Home::new();
    let notes = home.path().join("n.txt");
    fs::write(&notes, "notes\n").unwrap();
    let typed = notes.display().to_string();
    let out = common::run_piped(
        &home,
        &["--opponent", "human", "--lang", "en"],
        &format!("e4\nbrf {typed}\n"),
    );
    assert_eq!(
        out.last(),
        Some(&format!(
            "{typed} is there already, and brf never writes over a file unasked: type brf \
             {typed} replace to replace it, or give a new file name."
        )),
        "{out:?}"
    );
    assert_eq!(fs::read_to_string(&notes).unwrap(), "notes\n");
    // A new name is written; the refusal is said in German too.
    let sheet = home.path().join("partie.brf");
    let sheet = sheet.display().to_string();
    let out = common::run_piped(
        &home,
        &["--opponent", "human", "--lang", "de", "--new"],
        &format!("e4\nbrf {sheet}\nbrf {sheet}\n"),
    );
    // (After where the game of the run before went.)
    assert!(
        out[2].starts_with("Partieformular in Punktschrift nach "),
        "{out:?}"
    );
    assert_eq!(
        out[3],
        format!(
            "{sheet} gibt es schon, und brf schreibt nie ungefragt über eine Datei: Tippe brf \
             {sheet} ersetzen, um sie zu ersetzen, oder gib einen neuen Dateinamen an."
        )
    );
    // Told to replace it, brf does, as one rename.
    let out = common::run_piped(
        &home,
        &["--opponent", "human", "--lang", "en", "--resume"],
        &format!(
            "brf {typed} replace
"
        ),
    );
    assert!(
        out.iter()
            .any(|l| l.starts_with("Braille scoresheet written to ")),
        "{out:?}"
    );
    assert_ne!(fs::read_to_string(&notes).unwrap(), "notes\n");
}

#[test]
fn save_never_writes_over_a_saved_game_unasked() {
    let home = Home::new();
    let out = common::run_piped(
        &home,
        &["--opponent", "human", "--lang", "en"],
        "e4\nsave mine\ne5\nsave mine\nsave mine replace\nnew\nload mine\nhistory\n",
    );
    assert_eq!(out[1], "Saved as mine.", "{out:?}");
    assert_eq!(
        out[3],
        "A game is saved as mine already, and save never writes over it unasked: type save \
         mine replace to replace it, or choose another name.",
        "{out:?}"
    );
    assert_eq!(out[4], "Saved as mine.", "{out:?}");
    // The game replaced is the one with both moves.
    assert_eq!(
        out.last().map(String::as_str),
        Some("1. White: Bauer Eva vier; Black: Bauer Eva fünf"),
        "{out:?}"
    );
}
