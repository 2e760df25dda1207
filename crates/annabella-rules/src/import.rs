//! PGN import: the games of a PGN file as [`Game`]s, read with `pgn-reader`.
//!
//! A file may hold many games. Of comments, NAGs and variations only the
//! analysis lichess writes is kept ([`ImportedGame::notes`]); the rest is
//! read past. A byte-order mark and CRLF line ends are accepted. A game
//! stops at the first move that cannot be read or played, and is kept up
//! to there with an [`ImportError`] saying where and why; a null move
//! (`Z0`, `--`, `0000`) is named as one. German piece letters are read
//! where the English ones do not read (annabella's own `pgn FILE de`
//! writes them). No input makes this panic.

mod game;
mod german;
mod notes;
mod scan;
mod start;

use std::cell::Cell;
use std::io::{self, Read};
use std::ops::ControlFlow;
use std::rc::Rc;

use pgn_reader::{Nag, RawComment, RawTag, Reader, Skip, Visitor};
use shakmaty::san::SanPlus;
use shakmaty::{Color, Outcome};

use super::{Game, PlyNote, Tags};
use start::start_game;

/// One game read from a PGN file.
#[derive(Clone, Debug)]
pub struct ImportedGame {
    /// The tag pairs as the file has them, in file order, values unescaped.
    pub tags: Tags,
    /// The game, up to its end or to the move that stopped the import.
    pub game: Game,
    /// Why the game was not read to its end, if it was not.
    pub error: Option<ImportError>,
    /// The analysis the file gives, as lichess writes it: one note per
    /// ply of `game`, by index (the evaluation from `[%eval]` in the
    /// comment after the move, the judgement from its NAG, the first
    /// variation after it as the better line), [`PlyNote::default`] for
    /// a move the file says nothing of; empty when it says nothing of
    /// any. What does not read (a garbled `[%eval]`, a variation with a
    /// move that does not play) is left out without a word.
    pub notes: Vec<PlyNote>,
}

impl ImportedGame {
    /// The value of the first tag named `name`, if the game has one.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name)
    }
}

/// Where and why the import of a game stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// The number of the move that could not be played.
    pub move_number: u32,
    /// The side whose move it was.
    pub color: Color,
    /// The move as the file writes it (castling with the letter O); the
    /// FEN or variant for a game that could not start; empty when the
    /// file breaks off inside a comment or tag.
    pub text: String,
    /// What was wrong.
    pub kind: ImportErrorKind,
    /// The last move loaded, its number and side; `None` when the game
    /// is loaded up to its start.
    pub last: Option<(u32, Color)>,
}

/// What stopped the import of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ImportErrorKind {
    /// A move no legal move of the position matches.
    Illegal,
    /// A move that matches more than one legal move.
    Ambiguous,
    /// A word where a move belongs that is no move (`Nf`, `P-K4`), or
    /// text cut off inside a comment or tag.
    Unreadable,
    /// A move after the game had already ended by itself (mate,
    /// stalemate, dead position, fivefold repetition, 75 moves).
    AfterEnd,
    /// The `FEN` tag is no FEN or no legal position.
    BadFen,
    /// The `Variant` tag names a game other than chess or Chess960.
    UnknownVariant,
    /// A null move (`Z0`, `--`, `0000`): a pass, which some programs
    /// write into game scores and the rules do not allow.
    NullMove,
}

/// Whether a word of a game score is a null move as programs write it:
/// `--` and `Z0` in PGN (ChessBase and others), `0000` in UCI, with a
/// check or mate sign or not.
///
/// ```
/// use annabella_rules::is_null_move;
/// assert!(is_null_move("Z0") && is_null_move("--") && is_null_move("0000+"));
/// assert!(!is_null_move("0-0") && !is_null_move("Nf3"));
/// ```
pub fn is_null_move(word: &str) -> bool {
    let bare = word.trim_end_matches(['+', '#']);
    matches!(bare, "--" | "Z0" | "0000")
}

/// Game `number` of its own text.
fn import_one(number: usize, text: &[u8]) -> Option<ImportedGame> {
    let mut games = Games::new(text);
    let mut importer = Importer::default();
    let unit = games.next_unit(&mut importer)?;
    Some(importer.finish(number, unit))
}

