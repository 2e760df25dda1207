//! The online commands: `online` (with `login` and `logout`), `seek`,
//! `challenge`, `abort`, `say`, `claim`, the answers to a challenge and
//! to the offer at start, and the game commands that mean a call in a
//! game on lichess.

use shakmaty::Move;

use crate::event::{ControlLimit, Event, OnlineEvent, RecordEvent, Refused};
use crate::input::commands::{Cmd, OnLichess};
use crate::input::vocab::{NO, YES, fold};
use crate::input::{ChallengeOrder, ClaimFor, MoveText, OnlineOrder, Terms, Whom};
use crate::online::{Call, Control};

use super::super::table::Table;
use super::game::Proposal;
use super::{Online, Then, blocked_trouble, refusal};

impl Online {
    /// `online`, `online login`, `online logout`.
    pub(crate) fn command(&mut self, table: &Table, order: OnlineOrder) -> Vec<Event> {
        match order {
            OnlineOrder::Login => {
                self.client.want_token();
                return vec![OnlineEvent::TokenWanted.into()];
            }
            OnlineOrder::Logout => {
                self.client.ask_logout();
                return Vec::new();
            }
            OnlineOrder::Show => {}
        }
        if !self.client.has_token() {
            return vec![OnlineEvent::NotLoggedIn.into()];
        }
        refusal(self.client.list(table.now))
    }

    /// `seek 15+10 [rated] [white|black]`.
    pub(crate) fn seek(&mut self, table: &Table, terms: Terms) -> Vec<Event> {
        if let Some(refused) = self.busy() {
            return refused;
        }
        if !terms.control.seekable() {
            return vec![control_refused(terms.control, ControlLimit::Seek)];
        }
        let call = Call::Seek {
            control: terms.control,
            rated: terms.rated,
            color: terms.color,
        };
        let seeking = OnlineEvent::Seeking {
            control: terms.control,
            rated: terms.rated,
        };
        self.look_for_game(table, call, seeking)
    }

    /// `challenge USER 10+5 [rated] [side]`, `challenge ai LEVEL 10+5
    /// [side]`.
    pub(crate) fn challenge(&mut self, table: &Table, order: ChallengeOrder) -> Vec<Event> {
        let ChallengeOrder { whom, terms } = order;
        if let Some(refused) = self.busy() {
            return refused;
        }
        if !terms.control.challengeable() {
            return vec![control_refused(terms.control, ControlLimit::Challenge)];
        }
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
        let sent = OnlineEvent::ChallengeSent {
            user,
            level,
            control: terms.control,
        };
        self.look_for_game(table, call, sent)
    }

    /// A seek or a challenge sent; `said` is said once lichess took it.
    fn look_for_game(&mut self, table: &Table, call: Call, said: OnlineEvent) -> Vec<Event> {
        match self.client.look_for_game(call, table.now) {
            Ok(()) => {
                self.unsaid = Some(said.into());
                Vec::new()
            }
            Err(blocked) => vec![blocked_trouble(blocked)],
        }
    }

    /// A seek or challenge while a game runs on lichess is refused.
    fn busy(&self) -> Option<Vec<Event>> {
        self.game
            .is_some()
            .then(|| vec![OnlineEvent::NotOnline.into()])
    }

    /// `abort`: the seek out, or the game on lichess before it properly
    /// began.
    pub(crate) fn abort(&mut self, table: &Table) -> Vec<Event> {
        if self.client.cancel_seek() {
            self.unsaid = None;
            return vec![OnlineEvent::SeekCancelled.into()];
        }
        match self.game_id() {
            Some(id) => self.game_action(table, Call::Abort(id)),
            None => vec![OnlineEvent::NoOnlineGame.into()],
        }
    }

    /// `say TEXT`: a line in the game's chat.
    pub(crate) fn say(&mut self, table: &Table, text: &str) -> Vec<Event> {
        match self.game_id() {
            Some(game) => {
                let text: String = text.chars().take(140).collect();
                refusal(self.client.send(Call::Chat { game, text }, table.now))
            }
            None => vec![OnlineEvent::NoOnlineGame.into()],
        }
    }

    /// `claim`: the win (or, with `draw`, a draw) when the opponent has
    /// left the game.
    pub(crate) fn claim(&mut self, table: &Table, claim: ClaimFor) -> Vec<Event> {
        let Some(game) = self.game.as_ref() else {
            return vec![OnlineEvent::NoOnlineGame.into()];
        };
        if !game.gone {
            return vec![OnlineEvent::NothingToClaim.into()];
        }
        let id = game.id.clone();
        self.game_action(
            table,
            match claim {
                ClaimFor::Draw => Call::ClaimDraw(id),
                ClaimFor::Win => Call::ClaimVictory(id),
            },
        )
    }

    /// A game action whose result the game stream brings: awaited before
    /// the next line of a script.
    fn game_action(&mut self, table: &Table, call: Call) -> Vec<Event> {
        let events = refusal(self.client.send(call, table.now));
        if events.is_empty()
            && let Some(game) = self.game.as_mut()
        {
            game.expect = Some(game.lines);
        }
        events
    }

