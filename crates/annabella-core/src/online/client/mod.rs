//! The lichess client as a state machine: what it knows of the account,
//! the calls in flight and what each was for, the seek out, the pause
//! lichess asked for, the two streams and whether their trouble was
//! said, the challenges waiting, and the game offered at start.
//!
//! It touches no network and reads no clock: the time comes in with
//! every method that may start or check lichess's pause, the
//! [`NetRequest`]s it makes wait in [`Client::take_requests`] for the
//! network host, and each [`NetReply`] that comes back is turned by
//! [`Client::reply`] into [`News`]: what the reply means, for whoever
//! plays the game here (the session) to put into words. It knows
//! nothing of the game on the board beyond which game stream it
//! watches.
//!
//! ```
//! use std::time::Instant;
//! use annabella_core::online::{Call, Client, NetReply, NetRequest, News, Stream};
//!
//! let now = Some(Instant::now());
//! let mut client = Client::new();
//! client.start(false);
//! client.list(now).expect("nothing blocks the call");
//! let requests = client.take_requests();
//! assert_eq!(requests[0], NetRequest::Watch(Stream::Events));
//! let NetRequest::Call { id, call: Call::Account } = requests[1] else { panic!() };
//! let body = r#"{"id":"mary","username":"Mary"}"#.to_string();
//! assert_eq!(client.reply(NetReply::Done { id, outcome: Ok(body) }, now), None);
//! assert_eq!(client.username(), Some("Mary"));
//! // The games in progress are asked for next.
//! assert!(matches!(client.take_requests()[..], [NetRequest::Call { call: Call::Playing, .. }]));
//! ```

mod replies;

use std::time::{Duration, Instant};

use super::{Call, Challenge, DeclinedChallenge, Fault, GameEvent, GameInfo, NetReply, NetRequest};
use super::{Stream, StreamEvent};

/// How long lichess asks a client to wait after a 429.
pub const RATE_PAUSE: Duration = Duration::from_secs(60);

/// How many failed reconnections of the game stream in a row a script
/// waits through before it reads on (a person at a terminal is never
/// kept waiting).
const PATIENCE: u32 = 3;

/// A stream's state as the client knows it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
enum Link {
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
enum Purpose {
    /// Who the token belongs to, to say who logged in.
    Greet,
    /// Who the token belongs to, then the games, for `online`.
    List,
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

/// An incoming challenge and who sent it.
#[derive(Clone, Debug)]
struct Waiting {
    id: String,
    from: String,
}

/// The game stream watched: the game played here.
#[derive(Clone, Debug)]
struct Watched {
    id: String,
    link: Link,
    /// Failed connections in a row.
    drops: u32,
}

/// Why a call did not go out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocked {
    /// There is no token.
    NoToken,
    /// lichess asked for a pause; this many whole seconds of it are
    /// left.
    Paused {
        /// Seconds left, at least 1.
        seconds: u64,
    },
}

/// How the stream of the game watched stands, for whether a script
/// waits for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameLink {
    /// Up: what the server says on connecting has arrived.
    Up,
    /// Not up yet, or down and being tried again (a stream coming back
    /// says so, which is awaited too).
    Linking,
    /// Down after more failed attempts in a row than a script waits
    /// through.
    GivenUp,
}

/// What a reply of the network host means.
#[derive(Clone, Debug, PartialEq)]
pub enum News {
    /// A token given after `online login` is good: the account's name.
    LoggedIn(String),
    /// `online`: the account's name and its games in progress.
    Games {
        /// The account's name.
        username: String,
        /// The games in progress.
        games: Vec<GameInfo>,
    },
    /// A game the player started here (seek, challenge, accept) began:
    /// it is to be played here, and its stream is watched now.
    Join(GameInfo),
    /// A game running when the client started: it is offered, to be
    /// joined with [`Client::join_offer`].
    Offer(GameInfo),
    /// The seek ended without a game.
    SeekEnded,
    /// A challenge to the player arrived (the player's own, reflected
    /// by the server, and one already known are not news).
    Challenged(Challenge),
    /// The challenger took back a challenge to the player.
    ChallengeCanceled(Challenge),
    /// The player's challenge was declined.
    ChallengeDeclined(DeclinedChallenge),
    /// The player's decline of a challenge from this player went
    /// through.
    DeclinedByYou(String),
    /// The server took the seek or the challenge asked for: it is out.
    Sent,
    /// The player's chat line went out.
    ChatSent,
    /// A line of the stream of the game watched.
    Game(GameEvent),
    /// A call failed: the fault to say, or `None` when it was said
    /// already (that lichess cannot be reached is said once until
    /// something gets through again).
    Failed(Option<Fault>),
    /// The server did not take the player's move.
    MoveRefused(Fault),
    /// A trouble to say: a stream that cannot be opened, an answer that
    /// cannot be read.
    Trouble(Fault),
    /// A call that follows from an answer could not go out.
    Blocked(Blocked),
    /// The connection dropped; the network host tries again.
    ConnectionLost,
    /// The connection is back.
    ConnectionBack,
}

