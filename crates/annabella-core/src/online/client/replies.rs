//! What comes back: the answers to calls (their JSON bodies read here),
//! the event stream (games starting, challenges) and the streams' ups
//! and downs.

use std::time::Instant;

use super::super::{Account, ChallengeDirection, Playing};
use super::Waiting;
use super::{Call, Challenge, Client, Fault, GameInfo, Link, News, Purpose, Stream, StreamEvent};

impl Client {
    /// A call's answer.
    pub(super) fn call_done(
        &mut self,
        id: u64,
        outcome: Result<String, Fault>,
        now: Option<Instant>,
    ) -> Option<News> {
        let at = self.pending.iter().position(|(p, _)| *p == id)?;
        let (_, purpose) = self.pending.remove(at);
        if self.seek == Some(id) {
            self.seek = None;
        }
        match outcome {
            Ok(body) => {
                self.offline_said = false;
                self.answered(purpose, &body, now)
            }
            Err(fault) => Some(self.call_failed(&purpose, fault, now)),
        }
    }

    /// A call's success, by what it was for.
    fn answered(&mut self, purpose: Purpose, body: &str, now: Option<Instant>) -> Option<News> {
        match purpose {
            Purpose::Greet | Purpose::List => {
                let account = match serde_json::from_str::<Account>(body) {
                    Ok(account) => account,
                    Err(error) => return Some(unreadable(&error)),
                };
                self.username = Some(account.username.clone());
                if purpose == Purpose::Greet {
                    return Some(News::LoggedIn(account.username));
                }
                self.follow_up(Purpose::Playing, now)
            }
            Purpose::Playing => match serde_json::from_str::<Playing>(body) {
                Ok(playing) => Some(News::Games {
                    username: self.username.clone().unwrap_or_default(),
                    games: playing.now_playing,
                }),
                Err(error) => Some(unreadable(&error)),
            },
            Purpose::Seek => {
                if !self.expecting_game || self.game.is_some() {
                    return None;
                }
                // lichess ends the seek when a game is made, and tells of
                // the game on the other stream: ask which it was.
                self.follow_up(Purpose::SeekCheck, now)
            }
            Purpose::SeekCheck => {
                if !self.expecting_game || self.game.is_some() {
                    return None;
                }
                self.expecting_game = false;
                let found = serde_json::from_str::<Playing>(body)
                    .ok()
                    .and_then(|p| p.now_playing.into_iter().next());
                Some(match found {
                    Some(info) => self.join(info),
                    None => News::SeekEnded,
                })
            }
            Purpose::Decline(from) => Some(News::DeclinedByYou(from)),
            Purpose::Chat => Some(News::ChatSent),
            Purpose::Challenge => Some(News::Sent),
            // The move's own state line says it was taken.
            Purpose::Move | Purpose::Accept | Purpose::Action => None,
        }
    }

    /// The games in progress asked for after an answer; news only if
    /// the call cannot go out.
    fn follow_up(&mut self, purpose: Purpose, now: Option<Instant>) -> Option<News> {
        self.call(Call::Playing, purpose, now)
            .err()
            .map(News::Blocked)
    }

    /// A call failed.
    fn call_failed(&mut self, purpose: &Purpose, fault: Fault, now: Option<Instant>) -> News {
        if matches!(
            purpose,
            Purpose::Seek | Purpose::SeekCheck | Purpose::Challenge | Purpose::Accept
        ) {
            self.expecting_game = false;
        }
        self.note(&fault, now);
        match purpose {
            Purpose::Move => News::MoveRefused(fault),
            // The check after a login is no question of the player's: a
            // network down is said once, with the stream's news.
            Purpose::Greet => News::Failed(self.told(fault)),
            _ => {
                if matches!(fault, Fault::Offline(_)) {
                    self.offline_said = true;
                }
                News::Failed(Some(fault))
            }
        }
    }

