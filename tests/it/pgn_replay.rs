//! Replays every game of `tests/data/pgn/*.pgn` through the real
//! binary, one SAN per line, and compares the final `fen` with a position
//! computed independently with shakmaty.
//!
//! The binary runs with `--lang en` in the default style and verbosity, so
//! every accepted move prints exactly one line `N. White: ...` or
//! `N. Black: ...`, a game-ending move one more line `Game over: ...`, and
//! the `fen` command the FEN. Any other line (a refusal, a question, "not
//! understood") fails the test.
//!
//! A few over-the-board games go on after a dead position (only the kings
//! left, say). FIDE Art. 5.2.2 ends the game there and so does the client;
//! such games are replayed up to that point and listed in the summary.

use crate::common;

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::Instant;

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position};

/// The machine has two cores.
const THREADS: usize = 2;

/// One game of a PGN file: where it is and its mainline.
#[derive(Debug)]
struct Record {
    /// `file #n (White - Black, Site)`, for messages.
    label: String,
    /// The `FEN` tag, for games from a set-up position.
    fen: Option<String>,
    /// Mainline moves in SAN, variations left out.
    sans: Vec<String>,
}

#[derive(Default)]
struct Tags {
    fen: Option<String>,
    white: String,
    black: String,
    site: String,
}

/// Collects the tags and mainline SAN of one game.
struct Mainline {
    file: String,
    games: usize,
}

impl Visitor for Mainline {
    type Tags = Tags;
    type Movetext = Record;
    type Output = Record;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Tags::default())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        let value = value.decode_utf8_lossy().into_owned();
        match name {
            b"FEN" => tags.fen = Some(value),
            b"White" => tags.white = value,
            b"Black" => tags.black = value,
            b"Site" => tags.site = value,
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        self.games += 1;
        ControlFlow::Continue(Record {
            label: format!(
                "{} game #{} ({} - {}, {})",
                self.file, self.games, tags.white, tags.black, tags.site
            ),
            fen: tags.fen,
            sans: Vec::new(),
        })
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        movetext.sans.push(san_plus.to_string());
        ControlFlow::Continue(())
    }

    // Variations are skipped by the default `begin_variation`; comments
    // such as `{ [%clk 0:05:00] }` and NAGs are ignored by default.

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        movetext
    }
}

fn read_games(path: &Path) -> io::Result<Vec<Record>> {
    let file = std::fs::File::open(path)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut visitor = Mainline {
        file: name,
        games: 0,
    };
    let mut reader = Reader::new(file);
    let mut games = Vec::new();
    while let Some(record) = reader.read_game(&mut visitor)? {
        games.push(record);
    }
    Ok(games)
}

/// What the binary must print, worked out with shakmaty alone.
struct Expected {
    /// How many moves of the mainline are sent: all of them, unless the
    /// game ended by itself before the PGN does.
    plies: usize,
    /// Why and after which ply the game ended early, if it did.
    cut: Option<(&'static str, usize)>,
    /// The prefix of each move's announcement: `12. Black: `.
    prefixes: Vec<String>,
    /// Whether the final position ends the game without a claim.
    over: Option<&'static str>,
    /// The final position (legal en passant only, as `fen` prints it).
    fen: String,
}

fn color_word(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Results that need no claim (FIDE Art. 5, 9.6): mate, stalemate, dead
/// position (as shakmaty judges insufficient material), fivefold
/// repetition, 75 moves.
fn automatic_end(pos: &Chess, keys: &[u64]) -> Option<&'static str> {
    if pos.is_checkmate() {
        return Some("checkmate");
    }
    if pos.is_stalemate() {
        return Some("stalemate");
    }
    if pos.is_insufficient_material() {
        return Some("dead position");
    }
    let last = keys.last()?;
    if keys.iter().filter(|&k| k == last).count() >= 5 {
        return Some("fivefold repetition");
    }
    if pos.halfmoves() >= 150 {
        return Some("75-move rule");
    }
    None
}

fn key(pos: &Chess) -> u64 {
    u64::from(pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal))
}

fn expected(record: &Record) -> Result<Expected, String> {
    let mut pos = match &record.fen {
        None => Chess::default(),
        Some(fen) => {
            let fen: Fen = fen.parse().map_err(|e| format!("FEN tag {fen:?}: {e}"))?;
            let setup = fen.into_setup();
            let mode = CastlingMode::detect(&setup);
            setup
                .position(mode)
                .map_err(|e| format!("FEN tag is not a legal position: {e}"))?
        }
    };
    let mut keys = vec![key(&pos)];
    let mut prefixes = Vec::with_capacity(record.sans.len());
    let mut cut = None;
    for (ply, text) in record.sans.iter().enumerate() {
        if let Some(reason) = automatic_end(&pos, &keys) {
            cut = Some((reason, ply));
            break;
        }
        prefixes.push(format!("{}. {}: ", pos.fullmoves(), color_word(pos.turn())));
        let san: SanPlus = text
            .parse()
            .map_err(|e| format!("ply {} {text:?}: not SAN: {e}", ply + 1))?;
        let mv = san
            .san
            .to_move(&pos)
            .map_err(|e| format!("ply {} {text:?}: not legal: {e}", ply + 1))?;
        pos.play_unchecked(mv);
        keys.push(key(&pos));
    }
    Ok(Expected {
        plies: prefixes.len(),
        cut,
        prefixes,
        over: automatic_end(&pos, &keys),
        fen: Fen::from_position(&pos, EnPassantMode::Legal).to_string(),
    })
}

