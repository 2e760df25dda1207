//! The records room: what it kept of the game last (so that only a
//! change worth keeping is written), the unfinished game offered at the
//! start, where the settings file is, and the tags of a game from a PGN
//! file or from lichess; `pgn`, `load` and `games` and the settings
//! file's line of `set`. The session asks the store through effects the
//! loop carries out; it touches no file itself. What is kept is the
//! whole session's (`flow::keeping` makes it).

use std::path::PathBuf;

use shakmaty::{Color, Move};

use crate::dual::PlayerBoard;
use crate::event::{Answer, BrailleSheet, Event, IoReason};
use crate::input::{LoadFrom, PgnTo};
use crate::rules::clock::{Clock, ClockMark};
use crate::rules::{Finished, MoveFacts, PgnOptions, Ply, PlyNote, Tags};
use crate::settings::{Lang, Settings};
use crate::store::{MovesUpdate, ReadFor, Request, SavedBlindfold, SavedGame};

use super::step::Effect;
use super::table::Table;

/// What makes a game worth keeping again when it changes: its moves and
/// position, result and offer, who plays whom, the settings in force and
/// the clock apart from the running turn's time (which changes with
/// every step of the time, and is not a change worth a write), the player's board
/// and the blindfold score. Cheap to take on every input, unlike the
/// record itself: taken as [`MarkNow`], which borrows the settings and
/// the board, and made owned only when the game is kept.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Mark<S = Settings, B = PlayerBoard> {
    pub plies: usize,
    pub position: u64,
    pub result: Option<Finished>,
    pub offer: Option<Color>,
    pub human: Color,
    pub settings: S,
    pub clock: Option<ClockMark>,
    pub my_board: B,
    pub blindfold: Option<SavedBlindfold>,
    pub quiz: Option<(u32, u32)>,
}

/// The game's mark as it is now, compared at every step without a copy
/// of the settings or the board.
pub(super) type MarkNow<'a> = Mark<&'a Settings, &'a PlayerBoard>;

impl Mark {
    /// The clock's part of the mark.
    pub fn of_clock(clock: Option<&Clock>) -> Option<ClockMark> {
        clock.map(Clock::settled)
    }

    /// This mark, to be compared with one taken now.
    fn now(&self) -> MarkNow<'_> {
        self.with(&self.settings, &self.my_board)
    }
}

impl MarkNow<'_> {
    /// The mark to keep.
    pub fn owned(&self) -> Mark {
        self.with(self.settings.clone(), self.my_board.clone())
    }
}

impl<S, B> Mark<S, B> {
    /// The same mark with `settings` and `my_board` in their place.
    fn with<T, C>(&self, settings: T, my_board: C) -> Mark<T, C> {
        Mark {
            plies: self.plies,
            position: self.position,
            result: self.result,
            offer: self.offer,
            human: self.human,
            settings,
            clock: self.clock,
            my_board,
            blindfold: self.blindfold,
            quiz: self.quiz,
        }
    }
}

/// The settings in force as a kept game has them (English key and
/// value, as `set` takes them).
pub(in crate::session) fn saved_settings(settings: &Settings) -> crate::store::Settings {
    settings
        .all()
        .iter()
        .map(|s| (s.key().word(Lang::En).to_string(), s.show(Lang::En).into()))
        .collect()
}

/// What the records room keeps between inputs.
#[derive(Clone, Debug, Default)]
pub(super) struct Records {
    /// What the game was when it was last kept.
    kept: Option<Mark>,
    /// The moves as the store was last given them.
    sent: Vec<Move>,
    /// The settings as last written out for the store, and for which.
    settings: Option<(Settings, crate::store::Settings)>,
    /// What the game was when it was loaded by name: kept as it is under
    /// that name, so not again until it changes.
    named: Option<Mark>,
    /// An unfinished game offered for resumption.
    offer: Option<Box<SavedGame>>,
    /// Where the settings file is.
    settings_file: Option<PathBuf>,
    /// The tags of a game loaded from a PGN file, or from lichess.
    tags: Tags,
    /// Why the game in progress cannot be kept, while it cannot.
    unkept: Option<IoReason>,
    /// `quit` was said while the game is not kept, and answered with
    /// how to write it elsewhere: the next `quit` ends.
    warned: bool,
}

