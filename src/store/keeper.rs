//! The store on disk: carries out the session's requests in the data
//! directory and the settings file. Every write is atomic; a broken
//! file is moved aside with the time and never written over.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::SavedGame;
use super::aside::{Aside, move_aside};
use super::autosave::{Autosave, Resumed};
use super::games::{LoadOutcome, list_games, load_game, load_or_move_aside, save_game};
use super::lock::DataLock;
use super::paths::{GameName, Paths};
use super::pgn_file::{self, Added};
use super::request::Keeper;
use super::settings_file::SettingsFile;
use super::stats::save_stats;
use super::{ReadFor, Reply, Request};
use crate::calendar::stamp;
use crate::event::{IoReason, NameProblem, Trouble};

/// The store of one run: its places, the settings file as read, and
/// whether the kept game may be written.
#[derive(Debug)]
pub struct Store {
    paths: Paths,
    settings: SettingsFile,
    /// The kept game's file is broken and could not be moved aside: it
    /// must not be written over.
    held: bool,
    /// An autosave failed and was said; until one succeeds, each change
    /// not kept is said briefly.
    failing: bool,
    /// The game in progress changed since the last commit.
    changed: bool,
    /// The first words of the names of games the store names itself:
    /// an unfinished game put aside, and a finished or unnamed one.
    words: [String; 2],
    /// The game in progress: its checkpoint and journal.
    autosave: Autosave,
    /// The journal found at the start ended in a torn record.
    torn: bool,
    /// The last name the store gave a game itself: its first part and
    /// number.
    taken: Option<(String, usize)>,
    /// The data directory, held by this run (none when the lock file
    /// could not be made: the store meets the same fault and says it).
    lock: Option<DataLock>,
}

/// What the start found in the data directory.
#[derive(Debug)]
pub enum Kept {
    /// No game kept.
    Nothing,
    /// A finished game was kept: it is put among the saved games under
    /// this name, to be replayed and exported.
    PutAside(String),
    /// An unfinished game from an earlier run.
    Unfinished(Box<SavedGame>),
    /// The kept game's file was broken.
    Broken(Aside),
}

impl Store {
    /// The store at `paths`, with the settings file read there (or
    /// empty).
    pub fn new(paths: Paths, settings: SettingsFile) -> Store {
        let autosave = Autosave::new(paths.autosave(), paths.journal());
        Store {
            paths,
            settings,
            held: false,
            words: ["unfinished".to_string(), "game".to_string()],
            failing: false,
            changed: false,
            autosave,
            torn: false,
            taken: None,
            lock: None,
        }
    }

    /// Holds the data directory for as long as the store lives.
    pub fn hold(&mut self, lock: DataLock) {
        self.lock = Some(lock);
    }

    /// Whether the journal found at the start ended in a torn record
    /// (a crash in the middle of a write), which was dropped: the game
    /// goes on from the last change whose answer was shown.
    pub fn torn(&self) -> bool {
        self.torn
    }

    /// Its places.
    pub fn paths(&self) -> &Paths {
        &self.paths
    }

    /// The game kept by the last run, read at the start.
    pub fn kept(&mut self, now: SystemTime) -> Kept {
        let Resumed { outcome, torn } = self.autosave.resume(now);
        self.torn = torn;
        match outcome {
            LoadOutcome::Loaded(game) if game.result.is_none() => Kept::Unfinished(game),
            LoadOutcome::Loaded(_) => {
                // A finished game stays to be replayed and exported; a
                // failure to move it holds the file, never written over.
                match self.keep_unfinished(now) {
                    Ok(Some(name)) => Kept::PutAside(name),
                    _ => Kept::Nothing,
                }
            }
            LoadOutcome::Absent => Kept::Nothing,
            LoadOutcome::Broken(aside) => {
                // Only a file whose content is broken is held; one that
                // cannot be reached is written as soon as it can be.
                self.held = matches!(&aside, Aside::Stuck { broken, .. }
                    if matches!(broken.trouble(), Trouble::Broken(_)));
                Kept::Broken(aside)
            }
        }
    }

