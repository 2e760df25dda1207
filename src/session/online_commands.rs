//! The online commands: `online` (with `login` and `logout`), `seek`,
//! `challenge`, `abort`, `say`, `claim`, the answer to a challenge, and
//! the game commands that mean a call in a game on lichess.

use crate::event::{ControlLimit, Event, OnlineEvent, RecordEvent, Refused};
use crate::input::commands::Command;
use crate::input::vocab::{NO, YES, fold};
use crate::input::{Args, Words, parse_color_choice};
use crate::online::{Call, ChallengeColor, Control, NetRequest};
use crate::settings::ColorChoice;

use super::Session;
use super::dispatch::bad_argument;
use super::online::Purpose;
use super::online_game::Proposal;

/// Words for a rated game.
const RATED: Words = Words::new(&["rated"], &["gewertet"], &["reitinguga", "hinnatud"]);
/// Words for a casual game.
const CASUAL: Words = Words::new(&["casual"], &["ungewertet"], &["reitinguta"]);
/// Words naming lichess's AI as the one challenged.
const AI: Words = Words::new(&["ai", "computer"], &["ki", "computer"], &["ai", "arvuti"]);
/// `online login`.
const LOGIN: Words = Words::new(&["login"], &["anmelden"], &["logi", "sisene"]);
/// `online logout`.
const LOGOUT: Words = Words::new(&["logout"], &["abmelden"], &["välju", "lahku"]);

