//! Records: the game kept after every change worth keeping, saved and
//! loaded by name, written as PGN, and the offer to go on with an
//! unfinished game. The session asks the store through requests the
//! loop carries out; it touches no file itself.

use std::path::PathBuf;
use std::time::Instant;

use crate::event::{Answer, Event, RecordEvent, ResumeOffer};
use crate::input::vocab::{NO, YES, fold};
use crate::input::{LoadFrom, PgnTo};
use shakmaty::Color;

use crate::rules::clock::{Clock, ClockMark};
use crate::rules::{Finished, MoveFacts, PgnOptions, Tags, import_game, key_of, list_games};
use crate::settings::Settings;
use crate::store::{ReadFor, Reply, Request, SavedGame};

use super::Session;

/// What makes a game worth keeping again when it changes: its moves and
/// position, result and offer, who plays whom, the settings in force and
/// the clock apart from the running turn's time (which changes with
/// every tick, and is not a change worth a write). Cheap to take on every
/// line, unlike the record itself.
#[derive(Clone, Debug, PartialEq)]
struct Mark {
    plies: usize,
    position: u64,
    result: Option<Finished>,
    offer: Option<Color>,
    human: Color,
    settings: Settings,
    clock: Option<ClockMark>,
    my_board: crate::dual::PlayerBoard,
    blindfold: Option<crate::store::SavedBlindfold>,
    quiz: Option<(u32, u32)>,
}

impl Session {
    /// Keeps the game when something worth keeping changed: a move, a
    /// result, an offer, a clock press or pause, the settings in force.
    pub(super) fn autosave(&mut self) {
        // While the unfinished game is offered, the kept one is it; while
        // a game is replayed, the game shown is only part of it.
        let Some(now) = self.table.now.filter(|_| {
            // A game from lichess is kept there, not as the unfinished
            // local game.
            self.records.offer.is_none() && !self.replaying() && !self.online.from_lichess()
        }) else {
            return;
        };
        // A game without a move has nothing to lose: the first write
        // comes with the first move (or a result, an offer).
        if self.table.game.plies().is_empty()
            && self.records.kept.is_none()
            && !self.table.game.is_over()
        {
            return;
        }
        let mark = self.mark();
        if self.records.kept.as_ref() != Some(&mark) {
            self.records.kept = Some(mark);
            let record = self.record(now);
            self.records
                .outbox
                .push(Request::Autosave(Box::new(record)));
        }
    }

    fn mark(&self) -> Mark {
        Mark {
            plies: self.table.game.plies().len(),
            position: key_of(self.table.game.position()),
            result: self.table.game.result(),
            offer: self.table.game.draw_offer(),
            human: self.seat.human,
            settings: self.table.settings.clone(),
            clock: self.table.clock.as_ref().map(Clock::settled),
            my_board: self.dual.mine.clone(),
            blindfold: self.saved_blindfold(),
            quiz: self.saved_quiz(),
        }
    }

    /// A setting changed with `set`, for the settings file.
    pub(super) fn records_setting(&mut self, setting: &crate::settings::Setting) {
        self.records.outbox.push(Request::Setting {
            key: setting.key().word(crate::settings::Lang::En).to_string(),
            value: setting.show(crate::settings::Lang::En).into_owned(),
        });
    }

    /// `save [name]`: without a name the store chooses one.
    pub(super) fn save(&mut self, name: Option<String>) -> Vec<Event> {
        // Every line comes with its time, which the step noted first.
        let Some(now) = self.table.now else {
            return Vec::new();
        };
        let game = Box::new(self.record(now));
        self.records.outbox.push(Request::SaveAs {
            name: name.unwrap_or_default(),
            game,
        });
        Vec::new()
    }

    /// `load NAME` or `load FILE.pgn [N]`.
    pub(super) fn load(&mut self, from: LoadFrom) -> Vec<Event> {
        self.records.outbox.push(match from {
            LoadFrom::Pgn { file, number } => Request::Read {
                path: PathBuf::from(file),
                purpose: ReadFor::LoadPgn(number),
            },
            LoadFrom::Saved(name) => Request::Load { name },
        });
        Vec::new()
    }

    /// `games` or `games FILE.pgn`.
    pub(super) fn games(&mut self, file: Option<String>) -> Vec<Event> {
        self.records.outbox.push(match file {
            None => Request::List,
            Some(file) => Request::Read {
                path: PathBuf::from(file),
                purpose: ReadFor::ListPgn,
            },
        });
        Vec::new()
    }

    /// `pgn`, `pgn FILE`, `pgn FILE de`: the game printed, or written
    /// to a file; German piece letters when the last word asks for them.
    pub(super) fn pgn(&mut self, to: PgnTo) -> Vec<Event> {
        let [white, black] = self.players();
        let pgn = self.table.game.pgn_with(&PgnOptions {
            date: &self.table.date,
            players: [&white, &black],
            clock: self.record_clock(),
            german: to.german,
            tags: &self.records.tags,
        });
        let Some(file) = to.file else {
            return vec![Answer::Pgn(pgn).into()];
        };
        self.records.outbox.push(Request::Write {
            path: PathBuf::from(file),
            text: pgn,
        });
        Vec::new()
    }

