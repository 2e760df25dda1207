//! The online commands: `online` (with `login` and `logout`), `seek`,
//! `challenge`, `abort`, `say`, `claim`, the answer to a challenge, and
//! the game commands that mean a call in a game on lichess.

use crate::event::{ControlLimit, Event, OnlineEvent, RecordEvent, Refused};
use crate::input::commands::{Cmd, Command, OnLichess};
use crate::input::vocab::{NO, YES, fold};
use crate::input::{ChallengeOrder, ClaimFor, MoveText, OnlineOrder, Terms, Whom};
use crate::online::{Call, Control, NetRequest};

use super::Session;
use super::online::Purpose;
use super::online_game::Proposal;

impl Session {
    /// `online`, `online login`, `online logout`.
    pub(super) fn online_command(&mut self, order: OnlineOrder) -> Vec<Event> {
        match order {
            OnlineOrder::Login => {
                self.online.token_wanted = true;
                return vec![OnlineEvent::TokenWanted.into()];
            }
            OnlineOrder::Logout => {
                self.online.logout = true;
                return Vec::new();
            }
            OnlineOrder::Show => {}
        }
        if !self.online.has_token {
            return vec![OnlineEvent::NotLoggedIn.into()];
        }
        self.watch_events();
        self.call(
            Call::Account,
            Purpose::Account {
                list: true,
                greet: false,
            },
        )
    }

    /// `seek 15+10 [rated] [white|black]`.
    pub(super) fn seek(&mut self, terms: Terms) -> Vec<Event> {
        if let Some(refused) = self.online_busy() {
            return refused;
        }
        if !terms.control.seekable() {
            return vec![control_refused(terms.control, ControlLimit::Seek)];
        }
        self.watch_events();
        let mut events = self.call(
            Call::Seek {
                control: terms.control,
                rated: terms.rated,
                color: terms.color,
            },
            Purpose::Seek,
        );
        if events.is_empty() {
            self.online.expecting_game = true;
            events.push(
                OnlineEvent::Seeking {
                    control: terms.control,
                    rated: terms.rated,
                }
                .into(),
            );
        }
        events
    }

    /// `challenge USER 10+5 [rated] [side]`, `challenge ai LEVEL 10+5
    /// [side]`.
    pub(super) fn challenge(&mut self, order: ChallengeOrder) -> Vec<Event> {
        let ChallengeOrder { whom, terms } = order;
        if let Some(refused) = self.online_busy() {
            return refused;
        }
        if !terms.control.challengeable() {
            return vec![control_refused(terms.control, ControlLimit::Challenge)];
        }
        self.watch_events();
        let (call, user, level) = match whom {
            Whom::User(user) => {
                let call = Call::Challenge {
                    user: user.clone(),
                    control: terms.control,
                    rated: terms.rated,
                    color: terms.color,
                };
                (call, Some(user), None)
            }
            Whom::Ai(level) => {
                let call = Call::ChallengeAi {
                    level,
                    control: terms.control,
                    color: terms.color,
                };
                (call, None, Some(level))
            }
        };
        let mut events = self.call(call, Purpose::Challenge);
        if events.is_empty() {
            self.online.expecting_game = true;
            events.push(
                OnlineEvent::ChallengeSent {
                    user,
                    level,
                    control: terms.control,
                }
                .into(),
            );
        }
        events
    }

    /// A seek or challenge while a game runs on lichess is refused.
    fn online_busy(&self) -> Option<Vec<Event>> {
        self.online
            .game
            .is_some()
            .then(|| vec![OnlineEvent::NotOnline.into()])
    }

    /// `accept` / `decline` of the oldest challenge, when no offer in a
    /// game is open.
    pub(super) fn answer_challenge(&mut self, yes: bool) -> Option<Vec<Event>> {
        if self.online.game.is_some() || self.online.incoming.is_empty() {
            return None;
        }
        let waiting = self.online.incoming.remove(0);
        Some(if yes {
            self.online.expecting_game = true;
            self.call(Call::Accept(waiting.id), Purpose::Accept)
        } else {
            self.call(Call::Decline(waiting.id), Purpose::Decline(waiting.from))
        })
    }

    /// `abort`: the seek out, or the game on lichess before it properly
    /// began.
    pub(super) fn abort(&mut self) -> Vec<Event> {
        if let Some(id) = self.online.seek.take() {
            self.online.pending.retain(|(p, _)| *p != id);
            self.online.outbox.push(NetRequest::Cancel(id));
            self.online.expecting_game = false;
            return vec![OnlineEvent::SeekCancelled.into()];
        }
        match self.online_game_id() {
            Some(id) => self.game_action(Call::Abort(id)),
            None => vec![OnlineEvent::NoOnlineGame.into()],
        }
    }

    /// `say TEXT`: a line in the game's chat.
    pub(super) fn say(&mut self, text: &str) -> Vec<Event> {
        match self.online_game_id() {
            Some(game) => {
                let text: String = text.chars().take(140).collect();
                self.call(Call::Chat { game, text }, Purpose::Chat)
            }
            None => vec![OnlineEvent::NoOnlineGame.into()],
        }
    }

