//! Transcript tests: input lines and the exact output lines expected from
//! the real `annabella` binary, one game (or several) per file in
//! `tests/transcripts/*.txt`.
//!
//! # Format
//!
//! A transcript is a UTF-8 text file read line by line:
//!
//! - `# args: ARGS` gives command-line arguments for the binary. ARGS is
//!   split like a shell would, but simply: words are separated by spaces
//!   or tabs, and single quotes group a word that may contain spaces
//!   (`--fen '4k3/8/8/8/8/8/8/R3K3 w - - 149 100'`). Quoted and unquoted
//!   parts next to each other form one word (`--fen='...'`). Nothing else
//!   is special: no double quotes, no backslashes, no variables. Several
//!   `# args:` lines add up; they must come before the first input line.
//! - `# scenario: NAME` names a stand-in server scenario; it belongs to
//!   the online transcripts (`tests/lichess/online.rs`) and is refused
//!   here.
//! - Any other line starting with `#` is a comment.
//! - `> TEXT` is one input line, sent to the binary as `TEXT`.
//! - Empty lines (or lines of only spaces) are ignored.
//! - Every other line is the next expected output line, in order, written
//!   after the input that produces it. A line starting with `\` is taken
//!   literally without the `\` (for output that starts with `#`, `>` or
//!   `\`).
//!
//! Expected lines are compared with the actual lines exactly (no
//! trimming), except for these placeholders:
//!
//! - `{DATE}` matches a PGN date, `YYYY.MM.DD` with digits
//!   (`[Date "{DATE}"]`, since the binary writes today's date);
//! - `{ANY}` matches any text, also none (a line of just `{ANY}` matches
//!   any one line);
//! - `{BLANK}`, alone on its line, expects an empty output line (such as
//!   the one between PGN tags and moves), since empty transcript lines
//!   are ignored.
//!
//! # Running
//!
//! All inputs go to the binary at once through a pipe (so it prints no
//! prompt and exits at the end of input); stdout is collected and
//! compared line by line with the expected lines; the process must exit
//! with status 0. The locale variables are removed from the environment,
//! so a transcript without `--lang` gets the English interface.
//!
//! Every file is one test case; all run in one `#[test]`, which reports
//! every failing file (file, line, the input before it, expected, actual
//! and the whole actual output) and fails if no transcript is found.
//! `TRANSCRIPT=part cargo test --test it transcripts::` runs only the
//! files whose name contains `part`.

use crate::common;

use std::path::Path;

use common::transcript::{self, line_matches, parse, split_args};

/// Runs one transcript file; `Err` holds the failure report.
fn check(path: &Path) -> Result<(), String> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    let t = parse(&text).map_err(|e| format!("{name}: {e}"))?;
    if t.scenario.is_some() {
        return Err(format!(
            "{name}: `# scenario:` belongs to the online transcripts (tests/online)"
        ));
    }
    if t.inputs.is_empty() {
        return Err(format!("{name}: no input lines (`> ...`)"));
    }
    // Each transcript keeps its games and settings to itself.
    let home = common::Home::new();
    let run = transcript::run(
        transcript::command(&home, &t.args),
        transcript::input_text(&t),
    )
    .map_err(|e| format!("{name}: {e}"))?;
    let problems = transcript::problems(&name, &t, &run);
    if problems.is_empty() {
        return Ok(());
    }
    Err(transcript::report(&name, &t, &run, &problems))
}

#[test]
fn transcripts() {
    transcript::run_all("tests/transcripts", "transcripts", check);
}

#[test]
fn args_are_split_with_single_quotes() {
    assert_eq!(
        split_args(" --lang de --fen '4k3/8/8/8/8/8/8/R3K3 w - - 149 100' ").unwrap(),
        [
            "--lang",
            "de",
            "--fen",
            "4k3/8/8/8/8/8/8/R3K3 w - - 149 100"
        ]
    );
    assert_eq!(split_args("--fen='a b'c").unwrap(), ["--fen=a bc"]);
    assert_eq!(split_args("''").unwrap(), [""]);
    assert!(split_args("").unwrap().is_empty());
    assert!(split_args("--fen 'a b").is_err());
}

#[test]
fn placeholders_match() {
    assert!(line_matches(r#"[Date "{DATE}"]"#, r#"[Date "2026.11.22"]"#));
    assert!(!line_matches(
        r#"[Date "{DATE}"]"#,
        r#"[Date "????.??.??"]"#
    ));
    assert!(line_matches("{ANY}", "whatever"));
    assert!(line_matches("{ANY}", ""));
    assert!(line_matches("a {ANY} c", "a b b c"));
    assert!(!line_matches("a {ANY} c", "a b b d"));
    assert!(line_matches("{BLANK}", ""));
    assert!(!line_matches("{BLANK}", " "));
    assert!(line_matches("exact", "exact"));
    assert!(!line_matches("exact", "exact "));
}

#[test]
fn transcript_lines_are_classified() {
    let t = parse(
        "# args: --lang 'de'\n# a comment\n\n> e4\n1. Weiß: Bauer Eva vier\n\\# not a comment\n>\n",
    )
    .unwrap();
    assert_eq!(t.args, ["--lang", "de"]);
    assert_eq!(t.inputs.len(), 2);
    assert_eq!(t.inputs[0].text, "e4");
    assert_eq!(t.inputs[1].text, "");
    assert_eq!(t.expected.len(), 2);
    assert_eq!(t.expected[0].text, "1. Weiß: Bauer Eva vier");
    assert_eq!(t.expected[0].after_input, Some(0));
    assert_eq!(t.expected[1].text, "# not a comment");
    assert!(parse("> e4\n# args: --lang de\n").is_err());
}
