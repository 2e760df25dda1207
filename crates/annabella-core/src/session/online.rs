//! The online room: a game on lichess through the Board API is one more
//! opponent. The room owns the lichess client ([`Client`], the
//! protocol's state machine: calls, seek, pause, streams, challenges)
//! and the game played there (`game`). The commands (`online`, `seek`,
//! `challenge`, `abort`, `say`, `claim`) and the game commands that
//! already exist (moves, `resign`, `draw`, `undo`, `accept`, `decline`)
//! become calls (`commands`); what the client makes of the replies and
//! the two streams becomes events (`replies`). What the server says is
//! the truth: a move is played here at once so that the player hears it
//! without waiting, and taken back if lichess refuses it.
//!
//! The rest of the session asks the room through the few methods below;
//! where keeping the game in step needs the other rooms (a move played
//! or taken back with all that follows, the game replaced by one from
//! lichess), the room answers with a [`Then`] and `flow::online`, the
//! room's one `impl Session`, does it. The token never comes here: the
//! loop reads, keeps and sends it.

mod commands;
mod game;
mod replies;

use super::flow::Replaced;
use shakmaty::Color;

use crate::event::{Event, IoReason, NetTrouble, OnlineEvent, OnlinePlayer};
use crate::input::commands::{Command, OnLichess};
use crate::online::{Blocked, Client, Fault, GameState, NetRequest, RATE_PAUSE};
use crate::rules::clock::Clock;
use crate::rules::{Finished, Game};

use super::table::Table;
use game::OnlineGame;

pub(super) use game::{play_quietly, plies_in_common, server_move};

/// Everything online.
#[derive(Clone, Debug, Default)]
pub(super) struct Online {
    /// The lichess client.
    client: Client,
    /// The game played on lichess, while it runs.
    game: Option<OnlineGame>,
    /// The game of the board came from lichess (it is not kept as the
    /// unfinished local game).
    from_lichess: bool,
    /// The players of the game from lichess, White's first, for PGN;
    /// kept after it ends, until a new game.
    names: Option<[String; 2]>,
    /// That a seek or a challenge is out, said once lichess has taken
    /// it (not before: it may not be reachable).
    unsaid: Option<Event>,
}

/// What became of a token typed after `online login`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenOutcome {
    /// Kept in the token file and handed to the network.
    Saved,
    /// Not a token (empty, spaces inside, too long).
    NotAToken,
    /// The file could not be written, and why.
    NotSaved(IoReason),
}

/// What the room leaves to the rest of the session (`flow::online`).
#[derive(Clone, Debug)]
pub(super) enum Then {
    /// Nothing more: these events are all.
    Said(Vec<Event>),
    /// The offer to join a game was declined: the status is said.
    Status,
    /// The decline of the opponent's draw offer went to lichess: the
    /// offer is declined here as `decline` declines it.
    DeclineDraw,
    /// The server did not take the player's move, for this trouble.
    MoveRefused(NetTrouble),
    /// The game stream's first line: the game here is replaced.
    Setup(Box<Setup>),
    /// A state of the game: the game here is brought in line with it.
    State(GameState),
}

/// A game from lichess, to replace the game here.
#[derive(Clone, Debug)]
pub(super) struct Setup {
    /// Its start.
    pub start: Game,
    /// The player's side.
    pub color: Color,
    /// Its clock as it starts, when timed.
    pub clock: Option<Clock>,
    /// The PGN tag `Event`.
    pub event: &'static str,
    /// The PGN tag `Site`: the game's address.
    pub site: String,
    /// What is said of it first.
    pub started: Event,
    /// The state it is in.
    pub state: GameState,
}

/// How the game on lichess ended, for what the other rooms do.
#[derive(Copy, Clone, Debug)]
pub(super) enum Ended {
    /// Aborted: lichess keeps no aborted game, and nor does the board.
    Aborted,
    /// Ended with this result, now set.
    Over(Finished),
}

impl Online {
    /// The player's side in the game running on lichess.
    pub(super) fn color(&self) -> Option<Color> {
        self.game.as_ref().map(|g| g.color)
    }

    /// Whether a game on lichess is being played here.
    pub(super) fn playing(&self) -> bool {
        self.game.is_some()
    }

