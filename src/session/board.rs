//! Board view answers: the reading commands of SPEC §4, from the board
//! as the player reads it. Nothing here changes the game.

use shakmaty::{Color, File, Position, Rank, Square};

use crate::event::{Answer, Event, StatusInfo};
use crate::input::PieceKind;
use crate::rules::MoveFacts;
use crate::settings::{BoardStyle, OpponentChoice};
use crate::view;

use super::Session;

const BOTH: [Color; 2] = [Color::White, Color::Black];

impl Session {
    /// The side the board is read from: against an engine the person's
    /// side; in hot seat, where both sides share one keyboard, White's.
    pub(super) fn side(&self) -> Color {
        let player = match self.table.settings.opponent {
            OpponentChoice::Engine => self.seat.human,
            OpponentChoice::Human => Color::White,
        };
        self.table.settings.orientation.side(player)
    }

    pub(super) fn board(&self) -> Vec<Event> {
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

    pub(super) fn square(&self, square: Square) -> Vec<Event> {
        let piece = self.table.game.position().board().piece_at(square);
        vec![Answer::Square { square, piece }.into()]
    }

    pub(super) fn rank(&self, rank: Rank) -> Vec<Event> {
        let line = view::rank(self.table.game.position().board(), rank, self.side());
        vec![Answer::Lines(vec![line]).into()]
    }

    pub(super) fn file(&self, file: File) -> Vec<Event> {
        let line = view::file(self.table.game.position().board(), file, self.side());
        vec![Answer::Lines(vec![line]).into()]
    }

    pub(super) fn diagonal(&self, square: Square) -> Vec<Event> {
        let lines = view::diagonals(self.table.game.position().board(), square, self.side());
        vec![Answer::Lines(lines).into()]
    }

    pub(super) fn pieces(&self, color: Option<Color>) -> Vec<Event> {
        let colors = match color {
            Some(c) => vec![c],
            None => BOTH.to_vec(),
        };
        let list = view::list(self.table.game.position().board(), &colors, self.side());
        vec![Answer::Board(list).into()]
    }

    pub(super) fn where_pieces(&self, kind: PieceKind) -> Vec<Event> {
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

    pub(super) fn attackers(&self, square: Square) -> Vec<Event> {
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

    pub(super) fn moves(&self, from: Option<Square>) -> Vec<Event> {
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

    pub(super) fn material(&self) -> Vec<Event> {
        vec![Answer::Material(view::material(self.table.game.position().board())).into()]
    }

    pub(super) fn last(&self) -> Vec<Event> {
        vec![Answer::Last(MoveFacts::last(&self.table.game)).into()]
    }

    pub(super) fn history(&self) -> Vec<Event> {
        vec![Answer::History(MoveFacts::history(&self.table.game)).into()]
    }

    /// `status`: whose move it is, or the result.
    pub(super) fn status(&self) -> Event {
        let pos = self.table.game.position();
        Answer::Status(StatusInfo {
            turn: pos.turn(),
            number: self.table.game.move_number(),
            check: pos.is_check() && !self.table.game.is_over(),
            result: self.table.game.result(),
            clock: self.clock_report(None),
        })
        .into()
    }
}
