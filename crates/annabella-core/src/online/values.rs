//! The string values Lichess sends from a fixed list (statuses, speeds,
//! variants, colours). Each list may grow on the server, so every one
//! but the colour of a side keeps a value it does not know in `Unknown`
//! instead of failing the whole line.

use serde::{Deserialize, Deserializer};

/// An enum of the values Lichess spells as strings, with `Unknown`
/// holding any other string, and its `Deserialize` by that spelling.
macro_rules! open_enum {
    (
        $(#[$meta:meta])*
        $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )*
            /// A value this version does not know, as it was sent.
            Unknown(String),
        }

        impl $name {
            /// The value as Lichess spells it.
            pub fn as_str(&self) -> &str {
                match self {
                    $( Self::$variant => $text, )*
                    Self::Unknown(text) => text,
                }
            }

            /// The value Lichess spells `text`; any other spelling is
            /// kept in `Unknown`.
            pub fn from_api(text: &str) -> Self {
                match text {
                    $( $text => Self::$variant, )*
                    other => Self::Unknown(other.to_owned()),
                }
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = String::deserialize(deserializer)?;
                Ok(Self::from_api(&text))
            }
        }
    };
}

/// The colour of a side. Unlike the other values this one cannot grow,
/// so anything but `white` or `black` is an error in the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// White.
    White,
    /// Black.
    Black,
}

impl From<Color> for shakmaty::Color {
    fn from(color: Color) -> shakmaty::Color {
        match color {
            Color::White => shakmaty::Color::White,
            Color::Black => shakmaty::Color::Black,
        }
    }
}

open_enum! {
    /// Where a game stands (`GameStatusName` in the API): still to start,
    /// running, or how it ended.
    GameStatus {
        /// Created, no move played yet.
        Created = "created",
        /// Running.
        Started = "started",
        /// Aborted before it properly began.
        Aborted = "aborted",
        /// Checkmate.
        Mate = "mate",
        /// A player resigned.
        Resign = "resign",
        /// Stalemate.
        Stalemate = "stalemate",
        /// A player left and the other claimed the win.
        Timeout = "timeout",
        /// Drawn (agreed, claimed or by rule).
        Draw = "draw",
        /// A flag fell.
        OutOfTime = "outoftime",
        /// Ended by the server for cheating.
        Cheat = "cheat",
        /// A player did not make the first move in time.
        NoStart = "noStart",
        /// Ended for a reason the server does not record.
        UnknownFinish = "unknownFinish",
        /// Drawn by a claim of insufficient material.
        InsufficientMaterialClaim = "insufficientMaterialClaim",
        /// Ended by a rule of the variant.
        VariantEnd = "variantEnd",
    }
}

open_enum! {
    /// The speed class of a game or challenge.
    Speed {
        /// Ultrabullet.
        UltraBullet = "ultraBullet",
        /// Bullet.
        Bullet = "bullet",
        /// Blitz.
        Blitz = "blitz",
        /// Rapid.
        Rapid = "rapid",
        /// Classical.
        Classical = "classical",
        /// Correspondence (days per move).
        Correspondence = "correspondence",
    }
}

open_enum! {
    /// The variant of a game or challenge (`key` of `Variant`).
    VariantKey {
        /// Standard chess.
        Standard = "standard",
        /// Chess960.
        Chess960 = "chess960",
        /// Crazyhouse.
        Crazyhouse = "crazyhouse",
        /// Antichess.
        Antichess = "antichess",
        /// Atomic.
        Atomic = "atomic",
        /// Horde.
        Horde = "horde",
        /// King of the hill.
        KingOfTheHill = "kingOfTheHill",
        /// Racing kings.
        RacingKings = "racingKings",
        /// Three-check.
        ThreeCheck = "threeCheck",
        /// Standard rules from a given position.
        FromPosition = "fromPosition",
    }
}

open_enum! {
    /// The colour a challenger asks for.
    ChallengeColor {
        /// White.
        White = "white",
        /// Black.
        Black = "black",
        /// Chosen at random when the game starts.
        Random = "random",
    }
}

open_enum! {
    /// Where a challenge stands.
    ChallengeStatus {
        /// Open, waiting for an answer.
        Created = "created",
        /// The challenged player is offline.
        Offline = "offline",
        /// Withdrawn by the challenger.
        Canceled = "canceled",
        /// Declined.
        Declined = "declined",
        /// Accepted: a game follows.
        Accepted = "accepted",
    }
}

open_enum! {
    /// The chat room of a chat line.
    ChatRoom {
        /// The players' chat.
        Player = "player",
        /// The spectators' chat.
        Spectator = "spectator",
    }
}

open_enum! {
    /// Why a challenge was declined (`declineReasonKey`), untranslated.
    DeclineReason {
        /// No reason given.
        Generic = "generic",
        /// Not now.
        Later = "later",
        /// The time control is too fast.
        TooFast = "toofast",
        /// The time control is too slow.
        TooSlow = "tooslow",
        /// The time control is not accepted.
        TimeControl = "timecontrol",
        /// Only casual games wanted.
        Rated = "rated",
        /// Only rated games wanted.
        Casual = "casual",
        /// Only standard chess wanted.
        Standard = "standard",
        /// This variant is not wanted.
        Variant = "variant",
        /// No games against bots.
        NoBot = "nobot",
        /// Only games against bots.
        OnlyBot = "onlybot",
    }
}

open_enum! {
    /// Whether a challenge was sent to the player or by them.
    ChallengeDirection {
        /// Sent to the player.
        In = "in",
        /// Sent by the player.
        Out = "out",
    }
}
