//! The online family: the lichess account, seeks, challenges, the game
//! played there and what the network did, each in one short sentence.

use shakmaty::Color;

use super::{Announcer, Phrasing, n, s};
use crate::event::{
    ControlLimit, IncomingChallenge, NetTrouble, OnlineEvent, OnlineGameLine, OnlinePlayer,
};
use crate::online::{Control, Pace};
use crate::rules::MoveFacts;
use crate::settings::Lang;

impl Announcer {
    /// Every online event in words: one match with an arm for each, so
    /// that a new event cannot pass unsaid.
    pub(super) fn online_event(&self, p: Phrasing, event: &OnlineEvent) -> Vec<String> {
        use OnlineEvent as E;
        let ui = p.lang;
        let m = |id: &str| self.message(ui, id, &[]);
        let line = match event {
            E::Account { username, games } => return self.account(ui, username, games),
            E::LoggedOut { existed, env_token } => {
                return self.logged_out(ui, *existed, *env_token);
            }
            E::LoggedIn(name) => self.with_text(ui, "online-logged-in", ("name", name)),
            E::NotLoggedIn => m("online-not-logged-in"),
            E::TokenWanted => m("online-token-wanted"),
            E::TokenSaved => m("online-token-saved"),
            E::NotAToken => m("online-not-a-token"),
            E::TokenUnreadable(why) => self.with_reason(ui, "online-token-unreadable", *why),
            E::TokenInvalid { env } => {
                self.with_text(ui, "online-token-invalid", ("env", yes_no(*env)))
            }
            E::TokenNotSaved(why) => self.with_reason(ui, "online-token-not-saved", *why),
            E::LogoutFailed(why) => self.with_reason(ui, "online-logout-failed", *why),
            E::ControlRefused { control, limit } => self.control_refused(ui, *control, *limit),
            E::Seeking { control, rated } => self.seeking(ui, *control, *rated),
            E::SeekEnded => m("online-seek-ended"),
            E::SeekCancelled => m("online-seek-cancelled"),
            E::ChallengeSent {
                user,
                level,
                control,
            } => self.challenge_sent(ui, user.as_deref(), *level, *control),
            E::Challenged(challenge) => self.challenged(ui, challenge),
            E::ChallengeCanceled(from) => {
                self.with_text(ui, "online-challenge-canceled", ("from", from))
            }
            E::ChallengeDeclined { by, reason } => self.declined(ui, by, reason.as_deref()),
            E::DeclinedByYou(from) => self.with_text(ui, "online-declined-by-you", ("from", from)),
            E::GameStarted {
                opponent,
                color,
                control,
                rated,
            } => self.game_started(ui, opponent, *color, *control, *rated),
            E::GameWaiting(game) => self.game_line(ui, "online-game-waiting", game),
            E::Aborted => m("online-aborted"),
            E::MoveRejected { facts, reason } => self.move_rejected(p, facts, reason.as_deref()),
            E::TakebackOffered => m("online-takeback-offered"),
            E::TakebackProposed => m("online-takeback-proposed"),
            E::TakebackDeclined => m("online-takeback-declined"),
            E::OpponentGone { seconds } => self.message(
                ui,
                "online-opponent-gone",
                &[("seconds", n(seconds.unwrap_or(0)))],
            ),
            E::OpponentBack => m("online-opponent-back"),
            E::Chat { user, text } => self.message(
                ui,
                "online-chat",
                &[("user", s(user.as_str())), ("text", s(clean(text)))],
            ),
            E::ChatSent => m("online-chat-sent"),
            E::ConnectionLost => m("online-connection-lost"),
            E::ConnectionBack => m("online-connection-back"),
            E::Trouble(trouble) => self.trouble(ui, trouble),
            E::NoOnlineGame => m("online-no-game"),
            E::NotOnline => m("online-not-online"),
            E::OpponentToMove => m("online-opponent-to-move"),
            E::NothingToClaim => m("online-nothing-to-claim"),
            E::DrawOfferSent => m("online-draw-offer-sent"),
        };
        vec![line]
    }

    /// A message whose one argument is a text.
    fn with_text(&self, ui: Lang, id: &str, (name, text): (&str, &str)) -> String {
        self.message(ui, id, &[(name, s(text))])
    }

    /// A sentence whose `$why` is the file system's refusal in words.
    fn with_reason(&self, ui: Lang, id: &str, why: crate::event::IoReason) -> String {
        self.message(ui, id, &[("why", s(self.io_reason(ui, why)))])
    }

