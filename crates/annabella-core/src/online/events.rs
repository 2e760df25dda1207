//! The events of the two streams: [`StreamEvent`] for the event stream
//! and [`GameEvent`] for the game stream, each told apart by its `type`.

use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::challenge::{Challenge, Compat, DeclinedChallenge};
use super::ndjson::ParseError;
use super::values::{ChatRoom, Color, GameStatus, Speed, VariantKey};

/// One event of the event stream (`GET /api/stream/event`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StreamEvent {
    /// `gameStart`: a game of the player's began (or is running when the
    /// stream opens).
    GameStart(GameInfo),
    /// `gameFinish`: a game of the player's ended.
    GameFinish(GameInfo),
    /// `challenge`: a challenge to or by the player.
    Challenge {
        /// The challenge.
        challenge: Challenge,
        /// Which APIs could play it.
        compat: Option<Compat>,
    },
    /// `challengeCanceled`: the challenger withdrew a challenge.
    ChallengeCanceled(Challenge),
    /// `challengeDeclined`: the opponent declined the player's challenge.
    ChallengeDeclined(DeclinedChallenge),
    /// An event of a `type` this version does not know, by that type, so
    /// that the stream goes on.
    Unknown(String),
}

/// One event of the game stream (`GET /api/board/game/stream/{gameId}`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEvent {
    /// `gameFull`: the whole game, always the first line. Boxed because it
    /// is many times the size of the events that follow it.
    GameFull(Box<GameFull>),
    /// `gameState`: the moves and clocks after a move, an offer or the end.
    GameState(GameState),
    /// `chatLine`: a chat message.
    ChatLine(ChatLine),
    /// `opponentGone`: the opponent left or came back.
    OpponentGone(OpponentGone),
    /// An event of a `type` this version does not know, by that type.
    Unknown(String),
}

/// A game as the event stream describes it (`GameEventInfo`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameInfo {
    /// The game id, for the game stream and the moves.
    pub game_id: String,
    /// The game id with the player's secret suffix.
    pub full_id: String,
    /// The player's colour.
    #[serde(default)]
    pub color: Option<Color>,
    /// The current position.
    #[serde(default)]
    pub fen: Option<String>,
    /// The last move in UCI; empty before the first move.
    #[serde(default)]
    pub last_move: Option<String>,
    /// Where the game stands (`status.name`).
    #[serde(default, deserialize_with = "status_name")]
    pub status: Option<GameStatus>,
    /// The variant (`variant.key`).
    #[serde(default, deserialize_with = "optional_variant_key")]
    pub variant: Option<VariantKey>,
    /// The speed class.
    #[serde(default)]
    pub speed: Option<Speed>,
    /// Whether the game is rated.
    #[serde(default)]
    pub rated: Option<bool>,
    /// Whether the player has moved yet.
    #[serde(default)]
    pub has_moved: Option<bool>,
    /// The opponent.
    #[serde(default)]
    pub opponent: Option<Opponent>,
    /// Whether it is the player's move.
    #[serde(default)]
    pub is_my_turn: Option<bool>,
    /// Seconds left on the player's clock.
    #[serde(default)]
    pub seconds_left: Option<u64>,
    /// The winner of a finished game; none for a draw.
    #[serde(default)]
    pub winner: Option<Color>,
    /// The player's rating change, once finished.
    #[serde(default)]
    pub rating_diff: Option<i32>,
    /// Which APIs can play the game.
    #[serde(default)]
    pub compat: Option<Compat>,
}

/// The opponent named by the event stream (`GameEventOpponent`): a player
/// or the Lichess AI.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Opponent {
    /// The user id; none for the AI.
    #[serde(default)]
    pub id: Option<String>,
    /// The user name, or the AI's name with its level.
    pub username: String,
    /// The rating of a player.
    #[serde(default)]
    pub rating: Option<u32>,
    /// The rating change of a finished game.
    #[serde(default)]
    pub rating_diff: Option<i32>,
    /// The AI level, 1 to 8.
    #[serde(default)]
    pub ai: Option<u32>,
}

