//! Transcripts: input lines and the exact output lines expected from the
//! real `annabella` binary. Shared by the offline runner
//! (`tests/it/transcripts.rs`, whose docs describe the format) and the
//! online one (`tests/lichess/online.rs`, which adds `# scenario:`).

#![allow(dead_code)] // Each runner uses a part.

use std::fmt::Write as _;
use std::io::{Read, Write};
use std::panic;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// How long one transcript may run before it counts as hung.
pub const TIMEOUT: Duration = Duration::from_secs(60);

/// One expected output line and where it was written.
#[derive(Debug)]
pub struct Expected {
    /// 1-based line number in the transcript file.
    pub line_no: usize,
    /// The expected text, placeholders included.
    pub text: String,
    /// Index into `inputs` of the last input before this line, if any.
    pub after_input: Option<usize>,
}

/// One input line and where it was written.
#[derive(Debug)]
pub struct Input {
    /// 1-based line number in the transcript file.
    pub line_no: usize,
    /// The line sent, without `> `.
    pub text: String,
}

/// A parsed transcript file.
#[derive(Debug)]
pub struct Transcript {
    /// The binary's arguments (`# args:`).
    pub args: Vec<String>,
    /// The stand-in scenario named by `# scenario:`, for online
    /// transcripts.
    pub scenario: Option<String>,
    /// The input lines.
    pub inputs: Vec<Input>,
    /// The expected output lines.
    pub expected: Vec<Expected>,
}

/// Splits `text` into words: blanks separate, single quotes group.
pub fn split_args(text: &str) -> Result<Vec<String>, String> {
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

/// Reads a transcript. The headers (`# args:`, `# scenario:`) must come
/// before the first input or expected line; `# scenario:` at most once.
pub fn parse(text: &str) -> Result<Transcript, String> {
    let mut t = Transcript {
        args: Vec::new(),
        scenario: None,
        inputs: Vec::new(),
        expected: Vec::new(),
    };
    for (i, raw) in text.split('\n').enumerate() {
        let line_no = i + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let header = ["# args:", "# scenario:"]
            .into_iter()
            .find_map(|key| line.strip_prefix(key).map(|value| (key, value)));
        if let Some((key, value)) = header {
            if !t.inputs.is_empty() || !t.expected.is_empty() {
                return Err(format!(
                    "line {line_no}: `{key}` must come before inputs and expected lines"
                ));
            }
            if key == "# args:" {
                let words = split_args(value).map_err(|e| format!("line {line_no}: {e}"))?;
                t.args.extend(words);
            } else if t.scenario.is_some() {
                return Err(format!("line {line_no}: a second `# scenario:`"));
            } else {
                t.scenario = Some(value.trim().to_string());
            }
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
pub fn line_matches(expected: &str, actual: &str) -> bool {
    if expected == "{BLANK}" {
        return actual.is_empty();
    }
    match_pieces(&pieces(expected), actual)
}

/// What the binary did with a transcript's input.
pub struct Run {
    /// Everything written to stdout.
    pub stdout: String,
    /// Everything written to stderr.
    pub stderr: String,
    /// The exit code; none when killed by a signal.
    pub status: Option<i32>,
    /// Whether it was killed after [`TIMEOUT`].
    pub timed_out: bool,
}

/// The binary in `home` with `args`, as a transcript runs it: no locale
/// from the environment (so English unless `--lang`), every stream
/// piped.
pub fn command(home: &super::Home, args: &[String]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_annabella"));
    home.apply(&mut command)
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Runs `command` with `input` on stdin, collecting stdout and stderr,
/// killing it after [`TIMEOUT`].
pub fn run(mut command: Command, input: String) -> Result<Run, String> {
    let mut child = command
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
pub fn output_lines(stdout: &str) -> Vec<&str> {
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

/// The inputs as the binary reads them: each line and its newline.
pub fn input_text(t: &Transcript) -> String {
    let mut input = String::new();
    for line in &t.inputs {
        input.push_str(&line.text);
        input.push('\n');
    }
    input
}

/// What is wrong with `run` for transcript `t` of file `name`: a hang,
/// an exit status other than 0, the first output line that differs, or
/// too few or too many lines. Empty when it passed.
pub fn problems(name: &str, t: &Transcript, run: &Run) -> Vec<String> {
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
    problems
}

/// The failure report of file `name`: its problems, the arguments, the
/// whole output and stderr.
pub fn report(name: &str, t: &Transcript, run: &Run, problems: &[String]) -> String {
    let actual = output_lines(&run.stdout);
    let mut report = format!("=== {name}\n");
    for p in problems {
        let _ = writeln!(report, "  {p}");
    }
    let _ = writeln!(report, "  arguments: {:?}", t.args);
    let _ = write!(report, "  full actual output:\n{}", numbered(&actual));
    if !run.stderr.trim().is_empty() {
        let _ = writeln!(report, "  stderr:\n{}", run.stderr.trim_end());
    }
    report
}

/// The `*.txt` files in `dir` beside the crate (`tests/transcripts`),
/// sorted.
pub fn files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| {
            panic!(
                "no transcript files (*.txt) found: cannot read {}: {e}",
                dir.display()
            )
        })
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

/// Runs `check` on every transcript in `dir` whose name contains the
/// `TRANSCRIPT` variable, as many at a time as there are CPUs; fails
/// with every failing file's report, in the order of the files, or
/// when there is no transcript at all. `label` names the kind in the
/// summary line.
pub fn run_all(dir: &str, label: &str, check: fn(&Path) -> Result<(), String>) {
    let all = files(dir);
    assert!(
        !all.is_empty(),
        "no transcript files (*.txt) found in {dir}"
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
    let results = run_parallel(&files, check);
    let failures: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    eprintln!(
        "{label}: {} run, {} passed, {} failed",
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

/// `check` of every file in `files`, in their order, on one thread per
/// CPU: each transcript runs the binary, and more of them at once than
/// there are CPUs only wait for each other.
fn run_parallel(
    files: &[PathBuf],
    check: fn(&Path) -> Result<(), String>,
) -> Vec<Result<(), String>> {
    let workers = thread::available_parallelism()
        .map_or(1, usize::from)
        .min(files.len());
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, Result<(), String>)> = thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(path) = files.get(i) else {
                            break done;
                        };
                        // A panic fails its own file, not the rest of
                        // this worker's share.
                        let result = panic::catch_unwind(|| check(path)).unwrap_or_else(|_| {
                            Err(format!("{}: transcript check panicked", path.display()))
                        });
                        done.push((i, result));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a transcript worker ends"))
            .collect()
    });
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, result)| result).collect()
}