impl Session {
    /// `online`, `online login`, `online logout`.
    pub(super) fn online_command(&mut self, text: &str) -> Vec<Event> {
        let word = fold(text.trim());
        if LOGIN.contains_folded(&word) {
            self.online.token_wanted = true;
            return vec![OnlineEvent::TokenWanted.into()];
        }
        if LOGOUT.contains_folded(&word) {
            self.online.logout = true;
            return Vec::new();
        }
        if !word.is_empty() {
            return bad_argument(Command::Online, text.trim());
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
    pub(super) fn seek(&mut self, text: &str) -> Vec<Event> {
        let Some(terms) = read_terms(text, false) else {
            return bad_argument(Command::Seek, text.trim());
        };
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
    pub(super) fn challenge(&mut self, text: &str) -> Vec<Event> {
        let mut words = text.split_whitespace();
        let Some(who) = words.next() else {
            return bad_argument(Command::Challenge, text.trim());
        };
        let ai = AI.contains_folded(&fold(who));
        let level = if ai {
            match words.next().and_then(|w| w.parse::<u8>().ok()) {
                Some(level @ 1..=8) => Some(level),
                _ => return bad_argument(Command::Challenge, text.trim()),
            }
        } else {
            None
        };
        let rest: Vec<&str> = words.collect();
        let Some(terms) = read_terms(&rest.join(" "), ai) else {
            return bad_argument(Command::Challenge, text.trim());
        };
        if !valid_username(who) && !ai {
            return bad_argument(Command::Challenge, who);
        }
        if let Some(refused) = self.online_busy() {
            return refused;
        }
        if !terms.control.challengeable() {
            return vec![control_refused(terms.control, ControlLimit::Challenge)];
        }
        self.watch_events();
        let call = match level {
            Some(level) => Call::ChallengeAi {
                level,
                control: terms.control,
                color: terms.color,
            },
            None => Call::Challenge {
                user: who.to_string(),
                control: terms.control,
                rated: terms.rated,
                color: terms.color,
            },
        };
        let mut events = self.call(call, Purpose::Challenge);
        if events.is_empty() {
            self.online.expecting_game = true;
            events.push(
                OnlineEvent::ChallengeSent {
                    user: (!ai).then(|| who.to_string()),
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
        let text = text.trim();
        if text.is_empty() {
            return bad_argument(Command::Say, text);
        }
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
    pub(super) fn claim(&mut self, text: &str) -> Vec<Event> {
        let Some(game) = self.online.game.as_ref() else {
            return vec![OnlineEvent::NoOnlineGame.into()];
        };
        if !game.gone {
            return vec![OnlineEvent::NothingToClaim.into()];
        }
        let id = game.id.clone();
        let draw = Command::from_word(text.trim()) == Some(Command::Draw);
        self.game_action(if draw {
            Call::ClaimDraw(id)
        } else {
            Call::ClaimVictory(id)
        })
    }

    /// The game commands that mean something else in a game on lichess
    /// (`undo` proposes a takeback, `draw` offers through the server),
    /// those not possible there (`new`, `hint` …), and `accept` or
    /// `decline` of a challenge; `None` for the rest, which work as
    /// always.
    pub(super) fn online_instead(&mut self, command: Command, args: &Args) -> Option<Vec<Event>> {
        let Some(game) = self.online.game.as_ref() else {
            return match command {
                Command::Accept => self.answer_challenge(true),
                Command::Decline => self.answer_challenge(false),
                _ => None,
            };
        };
        let id = game.id.clone();
        let (draw_offered, takeback_offered) = game.offers;
        let over = self.table.game.is_over();
        Some(match command {
            _ if over => return None,
            Command::Undo if takeback_offered => self.game_action(Call::Takeback {
                game: id,
                yes: true,
            }),
            Command::Undo => {
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
            Command::Resign => self.game_action(Call::Resign(id)),
            Command::Draw if !args.text.trim().is_empty() => return None,
            Command::Draw | Command::Accept if draw_offered => self.game_action(Call::Draw {
                game: id,
                yes: true,
            }),
            Command::Draw => {
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
            Command::Accept if takeback_offered => self.game_action(Call::Takeback {
                game: id,
                yes: true,
            }),
            Command::Decline if takeback_offered => {
                let mut events = self.game_action(Call::Takeback {
                    game: id,
                    yes: false,
                });
                if events.is_empty() {
                    events.push(OnlineEvent::TakebackDeclined.into());
                }
                events
            }
            Command::Decline if draw_offered => {
                let mut events = self.game_action(Call::Draw {
                    game: id,
                    yes: false,
                });
                if events.is_empty() {
                    events.extend(self.decline());
                }
                events
            }
            Command::Accept | Command::Decline => vec![Refused::NoDrawOffer.into()],
            _ if not_online(command) => vec![OnlineEvent::NotOnline.into()],
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
            return Some(vec![self.status()]);
        }
        self.online.offer = Some(info);
        Some(vec![RecordEvent::OfferStands.into()])
    }
}

/// The clock and options of a seek or challenge.
struct Terms {
    control: Control,
    rated: bool,
    color: Option<ChallengeColor>,
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

/// The commands not possible while a game on lichess runs: a new or
/// loaded game, help from an engine, the clock stopped, the game cut.
fn not_online(command: Command) -> bool {
    matches!(
        command,
        Command::New
            | Command::Hint
            | Command::Eval
            | Command::Pause
            | Command::Resume
            | Command::Load
            | Command::Restore
            | Command::Play
            | Command::Next
            | Command::Prev
            | Command::Start
            | Command::End
            | Command::Goto
    )
}

/// Reads `15+10 [rated|casual] [white|black|random]` in any order after
/// the clock; `None` when a word is not one of these.
fn read_terms(text: &str, ai: bool) -> Option<Terms> {
    let mut words = text.split_whitespace();
    let control = parse_control(words.next()?)?;
    let mut terms = Terms {
        control,
        rated: false,
        color: None,
    };
    for word in words {
        let folded = fold(word);
        if RATED.contains_folded(&folded) {
            // Games against lichess's AI are never rated.
            terms.rated = !ai;
        } else if CASUAL.contains_folded(&folded) {
            terms.rated = false;
        } else {
            terms.color = Some(match parse_color_choice(word)? {
                ColorChoice::White => ChallengeColor::White,
                ColorChoice::Black => ChallengeColor::Black,
                ColorChoice::Random => ChallengeColor::Random,
            });
        }
    }
    Some(terms)
}

/// `15+10`: minutes (whole, or with a quarter, half or three quarters)
/// and seconds of increment, as lichess allows them.
pub fn parse_control(word: &str) -> Option<Control> {
    let (minutes, increment) = word.split_once('+')?;
    let increment: u32 = increment.parse().ok().filter(|&i| i <= 180)?;
    let minutes = minutes.replace(',', ".");
    let limit = match minutes.split_once('.') {
        None => minutes.parse::<u32>().ok()?.checked_mul(60)?,
        Some((whole, part)) => {
            let whole: u32 = if whole.is_empty() {
                0
            } else {
                whole.parse().ok()?
            };
            let extra = match part {
                "25" => 15,
                "5" | "50" => 30,
                "75" => 45,
                _ => return None,
            };
            whole.checked_mul(60)? + extra
        }
    };
    (limit <= 180 * 60 && (limit > 0 || increment > 0)).then_some(Control { limit, increment })
}

/// Whether a word can be a lichess user name: 2 to 30 letters, digits,
/// `_` or `-`.
fn valid_username(word: &str) -> bool {
    (2..=30).contains(&word.len())
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

fn control_refused(control: Control, limit: ControlLimit) -> Event {
    OnlineEvent::ControlRefused { control, limit }.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_read_as_lichess_writes_them() {
        let c = |limit, increment| Some(Control { limit, increment });
        assert_eq!(parse_control("15+10"), c(900, 10));
        assert_eq!(parse_control("0.5+0"), c(30, 0));
        assert_eq!(parse_control("1,5+2"), c(90, 2));
        assert_eq!(parse_control("0+1"), c(0, 1));
        assert_eq!(parse_control("0+0"), None);
        assert_eq!(parse_control("15"), None);
        assert_eq!(parse_control("1.3+0"), None);
        assert_eq!(parse_control("181+0"), None);
        assert_eq!(parse_control("10+181"), None);
    }

    #[test]
    fn terms_take_their_words_in_any_language() {
        let t = read_terms("10+5 gewertet schwarz", false).expect("terms");
        assert!(t.rated);
        assert_eq!(t.color, Some(ChallengeColor::Black));
        assert!(read_terms("10+5 purple", false).is_none());
        assert!(!read_terms("10+5 rated", true).expect("ai").rated);
        assert!(valid_username("Bobby_12"));
        assert!(!valid_username("a b"));
    }
}
