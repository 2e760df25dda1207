//! The prompt family: the questions the session asks.

use shakmaty::Move;

use super::{Announcer, Phrasing, n, q, role_key, s};
use crate::event::{PromptEvent, Question, Replacing};

impl Announcer {
    pub(super) fn prompt_event(&self, p: Phrasing, event: &PromptEvent) -> String {
        match event {
            PromptEvent::Ask(q) => self.question(p, q),
            PromptEvent::NotFitting(q) => format!(
                "{} {}",
                self.message(p.lang, "answer-not-fitting", &[]),
                self.question(p, q)
            ),
            PromptEvent::NotAnAnswer {
                input,
                nearest,
                question,
            } => {
                let nearest = nearest.and_then(|mv| self.choice(p, question, mv));
                let first = match nearest {
                    Some(choice) => self.message(
                        p.lang,
                        "not-understood-suggest",
                        &[("input", q(input)), ("suggestion", s(choice))],
                    ),
                    None => self.message(p.lang, "answer-not-understood", &[("input", q(input))]),
                };
                format!("{first} {}", self.question(p, question))
            }
        }
    }

    /// One choice of a question as the question words it: the square of
    /// "which knight?", the piece and square of "which piece?", the
    /// piece of a promotion.
    fn choice(&self, p: Phrasing, question: &Question, mv: Move) -> Option<String> {
        match question {
            Question::Which { role: Some(_), .. } => Some(self.square(p, mv.from()?)),
            Question::Which { role: None, .. } => Some(self.message(
                p.lang,
                "ask-which-piece",
                &[
                    ("name", s(self.ui_piece(p, mv.role()))),
                    ("square", s(self.square(p, mv.from()?))),
                ],
            )),
            Question::Promotion { .. } => Some(self.ui_piece(p, mv.promotion()?)),
            // Questions answered with yes, no or a move have no choice
            // to suggest.
            Question::Castling
            | Question::Repeat
            | Question::ConfirmOwn(_)
            | Question::HeardMove(_)
            | Question::Either(_)
            | Question::HeardCommand(_)
            | Question::Sheet
            | Question::Restore { .. }
            | Question::Replace(_)
            | Question::Training(_) => None,
        }
    }

    /// Heard moves too close to tell apart, each as a move is read back,
    /// joined with the UI language's "or".
    fn either_question(&self, p: Phrasing, moves: &[crate::rules::MoveFacts]) -> String {
        let choices = moves.iter().map(|f| self.move_words(p.short(), f));
        let choices = s(self.or_list(p, choices.collect()));
        self.message(p.lang, "ask-heard-either", &[("choices", choices)])
    }

    fn question(&self, p: Phrasing, q: &Question) -> String {
        let ui = p.lang;
        match q {
            Question::Which { role, pieces } => {
                let choices = pieces
                    .iter()
                    .map(|&(piece, sq)| match role {
                        Some(_) => self.square(p, sq),
                        // Different pieces: each named with its square.
                        None => self.message(
                            ui,
                            "ask-which-piece",
                            &[
                                ("name", s(self.ui_piece(p, piece))),
                                ("square", s(self.square(p, sq))),
                            ],
                        ),
                    })
                    .collect();
                let choices = s(self.or_list(p, choices));
                match role {
                    Some(r) => self.message(
                        ui,
                        "ask-which",
                        &[
                            ("role", role_key(*r)),
                            ("name", s(self.ui_piece(p, *r))),
                            ("choices", choices),
                        ],
                    ),
                    None => self.message(ui, "ask-which-any", &[("choices", choices)]),
                }
            }
            Question::Promotion { to } => {
                self.message(ui, "ask-promotion", &[("square", s(self.square(p, *to)))])
            }
            Question::Castling => self.message(ui, "ask-castling", &[]),
            Question::Repeat => self.message(ui, "ask-repeat", &[]),
            Question::ConfirmOwn(f) => self.message(
                ui,
                "ask-confirm-own",
                &[("move", s(self.move_words(p.short(), f)))],
            ),
            Question::HeardMove(f) => self.message(
                ui,
                "ask-heard-move",
                &[("move", s(self.move_words(p.short(), f)))],
            ),
            Question::Either(moves) => self.either_question(p, moves),
            Question::HeardCommand(command) => {
                self.message(ui, "ask-heard-command", &[("command", s(command.word(ui)))])
            }
            Question::Sheet => self.message(ui, "ask-sheet", &[]),
            Question::Replace(Replacing::Brf(file)) => {
                self.message(ui, "ask-replace-file", &[("path", super::q(file))])
            }
            Question::Replace(Replacing::Save(name)) => {
                self.message(ui, "ask-replace-game", &[("path", super::q(name))])
            }
            Question::Restore {
                count,
                number,
                color,
            } => {
                let count = n(u32::try_from(*count).unwrap_or(u32::MAX));
                let color = s(self.color(p, *color));
                match number {
                    Some(number) => self.message(
                        ui,
                        "ask-restore",
                        &[("count", count), ("number", n(*number)), ("color", color)],
                    ),
                    None => self.message(ui, "ask-restore-start", &[("count", count)]),
                }
            }
            Question::Training(q) => self.drill_question(p, q),
        }
    }
}