    /// Puts the kept game among the saved games, so that a new game can
    /// be kept in its place: `Ok` with the name it is kept under, if
    /// there was one; `Err` with the failure.
    pub fn keep_unfinished(&mut self, now: SystemTime) -> Result<Option<String>, Reply> {
        let from = self.paths.autosave();
        if self.held {
            return Ok(None);
        }
        let finished = self
            .autosave
            .current_mut()
            .map(|game| game.result.is_some());
        if let Some(finished) = finished {
            // Written whole under its new name at once (`games` lists it,
            // `load` finds it), flushed to the disk before the journal is
            // cut; until then the journal, which says in the same commit
            // as what follows that it was put aside there, holds it.
            let base = self.words[usize::from(finished)].clone();
            let Some(to) = self.free_name(&format!("{base}-{}", stamp(now))) else {
                return Ok(None);
            };
            if let Err(e) = self.autosave.put_aside(&to) {
                return Err(failed(
                    &to,
                    Trouble::Unreadable(IoReason::from_kind(e.kind)),
                ));
            }
            return Ok(GameName::from_file(&to).map(|name| name.as_str().to_string()));
        }
        // The file put aside must hold every change: fold the journal in.
        if let Err(e) = self.autosave.settle() {
            self.held = true;
            return Err(failed(&from, Trouble::Unreadable(IoReason::of(&e))));
        }
        self.autosave.forget();
        if !from.exists() {
            return Ok(None);
        }
        // A finished game is named as `save` names one; only an
        // unfinished one is called so.
        let finished = load_game(&from).is_ok_and(|game| game.result.is_some());
        let base = &self.words[usize::from(finished)];
        let Some(to) = self.free_name(&format!("{base}-{}", stamp(now))) else {
            return Ok(None);
        };
        if let Some(dir) = to.parent() {
            let _ = fs::create_dir_all(dir);
        }
        match fs::rename(&from, &to) {
            Ok(()) => Ok(GameName::from_file(&to).map(|name| name.as_str().to_string())),
            Err(e) => {
                // Not moved: it must not be overwritten either.
                self.held = true;
                Err(failed(&from, Trouble::Unreadable(IoReason::of(&e))))
            }
        }
    }

    /// Moves the kept game's file aside as a broken one: the session
    /// found that its moves do not fit its position.
    fn set_aside_kept(&mut self, now: SystemTime) -> Reply {
        // Its journal goes with it: the next game starts its own.
        self.autosave.forget();
        match move_aside(&self.paths.autosave(), now) {
            Ok(to) => Reply::KeptSetAside(Some(to)),
            Err(_) => {
                // Not moved: it must not be overwritten either.
                self.held = true;
                Reply::KeptSetAside(None)
            }
        }
    }

    /// A file for a saved game `base`, or `base-2`, `base-3`, … when
    /// taken.
    fn free_name(&mut self, base: &str) -> Option<PathBuf> {
        // Many games put aside in one second (a script): go on from the
        // last number taken rather than probing every one before it.
        let from = match &self.taken {
            Some((last, n)) if last == base => n + 1,
            _ => 1,
        };
        let found = (from..from + 1000).find_map(|n| {
            let name = if n == 1 {
                base.to_string()
            } else {
                format!("{base}-{n}")
            };
            let path = self.paths.named_game(&name).ok()?;
            (!path.exists()).then_some((path, n))
        });
        let (path, n) = found?;
        self.taken = Some((base.to_string(), n));
        Some(path)
    }

    fn save_as(&mut self, name: &str, game: &SavedGame, replace: bool, now: SystemTime) -> Reply {
        let path = if name.is_empty() {
            // No free name of its own is said as an empty name was.
            self.free_name(&format!("{}-{}", self.words[1], stamp(now)))
                .ok_or(NameProblem::Empty)
        } else {
            self.paths.named_game(name).map_err(|bad| bad.problem)
        };
        let path = match path {
            Ok(path) => path,
            Err(problem) => return failed(Path::new(name), Trouble::BadName(problem)),
        };
        // A game saved under that name is never replaced unasked.
        if !replace && path.exists() {
            return failed(Path::new(name), Trouble::Taken);
        }
        if !self.held {
            // A checkpoint first: the games put aside go to the disk and
            // the journal no longer names them, so that no start writes
            // one of them again over a game saved here under its name. A
            // failure is said by the next commit, which tries again.
            let _ = self.autosave.settle();
        }
        let shown =
            GameName::from_file(&path).map_or_else(|| name.to_string(), |n| n.as_str().to_string());
        match save_game(&path, game) {
            Ok(()) => Reply::Saved(shown),
            Err(e) => failed(&path, Trouble::Unreadable(IoReason::from_kind(e.kind))),
        }
    }

    fn load(&mut self, name: &str, now: SystemTime) -> Reply {
        let folder = Path::new(name).is_dir();
        let path = match self.paths.named_game(name) {
            // A folder of that name is meant rather than a game never
            // saved.
            Ok(path) if folder && !path.exists() => {
                return failed(Path::new(name), Trouble::Folder);
            }
            Ok(path) => path,
            Err(_) if folder => return failed(Path::new(name), Trouble::Folder),
            Err(bad) => return failed(Path::new(name), Trouble::BadName(bad.problem)),
        };
        match load_or_move_aside(&path, now) {
            LoadOutcome::Loaded(game) => Reply::Loaded {
                name: name.to_lowercase(),
                game,
            },
            LoadOutcome::Absent => failed(&path, Trouble::Missing),
            LoadOutcome::Broken(Aside::Moved { to, .. }) => {
                failed(&path, Trouble::Broken(Some(to)))
            }
            LoadOutcome::Broken(Aside::Stuck { .. }) => failed(&path, Trouble::Broken(None)),
        }
    }

