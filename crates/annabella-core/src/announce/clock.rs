//! The clock family: times in words fit for speech ("4 Minuten 30
//! Sekunden", never "04:30"), the clock read out, alarms, pause.

use std::time::Duration;

use super::{Announcer, Phrasing, capitalise, n, q, s};
use crate::event::{ClockEvent, ClockReport, SideTime, Who};
use crate::rules::clock::{ControlError, ControlProblem};
use crate::settings::Lang;

impl Announcer {
    pub(super) fn clock_event(&self, p: Phrasing, event: &ClockEvent) -> String {
        let ui = p.lang;
        match event {
            ClockEvent::Report(report) => self.clock_report(p, report),
            ClockEvent::Alarm(side) => {
                let time = s(self.duration(ui, side.left));
                match side.who {
                    Who::You => self.message(ui, "clock-alarm", &[("time", time)]),
                    Who::Opponent => {
                        let who = s(self.message(ui, "clock-opponent-name", &[]));
                        self.message(ui, "clock-alarm-side", &[("who", who), ("time", time)])
                    }
                    Who::Side(color) => {
                        let who = s(self.color(p, color));
                        self.message(ui, "clock-alarm-side", &[("who", who), ("time", time)])
                    }
                }
            }
            ClockEvent::Paused => self.message(ui, "clock-paused", &[]),
            ClockEvent::Resumed => self.message(ui, "clock-resumed", &[]),
            ClockEvent::NextGame => self.message(ui, "clock-next-game", &[]),
        }
    }

    /// The clock as one sentence: "Du: 4 Minuten 30 Sekunden, Gegner: 3
    /// Minuten 50 Sekunden." and the moves to the next control.
    pub(super) fn clock_report(&self, p: Phrasing, report: &ClockReport) -> String {
        let ui = p.lang;
        let sides: Vec<String> = report.sides.iter().map(|t| self.side_time(p, t)).collect();
        let mut line =
            capitalise(&self.message(ui, "clock-report", &[("sides", s(sides.join(", ")))]));
        if let Some(moves) = report.moves_to_control {
            line.push(' ');
            line.push_str(&self.message(ui, "clock-moves-to-control", &[("count", n(moves))]));
        }
        if report.paused {
            line.push(' ');
            line.push_str(&self.message(ui, "clock-is-paused", &[]));
        }
        line
    }

    fn side_time(&self, p: Phrasing, side: &SideTime) -> String {
        let ui = p.lang;
        let time = s(self.duration(ui, side.left));
        let who = match side.who {
            Who::You => self.message(ui, "clock-you-name", &[]),
            Who::Opponent => self.message(ui, "clock-opponent-name", &[]),
            Who::Side(color) => self.color(p, color),
        };
        self.message(ui, "clock-side", &[("who", s(who)), ("time", time)])
    }

    /// A time in words: hours, minutes and whole seconds (rounded up, so
    /// that a clock with time left never says zero), and tenths of a
    /// second under ten seconds.
    ///
    /// ```
    /// use std::time::Duration;
    /// use annabella_core::announce::Announcer;
    /// use annabella_core::settings::Lang;
    /// let a = Announcer::new();
    /// assert_eq!(a.duration(Lang::De, Duration::from_secs(270)), "4 Minuten 30 Sekunden");
    /// assert_eq!(a.duration(Lang::En, Duration::from_millis(3_720_000)), "1 hour 2 minutes");
    /// assert_eq!(a.duration(Lang::De, Duration::from_millis(8_340)), "8,4 Sekunden");
    /// assert_eq!(a.duration(Lang::En, Duration::from_millis(59_001)), "1 minute");
    /// ```
    pub fn duration(&self, lang: Lang, left: Duration) -> String {
        let ms = left.as_millis();
        if ms < 10_000 {
            let tenths = ms.div_ceil(100) as u32;
            if !tenths.is_multiple_of(10) {
                let separator = self.message(lang, "decimal-separator", &[]);
                let number = format!("{}{separator}{}", tenths / 10, tenths % 10);
                return self.message(lang, "time-seconds-decimal", &[("seconds", s(number))]);
            }
        }
        let secs = ms.div_ceil(1000) as u32;
        let (hours, minutes, seconds) = (secs / 3600, secs / 60 % 60, secs % 60);
        let mut parts = Vec::new();
        if hours > 0 {
            parts.push(self.message(lang, "time-hours", &[("count", n(hours))]));
        }
        if minutes > 0 {
            parts.push(self.message(lang, "time-minutes", &[("count", n(minutes))]));
        }
        if seconds > 0 || parts.is_empty() {
            parts.push(self.message(lang, "time-seconds", &[("count", n(seconds))]));
        }
        parts.join(" ")
    }

    /// Why a time control was refused, with examples that work.
    pub fn time_control_error(&self, lang: Lang, error: &ControlError) -> String {
        let id = match error.problem {
            ControlProblem::Empty => "control-empty",
            ControlProblem::NotANumber => "control-not-a-number",
            ControlProblem::Negative => "control-negative",
            ControlProblem::Form => "control-form",
            ControlProblem::NoTime => "control-no-time",
            ControlProblem::TooLarge => "control-too-large",
            ControlProblem::TwoBonuses => "control-two-bonuses",
            ControlProblem::AfterSuddenDeath => "control-after-sudden-death",
        };
        let problem = self.message(lang, id, &[("part", q(&error.part))]);
        self.message(lang, "bad-time-control", &[("problem", s(problem))])
    }
}
