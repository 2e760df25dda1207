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
//! `TRANSCRIPT=part cargo test --test transcripts` runs only the files
//! whose name contains `part`.

mod common;

use std::fmt::Write as _;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How long one transcript may run before it counts as hung.
const TIMEOUT: Duration = Duration::from_secs(60);

/// One expected output line and where it was written.
#[derive(Debug)]
struct Expected {
    /// 1-based line number in the transcript file.
    line_no: usize,
    /// The expected text, placeholders included.
    text: String,
    /// Index into `inputs` of the last input before this line, if any.
    after_input: Option<usize>,
}

/// One input line and where it was written.
#[derive(Debug)]
struct Input {
    line_no: usize,
    text: String,
}

/// A parsed transcript file.
#[derive(Debug)]
struct Transcript {
    args: Vec<String>,
    inputs: Vec<Input>,
    expected: Vec<Expected>,
}

/// Splits `text` into words: blanks separate, single quotes group.
fn split_args(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quoted = false;
    for ch in text.chars() {
        match ch {
            '\'' => {
                quoted = !quoted;
                in_word = true;
            }
            ' ' | '\t' if !quoted => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quoted {
        return Err(format!("unterminated single quote in: {text}"));
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

fn parse(text: &str) -> Result<Transcript, String> {
    let mut t = Transcript {
        args: Vec::new(),
        inputs: Vec::new(),
        expected: Vec::new(),
    };
    for (i, raw) in text.split('\n').enumerate() {
        let line_no = i + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if let Some(args) = line.strip_prefix("# args:") {
            if !t.inputs.is_empty() || !t.expected.is_empty() {
                return Err(format!(
                    "line {line_no}: `# args:` must come before inputs and expected lines"
                ));
            }
            let words = split_args(args).map_err(|e| format!("line {line_no}: {e}"))?;
            t.args.extend(words);
        } else if line.starts_with('#') || line.trim().is_empty() {
            continue;
        } else if let Some(input) = line.strip_prefix('>') {
            let input = input.strip_prefix(' ').unwrap_or(input);
            t.inputs.push(Input {
                line_no,
                text: input.to_string(),
            });
        } else {
            let text = line.strip_prefix('\\').unwrap_or(line);
            t.expected.push(Expected {
                line_no,
                text: text.to_string(),
                after_input: t.inputs.len().checked_sub(1),
            });
        }
    }
    Ok(t)
}

/// One piece of an expected line.
#[derive(Debug, PartialEq)]
enum Piece<'a> {
    Text(&'a str),
    Date,
    Any,
}

fn pieces(pattern: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = pattern;
    loop {
        let next = [("{DATE}", Piece::Date), ("{ANY}", Piece::Any)]
            .into_iter()
            .filter_map(|(token, piece)| rest.find(token).map(|at| (at, token, piece)))
            .min_by_key(|(at, _, _)| *at);
        match next {
            Some((at, token, piece)) => {
                if at > 0 {
                    out.push(Piece::Text(&rest[..at]));
                }
                out.push(piece);
                rest = &rest[at + token.len()..];
            }
            None => {
                if !rest.is_empty() {
                    out.push(Piece::Text(rest));
                }
                return out;
            }
        }
    }
}

fn is_date(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == 10
        && bytes.iter().enumerate().all(|(i, b)| match i {
            4 | 7 => *b == b'.',
            _ => b.is_ascii_digit(),
        })
}

fn match_pieces(pieces: &[Piece<'_>], actual: &str) -> bool {
    match pieces.split_first() {
        None => actual.is_empty(),
        Some((Piece::Text(text), rest)) => actual
            .strip_prefix(text)
            .is_some_and(|tail| match_pieces(rest, tail)),
        Some((Piece::Date, rest)) => {
            actual.len() >= 10
                && actual.is_char_boundary(10)
                && is_date(&actual[..10])
                && match_pieces(rest, &actual[10..])
        }
        Some((Piece::Any, rest)) => actual
            .char_indices()
            .map(|(i, _)| i)
            .chain([actual.len()])
            .any(|i| match_pieces(rest, &actual[i..])),
    }
}

/// Whether an actual output line fits an expected line.
fn line_matches(expected: &str, actual: &str) -> bool {
    if expected == "{BLANK}" {
        return actual.is_empty();
    }
    match_pieces(&pieces(expected), actual)
}

/// What the binary did with a transcript's input.
struct Run {
    stdout: String,
    stderr: String,
    status: Option<i32>,
    timed_out: bool,
}

fn run_binary(args: &[String], input: String) -> Result<Run, String> {
    // Each transcript keeps its games and settings to itself.
    let home = common::Home::new();
    let mut child = home
        .apply(&mut Command::new(env!("CARGO_BIN_EXE_annabella")))
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the binary: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let mut stdout = child.stdout.take().ok_or("no stdout")?;
    let mut stderr = child.stderr.take().ok_or("no stderr")?;
    // Write and read on their own threads so no pipe can fill up and
    // block; a closed stdin (after `quit`) is not an error here.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out_reader = thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stdout.read_to_end(&mut buf);
        buf
    });
    let err_reader = thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stderr.read_to_end(&mut buf);
        buf
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > TIMEOUT => {
                timed_out = true;
                let _ = child.kill();
                break child.wait().map_err(|e| e.to_string())?;
            }
            Ok(None) => thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("waiting for the binary: {e}")),
        }
    };
    let _ = writer.join();
    let stdout = out_reader.join().map_err(|_| "stdout reader panicked")?;
    let stderr = err_reader.join().map_err(|_| "stderr reader panicked")?;
    Ok(Run {
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        status: status.code(),
        timed_out,
    })
}

