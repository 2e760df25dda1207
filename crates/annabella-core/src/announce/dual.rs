//! The dual family: the player's own board, the repetition of moves in
//! confirm mode, and scoresheets.

use shakmaty::{Color, Piece};

use super::{Announcer, Phrasing, n, q, role_key, s};
use crate::dual::compare::Difference;
use crate::dual::dictation::DictationProblem;
use crate::dual::scoresheet::SheetStopKind;
use crate::event::{Compared, DualEvent, Explained, SheetReport, SheetStopAt};

/// Why a scoresheet's reading stopped, by kind.
const STOPS: [&str; 4] = [
    "sheet-stop-unreadable",
    "sheet-stop-illegal",
    "sheet-stop-ambiguous",
    "sheet-stop-null",
];

/// Why a dictated line was not taken, by kind.
const NOT_NOTED: [&str; 4] = [
    "sheet-not-noted-unreadable",
    "sheet-not-noted-illegal",
    "sheet-not-noted-ambiguous",
    "sheet-not-noted-null",
];
use crate::rules::MoveFacts;

impl Announcer {
    pub(super) fn dual_event(&self, p: Phrasing, event: &DualEvent) -> Vec<String> {
        let ui = p.lang;
        let line = match event {
            DualEvent::Confirmed => self.message(ui, "confirm-right", &[]),
            // The correction names where the piece came from as well, so
            // that it can be put right on the player's own board.
            DualEvent::Corrected(f) => self.message(
                ui,
                "confirm-wrong",
                &[("move", s(self.move_words(p.full(), f)))],
            ),
            DualEvent::RepeatFirst(f) => self.message(
                ui,
                "confirm-first",
                &[("move", s(self.move_words(p.full(), f)))],
            ),
            DualEvent::RepeatOwed(f) => self.message(
                ui,
                "confirm-owed",
                &[("move", s(self.move_words(p.full(), f)))],
            ),
            DualEvent::OwnDropped => self.message(ui, "confirm-own-dropped", &[]),
            DualEvent::BoardSet => self.message(ui, "dual-board-set", &[]),
            DualEvent::BoardCleared => self.message(ui, "dual-board-cleared", &[]),
            DualEvent::BadFen(text) => self.message(ui, "dual-bad-fen", &[("text", q(text))]),
            DualEvent::Stated {
                squares,
                rest_empty,
                problems,
            } => return self.stated(p, *squares, *rest_empty, problems),
            DualEvent::BoardCounts { empty, unstated } => self.message(
                ui,
                "dual-counts",
                &[("empty", n(count(*empty))), ("unstated", n(*unstated))],
            ),
            DualEvent::Compared(compared) => return self.compared(p, compared),
            DualEvent::SheetNoted(moves) => {
                let list: Vec<String> = moves
                    .iter()
                    .enumerate()
                    .map(|(i, f)| self.noted_move(p, f, i == 0))
                    .collect();
                self.message(ui, "sheet-noted", &[("moves", s(list.join("; ")))])
            }
            DualEvent::SheetNotNoted(stop) => self.sheet_stop(p, stop, NOT_NOTED),
            DualEvent::RestoreKept => self.message(ui, "restore-kept", &[]),
            DualEvent::Sheet(report) => return self.sheet_report(p, report),
            DualEvent::Restored {
                number: Some(number),
                color,
                clocks,
            } => self.message(
                ui,
                if *clocks {
                    "restore-done-clocks"
                } else {
                    "restore-done"
                },
                &[("number", n(*number)), ("color", s(self.color(p, *color)))],
            ),
            DualEvent::Restored {
                number: None,
                clocks,
                ..
            } => self.message(
                ui,
                if *clocks {
                    "restore-start-clocks"
                } else {
                    "restore-start"
                },
                &[],
            ),
            DualEvent::NothingToRestore => self.message(ui, "restore-nothing", &[]),
        };
        vec![line]
    }

    /// A move with its number and side: "12. White: Springer Felix drei".
    /// Where and why a sheet could not be read further, or a dictated
    /// line was not taken: `ids` for no move, not legal, several moves.
    fn sheet_stop(&self, p: Phrasing, stop: &SheetStopAt, ids: [&str; 4]) -> String {
        let id = match stop.kind {
            SheetStopKind::Unreadable => ids[0],
            SheetStopKind::Illegal => ids[1],
            SheetStopKind::Ambiguous => ids[2],
            SheetStopKind::NullMove => ids[3],
        };
        self.message(
            p.lang,
            id,
            &[
                ("number", n(stop.number)),
                ("color", s(self.color(p, stop.color))),
                ("text", q(&stop.text)),
            ],
        )
    }

    /// A move read back from a dictated sheet: with its number when it
    /// comes first on the line or is White's, as a scoresheet has it
    /// ("2. White: …; Black: …").
    fn noted_move(&self, p: Phrasing, f: &MoveFacts, first: bool) -> String {
        if first || f.color == Color::White {
            return self.numbered(p, f);
        }
        self.message(
            p.lang,
            "sheet-noted-black",
            &[
                ("color", s(self.color(p, f.color))),
                ("move", s(self.move_words(p.short(), f))),
            ],
        )
    }

    fn numbered(&self, p: Phrasing, f: &MoveFacts) -> String {
        self.message(
            p.lang,
            "announce-move",
            &[
                ("number", n(f.number)),
                ("color", s(self.color(p, f.color))),
                ("move", s(self.move_words(p.short(), f))),
            ],
        )
    }

