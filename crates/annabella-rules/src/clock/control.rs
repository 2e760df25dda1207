//! Time controls as typed (`3+2`, `90 d 5`, `40/90, 30+30`), written
//! back, and in the PGN `TimeControl` form.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The most minutes one period may have (ten hours).
const MAX_MINUTES: u64 = 600;
/// The largest bonus per move, in seconds.
const MAX_BONUS_SECONDS: u64 = 300;
/// The most moves a period may count.
const MAX_MOVES: u32 = 200;

/// What is added to a player's time with each move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Bonus {
    /// Nothing: sudden death.
    None,
    /// Fischer increment, added after every move from move 1 (`3+2`).
    Increment(Duration),
    /// Simple delay: the main time only runs once this much of the turn
    /// has passed (`90 d 5`).
    Delay(Duration),
    /// Bronstein delay: after the move, the time used is given back, up to
    /// this much (`90 b 5`).
    Bronstein(Duration),
}

impl Bonus {
    /// The seconds of the bonus, whatever its kind.
    pub fn amount(self) -> Duration {
        match self {
            Bonus::None => Duration::ZERO,
            Bonus::Increment(d) | Bonus::Delay(d) | Bonus::Bronstein(d) => d,
        }
    }
}

/// One period of a time control.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// The moves to make in this period; `None` for the rest of the game.
    /// A last period with moves repeats (40 moves in 2 hours, and again).
    pub moves: Option<u32>,
    /// The time the period adds.
    pub time: Duration,
}

/// A time control: periods and one bonus for the whole game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    periods: Vec<Period>,
    bonus: Bonus,
}

/// What is wrong with a time control as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ControlProblem {
    /// Nothing was typed.
    Empty,
    /// The part should be a number (of minutes, seconds or moves).
    NotANumber,
    /// The part is a number below zero (`-1+0`): time and moves only
    /// count up from zero.
    Negative,
    /// The part is not in the form `M+S`, `M d S`, `M b S` or `N/M`.
    Form,
    /// A period gives no time at all.
    NoTime,
    /// More than the clock takes: periods up to 600 minutes, bonuses up
    /// to 300 seconds, up to 200 moves per period.
    TooLarge,
    /// Two different bonuses: a control has one for the whole game.
    TwoBonuses,
    /// A period after one that runs to the end of the game.
    AfterSuddenDeath,
}

/// A time control that could not be read: the part at fault and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ControlError {
    /// The part of the text at fault (the whole text when it is empty).
    pub part: String,
    /// What is wrong with it.
    pub problem: ControlProblem,
}

fn fault(part: &str, problem: ControlProblem) -> ControlError {
    ControlError {
        part: part.to_string(),
        problem,
    }
}

/// Whether a text is all digits, and some.
fn digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// Whether a text is a decimal number without a sign (`5`, `0.5`, `.5`).
fn unsigned(text: &str) -> bool {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    (digits(whole) || whole.is_empty() && digits(fraction))
        && (fraction.is_empty() || digits(fraction))
}

/// Why a part that should be a number is none: a minus before a number
/// makes a number too, one the clock cannot count.
fn no_number(text: &str, number: impl Fn(&str) -> bool) -> ControlError {
    let negative = text
        .strip_prefix('-')
        .is_some_and(|rest| number(rest.trim_start()));
    let problem = if negative {
        ControlProblem::Negative
    } else {
        ControlProblem::NotANumber
    };
    fault(text, problem)
}

/// A non-negative decimal number with at most three decimals, scaled by
/// `unit` (milliseconds per whole unit).
fn amount(text: &str, unit: u64, max: u64) -> Result<Duration, ControlError> {
    let text = text.trim();
    if !unsigned(text) {
        return Err(no_number(text, unsigned));
    }
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 || whole.len() > 6 {
        return Err(fault(text, ControlProblem::TooLarge));
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole
            .parse()
            .map_err(|_| fault(text, ControlProblem::NotANumber))?
    };
    let mut thousandths = 0u64;
    for (i, b) in fraction.bytes().enumerate() {
        thousandths += u64::from(b - b'0') * [100, 10, 1][i];
    }
    if whole > max || whole == max && thousandths > 0 {
        return Err(fault(text, ControlProblem::TooLarge));
    }
    Ok(Duration::from_millis(
        whole * unit + thousandths * unit / 1000,
    ))
}

