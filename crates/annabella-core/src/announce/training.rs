//! The training family: blindfold play, its peeks and the score at the
//! end of a game.

use super::{Announcer, Phrasing, n};
use crate::event::TrainingEvent;

impl Announcer {
    pub(super) fn training_event(&self, p: Phrasing, event: &TrainingEvent) -> Vec<String> {
        let ui = p.lang;
        let line = match event {
            TrainingEvent::BlindfoldOn {
                budget: Some(budget),
            } => self.message(ui, "blindfold-on-budget", &[("budget", n(*budget))]),
            TrainingEvent::BlindfoldOn { budget: None } => self.message(ui, "blindfold-on", &[]),
            TrainingEvent::BlindfoldOff { used } => {
                self.message(ui, "blindfold-off", &[("used", n(*used))])
            }
            TrainingEvent::Peeked {
                used,
                budget: Some(budget),
            } => self.message(
                ui,
                "peek-used-budget",
                &[("used", n(*used)), ("budget", n(*budget))],
            ),
            TrainingEvent::Peeked { used, budget: None } => {
                self.message(ui, "peek-used", &[("used", n(*used))])
            }
            TrainingEvent::GameScore { peeks, quiz } => {
                let mut parts = Vec::new();
                if let Some(used) = peeks {
                    parts.push(self.message(ui, "score-peeks", &[("used", n(*used))]));
                }
                if let Some((right, asked)) = quiz {
                    parts.push(self.message(
                        ui,
                        "score-quiz",
                        &[("right", n(*right)), ("asked", n(*asked))],
                    ));
                }
                parts.join(" ")
            }
            TrainingEvent::ShowPosition(_)
            | TrainingEvent::ShowMoves { .. }
            | TrainingEvent::Asked { .. }
            | TrainingEvent::Judged { .. }
            | TrainingEvent::Unreadable(_)
            | TrainingEvent::DrillDone { .. }
            | TrainingEvent::DrillStopped(_)
            | TrainingEvent::Stats(_) => return self.drill_event(p, event),
        };
        vec![line]
    }
}
