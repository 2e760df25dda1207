//! The game on lichess, kept in step with the server: the replies to
//! calls and the lines of the two streams. Moves the server reports are
//! compared with the game here; only those not yet here are played and
//! said, so a reconnection (whose `gameFull` repeats every move) says
//! nothing twice, and a takeback or a refused move is taken back.

use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{ByColor, Color, KnownOutcome, Move};

use crate::event::{Event, GameEvent, NetTrouble, OnlineEvent, OnlinePlayer};
use crate::online::{
    self, Call, Control, GameFull, GameState, GameStatus, InitialFen, NetRequest, Stream,
};
use crate::rules::clock::{Bonus, Clock, TimeControl as LocalControl};
use crate::rules::{EndReason, Finished, Game};

use super::Session;
use super::online::{Link, Purpose};

/// How many failed reconnections in a row a script waits through before
/// it reads on (a person at a terminal is never kept waiting).
const PATIENCE: u32 = 3;

/// The game being played on lichess.
#[derive(Clone, Debug)]
pub(super) struct OnlineGame {
    /// Its id.
    pub id: String,
    /// The player's side.
    pub color: Color,
    /// The opponent.
    pub opponent: OnlinePlayer,
    /// The game stream.
    pub link: Link,
    /// Failed connections in a row.
    pub drops: u32,
    /// Lines of the game stream read.
    pub lines: u64,
    /// A state line after this many is awaited (an action was sent).
    pub expect: Option<u64>,
    /// The player's move sent and not yet in a state from the server.
    pub sent: Option<Move>,
    /// The moves as the server last reported them.
    pub server_moves: Vec<String>,
    /// The `gameFull` has been read (the game is set up).
    pub full: bool,
    /// The opponent has left the game.
    pub gone: bool,
    /// The opponent's draw and takeback offers, as last reported.
    pub offers: (bool, bool),
    /// The player's own draw offer or takeback request, unanswered.
    pub proposed: Option<Proposal>,
    /// The server has shown the player's proposal standing.
    pub proposal_seen: bool,
}

/// What the player proposed to the opponent.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Proposal {
    /// A draw.
    Draw,
    /// Taking back the last move.
    Takeback,
}

impl OnlineGame {
    pub(super) fn new(id: String, color: Color) -> OnlineGame {
        OnlineGame {
            id,
            color,
            opponent: Session::player_of(None, None, None),
            link: Link::Connecting,
            drops: 0,
            lines: 0,
            expect: None,
            sent: None,
            server_moves: Vec::new(),
            full: false,
            gone: false,
            offers: (false, false),
            proposed: None,
            proposal_seen: false,
        }
    }

    /// Whether a script waits for the server before its next line.
    pub fn waiting(&self, game: &Game) -> bool {
        if self.link == Link::Down && self.drops > PATIENCE {
            return false;
        }
        let opponent_to_move = !game.is_over() && game.turn() != self.color && !self.gone;
        // A stream coming back says so: that is awaited too.
        let linking = self.link != Link::Up;
        !self.full || linking || self.expect.is_some() || self.sent.is_some() || opponent_to_move
    }
}

