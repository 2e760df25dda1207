//! The flow of a review: the game on the board (or the whole game a
//! replay shows) handed to the review room, its positions asked of the
//! seat's engine one at a time, the turning points shown in the replay
//! room so that every reading command reads them, and `stop`.

use std::time::Instant;

use crate::engine::client::Failure;
use crate::engine::host::Budget;
use crate::engine::search::SearchResult;
use crate::event::{EngineEvent, Event, ReviewEvent, ReviewRefusal};
use crate::input::commands::Cmd;
use crate::input::{LoadFrom, ReviewOrder};
use crate::rules::Game;

use super::super::Rooms;
use super::super::records::Records;
use super::super::review::{self, Ask, Walk};
use super::super::step::Effect;

impl Rooms {
    /// The whole game the review is of: the one a replay shows, else the
    /// game on the board once it is over. A game still being played is
    /// not reviewed: `Err` with the refusal.
    fn game_to_review(&self) -> Result<Game, Vec<Event>> {
        if let Some(full) = self.replay.full() {
            return Ok(full.clone());
        }
        if self.online.playing() {
            return Err(vec![ReviewRefusal::NotHere.into()]);
        }
        if self.table.game.plies().is_empty() {
            return Err(vec![ReviewRefusal::NoMoves.into()]);
        }
        if !self.table.game.is_over() {
            return Err(vec![ReviewRefusal::GameRunning.into()]);
        }
        Ok(self.table.game.clone())
    }

    /// `opening`, `review …` and `stop`: the review room's commands.
    pub(in crate::session) fn review_room_command(&mut self, cmd: Cmd) -> Vec<Event> {
        match cmd {
            Cmd::Opening => self.opening_command(),
            Cmd::Review(order) => self.review_command(order),
            Cmd::Stop => self.stop_command(),
            _ => Vec::new(),
        }
    }

    /// `review`, `review NAME`, `review next|back|N|line`.
    fn review_command(&mut self, order: ReviewOrder) -> Vec<Event> {
        match order {
            ReviewOrder::Game => self.review_game(),
            ReviewOrder::Saved(name) => {
                self.review.review_after_load();
                Records::load(&mut self.table, LoadFrom::Saved(name))
            }
            ReviewOrder::Next => self.review_walk(Walk::Next),
            ReviewOrder::Back => self.review_walk(Walk::Back),
            ReviewOrder::Point(n) => self.review_walk(Walk::To(n)),
            ReviewOrder::Line => match self.game_to_review() {
                Ok(game) => self.review.line(&game),
                Err(refused) => refused,
            },
        }
    }

    /// The review of the game: said at once when it was made before,
    /// else begun.
    pub(in crate::session) fn review_game(&mut self) -> Vec<Event> {
        let game = match self.game_to_review() {
            Ok(game) => game,
            Err(refused) => return refused,
        };
        match self.review.begin(&game, self.table.now) {
            Ok(ask) => {
                let engine = self.seat.analyst();
                let started = self.review.started(engine);
                self.review_ask(ask);
                vec![started]
            }
            Err(said) => said,
        }
    }

    /// Asks the seat's engine for the position the review wants next.
    fn review_ask(&mut self, ask: Ask) {
        let depth = u32::from(self.table.settings.review_depth.0);
        let id = self
            .seat
            .ask_review(&ask.game, ask.index, Budget::Depth(depth));
        self.review.asked(id, ask.index);
    }

    /// Whether an engine reply is the review's.
    pub(in crate::session) fn for_review(&self, id: u64) -> bool {
        self.review.awaits(id)
    }

    /// The engine's answer for the review: kept, the next position
    /// asked, progress or the result said. An external engine that
    /// failed is said once; the built-in engine answered in its place.
    pub(in crate::session) fn review_found(
        &mut self,
        result: &SearchResult,
        failure: Option<Failure>,
        now: Instant,
    ) -> Vec<Event> {
        let mut events = Vec::new();
        if let Some(failure) = failure {
            self.seat.external_failed();
            events.push(EngineEvent::Failed(failure).into());
            events.push(ReviewEvent::EngineFailed.into());
        }
        let (said, next) = self.review.found(result, now, self.interactive);
        events.extend(said);
        if let Some(ask) = next {
            self.review_ask(ask);
        }
        events
    }

    /// `review next`, `back`, `N`: the turning point, shown as the
    /// replay's position before the move.
    fn review_walk(&mut self, to: Walk) -> Vec<Event> {
        let game = match self.game_to_review() {
            Ok(game) => game,
            Err(refused) => return refused,
        };
        let (ply, said) = match self.review.walk(&game, to) {
            Ok(found) => found,
            Err(refused) => return refused,
        };
        let agreed = self.dual.agrees(&self.table);
        if let Err(refused) = self.replay.show_at(&mut self.table, ply) {
            return refused;
        }
        self.dual.sync(&self.table, agreed);
        vec![said]
    }

    /// `stop`: the review under way ends, and the analysis awaited is
    /// stopped.
    fn stop_command(&mut self) -> Vec<Event> {
        match self.review.stop() {
            Ok((said, id)) => {
                if let Some(id) = id {
                    self.table.effects.push(Effect::StopAnalysis(id));
                }
                said
            }
            Err(refused) => refused,
        }
    }

    /// `opening`: the opening of the game (the whole game in a replay).
    fn opening_command(&self) -> Vec<Event> {
        vec![review::opening(&self.table, self.replay.full())]
    }

    /// After `review NAME` the game has loaded: shown for replay from
    /// its start, and reviewed.
    pub(in crate::session) fn review_loaded(&mut self) -> Vec<Event> {
        let game = self.table.game.clone();
        let mut events = self.load_for_replay(game);
        events.extend(self.review_game());
        events
    }
}