/// The lichess client's state: account, calls in flight, seek, pause,
/// streams, challenges waiting, the game offered at start.
#[derive(Clone, Debug, Default)]
pub struct Client {
    /// A token is there (file or environment); the loop holds it.
    has_token: bool,
    /// It comes from `LICHESS_TOKEN`.
    env_token: bool,
    /// The account's name, once asked.
    username: Option<String>,
    /// The event stream.
    events: Link,
    /// The game stream, while a game is played here.
    game: Option<Watched>,
    /// The connection was said lost and not yet back.
    lost: bool,
    /// "lichess cannot be reached" was said; not again until something
    /// gets through.
    offline_said: bool,
    /// lichess refused the token; the event stream is not opened again
    /// until a new one is given.
    refused: bool,
    /// Challenges to the player, oldest first.
    incoming: Vec<Waiting>,
    /// Requests for the network host.
    requests: Vec<NetRequest>,
    /// Calls made (the next id).
    calls: u64,
    /// Calls in flight.
    pending: Vec<(u64, Purpose)>,
    /// No call goes out before this (lichess asked for a pause).
    paused_until: Option<Instant>,
    /// The seek out, by its call id.
    seek: Option<u64>,
    /// A game started by the player (seek, challenge, accept) is awaited:
    /// it is joined at once rather than offered.
    expecting_game: bool,
    /// `online login`: the next line is the token, read unseen.
    token_wanted: bool,
    /// `online logout` asked; the loop deletes the file.
    logout: bool,
    /// At start: a game in progress on lichess offered to be joined.
    offer: Option<GameInfo>,
}

impl Client {
    /// A client with no token, no stream and nothing in flight.
    pub fn new() -> Client {
        Client::default()
    }

    /// At start, with a token (from the environment or not): the event
    /// stream is opened, which tells of games in progress and challenges
    /// waiting.
    pub fn start(&mut self, env_token: bool) {
        self.has_token = true;
        self.env_token = env_token;
        self.watch_events();
    }

    /// Whether there is a token.
    pub fn has_token(&self) -> bool {
        self.has_token
    }

    /// The account's name, once lichess told it.
    pub fn username(&self) -> Option<&str> {
        self.username.as_deref()
    }

    /// `online login`: the next line is the token.
    pub fn want_token(&mut self) {
        self.token_wanted = true;
    }

    /// Whether the next line is to be read unseen as the token.
    pub fn token_wanted(&self) -> bool {
        self.token_wanted
    }

    /// The line after `online login` was not kept as a token.
    pub fn token_not_kept(&mut self) {
        self.token_wanted = false;
    }

    /// The token was kept and handed to the network: lichess is asked
    /// whose it is (answered with [`News::LoggedIn`]) and the event
    /// stream opened again.
    pub fn token_kept(&mut self, now: Option<Instant>) -> Result<(), Blocked> {
        self.token_wanted = false;
        self.has_token = true;
        self.refused = false;
        self.lost = false;
        let sent = self.call(Call::Account, Purpose::Greet, now);
        self.watch_events();
        sent.map(drop)
    }

    /// `online logout`: the loop is to delete the token file.
    pub fn ask_logout(&mut self) {
        self.logout = true;
    }

    /// Whether the token file is to be deleted; asked once.
    pub fn take_logout(&mut self) -> bool {
        std::mem::take(&mut self.logout)
    }

