//! What comes back from lichess: the answers to calls, the event
//! stream (games starting, challenges) and the streams' ups and downs.
//! The game stream's lines go on to `online_game`.

use shakmaty::Color;

use crate::event::{
    Event, IncomingChallenge, NetTrouble, OnlineEvent, OnlineGameLine, OnlinePlayer,
};
use crate::online::{
    self, Account, Call, Challenge, ChallengeColor, Control, Fault, GameInfo, NetReply, NetRequest,
    Playing, Stream, StreamEvent, TimeControl, VariantKey,
};
use crate::rules::MoveFacts;

use super::Session;
use super::online::{Link, Purpose, Waiting};
use super::online_game::OnlineGame;

impl Session {
    /// A reply of the network host.
    pub(super) fn net_reply(&mut self, reply: NetReply) -> Vec<Event> {
        match reply {
            NetReply::Done { id, outcome } => self.call_done(id, outcome),
            NetReply::Event(event) => self.stream_event(*event),
            NetReply::Game { game, event } => self.game_line(&game, event),
            NetReply::Up(stream) => self.stream_up(&stream),
            NetReply::Down {
                stream,
                fault,
                retry_in_ms,
            } => self.stream_down(&stream, fault, retry_in_ms),
            NetReply::Ended(stream) => {
                if let (Stream::Game(id), Some(game)) = (&stream, self.online.game.as_mut())
                    && *id == game.id
                {
                    game.link = Link::Off;
                }
                Vec::new()
            }
            NetReply::BadLine { .. } => Vec::new(),
        }
    }

    /// A trouble to say: that lichess cannot be reached only once until
    /// something gets through again.
    fn told(&mut self, trouble: NetTrouble) -> Vec<Event> {
        if trouble == NetTrouble::Offline && std::mem::replace(&mut self.online.offline_said, true)
        {
            return Vec::new();
        }
        vec![OnlineEvent::Trouble(trouble).into()]
    }

    /// A call's answer.
    fn call_done(&mut self, id: u64, outcome: Result<String, Fault>) -> Vec<Event> {
        let Some(at) = self.online.pending.iter().position(|(p, _)| *p == id) else {
            return Vec::new();
        };
        let (_, purpose) = self.online.pending.remove(at);
        if self.online.seek == Some(id) {
            self.online.seek = None;
        }
        let body = match outcome {
            Ok(body) => {
                self.online.offline_said = false;
                body
            }
            Err(fault) => return self.call_failed(&purpose, fault),
        };
        match purpose {
            Purpose::Account { list, greet } => {
                let Ok(account) = serde_json::from_str::<Account>(&body) else {
                    return vec![OnlineEvent::Trouble(NetTrouble::BadAnswer).into()];
                };
                self.online.username = Some(account.username.clone());
                let mut events = Vec::new();
                if greet {
                    events.push(OnlineEvent::LoggedIn(account.username).into());
                }
                if list {
                    events.extend(self.call(Call::Playing, Purpose::Playing));
                }
                events
            }
            Purpose::Playing => {
                let Ok(playing) = serde_json::from_str::<Playing>(&body) else {
                    return vec![OnlineEvent::Trouble(NetTrouble::BadAnswer).into()];
                };
                let here = self.online_game_id();
                let games = playing
                    .now_playing
                    .iter()
                    .map(|info| listed_game(info, here.as_deref()))
                    .collect();
                let username = self.online.username.clone().unwrap_or_default();
                vec![OnlineEvent::Account { username, games }.into()]
            }
            Purpose::Seek => {
                if !self.online.expecting_game || self.playing_online() {
                    return Vec::new();
                }
                // lichess ends the seek when a game is made, and tells of
                // the game on the other stream: ask which it was.
                self.call(Call::Playing, Purpose::SeekCheck)
            }
            Purpose::SeekCheck => {
                if !self.online.expecting_game || self.playing_online() {
                    return Vec::new();
                }
                self.online.expecting_game = false;
                let found = serde_json::from_str::<Playing>(&body)
                    .ok()
                    .and_then(|p| p.now_playing.into_iter().next());
                match found {
                    Some(info) => self.join(&info),
                    None => vec![OnlineEvent::SeekEnded.into()],
                }
            }
            Purpose::Decline(from) => vec![OnlineEvent::DeclinedByYou(from).into()],
            Purpose::Chat => vec![OnlineEvent::ChatSent.into()],
            // The move's own state line says it was taken.
            Purpose::Move | Purpose::Challenge | Purpose::Accept | Purpose::Action => Vec::new(),
        }
    }

