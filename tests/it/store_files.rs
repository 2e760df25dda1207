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
            "{typed} is there already, and brf never writes over a file: give it a new file \
             name, or move that file away first."
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
            "{sheet} gibt es schon, und brf schreibt nie über eine Datei: Gib einen neuen \
             Dateinamen an oder verschiebe die Datei vorher."
        )
    );
}
