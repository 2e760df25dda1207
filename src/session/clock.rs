//! The clock room: the game's chess clock on [`crate::rules::clock`],
//! driven by the time that comes in with every line, reply and tick.
//! A flag that falls ends the game at once; the alarms the player chose
//! are said once each; `clock`, `pause` and `resume` are answered here.
//! Nothing about time is said unless asked or an alarm is set.

use std::time::{Duration, Instant};

use shakmaty::{ByColor, Color};

use crate::engine::host::GoClock;
use crate::event::{ClockEvent, ClockReport, Event, GameEvent, Refused, SideTime, Who};
use crate::input::{ClockSide, Refusal};
use crate::rules::EndReason;
use crate::rules::clock::Clock;
use crate::settings::OpponentChoice;

use super::Session;

/// The alarms of the game's clock already said (the clock itself is the
/// table's).
#[derive(Clone, Debug, Default)]
pub(super) struct Alarms {
    /// Per side, the alarm thresholds (seconds) already said.
    said: ByColor<Vec<u32>>,
    /// Per side, its time when the session last looked.
    seen: ByColor<Option<Duration>>,
}

impl Session {
    /// A fresh clock for the current game from the setting `time` (none
    /// when untimed); it starts with the next time the session is told.
    pub(super) fn reset_clock(&mut self) {
        self.table.clock = self
            .table
            .settings
            .time
            .control()
            .map(|control| Clock::new(control.clone(), self.table.game.turn()));
        self.alarms = Alarms::default();
        if let Some(now) = self.table.now
            && let Some(clock) = self.table.clock.as_mut()
            && !self.table.game.is_over()
        {
            clock.start(now);
        }
    }

    /// The time is now `now`: the clock starts if it has not, a fallen
    /// flag ends the game, an alarm whose time has come is said.
    pub(super) fn observe(&mut self, now: Instant) -> Vec<Event> {
        self.table.now = Some(now);
        if self.table.game.is_over() {
            return Vec::new();
        }
        let Some(clock) = self.table.clock.as_mut() else {
            return Vec::new();
        };
        clock.start(now);
        // Online the server's clock is the one that counts: its flag is
        // said when the server ends the game.
        let online = self.online.playing();
        if let Some(color) = clock.flag(now).filter(|_| !online) {
            clock.stop(now);
            let Ok(finished) = self.table.game.flag_fall(color) else {
                return Vec::new();
            };
            // Nobody waits for the engine's move or an answer any more.
            self.seat.awaiting = None;
            self.table.prompt = None;
            return vec![GameEvent::Over(finished).into()];
        }
        self.alarms(now)
    }

    /// The sides whose alarms are said: the player's, or both in hot
    /// seat.
    fn alarm_sides(&self) -> Vec<Color> {
        match self.table.settings.opponent {
            OpponentChoice::Human => vec![Color::White, Color::Black],
            OpponentChoice::Engine => vec![self.seat.human],
        }
    }

