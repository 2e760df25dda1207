//! The analysis an annotated PGN carries, as lichess exports one: the
//! evaluation in a comment after a move (`{ [%eval 0.17] }`,
//! `[%eval #-3]`, `[%eval 0.17,23]` with a depth), a judgement as a NAG
//! (`?!`, `?`, `??`, `$6`, `$2`, `$4`) and the better line as the first
//! variation after the move. What does not read is passed over: a note
//! never stops an import.

use pgn_reader::Skip;
use shakmaty::san::San;
use shakmaty::{Chess, Move, Position};

use crate::{Eval, Judgement, PlyNote};

/// The first `[%eval …]` of a comment that reads.
pub(super) fn eval_in(comment: &[u8]) -> Option<Eval> {
    const COMMAND: &[u8] = b"[%eval";
    let mut rest = comment;
    while let Some(at) = memchr::memmem::find(rest, COMMAND) {
        rest = &rest[at + COMMAND.len()..];
        // The value runs to the bracket; a command without one is cut off.
        let close = memchr::memchr(b']', rest)?;
        let body = &rest[..close];
        if body.first().is_some_and(u8::is_ascii_whitespace)
            && let Some(eval) = eval_value(body.trim_ascii())
        {
            return Some(eval);
        }
        rest = &rest[close..];
    }
    None
}

/// `0.17`, `-1.5`, `#3`, `#-2`, each maybe with `,depth`.
fn eval_value(text: &[u8]) -> Option<Eval> {
    let value = match text.iter().position(|&b| b == b',') {
        Some(comma) => {
            let depth = &text[comma + 1..];
            if depth.is_empty() || !depth.iter().all(u8::is_ascii_digit) {
                return None;
            }
            &text[..comma]
        }
        None => text,
    };
    match value.strip_prefix(b"#") {
        Some(mate) => {
            let (negative, digits) = signed(mate);
            let n = digits_value(digits)?;
            Some(Eval::Mate(if negative { -n } else { n }))
        }
        None => centipawns(value).map(Eval::Cp),
    }
}

/// A leading sign taken off: whether it was a minus, and the rest.
fn signed(text: &[u8]) -> (bool, &[u8]) {
    match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, text),
    }
}

/// Digits only, at least one, as a number that fits.
fn digits_value(digits: &[u8]) -> Option<i32> {
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    digits.iter().try_fold(0i32, |n, &d| {
        n.checked_mul(10)?.checked_add(i32::from(d - b'0'))
    })
}

/// Pawns with decimals (`0.17`, `-4`, `.5`, `1.`) as centipawns; more
/// than two decimals are rounded to the nearest, halves away from zero.
fn centipawns(text: &[u8]) -> Option<i32> {
    let (negative, unsigned) = signed(text);
    let (whole, fraction) = match unsigned.iter().position(|&b| b == b'.') {
        Some(dot) => (&unsigned[..dot], &unsigned[dot + 1..]),
        None => (unsigned, &b""[..]),
    };
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    let whole = if whole.is_empty() {
        0
    } else {
        digits_value(whole)?
    };
    if !fraction.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let digit = |i: usize| fraction.get(i).map_or(0, |&d| i32::from(d - b'0'));
    let round_up = i32::from(digit(2) >= 5);
    let cents = whole
        .checked_mul(100)?
        .checked_add(digit(0) * 10 + digit(1) + round_up)?;
    Some(if negative { -cents } else { cents })
}

/// The better line being read: the first variation after a move.
struct Line {
    /// The ply the variation replaces.
    ply: usize,
    /// The position reached so far along the line.
    pos: Chess,
    moves: Vec<Move>,
    /// Whether a move of the line did not play: the line is dropped.
    broken: bool,
}

/// Collects the notes of one game's main line as `pgn-reader` walks it.
#[derive(Default)]
pub(super) struct Notes {
    notes: Vec<PlyNote>,
    /// How deep in variations the reader is (0 = the main line).
    depth: usize,
    line: Option<Line>,
    /// Whether the move played last has had its first variation: any
    /// later one is an alternative, not the better line.
    varied: bool,
    /// Whether any variation was read as a better line.
    read: bool,
}

impl Notes {
    /// Whether the reader is inside a variation.
    pub fn in_variation(&self) -> bool {
        self.depth > 0
    }

    /// Whether any variation was read as a better line, kept or not.
    pub fn read_variations(&self) -> bool {
        self.read
    }