    /// Whether the game of the board came from lichess (it is kept
    /// there, not autosaved as the local game).
    #[expect(
        clippy::wrong_self_convention,
        reason = "a question, not a conversion: the other rooms ask it by this name"
    )]
    pub(super) fn from_lichess(&self) -> bool {
        self.from_lichess
    }

    /// The names for PGN, White's first, when the game came from
    /// lichess.
    pub(super) fn names(&self) -> Option<[String; 2]> {
        self.names.clone().filter(|_| self.from_lichess)
    }

    /// Whether a reply from lichess is awaited before the next line of a
    /// script: a call in flight (a seek only until a game starts), the
    /// event stream's first news, or the game's state.
    pub(super) fn waiting(&self, game: &Game) -> bool {
        self.client.waiting()
            || self
                .game
                .as_ref()
                .is_some_and(|g| g.waiting(game, self.client.game_link()))
    }

    /// Whether the offer at start to join a game on lichess is open.
    pub(super) fn offering(&self) -> bool {
        self.client.offering()
    }

    /// A new local game: the board's game no longer comes from lichess.
    pub(super) fn left_lichess(&mut self) {
        self.from_lichess = false;
    }

    /// The game of the board is lichess's, as a game started there
    /// makes it (for tests of the rooms that ask).
    #[cfg(test)]
    pub(super) fn as_from_lichess(&mut self) {
        self.from_lichess = true;
    }

    /// Another game is on the board: unless it is lichess's, the game
    /// here is not on lichess any more.
    pub(super) fn on_new_game(&mut self, why: Replaced) {
        if why != Replaced::Lichess {
            self.left_lichess();
        }
    }

    /// Whether the next line is to be read unseen as the token.
    pub(super) fn token_wanted(&self) -> bool {
        self.client.token_wanted()
    }

    /// Whether the loop is to delete the token file; asked once.
    pub(super) fn take_logout(&mut self) -> bool {
        self.client.take_logout()
    }

    /// The requests for the network host made since last asked.
    pub(super) fn take_requests(&mut self) -> Vec<NetRequest> {
        self.client.take_requests()
    }

    /// Why nothing can be sent now (no token, lichess's pause), before a
    /// move is played here only to be taken back.
    pub(super) fn cannot_send(&self, table: &Table) -> Option<Vec<Event>> {
        let blocked = self.client.blocked(table.now)?;
        Some(vec![blocked_trouble(blocked)])
    }

    /// Whether `command` is refused because a game on lichess runs
    /// ([`OnLichess::Refused`]).
    pub(super) fn refuses(&self, table: &Table, command: Command) -> bool {
        self.game.is_some()
            && !table.game.is_over()
            && command.entry().on_lichess == OnLichess::Refused
    }

    /// At start, with a token (from the environment or not): the event
    /// stream is opened, which tells of games in progress and challenges
    /// waiting.
    pub(super) fn go_online(&mut self, env_token: bool) {
        self.client.start(env_token);
    }

    /// The token typed after `online login` was handled by the loop.
    pub(super) fn token_given(&mut self, table: &Table, outcome: TokenOutcome) -> Vec<Event> {
        match outcome {
            TokenOutcome::Saved => {
                let mut events = vec![OnlineEvent::TokenSaved.into()];
                events.extend(refusal(self.client.token_kept(table.now)));
                events
            }
            TokenOutcome::NotAToken => {
                self.client.token_not_kept();
                vec![OnlineEvent::NotAToken.into()]
            }
            TokenOutcome::NotSaved(why) => {
                self.client.token_not_kept();
                vec![OnlineEvent::TokenNotSaved(why).into()]
            }
        }
    }

    /// The token file was deleted (`Ok(whether there was one)`) or not.
    pub(super) fn logged_out(&mut self, result: Result<bool, IoReason>) -> Vec<Event> {
        match result {
            Ok(existed) => {
                let env_token = self.client.logged_out();
                vec![OnlineEvent::LoggedOut { existed, env_token }.into()]
            }
            Err(why) => vec![OnlineEvent::LogoutFailed(why).into()],
        }
    }

    /// The id of the game played on lichess, while it runs.
    fn game_id(&self) -> Option<String> {
        self.game.as_ref().map(|g| g.id.clone())
    }
}

/// What a fault means to the player.
fn trouble(fault: Fault) -> NetTrouble {
    match fault {
        Fault::NoToken => NetTrouble::NoToken,
        Fault::NotSecure(url) => NetTrouble::NotSecure(url),
        Fault::Offline(_) => NetTrouble::Offline,
        Fault::Unauthorized => NetTrouble::Unauthorized,
        Fault::RateLimited => NetTrouble::RateLimited {
            seconds: RATE_PAUSE.as_secs(),
        },
        Fault::Status { code, reason } => NetTrouble::Status { code, reason },
        Fault::BadBody(_) => NetTrouble::BadAnswer,
    }
}

/// Why a call did not go out, as the player hears it.
fn blocked_trouble(blocked: Blocked) -> Event {
    let trouble = match blocked {
        Blocked::NoToken => NetTrouble::NoToken,
        Blocked::Paused { seconds } => NetTrouble::RateLimited { seconds },
    };
    OnlineEvent::Trouble(trouble).into()
}

/// Nothing when the call went out; why not when it did not.
fn refusal(sent: Result<(), Blocked>) -> Vec<Event> {
    sent.err().map(blocked_trouble).into_iter().collect()
}

/// The opponent on lichess as an announcement names them.
fn player_of(name: Option<&str>, rating: Option<u32>, ai: Option<u32>) -> OnlinePlayer {
    OnlinePlayer {
        name: name.unwrap_or("?").to_string(),
        rating,
        ai_level: ai,
    }
}