/// The whole game, first line of the game stream (`GameFullEvent`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameFull {
    /// The game id.
    pub id: String,
    /// The variant (`variant.key`).
    #[serde(deserialize_with = "variant_key")]
    pub variant: VariantKey,
    /// The clock in milliseconds; none for correspondence and unlimited.
    #[serde(default)]
    pub clock: Option<Clock>,
    /// The speed class.
    pub speed: Speed,
    /// Whether the game is rated.
    pub rated: bool,
    /// The white player.
    pub white: GamePlayer,
    /// The black player.
    pub black: GamePlayer,
    /// The start position.
    #[serde(default)]
    pub initial_fen: InitialFen,
    /// The state when the stream opened.
    pub state: GameState,
    /// Days per move, for correspondence.
    #[serde(default)]
    pub days_per_turn: Option<u32>,
    /// The tournament the game belongs to.
    #[serde(default)]
    pub tournament_id: Option<String>,
}

/// A player of the game stream (`GameEventPlayer`). The spec requires `id`
/// and `name`, but the Lichess AI comes with its level only, so both are
/// optional here.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GamePlayer {
    /// The AI level, when the AI plays this side.
    #[serde(default)]
    pub ai_level: Option<u32>,
    /// The user id.
    #[serde(default)]
    pub id: Option<String>,
    /// The user name as written.
    #[serde(default)]
    pub name: Option<String>,
    /// The title (GM, BOT, …); none when untitled.
    #[serde(default)]
    pub title: Option<String>,
    /// The rating.
    #[serde(default)]
    pub rating: Option<u32>,
    /// Whether the rating is still provisional.
    #[serde(default)]
    pub provisional: bool,
}

/// The clock of a game, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct Clock {
    /// Starting time in milliseconds.
    pub initial: u64,
    /// Increment per move in milliseconds.
    pub increment: u64,
}

/// The start position of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum InitialFen {
    /// The standard start position (`startpos`, the default).
    #[default]
    StartPos,
    /// A position as FEN, not checked here.
    Fen(String),
}

impl<'de> Deserialize<'de> for InitialFen {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Ok(if text == "startpos" {
            InitialFen::StartPos
        } else {
            InitialFen::Fen(text)
        })
    }
}

/// The state of a game (`GameStateEvent`): moves, clocks, offers, result.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameState {
    /// Every move from the start position in UCI, separated by spaces
    /// (castling as king to rook square in Chess960).
    pub moves: String,
    /// White's time left in milliseconds.
    pub wtime: u64,
    /// Black's time left in milliseconds.
    pub btime: u64,
    /// White's increment in milliseconds.
    pub winc: u64,
    /// Black's increment in milliseconds.
    pub binc: u64,
    /// Where the game stands.
    pub status: GameStatus,
    /// The winner, once decided.
    #[serde(default)]
    pub winner: Option<Color>,
    /// White offers a draw (the server leaves the field out otherwise).
    #[serde(default)]
    pub wdraw: bool,
    /// Black offers a draw.
    #[serde(default)]
    pub bdraw: bool,
    /// White proposes a takeback.
    #[serde(default)]
    pub wtakeback: bool,
    /// Black proposes a takeback.
    #[serde(default)]
    pub btakeback: bool,
    /// The time left to make the first move before the game is aborted.
    #[serde(default)]
    pub expiration: Option<Expiration>,
}

impl GameState {
    /// The moves one by one, in UCI.
    pub fn move_list(&self) -> impl Iterator<Item = &str> {
        self.moves.split_ascii_whitespace()
    }
}

/// How long a player has for the first move before the game is aborted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Expiration {
    /// Milliseconds since the last move or the start.
    pub idle_millis: u64,
    /// Milliseconds each player has for the first move.
    pub millis_to_move: u64,
}

/// A chat message (`ChatLineEvent`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ChatLine {
    /// The room it was written in.
    pub room: ChatRoom,
    /// Who wrote it.
    pub username: String,
    /// The message.
    pub text: String,
}