    /// `online logout`, and a word when the environment still holds a
    /// token.
    fn logged_out(&self, ui: Lang, existed: bool, env_token: bool) -> Vec<String> {
        let mut lines = vec![self.with_text(ui, "online-logged-out", ("existed", yes_no(existed)))];
        if env_token {
            lines.push(self.message(ui, "online-logged-out-env", &[]));
        }
        lines
    }

    fn control_refused(&self, ui: Lang, control: Control, limit: ControlLimit) -> String {
        let id = match limit {
            ControlLimit::Seek => "online-control-seek",
            ControlLimit::Challenge => "online-control-challenge",
        };
        let args = [
            ("control", s(control_text(control))),
            ("pace", s(pace_key(control.pace()))),
        ];
        self.message(ui, id, &args)
    }

    fn seeking(&self, ui: Lang, control: Control, rated: bool) -> String {
        self.message(
            ui,
            "online-seeking",
            &[
                ("control", s(control_text(control))),
                ("rated", s(yes_no(rated))),
            ],
        )
    }

    /// A challenge sent to a player, or to lichess's AI (no player).
    fn challenge_sent(
        &self,
        ui: Lang,
        user: Option<&str>,
        level: Option<u8>,
        control: Control,
    ) -> String {
        let control = ("control", s(control_text(control)));
        match user {
            Some(user) => self.message(ui, "online-challenge-sent", &[("user", s(user)), control]),
            None => self.message(
                ui,
                "online-challenge-ai",
                &[("level", n(u32::from(level.unwrap_or(0)))), control],
            ),
        }
    }

    fn declined(&self, ui: Lang, by: &str, reason: Option<&str>) -> String {
        self.message(
            ui,
            "online-challenge-declined",
            &[("by", s(by)), ("reason", s(or_none(reason)))],
        )
    }

    fn game_started(
        &self,
        ui: Lang,
        opponent: &OnlinePlayer,
        color: Color,
        control: Option<Control>,
        rated: bool,
    ) -> String {
        let control = control.map_or_else(|| "none".to_string(), control_text);
        self.message(
            ui,
            "online-game-started",
            &[
                ("opponent", s(self.player(ui, opponent))),
                ("control", s(control)),
                ("rated", s(yes_no(rated))),
                ("color", s(color_key(Some(color)))),
            ],
        )
    }

    /// A move lichess refused: the move in the words of moves (German in
    /// the `fide` style), the reason in the UI language.
    fn move_rejected(&self, p: Phrasing, facts: &MoveFacts, reason: Option<&str>) -> String {
        self.message(
            p.lang,
            "online-move-rejected",
            &[
                ("move", s(self.move_words(p.full(), facts))),
                ("reason", s(or_none(reason))),
            ],
        )
    }

    /// `online`: the account, then a line per game in progress.
    fn account(&self, ui: Lang, username: &str, games: &[OnlineGameLine]) -> Vec<String> {
        let count = u32::try_from(games.len()).unwrap_or(u32::MAX);
        let mut lines = vec![self.message(
            ui,
            "online-account",
            &[("name", s(username.to_string())), ("count", n(count))],
        )];
        lines.extend(
            games
                .iter()
                .map(|game| self.game_line(ui, "online-game-line", game)),
        );
        lines
    }

    fn game_line(&self, ui: Lang, id: &str, game: &OnlineGameLine) -> String {
        self.message(
            ui,
            id,
            &[
                ("opponent", s(self.player(ui, &game.opponent))),
                ("color", s(color_key(game.color))),
                ("turn", s(yes_no(game.my_turn))),
                ("here", s(yes_no(game.here))),
            ],
        )
    }

    fn challenged(&self, ui: Lang, c: &IncomingChallenge) -> String {
        let clock = match (c.control, c.days) {
            (Some(control), _) => control_text(control),
            (None, Some(days)) => self.message(ui, "online-days", &[("days", n(days))]),
            (None, None) => self.message(ui, "online-no-clock", &[]),
        };
        self.message(
            ui,
            if c.unplayable {
                "online-challenged-variant"
            } else {
                "online-challenged"
            },
            &[
                ("from", s(self.player(ui, &c.from))),
                ("control", s(clock)),
                ("rated", s(yes_no(c.rated))),
                ("color", s(color_key(c.color))),
            ],
        )
    }

