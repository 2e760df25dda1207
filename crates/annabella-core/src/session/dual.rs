//! The dual room: the player's own board beside the game's (`myboard`,
//! `compare`, the check after the opponent's moves), scoresheets compared
//! with the game (`scoresheet`), and `restore` to the last move the
//! records agree on, clocks set back with it.

use std::path::PathBuf;

use shakmaty::fen::Fen;
use shakmaty::{Board, Color, Move, Position};

use crate::dual::PlayerBoard;
use crate::dual::compare::{Explanation, compare};
use crate::dual::dictation::read_dictation;
use crate::dual::scoresheet::{Sheet, SheetStopKind, excerpt, place, read_sheet, reconcile_read};
use crate::event::{
    Answer, Compared, DualEvent, Event, Explained, PromptEvent, Question, Refused, SheetDifference,
    SheetReport, SheetStopAt,
};
use crate::input::commands::{Command, w};
use crate::input::vocab::{NO, YES, fold};
use crate::input::{BoardOrder, MoveNumber, Sheets, Words};
use crate::rules::{Game, MoveFacts};
use crate::store::{ReadFor, Request};
use crate::view;

use super::Prompt;
use super::board::Reader;
use super::opponent::Opponent;
use super::table::Table;

/// What the dual room keeps between lines.
#[derive(Clone, Debug)]
pub(super) struct Dual {
    /// The player's board.
    mine: PlayerBoard,
    /// The side in force for the next dictated line ("Weiß:" carries).
    color: Option<Color>,
    /// How many half-moves the records agreed on at the last comparison
    /// of scoresheets: where `restore` goes.
    agreed: Option<usize>,
    /// Scoresheet files asked of the store, by place; compared once all
    /// have come.
    sheets: Vec<Option<String>>,
}

impl Dual {
    /// The player's board, as kept with the game.
    pub fn mine(&self) -> &PlayerBoard {
        &self.mine
    }

    /// The player's board as a kept game had it.
    pub fn restore_mine(&mut self, mine: PlayerBoard) {
        self.mine = mine;
    }

    /// The player's board set up as `board`, nothing else known.
    pub fn new(board: &Board) -> Dual {
        Dual {
            mine: PlayerBoard::from_board(board),
            color: None,
            agreed: None,
            sheets: Vec::new(),
        }
    }
}

/// Words that end a dictated scoresheet.
const END: Words = w(&["end", "done"], &["ende", "fertig"], &["lõpp", "valmis"]);

/// The moves of a dictated sheet from the `from`th on, as they are said,
/// played from `start`.
fn noted(start: &shakmaty::Chess, moves: &[Move], from: usize) -> Vec<MoveFacts> {
    let mut pos = start.clone();
    let mut said = Vec::new();
    for (i, &mv) in moves.iter().enumerate() {
        if i >= from {
            said.push(MoveFacts::of_move(&pos, mv));
        }
        pos.play_unchecked(mv);
    }
    said
}

impl Dual {
    /// The player's board follows the game's move when it agreed before
    /// it (the player executes the move on it). Call before the move is
    /// played with the position it is played in.
    pub fn follow(&mut self, before: &shakmaty::Chess, mv: Move, agreed: bool) {
        if agreed {
            self.mine.follow(before, mv);
        }
    }

    /// After a move of the opponent with `dualcheck` on: the differences,
    /// said only when there are some.
    pub fn check(&self, t: &Table, o: Opponent, mover: Color) -> Vec<Event> {
        if !t.settings.dual_check || !o.repeats_moves_of(mover) {
            return Vec::new();
        }
        if self.mine.stated().is_empty() {
            return Vec::new();
        }
        let compared = self.compared(t);
        if compared.differences.is_empty() {
            return Vec::new();
        }
        vec![DualEvent::Compared(Box::new(compared)).into()]
    }

    /// The game went back or elsewhere (undo, restore, a loaded game): the
    /// player's board goes with it when it agreed, as the player sets
    /// their board the same way.
    pub fn sync(&mut self, t: &Table, agreed: bool) {
        if !agreed {
            return;
        }
        let board = t.game.position().board().clone();
        for square in self.mine.stated() {
            self.mine.state(square, board.piece_at(square));
        }
    }

    /// Whether the player's board agrees with the game's now.
    pub fn agrees(&self, t: &Table) -> bool {
        self.mine.agrees_with(t.game.position().board())
    }

    /// A new game or position: the player sets up their board as it.
    pub fn reset(&mut self, t: &Table) {
        *self = Dual::new(t.game.position().board());
    }

