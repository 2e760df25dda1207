//! The training room: blindfold play, where board-reading commands cost
//! peeks graded by how much of the board they show (the costs are the
//! command table's, [`Command::peek_cost`]), and the score said when a
//! game played blindfold ends.

use crate::event::{Event, GameEvent, Refused, TrainingEvent};
use crate::input::BlindfoldOrder;
use crate::input::commands::Command;
use crate::store::SavedBlindfold;

mod drill;

/// Blindfold play in the current game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Blindfold {
    /// The peeks allowed, or none for no limit.
    budget: Option<u32>,
    /// Peeks used so far.
    used: u32,
}

/// What the training room keeps between lines.
#[derive(Clone, Debug, Default)]
pub(super) struct Training {
    /// Blindfold play, when it is on.
    blindfold: Option<Blindfold>,
    /// The drill in progress.
    drill: Option<drill::Running>,
    /// The drills' statistics, kept across sessions by the store.
    stats: crate::training::Stats,
    /// Questions about the current game.
    quiz: drill::Quiz,
}

impl Training {
    /// `blindfold on [peeks N]`, `blindfold off`, or `blindfold` alone
    /// for where it stands.
    pub fn blindfold(&mut self, order: BlindfoldOrder) -> Vec<Event> {
        match order {
            BlindfoldOrder::Status => match self.blindfold {
                Some(b) => vec![self.peeked(b)],
                None => vec![TrainingEvent::BlindfoldOff { used: 0 }.into()],
            },
            BlindfoldOrder::Off => {
                let used = self.blindfold.take().map_or(0, |b| b.used);
                vec![TrainingEvent::BlindfoldOff { used }.into()]
            }
            BlindfoldOrder::On { peeks: budget } => {
                // Turned on again mid-game, the peeks used so far stay.
                let used = self.blindfold.map_or(0, |b| b.used);
                self.blindfold = Some(Blindfold { budget, used });
                vec![TrainingEvent::BlindfoldOn { budget }.into()]
            }
        }
    }

    fn peeked(&self, b: Blindfold) -> Event {
        TrainingEvent::Peeked {
            used: b.used,
            budget: b.budget,
        }
        .into()
    }

    /// A command about to run in blindfold play: `Err` with the refusal
    /// when too few peeks are left, else what the peek costs said, if it
    /// costs any.
    pub fn peek(&mut self, command: Command) -> Result<Option<Event>, Event> {
        let cost = command.peek_cost();
        let Some(b) = self.blindfold.as_mut() else {
            return Ok(None);
        };
        if cost == 0 {
            return Ok(None);
        }
        if let Some(budget) = b.budget
            && b.used + cost > budget
        {
            return Err(Refused::NoPeeksLeft {
                cost,
                used: b.used,
                budget,
            }
            .into());
        }
        b.used += cost;
        let b = *b;
        Ok(Some(self.peeked(b)))
    }

    /// After the events of a line, reply or tick: when they end a game
    /// played blindfold, the peeks used.
    pub fn score_at_end(&self, events: &mut Vec<Event>) {
        let over = events
            .iter()
            .any(|e| matches!(e, Event::Game(GameEvent::Over(_))));
        if !over {
            return;
        }
        let peeks = self.blindfold.map(|b| b.used);
        let q = self.quiz;
        let quiz = (q.asked > 0).then_some((q.right, q.asked));
        if peeks.is_some() || quiz.is_some() {
            events.push(TrainingEvent::GameScore { peeks, quiz }.into());
        }
    }

    /// Whether the game is played blindfold.
    pub fn blindfolded(&self) -> bool {
        self.blindfold.is_some()
    }

    /// The drills' statistics as the store kept them.
    pub fn set_stats(&mut self, stats: crate::training::Stats) {
        self.stats = stats;
    }

    /// Blindfold play as kept with the game.
    pub fn saved_blindfold(&self) -> Option<SavedBlindfold> {
        self.blindfold.map(|b| SavedBlindfold {
            budget: b.budget,
            used: b.used,
        })
    }

    /// Blindfold play as a kept game had it.
    pub fn restore_blindfold(&mut self, saved: Option<SavedBlindfold>) {
        self.blindfold = saved.map(|b| Blindfold {
            budget: b.budget,
            used: b.used,
        });
    }

    /// A new game: blindfold play stays on, its count starts afresh.
    pub fn reset(&mut self) {
        if let Some(b) = self.blindfold.as_mut() {
            b.used = 0;
        }
        self.quiz = drill::Quiz::default();
    }
}
