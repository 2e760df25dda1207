//! The chess clock (FIDE Laws Art. 6 and the delay mode of the
//! guidelines): time controls and a pure state machine that is told the
//! time with every call and never reads it.
//!
//! A [`TimeControl`] is one or more periods ("40 moves in 90 minutes,
//! then 30 minutes") with one bonus for the whole game: a Fischer
//! increment added after each move, a simple delay (the main time runs
//! only once the delay has passed) or a Bronstein delay (the time used,
//! up to the delay, is given back after the move). A [`Clock`] runs one
//! side's time at a time; it knows when a flag falls, can be paused, and
//! sets both times back when a move is taken back.
//!
//! ```
//! use std::time::{Duration, Instant};
//! use annabella_rules::clock::{Clock, TimeControl};
//! use shakmaty::Color;
//!
//! let control: TimeControl = "3+2".parse().unwrap();
//! let t0 = Instant::now();
//! let mut clock = Clock::new(control, Color::White);
//! clock.start(t0);
//! clock.press(t0 + Duration::from_secs(10));
//! // 180 s - 10 s + 2 s increment.
//! assert_eq!(clock.left(Color::White, t0 + Duration::from_secs(11)), Duration::from_secs(172));
//! assert_eq!(clock.left(Color::Black, t0 + Duration::from_secs(11)), Duration::from_secs(179));
//! ```

mod control;

pub use control::{Bonus, ControlError, ControlProblem, Period, TimeControl};

use std::time::{Duration, Instant};

use shakmaty::{ByColor, Color};

/// Both sides' times and moves at one point of the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct State {
    /// Each side's main time at the start of its turn.
    left: ByColor<Duration>,
    /// Moves each side has completed on this clock.
    made: ByColor<u32>,
}

/// Everything a clock holds, to be kept between runs and restored: the
/// running turn's time so far is kept, the instant it started is not, so
/// the time a program was closed does not count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockState {
    /// Each side's main time at the start of its turn.
    pub left: ByColor<Duration>,
    /// Moves each side has made on this clock.
    pub made: ByColor<u32>,
    /// Whose turn the clock counts.
    pub turn: Color,
    /// Time of the current turn already used.
    pub spent: Duration,
    /// Whether the clock was started.
    pub started: bool,
    /// Whether it was paused.
    pub paused: bool,
    /// Whether the game ended and the clock with it.
    pub stopped: bool,
    /// The times and moves at the start of every move made.
    pub history: Vec<(ByColor<Duration>, ByColor<u32>)>,
    /// The mover's time after each move.
    pub after: Vec<Duration>,
}

/// A clock's state apart from the running turn's time
/// ([`Clock::settled`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ClockMark {
    left: ByColor<Duration>,
    made: ByColor<u32>,
    turn: Color,
    flags: [bool; 3],
}

/// A chess clock: one side's time runs at a time, from its turn's start
/// until it presses (completes its move). Every call takes the time now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    state: State,
    /// Whose time runs (or would, while paused or before the start).
    turn: Color,
    /// Time of this turn already counted (before a pause).
    spent: Duration,
    /// Since when the turn's time runs; `None` while stopped.
    since: Option<Instant>,
    started: bool,
    paused: bool,
    /// The game ended: nothing runs any more.
    stopped: bool,
    /// The state at the start of every move made (for undo).
    history: Vec<State>,
    /// The mover's time after each move (for `[%clk]`).
    after: Vec<Duration>,
}

impl Clock {
    /// A clock for `control`, not yet running; `first` moves first.
    pub fn new(control: TimeControl, first: Color) -> Clock {
        let initial = control.initial();
        Clock {
            control,
            state: State {
                left: ByColor {
                    white: initial,
                    black: initial,
                },
                made: ByColor { white: 0, black: 0 },
            },
            turn: first,
            spent: Duration::ZERO,
            since: None,
            started: false,
            paused: false,
            stopped: false,
            history: Vec::new(),
            after: Vec::new(),
        }
    }

    /// The time control.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// Starts the first side's time, once.
    pub fn start(&mut self, now: Instant) {
        if !self.started && !self.stopped {
            self.started = true;
            if !self.paused {
                self.since = Some(now);
            }
        }
    }