    /// A line of the event stream.
    pub(super) fn stream_event(&mut self, event: StreamEvent) -> Option<News> {
        match event {
            StreamEvent::GameStart(info) => self.game_started(info),
            StreamEvent::GameFinish(_) | StreamEvent::Unknown(_) => None,
            StreamEvent::Challenge { challenge, .. } => self.challenged(challenge),
            StreamEvent::ChallengeCanceled(c) => {
                let before = self.incoming.len();
                self.incoming.retain(|w| w.id != c.id);
                (self.incoming.len() != before).then_some(News::ChallengeCanceled(c))
            }
            StreamEvent::ChallengeDeclined(d) => {
                self.expecting_game = false;
                Some(News::ChallengeDeclined(d))
            }
        }
    }

    /// A game began on lichess: joined at once when the player started
    /// it here; a game already running when the client started is
    /// offered.
    fn game_started(&mut self, info: GameInfo) -> Option<News> {
        if self.game.is_some() {
            return None;
        }
        if !std::mem::take(&mut self.expecting_game) {
            if self.offer.is_some() {
                return None;
            }
            self.offer = Some(info.clone());
            return Some(News::Offer(info));
        }
        Some(self.join(info))
    }

    /// The game `info` is to be played here: its stream is watched.
    fn join(&mut self, info: GameInfo) -> News {
        self.watch_game(&info.game_id);
        News::Join(info)
    }

    /// A challenge arrived: to the player, news; the player's own,
    /// reflected by the server, or one already waiting, not.
    fn challenged(&mut self, c: Challenge) -> Option<News> {
        let mine = self.username.as_deref().is_some_and(|me| {
            c.challenger
                .as_ref()
                .is_some_and(|u| u.name.eq_ignore_ascii_case(me))
        });
        if mine
            || c.direction == Some(ChallengeDirection::Out)
            || self.incoming.iter().any(|w| w.id == c.id)
        {
            return None;
        }
        let from = c.challenger.as_ref().map_or("?", |u| u.name.as_str());
        self.incoming.push(Waiting {
            id: c.id.clone(),
            from: from.to_string(),
        });
        Some(News::Challenged(c))
    }

    /// A stream is up.
    pub(super) fn stream_up(&mut self, stream: &Stream) -> Option<News> {
        self.offline_said = false;
        match stream {
            Stream::Events => self.events = Link::Up,
            Stream::Game(id) => {
                if let Some(game) = self.game.as_mut().filter(|g| g.id == *id) {
                    game.link = Link::Up;
                    game.drops = 0;
                }
            }
        }
        std::mem::take(&mut self.lost).then_some(News::ConnectionBack)
    }

    /// A stream dropped or could not be opened: said once until it is
    /// back; a final refusal (token, address) is said as it is.
    pub(super) fn stream_down(
        &mut self,
        stream: &Stream,
        fault: Fault,
        retry: Option<u64>,
        now: Option<Instant>,
    ) -> Option<News> {
        let was_up = match stream {
            Stream::Events => std::mem::replace(&mut self.events, Link::Down) == Link::Up,
            Stream::Game(id) => {
                let game = self.game.as_mut().filter(|g| g.id == *id)?;
                game.drops = game.drops.saturating_add(1);
                std::mem::replace(&mut game.link, Link::Down) == Link::Up
            }
        };
        if retry.is_none() {
            if *stream == Stream::Events {
                self.events = Link::Off;
            }
            self.note(&fault, now);
            return self.told(fault).map(News::Trouble);
        }
        if self.lost {
            return None;
        }
        self.lost = true;
        if was_up {
            return Some(News::ConnectionLost);
        }
        self.note(&fault, now);
        self.told(fault).map(News::Trouble)
    }
}

/// A success whose body is not what lichess documents.
fn unreadable(error: &serde_json::Error) -> News {
    News::Trouble(Fault::BadBody(error.to_string()))
}
