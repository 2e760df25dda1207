//! The game in progress kept after every change worth keeping, at the
//! cost of a few bytes per change: the whole game is written atomically
//! only at a checkpoint (the first save of a run, the end of a game,
//! every [`CHECKPOINT_EVERY`] changes, after a failed write, at a clean
//! exit); in between every change is a record appended to the journal.
//! Nothing is written until [`Autosave::commit`]: the loop commits once
//! per batch of lines, before their answers are shown, so a batch costs
//! one write and one `fdatasync` whatever its length.

use std::io;
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use super::SavedGame;
use super::broken::{BrokenKind, read_limited};
use super::change::Change;
use super::games::{LoadOutcome, load_or_move_aside, save_game};
use super::journal::{Journal, replay};

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
}

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
        }
    }

    /// Keeps `game` as the game in progress from the next commit on.
    pub fn keep(&mut self, game: SavedGame) {
        match &self.latest {
            Some(old) if !self.due && game.result.is_none() && self.records < CHECKPOINT_EVERY => {
                if let Some(change) = Change::between(old, &game) {
                    self.journal.append(change);
                    self.records += 1;
                }
            }
            _ => self.due = true,
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

    /// Writes the latest game whole and starts the journal over.
    fn checkpoint(&mut self) -> io::Result<()> {
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
    /// any (a clean exit, or before the game is put aside).
    pub fn settle(&mut self) -> io::Result<()> {
        if self.records > 0 || self.journal.pending() {
            self.due = true;
        }
        self.commit()
    }

    /// The game kept by the last run: the checkpoint with its journal
    /// replayed. A journal that held anything is folded into a new
    /// checkpoint at once, so that the next append never follows a torn
    /// record. A broken checkpoint is moved aside with the time `now`.
    pub fn resume(&mut self, now: SystemTime) -> Resumed {
        let outcome = load_or_move_aside(&self.checkpoint, now);
        let LoadOutcome::Loaded(checkpoint) = outcome else {
            return Resumed {
                outcome,
                torn: false,
            };
        };
        let bytes = match read_limited(self.journal.path(), MAX_JOURNAL_BYTES) {
            Ok(bytes) => bytes,
            Err(broken) if broken.kind == BrokenKind::Missing => Vec::new(),
            // A journal that cannot be read leaves the checkpoint as it is.
            Err(_) => Vec::new(),
        };
        let replayed = replay(*checkpoint, &bytes);
        self.mark = replayed.game.journal.unwrap_or(0);
        if replayed.game.result.is_none() {
            self.latest = Some(replayed.game.clone());
            if replayed.changes > 0 || replayed.torn {
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
