//! Online play through the Lichess Board API, as data: the events of the
//! two NDJSON streams a board client reads, the reader that cuts a byte
//! stream into lines and parses them, the calls, requests and replies
//! that pass between the session and the network host (`crate::net`),
//! with the endpoints' methods, paths and forms, and the [`Client`]: the
//! client's state machine, which makes the requests, keeps what is in
//! flight, and reads each reply (its JSON body too) as [`News`] for the
//! session to say and play.
//!
//! The event stream (`GET /api/stream/event`) gives [`StreamEvent`]s:
//! games starting and finishing, challenges arriving, cancelled and
//! declined. The game stream (`GET /api/board/game/stream/{gameId}`)
//! gives [`GameEvent`]s: the full game first, then its state after each
//! move, chat lines and the opponent leaving or coming back.
//!
//! Nothing here touches the network, reads the time or holds words:
//! bytes arrive from whatever transport the caller has, are fed to a
//! [`Lines`] reader, and come back as events or [`ParseError`]s; the
//! client is told the time with what happens to it. A field or a `type`
//! the server adds later is ignored or kept as `Unknown`, so that a
//! change on the server side never stops a game in progress.

mod base;
mod challenge;
mod client;
mod events;
mod ndjson;
mod net;
mod values;

pub use base::base_is_safe;
pub use challenge::{Challenge, ChallengeUser, Compat, DeclinedChallenge, TimeControl};
pub use client::{Blocked, Client, GameLink, News, RATE_PAUSE};
pub use events::{
    ChatLine, Clock, Expiration, GameEvent, GameFull, GameInfo, GamePlayer, GameState, InitialFen,
    Opponent, OpponentGone, StreamEvent,
};
pub use ndjson::{DEFAULT_LIMIT, EventLines, FromLine, GameLines, JsonCategory, Lines, ParseError};
pub use net::{
    Account, Call, ChallengeList, Control, ErrorBody, Fault, Method, NetReply, NetRequest, Pace,
    Playing, Stream, encode, error_reason,
};
pub use values::{
    ChallengeColor, ChallengeDirection, ChallengeStatus, ChatRoom, Color, DeclineReason,
    GameStatus, Speed, VariantKey,
};
