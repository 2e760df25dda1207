//! Board view answers: the reading commands of SPEC §4, from the board
//! as the player reads it. Nothing here changes the game.

use shakmaty::{Color, File, Position, Rank, Square};

use crate::event::{Answer, Event, StatusInfo};
use crate::input::PieceKind;
use crate::rules::MoveFacts;
use crate::settings::BoardStyle;
use crate::view;

use super::opponent::Opponent;
use super::table::Table;

const BOTH: [Color; 2] = [Color::White, Color::Black];

/// The board as the player reads it: the table, from the side the
/// player reads it from.
pub(super) struct Reader<'a> {
    table: &'a Table,
    opponent: Opponent,
}

impl<'a> Reader<'a> {
    /// A reader of `table` against `opponent`.
    pub fn new(table: &'a Table, opponent: Opponent) -> Reader<'a> {
        Reader { table, opponent }
    }

    /// The side the board is read from: against an engine the person's
    /// side; in hot seat, where both sides share one keyboard, White's
    /// (the setting `orientation` may turn it).
    pub fn side(&self) -> Color {
        let player = self.opponent.reading_side();
        self.table.settings.orientation.side(player)
    }

    pub fn board(&self) -> Vec<Event> {
        let (board, side) = (self.table.game.position().board(), self.side());
        vec![
            Answer::Board(match self.table.settings.board_style {
                BoardStyle::List => view::list(board, &BOTH, side),
                BoardStyle::Ranks => view::ranks(board, side),
                BoardStyle::Squares => view::squares(board, side),
            })
            .into(),
        ]
    }

    pub fn square(&self, square: Square) -> Vec<Event> {
        let piece = self.table.game.position().board().piece_at(square);
        vec![Answer::Square { square, piece }.into()]
    }

    pub fn rank(&self, rank: Rank) -> Vec<Event> {
        let line = view::rank(self.table.game.position().board(), rank, self.side());
        vec![Answer::Lines(vec![line]).into()]
    }

    pub fn file(&self, file: File) -> Vec<Event> {
        let line = view::file(self.table.game.position().board(), file, self.side());
        vec![Answer::Lines(vec![line]).into()]
    }

    pub fn diagonal(&self, square: Square) -> Vec<Event> {
        let lines = view::diagonals(self.table.game.position().board(), square, self.side());
        vec![Answer::Lines(lines).into()]
    }

    pub fn pieces(&self, color: Option<Color>) -> Vec<Event> {
        let colors = match color {
            Some(c) => vec![c],
            None => BOTH.to_vec(),
        };
        let list = view::list(self.table.game.position().board(), &colors, self.side());
        vec![Answer::Board(list).into()]
    }

    pub fn where_pieces(&self, kind: PieceKind) -> Vec<Event> {
        let PieceKind { role, color } = kind;
        let colors = match color {
            Some(c) => vec![c],
            None => BOTH.to_vec(),
        };
        let found = view::find(
            self.table.game.position().board(),
            role,
            &colors,
            self.side(),
        );
        vec![Answer::Where { role, found }.into()]
    }

    pub fn attackers(&self, square: Square) -> Vec<Event> {
        let board = self.table.game.position().board();
        vec![
            Answer::Attackers {
                square,
                piece: board.piece_at(square),
                sides: view::attackers(board, square),
            }
            .into(),
        ]
    }

    pub fn moves(&self, from: Option<Square>) -> Vec<Event> {
        let pos = self.table.game.position();
        let moves = if self.table.game.is_over() {
            Vec::new()
        } else {
            view::legal_moves_from(pos, from, self.side())
        };
        let moves = moves
            .into_iter()
            .map(|mv| MoveFacts::of_move(pos, mv))
            .collect();
        vec![
            Answer::Moves {
                turn: pos.turn(),
                from: from.map(|sq| (sq, pos.board().piece_at(sq))),
                moves,
            }
            .into(),
        ]
    }

    pub fn material(&self) -> Vec<Event> {
        vec![Answer::Material(view::material(self.table.game.position().board())).into()]
    }

    pub fn last(&self) -> Vec<Event> {
        vec![Answer::Last(MoveFacts::last(&self.table.game)).into()]
    }

    pub fn history(&self) -> Vec<Event> {
        vec![Answer::History(MoveFacts::history(&self.table.game)).into()]
    }

    /// `fen`.
    pub fn fen(&self) -> Vec<Event> {
        vec![Answer::Fen(self.table.game.fen()).into()]
    }
}

impl Table {
    /// `status`: whose move it is, or the result, and the clocks.
    pub fn status(&self, o: Opponent) -> Event {
        let pos = self.game.position();
        Answer::Status(StatusInfo {
            turn: pos.turn(),
            number: self.game.move_number(),
            check: pos.is_check() && !self.game.is_over(),
            result: self.game.result(),
            clock: self.clock_report(o, None),
        })
        .into()
    }
}