    /// A move of the main line was played.
    pub fn played(&mut self) {
        self.varied = false;
    }

    /// The note of ply `ply`, made when first written to.
    fn at(&mut self, ply: usize) -> &mut PlyNote {
        if self.notes.len() <= ply {
            self.notes.resize_with(ply + 1, PlyNote::default);
        }
        &mut self.notes[ply]
    }

    /// A NAG after ply `ply` (the last played, if any); only the three
    /// judgements are kept.
    pub fn nag(&mut self, ply: Option<usize>, nag: u8) {
        if self.depth == 0
            && let Some(ply) = ply
            && let Some(judgement) = Judgement::from_nag(nag)
        {
            self.at(ply).judgement = Some(judgement);
        }
    }

    /// A comment after ply `ply` (the last played, if any).
    pub fn comment(&mut self, ply: Option<usize>, text: &[u8]) {
        if self.depth == 0
            && let Some(ply) = ply
            && let Some(eval) = eval_in(text)
        {
            self.at(ply).eval = Some(eval);
        }
    }

    /// A `(`: the first variation after a main-line move is read from
    /// `before`, the position before ply `ply`; any other is skipped.
    pub fn begin_variation(&mut self, last: Option<(usize, &Chess)>) -> Skip {
        self.depth += 1;
        match last {
            Some((ply, before)) if self.depth == 1 && !self.varied => {
                self.varied = true;
                self.read = true;
                self.line = Some(Line {
                    ply,
                    pos: before.clone(),
                    moves: Vec::new(),
                    broken: false,
                });
                Skip(false)
            }
            _ => Skip(true),
        }
    }

    /// A move inside a variation.
    pub fn san(&mut self, san: San) {
        if self.depth != 1 {
            return;
        }
        let Some(line) = self.line.as_mut().filter(|l| !l.broken) else {
            return;
        };
        match san.to_move(&line.pos) {
            Ok(mv) => {
                line.pos.play_unchecked(mv);
                line.moves.push(mv);
            }
            Err(_) => line.broken = true,
        }
    }

    /// A `)`: the better line is kept when every move of it played.
    pub fn end_variation(&mut self) {
        if self.depth == 1
            && let Some(line) = self.line.take()
            && !line.broken
            && !line.moves.is_empty()
        {
            self.at(line.ply).better = line.moves;
        }
        self.depth = self.depth.saturating_sub(1);
    }