/// `^\d+\. (White|Black): `
fn is_move_line(line: &str) -> bool {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0
        && (line[digits..].starts_with(". White: ") || line[digits..].starts_with(". Black: "))
}

/// Runs the binary on one game; returns the problems found.
fn replay(record: &Record) -> Result<(), String> {
    let expected = expected(record)?;
    let sans = &record.sans[..expected.plies];
    let mut input = String::new();
    for san in sans {
        input.push_str(san);
        input.push('\n');
    }
    input.push_str("fen\n");

    let home = common::Home::new();
    let mut command = Command::new(env!("CARGO_BIN_EXE_annabella"));
    home.apply(&mut command);
    // The moves alone: the opening's name is not said between them.
    command.args(["--lang", "en", "--opponent", "human", "--opening", "off"]);
    if let Some(fen) = &record.fen {
        command.args(["--fen", fen]);
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the binary: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin pipe")?;
    // Write from a second thread so a full stdout pipe cannot deadlock us.
    // A failed write (the binary quit early) shows in the output checks.
    let output = thread::scope(|scope| {
        scope.spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
        });
        child.wait_with_output()
    });
    let output = output.map_err(|e| format!("binary failed: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(format!(
            "binary exited with {}; stderr: {stderr}",
            output.status
        ));
    }

    let mut lines: Vec<&str> = stdout.lines().collect();
    let last = lines.pop().unwrap_or("");
    let mut problems = Vec::new();
    if last != expected.fen {
        problems.push(format!(
            "final FEN: expected {:?}, got {last:?}",
            expected.fen
        ));
    }
    let mut moves = 0;
    let mut game_over = 0;
    for line in &lines {
        if is_move_line(line) {
            match expected.prefixes.get(moves) {
                Some(prefix) if line.starts_with(prefix.as_str()) => {}
                Some(prefix) => problems.push(format!(
                    "announcement {} should start with {prefix:?}: {line:?}",
                    moves + 1
                )),
                None => problems.push(format!("announcement beyond the last move: {line:?}")),
            }
            if game_over > 0 {
                problems.push(format!("move announced after the game was over: {line:?}"));
            }
            moves += 1;
        } else if line.starts_with("Game over: ") {
            game_over += 1;
            if moves != sans.len() {
                problems.push(format!("{line:?} after move {moves} of {}", sans.len()));
            }
        } else {
            let after = moves
                .checked_sub(1)
                .and_then(|i| sans.get(i))
                .map_or("the start".to_string(), |san| format!("ply {moves} {san}"));
            problems.push(format!("unexpected line after {after}: {line:?}"));
        }
    }
    if moves != sans.len() {
        problems.push(format!("{} moves sent, {moves} announced", sans.len()));
    }
    match (expected.over, game_over) {
        (None, 0) | (Some(_), 1) => {}
        (None, n) => problems.push(format!(
            "{n} `Game over` line(s), but the final position does not end the game by itself"
        )),
        (Some(reason), n) => problems.push(format!(
            "final position is over by {reason}; expected one `Game over` line, got {n}"
        )),
    }
    if !stderr.trim().is_empty() {
        problems.push(format!("stderr: {stderr}"));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n    "))
    }
}

#[test]
fn replay_shared_pgn_games_through_the_binary() {
    let started = Instant::now();
    let files = common::shared_pgn_files();
    assert!(!files.is_empty(), "no shared *.pgn files");

    let mut games = Vec::new();
    for path in &files {
        let found = read_games(path)
            .unwrap_or_else(|e| panic!("{} cannot be read as PGN: {e}", path.display()));
        assert!(!found.is_empty(), "{}: no games found", path.display());
        println!("{}: {} games", path.display(), found.len());
        games.extend(found);
    }
    assert!(!games.is_empty(), "no games found in the shared files");

    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    thread::scope(|scope| {
        for _ in 0..THREADS {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(record) = games.get(i) else { break };
                    if let Err(problem) = replay(record) {
                        failures
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push((i, format!("{}:\n    {problem}", record.label)));
                    }
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    failures.sort();

    let (mut moves, mut ended) = (0, 0);
    for record in &games {
        let Ok(e) = expected(record) else { continue };
        moves += e.plies;
        ended += usize::from(e.over.is_some());
        if let Some((reason, ply)) = e.cut {
            println!(
                "{}: over by {reason} after ply {ply}; the PGN goes on for {} more, not sent",
                record.label,
                record.sans.len() - ply
            );
        }
    }
    println!(
        "replayed {} games, {moves} moves ({ended} games end automatically) from {} files \
         in {:.1?}; {} failed",
        games.len(),
        files.len(),
        started.elapsed(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} games failed:\n{}",
        failures.len(),
        games.len(),
        failures
            .iter()
            .map(|(_, f)| f.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}
