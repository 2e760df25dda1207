//! What the session asks of lichess and what comes back, as data. The
//! session makes [`NetRequest`]s; the network host (`crate::net`) carries
//! them out on threads of its own and brings back [`NetReply`]s through
//! the loop. Nothing here touches the network: a [`Call`] only knows its
//! method, path and form, so the endpoints are tested against the API
//! description without a server.

use std::fmt::Write as _;

use serde::Deserialize;

use super::values::ChallengeColor;

/// An HTTP method the Board API uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// `GET`.
    Get,
    /// `POST`.
    Post,
}

/// A real-time clock as a seek or challenge asks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Control {
    /// Starting time in seconds.
    pub limit: u32,
    /// Increment per move in seconds.
    pub increment: u32,
}

/// How fast a control is, as lichess sorts it: by the estimated game
/// time `limit + 40 × increment`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Pace {
    /// Under 30 seconds.
    UltraBullet,
    /// Under 3 minutes.
    Bullet,
    /// Under 8 minutes.
    Blitz,
    /// Under 25 minutes.
    Rapid,
    /// 25 minutes or more.
    Classical,
}

impl Control {
    /// The estimated duration of a game in seconds.
    pub fn estimate(self) -> u64 {
        u64::from(self.limit) + 40 * u64::from(self.increment)
    }

    /// How lichess sorts the control.
    pub fn pace(self) -> Pace {
        match self.estimate() {
            0..30 => Pace::UltraBullet,
            30..180 => Pace::Bullet,
            180..480 => Pace::Blitz,
            480..1500 => Pace::Rapid,
            _ => Pace::Classical,
        }
    }

    /// Whether the Board API may play it after a seek: rapid and
    /// classical only.
    pub fn seekable(self) -> bool {
        self.pace() >= Pace::Rapid
    }

    /// Whether the Board API may play it after a direct challenge or
    /// against lichess's AI: blitz too.
    pub fn challengeable(self) -> bool {
        self.pace() >= Pace::Blitz
    }
}

/// One HTTP call to lichess.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Call {
    /// `GET /api/account`: who the token belongs to.
    Account,
    /// `GET /api/account/playing`: the games in progress.
    Playing,
    /// `GET /api/challenge`: challenges to and from the player.
    Challenges,
    /// `POST /api/board/seek`: a real-time seek. The connection stays
    /// open until the seek is taken or expires.
    Seek {
        /// The clock.
        control: Control,
        /// Rated or casual.
        rated: bool,
        /// The side wanted; `None` for either.
        color: Option<ChallengeColor>,
    },
    /// `POST /api/challenge/{username}`.
    Challenge {
        /// Who is challenged.
        user: String,
        /// The clock.
        control: Control,
        /// Rated or casual.
        rated: bool,
        /// The side wanted; `None` for either.
        color: Option<ChallengeColor>,
    },
    /// `POST /api/challenge/ai`: lichess's own engine.
    ChallengeAi {
        /// Its level, 1 to 8.
        level: u8,
        /// The clock.
        control: Control,
        /// The side wanted; `None` for either.
        color: Option<ChallengeColor>,
    },
    /// `POST /api/challenge/{id}/accept`.
    Accept(String),
    /// `POST /api/challenge/{id}/decline`.
    Decline(String),
    /// `POST /api/board/game/{id}/abort`.
    Abort(String),
    /// `POST /api/board/game/{id}/resign`.
    Resign(String),
    /// `POST /api/board/game/{id}/move/{uci}`.
    Move {
        /// The game.
        game: String,
        /// The move in UCI (`e2e4`, `e7e8q`, `e1h1` for castling in 960).
        uci: String,
        /// Whether a draw is offered (or accepted) with it.
        offering_draw: bool,
    },
    /// `POST /api/board/game/{id}/draw/{yes|no}`.
    Draw {
        /// The game.
        game: String,
        /// Offer or accept (`true`), decline (`false`).
        yes: bool,
    },
    /// `POST /api/board/game/{id}/takeback/{yes|no}`.
    Takeback {
        /// The game.
        game: String,
        /// Propose or accept (`true`), decline (`false`).
        yes: bool,
    },
    /// `POST /api/board/game/{id}/claim-victory`: the opponent has gone.
    ClaimVictory(String),
    /// `POST /api/board/game/{id}/claim-draw`: the opponent has gone.
    ClaimDraw(String),
    /// `POST /api/board/game/{id}/chat`, to the player room.
    Chat {
        /// The game.
        game: String,
        /// The line written.
        text: String,
    },
}

impl Call {
    /// The method.
    pub fn method(&self) -> Method {
        match self {
            Call::Account | Call::Playing | Call::Challenges => Method::Get,
            _ => Method::Post,
        }
    }

