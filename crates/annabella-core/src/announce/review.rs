//! The review family: the opening by name, a review under way, its
//! summary and turning points as sentences in the style of the
//! settings, and the better line.

use shakmaty::Color;

use super::{Announcer, Phrasing, n, s};
use crate::event::{ReviewEvent, ReviewRefusal, SideTally, Summary, TurningPoint};
use crate::rules::{Eval, Judgement, Opening};
use crate::settings::{Style, Verbosity};

impl Announcer {
    pub(super) fn review_event(&self, p: Phrasing, event: &ReviewEvent) -> Vec<String> {
        let ui = p.lang;
        let one = |text: String| vec![text];
        match event {
            ReviewEvent::Opening(o) => one(self.opening(p, o)),
            ReviewEvent::NoOpening => one(self.message(ui, "review-no-opening", &[])),
            ReviewEvent::Started { positions, engine } => {
                let engine = engine.clone().unwrap_or_else(|| "builtin".to_string());
                one(self.message(
                    ui,
                    "review-started",
                    &[("positions", n(count(*positions))), ("engine", s(engine))],
                ))
            }
            ReviewEvent::Progress(percent) => {
                one(self.message(ui, "review-progress", &[("percent", n(*percent))]))
            }
            ReviewEvent::Stopped { done, total } => one(self.message(
                ui,
                "review-stopped",
                &[("done", n(count(*done))), ("total", n(count(*total)))],
            )),
            ReviewEvent::EngineFailed => one(self.message(ui, "review-engine-failed", &[])),
            ReviewEvent::Summary(summary) => self.review_summary(p, summary),
            ReviewEvent::Turning(point) => one(self.turning_point(p, point)),
            ReviewEvent::Line(line) if line.is_empty() => {
                one(self.message(ui, "review-no-line", &[]))
            }
            ReviewEvent::Line(line) => {
                let moves: Vec<String> = line.iter().map(|f| self.move_words(p, f)).collect();
                one(self.message(ui, "review-line", &[("line", s(moves.join("; ")))]))
            }
            ReviewEvent::NoTurningPoints => one(self.message(ui, "review-no-turning", &[])),
            ReviewEvent::Refused(why) => one(self.review_refused(p, why)),
        }
    }

    /// "Opening: Sicilian Defense: Najdorf Variation (B90)." The name is
    /// lichess's, in English in every language: a proper name.
    fn opening(&self, p: Phrasing, o: &Opening) -> String {
        self.message(
            p.lang,
            "review-opening",
            &[
                ("name", s(o.name.to_string())),
                ("eco", s(o.eco.to_string())),
            ],
        )
    }

    /// The opening, each side's tally, and how many turning points.
    fn review_summary(&self, p: Phrasing, summary: &Summary) -> Vec<String> {
        let ui = p.lang;
        let mut lines = Vec::new();
        if let Some(o) = &summary.opening {
            lines.push(self.opening(p, o));
        }
        for color in [Color::White, Color::Black] {
            lines.push(self.side_tally(p, color, &summary.sides[color]));
        }
        if summary.missing > 0 {
            lines.push(self.message(
                ui,
                "review-missing",
                &[("missing", n(count(summary.missing)))],
            ));
        }
        if summary.turning_points > 0 {
            lines.push(self.message(
                ui,
                "review-turning-count",
                &[("count", n(count(summary.turning_points)))],
            ));
        }
        lines
    }

    /// "White: 1 inaccuracy, no mistake, 1 blunder; accuracy 81 percent."
    fn side_tally(&self, p: Phrasing, color: Color, t: &SideTally) -> String {
        let accuracy = t.accuracy.map_or(-1, i64::from);
        self.message(
            p.lang,
            "review-side",
            &[
                ("color", s(self.color(p, color))),
                ("inaccuracies", n(t.inaccuracies)),
                ("mistakes", n(t.mistakes)),
                ("blunders", n(t.blunders)),
                ("accuracy", s(accuracy.to_string())),
            ],
        )
    }

    /// "Move 14, Black: Springer Cesar sechs, a mistake. Better was
    /// Läufer David sieben. White's winning chances rose from 55 to 80
    /// percent." At verbosity full, or in SAN style, also how the
    /// position stands after the move.
    fn turning_point(&self, p: Phrasing, t: &TurningPoint) -> String {
        let ui = p.lang;
        let judgement = match t.judgement {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        };
        let mut parts = vec![self.message(
            ui,
            "review-turning",
            &[
                ("index", n(count(t.index))),
                ("count", n(count(t.count))),
                ("number", n(t.played.number)),
                ("color", s(self.color(p, t.played.color))),
                ("move", s(self.move_words(p, &t.played))),
                ("judgement", s(judgement)),
            ],
        )];
        if let Some(better) = &t.better {
            parts.push(self.message(
                ui,
                "review-better",
                &[("move", s(self.move_words(p, better)))],
            ));
        }
        parts.push(self.message(
            ui,
            "review-chances",
            &[
                ("side", s(side_key(t.side))),
                ("before", n(t.before)),
                ("after", n(t.after)),
            ],
        ));
        if p.verbosity == Verbosity::Full
            || p.style == Style::San
            || matches!(t.eval, Eval::Mate(_))
        {
            parts.push(self.eval_after(p, t.eval));
        }
        parts.join(" ")
    }

    /// How the position stands after the move, in words: "Black mates
    /// in 3", "White is better by about 2 pawns"; in SAN style or at
    /// verbosity full with the figure lichess shows (`+2.35`, `#-3`).
    fn eval_after(&self, p: Phrasing, eval: Eval) -> String {
        let ui = p.lang;
        let words = match eval {
            Eval::Mate(m) => {
                let color = if m >= 0 { Color::White } else { Color::Black };
                self.message(
                    ui,
                    "eval-mate",
                    &[
                        ("color", s(self.color(p, color))),
                        ("moves", n(m.unsigned_abs().max(1))),
                    ],
                )
            }
            Eval::Cp(cp) => {
                let pawns = (cp.unsigned_abs() + 50) / 100;
                let color = if cp >= 0 { Color::White } else { Color::Black };
                if pawns == 0 {
                    self.message(ui, "eval-equal", &[])
                } else {
                    self.message(
                        ui,
                        "review-eval-pawns",
                        &[("color", s(self.color(p, color))), ("pawns", n(pawns))],
                    )
                }
            }
        };
        if p.verbosity != Verbosity::Full && p.style != Style::San {
            return words;
        }
        let figure = match eval {
            Eval::Mate(m) => format!("#{m}"),
            Eval::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        };
        format!("{words} ({figure})")
    }

    fn review_refused(&self, p: Phrasing, why: &ReviewRefusal) -> String {
        let ui = p.lang;
        let id = match why {
            ReviewRefusal::NoMoves => "review-no-moves",
            ReviewRefusal::GameRunning => "review-running",
            ReviewRefusal::Busy => "review-busy",
            ReviewRefusal::NotReviewed => "review-not-reviewed",
            ReviewRefusal::NoSuchPoint { asked, count: c } => {
                return self.message(
                    ui,
                    "review-no-such-point",
                    &[("asked", n(*asked)), ("count", n(count(*c)))],
                );
            }
            ReviewRefusal::AtLast => "review-at-last",
            ReviewRefusal::AtFirst => "review-at-first",
            ReviewRefusal::NoPointShown => "review-no-point-shown",
            ReviewRefusal::NothingToStop => "review-nothing-to-stop",
            ReviewRefusal::NotHere => "review-not-here",
        };
        self.message(ui, id, &[])
    }
}

/// The side as the messages select on it.
fn side_key(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A count as a message number.
fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
