//! Shorthands for the rooms' unit tests: a line or a tick stepped as
//! the loop steps it.

use std::time::Instant;

use crate::engine::host::Request;
use crate::event::Event;

use super::{Input, Rooms, Step};

impl Rooms {
    /// The events of a line typed at `now`.
    pub(crate) fn line_at(&mut self, line: &str, now: Instant) -> Vec<Event> {
        self.step_line(line, now).events
    }

    /// The whole step of a line typed at `now`.
    pub(crate) fn step_line(&mut self, line: &str, now: Instant) -> Step {
        self.step(Input::Line(line.to_string()), now)
    }

    /// The events of a tick at `now`.
    pub(crate) fn tick_at(&mut self, now: Instant) -> Vec<Event> {
        self.step(Input::Tick, now).events
    }
}

/// The engine requests among a step's effects.
pub(crate) fn engine_requests(step: &Step) -> Vec<Request> {
    step.engine_requests().cloned().collect()
}

/// What the engine host answers to an analysis, found by the built-in
/// search right here (deterministic at a depth or node budget).
pub(crate) fn analysed(request: &Request) -> crate::engine::host::Reply {
    use crate::engine::host::{Answer, Reply};
    use crate::engine::search::Searcher;
    use shakmaty::Position;
    let Request::Analyse(r) = request else {
        panic!("not an analysis: {request:?}");
    };
    let mut pos = r.initial.clone();
    let mut keys = Vec::new();
    for m in &r.moves {
        keys.push(crate::rules::key_of(&pos));
        pos.play_unchecked(*m);
    }
    let result = Searcher::new(1).search(&pos, &keys, &r.budget.limits(), &mut |_| {});
    Reply {
        id: r.id,
        answer: Answer::Analysis {
            result,
            failure: None,
            engine: None,
        },
    }
}

impl Rooms {
    /// Steps `line`, then answers every analysis it asks for with the
    /// built-in engine, one at a time as the loop would, until none is
    /// asked; all the events said.
    pub(crate) fn line_analysed(&mut self, line: &str, now: Instant) -> Vec<Event> {
        let mut step = self.step_line(line, now);
        let mut events = std::mem::take(&mut step.events);
        loop {
            let asked: Vec<Request> = engine_requests(&step)
                .into_iter()
                .filter(|r| matches!(r, Request::Analyse(_)))
                .collect();
            let Some(request) = asked.first() else {
                return events;
            };
            step = self.step(Input::Engine(analysed(request)), now);
            events.append(&mut step.events);
        }
    }
}
