//! The flow of keeping: the game kept when something worth keeping
//! changed (what is worth it, and the record itself, are the whole
//! session's), `save` and `pgn`, the store's answers (a game loaded,
//! a PGN file read for replay or as a scoresheet), and the unfinished
//! game offered, resumed or set aside at the start.

use std::path::PathBuf;
use std::time::Instant;

use crate::event::{
    BrfOutcome, Event, Keeping, RecordEvent, Replacing, ResumeOffer, SessionEvent, Trouble,
};
use crate::input::PgnTo;
use crate::input::vocab::{NO, YES, fold};
use crate::review::Review;
use crate::rules::{MoveFacts, import_game, key_of, list_games};
use crate::store::{ReadFor, Reply, Request, SavedGame};

use super::super::Rooms;
use super::super::confirm;
use super::super::prompt::Prompt;
use super::super::records::{Mark, MarkNow};

impl Rooms {
    /// Keeps the game when something worth keeping changed: a move, a
    /// result, an offer, a clock press or pause, the settings in force,
    /// the player's board, the blindfold score.
    pub(in crate::session) fn autosave(&mut self) {
        self.autosave_noting(false);
    }

    /// Keeps the game as [`Rooms::autosave`] does; when `noted`, also
    /// when only the running turn's time changed, so that a restart goes
    /// on from the time used (a line entered, the end of the run).
    pub(in crate::session) fn autosave_noting(&mut self, noted: bool) {
        // While the unfinished game is offered, the kept one is it; while
        // a game is replayed, the game shown is only part of it; a game
        // from lichess is kept there, not as the unfinished local game.
        let keeping =
            !self.records.offering() && !self.replay.replaying() && !self.online.from_lichess();
        let Some(now) = self.table.now.filter(|_| keeping) else {
            return;
        };
        let empty = self.table.game.plies().is_empty() && !self.table.game.is_over();
        let mark = self.mark();
        let running = self.table.clock.as_ref().is_some_and(|c| c.is_running());
        let time_noted = noted && running && self.records.keeping();
        if time_noted || self.records.worth_keeping(empty, &mark) {
            let mark = mark.owned();
            let settings = self.records.saved_settings(&self.table.settings);
            let head = self.record_head_with(now, settings);
            self.records.keep(&mut self.table, mark, head);
        }
    }

    /// Another game takes the place of the one kept (`new`, `load`):
    /// the game written last goes among the saved games, and the store
    /// says under which name. A game from lichess (kept there) and a game
    /// replayed are never written, so never put aside either.
    pub(in crate::session) fn keep_aside(&mut self) {
        if self.records.take_kept() {
            self.table.ask_store(Request::KeepPlayed);
        }
    }