    /// Whether the clock has been started.
    pub fn is_started(&self) -> bool {
        self.started
    }

    /// Whether the clock is paused.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Whether the game ended and the clock with it.
    pub fn is_stopped(&self) -> bool {
        self.stopped
    }

    /// Whether a side's time is running now.
    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }

    /// The side whose turn the clock counts.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Time of the current turn so far.
    fn turn_time(&self, now: Instant) -> Duration {
        self.spent
            + self
                .since
                .map_or(Duration::ZERO, |t| now.saturating_duration_since(t))
    }

    /// What a turn of `used` costs off the main time while it runs.
    fn cost(&self, used: Duration) -> Duration {
        match self.control.bonus() {
            Bonus::Delay(d) => used.saturating_sub(d),
            _ => used,
        }
    }

    /// The time `color` has left at `now` (zero once its flag fell).
    pub fn left(&self, color: Color, now: Instant) -> Duration {
        let base = self.state.left[color];
        if color == self.turn {
            base.saturating_sub(self.cost(self.turn_time(now)))
        } else {
            base
        }
    }

    /// Both sides' times at `now`.
    pub fn times(&self, now: Instant) -> ByColor<Duration> {
        ByColor {
            white: self.left(Color::White, now),
            black: self.left(Color::Black, now),
        }
    }

    /// The side whose flag has fallen at `now`, if any.
    pub fn flag(&self, now: Instant) -> Option<Color> {
        (self.started && self.left(self.turn, now).is_zero()).then_some(self.turn)
    }

    /// The running side's time left at `now`, and the instant from which
    /// it runs down: `now`, or the end of a simple delay still running.
    /// `None` when no time runs.
    pub fn countdown(&self, now: Instant) -> Option<(Duration, Instant)> {
        self.since?;
        let used = self.turn_time(now);
        let left = self.state.left[self.turn].saturating_sub(self.cost(used));
        // Under a simple delay the main time waits for the delay first.
        let delay = match self.control.bonus() {
            Bonus::Delay(d) => d.saturating_sub(used),
            _ => Duration::ZERO,
        };
        Some((left, now + delay))
    }

    /// When the running side will have `amount` left if it does not
    /// move; `None` when no time runs or it has no more than that now.
    pub fn when_left(&self, amount: Duration, now: Instant) -> Option<Instant> {
        let (left, from) = self.countdown(now)?;
        let gap = left.checked_sub(amount).filter(|g| !g.is_zero())?;
        Some(from + gap)
    }

    /// When the running side's flag falls if it does not move.
    pub fn deadline(&self, now: Instant) -> Option<Instant> {
        self.when_left(Duration::ZERO, now)
            .or_else(|| self.since.map(|_| now))
    }

    /// The moves `color` has left to the next time control; `None` when
    /// its period lasts to the end of the game.
    pub fn moves_to_control(&self, color: Color) -> Option<u32> {
        self.control.position(self.state.made[color]).1
    }

    /// The side to move completes its move at `now`: its time is charged,
    /// its bonus and any new period added, and the other side's time
    /// runs. Returns whether a new period's time was added.
    pub fn press(&mut self, now: Instant) -> bool {
        let mover = self.turn;
        let used = self.turn_time(now);
        self.history.push(self.state);
        let mut left = self.state.left[mover].saturating_sub(self.cost(used));
        match self.control.bonus() {
            Bonus::Increment(d) => left += d,
            Bonus::Bronstein(d) => left += used.min(d),
            Bonus::None | Bonus::Delay(_) => {}
        }
        self.state.made[mover] += 1;
        let added = self.control.added_after(self.state.made[mover]);
        if let Some(time) = added {
            left += time;
        }
        self.state.left[mover] = left;
        self.after.push(left);
        self.turn = !mover;
        self.spent = Duration::ZERO;
        self.started = true;
        self.since = (!self.paused && !self.stopped).then_some(now);
        added.is_some()
    }

    /// Sets both times as a server reports them at `now` (an online
    /// game: the server's clock is the one that counts); `turn`'s time
    /// runs from `now` when `running`, else nothing runs until the next
    /// report. The history for `undo` is left alone.
    pub fn set_times(&mut self, left: ByColor<Duration>, turn: Color, running: bool, now: Instant) {
        self.state.left = left;
        self.turn = turn;
        self.spent = Duration::ZERO;
        self.started = true;
        self.paused = false;
        self.since = (running && !self.stopped).then_some(now);
    }

    /// The game ended at `now`: the clock stops and keeps its times.
    pub fn stop(&mut self, now: Instant) {
        self.spent = self.turn_time(now);
        self.since = None;
        self.stopped = true;
    }

    /// A game that had ended goes on (undo after a resignation or a flag
    /// fall): the side to move's time runs again from `now`. After a fallen
    /// flag (`restart_turn`) that side gets its turn's time back.
    pub fn reopen(&mut self, now: Instant, restart_turn: bool) {
        self.stopped = false;
        if restart_turn {
            self.spent = Duration::ZERO;
        }
        if self.started && !self.paused {
            self.since = Some(now);
        }
    }

    /// Stops the running time. Returns `false` when it was already paused.
    pub fn pause(&mut self, now: Instant) -> bool {
        if self.paused {
            return false;
        }
        self.spent = self.turn_time(now);
        self.since = None;
        self.paused = true;
        true
    }

    /// Lets the time run again. Returns `false` when it was not paused.
    pub fn resume(&mut self, now: Instant) -> bool {
        if !self.paused {
            return false;
        }
        self.paused = false;
        if self.started && !self.stopped {
            self.since = Some(now);
        }
        true
    }

    /// Takes back the last move: both times are set back to what they
    /// were when it was about to be made, and the mover's time runs again
    /// from `now`. Returns `false` when no move was made on this clock.
    pub fn undo(&mut self, now: Instant) -> bool {
        let Some(state) = self.history.pop() else {
            return false;
        };
        self.after.pop();
        self.state = state;
        self.turn = !self.turn;
        self.spent = Duration::ZERO;
        self.stopped = false;
        self.since = (self.started && !self.paused).then_some(now);
        true
    }

    /// The mover's time after each move made on this clock, in order.
    pub fn after_moves(&self) -> &[Duration] {
        &self.after
    }

    /// What the clock holds apart from the running turn's time: equal
    /// as long as nothing but time passes (no press, pause or undo).
    pub fn settled(&self) -> ClockMark {
        ClockMark {
            left: self.state.left,
            made: self.state.made,
            turn: self.turn,
            flags: [self.started, self.paused, self.stopped],
        }
    }

    /// What the clock holds at `now`, to be kept.
    pub fn state(&self, now: Instant) -> ClockState {
        ClockState {
            left: self.state.left,
            made: self.state.made,
            turn: self.turn,
            spent: self.turn_time(now),
            started: self.started,
            paused: self.paused,
            stopped: self.stopped,
            history: self.history.iter().map(|s| (s.left, s.made)).collect(),
            after: self.after.clone(),
        }
    }

    /// A clock for `control` as `state` kept it; a running turn goes on
    /// from `now`.
    pub fn restore(control: TimeControl, state: ClockState, now: Instant) -> Clock {
        let running = state.started && !state.paused && !state.stopped;
        Clock {
            control,
            state: State {
                left: state.left,
                made: state.made,
            },
            turn: state.turn,
            spent: state.spent,
            since: running.then_some(now),
            started: state.started,
            paused: state.paused,
            stopped: state.stopped,
            history: state
                .history
                .into_iter()
                .map(|(left, made)| State { left, made })
                .collect(),
            after: state.after,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fake time source: seconds since an arbitrary start.
    struct Fake(Instant);

    impl Fake {
        fn new() -> Fake {
            Fake(Instant::now())
        }
        fn at(&self, secs: f64) -> Instant {
            self.0 + Duration::from_secs_f64(secs)
        }
    }

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    fn control(text: &str) -> TimeControl {
        text.parse().unwrap()
    }

    /// Plays moves that take the given seconds each, alternately from
    /// White; returns the clock and the time of the last press.
    fn play(text: &str, thinks: &[f64]) -> (Clock, Fake, f64) {
        let fake = Fake::new();
        let mut clock = Clock::new(control(text), Color::White);
        clock.start(fake.at(0.0));
        let mut t = 0.0;
        for think in thinks {
            t += think;
            clock.press(fake.at(t));
        }
        (clock, fake, t)
    }

    #[test]
    fn controls_are_read_in_every_notation() {
        let c = control("3+2");
        assert_eq!(c.initial(), secs(180.0));
        assert_eq!(c.bonus(), Bonus::Increment(secs(2.0)));
        assert_eq!(control("0.5+0").initial(), secs(30.0));
        assert_eq!(control("0.1+0").initial(), secs(6.0));
        assert_eq!(control("5").bonus(), Bonus::None);
        assert_eq!(control("90 d 5").bonus(), Bonus::Delay(secs(5.0)));
        assert_eq!(control("90d5").bonus(), Bonus::Delay(secs(5.0)));
        assert_eq!(control("90 B 5").bonus(), Bonus::Bronstein(secs(5.0)));
        let c = control("40/90, 30+30");
        assert_eq!(
            c.periods(),
            [
                Period {
                    moves: Some(40),
                    time: secs(5400.0)
                },
                Period {
                    moves: None,
                    time: secs(1800.0)
                }
            ]
        );
        assert_eq!(c.bonus(), Bonus::Increment(secs(30.0)));
        assert_eq!(control("40/90+30,30+30"), c);
        // A decimal comma in a control of one period.
        assert_eq!(control("1,5+0").initial(), secs(90.0));
        assert_eq!(control("0,5 + 2,5").bonus(), Bonus::Increment(secs(2.5)));
    }

    #[test]
    fn controls_are_written_back_and_for_pgn() {
        for (typed, shown, pgn) in [
            ("3+2", "3+2", "180+2"),
            ("5", "5+0", "300+0"),
            ("0.5+0", "0.5+0", "30+0"),
            ("90d5", "90 d 5", "5400"),
            ("15 b 10", "15 b 10", "900"),
            ("40/90,30+30", "40/90, 30+30", "40/5400:1800+30"),
            ("40/120", "40/120", "40/7200"),
            ("2+0.5", "2+0.5", "120+0.5"),
        ] {
            let c = control(typed);
            assert_eq!(c.to_string(), shown, "{typed}");
            assert_eq!(c.pgn(), pgn, "{typed}");
            assert_eq!(control(shown), c, "{shown} reads back");
        }
    }

    #[test]
    fn bad_controls_name_the_part_and_the_problem() {
        let problem = |t: &str| t.parse::<TimeControl>().unwrap_err();
        assert_eq!(problem("").problem, ControlProblem::Empty);
        assert_eq!(
            problem("5+x"),
            ControlError {
                part: "x".into(),
                problem: ControlProblem::NotANumber
            }
        );
        assert_eq!(problem("five").problem, ControlProblem::NotANumber);
        // A word is named whole, not by its letters after a `b` or `d`.
        for word in ["abc", "bad", "Abend"] {
            assert_eq!(
                problem(word),
                ControlError {
                    part: word.into(),
                    problem: ControlProblem::NotANumber
                },
                "{word}"
            );
        }
        assert_eq!(problem("5 d x").part, "x");
        // A minus makes a number below zero, not no number.
        assert_eq!(
            problem("-1+0"),
            ControlError {
                part: "-1".into(),
                problem: ControlProblem::Negative
            }
        );
        assert_eq!(problem("5+-3").problem, ControlProblem::Negative);
        assert_eq!(problem("-0.5 d 5").problem, ControlProblem::Negative);
        assert_eq!(problem("-40/90").problem, ControlProblem::Negative);
        assert_eq!(problem("--1+0").problem, ControlProblem::NotANumber);
        assert_eq!(problem("-x+0").problem, ControlProblem::NotANumber);
        assert_eq!(problem("0+0").problem, ControlProblem::NoTime);
        assert_eq!(problem("40/0,30").problem, ControlProblem::NoTime);
        assert_eq!(problem("5+").problem, ControlProblem::Form);
        assert_eq!(problem("/5").problem, ControlProblem::NotANumber);
        assert_eq!(problem("0/5").problem, ControlProblem::Form);
        assert_eq!(problem("601+0").problem, ControlProblem::TooLarge);
        assert_eq!(problem("5+301").problem, ControlProblem::TooLarge);
        assert_eq!(problem("201/90,30").problem, ControlProblem::TooLarge);
        assert_eq!(
            problem("40/90+30,30+10").problem,
            ControlProblem::TwoBonuses
        );
        assert_eq!(problem("90, 30").problem, ControlProblem::AfterSuddenDeath);
        assert_eq!(problem("90,30,5").problem, ControlProblem::NotANumber);
        assert_eq!(problem("1.2345+0").problem, ControlProblem::TooLarge);
        assert_eq!(problem("5,").problem, ControlProblem::AfterSuddenDeath);
        assert_eq!(problem("40/90,").problem, ControlProblem::Form);
        // Zero minutes work only with a simple delay (every move within
        // the delay); an increment would come too late for the first move.
        assert!("0 d 5".parse::<TimeControl>().is_ok());
        assert_eq!(problem("0+2").problem, ControlProblem::NoTime);
        assert_eq!(problem("0 b 5").problem, ControlProblem::NoTime);
    }

    #[test]
    fn the_increment_comes_after_the_move() {
        let (clock, fake, t) = play("3+2", &[10.0, 20.0, 5.0]);
        assert_eq!(
            clock.left(Color::White, fake.at(t)),
            secs(180.0 - 15.0 + 4.0)
        );
        assert_eq!(
            clock.left(Color::Black, fake.at(t)),
            secs(180.0 - 20.0 + 2.0)
        );
        assert_eq!(clock.after_moves(), [secs(172.0), secs(162.0), secs(169.0)]);
    }

    #[test]
    fn simple_delay_and_bronstein_differ_on_the_same_thinking() {
        // Moves of 3 s and 8 s with a 5 s delay.
        let thinks = [3.0, 8.0, 3.0, 8.0];
        let (delay, fake, t) = play("10 d 5", &thinks);
        let (bronstein, fake_b, tb) = play("10 b 5", &thinks);
        // Simple delay: 3 s costs nothing, 8 s costs 3.
        assert_eq!(delay.left(Color::White, fake.at(t)), secs(600.0));
        assert_eq!(delay.left(Color::Black, fake.at(t)), secs(600.0 - 6.0));
        // Bronstein: 3 s used, 3 s given back; 8 s used, 5 s given back.
        assert_eq!(bronstein.left(Color::White, fake_b.at(tb)), secs(600.0));
        assert_eq!(
            bronstein.left(Color::Black, fake_b.at(tb)),
            secs(600.0 - 6.0)
        );
        // The difference shows while thinking: during the delay the main
        // time stands under a simple delay, and runs under Bronstein.
        assert_eq!(delay.left(Color::White, fake.at(t + 4.0)), secs(600.0));
        assert_eq!(
            bronstein.left(Color::White, fake_b.at(tb + 4.0)),
            secs(596.0)
        );
        // ... and with little time: 2 s left, 5 s delay, 6 s thinking.
        let fast = |text: &str| {
            let fake = Fake::new();
            let mut c = Clock::new(control(text), Color::White);
            c.start(fake.at(0.0));
            c.state.left.white = secs(2.0);
            (
                c.flag(fake.at(6.0)),
                c.flag(fake.at(6.9)),
                c.flag(fake.at(7.0)),
            )
        };
        // Simple delay: the flag falls at 5 + 2 = 7 s.
        assert_eq!(fast("10 d 5"), (None, None, Some(Color::White)));
        // Bronstein: the bonus comes only after a move; it falls at 2 s.
        assert_eq!(
            fast("10 b 5"),
            (Some(Color::White), Some(Color::White), Some(Color::White))
        );
    }

    #[test]
    fn periods_add_their_time_with_the_move_counter() {
        // 2 moves in 1 minute, then 1 minute, 10 s increment from move 1.
        let (clock, fake, t) = play("2/1,1+10", &[5.0, 5.0, 5.0, 5.0]);
        assert_eq!(clock.moves_to_control(Color::White), None);
        assert_eq!(
            clock.left(Color::White, fake.at(t)),
            secs(60.0 - 10.0 + 20.0 + 60.0)
        );
        let (clock, _, _) = play("2/1,1+10", &[5.0]);
        assert_eq!(clock.moves_to_control(Color::White), Some(1));
        assert_eq!(clock.moves_to_control(Color::Black), Some(2));
        // A last period with moves repeats.
        let (clock, fake, t) = play("1/1", &[10.0, 1.0, 10.0]);
        assert_eq!(
            clock.left(Color::White, fake.at(t)),
            secs(60.0 - 20.0 + 120.0)
        );
        assert_eq!(clock.moves_to_control(Color::White), Some(1));
        // Three periods.
        let c = control("2/10,1/5,3");
        assert_eq!(c.position(0), (0, Some(2)));
        assert_eq!(c.position(2), (1, Some(1)));
        assert_eq!(c.position(3), (2, None));
        assert_eq!(c.added_after(2), Some(secs(300.0)));
        assert_eq!(c.added_after(3), Some(secs(180.0)));
        assert_eq!(c.added_after(4), None);
    }

    #[test]
    fn the_flag_falls_when_the_time_is_used_up() {
        let fake = Fake::new();
        let mut clock = Clock::new(control("0.1+0"), Color::White);
        assert_eq!(clock.flag(fake.at(100.0)), None, "not started");
        clock.start(fake.at(0.0));
        assert_eq!(clock.deadline(fake.at(1.0)), Some(fake.at(6.0)));
        assert_eq!(clock.flag(fake.at(5.9)), None);
        assert_eq!(clock.flag(fake.at(6.0)), Some(Color::White));
        clock.press(fake.at(2.0));
        assert_eq!(clock.flag(fake.at(7.9)), None);
        assert_eq!(clock.flag(fake.at(8.0)), Some(Color::Black));
        assert_eq!(clock.left(Color::Black, fake.at(9.0)), Duration::ZERO);
        assert_eq!(clock.left(Color::White, fake.at(9.0)), secs(4.0));
    }

    #[test]
    fn pause_stops_the_running_time_and_moves_are_free_meanwhile() {
        let fake = Fake::new();
        let mut clock = Clock::new(control("1+0"), Color::White);
        clock.start(fake.at(0.0));
        assert!(clock.pause(fake.at(10.0)));
        assert!(!clock.pause(fake.at(11.0)));
        assert_eq!(clock.left(Color::White, fake.at(500.0)), secs(50.0));
        assert_eq!(clock.flag(fake.at(500.0)), None);
        assert_eq!(clock.deadline(fake.at(500.0)), None);
        clock.press(fake.at(600.0));
        assert_eq!(clock.left(Color::Black, fake.at(700.0)), secs(60.0));
        assert!(clock.resume(fake.at(700.0)));
        assert!(!clock.resume(fake.at(701.0)));
        assert_eq!(clock.left(Color::Black, fake.at(720.0)), secs(40.0));
        assert_eq!(clock.left(Color::White, fake.at(720.0)), secs(50.0));
    }

    #[test]
    fn undo_sets_both_times_back_to_that_move() {
        let (mut clock, fake, t) = play("5+3", &[10.0, 20.0, 30.0]);
        assert!(clock.undo(fake.at(t + 5.0)));
        assert_eq!(clock.turn(), Color::White);
        // White's time as it was before its second move; Black keeps 20.
        assert_eq!(clock.left(Color::White, fake.at(t + 5.0)), secs(293.0));
        assert_eq!(clock.left(Color::Black, fake.at(t + 5.0)), secs(283.0));
        assert_eq!(clock.left(Color::White, fake.at(t + 6.0)), secs(292.0));
        assert!(clock.undo(fake.at(t + 6.0)));
        assert!(clock.undo(fake.at(t + 6.0)));
        assert!(!clock.undo(fake.at(t + 6.0)));
        assert_eq!(clock.times(fake.at(t + 6.0)).black, secs(300.0));
        assert_eq!(clock.left(Color::White, fake.at(t + 6.0)), secs(300.0));
        assert!(clock.after_moves().is_empty());
        // Undo takes back a period's added time too.
        let (mut clock, fake, t) = play("1/1,1", &[1.0]);
        assert_eq!(clock.left(Color::White, fake.at(t)), secs(119.0));
        clock.undo(fake.at(t));
        assert_eq!(clock.left(Color::White, fake.at(t)), secs(60.0));
        assert_eq!(clock.moves_to_control(Color::White), Some(1));
    }

    #[test]
    fn a_stopped_clock_keeps_its_times_and_can_be_reopened() {
        let fake = Fake::new();
        let mut clock = Clock::new(control("0.1+0"), Color::White);
        clock.start(fake.at(0.0));
        clock.press(fake.at(1.0));
        clock.stop(fake.at(7.0));
        assert_eq!(clock.flag(fake.at(7.0)), Some(Color::Black));
        assert_eq!(clock.left(Color::Black, fake.at(99.0)), Duration::ZERO);
        assert!(clock.is_stopped());
        // A fallen flag reopened: Black's turn starts again with its time.
        clock.reopen(fake.at(100.0), true);
        assert_eq!(clock.left(Color::Black, fake.at(101.0)), secs(5.0));
        // A resignation reopened: the time used stays used.
        clock.stop(fake.at(102.0));
        clock.reopen(fake.at(200.0), false);
        assert_eq!(clock.left(Color::Black, fake.at(200.0)), secs(4.0));
    }

    #[test]
    fn a_kept_clock_goes_on_without_the_time_it_was_closed() {
        let (clock, fake, t) = play("5+3", &[10.0, 20.0]);
        let kept = clock.state(fake.at(t + 7.0));
        assert_eq!(kept.spent, secs(7.0));
        let later = fake.at(t + 1000.0);
        let back = Clock::restore(control("5+3"), kept, later);
        assert_eq!(back.left(Color::White, later), secs(293.0 - 7.0));
        assert_eq!(back.left(Color::White, fake.at(t + 1001.0)), secs(285.0));
        assert_eq!(back.after_moves(), clock.after_moves());
        let mut back = back;
        assert!(back.undo(later));
        assert_eq!(back.left(Color::Black, later), secs(300.0));
    }

    #[test]
    fn alarm_times_are_found_ahead() {
        let fake = Fake::new();
        let mut clock = Clock::new(control("1 d 5"), Color::White);
        clock.start(fake.at(0.0));
        // 60 s main time behind a 5 s delay: 30 s left at 5 + 30 s.
        assert_eq!(
            clock.when_left(secs(30.0), fake.at(1.0)),
            Some(fake.at(35.0))
        );
        assert_eq!(clock.when_left(secs(60.0), fake.at(1.0)), None);
        clock.pause(fake.at(2.0));
        assert_eq!(clock.when_left(secs(30.0), fake.at(3.0)), None);
    }

    #[test]
    fn the_countdown_waits_for_a_simple_delay_and_then_runs() {
        let fake = Fake::new();
        let mut clock = Clock::new(control("1 d 5"), Color::White);
        assert_eq!(clock.countdown(fake.at(0.0)), None, "not started");
        clock.start(fake.at(0.0));
        // Inside the delay: all 60 s left, running from the delay's end.
        assert_eq!(
            clock.countdown(fake.at(2.0)),
            Some((secs(60.0), fake.at(5.0)))
        );
        // Past it: 3 s of the main time gone, running from now.
        assert_eq!(
            clock.countdown(fake.at(8.0)),
            Some((secs(57.0), fake.at(8.0)))
        );
        assert_eq!(clock.deadline(fake.at(8.0)), Some(fake.at(65.0)));
        let mut plain = Clock::new(control("1+0"), Color::White);
        plain.start(fake.at(0.0));
        assert_eq!(
            plain.countdown(fake.at(10.0)),
            Some((secs(50.0), fake.at(10.0)))
        );
        // The flag has fallen: the deadline is now.
        assert_eq!(plain.deadline(fake.at(70.0)), Some(fake.at(70.0)));
        plain.pause(fake.at(80.0));
        assert_eq!(plain.countdown(fake.at(81.0)), None, "paused");
    }
}