/// One game of a PGN file as a listing shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The `White` tag, empty when missing.
    pub white: String,
    /// The `Black` tag, empty when missing.
    pub black: String,
    /// The result from the `Result` tag, or the movetext's when the tag
    /// is missing or unreadable.
    pub result: Outcome,
    /// The moves of the main line, as written (not checked for legality).
    pub plies: usize,
}

/// Imports every game of a PGN text.
pub fn import_games(pgn: &[u8]) -> Vec<ImportedGame> {
    let mut games = Games::new(pgn);
    let mut importer = Importer::default();
    let mut out = Vec::new();
    while let Some(unit) = games.next_unit(&mut importer) {
        out.push(importer.finish(out.len() + 1, unit));
    }
    out
}

/// Imports game `n` (from 1) of a PGN text, reading past the games before
/// it without building them. `None` when the file has fewer games.
pub fn import_game(pgn: &[u8], n: usize) -> Option<ImportedGame> {
    if n == 0 {
        return None;
    }
    let mut games = Games::new(pgn);
    for _ in 1..n {
        games.next_unit(&mut Skim::default())?;
    }
    let mut importer = Importer::default();
    let unit = games.next_unit(&mut importer)?;
    Some(importer.finish(n, unit))
}

/// Lists the games of a PGN text: players, result and length, without
/// playing the moves.
pub fn list_games(pgn: &[u8]) -> Vec<GameSummary> {
    let mut games = Games::new(pgn);
    let mut lister = Lister::default();
    let mut out = Vec::new();
    while let Some(unit) = games.next_unit(&mut lister) {
        // Moves with German letters are passed over by the reader: a
        // game that has them is counted as `import_game` reads it.
        if unit.words != lister.plies
            && let Some(english) = german::english(unit.text)
        {
            let mut again = Lister::default();
            if Games::new(&english).next_unit(&mut again).is_some() {
                lister.plies = again.plies;
            }
        }
        let result = lister
            .tags
            .get("Result")
            .and_then(|r| Outcome::from_ascii(r.trim().as_bytes()).ok())
            .or(lister.outcome)
            .unwrap_or(Outcome::Unknown);
        let summary = GameSummary {
            white: lister.tags.get("White").unwrap_or_default().to_string(),
            black: lister.tags.get("Black").unwrap_or_default().to_string(),
            result,
            plies: lister.plies,
        };
        out.push(summary);
    }
    out
}

/// Adds a tag pair as the file has it, with invalid UTF-8 replaced.
fn push_tag(tags: &mut Tags, name: &[u8], value: RawTag<'_>) {
    tags.push(&String::from_utf8_lossy(name), &value.decode_utf8_lossy());
}

/// The text handed to `pgn-reader`, counting the bytes it has taken so
/// that each game's place in the file is known (the reader buffers ahead).
struct Counting<'a> {
    rest: &'a [u8],
    taken: Rc<Cell<usize>>,
}

impl Read for Counting<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.rest.read(buf)?;
        self.taken.set(self.taken.get() + n);
        Ok(n)
    }
}

/// A pass over the games of a file: a visitor that keeps what it read of
/// the current game in itself, so that it survives a syntax error.
trait Pass: Visitor<Tags = (), Movetext = (), Output = ()> {
    /// Whether the game read last had no tag and no move.
    fn is_blank(&self) -> bool;
}

/// What one game took of the file.
struct Unit<'a> {
    /// The game's text, tags and movetext.
    text: &'a [u8],
    /// The main line's words that may be moves ([`scan::words`]).
    words: usize,
    /// Whether `pgn-reader` gave up inside this game.
    broken: bool,
}

/// Walks a PGN text game by game.
struct Games<'a> {
    text: &'a [u8],
    taken: Rc<Cell<usize>>,
    reader: Reader<Counting<'a>>,
    done: bool,
}

