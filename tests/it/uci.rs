//! A scripted UCI session with `annabella uci`: one command at a time,
//! each answer read before the next command, as a GUI drives an engine.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::Duration;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

/// Longest wait for one answer; the searches here take milliseconds.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_annabella"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("annabella uci starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout: ChildStdout = child.stdout.take().expect("stdout");
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines: rx,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("engine reads");
        self.stdin.flush().expect("flush");
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            match self.lines.recv_timeout(ANSWER_TIMEOUT) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(e) => panic!("no {prefix:?} ({e}); got {seen:#?}"),
            }
        }
    }

    fn bestmove(&mut self) -> (String, Vec<String>) {
        let lines = self.until("bestmove ");
        let last = lines.last().cloned().unwrap_or_default();
        let mv = last
            .split_whitespace()
            .nth(1)
            .unwrap_or_default()
            .to_string();
        (mv, lines)
    }
}

fn legal_in(fen: Option<&str>, moves: &[&str], answer: &str, mode: CastlingMode) -> bool {
    let mut pos: Chess = match fen {
        None => Chess::default(),
        Some(f) => f.parse::<Fen>().unwrap().into_position(mode).unwrap(),
    };
    for m in moves {
        let mv = m.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(mv);
    }
    answer
        .parse::<UciMove>()
        .ok()
        .and_then(|u| u.to_move(&pos).ok())
        .is_some()
}

#[test]
fn a_gui_session() {
    let mut e = Engine::start();

    e.send("uci");
    let intro = e.until("uciok");
    assert!(intro[0].starts_with("id name annabella"), "{intro:?}");
    for option in [
        "option name Hash type spin",
        "option name Threads type spin default 1 min 1 max 1",
        "option name Level type spin default 10 min 1 max 10",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin",
        "option name UCI_Chess960 type check default false",
    ] {
        assert!(
            intro.iter().any(|l| l.starts_with(option)),
            "{option}: {intro:?}"
        );
    }

    e.send("setoption name Hash value 8");
    e.send("isready");
    assert_eq!(e.until("readyok"), ["readyok"]);
    e.send("ucinewgame");

    // A fixed depth: one info line per iteration, then a legal move.
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 5");
    let (mv, lines) = e.bestmove();
    assert!(
        legal_in(None, &["e2e4", "e7e5"], &mv, CastlingMode::Standard),
        "{mv}"
    );
    let depths: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .map(|l| l.split_whitespace().next().unwrap_or(""))
        .collect();
    assert_eq!(depths, ["1", "2", "3", "4", "5"], "{lines:?}");
    assert!(
        lines
            .iter()
            .all(|l| !l.starts_with("info") || l.contains(" pv ")),
        "{lines:?}"
    );

    // Mate in one is found and scored as mate.
    let mate = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    e.send(&format!("position fen {mate}"));
    e.send("go depth 3");
    let (mv, lines) = e.bestmove();
    assert_eq!(mv, "h5f7");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );

    // Every way of giving time.
    for go in [
        "go movetime 50",
        "go wtime 2000 btime 2000 winc 10 binc 10 movestogo 20",
        "go wtime 300 btime 300",
        "go nodes 3000",
    ] {
        e.send("position startpos moves d2d4");
        e.send(go);
        let (mv, _) = e.bestmove();
        assert!(
            legal_in(None, &["d2d4"], &mv, CastlingMode::Standard),
            "{go}: {mv}"
        );
    }

    // An infinite search answers isready while it thinks, and moves on stop.
    e.send("position startpos");
    e.send("go infinite");
    thread::sleep(Duration::from_millis(100));
    e.send("isready");
    let ready = e.until("readyok");
    assert!(
        ready.iter().all(|l| !l.starts_with("bestmove")),
        "{ready:?}"
    );
    e.send("stop");
    let (mv, _) = e.bestmove();
    assert!(legal_in(None, &[], &mv, CastlingMode::Standard), "{mv}");

    // Levels and limited strength still play legal moves.
    e.send("setoption name Level value 1");
    e.send("position startpos moves g1f3");
    e.send("go depth 6");
    let (mv, lines) = e.bestmove();
    assert!(
        legal_in(None, &["g1f3"], &mv, CastlingMode::Standard),
        "{mv}"
    );
    // Level 1 looks one ply ahead, whatever the GUI asks.
    assert!(
        !lines.iter().any(|l| l.starts_with("info depth 2")),
        "{lines:?}"
    );
    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name UCI_Elo value 1500");
    e.send("go movetime 100");
    let (mv, _) = e.bestmove();
    assert!(
        legal_in(None, &["g1f3"], &mv, CastlingMode::Standard),
        "{mv}"
    );
    e.send("setoption name UCI_LimitStrength value false");
    e.send("setoption name Level value 10");

    // Chess960: castling is king-takes-rook.
    e.send("setoption name UCI_Chess960 value true");
    let c960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    e.send(&format!("position fen {c960}"));
    e.send("go depth 4");
    let (mv, _) = e.bestmove();
    assert!(
        legal_in(Some(c960), &[], &mv, CastlingMode::Chess960),
        "{mv}"
    );
    e.send("setoption name UCI_Chess960 value false");

    // Bad input gets an answer and changes nothing.
    e.send("position startpos moves e2e5");
    e.send("frobnicate");
    e.send("setoption name Hash value lots");
    e.send("isready");
    let answers = e.until("readyok");
    assert!(
        answers.iter().any(|l| l.contains("e2e5 is not legal")),
        "{answers:?}"
    );
    assert!(
        answers
            .iter()
            .any(|l| l.contains("unknown command: frobnicate")),
        "{answers:?}"
    );
    assert!(
        answers
            .iter()
            .any(|l| l.contains("option Hash cannot take")),
        "{answers:?}"
    );
    // The legal start of the refused command stands, as in Stockfish:
    // here the start position, not the Chess960 one before it.
    e.send("go depth 2");
    let (mv, _) = e.bestmove();
    assert!(legal_in(None, &[], &mv, CastlingMode::Chess960), "{mv}");

    e.send("quit");
    let status = e.child.wait().expect("exits");
    assert!(status.success());
}