    /// The path, with every value put into it percent-encoded, and the
    /// query if any (`/api/board/game/abc/move/e2e4?offeringDraw=true`).
    pub fn path(&self) -> String {
        let game = |id: &str, rest: &str| format!("/api/board/game/{}/{rest}", encode(id));
        match self {
            Call::Account => "/api/account".to_string(),
            Call::Playing => "/api/account/playing".to_string(),
            Call::Challenges => "/api/challenge".to_string(),
            Call::Seek { .. } => "/api/board/seek".to_string(),
            Call::Challenge { user, .. } => format!("/api/challenge/{}", encode(user)),
            Call::ChallengeAi { .. } => "/api/challenge/ai".to_string(),
            Call::Accept(id) => format!("/api/challenge/{}/accept", encode(id)),
            Call::Decline(id) => format!("/api/challenge/{}/decline", encode(id)),
            Call::Abort(id) => game(id, "abort"),
            Call::Resign(id) => game(id, "resign"),
            Call::Move {
                game: id,
                uci,
                offering_draw,
            } => {
                let mut path = game(id, &format!("move/{}", encode(uci)));
                if *offering_draw {
                    path.push_str("?offeringDraw=true");
                }
                path
            }
            Call::Draw { game: id, yes } => game(id, if *yes { "draw/yes" } else { "draw/no" }),
            Call::Takeback { game: id, yes } => {
                game(id, if *yes { "takeback/yes" } else { "takeback/no" })
            }
            Call::ClaimVictory(id) => game(id, "claim-victory"),
            Call::ClaimDraw(id) => game(id, "claim-draw"),
            Call::Chat { game: id, .. } => game(id, "chat"),
        }
    }

    /// The form sent with a `POST` (`application/x-www-form-urlencoded`),
    /// as pairs; empty for the calls that send none.
    pub fn form(&self) -> Vec<(&'static str, String)> {
        let clock = |c: &Control, minutes: bool| {
            if minutes {
                // The seek takes minutes, possibly fractional.
                let whole = c.limit / 60;
                let time = match c.limit % 60 {
                    0 => whole.to_string(),
                    30 => format!("{whole}.5"),
                    rest => format!("{:.2}", f64::from(whole) + f64::from(rest) / 60.0),
                };
                vec![("time", time), ("increment", c.increment.to_string())]
            } else {
                vec![
                    ("clock.limit", c.limit.to_string()),
                    ("clock.increment", c.increment.to_string()),
                ]
            }
        };
        let color = |c: &Option<ChallengeColor>| {
            c.iter()
                .map(|c| ("color", c.as_str().to_string()))
                .collect::<Vec<_>>()
        };
        match self {
            Call::Seek {
                control,
                rated,
                color: side,
            } => {
                let mut form = vec![("rated", rated.to_string())];
                form.extend(clock(control, true));
                form.extend(color(side));
                form
            }
            Call::Challenge {
                control,
                rated,
                color: side,
                ..
            } => {
                let mut form = vec![("rated", rated.to_string())];
                form.extend(clock(control, false));
                form.extend(color(side));
                form
            }
            Call::ChallengeAi {
                level,
                control,
                color: side,
            } => {
                let mut form = vec![("level", level.to_string())];
                form.extend(clock(control, false));
                form.extend(color(side));
                form
            }
            Call::Chat { text, .. } => vec![("room", "player".to_string()), ("text", text.clone())],
            _ => Vec::new(),
        }
    }

    /// Whether the call keeps its connection open (a real-time seek),
    /// answered only when the seek is taken or expires.
    pub fn long(&self) -> bool {
        matches!(self, Call::Seek { .. })
    }
}

/// Percent-encodes one path segment or form value: everything but the
/// unreserved characters of RFC 3986.
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(byte));
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}

/// A stream the network host keeps open.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stream {
    /// `GET /api/stream/event`.
    Events,
    /// `GET /api/board/game/stream/{id}`.
    Game(String),
}

impl Stream {
    /// The path.
    pub fn path(&self) -> String {
        match self {
            Stream::Events => "/api/stream/event".to_string(),
            Stream::Game(id) => format!("/api/board/game/stream/{}", encode(id)),
        }
    }
}

/// What the session asks of the network host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetRequest {
    /// One call; its answer comes back as [`NetReply::Done`] with `id`.
    Call {
        /// Tags the answer.
        id: u64,
        /// The call.
        call: Call,
    },
    /// Open a stream (if not open) and keep it open, reconnecting with
    /// backoff when it drops.
    Watch(Stream),
    /// Close a stream and stop reconnecting it.
    Unwatch(Stream),
    /// Close the connection of a long call (a seek), which cancels it.
    Cancel(u64),
}

/// Why a call or a stream failed, as data the announcer can say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No token: neither `LICHESS_TOKEN` nor a token file.
    NoToken,
    /// The base URL is not HTTPS and not a loopback address; nothing was
    /// sent.
    NotSecure(String),
    /// No connection (no network, the name not found, refused, timed
    /// out); the transport's own words, for the log.
    Offline(String),
    /// 401: the token is wrong, revoked or lacks a scope.
    Unauthorized,
    /// 429: too many requests; lichess asks for a full minute's pause.
    RateLimited,
    /// Any other status that is not success, with the server's `error`
    /// text when the body had one.
    Status {
        /// The HTTP status.
        code: u16,
        /// The server's reason.
        reason: Option<String>,
    },
    /// A success whose body could not be read.
    BadBody(String),
}