    /// The token file was deleted: without `LICHESS_TOKEN` the client
    /// has no token and the event stream closes. Whether the
    /// environment's token is still there.
    pub fn logged_out(&mut self) -> bool {
        self.has_token = self.env_token;
        if !self.env_token {
            self.username = None;
            self.requests.push(NetRequest::Unwatch(Stream::Events));
            self.events = Link::Off;
        }
        self.env_token
    }

    /// `online`: the event stream opened if it is not, and the account
    /// asked for, then its games ([`News::Games`]).
    pub fn list(&mut self, now: Option<Instant>) -> Result<(), Blocked> {
        self.watch_events();
        self.call(Call::Account, Purpose::List, now).map(drop)
    }

    /// A seek ([`Call::Seek`]) or a challenge ([`Call::Challenge`],
    /// [`Call::ChallengeAi`]): the event stream opened if it is not, and
    /// the game it brings awaited, to be joined at once.
    pub fn look_for_game(&mut self, call: Call, now: Option<Instant>) -> Result<(), Blocked> {
        self.watch_events();
        let purpose = if call.long() {
            Purpose::Seek
        } else {
            Purpose::Challenge
        };
        self.call(call, purpose, now)?;
        self.expecting_game = true;
        Ok(())
    }

    /// `accept` or `decline` of the oldest challenge to the player;
    /// `None` while a game is played here or when none waits.
    pub fn answer_challenge(
        &mut self,
        yes: bool,
        now: Option<Instant>,
    ) -> Option<Result<(), Blocked>> {
        if self.game.is_some() || self.incoming.is_empty() {
            return None;
        }
        let waiting = self.incoming.remove(0);
        let sent = if yes {
            self.expecting_game = true;
            self.call(Call::Accept(waiting.id), Purpose::Accept, now)
        } else {
            self.call(
                Call::Decline(waiting.id),
                Purpose::Decline(waiting.from),
                now,
            )
        };
        Some(sent.map(drop))
    }

    /// `abort` with a seek out: its connection is closed, which cancels
    /// it. Whether there was one.
    pub fn cancel_seek(&mut self) -> bool {
        let Some(id) = self.seek.take() else {
            return false;
        };
        self.pending.retain(|(p, _)| *p != id);
        self.requests.push(NetRequest::Cancel(id));
        self.expecting_game = false;
        true
    }

    /// A call in the game played here: the player's move, a chat line,
    /// or an action whose result the game stream brings.
    pub fn send(&mut self, call: Call, now: Option<Instant>) -> Result<(), Blocked> {
        let purpose = match call {
            Call::Move { .. } => Purpose::Move,
            Call::Chat { .. } => Purpose::Chat,
            _ => Purpose::Action,
        };
        self.call(call, purpose, now).map(drop)
    }

    /// Why no call can go out now, if none can: no token, or lichess's
    /// pause.
    pub fn blocked(&self, now: Option<Instant>) -> Option<Blocked> {
        if !self.has_token {
            return Some(Blocked::NoToken);
        }
        self.pause_left(now)
            .map(|seconds| Blocked::Paused { seconds })
    }

    /// Whether a game running on lichess is offered to be joined.
    pub fn offering(&self) -> bool {
        self.offer.is_some()
    }

    /// The offered game is to be played here: its stream is watched.
    pub fn join_offer(&mut self) -> Option<GameInfo> {
        let info = self.offer.take()?;
        self.watch_game(&info.game_id);
        Some(info)
    }

    /// The offer was declined.
    pub fn drop_offer(&mut self) {
        self.offer = None;
    }

    /// The game played here ended: its stream is closed, and a seek
    /// that may still be listed is forgotten.
    pub fn game_over(&mut self) {
        if let Some(game) = self.game.take() {
            self.requests
                .push(NetRequest::Unwatch(Stream::Game(game.id)));
        }
        self.seek = None;
    }

    /// How the stream of the game played here stands (`Linking` when
    /// no game is watched).
    pub fn game_link(&self) -> GameLink {
        match &self.game {
            Some(game) if game.link == Link::Down && game.drops > PATIENCE => GameLink::GivenUp,
            Some(game) if game.link == Link::Up => GameLink::Up,
            _ => GameLink::Linking,
        }
    }

