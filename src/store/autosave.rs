//! The game in progress kept after every change worth keeping, at the
//! cost of a few bytes per change: a checkpoint (`current.json`, the
//! whole game, written atomically) and a journal after it with one
//! record per change. Nothing is written until [`Autosave::commit`]: the
//! loop commits once per batch of lines, before their answers are shown,
//! so a batch costs one write and one `fdatasync` whatever its length.
//!
//! As in a write-ahead log, the journal is what keeps a change; the
//! checkpoint only bounds what a start replays. It is written, and the
//! journal started over, when the journal reaches [`CHECKPOINT_BYTES`],
//! at `save`, at the first change of a run with no journal to go on,
//! after a failed write, and when a start finds the journal torn or not
//! its checkpoint's. Not at the end of a game nor at a clean exit: the
//! journal is on the disk already, and the next start replays it.
//!
//! A game put among the saved games (`new`, `load` of another) is
//! written to `games/NAME.json` at once, whole, but not flushed to the
//! disk: the journal holds the game and a record that it went to that
//! file, and a start writes the file again if a crash lost it or cut it
//! short ([`Autosave::resume`]). Before the journal is cut, each such
//! file is flushed, then its folder once: the journal goes only when
//! everything it could write again is on the disk.

use std::collections::HashSet;
use std::io;
use std::path::{Component, Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::MovesUpdate;
use super::SavedGame;
use super::aside::move_aside;
use super::atomic::{folder, remove_durably, sync_files, write_atomic};
use super::broken::{SaveFailed, read_limited};
use super::change::{Change, Tail};
use super::games::{
    LoadOutcome, MAX_GAME_BYTES, game_bytes, load_or_move_aside, parse_game, save_game,
    save_game_unsynced,
};
use super::journal::{Journal, replay};

/// The journal's length in bytes at which the game is written whole
/// again and the journal starts over.
///
/// A checkpoint first flushes each game put aside since the last one
/// (two flushes per game put aside were what kept a piped run of 110
/// games waiting on the disk), so it should be rare; but a start replays
/// the whole journal, which must stay short enough to replay at once. A
/// move's record is about 145 bytes without a clock (the player's board
/// comes with it) and 430 with one: 2 MiB hold some 14,000 moves without
/// a clock (the 9,810 of the pipe benchmark, 1.4 MB, stay below it) or
/// 4,800 with one. A start with a full journal (2.1 MB, 161 games put
/// aside to check) took 25 ms against 7 ms with none (`annabella
/// --resume`, release build, the shared 2-core machine).
pub const CHECKPOINT_BYTES: u64 = 2 << 20;

/// The largest journal read: far more than [`CHECKPOINT_BYTES`], which
/// the batch that reaches it overruns by its own records.
const MAX_JOURNAL_BYTES: u64 = 16 << 20;

const _: () = assert!(CHECKPOINT_BYTES * 8 <= MAX_JOURNAL_BYTES);

/// The kept game in progress: its checkpoint file and its journal.
#[derive(Debug)]
pub struct Autosave {
    checkpoint: PathBuf,
    journal: Journal,
    /// The game as the files hold it once the waiting changes are
    /// committed.
    latest: Option<SavedGame>,
    /// The next commit writes a checkpoint instead of appending.
    due: bool,
    /// Changes in the journal since its checkpoint.
    records: usize,
    /// The mark of the last checkpoint written.
    mark: u64,
    /// Whether `latest` is a game in progress, or only what the next
    /// one's changes start from (it was put aside).
    present: bool,
    /// Saved games the journal can write again, written without a flush
    /// to the disk (put aside in this run, or found whole at the start):
    /// flushed before the journal is cut.
    aside: Vec<PathBuf>,
    /// Saved games the journal put aside that the start found missing or
    /// cut short and could not write again: written before the journal
    /// is cut, which waits until they are.
    unwritten: Vec<(PathBuf, SavedGame)>,
}

/// The moves of an update did not follow those kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resync;

/// What the start found kept.
#[derive(Debug)]
pub struct Resumed {
    /// The checkpoint, with the journal replayed onto it.
    pub outcome: LoadOutcome,
    /// The journal ended in a torn record, which was dropped.
    pub torn: bool,
}

impl Autosave {
    /// The autosave at `checkpoint` with its journal at `journal`.
    pub fn new(checkpoint: PathBuf, journal: PathBuf) -> Autosave {
        Autosave {
            checkpoint,
            journal: Journal::new(journal),
            latest: None,
            due: false,
            records: 0,
            mark: 0,
            present: false,
            aside: Vec::new(),
            unwritten: Vec::new(),
        }
    }

    /// Keeps `game` as the game in progress from the next commit on.
    pub fn keep(&mut self, game: SavedGame) {
        let change = self
            .latest
            .as_ref()
            .and_then(|old| Change::between(old, &game));
        self.keep_with(game, change);
    }

    /// Keeps the game `head` (its moves left empty) with its moves
    /// changed by `moves` from those kept last; `Err` when they do not
    /// follow those (nothing is kept: the next update must bring all,
    /// from `before` 0).
    pub fn update(&mut self, head: SavedGame, moves: MovesUpdate) -> Result<(), Resync> {
        let kept = self.latest.as_ref().map_or(0, |game| game.moves.len());
        // An update from no moves brings them all, whatever came before
        // (a new game after one put aside, or after a resync).
        if moves.before != 0 && (moves.before != kept || moves.keep > kept) {
            return Err(Resync);
        }
        let tail = Tail {
            keep: moves.keep,
            add: moves.add,
        };
        // The head's moves are empty: only the rest and the clock are
        // compared, the moves are told by the update.
        let change = self
            .latest
            .as_ref()
            .and_then(|old| Change::with_moves(old, &head, tail.clone()));
        let mut game = head;
        game.moves = self
            .latest
            .as_mut()
            .map(|old| std::mem::take(&mut old.moves))
            .unwrap_or_default();
        tail.apply(&mut game.moves).ok_or(Resync)?;
        self.keep_with(game, change);
        Ok(())
    }

    fn keep_with(&mut self, game: SavedGame, change: Option<Change>) {
        self.present = true;
        if self.latest.is_some() && !self.due && self.journal.size() < CHECKPOINT_BYTES {
            if let Some(change) = change {
                self.journal.append(change);
                self.records += 1;
            }
        } else {
            self.due = true;
        }
        self.latest = Some(game);
    }

    /// Makes what was kept since the last commit durable: one append and
    /// one `fdatasync`, or a checkpoint when one is due. On an error the
    /// next commit writes a checkpoint (the journal may end torn).
    pub fn commit(&mut self) -> io::Result<()> {
        let result = if self.due {
            self.checkpoint()
        } else {
            self.journal.commit()
        };
        if result.is_err() {
            self.due = self.latest.is_some();
        }
        result
    }

    /// Whether anything waits for a commit.
    pub fn waiting(&self) -> bool {
        self.due || self.journal.pending()
    }

    /// The game in progress, if there is one.
    pub fn current_mut(&mut self) -> Option<&mut SavedGame> {
        self.latest.as_mut().filter(|_| self.present)
    }

    /// The game in progress was put among the saved games (written
    /// there durably): a record says so (no rewrite), and the next
    /// game's changes start from it.
    pub fn clear(&mut self) {
        self.clear_as(None);
    }

    /// Puts the game in progress among the saved games as `file`, which
    /// is written at once, whole (no reader sees it half written), but
    /// flushed to the disk only before the journal is cut: until then
    /// the journal holds the game and a record that it went to `file`,
    /// and a start writes it again if a crash lost it. A `file` outside
    /// the journal's folder is written durably at once. Without a game
    /// in progress nothing is written.
    pub fn put_aside(&mut self, file: &Path) -> Result<(), SaveFailed> {
        let relative = self.relative(file);
        if self.due && relative.is_some() {
            // A checkpoint due (the first change of a run) is written
            // now, so that this game goes into the journal after it:
            // left for the batch's end, the checkpoint would have to
            // flush every game put aside in the batch. On a failure the
            // batch's commit tries again and says so.
            let _ = self.commit();
        }
        let Some(game) = self.latest.as_mut().filter(|_| self.present) else {
            return Ok(());
        };
        // The mark is the journal's, not the saved game's.
        let mark = game.journal.take();
        let saved = if relative.is_some() {
            save_game_unsynced(file, game)
        } else {
            save_game(file, game)
        };
        game.journal = mark;
        saved?;
        if relative.is_some() {
            // Even when a checkpoint is due and no record names it: the
            // checkpoint flushes it before it removes the journal.
            self.aside.push(file.to_path_buf());
        }
        self.clear_as(relative);
        Ok(())
    }

    fn clear_as(&mut self, file: Option<String>) {
        if !self.present {
            return;
        }
        self.present = false;
        if self.due || self.journal.size() >= CHECKPOINT_BYTES {
            self.due = true;
        } else {
            self.journal.append_clear(file);
            self.records += 1;
        }
    }

    /// `file` relative to the journal's folder, `/` between its parts,
    /// if it is inside it.
    fn relative(&self, file: &Path) -> Option<String> {
        let rest = file.strip_prefix(folder(self.journal.path())).ok()?;
        let parts = rest
            .components()
            .map(|part| match part {
                Component::Normal(part) => part.to_str(),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        (!parts.is_empty()).then(|| parts.join("/"))
    }

    /// Makes every saved game the journal could write again durable, so
    /// that the journal may be cut: those the start could not write are
    /// written, then each file is flushed, and their folder once.
    fn sync_aside(&mut self) -> io::Result<()> {
        let now = SystemTime::now();
        let mut failed = None;
        for (path, game) in std::mem::take(&mut self.unwritten) {
            if let Err(e) = self.see_aside(path, game, now) {
                failed.get_or_insert(e);
            }
        }
        if let Some(e) = failed {
            return Err(e);
        }
        sync_files(&self.aside)?;
        self.aside.clear();
        Ok(())
    }

    /// Writes the latest game whole and starts the journal over; with
    /// no game in progress, removes both files. The games put aside that
    /// the journal could write again go to the disk first.
    fn checkpoint(&mut self) -> io::Result<()> {
        self.sync_aside()?;
        if !self.present {
            self.forget();
            remove_durably(&self.checkpoint)?;
            return Ok(());
        }
        let Some(game) = &mut self.latest else {
            self.due = false;
            return Ok(());
        };
        let mark = next_mark(self.mark);
        game.journal = Some(mark);
        save_game(&self.checkpoint, game).map_err(|e| io::Error::from(e.kind))?;
        self.mark = mark;
        self.journal.restart(mark)?;
        self.due = false;
        self.records = 0;
        Ok(())
    }

    /// Writes a checkpoint now if any change waits or the journal holds
    /// any (`save`, or before the kept file itself is put aside).
    pub fn settle(&mut self) -> io::Result<()> {
        if self.records > 0 || self.journal.pending() {
            self.due = true;
        }
        self.commit()
    }

    /// The game kept by the last run: the checkpoint with its journal
    /// replayed. Every game the journal put aside under a file is made
    /// to be there as it was put aside: written again, durably, if a
    /// crash lost its file or cut it short (any other file in its way is
    /// moved aside first), and left untouched if it is there whole. A
    /// journal that fits its checkpoint and ends whole is appended to as
    /// it is (a clean exit leaves it so); any other is folded into a new
    /// checkpoint at once, so that no append follows a torn record or
    /// goes into a journal that no checkpoint names. A broken checkpoint
    /// is moved aside with the time `now`.
    pub fn resume(&mut self, now: SystemTime) -> Resumed {
        let outcome = load_or_move_aside(&self.checkpoint, now);
        let LoadOutcome::Loaded(checkpoint) = outcome else {
            return Resumed {
                outcome,
                torn: false,
            };
        };
        // No journal, or one that cannot be read: the checkpoint as it is.
        let bytes = read_limited(self.journal.path(), MAX_JOURNAL_BYTES).unwrap_or_default();
        let mut replayed = replay(*checkpoint, &bytes);
        self.mark = replayed.game.journal.unwrap_or(0);
        self.restore_aside(std::mem::take(&mut replayed.put_aside), now);
        let whole = replayed.fits && !replayed.torn;
        if whole {
            self.journal.go_on(replayed.len);
        }
        if !replayed.present {
            // The last game was put aside whole; none is in progress.
            self.latest = Some(replayed.game);
            self.present = false;
            self.records = replayed.changes;
            if !whole {
                // No append may follow a torn record: start afresh.
                self.due = true;
                let _ = self.commit();
            }
            return Resumed {
                outcome: LoadOutcome::Absent,
                torn: replayed.torn,
            };
        }
        // A finished game too: the store puts it among the saved games
        // from here, as the journal has it.
        self.latest = Some(replayed.game.clone());
        self.present = true;
        self.records = replayed.changes;
        if !whole {
            self.due = true;
            // Failing here, the next commit tries again.
            let _ = self.commit();
        }
        Resumed {
            outcome: LoadOutcome::Loaded(Box::new(replayed.game)),
            torn: replayed.torn,
        }
    }

    /// Sees that each game the journal put aside under a file is there
    /// (the last one put aside under each name): those found whole are
    /// flushed before the journal is cut, those written again here
    /// already are.
    fn restore_aside(&mut self, put_aside: Vec<(String, SavedGame)>, now: SystemTime) {
        let dir = folder(self.journal.path()).to_path_buf();
        let mut seen = HashSet::new();
        for (file, game) in put_aside.into_iter().rev() {
            if !seen.insert(file.clone()) {
                continue;
            }
            let Some(path) = within(&dir, &file) else {
                continue;
            };
            // One it cannot write now is written before the next cut.
            let _ = self.see_aside(path, game, now);
        }
    }

    /// Sees that `path` holds the game put aside there ([`restore`]):
    /// one found whole is flushed before the journal is cut, one that
    /// could not be written is kept to be written then.
    fn see_aside(&mut self, path: PathBuf, game: SavedGame, now: SystemTime) -> io::Result<()> {
        match restore(&path, &game, now) {
            Ok(Found::Whole) => self.aside.push(path),
            Ok(Found::Written | Found::Taken) => {}
            Err(e) => {
                self.unwritten.push((path, game));
                return Err(e);
            }
        }
        Ok(())
    }

    /// The game in progress was put aside whole or is no longer kept: the
    /// next game starts with a checkpoint of its own. The journal is
    /// removed once the games it could write again are on the disk;
    /// failing that, it is left as it is, and the next checkpoint tries
    /// again before it writes over it.
    pub fn forget(&mut self) {
        self.latest = None;
        self.present = false;
        self.due = false;
        self.records = 0;
        if self.sync_aside().is_ok() {
            self.journal.remove();
        } else {
            self.journal.close();
        }
    }
}

/// What a start found of a game the journal put aside.
enum Found {
    /// The file, as the game was put aside: perhaps not yet on the disk.
    Whole,
    /// It was missing or not the game, and was written again durably.
    Written,
    /// Another file has its name and could not be moved aside: it is not
    /// written over.
    Taken,
}

/// Sees that `path` holds `game`, which the journal put aside there
/// without a flush. A missing file, or one cut short (the bytes written
/// before a power cut), is written again durably; any other file that
/// is not the game is first moved aside as a broken one (never written
/// over), then the game is written. A file that is the game is left
/// untouched.
fn restore(path: &Path, game: &SavedGame, now: SystemTime) -> io::Result<Found> {
    let bytes = game_bytes(game)?;
    match read_limited(path, MAX_GAME_BYTES) {
        Ok(found) if parse_game(&found).is_ok_and(|kept| kept == *game) => {
            return Ok(Found::Whole);
        }
        // What the put-aside write left: nothing in it the game lacks.
        Ok(found) if bytes.starts_with(&found) => {}
        Err(broken) if broken.is_missing() => {}
        Ok(_) | Err(_) => {
            if move_aside(path, now).is_err() {
                return Ok(Found::Taken);
            }
        }
    }
    write_atomic(path, &bytes)?;
    Ok(Found::Written)
}

/// The file `file` (parts joined by `/`) inside `dir`; `None` if it
/// would lead out of it.
fn within(dir: &Path, file: &str) -> Option<PathBuf> {
    let file = Path::new(file);
    let inside = file.components().next().is_some()
        && file
            .components()
            .all(|part| matches!(part, Component::Normal(_)));
    inside.then(|| dir.join(file))
}

/// A mark no earlier checkpoint of this data directory has: the time in
/// nanoseconds, and always more than the last one, so that a journal
/// left over from another game never fits a new checkpoint.
fn next_mark(last: u64) -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX));
    now.max(last.saturating_add(1))
}