    /// After the player's move in the game on lichess: it goes there.
    /// Why not, if it could not (the move is then no longer awaited).
    pub(crate) fn send_move(
        &mut self,
        table: &Table,
        mv: Move,
        offering_draw: bool,
    ) -> Option<Vec<Event>> {
        let mode = table.game.castling_mode();
        let game = self.game.as_mut()?;
        game.sent = Some(mv);
        let call = Call::Move {
            game: game.id.clone(),
            uci: mv.to_uci(mode).to_string(),
            offering_draw,
        };
        let blocked = self.client.send(call, table.now).err()?;
        if let Some(game) = self.game.as_mut() {
            game.sent = None;
        }
        Some(vec![blocked_trouble(blocked)])
    }

    /// What the command table says a command does with lichess instead:
    /// in a game there, a call ([`OnLichess::Call`], `undo` proposes a
    /// takeback, `draw` offers through the server) or a refusal
    /// ([`OnLichess::Refused`]); with no game there, `accept` or
    /// `decline` of a challenge ([`OnLichess::Answer`]). `None` for the
    /// rest, which work as always.
    pub(crate) fn instead(&mut self, table: &Table, cmd: &Cmd) -> Option<Then> {
        let on_lichess = cmd.command().entry().on_lichess;
        if self.game.is_none() {
            return match on_lichess {
                OnLichess::Answer => {
                    let sent = self
                        .client
                        .answer_challenge(matches!(cmd, Cmd::Accept), table.now)?;
                    Some(Then::Said(refusal(sent)))
                }
                OnLichess::Local | OnLichess::Refused | OnLichess::Call => None,
            };
        }
        if table.game.is_over() {
            return None;
        }
        match on_lichess {
            OnLichess::Local => None,
            OnLichess::Refused => Some(Then::Said(vec![OnlineEvent::NotOnline.into()])),
            OnLichess::Call | OnLichess::Answer => self.call_instead(table, cmd),
        }
    }

    /// A game command as a call in the game on lichess: `undo`, `resign`,
    /// `draw` (with a move it is played and claimed as always), `accept`
    /// and `decline` of the opponent's offer.
    fn call_instead(&mut self, table: &Table, cmd: &Cmd) -> Option<Then> {
        let game = self.game.as_ref()?;
        let id = game.id.clone();
        let (draw_offered, takeback_offered) = game.offers;
        let takeback = |yes| Call::Takeback {
            game: id.clone(),
            yes,
        };
        let draw = |yes| Call::Draw {
            game: id.clone(),
            yes,
        };
        let events = match cmd {
            Cmd::Undo if takeback_offered => self.game_action(table, takeback(true)),
            Cmd::Undo => self.propose(table, takeback(true), Proposal::Takeback),
            Cmd::Resign => self.game_action(table, Call::Resign(id.clone())),
            Cmd::Draw(Some(MoveText(_))) => return None,
            Cmd::Draw(None) | Cmd::Accept if draw_offered => self.game_action(table, draw(true)),
            Cmd::Draw(None) => self.propose(table, draw(true), Proposal::Draw),
            Cmd::Accept if takeback_offered => self.game_action(table, takeback(true)),
            Cmd::Decline if takeback_offered => {
                let mut events = self.game_action(table, takeback(false));
                if events.is_empty() {
                    events.push(OnlineEvent::TakebackDeclined.into());
                }
                events
            }
            Cmd::Decline if draw_offered => {
                let events = self.game_action(table, draw(false));
                if events.is_empty() {
                    return Some(Then::DeclineDraw);
                }
                events
            }
            Cmd::Accept | Cmd::Decline => vec![Refused::NoDrawOffer.into()],
            // Commands the table does not mark as calls work as always.
            _ => return None,
        };
        Some(Then::Said(events))
    }

    /// The player proposes a draw or a takeback: its answer is awaited.
    fn propose(&mut self, table: &Table, call: Call, proposal: Proposal) -> Vec<Event> {
        let events = self.game_action(table, call);
        if !events.is_empty() {
            return events;
        }
        if let Some(game) = self.game.as_mut() {
            game.proposed = Some(proposal);
            game.proposal_seen = false;
        }
        vec![match proposal {
            Proposal::Takeback => OnlineEvent::TakebackProposed.into(),
            Proposal::Draw => OnlineEvent::DrawOfferSent.into(),
        }]
    }

    /// The answer to the offer at start to join a game in progress on
    /// lichess; `None` when none is open.
    pub(crate) fn answer_offer(&mut self, line: &str) -> Option<Then> {
        if !self.client.offering() {
            return None;
        }
        let folded = fold(line.trim().trim_end_matches(['.', '!']));
        if YES.contains_folded(&folded) {
            let info = self.client.join_offer()?;
            self.join(&info);
            return Some(Then::Said(Vec::new()));
        }
        if NO.contains_folded(&folded) {
            self.client.drop_offer();
            return Some(Then::Status);
        }
        Some(Then::Said(vec![RecordEvent::OfferStands.into()]))
    }
}

fn control_refused(control: Control, limit: ControlLimit) -> Event {
    OnlineEvent::ControlRefused { control, limit }.into()
}