impl Records {
    /// Whether a game with `mark` is to be kept now: something worth
    /// keeping changed since the last time (a game without a move has
    /// nothing to lose: the first write comes with the first move, or a
    /// result, an offer).
    pub fn worth_keeping(&self, empty: bool, mark: &MarkNow) -> bool {
        let same = |other: &Option<Mark>| other.as_ref().is_some_and(|o| o.now() == *mark);
        if (empty && self.kept.is_none()) || same(&self.named) {
            return false;
        }
        !same(&self.kept)
    }

    /// The store could not keep the game (`Some`), or can again.
    pub fn set_unkept(&mut self, reason: Option<IoReason>) {
        self.unkept = reason;
    }

    /// Why the game cannot be kept, while it cannot.
    pub fn unkept(&self) -> Option<IoReason> {
        self.unkept
    }

    /// Whether `quit` may end the run now: at once while the game is
    /// kept; while it is not, at the second `quit` in a row, the first
    /// having said how to keep it elsewhere.
    pub fn may_quit(&mut self) -> bool {
        self.unkept.is_none() || std::mem::replace(&mut self.warned, true)
    }

    /// A command other than `quit` (`quit` is `true`) after the
    /// warning: the next `quit` warns again.
    pub fn unwarn_unless(&mut self, quit: bool) {
        self.warned &= quit;
    }

    /// Whether a game in progress is kept (the store has it): only then
    /// is its running turn's time worth a record of its own.
    pub fn keeping(&self) -> bool {
        self.kept.is_some()
    }

    /// The game with `mark` was loaded by name: it is kept under that
    /// name, and a copy is kept only once it changes.
    pub fn named(&mut self, mark: Mark) {
        self.named = Some(mark);
    }

    /// The game with `mark` is kept (or was, as it was resumed).
    pub fn kept(&mut self, mark: Mark) {
        self.kept = Some(mark);
    }

    /// Whether the game kept last is worth putting among the saved
    /// games now that another takes its place (it has a move or a
    /// result); it is not the kept game any more either way, so the new
    /// one is first kept with its first move.
    pub fn take_kept(&mut self) -> bool {
        // The store starts the next game's moves afresh.
        self.sent.clear();
        self.kept
            .take()
            .is_some_and(|mark| mark.plies > 0 || mark.result.is_some())
    }

    /// Asks the store to keep the game of the table as the unfinished
    /// game: `head` is the game with its moves left out; of its moves,
    /// only those that changed since the last time are sent.
    pub fn keep(&mut self, t: &mut Table, mark: Mark, head: SavedGame) {
        self.kept(mark);
        let plies = t.game.plies();
        let keep = self
            .sent
            .iter()
            .zip(plies)
            .take_while(|(sent, ply)| **sent == ply.mv)
            .count();
        let mode = t.game.castling_mode();
        let update = MovesUpdate {
            before: self.sent.len(),
            keep,
            add: plies[keep..]
                .iter()
                .map(|p| p.mv.to_uci(mode).to_string())
                .collect(),
        };
        self.sent.truncate(keep);
        self.sent.extend(plies[keep..].iter().map(|p| p.mv));
        t.ask_store(Request::Autosave(Box::new(head), update));
    }

    /// The settings in force written out as a kept game has them: the
    /// same shared list while they do not change.
    pub fn saved_settings(&mut self, settings: &Settings) -> crate::store::Settings {
        match &self.settings {
            Some((of, list)) if of == settings => list.clone(),
            _ => {
                let list = saved_settings(settings);
                self.settings = Some((settings.clone(), list.clone()));
                list
            }
        }
    }

    /// The store holds these moves as the game in progress (a game
    /// resumed).
    pub fn synced(&mut self, plies: &[Ply]) {
        self.sent = plies.iter().map(|p| p.mv).collect();
    }

    /// The store's moves did not follow those sent: the next keep sends
    /// them all. False when they were just sent all (the store takes
    /// those always; asking again could not help).
    pub fn resync(&mut self) -> bool {
        if self.sent.is_empty() {
            return false;
        }
        self.sent.clear();
        self.kept = None;
        true
    }

    /// `load NAME` or `load FILE.pgn [N]`.
    pub fn load(t: &mut Table, from: LoadFrom) -> Vec<Event> {
        t.ask_store(match from {
            LoadFrom::Pgn { file, number } => Request::Read {
                path: PathBuf::from(file),
                purpose: ReadFor::LoadPgn(number),
            },
            LoadFrom::Saved(name) => Request::Load { name },
        });
        Vec::new()
    }