impl Session {
    /// The whole game: the first sets the board up (the moves already
    /// played are not said); after a reconnection only what is new is.
    pub(super) fn game_full(&mut self, full: GameFull) -> Vec<Event> {
        let Some(game) = self.online.game.as_mut() else {
            return Vec::new();
        };
        if game.full {
            return self.game_state(&full.state);
        }
        game.full = true;
        let name = |p: &online::GamePlayer| match (p.ai_level, &p.name) {
            (Some(level), _) => format!("lichess AI level {level}"),
            (None, Some(name)) => name.clone(),
            (None, None) => "?".to_string(),
        };
        let names = [name(&full.white), name(&full.black)];
        let other = if game.color == Color::White {
            &full.black
        } else {
            &full.white
        };
        game.opponent = Session::player_of(other.name.as_deref(), other.rating, other.ai_level);
        let opponent = game.opponent.clone();
        let color = game.color;
        let start = match (&full.variant, &full.initial_fen) {
            (_, InitialFen::StartPos) => Ok(Game::new()),
            (_, InitialFen::Fen(fen)) => Game::from_fen(fen),
        };
        let Ok(start) = start else {
            return vec![OnlineEvent::Trouble(NetTrouble::BadAnswer).into()];
        };
        let control = full.clock.map(|c| Control {
            limit: u32::try_from(c.initial / 1000).unwrap_or(u32::MAX),
            increment: u32::try_from(c.increment / 1000).unwrap_or(u32::MAX),
        });
        self.online.names = Some(names);
        let site = format!("{}/{}", self.table.settings.lichess_url.as_str(), full.id);
        let event = if full.rated {
            "Rated game on lichess"
        } else {
            "Casual game on lichess"
        };
        self.records.tag_online(event, &site);
        self.table.game = start;
        self.replay.end();
        self.table.prompt = None;
        self.seat.forget_move();
        self.seat.human = color;
        self.table.clock = None;
        self.clock.forget();
        if let Some(c) = control {
            let local = LocalControl::simple(
                Duration::from_secs(u64::from(c.limit)),
                Bonus::Increment(Duration::from_secs(u64::from(c.increment))),
            );
            self.table.clock = Some(Clock::new(local, self.table.game.turn()));
        }
        self.dual.reset(&self.table);
        let mut events: Vec<Event> = vec![
            OnlineEvent::GameStarted {
                opponent,
                color,
                control,
                rated: full.rated,
            }
            .into(),
        ];
        let quiet = self.follow_server(&full.state, true);
        events.extend(quiet);
        events.push(self.table.status(self.against()));
        events
    }

    /// A state after a change: new moves played and said, a takeback
    /// taken back, the clocks set, offers and the end said.
    pub(super) fn game_state(&mut self, state: &GameState) -> Vec<Event> {
        self.follow_server(state, false)
    }

    /// Brings the game here in line with the server's `state`.
    fn follow_server(&mut self, state: &GameState, quiet: bool) -> Vec<Event> {
        let Some(game) = self.online.game.as_mut() else {
            return Vec::new();
        };
        let server: Vec<String> = state.moves.split_whitespace().map(str::to_string).collect();
        game.server_moves.clone_from(&server);
        // The first state after an action is the server's answer to it.
        let answer = game.expect.is_some_and(|n| game.lines > n);
        if let Some(sent) = game.sent {
            let here = self.table.game.plies().len();
            let confirmed =
                server.len() >= here && self.table.game.last_ply().is_some_and(|p| p.mv == sent);
            if confirmed {
                if let Some(g) = self.online.game.as_mut() {
                    g.sent = None;
                }
            } else if server.len() + 1 == here {
                // The player's move is on its way: the state is older.
                return Vec::new();
            }
        }
        let before = self.table.game.plies().len();
        let mut events = Vec::new();
        let agreed = self.dual.agrees(&self.table);
        events.extend(self.take_back_to(&server, !quiet));
        if quiet {
            self.play_quietly(&server);
            self.dual.sync(&self.table, agreed);
        } else {
            events.extend(self.play_from_server(&server));
        }
        self.set_server_clock(state);
        events.extend(self.offers(state));
        let shortened = self.table.game.plies().len() < before;
        events.extend(self.own_proposal(state, answer, shortened));
        events.extend(self.server_end(state));
        events
    }