    /// The alarms crossed since the session last looked: each threshold
    /// once per side, the lowest crossed said (several at once after a
    /// long pause say only where the time is now).
    fn alarms(&mut self, now: Instant) -> Vec<Event> {
        let Some(clock) = self.table.clock.as_ref() else {
            return Vec::new();
        };
        let mut events = Vec::new();
        for color in self.alarm_sides() {
            let left = clock.left(color, now);
            let before = self.alarms.seen[color].replace(left);
            let Some(before) = before else {
                continue;
            };
            let said = &mut self.alarms.said[color];
            if left > before {
                // Time was added (a new period, an undo): thresholds
                // above the new time may be crossed again.
                said.retain(|&t| Duration::from_secs(u64::from(t)) > left);
            }
            let crossed: Vec<u32> = self
                .table
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
                        who: self.who(color),
                        left: Duration::from_secs(u64::from(lowest)),
                    })
                    .into(),
                );
            }
        }
        events
    }

    /// The side to move has moved: its clock is pressed.
    pub(super) fn press_clock(&mut self) {
        let (Some(now), Some(clock)) = (self.table.now, self.table.clock.as_mut()) else {
            return;
        };
        clock.press(now);
        if self.table.game.is_over() {
            clock.stop(now);
        }
    }

    /// The game ended without a move (resignation, agreement, claim):
    /// the clock stops.
    pub(super) fn stop_clock_if_over(&mut self) {
        if let (Some(now), Some(clock)) = (self.table.now, self.table.clock.as_mut())
            && self.table.game.is_over()
            && !clock.is_stopped()
        {
            clock.stop(now);
        }
    }

    /// A move was taken back: both times as they were before it.
    pub(super) fn undo_clock(&mut self) {
        if let (Some(now), Some(clock)) = (self.table.now, self.table.clock.as_mut()) {
            clock.undo(now);
        }
    }

    /// A game that ended without a move goes on: after a fallen flag the
    /// side gets its turn's time back.
    pub(super) fn reopen_clock(&mut self, reason: Option<EndReason>) {
        let flagged = matches!(
            reason,
            Some(EndReason::TimeForfeit | EndReason::TimeoutVsInsufficientMaterial)
        );
        if let (Some(now), Some(clock)) = (self.table.now, self.table.clock.as_mut()) {
            clock.reopen(now, flagged);
        }
    }

    /// How a side is named: "you" and "opponent" against an engine, the
    /// colour in hot seat.
    fn who(&self, color: Color) -> Who {
        match self.table.settings.opponent {
            OpponentChoice::Human => Who::Side(color),
            OpponentChoice::Engine if color == self.seat.human => Who::You,
            OpponentChoice::Engine => Who::Opponent,
        }
    }

    /// The player's own side: against an engine the person's, in hot
    /// seat the side to move.
    fn own_side(&self) -> Color {
        match self.table.settings.opponent {
            OpponentChoice::Human => self.table.game.turn(),
            OpponentChoice::Engine => self.seat.human,
        }
    }

    /// The clock read out: both sides (own first; White first in hot
    /// seat), or the one asked for. `None` when the game is untimed.
    pub(super) fn clock_report(&self, side: Option<ClockSide>) -> Option<ClockReport> {
        let clock = self.table.clock.as_ref()?;
        let now = self.table.now?;
        let own = self.own_side();
        let colors = match side {
            None if self.table.settings.opponent == OpponentChoice::Human => {
                vec![Color::White, Color::Black]
            }
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
                    who: self.who(color),
                    left: clock.left(color, now),
                })
                .collect(),
            moves_to_control: clock.moves_to_control(first),
            paused: clock.is_paused(),
        })
    }

    /// The time `side` has left now, when the game is timed.
    pub(super) fn time_left(&self, side: Color) -> Option<Duration> {
        let clock = self.table.clock.as_ref()?;
        Some(clock.left(side, self.table.now?))
    }

    /// `clock [side]`.
    pub(super) fn clock(&self, side: Option<ClockSide>) -> Vec<Event> {
        match self.clock_report(side) {
            Some(report) => vec![ClockEvent::Report(report).into()],
            None => vec![Refused::Untimed.into()],
        }
    }

    /// `pause`: the clock stands until `resume`.
    pub(super) fn pause(&mut self) -> Vec<Event> {
        self.pause_or_resume(true)
    }

    /// `resume`.
    pub(super) fn resume(&mut self) -> Vec<Event> {
        self.pause_or_resume(false)
    }

    fn pause_or_resume(&mut self, pause: bool) -> Vec<Event> {
        let over = self.table.game.is_over();
        let (Some(now), Some(clock)) = (self.table.now, self.table.clock.as_mut()) else {
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

    /// Both clocks for an engine's `go`, when the game is timed. A delay
    /// is passed as an increment: what the engine may spend per move
    /// without losing main time.
    pub(super) fn go_clock(&self) -> Option<GoClock> {
        let clock = self.table.clock.as_ref()?;
        let now = self.table.now?;
        let times = clock.times(now);
        let bonus = clock.control().bonus().amount();
        Some(GoClock {
            wtime: times.white,
            btime: times.black,
            winc: bonus,
            binc: bonus,
            movestogo: clock.moves_to_control(self.table.game.turn()),
        })
    }

    /// Whether a clock runs (or waits for its start) and wants the
    /// loop's tick.
    pub(super) fn clock_runs(&self) -> bool {
        self.table.clock.as_ref().is_some_and(|clock| {
            !self.table.game.is_over() && (clock.is_running() || !clock.is_started())
        })
    }

    /// When the session must next be told the time even if nothing else
    /// happens: a flag's fall or an alarm's time.
    pub(super) fn clock_deadline(&self) -> Option<Instant> {
        let clock = self.table.clock.as_ref()?;
        let now = self.table.now?;
        if self.table.game.is_over() || !clock.is_running() {
            return None;
        }
        let turn = clock.turn();
        let mut next = clock.deadline(now);
        if self.alarm_sides().contains(&turn) {
            let left = clock.left(turn, now);
            let said = &self.alarms.said[turn];
            let alarm = self
                .table
                .settings
                .time_alerts
                .0
                .iter()
                .map(|&t| (t, Duration::from_secs(u64::from(t))))
                .filter(|&(t, d)| d < left && !said.contains(&t))
                .map(|(_, d)| d)
                .max();
            if let Some(at) = alarm.and_then(|d| clock.when_left(d, now)) {
                next = Some(next.map_or(at, |n| n.min(at)));
            }
        }
        next
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::rules::Game;
    use crate::rules::clock::TimeControl;
    use crate::session::testing::engine_requests;
    use crate::session::{Effect, Input};
    use crate::settings::{Settings, TimeAlerts, TimeChoice};

    fn session(control: &str, alerts: &[u32], opponent: OpponentChoice) -> Session {
        let settings = Settings {
            opponent,
            time: TimeChoice::Timed(control.parse::<TimeControl>().expect("control")),
            time_alerts: TimeAlerts(alerts.to_vec()),
            ..Settings::default()
        };
        Session::new(Game::new(), settings)
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
        let report = s.clock_report(None).expect("timed");
        assert_eq!(report.sides[0].left, Duration::from_secs(293));
        assert_eq!(report.sides[1].left, Duration::from_secs(300));
        let events = s.line_at("set time 1+0", at(t0, 41.0));
        assert_eq!(events[1], ClockEvent::NextGame.into());
        s.line_at("new", at(t0, 42.0));
        let report = s.clock_report(None).expect("timed");
        assert_eq!(report.sides[0].left, Duration::from_secs(60));
    }
}
