//! Challenges as the event stream carries them (`ChallengeJson`).

use serde::Deserialize;

use super::values::{
    ChallengeColor, ChallengeDirection, ChallengeStatus, Color, DeclineReason, Speed, VariantKey,
};

/// A challenge sent to or by the player.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Challenge {
    /// The challenge id, which becomes the game id when accepted.
    pub id: String,
    /// The challenge page.
    #[serde(default)]
    pub url: Option<String>,
    /// Where the challenge stands.
    #[serde(default)]
    pub status: Option<ChallengeStatus>,
    /// Who challenges; none for an open challenge.
    #[serde(default)]
    pub challenger: Option<ChallengeUser>,
    /// Who is challenged; none for an open challenge.
    #[serde(default)]
    pub dest_user: Option<ChallengeUser>,
    /// The variant.
    #[serde(deserialize_with = "super::events::variant_key")]
    pub variant: VariantKey,
    /// Whether the game would be rated.
    pub rated: bool,
    /// The speed class.
    pub speed: Speed,
    /// The time control.
    pub time_control: TimeControl,
    /// The colour the challenger asked for.
    pub color: ChallengeColor,
    /// The colour the challenger gets, once drawn.
    #[serde(default)]
    pub final_color: Option<Color>,
    /// Whether it was sent to or by the player.
    #[serde(default)]
    pub direction: Option<ChallengeDirection>,
    /// The start position as FEN, for a game from a position.
    #[serde(default)]
    pub initial_fen: Option<String>,
    /// The game this challenge offers a rematch of.
    #[serde(default)]
    pub rematch_of: Option<String>,
}

/// A declined challenge with the reason given.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeclinedChallenge {
    /// The challenge.
    #[serde(flatten)]
    pub challenge: Challenge,
    /// The reason, translated for the decliner: kept for a log, never
    /// shown, since the client speaks its own words.
    #[serde(default)]
    pub decline_reason: Option<String>,
    /// The reason as a key the client can put into its own words. The
    /// spec requires it, but older servers sent only the text.
    #[serde(default)]
    pub decline_reason_key: Option<DeclineReason>,
}

/// A player named in a challenge.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChallengeUser {
    /// The user id (lower case).
    pub id: String,
    /// The user name as written.
    pub name: String,
    /// The rating in the challenge's speed.
    #[serde(default)]
    pub rating: Option<u32>,
    /// The title (GM, BOT, …).
    #[serde(default)]
    pub title: Option<String>,
    /// Whether the rating is still provisional.
    #[serde(default)]
    pub provisional: bool,
    /// Whether the player is online.
    #[serde(default)]
    pub online: Option<bool>,
}

/// The time control of a challenge; `limit` and `increment` in seconds,
/// unlike the game clock, which is in milliseconds.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum TimeControl {
    /// A real-time clock.
    Clock {
        /// The starting time in seconds.
        #[serde(default)]
        limit: Option<u32>,
        /// The increment per move in seconds.
        #[serde(default)]
        increment: Option<u32>,
        /// The short form, such as `5+2`.
        #[serde(default)]
        show: Option<String>,
    },
    /// Correspondence: days per move.
    #[serde(rename_all = "camelCase")]
    Correspondence {
        /// Days to make each move.
        #[serde(default)]
        days_per_turn: Option<u32>,
    },
    /// No clock.
    Unlimited,
    /// A kind of time control this version does not know.
    #[serde(other)]
    Unknown,
}

/// Which APIs can play a game or challenge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Compat {
    /// Playable through the Bot API.
    #[serde(default)]
    pub bot: Option<bool>,
    /// Playable through the Board API, which this client uses.
    #[serde(default)]
    pub board: Option<bool>,
}
