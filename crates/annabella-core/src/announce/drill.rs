//! Drills and questions about the game in words: what is asked, what was
//! right, the score, the statistics.

use std::time::Duration;

use shakmaty::{Bitboard, Board, Color, Piece};

use super::board::color_key;
use super::{Announcer, Phrasing, n, pieces_id, role_key, s};
use crate::event::{Answer, StatsLine, TrainingEvent};
use crate::rules::MoveFacts;
use crate::settings::Lang;
use crate::training::{DrillKind, Expected, Question, QuestionKind, Shade, Summary};
use crate::view;

impl Announcer {
    /// The drill family's events other than blindfold play.
    pub(super) fn drill_event(&self, p: Phrasing, event: &TrainingEvent) -> Vec<String> {
        let ui = p.lang;
        match event {
            TrainingEvent::ShowPosition(board) => self.shown_position(p, board),
            TrainingEvent::ShowMoves { start, moves } => {
                self.shown_moves(p, start.as_deref(), moves)
            }
            TrainingEvent::Asked { number, question } => vec![self.message(
                ui,
                "drill-asked",
                &[
                    ("number", n(*number)),
                    ("question", s(self.drill_question(p, question))),
                ],
            )],
            TrainingEvent::Judged {
                question,
                right: true,
                ..
            } => {
                let _ = question;
                vec![self.message(ui, "drill-right", &[])]
            }
            TrainingEvent::Judged {
                question,
                right: false,
                expected,
            } => vec![self.message(
                ui,
                "drill-wrong",
                &[("answer", s(self.expected_text(p, question, expected)))],
            )],
            TrainingEvent::Unreadable(question) => vec![self.message(
                ui,
                "drill-unreadable",
                &[("question", s(self.drill_question(p, question)))],
            )],
            TrainingEvent::DrillDone { summary, best } => {
                let mut lines = vec![self.score(p, "drill-done", summary)];
                if let Some((right, of)) = best {
                    lines.push(self.message(
                        ui,
                        "drill-best",
                        &[("right", n(*right)), ("total", n(*of))],
                    ));
                }
                lines
            }
            TrainingEvent::DrillStopped(summary) => vec![self.score(p, "drill-stopped", summary)],
            TrainingEvent::Stats(lines) if lines.is_empty() => {
                vec![self.message(ui, "drill-stats-none", &[])]
            }
            TrainingEvent::Stats(lines) => lines.iter().map(|l| self.stats_line(p, l)).collect(),
            TrainingEvent::BlindfoldOn { .. }
            | TrainingEvent::BlindfoldOff { .. }
            | TrainingEvent::Peeked { .. }
            | TrainingEvent::GameScore { .. } => Vec::new(),
        }
    }

    /// The position a drill reads out before its questions.
    fn shown_position(&self, p: Phrasing, board: &Board) -> Vec<String> {
        let mut lines = vec![self.message(p.lang, "drill-remember", &[])];
        let list = view::list(board, &[Color::White, Color::Black], Color::White);
        lines.extend(self.answer(p, &Answer::Board(list)));
        lines
    }

    /// The moves a drill reads out before its questions, from the start
    /// or from a position read out first.
    fn shown_moves(&self, p: Phrasing, start: Option<&Board>, moves: &[MoveFacts]) -> Vec<String> {
        let ui = p.lang;
        let mut lines = Vec::new();
        match start {
            Some(board) => {
                lines.push(self.message(ui, "drill-from-position", &[]));
                let list = view::list(board, &[Color::White, Color::Black], Color::White);
                lines.extend(self.answer(p, &Answer::Board(list)));
            }
            None => lines.push(self.message(ui, "drill-from-start", &[])),
        }
        let normal = Phrasing {
            verbosity: crate::settings::Verbosity::Normal,
            ..p
        };
        lines.extend(moves.iter().map(|f| self.announce_move(normal, f)));
        lines
    }

    /// One drill's line of `drill stats`.
    fn stats_line(&self, p: Phrasing, line: &StatsLine) -> String {
        let ui = p.lang;
        let text = self.stats_counts(p, line);
        match line.missed_kind {
            Some(id) => {
                let kind = self.message(ui, kind_message(id), &[]);
                let more = self.message(ui, "drill-stats-kind", &[("kind", s(kind))]);
                format!("{text} {more}")
            }
            None => text,
        }
    }

    fn stats_counts(&self, p: Phrasing, line: &StatsLine) -> String {
        let ui = p.lang;
        let missed: Vec<String> = line.missed.iter().map(|&sq| self.square(p, sq)).collect();
        // A drill stopped before its end has no score to be the best.
        let (best_right, best_of) = line.best.unwrap_or((0, 0));
        self.message(
            ui,
            "drill-stats-line",
            &[
                ("drill", s(self.drill_name(ui, line.kind))),
                ("asked", n(line.asked)),
                ("right", n(line.right)),
                ("seconds", s(tenths(ui, line.mean))),
                ("best", n(best_right)),
                ("of", n(best_of)),
                ("finished", n(u32::from(line.best.is_some()))),
                ("missed", s(missed.join(", "))),
                ("anymissed", n(u32::from(!missed.is_empty()))),
            ],
        )
    }