impl<'a> Games<'a> {
    fn new(text: &'a [u8]) -> Games<'a> {
        let taken = Rc::new(Cell::new(0));
        let source = Counting {
            rest: text,
            taken: Rc::clone(&taken),
        };
        Games {
            text,
            taken,
            reader: Reader::new(source),
            done: false,
        }
    }

    /// How far into the text the reader has got.
    fn offset(&self) -> usize {
        let offset = self.taken.get().saturating_sub(self.reader.buffer().len());
        offset.min(self.text.len())
    }

    /// Moves the reader to the start of the next game (finishing any skip
    /// a visitor asked for); whether there is one.
    fn settle(&mut self) -> bool {
        if !self.done && !matches!(self.reader.has_more(), Ok(true)) {
            self.done = true;
        }
        !self.done
    }

    /// Reads the next game that has a tag, a move or a stray word; text
    /// between games that has none of these (a lone `*`) is passed over.
    fn next_unit<P: Pass>(&mut self, pass: &mut P) -> Option<Unit<'a>> {
        loop {
            if !self.settle() {
                return None;
            }
            let start = self.offset();
            let broken = match self.reader.read_game(pass) {
                Ok(Some(())) => false,
                Ok(None) => return None,
                Err(_) => true,
            };
            self.settle();
            let end = if self.done {
                self.text.len()
            } else {
                self.offset()
            };
            if end <= start {
                // No progress: stop rather than read the same text forever.
                self.done = true;
            }
            let text = self.text.get(start..end).unwrap_or_default();
            let words = scan::words(text);
            if !pass.is_blank() || words > 0 {
                return Some(Unit {
                    text,
                    words,
                    broken,
                });
            }
            if self.done {
                return None;
            }
        }
    }
}

/// Counts tags and moves only: how `import_game` passes over games.
#[derive(Default)]
struct Skim {
    blank: bool,
}

impl Visitor for Skim {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        self.blank = true;
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), _: &[u8], _: RawTag<'_>) -> ControlFlow<()> {
        self.blank = false;
        // A game with a tag counts whatever its moves: skip them unread.
        ControlFlow::Break(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn san(&mut self, _: &mut (), _: SanPlus) -> ControlFlow<()> {
        self.blank = false;
        ControlFlow::Break(())
    }

    fn end_game(&mut self, _: ()) {}
}

impl Pass for Skim {
    fn is_blank(&self) -> bool {
        self.blank
    }
}

/// Collects what a listing needs.
#[derive(Default)]
struct Lister {
    tags: Tags,
    outcome: Option<Outcome>,
    plies: usize,
}

impl Visitor for Lister {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        *self = Lister::default();
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        if matches!(name, b"White" | b"Black" | b"Result") {
            push_tag(&mut self.tags, name, value);
        } else if self.tags.is_empty() {
            // Other tags only show that the game is not blank.
            self.tags.push("", "");
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn san(&mut self, _: &mut (), _: SanPlus) -> ControlFlow<()> {
        self.plies += 1;
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, _: &mut (), outcome: Outcome) -> ControlFlow<()> {
        self.outcome = Some(outcome);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: ()) {}
}

impl Pass for Lister {
    fn is_blank(&self) -> bool {
        self.tags.is_empty() && self.plies == 0
    }
}

/// Builds one game as `pgn-reader` walks it.
#[derive(Default)]
struct Importer {
    tags: Tags,
    game: Option<Game>,
    /// What stopped the game: the kind and the text.
    stop: Option<(ImportErrorKind, String)>,
    outcome: Option<Outcome>,
    /// The main line's moves read, played or not.
    sans: usize,
    notes: notes::Notes,
}

impl Visitor for Importer {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        *self = Importer::default();
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        push_tag(&mut self.tags, name, value);
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        match start_game(&self.tags) {
            Ok(game) => {
                self.game = Some(game);
                ControlFlow::Continue(())
            }
            Err(stop) => {
                self.stop = Some(stop);
                ControlFlow::Break(())
            }
        }
    }