    /// A call failed: said, and a refused move taken back.
    fn call_failed(&mut self, purpose: &Purpose, fault: Fault) -> Vec<Event> {
        if matches!(
            purpose,
            Purpose::Seek | Purpose::SeekCheck | Purpose::Challenge | Purpose::Accept
        ) {
            self.online.expecting_game = false;
        }
        if let Some(game) = self.online.game.as_mut() {
            game.expect = None;
        }
        let trouble = self.trouble(fault);
        if *purpose == Purpose::Move {
            return self.move_refused(trouble);
        }
        // The check after a login is no question of the player's: a
        // network down is said once, with the stream's news.
        if matches!(purpose, Purpose::Account { greet: true, .. }) {
            return self.told(trouble);
        }
        if trouble == NetTrouble::Offline {
            self.online.offline_said = true;
        }
        vec![OnlineEvent::Trouble(trouble).into()]
    }

    /// The server did not take the player's move: it is taken back here,
    /// and the position is the server's again.
    fn move_refused(&mut self, trouble: NetTrouble) -> Vec<Event> {
        let Some(game) = self.online.game.as_mut() else {
            return vec![OnlineEvent::Trouble(trouble).into()];
        };
        let Some(mv) = game.sent.take() else {
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

    /// A line of the event stream.
    fn stream_event(&mut self, event: StreamEvent) -> Vec<Event> {
        match event {
            StreamEvent::GameStart(info) => self.game_started(info),
            StreamEvent::GameFinish(_) | StreamEvent::Unknown(_) => Vec::new(),
            StreamEvent::Challenge { challenge, .. } => self.challenged(challenge),
            StreamEvent::ChallengeCanceled(c) => {
                let before = self.online.incoming.len();
                self.online.incoming.retain(|w| w.id != c.id);
                if self.online.incoming.len() == before {
                    return Vec::new();
                }
                vec![OnlineEvent::ChallengeCanceled(challenger(&c).name).into()]
            }
            StreamEvent::ChallengeDeclined(d) => {
                self.online.expecting_game = false;
                let by = d
                    .challenge
                    .dest_user
                    .as_ref()
                    .map_or_else(|| "?".to_string(), |u| u.name.clone());
                vec![
                    OnlineEvent::ChallengeDeclined {
                        by,
                        reason: d.decline_reason,
                    }
                    .into(),
                ]
            }
        }
    }

    /// A challenge arrived: to the player, said; the player's own,
    /// reflected by the server, not.
    fn challenged(&mut self, c: Challenge) -> Vec<Event> {
        let mine = self.online.username.as_deref().is_some_and(|me| {
            c.challenger
                .as_ref()
                .is_some_and(|u| u.name.eq_ignore_ascii_case(me))
        });
        if mine
            || c.direction == Some(online::ChallengeDirection::Out)
            || self.online.incoming.iter().any(|w| w.id == c.id)
        {
            return Vec::new();
        }
        let from = challenger(&c);
        let (control, days) = match c.time_control {
            TimeControl::Clock {
                limit, increment, ..
            } => (
                Some(Control {
                    limit: limit.unwrap_or(0),
                    increment: increment.unwrap_or(0),
                }),
                None,
            ),
            TimeControl::Correspondence { days_per_turn } => (None, days_per_turn),
            TimeControl::Unlimited | TimeControl::Unknown => (None, None),
        };
        // The challenger's colour is the one asked for; the player gets
        // the other.
        let color = match c.color {
            ChallengeColor::White => Some(Color::Black),
            ChallengeColor::Black => Some(Color::White),
            _ => None,
        };
        let unplayable = !matches!(
            c.variant,
            VariantKey::Standard | VariantKey::Chess960 | VariantKey::FromPosition
        );
        self.online.incoming.push(Waiting {
            id: c.id.clone(),
            from: from.name.clone(),
        });
        vec![
            OnlineEvent::Challenged(IncomingChallenge {
                from,
                control,
                days,
                rated: c.rated,
                color,
                unplayable,
            })
            .into(),
        ]
    }

    /// A game began on lichess: joined at once when the player started it
    /// here; a game already running when the client started is offered.
    fn game_started(&mut self, info: GameInfo) -> Vec<Event> {
        if self.playing_online() {
            return Vec::new();
        }
        let expected = std::mem::take(&mut self.online.expecting_game);
        if !expected {
            if self.online.offer.is_some() {
                return Vec::new();
            }
            let line = listed_game(&info, None);
            self.online.offer = Some(info);
            return vec![OnlineEvent::GameWaiting(line).into()];
        }
        self.join(&info)
    }

    /// Plays the game `info` here: its stream is opened; its `gameFull`
    /// sets the board.
    pub(super) fn join(&mut self, info: &GameInfo) -> Vec<Event> {
        let color = info.color.map_or(Color::White, Color::from);
        let mut game = OnlineGame::new(info.game_id.clone(), color);
        if let Some(o) = &info.opponent {
            game.opponent = Session::player_of(Some(&o.username), o.rating, o.ai);
        }
        self.online
            .outbox
            .push(NetRequest::Watch(Stream::Game(info.game_id.clone())));
        self.online.game = Some(game);
        self.online.from_lichess = true;
        Vec::new()
    }

    /// A stream is up.
    fn stream_up(&mut self, stream: &Stream) -> Vec<Event> {
        self.online.offline_said = false;
        match stream {
            Stream::Events => self.online.events = Link::Up,
            Stream::Game(id) => {
                if let Some(game) = self.online.game.as_mut().filter(|g| g.id == *id) {
                    game.link = Link::Up;
                    game.drops = 0;
                }
            }
        }
        if std::mem::take(&mut self.online.lost) {
            return vec![OnlineEvent::ConnectionBack.into()];
        }
        Vec::new()
    }

    /// A stream dropped or could not be opened: said once until it is
    /// back; a final refusal (token, address) is said as it is.
    fn stream_down(&mut self, stream: &Stream, fault: Fault, retry: Option<u64>) -> Vec<Event> {
        let was_up = match stream {
            Stream::Events => std::mem::replace(&mut self.online.events, Link::Down) == Link::Up,
            Stream::Game(id) => match self.online.game.as_mut().filter(|g| g.id == *id) {
                Some(game) => {
                    game.drops += 1;
                    std::mem::replace(&mut game.link, Link::Down) == Link::Up
                }
                None => return Vec::new(),
            },
        };
        if retry.is_none() {
            if *stream == Stream::Events {
                self.online.events = Link::Off;
            }
            let trouble = self.trouble(fault);
            return self.told(trouble);
        }
        if self.online.lost {
            return Vec::new();
        }
        self.online.lost = true;
        if was_up {
            vec![OnlineEvent::ConnectionLost.into()]
        } else {
            let trouble = self.trouble(fault);
            self.told(trouble)
        }
    }

    /// A line of the game stream.
    fn game_line(&mut self, id: &str, event: online::GameEvent) -> Vec<Event> {
        let Some(game) = self.online.game.as_mut().filter(|g| g.id == id) else {
            return Vec::new();
        };
        game.lines += 1;
        let events = match event {
            online::GameEvent::GameFull(full) => self.game_full(*full),
            online::GameEvent::GameState(state) => self.game_state(&state),
            online::GameEvent::ChatLine(line) => {
                let me = self.online.username.as_deref();
                let own = me.is_some_and(|me| me.eq_ignore_ascii_case(&line.username));
                if self.table.settings.chat && !own {
                    vec![
                        OnlineEvent::Chat {
                            user: line.username,
                            text: line.text,
                        }
                        .into(),
                    ]
                } else {
                    Vec::new()
                }
            }
            online::GameEvent::OpponentGone(gone) => {
                let game = self.online.game.as_mut();
                let Some(game) = game else {
                    return Vec::new();
                };
                let was = std::mem::replace(&mut game.gone, gone.gone);
                match (was, gone.gone) {
                    (_, true) => vec![
                        OnlineEvent::OpponentGone {
                            seconds: gone.claim_win_in_seconds,
                        }
                        .into(),
                    ],
                    (true, false) => vec![OnlineEvent::OpponentBack.into()],
                    (false, false) => Vec::new(),
                }
            }
            online::GameEvent::Unknown(_) => Vec::new(),
        };
        if let Some(game) = self.online.game.as_mut()
            && game.expect.is_some_and(|n| game.lines > n)
            && game.sent.is_none()
        {
            game.expect = None;
        }
        events
    }
}

fn challenger(c: &Challenge) -> OnlinePlayer {
    match &c.challenger {
        Some(u) => Session::player_of(Some(&u.name), u.rating, None),
        None => Session::player_of(None, None, None),
    }
}

/// A game in progress as `online` and the start offer name it.
fn listed_game(info: &GameInfo, here: Option<&str>) -> OnlineGameLine {
    OnlineGameLine {
        opponent: info.opponent.as_ref().map_or_else(
            || Session::player_of(None, None, None),
            |o| Session::player_of(Some(&o.username), o.rating, o.ai),
        ),
        color: info.color.map(Color::from),
        my_turn: info.is_my_turn.unwrap_or(false),
        here: here == Some(info.game_id.as_str()),
    }
}
