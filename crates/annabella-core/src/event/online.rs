//! The online family: the lichess account, seeks and challenges, games
//! played there, and what the network did.

use shakmaty::Color;

use crate::online::Control;
use crate::rules::MoveFacts;

use super::IoReason;

/// Who the opponent on lichess is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlinePlayer {
    /// The name (or `lichess AI level N`'s level).
    pub name: String,
    /// The rating, if the server gave one.
    pub rating: Option<u32>,
    /// The level of lichess's AI, when the opponent is it.
    pub ai_level: Option<u32>,
}

/// A game in progress on lichess, as `online` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlineGameLine {
    /// The opponent.
    pub opponent: OnlinePlayer,
    /// The side the player has.
    pub color: Option<Color>,
    /// Whether it is the player's move.
    pub my_turn: bool,
    /// Whether it is the game played here now.
    pub here: bool,
}

/// A challenge to the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IncomingChallenge {
    /// Who challenges.
    pub from: OnlinePlayer,
    /// The clock, if real-time.
    pub control: Option<Control>,
    /// Days per move, for correspondence.
    pub days: Option<u32>,
    /// Rated or casual.
    pub rated: bool,
    /// The side the player would have; `None` for a random one.
    pub color: Option<Color>,
    /// Whether the game is a variant this client does not play (it can
    /// only be declined).
    pub unplayable: bool,
}

/// Why a time control cannot be asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ControlLimit {
    /// A seek needs rapid or classical: an estimate of 8 minutes.
    Seek,
    /// A challenge needs at least blitz: an estimate of 3 minutes.
    Challenge,
}

/// Why something sent to lichess failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetTrouble {
    /// No token yet.
    NoToken,
    /// The address is not HTTPS (and not this computer).
    NotSecure(String),
    /// lichess cannot be reached.
    Offline,
    /// The token is wrong, revoked or lacks a scope.
    Unauthorized,
    /// Too many requests: a minute's pause, `seconds` of it left.
    RateLimited {
        /// Seconds of the pause left.
        seconds: u64,
    },
    /// Another error status, with the server's reason.
    Status {
        /// The HTTP status.
        code: u16,
        /// The server's reason, if it gave one.
        reason: Option<String>,
    },
    /// The answer could not be read.
    BadAnswer,
}

/// What the online room says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineEvent {
    /// Logged in: the account's name.
    LoggedIn(String),
    /// `online`: the account and the games in progress.
    Account {
        /// The name.
        username: String,
        /// The games in progress.
        games: Vec<OnlineGameLine>,
    },
    /// `online` without a token.
    NotLoggedIn,
    /// `online login`: the token is asked for (not shown as it is typed).
    TokenWanted,
    /// The token was kept (in the token file, readable by the user only).
    TokenSaved,
    /// What was typed is not a token.
    NotAToken,
    /// The token file could not be written, and why.
    TokenNotSaved(IoReason),
    /// The token file could not be read at start; why (never its
    /// content).
    TokenUnreadable(IoReason),
    /// At start: `LICHESS_TOKEN` (`env`) or the token file holds no
    /// token.
    TokenInvalid {
        /// It is the environment's.
        env: bool,
    },
    /// `online logout`: the token file was deleted (or there was none).
    LoggedOut {
        /// Whether a file was there.
        existed: bool,
        /// Whether `LICHESS_TOKEN` still gives a token.
        env_token: bool,
    },
    /// The token file could not be deleted, and why.
    LogoutFailed(IoReason),
    /// A time control was refused before anything was sent.
    ControlRefused {
        /// The control asked for.
        control: Control,
        /// What it must reach.
        limit: ControlLimit,
    },
    /// A seek is out.
    Seeking {
        /// The clock.
        control: Control,
        /// Rated or casual.
        rated: bool,
    },
    /// The seek ended without a game.
    SeekEnded,
    /// `abort` with a seek out: it is cancelled.
    SeekCancelled,
    /// A challenge was sent.
    ChallengeSent {
        /// To whom (`None`: lichess's AI).
        user: Option<String>,
        /// The AI's level.
        level: Option<u8>,
        /// The clock.
        control: Control,
    },
    /// A challenge to the player arrived.
    Challenged(IncomingChallenge),
    /// The challenger took a challenge back.
    ChallengeCanceled(String),
    /// A challenge of the player was declined, with lichess's reason.
    ChallengeDeclined {
        /// Who declined.
        by: String,
        /// The reason in lichess's words.
        reason: Option<String>,
    },
    /// A challenge was declined by the player.
    DeclinedByYou(String),
    /// A game on lichess began (or was joined): the opponent, the
    /// player's side and the clock.
    GameStarted {
        /// The opponent.
        opponent: OnlinePlayer,
        /// The player's side.
        color: Color,
        /// The clock, if real-time.
        control: Option<Control>,
        /// Rated or casual.
        rated: bool,
    },
    /// At start: a game is in progress on lichess; join it?
    GameWaiting(OnlineGameLine),
    /// The game was aborted (lichess keeps no aborted game).
    Aborted,
    /// The server refused a move: it is taken back here, with the
    /// server's reason.
    MoveRejected {
        /// The move.
        facts: MoveFacts,
        /// The server's reason.
        reason: Option<String>,
    },
    /// The opponent proposes a takeback.
    TakebackOffered,
    /// The player's takeback proposal went out.
    TakebackProposed,
    /// A takeback proposal was declined.
    TakebackDeclined,
    /// The opponent left; the win can be claimed in `seconds`.
    OpponentGone {
        /// Seconds until a claim is allowed (0: now).
        seconds: Option<u32>,
    },
    /// The opponent is back.
    OpponentBack,
    /// A chat line from the game's chat.
    Chat {
        /// Who wrote.
        user: String,
        /// What.
        text: String,
    },
    /// The player's chat line went out.
    ChatSent,
    /// The connection dropped; it is tried again.
    ConnectionLost,
    /// The connection is back.
    ConnectionBack,
    /// Something sent failed.
    Trouble(NetTrouble),
    /// The command needs a game on lichess.
    NoOnlineGame,
    /// The command is not possible in an online game (`new`, `undo` …
    /// are mapped; these are not).
    NotOnline,
    /// It is the opponent's move on lichess.
    OpponentToMove,
    /// `claim` when the opponent has not gone.
    NothingToClaim,
    /// A draw offer went out to lichess.
    DrawOfferSent,
}