    fn san(&mut self, _: &mut (), san: SanPlus) -> ControlFlow<()> {
        if self.notes.in_variation() {
            self.notes.san(san.san);
            return ControlFlow::Continue(());
        }
        self.sans += 1;
        let Some(game) = self.game.as_mut() else {
            return ControlFlow::Break(());
        };
        match game.play_read(san.san) {
            Ok(()) => {
                self.notes.played();
                ControlFlow::Continue(())
            }
            Err(kind) => {
                self.stop = Some((kind, san.to_string()));
                ControlFlow::Break(())
            }
        }
    }

    fn nag(&mut self, _: &mut (), nag: Nag) -> ControlFlow<()> {
        self.notes.nag(self.last_ply(), nag.0);
        ControlFlow::Continue(())
    }

    fn comment(&mut self, _: &mut (), comment: RawComment<'_>) -> ControlFlow<()> {
        self.notes.comment(self.last_ply(), comment.as_bytes());
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<(), Skip> {
        let last = self.last_ply().and_then(|ply| {
            let before = self.game.as_ref()?.position_before(ply)?;
            Some((ply, before))
        });
        ControlFlow::Continue(self.notes.begin_variation(last))
    }

    fn end_variation(&mut self, _: &mut ()) -> ControlFlow<()> {
        self.notes.end_variation();
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, _: &mut (), outcome: Outcome) -> ControlFlow<()> {
        // A variation read as a better line may end in a result of its own.
        if !self.notes.in_variation() {
            self.outcome = Some(outcome);
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: ()) {}
}

impl Pass for Importer {
    fn is_blank(&self) -> bool {
        self.tags.is_empty() && self.sans == 0
    }
}

impl Importer {
    /// The index of the main line's last move played, if any.
    fn last_ply(&self) -> Option<usize> {
        self.game.as_ref()?.plies().len().checked_sub(1)
    }

    /// The imported game `number`, once `pgn-reader` is done with it.
    fn finish(&mut self, number: usize, unit: Unit) -> ImportedGame {
        let tags = std::mem::take(&mut self.tags);
        let mut stop = self.stop.take();
        let mut game = match self.game.take() {
            Some(game) => game,
            // The tags broke off, or named a start that cannot be set up.
            None => start_game(&tags).unwrap_or_else(|failed| {
                stop = stop.take().or(Some(failed));
                Game::new()
            }),
        };
        let started = !matches!(
            stop,
            Some((ImportErrorKind::BadFen | ImportErrorKind::UnknownVariant, _))
        );
        // Only when `pgn-reader` stopped early, or reported fewer moves
        // than there are words, can it have passed over one.
        let unsure = stop.is_some() || unit.broken || unit.words != self.sans;
        let unreadable = if started && unsure {
            scan::scan(unit.text).unreadable
        } else {
            None
        };
        // A German move in a variation is passed over by the reader too,
        // leaving a line that may still play but is not the one written.
        if (unreadable.is_some() || self.notes.read_variations())
            && let Some(english) = german::english(unit.text)
            && let Some(read) = import_one(number, &english)
        {
            return read;
        }
        if let Some((index, text)) = unreadable {
            // A word `pgn-reader` passed over silently is the first fault
            // when it comes before the move that stopped the game.
            if index <= game.plies().len() {
                game.truncate_to(index);
                stop = Some((ImportErrorKind::Unreadable, text));
            }
        }
        if stop.is_none() && unit.broken {
            stop = Some((ImportErrorKind::Unreadable, String::new()));
        }
        if stop.is_none() {
            let result = tags
                .get("Result")
                .and_then(|r| Outcome::from_ascii(r.trim().as_bytes()).ok())
                .or(self.outcome);
            if let Some(Outcome::Known(outcome)) = result {
                game.set_result_from_pgn(outcome, tags.get("Termination"));
            }
        }
        let last = game.plies().last().map(|ply| (ply.number, ply.color));
        let error = stop.map(|(kind, text)| ImportError {
            game: number,
            move_number: game.move_number(),
            color: game.turn(),
            kind: if is_null_move(&text) {
                ImportErrorKind::NullMove
            } else {
                kind
            },
            text,
            last,
        });
        let notes = self.notes.finish(game.plies().len());
        ImportedGame {
            tags,
            game,
            error,
            notes,
        }
    }
}