    /// The store's answer to a request, at `now`.
    pub(super) fn store_reply(&mut self, reply: Reply, now: Instant) -> Vec<Event> {
        let event: RecordEvent = match reply {
            Reply::Saved(name) => RecordEvent::Saved(name),
            Reply::Written(path) => RecordEvent::Written(path),
            Reply::Listed(entries) => RecordEvent::Games(entries),
            Reply::Failed { path, trouble } => {
                self.sheet_failed();
                RecordEvent::Failed { path, trouble }
            }
            Reply::Loaded { name, game } => {
                self.forget_imported();
                return match self.restore(&game, now) {
                    Ok(()) => {
                        let mut events = vec![RecordEvent::Loaded(name).into()];
                        events.push(self.status());
                        self.autosave();
                        events
                    }
                    Err(_) => vec![RecordEvent::Unrestorable(name).into()],
                };
            }
            Reply::Text {
                path,
                text,
                purpose,
            } => return self.pgn_text(path, &text, purpose),
        };
        vec![event.into()]
    }

    /// What a PGN file says, for `load FILE.pgn` and `games FILE.pgn`:
    /// the list of its games, or game N loaded for replay (up to a move
    /// that cannot be played, which is named).
    fn pgn_text(&mut self, _path: PathBuf, text: &str, purpose: ReadFor) -> Vec<Event> {
        let bytes = text.as_bytes();
        let number = match purpose {
            ReadFor::ListPgn => return vec![RecordEvent::PgnGames(list_games(bytes)).into()],
            ReadFor::Scoresheet(part) => return self.sheet_text(part, text.to_string()),
            ReadFor::LoadPgn(n) => n,
        };
        let Some(imported) = import_game(bytes, number) else {
            let count = list_games(bytes).len();
            return vec![RecordEvent::NoSuchGame { number, count }.into()];
        };
        let players = [
            imported.tag("White").unwrap_or("?").to_string(),
            imported.tag("Black").unwrap_or("?").to_string(),
        ];
        let mut events: Vec<Event> = vec![RecordEvent::PgnLoaded { number, players }.into()];
        if let Some(error) = imported.error.clone() {
            events.push(RecordEvent::ImportStopped(error).into());
        }
        events.extend(self.load_for_replay(imported.game));
        self.records.tags = imported.tags;
        events
    }

    /// A new game or a kept one: no PGN file's tags any more.
    pub(super) fn forget_imported(&mut self) {
        self.records.tags.clear();
    }

    /// A game from lichess: its PGN names the event and where it was
    /// played, as lichess's own export does.
    pub(super) fn tag_online(&mut self, event: &str, site: &str) {
        self.records.tags.clear();
        self.records.tags.push("Event", event);
        self.records.tags.push("Site", site);
    }

    /// At the start: an unfinished game from an earlier run is offered in
    /// one sentence; the next line answers yes or no.
    pub(super) fn offer_resume(&mut self, saved: SavedGame, now: Instant) -> Vec<Event> {
        let mut preview = self.clone();
        if preview.restore(&saved, now).is_err() {
            return vec![RecordEvent::Unrestorable(String::from("current")).into()];
        }
        let history = MoveFacts::history(preview.game());
        let last = history[history.len().saturating_sub(2)..].to_vec();
        let offer = ResumeOffer {
            opponent: preview.opponent(),
            number: preview.game().move_number(),
            turn: preview.game().turn(),
            last,
            clock: preview.clock_report(None),
        };
        self.records.offer = Some(Box::new(saved));
        vec![RecordEvent::Offer(Box::new(offer)).into()]
    }

    /// Goes on with a kept game at once (`--resume`).
    pub(super) fn resume_kept(&mut self, saved: &SavedGame, now: Instant) -> Vec<Event> {
        match self.restore(saved, now) {
            Ok(()) => {
                self.records.kept = Some(self.mark());
                vec![RecordEvent::Resumed.into(), self.status()]
            }
            Err(_) => vec![RecordEvent::Unrestorable(String::from("current")).into()],
        }
    }

    /// The answer to the offer to resume, if one is open: yes goes on,
    /// no starts anew, anything else leaves the offer standing.
    pub(super) fn answer_offer(&mut self, line: &str) -> Option<Vec<Event>> {
        let saved = self.records.offer.take()?;
        let folded = fold(line.trim().trim_end_matches(['.', '!']));
        // Every line comes with its time, which the step noted first.
        if let (true, Some(now)) = (YES.contains_folded(&folded), self.table.now) {
            return Some(self.resume_kept(&saved, now));
        }
        if NO.contains_folded(&folded) {
            self.records.outbox.push(Request::KeepUnfinished);
            return Some(vec![RecordEvent::NotResumed.into(), self.status()]);
        }
        self.records.offer = Some(saved);
        Some(vec![RecordEvent::OfferStands.into()])
    }

    /// Where the settings file is, said with `settings`.
    pub fn set_settings_file(&mut self, path: PathBuf) {
        self.records.settings_file = Some(path);
    }

    pub(super) fn records_file(&self) -> Option<PathBuf> {
        self.records.settings_file.clone()
    }

    /// Whether the offer to resume is open.
    pub(super) fn offering(&self) -> bool {
        self.records.offer.is_some() || self.online.offering()
    }
}

/// What the records room keeps between calls.
#[derive(Clone, Debug, Default)]
pub(super) struct Records {
    /// Requests for the store not yet handed out.
    pub(super) outbox: Vec<Request>,
    /// What the game was when it was last kept.
    kept: Option<Mark>,
    /// An unfinished game offered for resumption.
    offer: Option<Box<SavedGame>>,
    /// Where the settings file is.
    settings_file: Option<PathBuf>,
    /// The tags of a game loaded from a PGN file.
    tags: Tags,
}
