//! The words of the lichess commands: `online [login|logout]`, `seek
//! CONTROL [rated|casual] [side]`, `challenge USER|ai LEVEL CONTROL …`
//! and `claim [draw]`.

use super::{Argument, bad, missing, parse_color_choice};
use crate::input::commands::{Arg, Command};
use crate::input::vocab::fold;
use crate::input::{CommandError, Part, Words};
use crate::online::{ChallengeColor, Control};
use crate::settings::ColorChoice;

/// What `online` is asked to do.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OnlineOrder {
    /// `online` alone: who is logged in and the games in progress.
    Show,
    /// `online login`: the token is asked for.
    Login,
    /// `online logout`: the token is forgotten.
    Logout,
}

/// The clock and options of a seek or challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    /// The clock.
    pub control: Control,
    /// Whether the game is rated.
    pub rated: bool,
    /// The side wanted, if one is named.
    pub color: Option<ChallengeColor>,
}

/// Whom `challenge` challenges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Whom {
    /// A player, by user name.
    User(String),
    /// lichess's AI at a level from 1 to 8.
    Ai(u8),
}

/// What `challenge` asks for: whom, on which terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeOrder {
    /// The one challenged.
    pub whom: Whom,
    /// The clock and options.
    pub terms: Terms,
}

/// What `claim` claims when the opponent has left the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClaimFor {
    /// The win (`claim`).
    Win,
    /// A draw (`claim draw`).
    Draw,
}

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

/// `online`, `online login`, `online logout`.
impl Argument for OnlineOrder {
    const ARG: Arg = Arg::Text;

    fn read(command: Command, words: &[&str]) -> Result<OnlineOrder, CommandError> {
        let text = words.join(" ");
        let word = fold(&text);
        if LOGIN.contains_folded(&word) {
            return Ok(OnlineOrder::Login);
        }
        if LOGOUT.contains_folded(&word) {
            return Ok(OnlineOrder::Logout);
        }
        if !word.is_empty() {
            return Err(bad(command, &text));
        }
        Ok(OnlineOrder::Show)
    }
}

/// `seek 15+10 [rated] [white|black]`.
impl Argument for Terms {
    const ARG: Arg = Arg::Text;

    fn read(command: Command, words: &[&str]) -> Result<Terms, CommandError> {
        read_terms(words, false).ok_or_else(|| {
            if lacks_clock(words) {
                missing(command)
            } else {
                bad(command, &words.join(" "))
            }
        })
    }
}

/// `challenge USER 10+5 [rated] [side]`, `challenge ai LEVEL 10+5
/// [side]`.
impl Argument for ChallengeOrder {
    const ARG: Arg = Arg::Text;

    fn read(command: Command, words: &[&str]) -> Result<ChallengeOrder, CommandError> {
        let bad_all = || bad(command, &words.join(" "));
        let Some((&who, rest)) = words.split_first() else {
            return Err(bad_all());
        };
        let ai = AI.contains_folded(&fold(who));
        let lacking = |part| CommandError::MissingPart { command, part };
        let (whom, rest) = if ai {
            match rest.split_first() {
                Some((level, rest)) => match level.parse::<u8>() {
                    Ok(level @ 1..=8) => (Whom::Ai(level), rest),
                    _ => return Err(bad_all()),
                },
                None => return Err(lacking(Part::AiLevel)),
            }
        } else {
            (Whom::User(who.to_string()), rest)
        };
        let terms = match read_terms(rest, ai) {
            Some(terms) => terms,
            None if lacks_clock(rest) && (ai || valid_username(who)) => {
                return Err(lacking(Part::Clock));
            }
            None => return Err(bad_all()),
        };
        if !ai && !valid_username(who) {
            return Err(bad(command, who));
        }
        Ok(ChallengeOrder { whom, terms })
    }
}

/// `claim`, `claim draw`.
impl Argument for ClaimFor {
    const ARG: Arg = Arg::Text;

    fn read(_: Command, words: &[&str]) -> Result<ClaimFor, CommandError> {
        Ok(match Command::from_word(&words.join(" ")) {
            Some(Command::Draw) => ClaimFor::Draw,
            _ => ClaimFor::Win,
        })
    }
}

/// Whether the words of a seek or challenge have what goes with a clock
/// and no clock: only `rated`, `casual` and a side, or nothing.
fn lacks_clock(words: &[&str]) -> bool {
    words.iter().all(|word| {
        let folded = fold(word);
        RATED.contains_folded(&folded)
            || CASUAL.contains_folded(&folded)
            || parse_color_choice(word).is_some()
    })
}

/// Reads `15+10 [rated|casual] [white|black|random]` in any order after
/// the clock; `None` when a word is not one of these.
fn read_terms(words: &[&str], ai: bool) -> Option<Terms> {
    let (control, words) = words.split_first()?;
    let mut terms = Terms {
        control: parse_control(control)?,
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
fn parse_control(word: &str) -> Option<Control> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_read_as_lichess_writes_them() {
        let read = [
            ("15+10", 900, 10),
            ("0.5+0", 30, 0),
            ("1,5+2", 90, 2),
            ("0+1", 0, 1),
        ];
        for (word, limit, increment) in read {
            assert_eq!(parse_control(word), Some(Control { limit, increment }));
        }
        for word in ["0+0", "15", "1.3+0", "181+0", "10+181"] {
            assert_eq!(parse_control(word), None, "{word}");
        }
    }

    #[test]
    fn terms_take_their_words_in_any_language() {
        let t = read_terms(&["10+5", "gewertet", "schwarz"], false).expect("terms");
        assert!(t.rated);
        assert_eq!(t.color, Some(ChallengeColor::Black));
        assert!(read_terms(&["10+5", "purple"], false).is_none());
        assert!(!read_terms(&["10+5", "rated"], true).expect("ai").rated);
        assert!(valid_username("Bobby_12"));
        assert!(!valid_username("a b"));
    }
}
