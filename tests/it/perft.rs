//! Perft through the public rules API: move generation, `Game::play` and
//! the undo inside `annabella::rules::perft` must agree with the
//! published node counts.
//!
//! Data: `tests/data/perft/`. A missing file is a
//! failure, never a silent skip.

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::Instant;

use annabella::rules::{Game, perft};

/// Deepest level checked; deeper counts in the files are ignored.
const MAX_DEPTH: u32 = 4;
/// How many Chess960 positions are checked (the file has 960).
const CHESS960_POSITIONS: usize = 100;
/// The machine has two cores.
const THREADS: usize = 2;

/// One position with its expected node counts, `(depth, nodes)`.
#[derive(Debug)]
struct Case {
    /// Where it came from, for messages: `file:line`.
    origin: String,
    fen: String,
    expected: Vec<(u32, u64)>,
}

fn data_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/perft")
        .join(name)
}

fn read_data(name: &str) -> (PathBuf, String) {
    let path = data_file(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => (path, text),
        Err(e) => panic!(
            "perft data file {} cannot be read ({e}); the perft tests need the data \
             in tests/data/perft",
            path.display()
        ),
    }
}

/// Parses `FEN ;D1 20 ;D2 400 ...` lines.
fn parse_epd(name: &str, text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let origin = format!("{name}:{}", index + 1);
        let mut fields = line.split(';');
        let fen = fields.next().unwrap_or("").trim().to_string();
        let mut expected = Vec::new();
        for field in fields {
            let field = field.trim();
            let parsed = field.strip_prefix('D').and_then(|rest| {
                let (depth, nodes) = rest.split_once(char::is_whitespace)?;
                Some((depth.trim().parse().ok()?, nodes.trim().parse().ok()?))
            });
            match parsed {
                Some(pair) => expected.push(pair),
                None => panic!("{origin}: cannot read the perft field {field:?}"),
            }
        }
        assert!(!expected.is_empty(), "{origin}: no ;Dn fields in {line:?}");
        cases.push(Case {
            origin,
            fen,
            expected,
        });
    }
    cases
}

/// Parses blocks of `id N`, `epd FEN`, `perft D N` lines.
fn parse_perft_blocks(name: &str, text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let value = value.trim();
        match key {
            "id" => {}
            "epd" => cases.push(Case {
                origin: format!("{name}:{}", index + 1),
                fen: value.to_string(),
                expected: Vec::new(),
            }),
            "perft" => {
                let pair = value.split_once(char::is_whitespace).and_then(|(d, n)| {
                    Some((d.trim().parse::<u32>().ok()?, n.trim().parse::<u64>().ok()?))
                });
                let (Some(pair), Some(case)) = (pair, cases.last_mut()) else {
                    panic!("{name}:{}: cannot read {line:?}", index + 1);
                };
                case.expected.push(pair);
            }
            _ => panic!("{name}:{}: unknown line {line:?}", index + 1),
        }
    }
    for case in &cases {
        assert!(
            !case.expected.is_empty(),
            "{}: no perft lines for {}",
            case.origin,
            case.fen
        );
    }
    cases
}

/// What a run over a suite found.
#[derive(Default)]
struct Findings {
    /// Wrong counts and unexpected refusals, one readable line each.
    mismatches: Vec<String>,
    /// How many (position, depth) counts were compared.
    checked: usize,
}

/// Runs every case to `MAX_DEPTH` on `THREADS` threads, collecting every
/// mismatch rather than stopping at the first.
fn run_cases(cases: &[Case]) -> Findings {
    let next = AtomicUsize::new(0);
    let per_case = Mutex::new(Vec::with_capacity(cases.len()));
    thread::scope(|scope| {
        for _ in 0..THREADS {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(case) = cases.get(i) else { break };
                    let mut found = Findings::default();
                    check_case(case, &mut found);
                    per_case
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((i, found));
                }
            });
        }
    });
    let mut per_case = per_case.into_inner().unwrap_or_else(|e| e.into_inner());
    // Report in file order, whichever thread finished first.
    per_case.sort_by_key(|(i, _)| *i);
    let mut findings = Findings::default();
    for (_, found) in per_case {
        findings.mismatches.extend(found.mismatches);
        findings.checked += found.checked;
    }
    findings
}

fn check_case(case: &Case, findings: &mut Findings) {
    let mut game = match Game::from_fen(&case.fen) {
        Ok(game) => game,
        Err(e) => {
            findings.mismatches.push(format!(
                "{}: FEN {} was refused by Game::from_fen: {e:?}",
                case.origin, case.fen
            ));
            return;
        }
    };
    let fen_before = game.fen();
    let out = &mut findings.mismatches;
    for &(depth, expected) in &case.expected {
        if depth == 0 || depth > MAX_DEPTH {
            continue;
        }
        let got = perft(&mut game, depth);
        findings.checked += 1;
        if got != expected {
            out.push(format!(
                "{}: FEN {} depth {depth}: expected {expected}, got {got}",
                case.origin, case.fen
            ));
        }
    }
    // perft must leave the game as it found it.
    if game.fen() != fen_before || !game.plies().is_empty() {
        out.push(format!(
            "{}: FEN {}: perft changed the game (FEN now {}, {} plies)",
            case.origin,
            case.fen,
            game.fen(),
            game.plies().len()
        ));
    }
}

fn report(suite: &str, cases: &[Case], started: Instant, findings: Findings) {
    println!(
        "{suite}: {} positions, {} depth counts checked in {:.1?}",
        cases.len(),
        findings.checked,
        started.elapsed()
    );
    assert!(
        findings.checked > 0,
        "{suite}: no perft counts were checked"
    );
    assert!(
        findings.mismatches.is_empty(),
        "{suite}: {} perft mismatch(es):\n{}",
        findings.mismatches.len(),
        findings.mismatches.join("\n")
    );
}

#[test]
fn perftsuite_to_depth_4() {
    let started = Instant::now();
    let (path, text) = read_data("perftsuite.epd");
    let cases = parse_epd("perftsuite.epd", &text);
    assert!(!cases.is_empty(), "{}: no positions found", path.display());
    let result = run_cases(&cases);
    report("perftsuite.epd", &cases, started, result);
}

#[test]
fn chess960_first_100_to_depth_4() {
    let started = Instant::now();
    let (path, text) = read_data("chess960.perft");
    let mut cases = parse_perft_blocks("chess960.perft", &text);
    assert!(
        cases.len() >= CHESS960_POSITIONS,
        "{}: expected at least {CHESS960_POSITIONS} positions, found {}",
        path.display(),
        cases.len()
    );
    cases.truncate(CHESS960_POSITIONS);
    let result = run_cases(&cases);
    report("chess960.perft", &cases, started, result);
}