#[test]
fn the_end_of_input_ends_the_server() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go depth 3");
    drop(e.stdin);
    // The running search still answers before the server leaves.
    let mut lines = Vec::new();
    while let Ok(line) = e.lines.recv_timeout(ANSWER_TIMEOUT) {
        lines.push(line);
    }
    assert!(
        lines.iter().any(|l| l.starts_with("bestmove ")),
        "{lines:?}"
    );
    assert!(e.child.wait().expect("exits").success());
}

/// The server's answers to `input`, read in this process.
fn serve_text(input: &str) -> Vec<String> {
    #[derive(Clone, Default)]
    struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().expect("one writer at a time").write(buf)
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let out = Shared::default();
    annabella::engine::uci::serve(std::io::Cursor::new(input.to_string()), out.clone());
    let bytes = out.0.lock().expect("the server has ended").clone();
    String::from_utf8_lossy(&bytes)
        .lines()
        .map(str::to_string)
        .collect()
}

/// The move `bestmove` answers, among the server's answers.
fn best(out: &[String]) -> String {
    out.iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .and_then(|l| l.split_whitespace().next())
        .unwrap_or_default()
        .to_string()
}

/// After a `position` with an illegal move, `go` searches the position
/// after the command's legal moves (as Stockfish does), not the one
/// before the command, whose moves the GUI has left behind; after a FEN
/// that cannot be read there is no position both agree on, and the
/// answer is the null move `0000`, never a move that may be illegal
/// (issue 24, item 14).
#[test]
fn a_refused_position_is_searched_up_to_its_illegal_move() {
    let out = serve_text(
        "position fen 3qk3/8/8/8/8/8/8/3QK3 w - - 0 1\n\
         position startpos moves e2e4 e7e5 g1f3 e2e5\n\
         go depth 2\n",
    );
    assert!(
        out.iter().any(|l| l.contains("e2e5 is not legal")),
        "{out:?}"
    );
    let mv = best(&out);
    assert!(
        legal_in(None, &["e2e4", "e7e5", "g1f3"], &mv, CastlingMode::Standard),
        "{mv}: {out:?}"
    );
    let out = serve_text(
        "position fen 3qk3/8/8/8/8/8/8/3QK3 w - - 0 1\n\
         position fen 8/8/8/8 w - - 0 1\n\
         go depth 2\n",
    );
    assert_eq!(best(&out), "0000", "{out:?}");
    // A legal position afterwards is searched again.
    let out = serve_text("position fen nonsense\nposition startpos moves d2d4\ngo depth 1\n");
    let mv = best(&out);
    assert!(
        legal_in(None, &["d2d4"], &mv, CastlingMode::Standard),
        "{mv}: {out:?}"
    );
}

/// The cause of the `uci_client` fuzzing crash, on the server's side:
/// vampirc-uci reads `depth`, `mate` and `movestogo` of `go` into a byte
/// and panicked above 255.
#[test]
fn numbers_too_big_for_a_byte_are_answered() {
    for go in [
        "go depth 300",
        "go mate 999",
        "go wtime 1000 btime 1000 movestogo 256",
        "go searchmoves e2e4 depth 3000",
    ] {
        let out = serve_text(&format!("position startpos\n{go}\n"));
        assert_eq!(
            out.iter().filter(|l| l.starts_with("bestmove ")).count(),
            1,
            "{go}: {out:?}"
        );
    }
}