    /// Another game is on the board: the player's board is taken to be
    /// its position, and nothing stated of the last game stands.
    pub fn on_new_game(&mut self, t: &Table) {
        self.reset(t);
    }

    /// `myboard …`: set the board as a whole, state squares, or read it.
    pub fn my_board(&mut self, t: &Table, o: Opponent, order: BoardOrder) -> Vec<Event> {
        let text = match order {
            BoardOrder::Read => return self.read_my_board(t, o),
            BoardOrder::Start => {
                self.mine = PlayerBoard::from_board(t.game.initial_position().board());
                return vec![DualEvent::BoardSet.into()];
            }
            BoardOrder::Clear => {
                self.mine = PlayerBoard::unknown();
                return vec![DualEvent::BoardCleared.into()];
            }
            BoardOrder::Empty => {
                self.mine = PlayerBoard::empty();
                return vec![DualEvent::BoardSet.into()];
            }
            BoardOrder::Game => {
                self.mine = PlayerBoard::from_board(t.game.position().board());
                return vec![DualEvent::BoardSet.into()];
            }
            BoardOrder::Fen(rest) => {
                return match Fen::from_ascii(rest.trim().as_bytes()) {
                    Ok(fen) => {
                        self.mine = PlayerBoard::from_board(&fen.as_setup().board);
                        vec![DualEvent::BoardSet.into()]
                    }
                    Err(_) => vec![DualEvent::BadFen(rest).into()],
                };
            }
            BoardOrder::Dictated(text) => text,
        };
        let dictation = read_dictation(&text, self.color);
        for &(square, piece) in &dictation.stated {
            self.mine.state(square, piece);
        }
        if dictation.rest_empty {
            self.mine.rest_empty();
        }
        self.color = dictation.color;
        let mut squares = dictation
            .stated
            .iter()
            .map(|(sq, _)| *sq)
            .collect::<Vec<_>>();
        squares.sort();
        squares.dedup();
        vec![
            DualEvent::Stated {
                squares: squares.len(),
                rest_empty: dictation.rest_empty,
                problems: dictation.problems,
            }
            .into(),
        ]
    }

    /// `myboard` alone: the pieces the player has stated, then how many
    /// squares are stated empty and how many are not stated.
    fn read_my_board(&self, t: &Table, o: Opponent) -> Vec<Event> {
        let mine = &self.mine;
        let mut board = Board::empty();
        let mut empty = 0;
        for square in mine.stated() {
            match mine.get(square).flatten() {
                Some(piece) => board.set_piece_at(square, piece),
                None => empty += 1,
            }
        }
        let unstated = 64 - mine.stated().count();
        let list = view::list(
            &board,
            &[Color::White, Color::Black],
            Reader::new(t, o).side(),
        );
        vec![
            Answer::Board(list).into(),
            DualEvent::BoardCounts {
                empty,
                unstated: unstated as u32,
            }
            .into(),
        ]
    }

    /// The comparison of the player's board with the game's, with the
    /// moves that explain it put into words-free facts.
    fn compared(&self, t: &Table) -> Compared {
        let comparison = compare(&t.game, &self.mine);
        let game = &t.game;
        let facts_of_ply = |ply: usize| {
            Some(MoveFacts::new(
                game.position_before(ply)?,
                game.plies().get(ply)?,
            ))
        };
        let explanation = comparison.explanation.and_then(|e| match e {
            Explanation::NotMade { count } => {
                let len = game.plies().len();
                let moves: Option<Vec<MoveFacts>> =
                    (len.checked_sub(count)?..len).map(facts_of_ply).collect();
                moves.map(Explained::NotMade)
            }
            // A move missed while later ones were made: said the same way,
            // the move not made on the player's board.
            Explanation::LeftOut { ply } => Some(Explained::NotMade(vec![facts_of_ply(ply)?])),
            Explanation::LeftOutAndLast { ply, count } => {
                let len = game.plies().len();
                let last = len.checked_sub(count)?..len;
                let moves: Option<Vec<MoveFacts>> =
                    [ply].into_iter().chain(last).map(facts_of_ply).collect();
                moves.map(Explained::NotMade)
            }
            Explanation::WrongMove { ply, made } => Some(Explained::WrongMove {
                made: MoveFacts::of_move(game.position_before(ply)?, made),
                played: facts_of_ply(ply)?,
            }),
            Explanation::CaptureNotRemoved { ply, square, piece } => {
                Some(Explained::CaptureNotRemoved {
                    capture: facts_of_ply(ply)?,
                    square,
                    piece,
                })
            }
            Explanation::ExtraMove { made } => Some(Explained::ExtraMove(MoveFacts::of_move(
                game.position(),
                made,
            ))),
        });
        Compared {
            explanation,
            differences: comparison.differences,
        }
    }