    fn mark(&self) -> MarkNow<'_> {
        Mark {
            plies: self.table.game.plies().len(),
            position: key_of(self.table.game.position()),
            result: self.table.game.result(),
            offer: self.table.game.draw_offer(),
            human: self.seat.human(),
            settings: &self.table.settings,
            clock: Mark::of_clock(self.table.clock.as_ref()),
            my_board: self.dual.mine(),
            blindfold: self.training.saved_blindfold(),
            quiz: self.training.saved_quiz(),
        }
    }

    /// `quit`, or the end of input: the session ends, and says so; with
    /// a game in progress kept, that it is there for the next run.
    ///
    /// While the game cannot be kept, `quit` first says so and how to
    /// write it elsewhere (`ended` is false); the end of input cannot be
    /// asked again, so it says so and ends.
    pub(in crate::session) fn farewell(&mut self, ended: bool) -> Vec<Event> {
        let in_progress = !self.table.game.plies().is_empty() && !self.table.game.is_over();
        let kept = in_progress
            && !self.records.offering()
            && !self.replay.replaying()
            && !self.online.from_lichess();
        let mut events = Vec::new();
        if let (true, Some(reason)) = (kept, self.records.unkept()) {
            if ended {
                // No second word can come: said once more, briefly.
                events.push(RecordEvent::Keeping(Keeping::StillUnkept).into());
            } else if !self.records.may_quit() {
                return vec![RecordEvent::Keeping(Keeping::QuitUnkept(reason)).into()];
            }
        } else if kept {
            events.push(RecordEvent::Keeping(Keeping::KeptForLater).into());
        }
        self.quit = true;
        events.push(SessionEvent::Quit.into());
        events
    }

    /// `save [name]`: without a name the store chooses one.
    pub(in crate::session) fn save(&mut self, name: Option<String>, replace: bool) -> Vec<Event> {
        // Every line comes with its time, which the step noted first.
        let Some(now) = self.table.now else {
            return Vec::new();
        };
        let game = Box::new(self.record(now));
        self.table.ask_store(Request::SaveAs {
            name: name.unwrap_or_default(),
            game,
            replace,
        });
        Vec::new()
    }

    /// `pgn [FILE] [de]`, with the players and the clock of the game
    /// shown, and the review of the game when one was made or read.
    pub(in crate::session) fn pgn(&mut self, to: PgnTo) -> Vec<Event> {
        let players = self.players();
        let clock = self.replay.record_clock(&self.table).cloned();
        let full = self.replay.full().unwrap_or(&self.table.game);
        let notes = self
            .review
            .kept_of(full)
            .map(|r| r.notes(full))
            .unwrap_or_default();
        self.records
            .pgn(&mut self.table, players, clock.as_ref(), &notes, to)
    }

    /// `brf FILE [replace]`, with the players and the clock of the game
    /// shown, as `pgn` has them.
    pub(in crate::session) fn brf(&mut self, file: String, replace: bool) -> Vec<Event> {
        let players = self.players();
        let clock = self.replay.record_clock(&self.table).cloned();
        self.records
            .brf(&mut self.table, players, clock.as_ref(), (file, replace))
    }

    /// What became of a Braille scoresheet the loop was asked to write;
    /// a file there already is asked about when a person answers.
    pub(in crate::session) fn brf_done(&mut self, outcome: BrfOutcome) -> Vec<Event> {
        match outcome {
            BrfOutcome::Exists(path) if self.interactive => {
                self.ask_replace(Replacing::Brf(path.display().to_string()))
            }
            outcome => vec![RecordEvent::Brf(outcome).into()],
        }
    }

    /// Asks whether to replace what the player named, unless a question
    /// is open already (it stays; the refusal says the way to force it).
    fn ask_replace(&mut self, what: Replacing) -> Vec<Event> {
        if self.table.prompt.is_some() {
            return vec![
                match what {
                    Replacing::Brf(file) => RecordEvent::Brf(BrfOutcome::Exists(file.into())),
                    Replacing::Save(name) => RecordEvent::Failed {
                        path: name.into(),
                        trouble: Trouble::Taken,
                    },
                }
                .into(),
            ];
        }
        super::super::prompt::ask(&mut self.table, Prompt::Replace(what))
    }

    /// The answer to "replace it?": yes does what was asked with the
    /// replace word, no leaves it as it was. `Err` gives the question
    /// back for a line that is neither.
    pub(in crate::session) fn answer_replace(
        &mut self,
        what: Replacing,
        line: &str,
    ) -> Result<Vec<Event>, Prompt> {
        if confirm::is_one_of(&NO, line) {
            return Ok(vec![
                RecordEvent::Keeping(Keeping::NotReplaced(what)).into(),
            ]);
        }
        if !confirm::is_one_of(&YES, line) {
            return Err(Prompt::Replace(what));
        }
        Ok(match what {
            Replacing::Brf(file) => self.brf(file, true),
            Replacing::Save(name) => self.save(Some(name), true),
        })
    }

    /// The store's answer to a request, at `now`.
    pub(in crate::session) fn store_reply(&mut self, reply: Reply, now: Instant) -> Vec<Event> {
        let event: RecordEvent = match reply {
            Reply::Resync => {
                // Nothing to say: the game is sent whole at once.
                if self.records.resync() {
                    self.autosave();
                }
                return Vec::new();
            }
            Reply::Saved(name) => RecordEvent::Saved(name),
            Reply::Unkept { path, reason } => {
                self.records.set_unkept(Some(reason));
                RecordEvent::Keeping(Keeping::Unkept { path, reason })
            }
            Reply::StillUnkept => RecordEvent::Keeping(Keeping::StillUnkept),
            Reply::KeptAgain => {
                self.records.set_unkept(None);
                RecordEvent::Keeping(Keeping::KeptAgain)
            }
            Reply::KeptAs(name) => RecordEvent::KeptAside(name),
            Reply::KeptSetAside(to) => RecordEvent::KeptUnrestorable(to),
            Reply::Written(path) => RecordEvent::Written(path),
            Reply::Added { path, number } => RecordEvent::Added { path, number },
            Reply::Listed(entries) => RecordEvent::Games(entries),
            Reply::Failed {
                path,
                trouble: Trouble::Taken,
            } if self.interactive => {
                return self.ask_replace(Replacing::Save(path.display().to_string()));
            }
            Reply::Failed { path, trouble } => {
                self.review.take_after_load();
                self.dual.sheet_failed();
                RecordEvent::Failed { path, trouble }
            }
            Reply::Loaded { name, game } => {
                self.records.forget_imported();
                let review = self.review.take_after_load();
                return match self.restore(&game, now) {
                    Ok(()) => {
                        self.keep_aside();
                        let mark = self.mark().owned();
                        self.records.named(mark);
                        let mut events = vec![RecordEvent::Loaded(name).into()];
                        if review {
                            events.extend(self.review_loaded());
                        } else {
                            events.push(self.table.status(self.against()));
                        }
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

    /// What a PGN file says, for `load FILE.pgn`, `games FILE.pgn` and
    /// `scoresheet FILE`: the list of its games, game N loaded for replay
    /// (up to a move that cannot be played, which is named), or a
    /// scoresheet for the dual room.
    fn pgn_text(&mut self, _path: PathBuf, text: &str, purpose: ReadFor) -> Vec<Event> {
        let bytes = text.as_bytes();
        let number = match purpose {
            ReadFor::ListPgn => return vec![RecordEvent::PgnGames(list_games(bytes)).into()],
            ReadFor::Scoresheet(part) => {
                return self.dual.sheet_text(&self.table, part, text.to_string());
            }
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
        // An analysed file's evaluations serve as the game's review:
        // `review` says it at once, and `pgn` writes it back.
        if let Some(review) = Review::from_notes(&imported.game, &imported.notes) {
            self.review.keep(review);
        }
        self.keep_aside();
        let mut events: Vec<Event> = vec![RecordEvent::PgnLoaded { number, players }.into()];
        if let Some(error) = imported.error.clone() {
            events.push(RecordEvent::ImportStopped(error).into());
        }
        events.extend(self.load_for_replay(imported.game));
        self.records.imported(imported.tags);
        events
    }

    /// At the start: an unfinished game from an earlier run is offered in
    /// one sentence; the next line answers yes or no.
    pub(in crate::session) fn offer_resume(
        &mut self,
        saved: SavedGame,
        now: Instant,
    ) -> Vec<Event> {
        let mut preview = self.clone();
        if preview.restore(&saved, now).is_err() {
            self.table.ask_store(Request::SetAsideKept);
            return Vec::new();
        }
        let history = MoveFacts::history(preview.game());
        let last = history[history.len().saturating_sub(2)..].to_vec();
        let offer = ResumeOffer {
            opponent: preview.opponent(),
            number: preview.game().move_number(),
            turn: preview.game().turn(),
            last,
            clock: preview.table.clock_report(preview.against(), None),
        };
        self.records.offer(saved);
        vec![RecordEvent::Offer(Box::new(offer)).into()]
    }

    /// Goes on with a kept game at once (`--resume`).
    pub(in crate::session) fn resume_kept(
        &mut self,
        saved: &SavedGame,
        now: Instant,
    ) -> Vec<Event> {
        match self.restore(saved, now) {
            Ok(()) => {
                let mark = self.mark().owned();
                self.records.kept(mark);
                // The store resumed the same moves.
                self.records.synced(self.table.game.plies());
                vec![
                    RecordEvent::Resumed.into(),
                    self.table.status(self.against()),
                ]
            }
            Err(_) => {
                self.table.ask_store(Request::SetAsideKept);
                Vec::new()
            }
        }
    }

    /// Whether the game kept by the last run can be set up again: a file
    /// whose moves do not fit its position is moved aside as a broken
    /// one is, and the store says so.
    pub(in crate::session) fn restorable(&mut self, saved: &SavedGame, now: Instant) -> bool {
        let fits = self.clone().restore(saved, now).is_ok();
        if !fits {
            self.table.ask_store(Request::SetAsideKept);
        }
        fits
    }

    /// The answer to the offer to resume, if one is open: yes goes on,
    /// no starts anew, anything else leaves the offer standing.
    pub(in crate::session) fn answer_offer(&mut self, line: &str) -> Option<Vec<Event>> {
        let saved = self.records.take_offer()?;
        let folded = fold(line.trim().trim_end_matches(['.', '!']));
        // Every line comes with its time, which the step noted first.
        if let (true, Some(now)) = (YES.contains_folded(&folded), self.table.now) {
            return Some(self.resume_kept(&saved, now));
        }
        if NO.contains_folded(&folded) {
            self.table.ask_store(Request::KeepUnfinished);
            return Some(vec![
                RecordEvent::NotResumed.into(),
                self.table.status(self.against()),
            ]);
        }
        self.records.offer(*saved);
        Some(vec![RecordEvent::OfferStands.into()])
    }
}
