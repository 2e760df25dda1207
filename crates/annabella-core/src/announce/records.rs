//! The records family: saved and loaded games, files written, and the
//! offer to go on with an unfinished game.

use super::{Announcer, Phrasing, n, q, s};
use crate::event::{GameEntry, NameProblem, Trouble};
use crate::event::{IoReason, Replacing};
use crate::event::{Keeping, OpponentKind, RecordEvent, ResumeOffer};
use crate::rules::{GameSummary, ImportError, ImportErrorKind};
use crate::settings::Verbosity;

impl Announcer {
    pub(super) fn record_event(&self, p: Phrasing, event: &RecordEvent) -> Vec<String> {
        let ui = p.lang;
        let one = |id: &str, args: &[(&str, fluent_bundle::FluentValue<'_>)]| {
            vec![self.message(ui, id, args)]
        };
        match event {
            RecordEvent::Offer(offer) => vec![self.offer(p, offer)],
            RecordEvent::Resumed => one("record-resumed", &[]),
            RecordEvent::NotResumed => one("record-not-resumed", &[]),
            RecordEvent::Keeping(keeping) => vec![self.keeping(ui, keeping)],
            RecordEvent::OfferStands => one("record-offer-stands", &[]),
            RecordEvent::Saved(name) => one("record-saved", &[("name", q(name))]),
            RecordEvent::KeptAside(name) => one("record-kept-aside", &[("name", s(name.clone()))]),
            RecordEvent::Loaded(name) => one("record-loaded", &[("name", q(name))]),
            RecordEvent::Games(entries) if entries.is_empty() => one("record-games-none", &[]),
            RecordEvent::Games(entries) => entries.iter().map(|e| self.entry(p, e)).collect(),
            RecordEvent::Written(path) => one(
                "record-written",
                &[("path", q(&path.display().to_string()))],
            ),
            RecordEvent::Added { path, number } => one(
                "record-added",
                &[
                    ("path", q(&path.display().to_string())),
                    ("number", n(*number as u32)),
                ],
            ),
            RecordEvent::Failed { path, trouble } => vec![self.file_trouble(p, path, trouble)],
            RecordEvent::Unrestorable(name) => one("record-unrestorable", &[("name", q(name))]),
            RecordEvent::KeptUnrestorable(Some(aside)) => one(
                "record-kept-unrestorable",
                &[("aside", s(aside.display().to_string()))],
            ),
            RecordEvent::KeptUnrestorable(None) => one("record-kept-unrestorable-left", &[]),
            RecordEvent::NothingToResume => one("record-nothing-to-resume", &[]),
            RecordEvent::TornJournal => one("record-torn-journal", &[]),
            RecordEvent::UnknownSetting { path, key } => one(
                "record-unknown-setting",
                &[("path", s(path.display().to_string())), ("key", q(key))],
            ),
            RecordEvent::BadSetting { path, key, value } => one(
                "record-bad-setting",
                &[
                    ("path", s(path.display().to_string())),
                    ("key", q(key)),
                    ("value", q(value)),
                ],
            ),
            RecordEvent::PgnGames(games) if games.is_empty() => one("record-pgn-none", &[]),
            RecordEvent::PgnGames(games) => games
                .iter()
                .enumerate()
                .map(|(i, g)| self.pgn_game_line(p, i + 1, g))
                .collect(),
            RecordEvent::NoSuchGame { number, count } => one(
                "record-no-such-game",
                &[("number", n(*number as u32)), ("count", n(*count as u32))],
            ),
            RecordEvent::PgnLoaded { number, players } => one(
                "record-pgn-loaded",
                &[
                    ("number", n(*number as u32)),
                    ("players", s(self.players(p, &players[0], &players[1]))),
                ],
            ),
            RecordEvent::ImportStopped(error) => vec![self.import_stopped(p, error)],
            RecordEvent::Brf(outcome) => vec![self.brf_outcome(p, outcome)],
            RecordEvent::SettingsFileAt(path) => one(
                "record-settings-file",
                &[("path", s(path.display().to_string()))],
            ),
        }
    }

    /// What went wrong with a file.
    pub(super) fn file_trouble(
        &self,
        p: Phrasing,
        path: &std::path::Path,
        trouble: &Trouble,
    ) -> String {
        // A name or file the player typed is quoted cut short at its
        // start, keeping the file's name; a broken file of the store's
        // own is named whole.
        let full = s(path.display().to_string());
        let path = match trouble {
            // A name that cannot be one (or is taken) is the name as
            // typed.
            Trouble::BadName(_) | Trouble::Taken => q(&path.display().to_string()),
            Trouble::Missing
            | Trouble::Unreadable(_)
            | Trouble::Broken(_)
            | Trouble::Folder
            | Trouble::NotPgn
            | Trouble::NotPgnLeft => s(super::quote_path(&path.display().to_string())),
        };
        let (id, aside) = match trouble {
            Trouble::Missing => ("record-missing", None),
            Trouble::Unreadable(_) => ("record-unreadable", None),
            Trouble::Taken => ("record-taken", None),
            Trouble::BadName(NameProblem::TooLong { .. }) => ("record-name-too-long", None),
            Trouble::BadName(NameProblem::Reserved) => ("record-name-reserved", None),
            Trouble::BadName(NameProblem::Empty | NameProblem::BadChar(_)) => {
                ("record-bad-name", None)
            }
            Trouble::Folder => ("record-folder", None),
            Trouble::NotPgn => ("record-not-pgn", None),
            Trouble::NotPgnLeft => ("record-not-pgn-left", None),
            Trouble::Broken(Some(aside)) => ("record-broken-aside", Some(aside)),
            Trouble::Broken(None) => ("record-broken", None),
        };
        let mut args = vec![(
            "path",
            if matches!(trouble, Trouble::Broken(_)) {
                full
            } else {
                path
            },
        )];
        if let Some(aside) = aside {
            args.push(("aside", s(aside.display().to_string())));
        }
        if let Trouble::BadName(NameProblem::TooLong { max }) = trouble {
            args.push(("max", n(u32::try_from(*max).unwrap_or(u32::MAX))));
        }
        if let Trouble::Unreadable(reason) = trouble {
            args.push(("why", s(self.io_reason(p.lang, *reason))));
        }
        self.message(p.lang, id, &args)
    }

    /// Whether the game in progress is kept: at the end, while it cannot
    /// be, and when another run holds the data directory.
    fn keeping(&self, ui: crate::settings::Lang, keeping: &Keeping) -> String {
        let path = |path: &std::path::Path| s(super::quote_path(&path.display().to_string()));
        let (id, args) = match keeping {
            Keeping::Unkept { path: file, reason } => (
                "record-unkept",
                vec![
                    ("path", path(file)),
                    ("why", s(self.io_reason(ui, *reason))),
                ],
            ),
            Keeping::StillUnkept => ("record-still-unkept", vec![]),
            Keeping::KeptAgain => ("record-kept-again", vec![]),
            Keeping::QuitUnkept(reason) => (
                "record-quit-unkept",
                vec![("why", s(self.io_reason(ui, *reason)))],
            ),
            Keeping::DataDirInUse(dir) => ("record-data-dir-in-use", vec![("dir", path(dir))]),
            Keeping::KeptForLater => ("record-kept-for-later", vec![]),
            Keeping::NotReplaced(Replacing::Brf(name) | Replacing::Save(name)) => {
                ("record-not-replaced", vec![("path", super::q(name))])
            }
        };
        self.message(ui, id, &args)
    }

    /// Why the file system refused, as a phrase of the UI language that
    /// a sentence takes as its `$why`.
    pub fn io_reason(&self, lang: crate::settings::Lang, reason: IoReason) -> String {
        self.message(
            lang,
            "io-reason",
            &[("reason", s(reason.word().to_string()))],
        )
    }

    /// The output (standard output, a pipe, a file it is sent to) cannot
    /// be written, and why: the line said on standard error, in `lang`.
    pub fn output_failed(&self, lang: crate::settings::Lang, reason: IoReason) -> String {
        let why = self.io_reason(lang, reason);
        self.message(lang, "output-failed", &[("why", s(why))])
    }

    /// The first words of the names the store gives games itself, in
    /// `lang`: an unfinished game put aside, a finished or unnamed one.
    pub fn game_names(&self, lang: crate::settings::Lang) -> [String; 2] {
        ["kept-name-unfinished", "kept-name-finished"].map(|id| self.message(lang, id, &[]))
    }

    /// The offer to resume, in one sentence.
    fn offer(&self, p: Phrasing, offer: &ResumeOffer) -> String {
        let ui = p.lang;
        let color = s(self.color(p, offer.opponent.human));
        let who = match offer.opponent.kind {
            OpponentKind::Human => self.message(ui, "record-who-human", &[]),
            OpponentKind::Builtin => self.message(
                ui,
                "record-who-builtin",
                &[
                    ("color", color),
                    ("level", n(u32::from(offer.opponent.level))),
                ],
            ),
            OpponentKind::External => self.message(ui, "record-who-external", &[("color", color)]),
        };
        let numbered = Phrasing {
            verbosity: p.verbosity.max(Verbosity::Normal),
            ..p
        };
        let last: Vec<String> = offer
            .last
            .iter()
            .map(|f| self.announce_move(numbered, f))
            .collect();
        let mut parts = vec![self.message(
            ui,
            "record-offer",
            &[
                ("who", s(who)),
                ("number", n(offer.number)),
                ("color", s(self.color(p, offer.turn))),
            ],
        )];
        if !last.is_empty() {
            parts.push(self.message(ui, "record-last", &[("moves", s(last.join("; ")))]));
        }
        if let Some(clock) = &offer.clock {
            parts.push(self.clock_report(p, clock));
        }
        parts.push(self.message(ui, "record-offer-question", &[]));
        parts.join(" ")
    }

    /// The players of a game as said: "Anna against Bert"; a name that
    /// is not known (PGN's `?`, or none) is said as unknown, and two
    /// unknown as unknown players, never as "? against ?".
    fn players(&self, p: Phrasing, white: &str, black: &str) -> String {
        let known = |name: &str| {
            let name = name.trim();
            (!name.is_empty() && name != "?").then(|| name.to_string())
        };
        let unknown = || self.message(p.lang, "record-player-unknown", &[]);
        match (known(white), known(black)) {
            (None, None) => self.message(p.lang, "record-players-unknown", &[]),
            (white, black) => self.message(
                p.lang,
                "record-players",
                &[
                    ("white", s(white.unwrap_or_else(unknown))),
                    ("black", s(black.unwrap_or_else(unknown))),
                ],
            ),
        }
    }

    fn pgn_game_line(&self, p: Phrasing, number: usize, game: &GameSummary) -> String {
        self.message(
            p.lang,
            "record-pgn-game",
            &[
                ("number", n(number as u32)),
                ("players", s(self.players(p, &game.white, &game.black))),
                ("result", s(game.result.as_str())),
                ("moves", n(game.plies.div_ceil(2) as u32)),
            ],
        )
    }

    fn import_stopped(&self, p: Phrasing, error: &ImportError) -> String {
        if error.kind == ImportErrorKind::NullMove {
            return self.null_move(p, error);
        }
        let why = match error.kind {
            ImportErrorKind::Illegal => "import-illegal",
            ImportErrorKind::Ambiguous => "import-ambiguous",
            ImportErrorKind::Unreadable => "import-unreadable",
            ImportErrorKind::AfterEnd => "import-after-end",
            ImportErrorKind::BadFen => "import-bad-fen",
            ImportErrorKind::UnknownVariant => "import-unknown-variant",
            ImportErrorKind::NullMove => "import-null",
        };
        let why = self.message(p.lang, why, &[("text", q(&error.text))]);
        self.message(
            p.lang,
            "record-import-stopped",
            &[
                ("game", n(error.game as u32)),
                ("number", n(error.move_number)),
                ("color", s(self.color(p, error.color))),
                ("why", s(why)),
            ],
        )
    }

    /// A null move in a game score: what it is, and how far the game is
    /// loaded.
    fn null_move(&self, p: Phrasing, error: &ImportError) -> String {
        let mut args = vec![
            ("game", n(error.game as u32)),
            ("number", n(error.move_number)),
            ("color", s(self.color(p, error.color))),
            ("text", s(error.text.clone())),
        ];
        let id = match error.last {
            Some((number, color)) => {
                args.push(("last", n(number)));
                args.push(("lastcolor", s(self.color(p, color))));
                "record-import-null"
            }
            None => "record-import-null-start",
        };
        self.message(p.lang, id, &args)
    }

    fn entry(&self, p: Phrasing, entry: &GameEntry) -> String {
        let ui = p.lang;
        let result = match &entry.result {
            Some(result) => result.clone(),
            None => self.message(ui, "record-unfinished", &[]),
        };
        self.message(
            ui,
            "record-game-line",
            &[
                ("name", s(entry.name.as_str())),
                (
                    "players",
                    s(self.players(p, &entry.players[0], &entry.players[1])),
                ),
                ("moves", n(entry.plies.div_ceil(2) as u32)),
                ("result", s(result)),
                ("date", s(entry.date.clone())),
            ],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Event;
    use crate::settings::{Lang, Settings};

    #[test]
    fn a_missing_saved_game_is_named_by_its_name_however_deep_the_store() {
        let path = "/home/someone/with/a/long/home/.local/share/annabella/games/mygame.json";
        let event = Event::Record(RecordEvent::Failed {
            path: path.into(),
            trouble: Trouble::Missing,
        });
        let settings = Settings {
            lang: Lang::En,
            ..Settings::default()
        };
        let text = Announcer::new().render(&settings, &event);
        assert_eq!(
            text,
            ["... /share/annabella/games/mygame.json does not exist."]
        );
    }
}