    /// `compare`.
    pub fn compare(&self, t: &Table) -> Vec<Event> {
        if self.mine.stated().is_empty() {
            return vec![Refused::NothingStated.into()];
        }
        vec![DualEvent::Compared(Box::new(self.compared(t))).into()]
    }

    /// `scoresheet`: dictated line by line; `scoresheet FILE [FILE2]`:
    /// read through the store and compared when all have come.
    pub fn scoresheet(&mut self, t: &mut Table, sheets: Sheets) -> Vec<Event> {
        let paths = match sheets {
            Sheets::Dictated => {
                t.prompt = Some(Prompt::Sheet { lines: Vec::new() });
                return vec![PromptEvent::Ask(Question::Sheet).into()];
            }
            Sheets::Files(paths) => paths,
        };
        if paths.len() > 2 {
            return vec![Refused::TooManySheets.into()];
        }
        self.sheets = vec![None; paths.len()];
        for (part, path) in paths.iter().enumerate() {
            t.ask_store(Request::Read {
                path: PathBuf::from(path),
                purpose: ReadFor::Scoresheet(part),
            });
        }
        Vec::new()
    }

    /// A scoresheet file's text, from the store.
    pub fn sheet_text(&mut self, t: &Table, part: usize, text: String) -> Vec<Event> {
        let Some(slot) = self.sheets.get_mut(part) else {
            return Vec::new();
        };
        *slot = Some(text);
        if self.sheets.iter().any(Option::is_none) {
            return Vec::new();
        }
        let texts: Vec<String> = std::mem::take(&mut self.sheets)
            .into_iter()
            .flatten()
            .collect();
        self.compare_sheets(t, &texts)
    }

    /// A scoresheet file could not be read: the others are not waited for.
    pub fn sheet_failed(&mut self) {
        self.sheets.clear();
    }

    /// A line of a dictated scoresheet: its moves read back, or the line
    /// refused with why, the lines before it standing; an empty line or
    /// `end` compares the sheet. `Err` gives the question back for a line
    /// that is something else: the board read ("e4?"), a command.
    pub fn answer_sheet(
        &mut self,
        t: &mut Table,
        mut lines: Vec<String>,
        line: &str,
    ) -> Result<Vec<Event>, Prompt> {
        let trimmed = line.trim();
        if trimmed.is_empty() || END.contains_folded(&fold(trimmed)) {
            return Ok(self.compare_sheets(t, &[lines.join("\n")]));
        }
        if trimmed.ends_with('?') {
            return Err(Prompt::Sheet { lines });
        }
        let start = Self::game_cut_to(t, 0);
        let before = read_sheet(&lines.join("\n"), &start).moves.len();
        lines.push(trimmed.to_string());
        let sheet = read_sheet(&lines.join("\n"), &start);
        // A line with nothing to read (a comment, a result) is no move
        // either.
        let refused = match sheet.stop {
            Some(stop) => Some((stop.ply, stop.text, stop.kind)),
            None if sheet.moves.len() == before => {
                Some((before, excerpt(trimmed), SheetStopKind::Unreadable))
            }
            None => None,
        };
        let first = start.initial_position().clone();
        let events = match refused {
            Some((ply, text, kind)) => {
                lines.pop();
                let word = trimmed.split_whitespace().next();
                if kind == SheetStopKind::Unreadable && word.and_then(Command::from_word).is_some()
                {
                    return Err(Prompt::Sheet { lines });
                }
                let (number, color) = place(&first, ply);
                let at = SheetStopAt {
                    number,
                    color,
                    text,
                    kind,
                };
                vec![DualEvent::SheetNotNoted(at).into()]
            }
            None => vec![DualEvent::SheetNoted(noted(&first, &sheet.moves, before)).into()],
        };
        t.prompt = Some(Prompt::Sheet { lines });
        Ok(events)
    }

    /// The game with only its first `plies` half-moves.
    fn game_cut_to(t: &Table, plies: usize) -> Game {
        let mut game = t.game.clone();
        while game.plies().len() > plies {
            // A game ended without a move (resigned) is reopened first.
            if game.undo().is_none() && game.undo().is_none() {
                break;
            }
        }
        game
    }

