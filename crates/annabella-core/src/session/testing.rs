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