    /// The player's own draw offer or takeback request: said declined
    /// when the server's answer (or a later state, after it stood) no
    /// longer shows it and neither the game ended nor moves went back.
    fn own_proposal(&mut self, state: &GameState, answer: bool, shortened: bool) -> Vec<Event> {
        let over = state.status != GameStatus::Started || self.table.game.is_over();
        let Some(game) = self.online.game.as_mut() else {
            return Vec::new();
        };
        let Some(proposal) = game.proposed else {
            return Vec::new();
        };
        let mine = game.color;
        let standing = match (proposal, mine) {
            (Proposal::Draw, Color::White) => state.wdraw,
            (Proposal::Draw, Color::Black) => state.bdraw,
            (Proposal::Takeback, Color::White) => state.wtakeback,
            (Proposal::Takeback, Color::Black) => state.btakeback,
        };
        if over || (proposal == Proposal::Takeback && shortened) {
            game.proposed = None;
            return Vec::new();
        }
        if standing {
            game.proposal_seen = true;
            return Vec::new();
        }
        if !answer && !game.proposal_seen {
            return Vec::new();
        }
        game.proposed = None;
        vec![match proposal {
            Proposal::Draw => GameEvent::DrawDeclined(mine).into(),
            Proposal::Takeback => OnlineEvent::TakebackDeclined.into(),
        }]
    }

    /// Takes back the moves here that the server does not have (a
    /// takeback, a refused move); each said unless `quiet`.
    fn take_back_to(&mut self, server: &[String], say: bool) -> Vec<Event> {
        let mode = self.table.game.castling_mode();
        let common = self
            .table
            .game
            .plies()
            .iter()
            .zip(server)
            .take_while(|(p, uci)| p.mv.to_uci(mode).to_string() == **uci)
            .count();
        let mut events = Vec::new();
        while self.table.game.plies().len() > common {
            let undone = super::play::take_back(&mut self.table);
            if say {
                events.extend(undone);
            }
        }
        events
    }

    /// Plays the server's moves not yet here without saying them.
    fn play_quietly(&mut self, server: &[String]) {
        for uci in server.iter().skip(self.table.game.plies().len()) {
            let Some(mv) = self.server_move(uci) else {
                break;
            };
            if self.table.game.play(mv).is_err() {
                break;
            }
        }
    }

    /// Plays and says the server's moves not yet here, as local moves
    /// are said.
    fn play_from_server(&mut self, server: &[String]) -> Vec<Event> {
        let mut events = Vec::new();
        for uci in server.iter().skip(self.table.game.plies().len()) {
            let Some(mv) = self.server_move(uci) else {
                events.push(OnlineEvent::Trouble(NetTrouble::BadAnswer).into());
                break;
            };
            events.extend(self.play(mv));
        }
        events
    }

    /// A UCI move from the server, if legal here.
    fn server_move(&self, uci: &str) -> Option<Move> {
        let uci = UciMove::from_ascii(uci.as_bytes()).ok()?;
        uci.to_move(self.table.game.position()).ok()
    }

    /// The clocks as the server reports them; the side to move's runs
    /// here until the next report (lichess starts them with each side's
    /// first move).
    fn set_server_clock(&mut self, state: &GameState) {
        let (Some(now), Some(clock)) = (self.table.now, self.table.clock.as_mut()) else {
            return;
        };
        let running = state.status == GameStatus::Started && self.table.game.plies().len() >= 2;
        let left = ByColor {
            white: Duration::from_millis(state.wtime),
            black: Duration::from_millis(state.btime),
        };
        clock.set_times(
            left,
            self.table.game.turn(),
            running && !self.table.game.is_over(),
            now,
        );
        if self.table.game.is_over() {
            clock.stop(now);
        }
    }

    /// The opponent's draw and takeback offers, said when they appear.
    fn offers(&mut self, state: &GameState) -> Vec<Event> {
        let Some(game) = self.online.game.as_mut() else {
            return Vec::new();
        };
        let theirs = !game.color;
        let draw = if theirs == Color::White {
            state.wdraw
        } else {
            state.bdraw
        };
        let takeback = if theirs == Color::White {
            state.wtakeback
        } else {
            state.btakeback
        };
        let (had_draw, had_takeback) = std::mem::replace(&mut game.offers, (draw, takeback));
        let mut events = Vec::new();
        if draw && !had_draw && !self.table.game.is_over() {
            self.table.game.offer_draw_by(theirs);
            events.push(GameEvent::DrawOffered(theirs).into());
        }
        if !draw && had_draw && self.table.game.draw_offer() == Some(theirs) {
            self.table.game.decline_draw();
        }
        if takeback && !had_takeback {
            events.push(OnlineEvent::TakebackOffered.into());
        }
        events
    }

