//! The engine family: engine failures, hints, evaluations, the opponent.

use shakmaty::Color;

use super::{Announcer, Phrasing, n, s};
use crate::event::Failure;
use crate::event::{EngineEvent, Evaluation, OpponentKind};
use crate::settings::Verbosity;

impl Announcer {
    pub(super) fn engine_event(&self, p: Phrasing, event: &EngineEvent) -> String {
        let ui = p.lang;
        match event {
            EngineEvent::Failed(failure) => {
                let none = String::new;
                // `$named` is the program or the option at fault, `$why`
                // why the system would not start the program.
                let (reason, mv, named, why) = match failure {
                    Failure::NotStarted { program, reason } => (
                        "notstarted",
                        none(),
                        program.clone(),
                        self.io_reason(ui, *reason),
                    ),
                    Failure::OptionRefused { name, value } => {
                        ("refused", none(), format!("{name}={value}"), none())
                    }
                    Failure::StartTimeout => ("starttimeout", none(), none(), none()),
                    Failure::Crashed => ("crashed", none(), none(), none()),
                    Failure::Hung => ("hung", none(), none(), none()),
                    Failure::IllegalMove(m) => ("illegal", m.to_string(), none(), none()),
                    Failure::Garbled => ("garbled", none(), none(), none()),
                };
                self.message(
                    ui,
                    "engine-failed",
                    &[
                        ("reason", s(reason)),
                        ("move", s(mv)),
                        ("named", s(named)),
                        ("why", s(why)),
                    ],
                )
            }
            EngineEvent::UnknownOption(name) => {
                self.message(ui, "engine-unknown-option", &[("option", s(name.clone()))])
            }
            EngineEvent::Hint(f) => self.message(
                ui,
                "hint-move",
                &[("move", s(self.move_words(p.short(), f)))],
            ),
            EngineEvent::HintOnEngineTurn => self.message(ui, "hint-engine-turn", &[]),
            EngineEvent::DrawDeclined => self.message(ui, "draw-declined-engine", &[]),
            EngineEvent::Evaluation(e) => self.evaluation(p, e),
            EngineEvent::OpponentChanged(o) => {
                let id = match o.kind {
                    OpponentKind::Human => return self.message(ui, "opponent-human", &[]),
                    OpponentKind::Builtin => "opponent-engine",
                    OpponentKind::External => "opponent-external",
                };
                self.message(
                    ui,
                    id,
                    &[
                        ("level", n(u32::from(o.level))),
                        ("elo", n(o.elo)),
                        ("color", s(self.color(p, o.human))),
                    ],
                )
            }
        }
    }

    /// "White is clearly better"; at verbosity full also the centipawns
    /// and the main line.
    fn evaluation(&self, p: Phrasing, e: &Evaluation) -> String {
        let ui = p.lang;
        let leader = if e.mate.map_or(e.centipawns, |m| m) >= 0 {
            Color::White
        } else {
            Color::Black
        };
        let color = s(self.color(p, leader));
        let cp = e.centipawns.abs();
        let verdict = match e.mate {
            Some(m) => self.message(
                ui,
                "eval-mate",
                &[("color", color), ("moves", n(m.unsigned_abs()))],
            ),
            None if cp <= 30 => self.message(ui, "eval-equal", &[]),
            None if cp <= 90 => self.message(ui, "eval-slight", &[("color", color)]),
            None if cp <= 250 => self.message(ui, "eval-clear", &[("color", color)]),
            None => self.message(ui, "eval-winning", &[("color", color)]),
        };
        if p.verbosity != Verbosity::Full {
            return verdict;
        }
        let line: Vec<String> = e
            .line
            .iter()
            .map(|f| self.move_words(p.short(), f))
            .collect();
        let line = s(line.join("; "));
        // A forced mate has no centipawn figure worth saying.
        let detail = match e.mate {
            Some(_) => self.message(ui, "eval-line", &[("line", line)]),
            None => self.message(
                ui,
                "eval-detail",
                &[("centipawns", s(e.centipawns.to_string())), ("line", line)],
            ),
        };
        format!("{verdict} {detail}")
    }
}