    /// Compares one or two scoresheets with the game record: the first
    /// difference in the current style, kept for `restore`.
    fn compare_sheets(&mut self, t: &Table, texts: &[String]) -> Vec<Event> {
        let start = Self::game_cut_to(t, 0);
        let sheets: Vec<Sheet> = texts.iter().map(|t| read_sheet(t, &start)).collect();
        let moves: Vec<Move> = t.game.plies().iter().map(|p| p.mv).collect();
        let outcome = reconcile_read(&moves, &sheets);
        self.agreed = Some(outcome.agreed);
        let first_position = start.initial_position().clone();
        let at = |ply: usize| place(&first_position, ply);
        let stops = sheets
            .iter()
            .map(|sheet| {
                sheet.stop.as_ref().map(|stop| {
                    let (number, color) = at(stop.ply);
                    SheetStopAt {
                        number,
                        color,
                        text: stop.text.clone(),
                        kind: stop.kind,
                    }
                })
            })
            .collect();
        let first = outcome.first.map(|d| {
            // Up to the difference the records agree: its position is the
            // game's there.
            let agreed_game = Self::game_cut_to(t, d.ply);
            let pos = agreed_game.position();
            let facts = |mv: Option<Move>| mv.map(|mv| MoveFacts::of_move(pos, mv));
            let (number, color) = at(d.ply);
            SheetDifference {
                number,
                color,
                game: facts(d.game),
                sheets: d.sheets.into_iter().map(facts).collect(),
            }
        });
        let report = SheetReport {
            read: sheets.iter().map(|s| s.moves.len()).collect(),
            stops,
            first,
            agreed: outcome.agreed,
            game: moves.len(),
            behind: outcome.behind,
        };
        vec![DualEvent::Sheet(Box::new(report)).into()]
    }

    /// `restore`: back to the last move on which the records agreed at
    /// the last comparison of scoresheets; `restore N [side]`: to after
    /// that move. Taking moves back is asked first, with how many.
    pub fn ask_restore(&self, t: &mut Table, to: Option<MoveNumber>) -> Vec<Event> {
        let target = match to {
            Some(MoveNumber { number, side }) => {
                let color = side.unwrap_or(Color::White);
                let start = t.game.initial_position().clone();
                let found =
                    (0..t.game.plies().len()).find(|&i| place(&start, i) == (number, color));
                match found {
                    Some(i) => i + 1,
                    None => return vec![Refused::NoSuchMoveToRestore { number, color }.into()],
                }
            }
            None => match self.agreed {
                Some(agreed) => agreed,
                None => return vec![Refused::NoSheetCompared.into()],
            },
        };
        let plies = t.game.plies().len();
        if target >= plies {
            return vec![DualEvent::NothingToRestore.into()];
        }
        let start = t.game.initial_position().clone();
        let (number, color) = match target.checked_sub(1) {
            Some(last) => {
                let (number, color) = place(&start, last);
                (Some(number), color)
            }
            None => (None, start.turn()),
        };
        let prompt = Prompt::Restore {
            to: target,
            from: plies,
            number,
            color,
        };
        super::prompt::ask(t, prompt)
    }

    /// The answer to "take back …?": yes restores, no keeps the game.
    /// What is said, and whether the game went back; `None` for a line
    /// that is neither.
    pub fn answer_restore(
        &mut self,
        t: &mut Table,
        o: Opponent,
        (to, from): (usize, usize),
        line: &str,
    ) -> Option<(Vec<Event>, bool)> {
        if super::confirm::is_one_of(&NO, line) {
            return Some((vec![DualEvent::RestoreKept.into()], false));
        }
        if !super::confirm::is_one_of(&YES, line) {
            return None;
        }
        // A move came meanwhile (the engine's): the count said is no
        // longer true, so nothing is taken back unasked.
        if t.game.plies().len() != from {
            return Some((vec![DualEvent::RestoreKept.into()], false));
        }
        Some((self.restore(t, o, to), true))
    }

    /// Takes the game back to its first `target` half-moves, the clocks
    /// with them.
    fn restore(&mut self, t: &mut Table, o: Opponent, target: usize) -> Vec<Event> {
        let agreed = self.agrees(t);
        t.prompt = None;
        while t.game.plies().len() > target {
            let before = (t.game.plies().len(), t.game.is_over());
            // Each move goes back with its clock times; a game that ended
            // without a move is reopened first.
            super::play::take_back(t);
            if (t.game.plies().len(), t.game.is_over()) == before {
                break;
            }
        }
        self.sync(t, agreed);
        self.agreed = None;
        let start = t.game.initial_position().clone();
        let clocks = t.clock.is_some();
        let restored = match t.game.plies().len().checked_sub(1) {
            Some(last) => {
                let (number, color) = place(&start, last);
                DualEvent::Restored {
                    number: Some(number),
                    color,
                    clocks,
                }
            }
            None => DualEvent::Restored {
                number: None,
                color: start.turn(),
                clocks,
            },
        };
        vec![restored.into(), t.status(o)]
    }
}
