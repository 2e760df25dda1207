//! PGN with an analysis, as lichess writes one: annabella's export is
//! read by python-chess (a second program, installed by `scripts/setup`)
//! with every evaluation, judgement and better move in place; lichess's
//! own analyses, by hand in its export style and from the lichess
//! database in `tests/data/pgn`, are imported with their notes and
//! written back with the same evaluations and judgement glyphs.

use std::process::Command;
use std::time::{Duration, Instant};

use annabella::rules::clock::{Bonus, Clock, TimeControl};
use annabella::rules::{Eval, Game, Judgement, PgnOptions, PlyNote, import_game, import_games};
use shakmaty::san::San;
use shakmaty::{Chess, Color, Move, Position};

/// The moves of a line of SAN from `pos`, by shakmaty alone.
fn moves_from(pos: &Chess, sans: &str) -> Vec<Move> {
    let mut pos = pos.clone();
    sans.split_whitespace()
        .map(|san| {
            let mv = San::from_ascii(san.trim_end_matches(['+', '#']).as_bytes())
                .unwrap_or_else(|e| panic!("{san}: {e}"))
                .to_move(&pos)
                .unwrap_or_else(|e| panic!("{san}: {e}"));
            pos.play_unchecked(mv);
            mv
        })
        .collect()
}

/// The Blackburne Shilling trap: the moves, and per ply the evaluation,
/// the judgement and the better line as lichess would give them.
const TRAP: [(&str, Eval, Option<Judgement>, &str); 13] = [
    ("e4", Eval::Cp(18), None, ""),
    ("e5", Eval::Cp(22), None, ""),
    ("Nf3", Eval::Cp(16), None, ""),
    ("Nc6", Eval::Cp(20), None, ""),
    ("Bc4", Eval::Cp(0), None, ""),
    (
        "Nd4",
        Eval::Cp(72),
        Some(Judgement::Inaccuracy),
        "Nf6 d3 Bc5",
    ),
    (
        "Nxe5",
        Eval::Cp(-30),
        Some(Judgement::Blunder),
        "Nxd4 exd4 O-O",
    ),
    ("Qg5", Eval::Cp(-25), None, ""),
    (
        "Nxf7",
        Eval::Cp(-1050),
        Some(Judgement::Mistake),
        "Bxf7+ Ke7 O-O",
    ),
    ("Qxg2", Eval::Mate(-3), None, ""),
    ("Rf1", Eval::Mate(-2), None, ""),
    ("Qxe4+", Eval::Mate(-1), None, ""),
    ("Be2", Eval::Mate(-1), None, ""),
];

/// Seconds each move takes on the clock.
const SPENT: u64 = 2;

/// The trap played on a five-minute clock, [`SPENT`] seconds a move,
/// and its notes.
fn analysed() -> (Game, Clock, Vec<PlyNote>) {
    let mut game = Game::new();
    let t0 = Instant::now();
    let control = TimeControl::simple(Duration::from_secs(300), Bonus::None);
    let mut clock = Clock::new(control, Color::White);
    clock.start(t0);
    let mut notes = Vec::new();
    for (i, (san, eval, judgement, better)) in TRAP.into_iter().enumerate() {
        let before = game.position().clone();
        let mv = moves_from(&before, san)[0];
        game.play(mv).expect("legal");
        clock.press(t0 + Duration::from_secs((i as u64 + 1) * SPENT));
        notes.push(PlyNote {
            eval: Some(eval),
            judgement,
            better: moves_from(&before, better),
        });
    }
    (game, clock, notes)
}

