//! The clock room: the game's chess clock on [`crate::rules::clock`],
//! driven by the time that comes with every input. A flag that falls
//! ends the game at once; the alarms the player chose are said once
//! each; `clock`, `pause` and `resume` are answered here. Nothing about
//! time is said unless asked or an alarm is set. The clock itself lies
//! on the table; the room keeps what it has said of it.

use super::flow::Replaced;
use std::time::{Duration, Instant};

use shakmaty::{ByColor, Color};

use crate::engine::host::GoClock;
use crate::event::{ClockEvent, ClockReport, Event, GameEvent, Refused, SideTime};
use crate::input::{ClockSide, Refusal};
use crate::rules::EndReason;
use crate::rules::clock::Clock;

use super::opponent::Opponent;
use super::table::Table;

/// The clock room: what it has said of the game's clock. The clock
/// itself is the table's, since the moves that press it, the reading
/// answers and the record all read it.
#[derive(Clone, Debug, Default)]
pub(super) struct ClockRoom {
    /// Per side, the alarm thresholds (seconds) already said.
    said: ByColor<Vec<u32>>,
    /// Per side, its time when the room last looked.
    seen: ByColor<Option<Duration>>,
}

/// What the clock room is asked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum ClockOrder {
    /// `clock [side]`.
    Read(Option<ClockSide>),
    /// `pause`: the clock stands until `resume`.
    Pause,
    /// `resume`.
    Resume,
}

impl ClockRoom {
    /// A fresh clock for the table's game from the setting `time` (none
    /// when untimed), nothing said of it yet; it starts at once when the
    /// time is known, else with the next time the session is told.
    pub fn reset(&mut self, t: &mut Table) {
        t.clock = t
            .settings
            .time
            .control()
            .map(|control| Clock::new(control.clone(), t.game.turn()));
        self.forget();
        if let Some(now) = t.now
            && let Some(clock) = t.clock.as_mut()
            && !t.game.is_over()
        {
            clock.start(now);
        }
    }

    /// The clock was taken off the table (a replay, a game from
    /// lichess): nothing said of it counts any more.
    pub fn forget(&mut self) {
        *self = ClockRoom::default();
    }

    /// Another game is on the board: a fresh clock of the time control,
    /// or none kept here for a replay and for lichess, whose clock is
    /// the server's.
    pub fn on_new_game(&mut self, t: &mut Table, why: Replaced) {
        match why {
            Replaced::Replay | Replaced::Lichess => self.forget(),
            _ => self.reset(t),
        }
    }

    /// The time is now `now`: the clock starts if it has not, a fallen
    /// flag ends the game (and the open question with it), an alarm
    /// whose time has come is said. On lichess the server's clock
    /// counts: its flag is said when the server ends the game.
    pub fn observe(&mut self, t: &mut Table, o: Opponent, now: Instant) -> Vec<Event> {
        t.now = Some(now);
        if t.game.is_over() {
            return Vec::new();
        }
        let Some(clock) = t.clock.as_mut() else {
            return Vec::new();
        };
        clock.start(now);
        if let Some(color) = clock.flag(now).filter(|_| o.local_clock()) {
            clock.stop(now);
            let Ok(finished) = t.game.flag_fall(color) else {
                return Vec::new();
            };
            t.prompt = None;
            return vec![GameEvent::Over(finished).into()];
        }
        self.alarms(t, o, now)
    }

    /// The alarms crossed since the room last looked: each threshold
    /// once per side, the lowest crossed said (several at once after a
    /// long pause say only where the time is now).
    fn alarms(&mut self, t: &Table, o: Opponent, now: Instant) -> Vec<Event> {
        let Some(clock) = t.clock.as_ref() else {
            return Vec::new();
        };
        let mut events = Vec::new();
        for color in Color::ALL.into_iter().filter(|&c| o.alarms_for(c)) {
            let left = clock.left(color, now);
            let before = self.seen[color].replace(left);
            let Some(before) = before else {
                continue;
            };
            let said = &mut self.said[color];
            if left > before {
                // Time was added (a new period, an undo): thresholds
                // above the new time may be crossed again.
                said.retain(|&t| Duration::from_secs(u64::from(t)) > left);
            }
            let crossed: Vec<u32> = t
                .settings
                .time_alerts
                .0
                .iter()
                .copied()
                .filter(|&t| {
                    let t = Duration::from_secs(u64::from(t));
                    before > t && left <= t
                })
                .filter(|t| !said.contains(t))
                .collect();
            said.extend(&crossed);
            if let Some(&lowest) = crossed.iter().min() {
                events.push(
                    ClockEvent::Alarm(SideTime {
                        who: o.who(color),
                        left: Duration::from_secs(u64::from(lowest)),
                    })
                    .into(),
                );
            }
        }
        events
    }

