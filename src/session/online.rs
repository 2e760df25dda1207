//! The online room: a game on lichess through the Board API is one more
//! opponent. The commands (`online`, `seek`, `challenge`, `abort`,
//! `say`, `claim`) and the game commands that already exist (moves,
//! `resign`, `draw`, `undo`, `accept`, `decline`) become calls; the
//! replies and the two streams come back through [`Session::net_reply`].
//! What the server says is the truth: a move is played here at once so
//! that the player hears it without waiting, and taken back if lichess
//! refuses it. The token never comes here: the loop reads, keeps and
//! sends it.

use std::time::{Duration, Instant};

use shakmaty::Color;

use crate::event::{Event, NetTrouble, OnlineEvent, OnlinePlayer};
use crate::online::{Call, Fault, NetRequest, Stream};

use super::Session;
use super::online_game::OnlineGame;

/// How long lichess asks a client to wait after a 429.
const RATE_PAUSE: Duration = Duration::from_secs(60);

/// A stream's state as the session knows it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) enum Link {
    /// Not asked for.
    #[default]
    Off,
    /// Asked for, not yet up.
    Connecting,
    /// Up: what the server says on connecting has arrived.
    Up,
    /// Dropped or refused; being tried again.
    Down,
}

/// What a call in flight was for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Purpose {
    /// Who the token belongs to; then, for `online`, the games.
    Account {
        /// `online`: list the games after it.
        list: bool,
        /// After a login: say who is logged in.
        greet: bool,
    },
    /// The games in progress, for `online`.
    Playing,
    /// A seek.
    Seek,
    /// The games in progress after a seek ended: whether it found one
    /// (the game may come before or after the seek's end).
    SeekCheck,
    /// A challenge to a player or the AI.
    Challenge,
    /// Accepting a challenge.
    Accept,
    /// Declining a challenge from this player.
    Decline(String),
    /// The player's move.
    Move,
    /// A game action whose result the game stream brings.
    Action,
    /// A chat line.
    Chat,
}

/// An incoming challenge and its id.
#[derive(Clone, Debug)]
pub(super) struct Waiting {
    pub id: String,
    pub from: String,
}

/// Everything online.
#[derive(Clone, Debug, Default)]
pub(super) struct Online {
    /// A token is there (file or environment); the loop holds it.
    pub has_token: bool,
    /// It comes from `LICHESS_TOKEN`.
    pub env_token: bool,
    /// The account's name, once asked.
    pub username: Option<String>,
    /// The event stream.
    pub events: Link,
    /// The connection was said lost and not yet back.
    pub lost: bool,
    /// "lichess cannot be reached" was said; not again until something
    /// gets through.
    pub offline_said: bool,
    /// lichess refused the token; the event stream is not opened again
    /// until a new one is given.
    pub refused: bool,
    /// The game played on lichess, while it runs.
    pub game: Option<OnlineGame>,
    /// The game of the board came from lichess (it is not kept as the
    /// unfinished local game).
    pub from_lichess: bool,
    /// Challenges to the player, oldest first.
    pub incoming: Vec<Waiting>,
    /// Requests for the network host.
    pub outbox: Vec<NetRequest>,
    /// Calls made (the next id).
    calls: u64,
    /// Calls in flight.
    pub pending: Vec<(u64, Purpose)>,
    /// No call goes out before this (lichess asked for a pause).
    pub paused_until: Option<Instant>,
    /// The seek out, by its call id.
    pub seek: Option<u64>,
    /// A game started by the player (seek, challenge, accept) is awaited:
    /// it is joined at once rather than offered.
    pub expecting_game: bool,
    /// `online login`: the next line is the token, read unseen.
    pub token_wanted: bool,
    /// `online logout` asked; the loop deletes the file.
    pub logout: bool,
    /// The players of the game from lichess, White's first, for PGN;
    /// kept after it ends, until a new game.
    pub names: Option<[String; 2]>,
    /// At start: a game in progress on lichess offered to be joined.
    pub offer: Option<crate::online::GameInfo>,
}

/// What became of a token typed after `online login`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenOutcome {
    /// Kept in the token file and handed to the network.
    Saved,
    /// Not a token (empty, spaces inside, too long).
    NotAToken,
    /// The file could not be written; the io error's words.
    NotSaved(String),
}

impl Session {
    /// At start, with a token (from the environment or not): the event
    /// stream is opened, which tells of games in progress and challenges
    /// waiting.
    pub(super) fn go_online(&mut self, env_token: bool) {
        self.online.has_token = true;
        self.online.env_token = env_token;
        self.watch_events();
    }

    /// The token typed after `online login` was handled by the loop.
    pub(super) fn token_given(&mut self, outcome: TokenOutcome) -> Vec<Event> {
        self.online.token_wanted = false;
        match outcome {
            TokenOutcome::Saved => {
                self.online.has_token = true;
                self.online.refused = false;
                self.online.lost = false;
                let mut events = vec![OnlineEvent::TokenSaved.into()];
                events.extend(self.call(
                    Call::Account,
                    Purpose::Account {
                        list: false,
                        greet: true,
                    },
                ));
                self.watch_events();
                events
            }
            TokenOutcome::NotAToken => vec![OnlineEvent::NotAToken.into()],
            TokenOutcome::NotSaved(why) => vec![OnlineEvent::TokenNotSaved(why).into()],
        }
    }