/// The opponent left the game or came back (`OpponentGoneEvent`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpponentGone {
    /// Whether the opponent is gone.
    pub gone: bool,
    /// Seconds until the player may claim the win.
    #[serde(default)]
    pub claim_win_in_seconds: Option<u32>,
}

/// `{ "key": … }`, the part of `Variant` the client needs.
#[derive(Deserialize)]
struct VariantRef {
    key: VariantKey,
}

/// `{ "name": … }`, the part of `GameStatus` the client needs (the id
/// says the same as a number).
#[derive(Deserialize)]
struct StatusRef {
    name: GameStatus,
}

pub(super) fn variant_key<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<VariantKey, D::Error> {
    Ok(VariantRef::deserialize(deserializer)?.key)
}

fn optional_variant_key<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<VariantKey>, D::Error> {
    Ok(Option::<VariantRef>::deserialize(deserializer)?.map(|variant| variant.key))
}

fn status_name<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<GameStatus>, D::Error> {
    Ok(Option::<StatusRef>::deserialize(deserializer)?.map(|status| status.name))
}

#[derive(Deserialize)]
struct GameWrap {
    game: GameInfo,
}

#[derive(Deserialize)]
struct ChallengeWrap {
    challenge: Challenge,
    #[serde(default)]
    compat: Option<Compat>,
}

#[derive(Deserialize)]
struct DeclinedWrap {
    challenge: DeclinedChallenge,
}

/// The `type` of an event object, taken out before the rest is read.
fn event_type(value: &Value) -> Result<String, ParseError> {
    let Value::Object(map) = value else {
        return Err(ParseError::NotAnObject);
    };
    match map.get("type") {
        Some(Value::String(kind)) => Ok(kind.clone()),
        _ => Err(ParseError::MissingType),
    }
}

/// Reads the object as `T`, naming the event type if its fields are wrong.
fn body<T: DeserializeOwned>(kind: &str, value: Value) -> Result<T, ParseError> {
    serde_json::from_value(value).map_err(|error| ParseError::InvalidEvent {
        kind: kind.to_owned(),
        detail: error.to_string(),
    })
}

impl StreamEvent {
    /// The event in a parsed JSON value.
    pub fn from_value(value: Value) -> Result<Self, ParseError> {
        let kind = event_type(&value)?;
        Ok(match kind.as_str() {
            "gameStart" => StreamEvent::GameStart(body::<GameWrap>(&kind, value)?.game),
            "gameFinish" => StreamEvent::GameFinish(body::<GameWrap>(&kind, value)?.game),
            "challenge" => {
                let wrap: ChallengeWrap = body(&kind, value)?;
                StreamEvent::Challenge {
                    challenge: wrap.challenge,
                    compat: wrap.compat,
                }
            }
            "challengeCanceled" => {
                StreamEvent::ChallengeCanceled(body::<ChallengeWrap>(&kind, value)?.challenge)
            }
            "challengeDeclined" => {
                StreamEvent::ChallengeDeclined(body::<DeclinedWrap>(&kind, value)?.challenge)
            }
            _ => StreamEvent::Unknown(kind),
        })
    }
}

impl GameEvent {
    /// The event in a parsed JSON value.
    pub fn from_value(value: Value) -> Result<Self, ParseError> {
        let kind = event_type(&value)?;
        Ok(match kind.as_str() {
            "gameFull" => GameEvent::GameFull(Box::new(body(&kind, value)?)),
            "gameState" => GameEvent::GameState(body(&kind, value)?),
            "chatLine" => GameEvent::ChatLine(body(&kind, value)?),
            "opponentGone" => GameEvent::OpponentGone(body(&kind, value)?),
            _ => GameEvent::Unknown(kind),
        })
    }
}

impl<'de> Deserialize<'de> for StreamEvent {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        StreamEvent::from_value(value).map_err(|error| D::Error::custom(format!("{error:?}")))
    }
}

impl<'de> Deserialize<'de> for GameEvent {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        GameEvent::from_value(value).map_err(|error| D::Error::custom(format!("{error:?}")))
    }
}
