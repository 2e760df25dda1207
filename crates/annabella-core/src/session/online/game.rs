//! The game on lichess, kept in step with the server. Moves the server
//! reports are compared with the game here; only those not yet here are
//! played and said (by `flow::online`, which plays them as any move is
//! played), so a reconnection (whose `gameFull` repeats every move) says
//! nothing twice, and a takeback or a refused move is taken back. What
//! needs only the table is done here: the game set up from the
//! `gameFull`, the server's clocks, the offers, the player's own
//! proposal, the end.

use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{ByColor, Color, KnownOutcome, Move};

use crate::event::{Event, GameEvent, NetTrouble, OnlineEvent, OnlinePlayer};
use crate::online::{self, Control, GameFull, GameLink, GameState, GameStatus, InitialFen};
use crate::rules::clock::{Bonus, Clock, TimeControl as LocalControl};
use crate::rules::{EndReason, Finished, Game};

use super::super::table::Table;
use super::{Ended, Online, Setup, Then, player_of};

/// The game being played on lichess.
#[derive(Clone, Debug)]
pub(super) struct OnlineGame {
    /// Its id.
    pub id: String,
    /// The player's side.
    pub color: Color,
    /// The opponent.
    pub opponent: OnlinePlayer,
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
            opponent: player_of(None, None, None),
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
    pub(super) fn waiting(&self, game: &Game, link: GameLink) -> bool {
        if link == GameLink::GivenUp {
            return false;
        }
        let opponent_to_move = !game.is_over() && game.turn() != self.color && !self.gone;
        // A stream coming back says so: that is awaited too.
        let linking = link != GameLink::Up;
        !self.full || linking || self.expect.is_some() || self.sent.is_some() || opponent_to_move
    }
}