/// One period as typed: `[N/]M[(+|d|b)S]`.
fn period(text: &str) -> Result<(Period, Bonus), ControlError> {
    let part = text.trim();
    if part.is_empty() {
        return Err(fault(text, ControlProblem::Form));
    }
    let (moves, rest) = match part.split_once('/') {
        Some((n, rest)) => {
            let n = n.trim();
            if !digits(n) {
                return Err(no_number(n, digits));
            }
            let n: u32 = n.parse().map_err(|_| fault(n, ControlProblem::TooLarge))?;
            if n == 0 {
                return Err(fault(part, ControlProblem::Form));
            }
            if n > MAX_MOVES {
                return Err(fault(part, ControlProblem::TooLarge));
            }
            (Some(n), rest)
        }
        None => (None, part),
    };
    let split = rest
        .char_indices()
        .find(|&(_, c)| matches!(c, '+' | 'd' | 'D' | 'b' | 'B'));
    let (minutes, bonus) = match split {
        Some((i, c)) => {
            let seconds = &rest[i + c.len_utf8()..];
            if seconds.trim().is_empty() {
                return Err(fault(part, ControlProblem::Form));
            }
            // A `d` or `b` between two parts that are no numbers is a
            // letter of a word (`abc`): the word is what is wrong.
            let number = |text: &str| {
                let text = text.trim();
                unsigned(text) || text.strip_prefix('-').is_some_and(unsigned)
            };
            if c.is_ascii_alphabetic() && !number(&rest[..i]) && !number(seconds) {
                return Err(fault(part, ControlProblem::NotANumber));
            }
            let amount = amount(seconds, 1000, MAX_BONUS_SECONDS)?;
            let bonus = match c {
                '+' => Bonus::Increment(amount),
                'd' | 'D' => Bonus::Delay(amount),
                _ => Bonus::Bronstein(amount),
            };
            (&rest[..i], bonus)
        }
        None => (rest, Bonus::None),
    };
    if minutes.trim().is_empty() {
        return Err(fault(part, ControlProblem::Form));
    }
    let time = amount(minutes, 60_000, MAX_MINUTES)?;
    let bonus = if bonus.amount().is_zero() {
        Bonus::None
    } else {
        bonus
    };
    // Only a simple delay gives time on a main time of zero: an increment
    // or a Bronstein bonus comes after the move, too late for the first.
    if time.is_zero() && (moves.is_some() || !matches!(bonus, Bonus::Delay(_))) {
        return Err(fault(part, ControlProblem::NoTime));
    }
    Ok((Period { moves, time }, bonus))
}

impl FromStr for TimeControl {
    type Err = ControlError;

    /// Reads `M+S` (Fischer), `M d S` (simple delay), `M b S` (Bronstein)
    /// and periods joined by commas with `N/M` for N moves in M minutes
    /// (`40/90,30+30`). Minutes and seconds may have decimals (`0.5+0`).
    fn from_str(text: &str) -> Result<TimeControl, ControlError> {
        if text.trim().is_empty() {
            return Err(fault(text, ControlProblem::Empty));
        }
        let decimal;
        let text = match decimal_comma(text) {
            Some(with_point) => {
                decimal = with_point;
                decimal.as_str()
            }
            None => text,
        };
        let mut periods = Vec::new();
        let mut bonus = Bonus::None;
        for part in text.split(',') {
            if periods.last().is_some_and(|p: &Period| p.moves.is_none()) {
                return Err(fault(part.trim(), ControlProblem::AfterSuddenDeath));
            }
            let (p, b) = period(part)?;
            if b != Bonus::None {
                if bonus != Bonus::None && bonus != b {
                    return Err(fault(part.trim(), ControlProblem::TwoBonuses));
                }
                bonus = b;
            }
            periods.push(p);
        }
        Ok(TimeControl { periods, bonus })
    }
}

/// Decimal commas as German and Estonian write them (`1,5+0`): commas
/// between two digits in a control without move counts. Commas between
/// periods always follow a period with a move count (`40/90,30`).
fn decimal_comma(text: &str) -> Option<String> {
    if text.contains('/') || !text.contains(',') {
        return None;
    }
    let chars: Vec<char> = text.chars().collect();
    let decimal = |i: usize| {
        i > 0 && chars[i - 1].is_ascii_digit() && chars.get(i + 1).is_some_and(char::is_ascii_digit)
    };
    Some(
        chars
            .iter()
            .enumerate()
            .map(|(i, &c)| if c == ',' && decimal(i) { '.' } else { c })
            .collect(),
    )
}