    /// `claim`: the win (or, with `draw`, a draw) when the opponent has
    /// left the game.
    pub(super) fn claim(&mut self, claim: ClaimFor) -> Vec<Event> {
        let Some(game) = self.online.game.as_ref() else {
            return vec![OnlineEvent::NoOnlineGame.into()];
        };
        if !game.gone {
            return vec![OnlineEvent::NothingToClaim.into()];
        }
        let id = game.id.clone();
        self.game_action(match claim {
            ClaimFor::Draw => Call::ClaimDraw(id),
            ClaimFor::Win => Call::ClaimVictory(id),
        })
    }

    /// Whether `command` is refused because a game on lichess runs
    /// ([`OnLichess::Refused`]).
    pub(super) fn refused_on_lichess(&self, command: Command) -> bool {
        self.online.game.is_some()
            && !self.table.game.is_over()
            && command.entry().on_lichess == OnLichess::Refused
    }

    /// What the command table says a command does with lichess instead:
    /// in a game there, a call ([`OnLichess::Call`], `undo` proposes a
    /// takeback, `draw` offers through the server) or a refusal
    /// ([`OnLichess::Refused`]); with no game there, `accept` or
    /// `decline` of a challenge ([`OnLichess::Answer`]). `None` for the
    /// rest, which work as always.
    pub(super) fn online_instead(&mut self, cmd: &Cmd) -> Option<Vec<Event>> {
        let on_lichess = cmd.command().entry().on_lichess;
        if self.online.game.is_none() {
            return match on_lichess {
                OnLichess::Answer => self.answer_challenge(matches!(cmd, Cmd::Accept)),
                OnLichess::Local | OnLichess::Refused | OnLichess::Call => None,
            };
        }
        if self.table.game.is_over() {
            return None;
        }
        match on_lichess {
            OnLichess::Local => None,
            OnLichess::Refused => Some(vec![OnlineEvent::NotOnline.into()]),
            OnLichess::Call | OnLichess::Answer => self.call_instead(cmd),
        }
    }

    /// A game command as a call in the game on lichess: `undo`, `resign`,
    /// `draw` (with a move it is played and claimed as always), `accept`
    /// and `decline` of the opponent's offer.
    fn call_instead(&mut self, cmd: &Cmd) -> Option<Vec<Event>> {
        let game = self.online.game.as_ref()?;
        let id = game.id.clone();
        let (draw_offered, takeback_offered) = game.offers;
        Some(match cmd {
            Cmd::Undo if takeback_offered => self.game_action(Call::Takeback {
                game: id,
                yes: true,
            }),
            Cmd::Undo => {
                let mut events = self.game_action(Call::Takeback {
                    game: id,
                    yes: true,
                });
                if events.is_empty() {
                    self.propose(Proposal::Takeback);
                    events.push(OnlineEvent::TakebackProposed.into());
                }
                events
            }
            Cmd::Resign => self.game_action(Call::Resign(id)),
            Cmd::Draw(Some(MoveText(_))) => return None,
            Cmd::Draw(None) | Cmd::Accept if draw_offered => self.game_action(Call::Draw {
                game: id,
                yes: true,
            }),
            Cmd::Draw(None) => {
                let mut events = self.game_action(Call::Draw {
                    game: id,
                    yes: true,
                });
                if events.is_empty() {
                    self.propose(Proposal::Draw);
                    events.push(OnlineEvent::DrawOfferSent.into());
                }
                events
            }
            Cmd::Accept if takeback_offered => self.game_action(Call::Takeback {
                game: id,
                yes: true,
            }),
            Cmd::Decline if takeback_offered => {
                let mut events = self.game_action(Call::Takeback {
                    game: id,
                    yes: false,
                });
                if events.is_empty() {
                    events.push(OnlineEvent::TakebackDeclined.into());
                }
                events
            }
            Cmd::Decline if draw_offered => {
                let mut events = self.game_action(Call::Draw {
                    game: id,
                    yes: false,
                });
                if events.is_empty() {
                    events.extend(super::play::decline(&mut self.table));
                }
                events
            }
            Cmd::Accept | Cmd::Decline => vec![Refused::NoDrawOffer.into()],
            // Commands the table does not mark as calls work as always.
            _ => return None,
        })
    }

    /// The answer to the offer at start to join a game in progress on
    /// lichess; `None` when none is open.
    pub(super) fn answer_online_offer(&mut self, line: &str) -> Option<Vec<Event>> {
        let info = self.online.offer.take()?;
        let folded = fold(line.trim().trim_end_matches(['.', '!']));
        if YES.contains_folded(&folded) {
            return Some(self.join(&info));
        }
        if NO.contains_folded(&folded) {
            return Some(vec![self.table.status(self.against())]);
        }
        self.online.offer = Some(info);
        Some(vec![RecordEvent::OfferStands.into()])
    }
}

impl Session {
    /// The player proposed a draw or a takeback: its answer is awaited.
    fn propose(&mut self, proposal: Proposal) {
        if let Some(game) = self.online.game.as_mut() {
            game.proposed = Some(proposal);
            game.proposal_seen = false;
        }
    }
}

fn control_refused(control: Control, limit: ControlLimit) -> Event {
    OnlineEvent::ControlRefused { control, limit }.into()
}