impl Online {
    /// The whole game: the first sets the board up (the moves already
    /// played are not said); after a reconnection only what is new is.
    /// A start position that cannot be read is said as a bad answer.
    pub(super) fn set_up(&mut self, table: &Table, full: GameFull) -> Result<Then, Event> {
        let Some(game) = self.game.as_mut() else {
            return Ok(Then::Said(Vec::new()));
        };
        if game.full {
            return Ok(Then::State(full.state));
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
        game.opponent = player_of(other.name.as_deref(), other.rating, other.ai_level);
        let start = match &full.initial_fen {
            InitialFen::StartPos => Ok(Game::new()),
            InitialFen::Fen(fen) => Game::from_fen(fen),
        };
        let Ok(start) = start else {
            return Err(OnlineEvent::Trouble(NetTrouble::BadAnswer).into());
        };
        let control = full.clock.map(|c| Control {
            limit: u32::try_from(c.initial / 1000).unwrap_or(u32::MAX),
            increment: u32::try_from(c.increment / 1000).unwrap_or(u32::MAX),
        });
        self.names = Some(names);
        let clock = control.map(|c| {
            let local = LocalControl::simple(
                Duration::from_secs(u64::from(c.limit)),
                Bonus::Increment(Duration::from_secs(u64::from(c.increment))),
            );
            Clock::new(local, start.turn())
        });
        let started = OnlineEvent::GameStarted {
            opponent: game.opponent.clone(),
            color: game.color,
            control,
            rated: full.rated,
        };
        Ok(Then::Setup(Box::new(Setup {
            start,
            color: game.color,
            clock,
            event: if full.rated {
                "Rated game on lichess"
            } else {
                "Casual game on lichess"
            },
            site: format!("{}/{}", table.settings.lichess_url.as_str(), full.id),
            started: started.into(),
            state: full.state,
        })))
    }

    /// A line of the game stream was followed: the answer to an action
    /// is no longer awaited once a state came after it (and no move of
    /// the player's is on its way).
    pub(crate) fn line_followed(&mut self) {
        if let Some(game) = self.game.as_mut()
            && game.expect.is_some_and(|n| game.lines > n)
            && game.sent.is_none()
        {
            game.expect = None;
        }
    }

    /// The moves of the server's `state`, kept as the last reported;
    /// `None` when the state is older than the player's move on its way
    /// (or no game runs).
    pub(crate) fn server_state(&mut self, game: &Game, state: &GameState) -> Option<Vec<String>> {
        let online = self.game.as_mut()?;
        let server: Vec<String> = state.moves.split_whitespace().map(str::to_string).collect();
        online.server_moves.clone_from(&server);
        if let Some(sent) = online.sent {
            let here = game.plies().len();
            let confirmed = server.len() >= here && game.last_ply().is_some_and(|p| p.mv == sent);
            if confirmed {
                online.sent = None;
            } else if server.len() + 1 == here {
                // The player's move is on its way: the state is older.
                return None;
            }
        }
        Some(server)
    }

    /// The moves as the server last reported them.
    pub(crate) fn reported_moves(&self) -> Vec<String> {
        self.game
            .as_ref()
            .map(|g| g.server_moves.clone())
            .unwrap_or_default()
    }

    /// The player's move sent and not taken by the server: no longer
    /// awaited.
    pub(crate) fn take_sent(&mut self) -> Option<Move> {
        self.game.as_mut()?.sent.take()
    }

    /// After the moves of a state: the clocks set as the server reports
    /// them, the opponent's offers said, the player's own proposal
    /// answered (`shortened`: moves went back).
    pub(crate) fn after_state(
        &mut self,
        table: &mut Table,
        state: &GameState,
        shortened: bool,
    ) -> Vec<Event> {
        // The first state after an action is the server's answer to it.
        let answer = self
            .game
            .as_ref()
            .is_some_and(|g| g.expect.is_some_and(|n| g.lines > n));
        set_server_clock(table, state);
        let mut events = self.offers(table, state);
        events.extend(self.own_proposal(table, state, answer, shortened));
        events
    }

    /// The opponent's draw and takeback offers, said when they appear.
    fn offers(&mut self, table: &mut Table, state: &GameState) -> Vec<Event> {
        let Some(game) = self.game.as_mut() else {
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
        if draw && !had_draw && !table.game.is_over() {
            table.game.offer_draw_by(theirs);
            events.push(GameEvent::DrawOffered(theirs).into());
        }
        if !draw && had_draw && table.game.draw_offer() == Some(theirs) {
            table.game.decline_draw();
        }
        if takeback && !had_takeback {
            events.push(OnlineEvent::TakebackOffered.into());
        }
        events
    }

    /// The player's own draw offer or takeback request: said declined
    /// when the server's answer (or a later state, after it stood) no
    /// longer shows it and neither the game ended nor moves went back.
    fn own_proposal(
        &mut self,
        table: &Table,
        state: &GameState,
        answer: bool,
        shortened: bool,
    ) -> Vec<Event> {
        let over = state.status != GameStatus::Started || table.game.is_over();
        let Some(game) = self.game.as_mut() else {
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

    /// The end of the game as the server's status says it: the game on
    /// lichess is over here (its stream closed, the open question gone)
    /// and, unless the game here ended already, its result set. What the
    /// other rooms still have to do, if anything.
    pub(crate) fn ended(&mut self, table: &mut Table, state: &GameState) -> Option<Ended> {
        let status = &state.status;
        if matches!(status, GameStatus::Created | GameStatus::Started) {
            return None;
        }
        self.game = None;
        self.client.game_over();
        table.prompt = None;
        if *status == GameStatus::Aborted {
            return Some(Ended::Aborted);
        }
        if table.game.is_over() {
            return None;
        }
        let winner = state.winner.map(Color::from);
        let finished = end_of(status, winner);
        table.game.set_result(Some(finished));
        Some(Ended::Over(finished))
    }
}

/// The clocks as the server reports them; the side to move's runs here
/// until the next report (lichess starts them with each side's first
/// move).
fn set_server_clock(table: &mut Table, state: &GameState) {
    let (Some(now), Some(clock)) = (table.now, table.clock.as_mut()) else {
        return;
    };
    let running = state.status == GameStatus::Started && table.game.plies().len() >= 2;
    let left = ByColor {
        white: Duration::from_millis(state.wtime),
        black: Duration::from_millis(state.btime),
    };
    clock.set_times(
        left,
        table.game.turn(),
        running && !table.game.is_over(),
        now,
    );
    if table.game.is_over() {
        clock.stop(now);
    }
}

/// How many of the moves here the server has too, from the start.
pub(crate) fn plies_in_common(game: &Game, server: &[String]) -> usize {
    let mode = game.castling_mode();
    game.plies()
        .iter()
        .zip(server)
        .take_while(|(p, uci)| p.mv.to_uci(mode).to_string() == **uci)
        .count()
}

/// Plays the server's moves not yet here without saying them.
pub(crate) fn play_quietly(game: &mut Game, server: &[String]) {
    for uci in server.iter().skip(game.plies().len()) {
        let Some(mv) = server_move(game, uci) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
}

/// A UCI move from the server, if legal here.
pub(crate) fn server_move(game: &Game, uci: &str) -> Option<Move> {
    let uci = UciMove::from_ascii(uci.as_bytes()).ok()?;
    uci.to_move(game.position()).ok()
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

    #[test]
    fn castling_from_the_server_reads_in_either_form() {
        let mut game = Game::new();
        for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"] {
            let mv = server_move(&game, uci).expect("legal");
            game.play(mv).expect("played");
        }
        // lichess writes castling as the king's two squares in standard
        // chess and as king takes rook in Chess960.
        let two_squares = server_move(&game, "e1g1").expect("e1g1");
        let takes_rook = server_move(&game, "e1h1").expect("e1h1");
        assert!(two_squares.is_castle());
        assert_eq!(two_squares, takes_rook);
        assert!(server_move(&game, "e1e3").is_none());
        assert!(server_move(&game, "zz").is_none());
    }

    #[test]
    fn moves_in_common_stop_at_the_first_difference() {
        let mut game = Game::new();
        let server: Vec<String> = ["e2e4", "e7e5", "g1f3"].map(String::from).to_vec();
        play_quietly(&mut game, &server);
        assert_eq!(game.plies().len(), 3);
        assert_eq!(plies_in_common(&game, &server), 3);
        assert_eq!(plies_in_common(&game, &server[..1]), 1);
        let other: Vec<String> = ["e2e4", "c7c5"].map(String::from).to_vec();
        assert_eq!(plies_in_common(&game, &other), 1);
        // A move that is not legal here stops the quiet play.
        let mut game = Game::new();
        play_quietly(&mut game, &["e2e5".to_string(), "e7e5".to_string()]);
        assert!(game.plies().is_empty());
    }
}