    /// Whether the game a seek, a challenge or an accepted challenge
    /// brings is still awaited.
    pub fn expecting_game(&self) -> bool {
        self.expecting_game
    }

    /// Whether a reply is awaited before the next line of a script: a
    /// call in flight (a seek only until a game starts), the game asked
    /// for, or the event stream's first news.
    pub fn waiting(&self) -> bool {
        let calls = self.pending.iter().any(|(id, _)| Some(*id) != self.seek);
        calls || self.expecting_game || self.events == Link::Connecting
    }

    /// The requests made since last asked, in order, for the network
    /// host.
    pub fn take_requests(&mut self) -> Vec<NetRequest> {
        std::mem::take(&mut self.requests)
    }

    /// What a reply of the network host means; `None` when nothing is
    /// to be said or done.
    pub fn reply(&mut self, reply: NetReply, now: Option<Instant>) -> Option<News> {
        match reply {
            NetReply::Done { id, outcome } => self.call_done(id, outcome, now),
            NetReply::Accepted { id } => {
                let seek = self.pending.contains(&(id, Purpose::Seek));
                seek.then(|| {
                    self.offline_said = false;
                    News::Sent
                })
            }
            NetReply::Event(event) => self.stream_event(*event),
            NetReply::Game { game, event } => self.watching(&game).then_some(News::Game(event)),
            NetReply::Up(stream) => self.stream_up(&stream),
            NetReply::Down {
                stream,
                fault,
                retry_in_ms,
            } => self.stream_down(&stream, fault, retry_in_ms, now),
            NetReply::Ended(stream) => {
                if let Stream::Game(id) = &stream
                    && let Some(game) = self.game.as_mut().filter(|g| g.id == *id)
                {
                    game.link = Link::Off;
                }
                None
            }
            NetReply::BadLine { .. } => None,
        }
    }

    /// Opens the event stream if it is not open and lichess has not
    /// refused the token.
    fn watch_events(&mut self) {
        if self.events == Link::Off && !self.refused {
            self.events = Link::Connecting;
            self.requests.push(NetRequest::Watch(Stream::Events));
        }
    }

    /// Watches the stream of the game `id`, now played here.
    fn watch_game(&mut self, id: &str) {
        self.requests
            .push(NetRequest::Watch(Stream::Game(id.to_string())));
        self.game = Some(Watched {
            id: id.to_string(),
            link: Link::Connecting,
            drops: 0,
        });
    }

    /// Whether the stream of the game `id` is the one watched.
    fn watching(&self, id: &str) -> bool {
        self.game.as_ref().is_some_and(|g| g.id == id)
    }

    /// Sends a call, unless there is no token or lichess asked for a
    /// pause; its id.
    fn call(&mut self, call: Call, purpose: Purpose, now: Option<Instant>) -> Result<u64, Blocked> {
        if let Some(blocked) = self.blocked(now) {
            return Err(blocked);
        }
        self.calls += 1;
        let id = self.calls;
        if call.long() {
            self.seek = Some(id);
        }
        self.pending.push((id, purpose));
        self.requests.push(NetRequest::Call { id, call });
        Ok(id)
    }

    /// Whole seconds of lichess's pause left, if one runs.
    fn pause_left(&self, now: Option<Instant>) -> Option<u64> {
        let left = self.paused_until?.saturating_duration_since(now?);
        (!left.is_zero()).then(|| left.as_secs().max(1))
    }

    /// What a fault changes: a refused token keeps the event stream
    /// closed, a 429 starts the pause.
    fn note(&mut self, fault: &Fault, now: Option<Instant>) {
        match fault {
            Fault::Unauthorized => self.refused = true,
            Fault::RateLimited => self.paused_until = now.map(|now| now + RATE_PAUSE),
            Fault::NoToken
            | Fault::NotSecure(_)
            | Fault::Offline(_)
            | Fault::Status { .. }
            | Fault::BadBody(_) => {}
        }
    }

    /// A fault to say: that lichess cannot be reached only once until
    /// something gets through again.
    fn told(&mut self, fault: Fault) -> Option<Fault> {
        let offline = matches!(fault, Fault::Offline(_));
        (!(offline && std::mem::replace(&mut self.offline_said, true))).then_some(fault)
    }
}

#[cfg(test)]
mod tests;
