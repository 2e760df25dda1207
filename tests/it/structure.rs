//! Keeps the code in rooms of a readable size: no file of `src/` outside
//! `src/engine/` over 600 lines before its unit tests, and no function
//! outside the search (`src/engine/search.rs`) over 80 lines, counted
//! from its `fn` line to its closing brace as rustfmt lays it out.

use std::fs;
use std::path::{Path, PathBuf};

const MAX_FILE_LINES: usize = 600;
const MAX_FN_LINES: usize = 80;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("readable directory") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The lines before the file's `#[cfg(test)]` module.
fn code_lines(text: &str) -> Vec<&str> {
    text.lines()
        .take_while(|l| l.trim() != "#[cfg(test)]")
        .collect()
}

/// Whether a line opens a function, and its indentation.
fn fn_start(line: &str) -> Option<usize> {
    let trimmed = line.trim_start();
    let indent = line.len() - trimmed.len();
    let mut rest = trimmed;
    for prefix in ["pub(crate) ", "pub(super) ", "pub ", "const ", "unsafe "] {
        rest = rest.strip_prefix(prefix).unwrap_or(rest);
    }
    (rest.starts_with("fn ") && !trimmed.ends_with(';')).then_some(indent)
}

/// Every function longer than the limit: (name line, length).
fn long_functions(lines: &[&str]) -> Vec<(usize, usize)> {
    let mut long = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(indent) = fn_start(line) else {
            continue;
        };
        let close = format!("{}}}", " ".repeat(indent));
        let end = lines[i..]
            .iter()
            .position(|l| *l == close)
            .map_or(lines.len(), |p| i + p);
        let length = end - i + 1;
        if length > MAX_FN_LINES {
            long.push((i + 1, length));
        }
    }
    long
}

#[test]
fn files_and_functions_stay_small() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    assert!(files.len() > 30, "only {} files found", files.len());
    let mut problems = Vec::new();
    for path in files {
        let shown = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        let text = fs::read_to_string(&path).expect("readable source");
        let lines = code_lines(&text);
        if !shown.starts_with("src/engine/") && lines.len() > MAX_FILE_LINES {
            problems.push(format!(
                "{shown}: {} lines before its tests (at most {MAX_FILE_LINES})",
                lines.len()
            ));
        }
        if shown == "src/engine/search.rs" {
            continue;
        }
        for (line, length) in long_functions(&lines) {
            problems.push(format!(
                "{shown}:{line}: a function of {length} lines (at most {MAX_FN_LINES})"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_counter_sees_a_long_function() {
    let mut text = String::from("fn long() {\n");
    text.push_str(&"    step();\n".repeat(MAX_FN_LINES));
    text.push_str("}\nfn short() {\n}\n");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(long_functions(&lines), [(1, MAX_FN_LINES + 2)]);
}