    /// The token file was deleted (`Ok(whether there was one)`) or not.
    pub(super) fn logged_out(&mut self, result: Result<bool, String>) -> Vec<Event> {
        match result {
            Ok(existed) => {
                let env_token = self.online.env_token;
                self.online.has_token = env_token;
                if !env_token {
                    self.online.username = None;
                    self.online.outbox.push(NetRequest::Unwatch(Stream::Events));
                    self.online.events = Link::Off;
                }
                vec![OnlineEvent::LoggedOut { existed, env_token }.into()]
            }
            Err(why) => vec![OnlineEvent::LogoutFailed(why).into()],
        }
    }

    /// Opens the event stream if it is not open.
    pub(super) fn watch_events(&mut self) {
        if self.online.events == Link::Off && !self.online.refused {
            self.online.events = Link::Connecting;
            self.online.outbox.push(NetRequest::Watch(Stream::Events));
        }
    }

    /// Sends a call, unless lichess asked for a pause or there is no
    /// token; says why not.
    pub(super) fn call(&mut self, call: Call, purpose: Purpose) -> Vec<Event> {
        if !self.online.has_token {
            return vec![OnlineEvent::Trouble(NetTrouble::NoToken).into()];
        }
        if let Some(seconds) = self.pause_left() {
            return vec![OnlineEvent::Trouble(NetTrouble::RateLimited { seconds }).into()];
        }
        self.online.calls += 1;
        let id = self.online.calls;
        if call.long() {
            self.online.seek = Some(id);
        }
        self.online.pending.push((id, purpose));
        self.online.outbox.push(NetRequest::Call { id, call });
        Vec::new()
    }

    /// Why nothing can be sent now (no token, lichess's pause), before a
    /// move is played here only to be taken back.
    pub(super) fn cannot_send(&self) -> Option<Vec<Event>> {
        let trouble = if !self.online.has_token {
            NetTrouble::NoToken
        } else {
            NetTrouble::RateLimited {
                seconds: self.pause_left()?,
            }
        };
        Some(vec![OnlineEvent::Trouble(trouble).into()])
    }

    /// Whole seconds of lichess's pause left, if one runs.
    fn pause_left(&self) -> Option<u64> {
        let until = self.online.paused_until?;
        let now = self.table.now?;
        let left = until.saturating_duration_since(now);
        (!left.is_zero()).then(|| left.as_secs().max(1))
    }

    /// What a fault means to the player; a 429 starts the pause.
    pub(super) fn trouble(&mut self, fault: Fault) -> NetTrouble {
        match fault {
            Fault::NoToken => NetTrouble::NoToken,
            Fault::NotSecure(url) => NetTrouble::NotSecure(url),
            Fault::Offline(_) => NetTrouble::Offline,
            Fault::Unauthorized => {
                self.online.refused = true;
                NetTrouble::Unauthorized
            }
            Fault::RateLimited => {
                self.online.paused_until = self.table.now.map(|now| now + RATE_PAUSE);
                NetTrouble::RateLimited {
                    seconds: RATE_PAUSE.as_secs(),
                }
            }
            Fault::Status { code, reason } => NetTrouble::Status { code, reason },
            Fault::BadBody(_) => NetTrouble::BadAnswer,
        }
    }

    /// A game action whose result the game stream brings: awaited before
    /// the next line of a script.
    pub(super) fn game_action(&mut self, call: Call) -> Vec<Event> {
        let events = self.call(call, Purpose::Action);
        if events.is_empty()
            && let Some(game) = self.online.game.as_mut()
        {
            game.expect = Some(game.lines);
        }
        events
    }

    /// The id of the game played on lichess, while it runs.
    pub(super) fn online_game_id(&self) -> Option<String> {
        self.online.game.as_ref().map(|g| g.id.clone())
    }

    /// Whether a game on lichess is being played here.
    pub(super) fn playing_online(&self) -> bool {
        self.online.game.is_some()
    }

    /// Whether a reply from lichess is awaited before the next line of a
    /// script: a call in flight (a seek only until a game starts), the
    /// event stream's first news, or the game's state.
    pub(super) fn online_waiting(&self) -> bool {
        let calls = self
            .online
            .pending
            .iter()
            .any(|(id, _)| Some(*id) != self.online.seek);
        calls
            || self.online.expecting_game
            || self.online.events == Link::Connecting
            || self
                .online
                .game
                .as_ref()
                .is_some_and(|g| g.waiting(&self.table.game))
    }

    /// The opponent on lichess as an announcement names them.
    pub(super) fn player_of(
        name: Option<&str>,
        rating: Option<u32>,
        ai: Option<u32>,
    ) -> OnlinePlayer {
        OnlinePlayer {
            name: name.unwrap_or("?").to_string(),
            rating,
            ai_level: ai,
        }
    }

    /// The names for PGN in an online game, White's first.
    pub(super) fn online_players(&self) -> Option<[String; 2]> {
        self.online
            .names
            .clone()
            .filter(|_| self.online.from_lichess)
    }

    /// Whether the offer to join a game on lichess is open.
    pub(super) fn offering_online(&self) -> bool {
        self.online.offer.is_some()
    }

    /// The side the player has in the online game.
    pub(super) fn online_color(&self) -> Option<Color> {
        self.online.game.as_ref().map(|g| g.color)
    }
}