/// What the network host brings back.
#[derive(Clone, Debug, PartialEq)]
pub enum NetReply {
    /// A call's answer: the body of a success (JSON text, possibly
    /// empty), or why it failed.
    Done {
        /// The request's id.
        id: u64,
        /// The body or the fault.
        outcome: Result<String, Fault>,
    },
    /// A long call (a seek) was taken: the server answered and keeps the
    /// connection open. Its `Done` follows when the seek ends.
    Accepted {
        /// The request's id.
        id: u64,
    },
    /// A line of the event stream.
    Event(Box<super::StreamEvent>),
    /// A line of a game stream.
    Game {
        /// The game.
        game: String,
        /// The line.
        event: super::GameEvent,
    },
    /// A stream is open and has sent its first bytes (events or a
    /// keep-alive): what the server had to say on connecting has been
    /// delivered before this.
    Up(Stream),
    /// A stream dropped or could not be opened; the host tries again
    /// after `retry_in_ms` unless the fault is final (`NoToken`,
    /// `NotSecure`, `Unauthorized`).
    Down {
        /// Which.
        stream: Stream,
        /// Why.
        fault: Fault,
        /// When the next attempt is made, if any.
        retry_in_ms: Option<u64>,
    },
    /// A game stream the server closed at the end of its game; not
    /// reopened.
    Ended(Stream),
    /// A line that could not be read, skipped; the stream goes on.
    BadLine {
        /// Which stream.
        stream: Stream,
        /// What was wrong.
        error: super::ParseError,
    },
}

/// `GET /api/account`, the part the client needs.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Account {
    /// The user id (lower case).
    pub id: String,
    /// The name as written.
    pub username: String,
}

/// `GET /api/account/playing`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Playing {
    /// The games in progress.
    #[serde(default)]
    pub now_playing: Vec<super::GameInfo>,
}

/// `GET /api/challenge`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ChallengeList {
    /// Challenges to the player.
    #[serde(default, rename = "in")]
    pub incoming: Vec<super::Challenge>,
    /// Challenges the player made.
    #[serde(default, rename = "out")]
    pub outgoing: Vec<super::Challenge>,
}

/// The body of a failed call: lichess's `{"error": "..."}`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ErrorBody {
    /// The reason.
    pub error: String,
}

/// The server's reason in a failed call's body, if it has one.
pub fn error_reason(body: &str) -> Option<String> {
    let reason = serde_json::from_str::<ErrorBody>(body).ok()?.error;
    let reason = reason.trim();
    (!reason.is_empty()).then(|| reason.chars().take(200).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paces_follow_lichess() {
        let c = |limit, increment| Control { limit, increment };
        assert_eq!(c(15, 0).pace(), Pace::UltraBullet);
        assert_eq!(c(60, 1).pace(), Pace::Bullet);
        assert_eq!(c(180, 0).pace(), Pace::Blitz);
        assert_eq!(c(300, 3).pace(), Pace::Blitz);
        assert_eq!(c(600, 0).pace(), Pace::Rapid);
        assert_eq!(c(900, 10).pace(), Pace::Rapid);
        assert_eq!(c(1800, 0).pace(), Pace::Classical);
        assert!(!c(300, 3).seekable());
        assert!(c(300, 3).challengeable());
        assert!(c(600, 0).seekable());
        assert!(!c(60, 1).challengeable());
    }

    #[test]
    fn paths_and_forms() {
        let mv = Call::Move {
            game: "abc12345".into(),
            uci: "e7e8q".into(),
            offering_draw: true,
        };
        assert_eq!(
            mv.path(),
            "/api/board/game/abc12345/move/e7e8q?offeringDraw=true"
        );
        assert_eq!(mv.method(), Method::Post);
        let seek = Call::Seek {
            control: Control {
                limit: 90,
                increment: 10,
            },
            rated: false,
            color: None,
        };
        assert_eq!(
            seek.form(),
            vec![
                ("rated", "false".to_string()),
                ("time", "1.5".to_string()),
                ("increment", "10".to_string())
            ]
        );
        let user = Call::Challenge {
            user: "a b/c".into(),
            control: Control {
                limit: 600,
                increment: 5,
            },
            rated: true,
            color: None,
        };
        assert_eq!(user.path(), "/api/challenge/a%20b%2Fc");
        assert_eq!(Call::Account.method(), Method::Get);
    }

    #[test]
    fn the_error_text_is_read_from_the_body() {
        assert_eq!(
            error_reason(r#"{"error":"Not your turn, or game already over"}"#).as_deref(),
            Some("Not your turn, or game already over")
        );
        assert_eq!(error_reason("<html>"), None);
    }
}
