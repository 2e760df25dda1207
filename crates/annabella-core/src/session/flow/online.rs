//! The online room's glue to the other rooms, its one `impl Session`:
//! where keeping the game in step with lichess needs more than the
//! table. A move from the server is played as any move is (`play`, with
//! its clock, the player's own board and the questions that follow); a
//! move the server does not have is taken back as `undo` takes it back;
//! a game from lichess replaces the game here with its clock, its PGN
//! tags and the player's side; its end stops the clock. The room itself
//! ([`crate::session`]'s `online`) says what is to be done, as a [`Then`].

use super::Replaced;
use shakmaty::Move;

use crate::event::{Event, GameEvent, NetTrouble, OnlineEvent};
use crate::input::commands::Cmd;
use crate::online::{GameState, NetReply};
use crate::rules::{Game, MoveFacts};

use super::super::Rooms;
use super::super::online::{Ended, Setup, Then, play_quietly, plies_in_common, server_move};

impl Rooms {
    /// A reply of the network host.
    pub(in crate::session) fn net_reply(&mut self, reply: NetReply) -> Vec<Event> {
        let then = self.online.reply(&self.table, reply);
        self.online_then(then)
    }

    /// What a command does with lichess instead of what it does here;
    /// `None` when it works as always.
    pub(in crate::session) fn online_instead(&mut self, cmd: &Cmd) -> Option<Vec<Event>> {
        let then = self.online.instead(&self.table, cmd)?;
        Some(self.online_then(then))
    }

    /// The answer to the offer at start to join a game on lichess;
    /// `None` when none is open.
    pub(in crate::session) fn answer_online_offer(&mut self, line: &str) -> Option<Vec<Event>> {
        let then = self.online.answer_offer(line)?;
        Some(self.online_then(then))
    }

    /// Does what the online room left to the other rooms.
    fn online_then(&mut self, then: Then) -> Vec<Event> {
        match then {
            Then::Said(events) => events,
            Then::Status => vec![self.table.status(self.against())],
            Then::DeclineDraw => super::super::play::decline(&mut self.table),
            Then::MoveRefused(trouble) => self.move_refused(trouble),
            Then::Setup(setup) => {
                let events = self.game_from_lichess(*setup);
                self.online.line_followed();
                events
            }
            Then::State(state) => {
                let events = self.follow_server(&state, false);
                self.online.line_followed();
                events
            }
        }
    }

    /// After the player's move in the game on lichess: it goes there,
    /// or, when nothing can go out, it is taken back at once.
    pub(in crate::session) fn send_move(&mut self, mv: Move, offering_draw: bool) -> Vec<Event> {
        let Some(mut events) = self.online.send_move(&self.table, mv, offering_draw) else {
            return Vec::new();
        };
        events.extend(self.back_to_server(true));
        events
    }

    /// The game from lichess replaces the game here, with its clock, its
    /// tags and the player's side; the moves already played are not
    /// said.
    pub(in crate::session) fn game_from_lichess(&mut self, setup: Setup) -> Vec<Event> {
        self.replace_game(setup.start, Replaced::Lichess);
        self.records.tag_online(setup.event, &setup.site);
        self.seat.sit(setup.color);
        self.table.clock = setup.clock;
        let mut events = vec![setup.started];
        events.extend(self.follow_server(&setup.state, true));
        events.push(self.table.status(self.against()));
        events
    }

    /// Brings the game here in line with the server's `state`: moves
    /// taken back and played (said unless `quiet`), then the clocks,
    /// offers and the end.
    fn follow_server(&mut self, state: &GameState, quiet: bool) -> Vec<Event> {
        let Some(server) = self.online.server_state(&self.table.game, state) else {
            return Vec::new();
        };
        let before = self.table.game.plies().len();
        let agreed = self.dual.agrees(&self.table);
        let mut events = self.take_back_to(&server, !quiet);
        if quiet {
            play_quietly(&mut self.table.game, &server);
            self.dual.sync(&self.table, agreed);
        } else {
            events.extend(self.play_from_server(&server));
        }
        let shortened = self.table.game.plies().len() < before;
        events.extend(self.online.after_state(&mut self.table, state, shortened));
        events.extend(self.server_end(state));
        events
    }

    /// Takes back the moves here that the server does not have (a
    /// takeback, a refused move); each said if `say`.
    fn take_back_to(&mut self, server: &[String], say: bool) -> Vec<Event> {
        let common = plies_in_common(&self.table.game, server);
        let mut events = Vec::new();
        while self.table.game.plies().len() > common {
            let undone = super::super::play::take_back(&mut self.table);
            if say {
                events.extend(undone);
            }
        }
        events
    }

    /// Takes back the moves here that the server's last state does not
    /// have; each said if `say`.
    fn back_to_server(&mut self, say: bool) -> Vec<Event> {
        let server = self.online.reported_moves();
        self.take_back_to(&server, say)
    }

    /// Plays and says the server's moves not yet here, as local moves
    /// are said.
    fn play_from_server(&mut self, server: &[String]) -> Vec<Event> {
        let mut events = Vec::new();
        for uci in server.iter().skip(self.table.game.plies().len()) {
            let Some(mv) = server_move(&self.table.game, uci) else {
                events.push(OnlineEvent::Trouble(NetTrouble::BadAnswer).into());
                break;
            };
            events.extend(self.play(mv));
        }
        events
    }

    /// The server did not take the player's move: it is taken back here,
    /// and the position is the server's again.
    fn move_refused(&mut self, trouble: NetTrouble) -> Vec<Event> {
        let Some(mv) = self.online.take_sent() else {
            return vec![OnlineEvent::Trouble(trouble).into()];
        };
        let facts = MoveFacts::last(&self.table.game)
            .filter(|_| self.table.game.last_ply().is_some_and(|p| p.mv == mv));
        let mut events = Vec::new();
        match (facts, trouble) {
            (Some(facts), NetTrouble::Status { reason, .. }) => {
                events.push(OnlineEvent::MoveRejected { facts, reason }.into());
            }
            (_, trouble) => events.push(OnlineEvent::Trouble(trouble).into()),
        }
        let agreed = self.dual.agrees(&self.table);
        self.back_to_server(false);
        self.dual.sync(&self.table, agreed);
        self.table.prompt = None;
        events.push(self.table.status(self.against()));
        events
    }

    /// The end of the game as the server's status says it: an aborted
    /// game leaves a fresh board; a finished one stops the clock.
    fn server_end(&mut self, state: &GameState) -> Vec<Event> {
        match self.online.ended(&mut self.table, state) {
            None => Vec::new(),
            Some(Ended::Aborted) => {
                self.table.game = Game::new();
                self.clock.reset(&mut self.table);
                self.dual.reset(&self.table);
                self.online.left_lichess();
                vec![OnlineEvent::Aborted.into()]
            }
            Some(Ended::Over(finished)) => {
                self.table.stop_clock_if_over();
                vec![GameEvent::Over(finished).into()]
            }
        }
    }
}