/// The output split into lines; the newline after the last line does
/// not start another one. A `\r` stays and shows up as a difference.
fn output_lines(stdout: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = stdout.split('\n').collect();
    if lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

fn numbered(lines: &[&str]) -> String {
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        let _ = writeln!(out, "  {:>3} | {line}", i + 1);
    }
    if lines.is_empty() {
        out.push_str("  (no output)\n");
    }
    out
}

/// Runs one transcript file; `Err` holds the failure report.
fn check(path: &Path) -> Result<(), String> {
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    let t = parse(&text).map_err(|e| format!("{name}: {e}"))?;
    if t.inputs.is_empty() {
        return Err(format!("{name}: no input lines (`> ...`)"));
    }
    let mut input = String::new();
    for line in &t.inputs {
        input.push_str(&line.text);
        input.push('\n');
    }
    let run = run_binary(&t.args, input).map_err(|e| format!("{name}: {e}"))?;
    let actual = output_lines(&run.stdout);
    let mut problems = Vec::new();
    if run.timed_out {
        problems.push(format!("the binary did not finish within {TIMEOUT:?}"));
    }
    if run.status != Some(0) {
        problems.push(format!(
            "exit status {}, expected 0",
            run.status
                .map_or("none (killed by a signal)".to_string(), |c| c.to_string())
        ));
    }
    let input_of = |e: &Expected| match e.after_input {
        Some(i) => format!(
            "after input `{}` (line {})",
            t.inputs[i].text, t.inputs[i].line_no
        ),
        None => "before any input".to_string(),
    };
    let first_diff = t
        .expected
        .iter()
        .zip(&actual)
        .position(|(e, a)| !line_matches(&e.text, a));
    if let Some(i) = first_diff {
        let e = &t.expected[i];
        problems.push(format!(
            "{name}:{}: output line {} differs, {}\n    expected: {}\n    actual:   {}",
            e.line_no,
            i + 1,
            input_of(e),
            e.text,
            actual[i]
        ));
    } else if actual.len() < t.expected.len() {
        let e = &t.expected[actual.len()];
        problems.push(format!(
            "{name}:{}: output ended early, {}\n    expected: {}\n    actual:   (end of output after {} lines)",
            e.line_no,
            input_of(e),
            e.text,
            actual.len()
        ));
    } else if actual.len() > t.expected.len() {
        let last_input = t.inputs.last().map_or(0, |i| i.line_no);
        problems.push(format!(
            "{name}: {} more output line(s) than expected (transcript ends at input line {last_input})\n    first extra: {}",
            actual.len() - t.expected.len(),
            actual[t.expected.len()]
        ));
    }
    if problems.is_empty() {
        return Ok(());
    }
    let mut report = format!("=== {name}\n");
    for p in problems {
        let _ = writeln!(report, "  {p}");
    }
    let _ = writeln!(report, "  arguments: {:?}", t.args);
    let _ = write!(report, "  full actual output:\n{}", numbered(&actual));
    if !run.stderr.trim().is_empty() {
        let _ = writeln!(report, "  stderr:\n{}", run.stderr.trim_end());
    }
    Err(report)
}

fn transcript_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn transcripts() {
    let all = transcript_files();
    assert!(
        !all.is_empty(),
        "no transcript files (*.txt) found in tests/transcripts"
    );
    let filter = std::env::var("TRANSCRIPT").unwrap_or_default();
    let files: Vec<PathBuf> = all
        .into_iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().contains(filter.as_str()))
        })
        .collect();
    assert!(
        !files.is_empty(),
        "no transcript file name contains TRANSCRIPT={filter:?}"
    );
    let results: Vec<Result<(), String>> = thread::scope(|scope| {
        let handles: Vec<_> = files
            .iter()
            .map(|path| scope.spawn(move || check(path)))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("transcript check panicked".into()))
            })
            .collect()
    });
    let failures: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    eprintln!(
        "transcripts: {} run, {} passed, {} failed",
        files.len(),
        files.len() - failures.len(),
        failures.len()
    );
    if !failures.is_empty() {
        let reports: Vec<&str> = failures.iter().map(|s| s.as_str()).collect();
        panic!(
            "{} of {} transcripts failed:\n\n{}",
            failures.len(),
            files.len(),
            reports.join("\n")
        );
    }
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
