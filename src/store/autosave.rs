//! The game in progress kept after every change worth keeping, at the
//! cost of a few bytes per change: the whole game is written atomically
//! only at a checkpoint (the first save with no journal to go on, the
//! end of a game, every [`CHECKPOINT_EVERY`] changes, after a failed
//! write, at a start that finds the journal torn or not its
//! checkpoint's); in between every change is a record appended to the
//! journal, which a clean exit leaves for the next start to replay.
//! Nothing is written until [`Autosave::commit`]: the loop commits once
//! per batch of lines, before their answers are shown, so a batch costs
//! one write and one `fdatasync` whatever its length.

use std::io;
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use super::SavedGame;
use super::atomic::remove_durably;
use super::broken::read_limited;
use super::change::{Change, Tail};
use super::games::{LoadOutcome, load_or_move_aside, save_game};
use super::journal::{Journal, replay};
use super::request::MovesUpdate;

/// Changes appended to a journal before the game is written whole again
/// (so that a resume replays at most this many).
pub const CHECKPOINT_EVERY: usize = 256;

/// The largest journal read (far more than [`CHECKPOINT_EVERY`] records).
const MAX_JOURNAL_BYTES: u64 = 16 << 20;

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
        if self.latest.is_some()
            && !self.due
            && game.result.is_none()
            && self.records < CHECKPOINT_EVERY
        {
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

    /// The game in progress was put among the saved games: a record
    /// says so (no rewrite), and the next game's changes start from it.
    pub fn clear(&mut self) {
        if !self.present {
            return;
        }
        self.present = false;
        if self.due || self.records >= CHECKPOINT_EVERY {
            self.due = true;
        } else {
            self.journal.append_clear(None);
            self.records += 1;
        }
    }

    /// Writes the latest game whole and starts the journal over; with
    /// no game in progress, removes both files.
    fn checkpoint(&mut self) -> io::Result<()> {
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
    /// any (before the kept file itself is put aside).
    pub fn settle(&mut self) -> io::Result<()> {
        if self.records > 0 || self.journal.pending() {
            self.due = true;
        }
        self.commit()
    }

    /// The game kept by the last run: the checkpoint with its journal
    /// replayed. A journal that fits its checkpoint and ends whole is
    /// appended to as it is (a clean exit leaves it so); any other is
    /// folded into a new checkpoint at once, so that no append follows a
    /// torn record or goes into a journal that no checkpoint names. A
    /// broken checkpoint is moved aside with the time `now`.
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
        let replayed = replay(*checkpoint, &bytes);
        self.mark = replayed.game.journal.unwrap_or(0);
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
        if replayed.game.result.is_none() {
            self.latest = Some(replayed.game.clone());
            self.present = true;
            self.records = replayed.changes;
            if !whole {
                self.due = true;
                // Failing here, the next commit tries again.
                let _ = self.commit();
            }
        }
        Resumed {
            outcome: LoadOutcome::Loaded(Box::new(replayed.game)),
            torn: replayed.torn,
        }
    }

    /// The game in progress was put aside whole or is no longer kept: the
    /// next game starts with a checkpoint of its own.
    pub fn forget(&mut self) {
        self.latest = None;
        self.present = false;
        self.due = false;
        self.records = 0;
        self.journal.remove();
    }
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