    /// `games` or `games FILE.pgn`.
    pub fn games(t: &mut Table, file: Option<String>) -> Vec<Event> {
        t.ask_store(match file {
            None => Request::List,
            Some(file) => Request::Read {
                path: PathBuf::from(file),
                purpose: ReadFor::ListPgn,
            },
        });
        Vec::new()
    }

    /// `pgn`, `pgn FILE`, `pgn FILE de`: the game printed, or written to
    /// a file; German piece letters when the last word asks for them.
    /// `players` White's first; `clock` the one whose times go in;
    /// `notes` a review's, one per move.
    pub fn pgn(
        &self,
        t: &mut Table,
        players: [String; 2],
        clock: Option<&Clock>,
        notes: &[PlyNote],
        to: PgnTo,
    ) -> Vec<Event> {
        let [white, black] = players;
        let pgn = t.game.pgn_with(&PgnOptions {
            date: &t.date,
            players: [&white, &black],
            clock,
            german: to.german,
            tags: &self.tags,
            notes,
        });
        let Some(file) = to.file else {
            return vec![Answer::Pgn(pgn).into()];
        };
        t.ask_store(Request::Write {
            path: PathBuf::from(file),
            text: pgn,
        });
        Vec::new()
    }

    /// `brf FILE [replace]`: the game as a Braille scoresheet, which the
    /// loop writes (over a file that is there only when told to replace
    /// it). Players, event, date and result are the tags `pgn` would
    /// write; `clock` the one whose times go in.
    pub fn brf(
        &self,
        t: &mut Table,
        players: [String; 2],
        clock: Option<&Clock>,
        (file, replace): (String, bool),
    ) -> Vec<Event> {
        let [white, black] = players;
        let tags = t.game.pgn_tags(&PgnOptions {
            date: &t.date,
            players: [&white, &black],
            clock,
            german: false,
            tags: &self.tags,
            ..PgnOptions::default()
        });
        let tag = |name: &str| {
            tags.iter()
                .find(|(n, _)| *n == name)
                .map_or_else(|| "?".to_string(), |(_, value)| value.clone())
        };
        let width = match t.settings.width.0 {
            0 => BrailleSheet::DEFAULT_WIDTH,
            width => width,
        };
        let sheet = BrailleSheet {
            path: PathBuf::from(file),
            replace,
            lang: t.settings.lang,
            width,
            table: t.settings.braille_table.clone(),
            players: [tag("White"), tag("Black")],
            event: tag("Event"),
            date: tag("Date"),
            result: tag("Result"),
            moves: MoveFacts::history(&t.game),
            times: clock.map_or_else(Vec::new, |c| c.after_moves().to_vec()),
        };
        t.effects.push(Effect::Brf(Box::new(sheet)));
        Vec::new()
    }

    /// A new game or a kept one: no PGN file's tags any more.
    pub fn forget_imported(&mut self) {
        self.tags.clear();
    }

    /// The tags kept with the game (for tests of the rooms that keep
    /// them).
    #[cfg(test)]
    pub fn tags(&self) -> &Tags {
        &self.tags
    }

    /// The tags of a game loaded from a PGN file.
    pub fn imported(&mut self, tags: Tags) {
        self.tags = tags;
    }

    /// A game from lichess: its PGN names the event and where it was
    /// played, as lichess's own export does.
    pub fn tag_online(&mut self, event: &str, site: &str) {
        self.tags.clear();
        self.tags.push("Event", event);
        self.tags.push("Site", site);
    }

    /// The unfinished game offered at the start, until it is answered.
    pub fn offer(&mut self, saved: SavedGame) {
        self.offer = Some(Box::new(saved));
    }

    /// The offered game, taken to be answered.
    pub fn take_offer(&mut self) -> Option<Box<SavedGame>> {
        self.offer.take()
    }

    /// Whether the offer to resume is open.
    pub fn offering(&self) -> bool {
        self.offer.is_some()
    }

    /// Where the settings file is, said with `settings`.
    pub fn set_settings_file(&mut self, path: PathBuf) {
        self.settings_file = Some(path);
    }

    /// The settings file, if there is one.
    pub fn settings_file(&self) -> Option<&PathBuf> {
        self.settings_file.as_ref()
    }
}