    /// The end of the game as the server's status says it.
    fn server_end(&mut self, state: &GameState) -> Vec<Event> {
        let status = &state.status;
        if matches!(status, GameStatus::Created | GameStatus::Started) {
            return Vec::new();
        }
        let id = self.online_game_id();
        self.online.game = None;
        self.online.seek = None;
        if let Some(id) = id {
            self.online
                .outbox
                .push(NetRequest::Unwatch(Stream::Game(id)));
        }
        self.table.prompt = None;
        if *status == GameStatus::Aborted {
            self.table.game = Game::new();
            self.clock.reset(&mut self.table);
            self.dual.reset(&self.table);
            self.online.from_lichess = false;
            return vec![OnlineEvent::Aborted.into()];
        }
        if self.table.game.is_over() {
            return Vec::new();
        }
        let winner = state.winner.map(Color::from);
        let finished = end_of(status, winner);
        self.table.game.set_result(Some(finished));
        self.table.stop_clock_if_over();
        vec![GameEvent::Over(finished).into()]
    }

    /// After the player's move in the online game: it goes to lichess.
    pub(super) fn send_move(&mut self, mv: Move, offering_draw: bool) -> Vec<Event> {
        let mode = self.table.game.castling_mode();
        let Some(game) = self.online.game.as_mut() else {
            return Vec::new();
        };
        game.sent = Some(mv);
        let call = Call::Move {
            game: game.id.clone(),
            uci: mv.to_uci(mode).to_string(),
            offering_draw,
        };
        let trouble = self.call(call, Purpose::Move);
        if trouble.is_empty() {
            return Vec::new();
        }
        // Nothing went out: the move is taken back at once.
        let mut events = trouble;
        if let Some(game) = self.online.game.as_mut() {
            game.sent = None;
        }
        events.extend(self.back_to_server(true));
        events
    }

    /// Takes back the moves here that the server's last state does not
    /// have; each said if `say`.
    pub(super) fn back_to_server(&mut self, say: bool) -> Vec<Event> {
        let server = self
            .online
            .game
            .as_ref()
            .map(|g| g.server_moves.clone())
            .unwrap_or_default();
        self.take_back_to(&server, say)
    }
}

/// The end of a game as lichess's status and winner give it, in the
/// words of the rules.
fn end_of(status: &GameStatus, winner: Option<Color>) -> Finished {
    let outcome = match winner {
        Some(winner) => KnownOutcome::Decisive { winner },
        None => KnownOutcome::Draw,
    };
    let reason = match (status, winner) {
        (GameStatus::Mate, _) => EndReason::Checkmate,
        (GameStatus::Resign, _) => EndReason::Resignation,
        (GameStatus::Stalemate, _) => EndReason::Stalemate,
        (GameStatus::OutOfTime, Some(_)) => EndReason::TimeForfeit,
        (GameStatus::OutOfTime, None) => EndReason::TimeoutVsInsufficientMaterial,
        (GameStatus::Timeout | GameStatus::NoStart, _) => EndReason::Abandoned,
        (_, None) => EndReason::Agreement,
        (_, Some(_)) => EndReason::Abandoned,
    };
    Finished {
        outcome,
        reason,
        with_move: matches!(status, GameStatus::Mate | GameStatus::Stalemate),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;

    #[test]
    fn castling_from_the_server_reads_in_either_form() {
        let mut session = Session::new(Game::new(), Settings::default());
        for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"] {
            let mv = session.server_move(uci).expect("legal");
            session.table.game.play(mv).expect("played");
        }
        // lichess writes castling as the king's two squares in standard
        // chess and as king takes rook in Chess960.
        let two_squares = session.server_move("e1g1").expect("e1g1");
        let takes_rook = session.server_move("e1h1").expect("e1h1");
        assert!(two_squares.is_castle());
        assert_eq!(two_squares, takes_rook);
        assert!(session.server_move("e1e3").is_none());
        assert!(session.server_move("zz").is_none());
    }
}