/// A text with its lines joined: what the writer wraps is read as one.
fn joined(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// python-chess, or a failure that says how to install it.
pub(crate) fn python_chess() {
    let out = Command::new("python3")
        .args(["-c", "import chess.pgn; print(chess.__version__)"])
        .output()
        .expect("python3 is missing: run scripts/setup (Debian package python3)");
    assert!(
        out.status.success(),
        "python-chess is missing: run scripts/setup (pip chess==1.11.2): {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Reads a PGN file's first game with python-chess and prints, per
/// move of the main line: its SAN, the `[%eval]` from White's side
/// (centipawns, or `#n`), its NAGs, the first other variation from the
/// position before it, and its `[%clk]` in seconds.
pub(crate) const READ: &str = r##"
import sys
import chess.pgn

with open(sys.argv[1], encoding="utf-8") as f:
    game = chess.pgn.read_game(f)
if game is None or game.errors:
    sys.exit("not read: %r" % (game and game.errors))
for node in game.mainline():
    score = node.eval()
    if score is None:
        ev = "-"
    elif score.white().is_mate():
        ev = "#%d" % score.white().mate()
    else:
        ev = str(score.white().score())
    nags = ",".join(str(n) for n in sorted(node.nags)) or "-"
    line = []
    others = node.parent.variations[1:]
    step = others[0] if others else None
    while step is not None:
        line.append(step.san())
        step = step.next()
    clock = node.clock()
    print(node.san(), ev, nags, " ".join(line) or "-",
          "-" if clock is None else "%g" % clock, sep="\t")
"##;

#[test]
fn python_chess_reads_the_analysis() {
    python_chess();
    let (game, clock, notes) = analysed();
    let pgn = game.pgn_with(&PgnOptions {
        clock: Some(&clock),
        notes: &notes,
        ..PgnOptions::default()
    });
    assert!(
        joined(&pgn)
            .contains("4. Nxe5?? { [%eval -0.3] [%clk 0:04:52] } (4. Nxd4 exd4 5. O-O) 4... Qg5"),
        "{pgn}"
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("analysed.pgn");
    std::fs::write(&file, &pgn).expect("written");
    let out = Command::new("python3")
        .arg("-c")
        .arg(READ)
        .arg(&file)
        .output()
        .expect("python3 runs");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}\n{pgn}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows: Vec<Vec<&str>> = said.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows.len(), TRAP.len(), "{said}");
    for (i, (row, (san, eval, judgement, better))) in rows.iter().zip(TRAP).enumerate() {
        let eval = match eval {
            Eval::Cp(cp) => cp.to_string(),
            Eval::Mate(n) => format!("#{n}"),
        };
        let nags = judgement.map_or("-".to_string(), |j| j.nag().to_string());
        let better = if better.is_empty() { "-" } else { better };
        // Five minutes less the time of the mover's moves so far.
        let seconds = 300 - (i as u64 / 2 + 1) * SPENT;
        let expected = [san, &eval, &nags, better, &seconds.to_string()];
        assert_eq!(row[..], expected[..], "ply {i}\n{said}\n{pgn}");
    }
}

/// A game as lichess exports it with its analysis ("evals" and
/// "literate" on): the judgement's text and the eval in two comments,
/// the clock in the eval's, the better line as a variation; a mate to
/// come as `#-3`.
const LICHESS: &str = "[Event \"Rated Blitz game\"]
[Site \"https://lichess.org/aBcDeFgH\"]
[Date \"2024.03.02\"]
[White \"anna\"]
[Black \"bella\"]
[Result \"0-1\"]
[TimeControl \"300+0\"]
[Termination \"Normal\"]
[Annotator \"lichess.org\"]

1. e4 { [%eval 0.18] [%clk 0:05:00] } 1... e5 { [%eval 0.22] [%clk 0:05:00] } \
2. Nf3 { [%eval 0.16] [%clk 0:04:58] } 2... Nc6 { [%eval 0.2] [%clk 0:04:57] } \
3. Bc4 { [%eval 0.0] [%clk 0:04:55] } 3... Nd4?! { [%eval 0.72] [%clk 0:04:50] } \
{ (0.00 → 0.72) Inaccuracy. Nf6 was best. } (3... Nf6 4. d3 Bc5) \
4. Nxe5?? { [%eval -0.3] [%clk 0:04:41] } { (0.72 → -0.30) Blunder. Nxd4 was best. } \
(4. Nxd4 exd4 5. O-O) 4... Qg5 { [%eval -0.25] [%clk 0:04:45] } \
5. Nxf7? { [%eval -10.5] [%clk 0:04:30] } { (-0.25 → -10.50) Mistake. Bxf7+ was best. } \
(5. Bxf7+ Ke7 6. O-O) 5... Qxg2 { [%eval #-3] [%clk 0:04:40] } \
6. Rf1 { [%eval #-2] [%clk 0:04:28] } 6... Qxe4+ { [%eval #-1] [%clk 0:04:38] } \
7. Be2 { [%eval #-1] [%clk 0:04:20] } 7... Nf3# { [%clk 0:04:37] } { Black wins by checkmate. } 0-1
";

/// The `[%eval …]` commands of a text, in order.
fn evals(text: &str) -> Vec<&str> {
    text.match_indices("[%eval ")
        .filter_map(|(at, _)| {
            let rest = &text[at..];
            rest.find(']').map(|end| &rest[..=end])
        })
        .collect()
}

/// The moves of a text written with a judgement glyph, in order.
fn judged(text: &str) -> Vec<&str> {
    text.split_whitespace()
        .filter(|w| w.chars().next().is_some_and(|c| c.is_ascii_alphabetic()))
        .filter(|w| w.ends_with('?') || w.ends_with("?!"))
        .collect()
}

#[test]
fn a_lichess_analysis_is_imported_and_written_back() {
    let read = import_game(LICHESS.as_bytes(), 1).expect("a game");
    assert_eq!(read.error, None);
    assert_eq!(read.game.plies().len(), 14);
    let notes = &read.notes;
    assert_eq!(notes.len(), 14);
    let (_, _, expected) = analysed();
    for (i, note) in expected.iter().enumerate() {
        assert_eq!(notes[i].eval, note.eval, "eval of ply {i}");
        assert_eq!(notes[i].judgement, note.judgement, "judgement of ply {i}");
        assert_eq!(notes[i].better, note.better, "better line of ply {i}");
    }
    assert_eq!(notes[9].eval, Some(Eval::Mate(-3)));
    // After the mate lichess gives no evaluation.
    assert_eq!(notes[13], PlyNote::default());

    let written = read.game.pgn_with(&PgnOptions {
        tags: &read.tags,
        notes,
        ..PgnOptions::default()
    });
    assert_eq!(evals(&written), evals(LICHESS), "{written}");
    assert_eq!(judged(&written), ["Nd4?!", "Nxe5??", "Nxf7?"], "{written}");
    assert_eq!(judged(&written), judged(LICHESS));
    for line in [
        "(3... Nf6 4. d3 Bc5)",
        "(4. Nxd4 exd4 5. O-O)",
        "(5. Bxf7+ Ke7 6. O-O)",
    ] {
        assert!(joined(&written).contains(line), "{line} in {written}");
    }
    let again = import_game(written.as_bytes(), 1).expect("a game");
    assert_eq!(&again.notes, notes);
}

#[test]
fn lichess_database_games_keep_their_evals_and_glyphs() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn/lichess_db_100k.pgn"
    );
    let text = std::fs::read_to_string(path).expect("the lichess sample");
    // Each game's movetext is one line there.
    let mut originals: Vec<&str> = text.lines().filter(|l| l.contains("[%eval")).collect();
    assert!(!originals.is_empty());
    let mut checked = 0;
    for game in import_games(text.as_bytes()) {
        if game.notes.is_empty() {
            continue;
        }
        let written = game.game.pgn_with(&PgnOptions {
            tags: &game.tags,
            notes: &game.notes,
            ..PgnOptions::default()
        });
        let found = originals
            .iter()
            .position(|o| evals(o) == evals(&written) && judged(o) == judged(&written));
        let Some(found) = found else {
            panic!("no game of the file has the evals of\n{written}");
        };
        originals.remove(found);
        checked += 1;
    }
    assert!(
        originals.is_empty(),
        "not imported with notes: {originals:?}"
    );
    assert!(checked >= 2);
}

#[test]
fn a_game_without_analysis_has_no_notes() {
    let mut game = Game::new();
    for mv in moves_from(&Chess::default(), "d4 d5 c4") {
        game.play(mv).expect("legal");
    }
    let written = game.pgn_with(&PgnOptions::default());
    assert!(
        !written.contains('{') && !written.contains('('),
        "{written}"
    );
    assert!(
        import_game(written.as_bytes(), 1)
            .expect("a game")
            .notes
            .is_empty()
    );
    // A clock, a comment and NAGs that are no judgement are no analysis.
    let text = b"1. d4 {[%clk 0:03:00]} d5 $1 2. c4 {the Queen's Gambit} !? *";
    assert!(import_game(text, 1).expect("a game").notes.is_empty());
}
