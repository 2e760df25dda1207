//! The words of the Braille scoresheet (`brf FILE`), in print before
//! liblouis brailles them: a header with the players, the event, the
//! date and the result, then one move pair a line in the UI language's
//! piece letters, each move with the mover's clock when the game had
//! one. What became of the sheet is said by the records family.

use std::time::Duration;

use shakmaty::Color;

use super::{Announcer, Phrasing, n, s};
use crate::event::{BrailleSheet, BrfOutcome, BrfTrouble};
use crate::rules::MoveFacts;
use crate::settings::{Style, Verbosity};

impl Announcer {
    /// The scoresheet's lines in print, in the sheet's language.
    ///
    /// ```
    /// use annabella_core::announce::Announcer;
    /// use annabella_core::event::BrailleSheet;
    /// use annabella_core::rules::{Game, MoveFacts};
    /// use annabella_core::settings::{BrailleTable, Lang};
    ///
    /// let mut game = Game::new();
    /// for san in ["e4", "e5", "Nf3", "Nc6"] {
    ///     let san: shakmaty::san::San = san.parse().unwrap();
    ///     let mv = san.to_move(game.position()).unwrap();
    ///     game.play(mv).unwrap();
    /// }
    /// let sheet = BrailleSheet {
    ///     path: "game.brf".into(),
    ///     replace: false,
    ///     lang: Lang::De,
    ///     width: 40,
    ///     table: BrailleTable::Auto,
    ///     players: ["Anna".into(), "Bert".into()],
    ///     event: "Klubabend".into(),
    ///     date: "2026.11.27".into(),
    ///     result: "*".into(),
    ///     moves: MoveFacts::history(&game),
    ///     times: Vec::new(),
    /// };
    /// let lines = Announcer::new().brf_lines(&sheet);
    /// assert_eq!(lines.last().unwrap(), "2. Sf3 Sc6");
    /// ```
    pub fn brf_lines(&self, sheet: &BrailleSheet) -> Vec<String> {
        let lang = sheet.lang;
        let [white, black] = &sheet.players;
        let mut lines = vec![
            self.message(
                lang,
                "brf-players",
                &[("white", s(white.clone())), ("black", s(black.clone()))],
            ),
            self.message(lang, "brf-event", &[("event", s(sheet.event.clone()))]),
            self.message(lang, "brf-date", &[("date", s(sheet.date.clone()))]),
            self.message(lang, "brf-result", &[("result", s(sheet.result.clone()))]),
            String::new(),
        ];
        let p = Phrasing {
            lang,
            style: Style::San,
            verbosity: Verbosity::Normal,
        };
        let mut i = 0;
        while let Some(first) = sheet.moves.get(i) {
            let mut line = format!("{}.", first.number);
            if first.color == Color::Black {
                // A game from a position with Black to move starts
                // with Black's move alone, as PGN writes `1...`.
                line.push_str("..");
            }
            let pair = if first.color == Color::White {
                sheet.moves.get(i + 1).map_or(1, |_| 2)
            } else {
                1
            };
            for (k, facts) in sheet.moves[i..i + pair].iter().enumerate() {
                line.push(' ');
                line.push_str(&self.brf_move(p, facts, sheet.times.get(i + k).copied()));
            }
            lines.push(line);
            i += pair;
        }
        lines
    }

    /// A move as SAN in the UI language's letters (what `history` says
    /// in style `san`), with the mover's clock after it.
    fn brf_move(&self, p: Phrasing, facts: &MoveFacts, left: Option<Duration>) -> String {
        let san = self.plain_san_text(p, facts);
        let Some(left) = left else {
            return san;
        };
        // Whole seconds rounded up, as PGN's clock: time left never
        // reads zero.
        let secs = left.as_millis().div_ceil(1000);
        let (h, m, sec) = (secs / 3600, secs / 60 % 60, secs % 60);
        let time = if h > 0 {
            self.message(
                p.lang,
                "brf-time-hours",
                &[
                    ("hours", s(h.to_string())),
                    ("minutes", s(format!("{m:02}"))),
                    ("seconds", s(format!("{sec:02}"))),
                ],
            )
        } else {
            self.message(
                p.lang,
                "brf-time",
                &[
                    ("minutes", s(m.to_string())),
                    ("seconds", s(format!("{sec:02}"))),
                ],
            )
        };
        format!("{san} {time}")
    }

    /// What became of the scoresheet: written, with its pages; the file
    /// not written, as for `pgn FILE`; or not made, and what would do.
    pub(super) fn brf_outcome(&self, p: Phrasing, outcome: &BrfOutcome) -> String {
        let trouble = match outcome {
            BrfOutcome::Written { path, pages } => {
                return self.message(
                    p.lang,
                    "brf-written",
                    &[
                        ("path", super::q(&path.display().to_string())),
                        ("pages", n(u32::try_from(*pages).unwrap_or(u32::MAX))),
                    ],
                );
            }
            BrfOutcome::Failed { path, trouble } => return self.file_trouble(p, path, trouble),
            BrfOutcome::Refused(trouble) => trouble,
            BrfOutcome::Exists(path) => {
                return self.message(
                    p.lang,
                    "brf-exists",
                    &[("path", super::q(&path.display().to_string()))],
                );
            }
        };
        let (id, table) = match trouble {
            BrfTrouble::NotBuilt => return self.message(p.lang, "brf-not-built", &[]),
            BrfTrouble::NoTable(table) => ("brf-no-table", table),
            BrfTrouble::Unusable(table) => ("brf-unusable", table),
            BrfTrouble::EightDot(table) => ("brf-eight-dot", table),
        };
        self.message(p.lang, id, &[("table", s(table.clone()))])
    }
}