    fn list(&self) -> Reply {
        let dir = self.paths.games_dir();
        match list_games(&dir) {
            Ok(listing) => {
                let mut games = listing.games;
                // Newest first: the game just saved is the one looked for.
                games.sort_by_key(|g| std::cmp::Reverse(g.modified));
                Reply::Listed(games)
            }
            Err(broken) => failed(&dir, broken.trouble()),
        }
    }

    fn setting(&mut self, key: &str, value: &str) -> Option<Reply> {
        self.settings.set(key, value);
        match self.settings.save() {
            Ok(()) => None,
            Err(e) => Some(failed(
                self.settings.path(),
                Trouble::Unreadable(IoReason::from_kind(e.kind)),
            )),
        }
    }
}

fn failed(path: &Path, trouble: Trouble) -> Reply {
    Reply::Failed {
        path: path.to_path_buf(),
        trouble,
    }
}

/// A text file, read for `load FILE.pgn`, `games FILE.pgn` or
/// `scoresheet FILE`.
fn read_text(path: &Path, purpose: ReadFor) -> Reply {
    match pgn_file::read_text(path) {
        Ok(text) => Reply::Text {
            path: path.to_path_buf(),
            text,
            purpose,
        },
        Err(trouble) => failed(path, trouble),
    }
}

/// `pgn FILE`: the game written to a new file or added to a PGN file.
fn write_pgn(path: PathBuf, text: &str) -> Reply {
    match pgn_file::add_game(&path, text) {
        Ok(Added::Written(path)) => Reply::Written(path),
        Ok(Added::Added { path, number }) => Reply::Added { path, number },
        Err(trouble) => failed(&path, trouble),
    }
}

impl Keeper for Store {
    fn name_games(&mut self, unfinished: &str, finished: &str) {
        // Only words that make a valid name; else the English ones stay.
        for (word, to) in [unfinished, finished].into_iter().zip(&mut self.words) {
            if GameName::new(word).is_ok() {
                *to = word.to_string();
            }
        }
    }

    fn carry_out(&mut self, request: Request) -> Option<Reply> {
        let now = SystemTime::now();
        match request {
            // Kept in step even while the file is held, so that the
            // store's moves stay those the session sent.
            Request::Autosave(head, moves) => {
                self.changed = true;
                self.autosave
                    .update(*head, moves)
                    .err()
                    .map(|_| Reply::Resync)
            }
            Request::SaveAs {
                name,
                game,
                replace,
            } => Some(self.save_as(&name, &game, replace, now)),
            Request::Load { name } => Some(self.load(&name, now)),
            Request::List => Some(self.list()),
            Request::Write { path, text } => Some(write_pgn(path, &text)),
            Request::Read { path, purpose } => Some(read_text(&path, purpose)),
            Request::KeepUnfinished => self.keep_unfinished(now).err(),
            Request::SetAsideKept => Some(self.set_aside_kept(now)),
            Request::KeepPlayed => match self.keep_unfinished(now) {
                Ok(name) => name.map(Reply::KeptAs),
                Err(failure) => Some(failure),
            },
            Request::Setting { key, value } => self.setting(&key, &value),
            Request::SaveStats(stats) => {
                let path = self.paths.training();
                save_stats(&path, &stats)
                    .err()
                    .map(|e| failed(&path, Trouble::Unreadable(IoReason::from_kind(e.kind))))
            }
        }
    }

    fn commit(&mut self) -> Option<Reply> {
        if self.held || !self.autosave.waiting() {
            return None;
        }
        let path = self.paths.autosave();
        let changed = std::mem::take(&mut self.changed);
        // After a failure the commit writes the whole game (a checkpoint),
        // so the moment it works again nothing played is missing.
        match self.autosave.commit() {
            Ok(()) => std::mem::take(&mut self.failing).then_some(Reply::KeptAgain),
            Err(_) if self.failing => changed.then_some(Reply::StillUnkept),
            Err(e) => {
                self.failing = true;
                Some(Reply::Unkept {
                    path,
                    reason: IoReason::of(&e),
                })
            }
        }
    }

    fn finish(&mut self) {
        if !self.held {
            // A clean exit does not cut the journal: what it holds is on
            // the disk already, and a cut would first flush every game
            // put aside since the last one (110 at the end of a piped
            // run). The next start replays it. Only a checkpoint still
            // due after a failed write is written.
            let _ = self.autosave.commit();
        }
    }
}
