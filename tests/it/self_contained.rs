//! The repository tests itself: no test, bench, script or build file
//! names a path outside it, so that a plain clone anywhere runs the whole
//! suite (the data it reads is in `tests/data/`, with its sources and
//! licences in `tests/data/README.md`).

use std::path::{Path, PathBuf};

/// The trees whose files run as part of building, testing or measuring.
const TREES: &[&str] = &[
    "tests", "benches", "scripts", "src", "crates", "fuzz", ".ci",
];

/// Single files at the top that run.
const FILES: &[&str] = &["build.rs", "Cargo.toml", "fuzz/Cargo.toml"];

/// Folders that hold what a tool made, not what the project wrote.
const SKIPPED: &[&str] = &["target", "corpus", "artifacts", "coverage", "data"];

/// The workplace's folder beside the checkout, in pieces (see below).
const SIBLING: &str = concat!("sha", "red");

/// What a path out of the repository looks like: a step up from the
/// crate's folder, or the workplace's folder of data beside it. Written in
/// pieces so that this file does not name them itself.
fn outside_marks() -> Vec<String> {
    let up = "..";
    let sibling = SIBLING;
    vec![
        format!("{up}/{sibling}"),
        format!("CARGO_MANIFEST_DIR\")).join(\"{up}"),
        format!("CARGO_MANIFEST_DIR\")).join(\"{up}/"),
        format!("$root/{up}/"),
        format!("\"$(dirname \"$0\")/{up}/{up}"),
    ]
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if !SKIPPED.iter().any(|s| name == *s) {
                files_under(&path, out);
            }
        } else {
            out.push(path);
        }
    }
}

/// Every line of a file under the trees that names a path outside the
/// repository, as `file:line: text`.
fn paths_outside(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    for tree in TREES {
        files_under(&root.join(tree), &mut files);
    }
    files.extend(FILES.iter().map(|f| root.join(f)));
    let marks = outside_marks();
    let mut found = Vec::new();
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue; // not text: no path in it that a program follows
        };
        for (number, line) in text.lines().enumerate() {
            if marks.iter().any(|mark| line.contains(mark.as_str())) {
                let shown = file.strip_prefix(root).unwrap_or(&file);
                found.push(format!(
                    "{}:{}: {}",
                    shown.display(),
                    number + 1,
                    line.trim()
                ));
            }
        }
    }
    found
}

#[test]
fn no_test_bench_or_script_names_a_path_outside_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let found = paths_outside(root);
    assert!(
        found.is_empty(),
        "these lines name a path outside the repository; copy what they read \
         into tests/data/ (with its source and licence in tests/data/README.md):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_finds_a_path_outside() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("tests/it")).unwrap();
    let up = "..";
    std::fs::write(
        dir.path().join("tests/it/reads.rs"),
        format!("let d = Path::new(env!(\"CARGO_MANIFEST_DIR\")).join(\"{up}/{SIBLING}/data\");\n"),
    )
    .unwrap();
    std::fs::create_dir_all(dir.path().join("scripts")).unwrap();
    std::fs::write(
        dir.path().join("scripts/bench"),
        format!("pgn={up}/{SIBLING}/data/pgn/x.pgn\nok=tests/data/pgn/x.pgn\n"),
    )
    .unwrap();
    let found = paths_outside(dir.path());
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].contains("reads.rs:1") || found[1].contains("reads.rs:1"));
    assert!(found.iter().any(|f| f.contains("scripts/bench:1")));
}

#[test]
fn the_data_read_is_in_the_repository_with_its_sources() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let readme = std::fs::read_to_string(data.join("README.md")).unwrap();
    for dir in ["pgn", "perft", "lichess-api"] {
        let mut files = Vec::new();
        files_under(&data.join(dir), &mut files);
        assert!(!files.is_empty(), "tests/data/{dir} is empty");
        assert!(
            readme.contains(&format!("`{dir}/`")),
            "README names no source for {dir}"
        );
    }
    for file in [
        "lichess_db_100k.pgn",
        "twic1599_100k.pgn",
        "random.perft",
        "fischer.epd",
    ] {
        assert!(readme.contains(file), "README names no source for {file}");
    }
}