    /// The notes of a game of `plies` moves: one per ply, or none when no
    /// move has a note.
    pub fn finish(&mut self, plies: usize) -> Vec<PlyNote> {
        let mut notes = std::mem::take(&mut self.notes);
        notes.truncate(plies);
        if notes.iter().all(PlyNote::is_empty) {
            return Vec::new();
        }
        notes.resize_with(plies, PlyNote::default);
        notes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::line;
    use crate::{Game, PgnOptions, import_game};

    fn eval(comment: &str) -> Option<Eval> {
        eval_in(comment.as_bytes())
    }

    #[test]
    fn evals_as_lichess_and_others_write_them() {
        assert_eq!(eval(" [%eval 0.17] "), Some(Eval::Cp(17)));
        assert_eq!(eval("[%eval -0.3] [%clk 0:05:00]"), Some(Eval::Cp(-30)));
        assert_eq!(eval("[%eval 1.0]"), Some(Eval::Cp(100)));
        assert_eq!(eval("[%eval -4.2]"), Some(Eval::Cp(-420)));
        assert_eq!(eval("[%eval 0.0]"), Some(Eval::Cp(0)));
        assert_eq!(eval("[%eval +2]"), Some(Eval::Cp(200)));
        assert_eq!(eval("[%eval 3.]"), Some(Eval::Cp(300)));
        assert_eq!(eval("[%eval -.5]"), Some(Eval::Cp(-50)));
        assert_eq!(eval("[%eval 0.175]"), Some(Eval::Cp(18)));
        assert_eq!(eval("[%eval -0.174]"), Some(Eval::Cp(-17)));
        assert_eq!(eval("[%eval #3]"), Some(Eval::Mate(3)));
        assert_eq!(eval("[%eval #-2]"), Some(Eval::Mate(-2)));
        assert_eq!(eval("[%eval #+1]"), Some(Eval::Mate(1)));
        assert_eq!(eval("[%eval #0]"), Some(Eval::Mate(0)));
        assert_eq!(eval("[%eval 0.17,23]"), Some(Eval::Cp(17)));
        assert_eq!(eval("[%eval #-4,40]"), Some(Eval::Mate(-4)));
        assert_eq!(eval("Blunder. [%eval  0.25 ]"), Some(Eval::Cp(25)));
    }

    #[test]
    fn garbage_is_no_eval() {
        for comment in [
            "",
            "best by test",
            "[%eval]",
            "[%eval ]",
            "[%eval x]",
            "[%eval 0.1.2]",
            "[%eval 1e3]",
            "[%eval #]",
            "[%eval #--3]",
            "[%eval #3.5]",
            "[%eval .]",
            "[%eval -]",
            "[%eval 0.17,]",
            "[%eval 0.17,x]",
            "[%eval0.17]",
            "[%eval 0.17",
            "[%eval 99999999999]",
            "[%eval #99999999999]",
            "[%evaluation 0.3]",
            "[%eval ÿ]",
        ] {
            assert_eq!(eval(comment), None, "{comment:?}");
        }
        // A broken command does not hide a good one after it.
        assert_eq!(eval("[%eval x] [%eval 0.5]"), Some(Eval::Cp(50)));
    }

    #[test]
    fn nags_other_than_judgements_are_passed_over() {
        let mut notes = Notes::default();
        notes.nag(Some(0), 1);
        notes.nag(Some(0), 14);
        notes.nag(None, 4);
        assert_eq!(notes.finish(1), Vec::<PlyNote>::new());
        notes.nag(Some(1), 6);
        let read = notes.finish(3);
        assert_eq!(read.len(), 3);
        assert_eq!(read[1].judgement, Some(Judgement::Inaccuracy));
        assert!(read[0].is_empty() && read[2].is_empty());
    }

    #[test]
    fn the_first_variation_only_and_not_its_own() {
        let start = Chess::default();
        let mut notes = Notes::default();
        let san = |s: &str| San::from_ascii(s.as_bytes()).expect("SAN");
        notes.played();
        assert_eq!(notes.begin_variation(Some((0, &start))), Skip(false));
        notes.san(san("d4"));
        assert_eq!(notes.begin_variation(Some((0, &start))), Skip(true));
        notes.end_variation();
        notes.san(san("d5"));
        notes.end_variation();
        // A second variation after the same move, and a broken one.
        assert_eq!(notes.begin_variation(Some((0, &start))), Skip(true));
        notes.end_variation();
        notes.played();
        assert_eq!(notes.begin_variation(Some((1, &start))), Skip(false));
        notes.san(san("Nf6"));
        notes.end_variation();
        assert!(!notes.in_variation());
        let read = notes.finish(2);
        assert_eq!(read[0].better.len(), 2);
        assert!(read[1].better.is_empty(), "Nf6 is no move of White's");
    }

    /// The Blackburne Shilling trap, with an analysis of it.
    fn analysed() -> (Game, Vec<PlyNote>) {
        let mut game = Game::new();
        for mv in line(
            &Chess::default(),
            "e4 e5 Nf3 Nc6 Bc4 Nd4 Nxe5 Qg5 Nxf7 Qxg2",
        ) {
            game.play(mv).expect("legal");
        }
        let mut notes = vec![PlyNote::default(); 10];
        let evals = [17, 20, 18, 25, 30, 95, -10, 35, -420, -990];
        for (note, cp) in notes.iter_mut().zip(evals) {
            note.eval = Some(Eval::Cp(cp));
        }
        notes[5].judgement = Some(Judgement::Inaccuracy);
        let before = |ply: usize| game.position_before(ply).expect("ply").clone();
        notes[5].better = line(&before(5), "Bc5 c3 Nf6");
        notes[6].judgement = Some(Judgement::Blunder);
        notes[6].better = line(&before(6), "Nxd4 exd4 O-O");
        notes[8].judgement = Some(Judgement::Mistake);
        notes[8].better = line(&before(8), "Bxf7+ Ke7");
        notes[9].eval = Some(Eval::Mate(-3));
        (game, notes)
    }

    #[test]
    fn written_as_lichess_writes_an_analysis() {
        let (game, notes) = analysed();
        let pgn = game.pgn_with(&PgnOptions {
            notes: &notes,
            ..PgnOptions::default()
        });
        let movetext: String = pgn
            .split("\n\n")
            .nth(1)
            .expect("movetext")
            .replace('\n', " ");
        assert_eq!(
            movetext.trim_end(),
            "1. e4 { [%eval 0.17] } 1... e5 { [%eval 0.2] } 2. Nf3 { [%eval 0.18] } \
             2... Nc6 { [%eval 0.25] } 3. Bc4 { [%eval 0.3] } 3... Nd4?! { [%eval 0.95] } \
             (3... Bc5 4. c3 Nf6) 4. Nxe5?? { [%eval -0.1] } (4. Nxd4 exd4 5. O-O) \
             4... Qg5 { [%eval 0.35] } 5. Nxf7? { [%eval -4.2] } (5. Bxf7+ Ke7) \
             5... Qxg2 { [%eval #-3] } *"
        );
        assert!(pgn.lines().all(|l| l.len() <= 79), "{pgn}");
        let german = game.pgn_with(&PgnOptions {
            notes: &notes,
            german: true,
            ..PgnOptions::default()
        });
        assert!(german.contains("(4. Sxd4 exd4 5. O-O)"), "{german}");
    }

    #[test]
    fn read_back_as_written() {
        let (game, notes) = analysed();
        for german in [false, true] {
            let pgn = game.pgn_with(&PgnOptions {
                notes: &notes,
                german,
                ..PgnOptions::default()
            });
            let read = import_game(pgn.as_bytes(), 1).expect("a game");
            assert_eq!(read.error, None, "{pgn}");
            assert_eq!(read.game.plies().len(), 10);
            assert_eq!(read.notes, notes, "{pgn}");
        }
    }

    #[test]
    fn a_short_or_empty_analysis_and_no_analysis() {
        let (game, notes) = analysed();
        let pgn = game.pgn_with(&PgnOptions {
            notes: &notes[..2],
            ..PgnOptions::default()
        });
        assert!(pgn.contains("2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5"), "{pgn}");
        let read = import_game(pgn.as_bytes(), 1).expect("a game");
        assert_eq!(read.notes.len(), 10);
        assert_eq!(read.notes[..2], notes[..2]);
        assert!(read.notes[2..].iter().all(PlyNote::is_empty));
        let plain = game.pgn("2024.01.01", ["a", "b"]);
        assert_eq!(
            plain,
            game.pgn_with(&PgnOptions {
                date: "2024.01.01",
                players: ["a", "b"],
                notes: &[],
                ..PgnOptions::default()
            })
        );
        let read = import_game(plain.as_bytes(), 1).expect("a game");
        assert!(read.notes.is_empty());
        let text = b"1. e4 {best by test} $1 e5 $14 2. Nf3 {[%clk 0:05:00]} Nc6 *";
        assert!(import_game(text, 1).expect("a game").notes.is_empty());
    }

    #[test]
    fn a_better_line_that_does_not_play_is_written_to_where_it_does() {
        let (game, mut notes) = analysed();
        // The line of move 4 given at move 3: Nxd4 is no move there.
        notes[5].better = notes[6].better.clone();
        notes[8].better = vec![notes[8].better[0], notes[6].better[0]];
        let pgn = game.pgn_with(&PgnOptions {
            notes: &notes,
            ..PgnOptions::default()
        });
        assert!(
            pgn.contains("3... Nd4?! { [%eval 0.95] } 4. Nxe5??"),
            "{pgn}"
        );
        assert!(pgn.contains("(5. Bxf7+) 5... Qxg2"), "{pgn}");
    }

    #[test]
    fn what_does_not_read_is_left_out() {
        let text = "1. e4 { [%eval x] } e5 $2 (1... Ke3) (1... c5) 2. Nf3 ?! \
                    { [%eval 0.3,] [%eval #-2,12] } (2. Nf3 Nf6 (2... d5) 3. Nh4) \
                    (2. d4) Nc6 ( *";
        let read = import_game(text.as_bytes(), 1).expect("a game");
        assert_eq!(read.error, None);
        assert_eq!(read.game.plies().len(), 4);
        assert_eq!(read.notes[0], PlyNote::default());
        let e5 = &read.notes[1];
        assert_eq!(e5.judgement, Some(Judgement::Mistake));
        assert!(
            e5.better.is_empty(),
            "the first variation has an illegal move"
        );
        let nf3 = &read.notes[2];
        assert_eq!(nf3.judgement, Some(Judgement::Inaccuracy));
        assert_eq!(nf3.eval, Some(Eval::Mate(-2)));
        assert_eq!(nf3.better.len(), 3, "its own variation is skipped");
        // The open variation at the end took nothing from the moves.
        assert!(read.notes[3].is_empty());
    }
}
