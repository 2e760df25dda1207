//! The answer family: status, the board, history and the other
//! reading commands (board-reading words are in `board`).

use shakmaty::{Color, Piece};

use super::{Announcer, Phrasing, n, piece_id, pieces_id, s};
use crate::event::{Answer, StatusInfo};
use crate::input::commands::Command;
use crate::rules::MoveFacts;
use crate::settings::Verbosity;
use crate::view::BoardView;

impl Announcer {
    pub(super) fn answer(&self, p: Phrasing, answer: &Answer) -> Vec<String> {
        let ui = p.lang;
        let one = |line: String| vec![line];
        match answer {
            Answer::Status(st) => one(self.status(p, st)),
            Answer::Fen(fen) => one(fen.clone()),
            Answer::Pgn(pgn) => pgn.lines().map(str::to_string).collect(),
            Answer::Board(view) => self.board(p, view),
            Answer::Square { square, piece } => one(self.square_content(p, *square, *piece)),
            Answer::Lines(lines) => lines.iter().map(|l| self.line(p, l)).collect(),
            Answer::Where { role, found } => self.where_lines(p, *role, found),
            Answer::Attackers {
                square,
                piece,
                sides,
            } => one(self.attackers(p, *square, *piece, sides)),
            Answer::Moves { turn, from, moves } => one(self.moves(p, *from, moves, *turn)),
            Answer::Material(sides) => self.material(p, sides),
            Answer::Last(Some(f)) => {
                // The last move is said with its number and colour even at
                // verbosity short: asked for on its own, it needs them.
                let verbosity = p.verbosity.max(Verbosity::Normal);
                one(self.announce_move(Phrasing { verbosity, ..p }, f))
            }
            Answer::Last(None) => one(self.message(ui, "last-none", &[])),
            Answer::History(moves) => self.history(p, moves),
            Answer::Settings(all) => all
                .iter()
                .map(|setting| self.setting_line(p, "setting-line", setting))
                .collect(),
            Answer::Help(None) => {
                let words: Vec<&str> = Command::all().map(|c| c.word(ui)).collect();
                vec![
                    self.message(ui, "help-intro", &[("commands", s(words.join(", ")))]),
                    self.message(ui, "help-move-input", &[]),
                ]
            }
            Answer::Help(Some(Command::Set)) => self.settings_help(p),
            Answer::Help(Some(command)) => one(self.message(ui, command.entry().help, &[])),
        }
    }

    fn status(&self, p: Phrasing, st: &StatusInfo) -> String {
        let line = self.game_status(p, st);
        match &st.clock {
            Some(report) => format!("{line} {}", self.clock_report(p, report)),
            None => line,
        }
    }

    fn game_status(&self, p: Phrasing, st: &StatusInfo) -> String {
        if let Some(f) = st.result {
            return self.game_over(p, &f);
        }
        let line = self.message(
            p.lang,
            "status-running",
            &[
                ("color", s(self.color(p, st.turn))),
                ("number", n(st.number)),
            ],
        );
        if st.check {
            let check = self.message(p.lang, "status-check", &[]);
            format!("{line} {check}")
        } else {
            line
        }
    }

    fn board(&self, p: Phrasing, view: &BoardView) -> Vec<String> {
        let ui = p.lang;
        match view {
            BoardView::List(sides) => sides
                .iter()
                .map(|(color, groups)| {
                    let groups: Vec<String> = groups
                        .iter()
                        .map(|(role, squares)| {
                            let id = if squares.len() == 1 {
                                piece_id(*role)
                            } else {
                                pieces_id(*role)
                            };
                            let squares: Vec<String> =
                                squares.iter().map(|&sq| self.square(p, sq)).collect();
                            format!(
                                "{} {}",
                                self.message(Self::move_lang(p), id, &[]),
                                squares.join(", ")
                            )
                        })
                        .collect();
                    self.message(
                        ui,
                        "board-side",
                        &[
                            ("color", s(self.color(p, *color))),
                            ("pieces", s(groups.join("; "))),
                        ],
                    )
                })
                .collect(),
            BoardView::Squares(cells) => cells
                .iter()
                .map(|&(square, piece)| self.square_content(p, square, Some(piece)))
                .collect(),
            BoardView::Ranks(rows) => rows
                .iter()
                .map(|(rank, cells)| {
                    let mut line = format!("{} ", rank.char());
                    for cell in cells {
                        match cell {
                            Some(Piece { color, role }) => {
                                let letter = self.letter(ui, *role);
                                if *color == Color::White {
                                    line.push_str(&letter.to_uppercase());
                                } else {
                                    line.push_str(&letter.to_lowercase());
                                }
                            }
                            None => line.push('.'),
                        }
                    }
                    line
                })
                .collect(),
        }
    }

    fn history(&self, p: Phrasing, moves: &[MoveFacts]) -> Vec<String> {
        if moves.is_empty() {
            return vec![self.message(p.lang, "last-none", &[])];
        }
        let mut lines = Vec::new();
        let mut i = 0;
        while i < moves.len() {
            let m = &moves[i];
            let words = s(self.move_words(p, m));
            if m.color == Color::Black {
                lines.push(self.message(
                    p.lang,
                    "history-black",
                    &[("number", n(m.number)), ("black", words)],
                ));
                i += 1;
            } else if let Some(reply) = moves.get(i + 1) {
                let black = s(self.move_words(p, reply));
                lines.push(self.message(
                    p.lang,
                    "history-both",
                    &[("number", n(m.number)), ("white", words), ("black", black)],
                ));
                i += 2;
            } else {
                lines.push(self.message(
                    p.lang,
                    "history-white",
                    &[("number", n(m.number)), ("white", words)],
                ));
                i += 1;
            }
        }
        lines
    }
}