    fn score(&self, p: Phrasing, id: &str, summary: &Summary) -> String {
        self.message(
            p.lang,
            id,
            &[
                ("right", n(summary.right)),
                ("total", n(summary.total)),
                ("seconds", s(tenths(p.lang, summary.mean))),
            ],
        )
    }

    fn drill_name(&self, lang: Lang, kind: DrillKind) -> String {
        let id = match kind {
            DrillKind::Colors => "drill-name-colors",
            DrillKind::Diagonal => "drill-name-diagonal",
            DrillKind::Knight => "drill-name-knight",
            DrillKind::Reach => "drill-name-reach",
            DrillKind::Memory => "drill-name-memory",
            DrillKind::Follow => "drill-name-follow",
        };
        self.message(lang, id, &[])
    }

    /// A question in words.
    pub(super) fn drill_question(&self, p: Phrasing, q: &Question) -> String {
        let ui = p.lang;
        let sq = |square| s(self.square(p, square));
        match *q {
            Question::SquareColor { square } => {
                self.message(ui, "q-square-color", &[("square", sq(square))])
            }
            Question::SameDiagonal { a, b } => {
                self.message(ui, "q-same-diagonal", &[("a", sq(a)), ("b", sq(b))])
            }
            Question::KnightDistance { from, to } => {
                self.message(ui, "q-knight", &[("from", sq(from)), ("to", sq(to))])
            }
            Question::ReachCount { role, square } => self.message(
                ui,
                "q-reach-count",
                &[
                    ("role", role_key(role)),
                    ("piece", s(self.ui_piece(p, role))),
                    ("square", sq(square)),
                ],
            ),
            Question::ReachSquares { role, square } => self.message(
                ui,
                "q-reach-squares",
                &[
                    ("role", role_key(role)),
                    ("piece", s(self.ui_piece(p, role))),
                    ("square", sq(square)),
                ],
            ),
            Question::PieceOn { square } => {
                self.message(ui, "q-piece-on", &[("square", sq(square))])
            }
            Question::WhereIs { piece } => self.message(
                ui,
                "q-where",
                &[
                    ("role", role_key(piece.role)),
                    ("side", color_key(piece.color)),
                    ("name", s(self.ui_piece(p, piece.role))),
                    ("names", s(self.message(ui, pieces_id(piece.role), &[]))),
                ],
            ),
            Question::Attacked { square, by } => self.message(
                ui,
                "q-attacked",
                &[("square", sq(square)), ("side", color_key(by))],
            ),
            Question::MoveCount { square } => {
                self.message(ui, "q-move-count", &[("square", sq(square))])
            }
            Question::Captures { color } => {
                self.message(ui, "q-captures", &[("side", color_key(color))])
            }
        }
    }

    /// What was right, in words.
    fn expected_text(&self, p: Phrasing, _q: &Question, e: &Expected) -> String {
        let ui = p.lang;
        match *e {
            Expected::Shade(Shade::Light) => self.message(ui, "a-light", &[]),
            Expected::Shade(Shade::Dark) => self.message(ui, "a-dark", &[]),
            Expected::YesNo(true) => self.message(ui, "a-yes", &[]),
            Expected::YesNo(false) => self.message(ui, "a-no", &[]),
            Expected::Number(number) => number.to_string(),
            Expected::Squares(squares) => self.square_list(p, squares),
            Expected::Piece(Some(piece)) => self.piece_answer(p, piece),
            Expected::Piece(None) => self.message(ui, "a-nothing", &[]),
        }
    }

    fn square_list(&self, p: Phrasing, squares: Bitboard) -> String {
        if squares.is_empty() {
            return self.message(p.lang, "a-none", &[]);
        }
        squares
            .into_iter()
            .map(|sq| self.square(p, sq))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn piece_answer(&self, p: Phrasing, piece: Piece) -> String {
        self.colored_piece(p, piece)
    }
}

/// The message naming a kind of question.
fn kind_message(kind: QuestionKind) -> &'static str {
    match kind {
        QuestionKind::SquareColor => "kind-square-color",
        QuestionKind::SameDiagonal => "kind-same-diagonal",
        QuestionKind::KnightDistance => "kind-knight-distance",
        QuestionKind::ReachCount => "kind-reach-count",
        QuestionKind::ReachSquares => "kind-reach-squares",
        QuestionKind::PieceOn => "kind-piece-on",
        QuestionKind::WhereIs => "kind-where-is",
        QuestionKind::Attacked => "kind-attacked",
        QuestionKind::MoveCount => "kind-move-count",
        QuestionKind::Captures => "kind-captures",
    }
}

/// Seconds with one decimal, the decimal mark of the language.
fn tenths(lang: Lang, d: Duration) -> String {
    let text = format!("{:.1}", d.as_secs_f64());
    match lang {
        Lang::En => text,
        Lang::De | Lang::Et => text.replace('.', ","),
    }
}
