//! What comes back from lichess, as the client makes it out: the
//! account, games starting, challenges, the streams' ups and downs and
//! the calls that failed, each put into an event. The game stream's
//! lines go on to `game`, or to the other rooms through a [`Then`].

use shakmaty::Color;

use crate::event::{IncomingChallenge, OnlineEvent, OnlineGameLine, OnlinePlayer};
use crate::online::{
    self, Challenge, ChallengeColor, Control, GameInfo, NetReply, News, TimeControl, VariantKey,
};

use super::super::table::Table;
use super::game::OnlineGame;
use super::{Online, Then, blocked_trouble, player_of, trouble};

impl Online {
    /// A reply of the network host. That a seek or a challenge is out is
    /// said when lichess took it, or at the latest when its game begins;
    /// forgotten when it failed.
    pub(crate) fn reply(&mut self, table: &Table, reply: NetReply) -> Then {
        let then = self.news(table, reply);
        if !self.client.expecting_game() {
            self.unsaid = None;
        }
        then
    }

    fn news(&mut self, table: &Table, reply: NetReply) -> Then {
        let Some(news) = self.client.reply(reply, table.now) else {
            return Then::Said(Vec::new());
        };
        let event = match news {
            News::Game(event) => return self.game_line(table, event),
            News::Join(info) => {
                self.join(&info);
                return Then::Said(self.unsaid.take().into_iter().collect());
            }
            News::Sent => return Then::Said(self.unsaid.take().into_iter().collect()),
            News::MoveRefused(fault) => {
                self.no_answer_awaited();
                return Then::MoveRefused(trouble(fault));
            }
            News::Failed(None) => {
                self.no_answer_awaited();
                return Then::Said(Vec::new());
            }
            News::Failed(Some(fault)) => {
                self.no_answer_awaited();
                OnlineEvent::Trouble(trouble(fault))
            }
            News::Blocked(blocked) => return Then::Said(vec![blocked_trouble(blocked)]),
            News::Trouble(fault) => OnlineEvent::Trouble(trouble(fault)),
            News::LoggedIn(name) => OnlineEvent::LoggedIn(name),
            News::Games { username, games } => {
                let here = self.game.as_ref().map(|g| g.id.as_str());
                let games = games.iter().map(|info| listed_game(info, here)).collect();
                OnlineEvent::Account { username, games }
            }
            News::Offer(info) => OnlineEvent::GameWaiting(listed_game(&info, None)),
            News::SeekEnded => OnlineEvent::SeekEnded,
            News::Challenged(c) => OnlineEvent::Challenged(incoming(&c)),
            News::ChallengeCanceled(c) => OnlineEvent::ChallengeCanceled(challenger(&c).name),
            News::ChallengeDeclined(d) => OnlineEvent::ChallengeDeclined {
                by: d
                    .challenge
                    .dest_user
                    .map_or_else(|| "?".to_string(), |u| u.name),
                reason: d.decline_reason,
            },
            News::DeclinedByYou(from) => OnlineEvent::DeclinedByYou(from),
            News::ChatSent => OnlineEvent::ChatSent,
            News::ConnectionLost => OnlineEvent::ConnectionLost,
            News::ConnectionBack => OnlineEvent::ConnectionBack,
        };
        Then::Said(vec![event.into()])
    }

    /// A call failed: the state it may have asked for is no longer
    /// awaited.
    fn no_answer_awaited(&mut self) {
        if let Some(game) = self.game.as_mut() {
            game.expect = None;
        }
    }

    /// Plays the game `info` here (the client watches its stream); its
    /// `gameFull` sets the board.
    pub(super) fn join(&mut self, info: &GameInfo) {
        let color = info.color.map_or(Color::White, Color::from);
        let mut game = OnlineGame::new(info.game_id.clone(), color);
        if let Some(o) = &info.opponent {
            game.opponent = player_of(Some(&o.username), o.rating, o.ai);
        }
        self.game = Some(game);
        self.from_lichess = true;
    }

    /// A line of the stream of the game played here.
    fn game_line(&mut self, table: &Table, event: online::GameEvent) -> Then {
        let Some(game) = self.game.as_mut() else {
            return Then::Said(Vec::new());
        };
        game.lines += 1;
        let events = match event {
            online::GameEvent::GameFull(full) => match self.set_up(table, *full) {
                Ok(then) => return then,
                Err(trouble) => vec![trouble],
            },
            online::GameEvent::GameState(state) => return Then::State(state),
            online::GameEvent::ChatLine(line) => {
                let me = self.client.username();
                let own = me.is_some_and(|me| me.eq_ignore_ascii_case(&line.username));
                if table.settings.chat && !own {
                    let (user, text) = (line.username, line.text);
                    vec![OnlineEvent::Chat { user, text }.into()]
                } else {
                    Vec::new()
                }
            }
            online::GameEvent::OpponentGone(gone) => {
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
        self.line_followed();
        Then::Said(events)
    }
}

/// A challenge to the player as it is said.
fn incoming(c: &Challenge) -> IncomingChallenge {
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
    IncomingChallenge {
        from: challenger(c),
        control,
        days,
        rated: c.rated,
        color,
        unplayable,
    }
}

fn challenger(c: &Challenge) -> OnlinePlayer {
    match &c.challenger {
        Some(u) => player_of(Some(&u.name), u.rating, None),
        None => player_of(None, None, None),
    }
}

/// A game in progress as `online` and the start offer name it.
fn listed_game(info: &GameInfo, here: Option<&str>) -> OnlineGameLine {
    OnlineGameLine {
        opponent: info.opponent.as_ref().map_or_else(
            || player_of(None, None, None),
            |o| player_of(Some(&o.username), o.rating, o.ai),
        ),
        color: info.color.map(Color::from),
        my_turn: info.is_my_turn.unwrap_or(false),
        here: here == Some(info.game_id.as_str()),
    }
}