    /// A player: the name with the rating, or lichess's AI with its
    /// level.
    fn player(&self, ui: Lang, player: &OnlinePlayer) -> String {
        match (player.ai_level, player.rating) {
            (Some(level), _) => self.message(ui, "online-ai", &[("level", n(level))]),
            (None, Some(rating)) => self.message(
                ui,
                "online-player-rated",
                &[("name", s(player.name.clone())), ("rating", n(rating))],
            ),
            (None, None) => player.name.clone(),
        }
    }

    fn trouble(&self, ui: Lang, trouble: &NetTrouble) -> String {
        match trouble {
            NetTrouble::NoToken => self.message(ui, "online-no-token", &[]),
            NetTrouble::NotSecure(url) => {
                self.message(ui, "online-not-secure", &[("url", s(url.clone()))])
            }
            NetTrouble::Offline => self.message(ui, "online-offline", &[]),
            NetTrouble::Unauthorized => self.message(ui, "online-unauthorized", &[]),
            NetTrouble::RateLimited { seconds } => self.message(
                ui,
                "online-rate-limited",
                &[("seconds", n(u32::try_from(*seconds).unwrap_or(60)))],
            ),
            NetTrouble::Status { code, reason } => self.message(
                ui,
                "online-status",
                &[
                    ("code", n(u32::from(*code))),
                    ("reason", s(or_none(reason.as_deref()))),
                ],
            ),
            NetTrouble::BadAnswer => self.message(ui, "online-bad-answer", &[]),
        }
    }
}

/// `15+10`, as lichess writes a clock: minutes (with a fraction under
/// one) and seconds of increment.
fn control_text(control: Control) -> String {
    let minutes = match control.limit % 60 {
        0 => (control.limit / 60).to_string(),
        15 => format!("{}.25", control.limit / 60),
        30 => format!("{}.5", control.limit / 60),
        45 => format!("{}.75", control.limit / 60),
        _ => format!("{:.2}", f64::from(control.limit) / 60.0),
    };
    format!("{minutes}+{}", control.increment)
}

fn pace_key(pace: Pace) -> &'static str {
    match pace {
        Pace::UltraBullet => "ultrabullet",
        Pace::Bullet => "bullet",
        Pace::Blitz => "blitz",
        Pace::Rapid => "rapid",
        Pace::Classical => "classical",
    }
}

fn color_key(color: Option<Color>) -> &'static str {
    match color {
        Some(Color::White) => "white",
        Some(Color::Black) => "black",
        None => "random",
    }
}

/// A text from the server, cleaned, or `none` for the messages to
/// leave out.
fn or_none(text: Option<&str>) -> String {
    match text.map(clean) {
        // The messages end the sentence themselves.
        Some(text) if !text.trim().is_empty() => text.trim().trim_end_matches('.').to_string(),
        _ => "none".to_string(),
    }
}

fn yes_no(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

/// Text from another player, on one line and without control
/// characters, so that it cannot break a Braille line or the terminal.
fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(200)
        .collect()
}

#[cfg(test)]
mod tests {
    use shakmaty::{Chess, Position, Square};

    use super::*;
    use crate::event::Event;
    use crate::settings::Settings;

    #[test]
    fn a_refused_move_is_said_in_the_german_voice_and_the_reason_in_the_ui_language() {
        let pos = Chess::default();
        let mv = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.to() == Square::F3 && m.from() == Some(Square::G1))
            .expect("Nf3");
        let event: Event = OnlineEvent::MoveRejected {
            facts: MoveFacts::of_move(&pos, mv),
            reason: Some("Not your turn.".to_string()),
        }
        .into();
        let announcer = Announcer::new();
        let settings = Settings::default();
        let text = announcer.render(&settings, &event);
        assert_eq!(
            text,
            [
                "lichess refused Springer von Gustav eins nach Felix drei: Not your turn. The move is taken back."
            ]
        );
        let spoken = announcer.spoken(&settings, &event);
        let langs: Vec<(Lang, &str)> = spoken.iter().map(|s| (s.lang, s.text.as_str())).collect();
        assert_eq!(
            langs,
            [
                (Lang::En, "lichess refused"),
                (Lang::De, "Springer von Gustav eins nach Felix drei"),
                (Lang::En, ": Not your turn. The move is taken back."),
            ]
        );
    }

    #[test]
    fn a_chat_line_cannot_break_a_braille_line() {
        let event: Event = OnlineEvent::Chat {
            user: "Mary".to_string(),
            text: "hi\nthere\u{7}".to_string(),
        }
        .into();
        let text = Announcer::new().render(&Settings::default(), &event);
        assert_eq!(text, ["Mary writes: hi there "]);
    }
}