    /// `clock [side]`, `pause`, `resume`.
    pub fn handle(&self, t: &mut Table, o: Opponent, order: ClockOrder) -> Vec<Event> {
        match order {
            ClockOrder::Read(side) => match t.clock_report(o, side) {
                Some(report) => vec![ClockEvent::Report(report).into()],
                None => vec![Refused::Untimed.into()],
            },
            ClockOrder::Pause => pause_or_resume(t, true),
            ClockOrder::Resume => pause_or_resume(t, false),
        }
    }

    /// When the session must next be told the time even if nothing else
    /// happens: a flag's fall or an alarm's time.
    pub fn deadline(&self, t: &Table, o: Opponent) -> Option<Instant> {
        let clock = t.clock.as_ref()?;
        let now = t.now?;
        if t.game.is_over() {
            return None;
        }
        // Every step names its deadline, so the running time is worked
        // out once here, not once for the flag and once per alarm.
        let (left, from) = clock.countdown(now)?;
        let flag = if left.is_zero() { now } else { from + left };
        let turn = clock.turn();
        if !o.alarms_for(turn) {
            return Some(flag);
        }
        let said = &self.said[turn];
        let alarm = t
            .settings
            .time_alerts
            .0
            .iter()
            .filter(|t| !said.contains(t))
            .map(|&t| Duration::from_secs(u64::from(t)))
            .filter(|&d| d < left)
            .max();
        // Below the flag: an alarm is at a time still left.
        Some(alarm.map_or(flag, |d| flag.min(from + (left - d))))
    }
}

/// `pause` or `resume` of a running game's clock.
fn pause_or_resume(t: &mut Table, pause: bool) -> Vec<Event> {
    let over = t.game.is_over();
    let (Some(now), Some(clock)) = (t.now, t.clock.as_mut()) else {
        return vec![Refused::Untimed.into()];
    };
    if over {
        return vec![Refusal::GameOver.into()];
    }
    match (
        pause,
        pause && clock.pause(now) || !pause && clock.resume(now),
    ) {
        (true, true) => vec![ClockEvent::Paused.into()],
        (false, true) => vec![ClockEvent::Resumed.into()],
        (true, false) => vec![Refused::AlreadyPaused.into()],
        (false, false) => vec![Refused::NotPaused.into()],
    }
}

/// The game's clock on the table, as the moves and the readers use it.
impl Table {
    /// The side to move has moved: its clock is pressed.
    pub fn press_clock(&mut self) {
        let (Some(now), Some(clock)) = (self.now, self.clock.as_mut()) else {
            return;
        };
        clock.press(now);
        if self.game.is_over() {
            clock.stop(now);
        }
    }

    /// The game ended without a move (resignation, agreement, claim):
    /// the clock stops.
    pub fn stop_clock_if_over(&mut self) {
        if let (Some(now), Some(clock)) = (self.now, self.clock.as_mut())
            && self.game.is_over()
            && !clock.is_stopped()
        {
            clock.stop(now);
        }
    }

    /// A move was taken back: both times as they were before it.
    pub fn undo_clock(&mut self) {
        if let (Some(now), Some(clock)) = (self.now, self.clock.as_mut()) {
            clock.undo(now);
        }
    }

    /// A game that ended without a move goes on: after a fallen flag the
    /// side gets its turn's time back.
    pub fn reopen_clock(&mut self, reason: Option<EndReason>) {
        let flagged = matches!(
            reason,
            Some(EndReason::TimeForfeit | EndReason::TimeoutVsInsufficientMaterial)
        );
        if let (Some(now), Some(clock)) = (self.now, self.clock.as_mut()) {
            clock.reopen(now, flagged);
        }
    }

    /// The clock read out: both sides (own first; White first in hot
    /// seat), or the one asked for. `None` when the game is untimed.
    pub fn clock_report(&self, o: Opponent, side: Option<ClockSide>) -> Option<ClockReport> {
        let clock = self.clock.as_ref()?;
        let now = self.now?;
        let own = o.own_side(self.game.turn());
        let colors = match side {
            None if o.hot_seat() => vec![Color::White, Color::Black],
            None => vec![own, !own],
            Some(ClockSide::Color(color)) => vec![color],
            Some(ClockSide::Own) => vec![own],
            Some(ClockSide::Opponent) => vec![!own],
        };
        let first = if side.is_none() { own } else { colors[0] };
        Some(ClockReport {
            sides: colors
                .iter()
                .map(|&color| SideTime {
                    who: o.who(color),
                    left: clock.left(color, now),
                })
                .collect(),
            moves_to_control: clock.moves_to_control(first),
            paused: clock.is_paused(),
        })
    }