    fn stated(
        &self,
        p: Phrasing,
        squares: usize,
        rest_empty: bool,
        problems: &[DictationProblem],
    ) -> Vec<String> {
        let ui = p.lang;
        let mut lines = Vec::new();
        // "Rest empty" alone states no square of its own: no count.
        if squares > 0 || !rest_empty {
            lines.push(self.message(ui, "dual-stated", &[("count", n(count(squares)))]));
        }
        if rest_empty {
            lines.push(self.message(ui, "dual-rest-empty", &[]));
        }
        for problem in problems {
            let (id, text) = match problem {
                DictationProblem::UnknownWord(t) => ("dual-problem-word", t),
                DictationProblem::NoColor(t) => ("dual-problem-color", t),
                DictationProblem::NoSquare(t) => ("dual-problem-square", t),
                DictationProblem::NoPiece(t) => ("dual-problem-piece", t),
            };
            lines.push(self.message(ui, id, &[("text", q(text))]));
        }
        lines
    }

    fn compared(&self, p: Phrasing, compared: &Compared) -> Vec<String> {
        let ui = p.lang;
        let mut lines = Vec::new();
        match &compared.explanation {
            Some(Explained::NotMade(moves)) => {
                let list: Vec<String> = moves.iter().map(|f| self.numbered(p, f)).collect();
                lines.push(self.message(
                    ui,
                    "dual-not-made",
                    &[
                        ("count", n(count(moves.len()))),
                        ("moves", s(list.join("; "))),
                    ],
                ));
            }
            Some(Explained::WrongMove { made, played }) => lines.push(self.message(
                ui,
                "dual-wrong-move",
                &[
                    ("made", s(self.move_words(p.short(), made))),
                    ("played", s(self.numbered(p, played))),
                ],
            )),
            Some(Explained::CaptureNotRemoved {
                capture,
                square,
                piece,
            }) => lines.push(self.message(
                ui,
                "dual-capture-left",
                &[
                    ("capture", s(self.numbered(p, capture))),
                    ("square", s(self.square(p, *square))),
                    ("piece", s(self.colored_piece(p, *piece))),
                ],
            )),
            Some(Explained::ExtraMove(made)) => lines.push(self.message(
                ui,
                "dual-extra-move",
                &[("made", s(self.move_words(p.short(), made)))],
            )),
            None => {}
        }
        if compared.differences.is_empty() {
            lines.push(self.message(ui, "dual-agree", &[]));
        }
        for difference in &compared.differences {
            lines.push(self.difference(p, difference));
        }
        lines
    }

    /// One square as a correction: what belongs there, what the player's
    /// board has.
    fn difference(&self, p: Phrasing, d: &Difference) -> String {
        let square = s(self.square(p, d.square));
        let piece = |piece: Piece| {
            [
                ("role", role_key(piece.role)),
                ("piece", s(self.colored_piece(p, piece))),
            ]
        };
        match (d.game, d.player) {
            (Some(game), None) => {
                let mut args = vec![("square", square)];
                args.extend(piece(game));
                self.message(p.lang, "dual-diff-missing", &args)
            }
            (None, Some(yours)) => {
                let mut args = vec![("square", square)];
                args.extend(piece(yours));
                self.message(p.lang, "dual-diff-extra", &args)
            }
            (Some(game), Some(yours)) => {
                let [(_, yrole), (_, ypiece)] = piece(yours);
                let mut args = vec![("square", square), ("yrole", yrole), ("yours", ypiece)];
                args.extend(piece(game));
                self.message(p.lang, "dual-diff-wrong", &args)
            }
            (None, None) => self.message(p.lang, "dual-agree", &[]),
        }
    }

    fn sheet_report(&self, p: Phrasing, report: &SheetReport) -> Vec<String> {
        let ui = p.lang;
        let mut lines = Vec::new();
        for (i, read) in report.read.iter().enumerate() {
            let args = [
                ("sheet", n(count(i + 1))),
                ("sheets", n(count(report.read.len()))),
                ("count", n(count(*read))),
            ];
            lines.push(self.message(ui, "sheet-read", &args));
            if let Some(Some(stop)) = report.stops.get(i) {
                lines.push(self.sheet_stop(p, stop, STOPS));
            }
        }
        let sheets = report.read.len();
        let behind = report.behind.iter().enumerate().filter(|(_, b)| **b > 0);
        let behind: Vec<String> = behind
            .map(|(i, by)| {
                let args = [
                    ("sheet", n(count(i + 1))),
                    ("sheets", n(count(sheets))),
                    ("count", n(count(*by))),
                ];
                self.message(ui, "sheet-behind", &args)
            })
            .collect();
        let Some(first) = &report.first else {
            // A sheet merely behind agrees as far as it goes: that is
            // said, not a difference.
            if behind.is_empty() {
                lines.push(self.message(ui, "sheet-agree", &[("count", n(count(report.game)))]));
            }
            lines.extend(behind);
            return lines;
        };
        lines.push(self.message(
            ui,
            "sheet-first-difference",
            &[
                ("number", n(first.number)),
                ("color", s(self.color(p, first.color))),
            ],
        ));
        let version = |f: &Option<MoveFacts>| match f {
            Some(f) => self.move_words(p.short(), f),
            None => self.message(ui, "sheet-no-move", &[]),
        };
        lines.push(self.message(ui, "sheet-game-has", &[("move", s(version(&first.game)))]));
        for (i, sheet) in first.sheets.iter().enumerate() {
            lines.push(self.message(
                ui,
                "sheet-sheet-has",
                &[
                    ("sheet", n(count(i + 1))),
                    ("sheets", n(count(first.sheets.len()))),
                    ("move", s(version(sheet))),
                ],
            ));
        }
        lines.push(self.message(
            ui,
            "sheet-restore-hint",
            &[("count", n(count(report.agreed)))],
        ));
        lines
    }
}

/// A count for a message; counts here are small.
fn count(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}