/// Minutes or seconds as typed back: whole, or with up to three decimals.
fn decimal(d: Duration, unit_ms: u128) -> String {
    let ms = d.as_millis();
    let whole = ms / unit_ms;
    let rest = ms % unit_ms * 1000 / unit_ms;
    if rest == 0 {
        whole.to_string()
    } else {
        let fraction = format!("{rest:03}");
        format!("{whole}.{}", fraction.trim_end_matches('0'))
    }
}

impl fmt::Display for TimeControl {
    /// The control in the notation it is typed in: `3+2`, `90 d 5`,
    /// `40/90, 30+30`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last = self.periods.len().saturating_sub(1);
        for (i, p) in self.periods.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            if let Some(n) = p.moves {
                write!(f, "{n}/")?;
            }
            f.write_str(&decimal(p.time, 60_000))?;
            if i == last {
                match self.bonus {
                    Bonus::None if self.periods.len() == 1 && p.moves.is_none() => {
                        f.write_str("+0")?
                    }
                    Bonus::None => {}
                    Bonus::Increment(d) => write!(f, "+{}", decimal(d, 1000))?,
                    Bonus::Delay(d) => write!(f, " d {}", decimal(d, 1000))?,
                    Bonus::Bronstein(d) => write!(f, " b {}", decimal(d, 1000))?,
                }
            }
        }
        Ok(())
    }
}

impl TimeControl {
    /// A single period with a bonus (`minutes + seconds`).
    pub fn simple(time: Duration, bonus: Bonus) -> TimeControl {
        TimeControl {
            periods: vec![Period { moves: None, time }],
            bonus,
        }
    }

    /// The periods, in order.
    pub fn periods(&self) -> &[Period] {
        &self.periods
    }

    /// The bonus for every move.
    pub fn bonus(&self) -> Bonus {
        self.bonus
    }

    /// The time each side starts with.
    pub fn initial(&self) -> Duration {
        self.periods.first().map_or(Duration::ZERO, |p| p.time)
    }

    /// The control as the PGN `TimeControl` tag writes it (seconds,
    /// `moves/seconds` per period joined by `:`, the Fischer increment
    /// after the last): `300+3`, `40/5400:1800+30`. PGN has no delay;
    /// a delay control is written with its periods alone.
    pub fn pgn(&self) -> String {
        let secs = |d: Duration| decimal(d, 1000);
        let mut parts: Vec<String> = self
            .periods
            .iter()
            .map(|p| match p.moves {
                Some(n) => format!("{n}/{}", secs(p.time)),
                None => secs(p.time),
            })
            .collect();
        if let Some(last) = parts.last_mut() {
            match self.bonus {
                Bonus::Increment(d) => {
                    last.push('+');
                    last.push_str(&secs(d));
                }
                Bonus::None if self.periods.len() == 1 && self.periods[0].moves.is_none() => {
                    last.push_str("+0")
                }
                _ => {}
            }
        }
        parts.join(":")
    }

    /// The period a side is in after `made` moves, and the moves it has
    /// left to make in it (`None`: to the end of the game).
    pub(super) fn position(&self, made: u32) -> (usize, Option<u32>) {
        let mut start = 0u32;
        for (i, p) in self.periods.iter().enumerate() {
            match p.moves {
                None => return (i, None),
                Some(n) if made < start + n => return (i, Some(start + n - made)),
                Some(n) if i + 1 == self.periods.len() => {
                    // The last period repeats.
                    let into = (made - start) % n;
                    return (i, Some(n - into));
                }
                Some(n) => start += n,
            }
        }
        (0, None)
    }

    /// The time added when a side completes its `made`-th move: the next
    /// period's time when that move was the last of a period.
    pub(super) fn added_after(&self, made: u32) -> Option<Duration> {
        let (before, left) = self.position(made - 1);
        if left != Some(1) {
            return None;
        }
        let next = (before + 1).min(self.periods.len() - 1);
        Some(self.periods[next].time)
    }
}