    /// The time `side` has left now, when the game is timed.
    pub fn time_left(&self, side: Color) -> Option<Duration> {
        let clock = self.clock.as_ref()?;
        Some(clock.left(side, self.now?))
    }

    /// Both clocks for an engine's `go`, when the game is timed. A delay
    /// is passed as an increment: what the engine may spend per move
    /// without losing main time.
    pub fn go_clock(&self) -> Option<GoClock> {
        let clock = self.clock.as_ref()?;
        let now = self.now?;
        let times = clock.times(now);
        let bonus = clock.control().bonus().amount();
        Some(GoClock {
            wtime: times.white,
            btime: times.black,
            winc: bonus,
            binc: bonus,
            movestogo: clock.moves_to_control(self.game.turn()),
        })
    }

    /// Whether a clock runs (or waits for its start).
    pub fn clock_runs(&self) -> bool {
        self.clock.as_ref().is_some_and(|clock| {
            !self.game.is_over() && (clock.is_running() || !clock.is_started())
        })
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::event::Who;
    use crate::rules::Game;
    use crate::rules::clock::TimeControl;
    use crate::session::Rooms;
    use crate::session::testing::engine_requests;
    use crate::session::{Effect, Input, NextLine};
    use crate::settings::OpponentChoice;
    use crate::settings::{Settings, TimeAlerts, TimeChoice};

    fn session(control: &str, alerts: &[u32], opponent: OpponentChoice) -> Rooms {
        let settings = Settings {
            opponent,
            time: TimeChoice::Timed(control.parse::<TimeControl>().expect("control")),
            time_alerts: TimeAlerts(alerts.to_vec()),
            ..Settings::default()
        };
        Rooms::new(Game::new(), settings)
    }

    fn at(t0: Instant, secs: f64) -> Instant {
        t0 + Duration::from_secs_f64(secs)
    }

    fn alarm(who: Who, secs: u64) -> Event {
        ClockEvent::Alarm(SideTime {
            who,
            left: Duration::from_secs(secs),
        })
        .into()
    }

    #[test]
    fn a_tick_after_the_flag_ends_the_game_and_drops_the_engines_move() {
        let mut s = session("0.1+0", &[], OpponentChoice::Engine);
        let t0 = Instant::now();
        assert!(s.tick_at(t0).is_empty());
        assert!(s.timed());
        let requests = engine_requests(&s.step_line("e4", at(t0, 1.0)));
        assert_eq!(requests.len(), 1, "the engine is asked for its move");
        assert_eq!(s.next_deadline(), Some(at(t0, 7.0)));
        assert!(s.tick_at(at(t0, 6.9)).is_empty());
        let step = s.step(Input::Tick, at(t0, 7.0));
        let [Event::Game(GameEvent::Over(f))] = &step.events[..] else {
            panic!("{step:?}");
        };
        assert_eq!(f.reason, EndReason::TimeForfeit);
        assert_eq!(f.outcome.winner(), Some(Color::White));
        assert!(
            step.effects.iter().any(|e| matches!(e, Effect::StopEngine)),
            "nobody waits for the move: {step:?}"
        );
        assert!(!s.timed());
        // The engine's move arriving late is dropped without a word.
        let reply = crate::engine::host::Reply::moved(requests[0].id(), None, None);
        assert!(s.step(Input::Engine(reply), at(t0, 7.1)).events.is_empty());
    }

    #[test]
    fn a_line_after_the_flag_hears_the_end_first() {
        let mut s = session("0.1+0", &[], OpponentChoice::Human);
        let t0 = Instant::now();
        s.tick_at(t0);
        let events = s.line_at("e4", at(t0, 6.5));
        assert!(matches!(events[0], Event::Game(GameEvent::Over(_))));
        assert_eq!(events[1], Refusal::GameOver.into());
        assert!(s.game().plies().is_empty());
    }

    #[test]
    fn each_alarm_is_said_once_and_only_the_lowest_crossed() {
        let mut s = session("1+0", &[50, 30, 20, 10], OpponentChoice::Engine);
        let t0 = Instant::now();
        s.tick_at(t0);
        assert!(s.tick_at(at(t0, 9.0)).is_empty());
        assert_eq!(s.tick_at(at(t0, 10.0)), [alarm(Who::You, 50)]);
        assert!(s.tick_at(at(t0, 11.0)).is_empty(), "said once");
        // A long gap crosses 30 and 20: only where the time is now.
        assert_eq!(s.tick_at(at(t0, 41.0)), [alarm(Who::You, 20)]);
        assert!(s.tick_at(at(t0, 45.0)).is_empty());
        // The next alarm is due at 10 s left.
        assert_eq!(s.next_deadline(), Some(at(t0, 50.0)));
    }

    #[test]
    fn every_step_names_the_next_deadline_and_what_comes_next() {
        let mut s = session("1+0", &[50], OpponentChoice::Human);
        let t0 = Instant::now();
        // The loop's first step starts the clock: the alarm at 50 s left
        // is the first deadline, then the flag's fall.
        let first = s.step(Input::Tick, t0).next;
        assert_eq!(first.deadline, Some(at(t0, 10.0)));
        assert_eq!(first.line, NextLine::Move(Some(Color::White)));
        assert!(!first.waiting && !first.quit);
        let said = s.step(Input::Tick, at(t0, 10.0));
        assert_eq!(said.events, [alarm(Who::Side(Color::White), 50)]);
        assert_eq!(said.next.deadline, Some(at(t0, 60.0)));
        let moved = s.step(Input::Line("e4".into()), at(t0, 11.0)).next;
        assert_eq!(moved.line, NextLine::Move(Some(Color::Black)));
        // Black's clock runs from 11 s: 60 s left, the alarm at 50 s.
        assert_eq!(moved.deadline, Some(at(t0, 21.0)));
        let paused = s.step(Input::Line("pause".into()), at(t0, 12.0)).next;
        assert_eq!(paused.deadline, None, "nothing is due while paused");
        assert!(s.step(Input::Line("quit".into()), at(t0, 13.0)).next.quit);
    }

    #[test]
    fn under_a_simple_delay_the_deadlines_wait_for_the_delay_and_skip_alarms_said() {
        let mut s = session("1 d 5", &[50, 30], OpponentChoice::Human);
        let t0 = Instant::now();
        // 60 s behind a 5 s delay: 50 s left at 15 s, the flag at 65 s.
        assert_eq!(s.step(Input::Tick, t0).next.deadline, Some(at(t0, 15.0)));
        let said = s.step(Input::Tick, at(t0, 15.0));
        assert_eq!(said.events, [alarm(Who::Side(Color::White), 50)]);
        // 50 is said: 30 s left at 35 s is next.
        assert_eq!(said.next.deadline, Some(at(t0, 35.0)));
        let said = s.step(Input::Tick, at(t0, 35.0));
        assert_eq!(said.events, [alarm(Who::Side(Color::White), 30)]);
        assert_eq!(said.next.deadline, Some(at(t0, 65.0)), "only the flag");
        // Against the engine only the player's own alarms count.
        let mut s = session("1 d 5", &[50], OpponentChoice::Engine);
        let first = s.step(Input::Tick, t0).next;
        assert_eq!(first.deadline, Some(at(t0, 15.0)));
    }

    #[test]
    fn in_hot_seat_each_side_has_its_alarms() {
        let mut s = session("1+0", &[30], OpponentChoice::Human);
        let t0 = Instant::now();
        s.tick_at(t0);
        assert_eq!(
            s.tick_at(at(t0, 30.0)),
            [alarm(Who::Side(Color::White), 30)]
        );
        s.line_at("e4", at(t0, 31.0));
        assert!(s.tick_at(at(t0, 60.0)).is_empty());
        assert_eq!(
            s.tick_at(at(t0, 61.0)),
            [alarm(Who::Side(Color::Black), 30)]
        );
    }

    #[test]
    fn undo_sets_the_clocks_back_and_a_new_control_waits_for_the_next_game() {
        let mut s = session("5+3", &[], OpponentChoice::Human);
        let t0 = Instant::now();
        s.tick_at(t0);
        s.line_at("e4", at(t0, 10.0));
        s.line_at("e5", at(t0, 30.0));
        s.line_at("undo", at(t0, 40.0));
        let report = s.table.clock_report(s.against(), None).expect("timed");
        assert_eq!(report.sides[0].left, Duration::from_secs(293));
        assert_eq!(report.sides[1].left, Duration::from_secs(300));
        let events = s.line_at("set time 1+0", at(t0, 41.0));
        assert_eq!(events[1], ClockEvent::NextGame.into());
        s.line_at("new", at(t0, 42.0));
        let report = s.table.clock_report(s.against(), None).expect("timed");
        assert_eq!(report.sides[0].left, Duration::from_secs(60));
    }
}
