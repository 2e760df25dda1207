//! The journal of the game in progress: an append-only file beside the
//! kept game's checkpoint, one short record per change, so that keeping
//! a move costs a few bytes and, once per batch of lines, one
//! `fdatasync` — never a rewrite of the whole game.
//!
//! A record is one line: the length of its JSON in bytes, a space, the
//! JSON's CRC-32 in eight hex digits, a space, the JSON, a newline.
//! Serde writes JSON without raw newlines, so lines and records are the
//! same thing. The first record names the checkpoint the journal goes
//! on from (its `journal` mark); a journal that names another is left
//! over from before a checkpoint and is not replayed.
//!
//! A crash in the middle of an append leaves a torn last record: cut
//! short, or with bytes that do not match its length or checksum. It is
//! found on reading and dropped with everything after it (nothing after
//! it was ever answered: a record is made durable before the answer to
//! its line is shown).

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::SavedGame;
use super::atomic::write_atomic;
use super::change::Change;

/// One record of the journal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Entry {
    /// The journal goes on from the checkpoint with this mark.
    Start {
        /// The checkpoint's mark.
        mark: u64,
    },
    /// The game changed (and, after a [`Entry::Clear`], a new game is
    /// in progress).
    Change(Box<Change>),
    /// The game in progress was put among the saved games: none is in
    /// progress until the next change (which starts from it).
    Clear,
}

/// Appends `entry`, framed, to `out`.
pub fn frame(entry: &Entry, out: &mut Vec<u8>) {
    // A JSON of our own plain types cannot fail to serialise.
    let json = serde_json::to_vec(entry).unwrap_or_default();
    let crc = crc32fast::hash(&json);
    // Writing into a Vec cannot fail.
    let _ = write!(out, "{} {crc:08x} ", json.len());
    out.extend_from_slice(&json);
    out.push(b'\n');
}

/// The records at the start of `bytes` that are whole, and where the
/// first one that is not starts, if any.
pub fn records(bytes: &[u8]) -> (Vec<Entry>, Option<usize>) {
    let mut entries = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        match record(&bytes[at..]) {
            Some((entry, used)) => {
                entries.push(entry);
                at += used;
            }
            None => return (entries, Some(at)),
        }
    }
    (entries, None)
}

/// The record at the start of `bytes` and its length with the newline,
/// or `None` if it is torn.
fn record(bytes: &[u8]) -> Option<(Entry, usize)> {
    let line_end = bytes.iter().position(|&b| b == b'\n')?;
    let line = &bytes[..line_end];
    let mut parts = line.splitn(3, |&b| b == b' ');
    let len: usize = std::str::from_utf8(parts.next()?).ok()?.parse().ok()?;
    let crc = u32::from_str_radix(std::str::from_utf8(parts.next()?).ok()?, 16).ok()?;
    let json = parts.next()?;
    if json.len() != len || crc32fast::hash(json) != crc {
        return None;
    }
    let entry = serde_json::from_slice(json).ok()?;
    Some((entry, line_end + 1))
}

/// What replaying a journal onto its checkpoint gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The game: the checkpoint with every whole change applied.
    pub game: SavedGame,
    /// The changes applied.
    pub changes: usize,
    /// Whether a game is in progress (not put aside by the last record).
    pub present: bool,
    /// A torn or unfitting record was found and dropped, with what came
    /// after it.
    pub torn: bool,
}

/// The game `checkpoint` with the journal `bytes` replayed onto it. A
/// journal of another checkpoint (or none) changes nothing.
pub fn replay(checkpoint: SavedGame, bytes: &[u8]) -> Replayed {
    let mut replayed = Replayed {
        game: checkpoint,
        changes: 0,
        present: true,
        torn: false,
    };
    let Some(mark) = replayed.game.journal else {
        return replayed;
    };
    let (entries, torn_at) = records(bytes);
    let mut entries = entries.into_iter();
    match entries.next() {
        Some(Entry::Start { mark: m }) if m == mark => {}
        // Left over from before the checkpoint, or its start was torn
        // (then nothing after it was ever written).
        _ => return replayed,
    }
    for entry in entries {
        let change = match entry {
            Entry::Change(change) => change,
            Entry::Clear => {
                replayed.present = false;
                replayed.changes += 1;
                continue;
            }
            Entry::Start { .. } => {
                replayed.torn = true;
                return replayed;
            }
        };
        replayed.present = true;
        // A change that does not fit leaves the game as it was.
        if change.apply(&mut replayed.game).is_none() {
            replayed.torn = true;
            return replayed;
        }
        replayed.changes += 1;
    }
    replayed.torn = torn_at.is_some();
    replayed
}

/// The journal file: records waiting to be written, and the file open
/// for appending.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: Option<File>,
    pending: Vec<u8>,
}

impl Journal {
    /// The journal at `path` (not opened until it is first written).
    pub fn new(path: PathBuf) -> Journal {
        Journal {
            path,
            file: None,
            pending: Vec::new(),
        }
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Adds a change, to be written by the next [`Journal::commit`].
    pub fn append(&mut self, change: Change) {
        frame(&Entry::Change(Box::new(change)), &mut self.pending);
    }

    /// Adds that the game in progress was put aside, to be written by
    /// the next [`Journal::commit`].
    pub fn append_clear(&mut self) {
        frame(&Entry::Clear, &mut self.pending);
    }

    /// Whether changes wait to be written.
    pub fn pending(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Writes the waiting changes in one write and makes them durable
    /// with one `fdatasync`. On an error they stay waiting.
    pub fn commit(&mut self) -> io::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let file = match &mut self.file {
            Some(file) => file,
            None => self
                .file
                .insert(OpenOptions::new().append(true).open(&self.path)?),
        };
        let result = file
            .write_all(&self.pending)
            .and_then(|()| file.sync_data());
        if result.is_err() {
            // The file may now end in a torn record: a later append must
            // not follow it, so the next commit starts a new journal.
            self.file = None;
            return result;
        }
        self.pending.clear();
        Ok(())
    }

    /// Starts the journal over after the checkpoint with `mark`: what
    /// waited is in the checkpoint, and the old records are dropped.
    pub fn restart(&mut self, mark: u64) -> io::Result<()> {
        self.pending.clear();
        self.file = None;
        let mut start = Vec::new();
        frame(&Entry::Start { mark }, &mut start);
        write_atomic(&self.path, &start)
    }

    /// Removes the journal (its game was put aside whole).
    pub fn remove(&mut self) {
        self.pending.clear();
        self.file = None;
        let _ = std::fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::change::Tail;

    fn moves(keep: usize, add: &[&str]) -> Entry {
        Entry::Change(Box::new(Change {
            moves: Some(Tail {
                keep,
                add: add.iter().map(|m| m.to_string()).collect(),
            }),
            ..Change::default()
        }))
    }

    fn journal(entries: &[Entry]) -> Vec<u8> {
        let mut bytes = Vec::new();
        for entry in entries {
            frame(entry, &mut bytes);
        }
        bytes
    }

    #[test]
    fn a_record_is_one_line_with_its_length_and_checksum() {
        let bytes = journal(&[Entry::Start { mark: 7 }]);
        let text = String::from_utf8(bytes.clone()).unwrap();
        let json = r#"{"start":{"mark":7}}"#;
        let crc = crc32fast::hash(json.as_bytes());
        assert_eq!(text, format!("{} {crc:08x} {json}\n", json.len()));
        assert!(text.starts_with("20 "));
        assert_eq!(records(&bytes), (vec![Entry::Start { mark: 7 }], None));
    }

    #[test]
    fn every_cut_of_the_last_record_drops_it_and_keeps_the_rest() {
        let whole = journal(&[
            Entry::Start { mark: 1 },
            moves(0, &["e2e4"]),
            moves(1, &["e7e5"]),
        ]);
        let (all, none) = records(&whole);
        assert_eq!((all.len(), none), (3, None));
        let last_start = whole.len() - journal(&[moves(1, &["e7e5"])]).len();
        for cut in last_start..whole.len() {
            let (kept, torn) = records(&whole[..cut]);
            assert_eq!(kept.len(), 2, "cut at {cut}");
            assert_eq!(
                torn,
                (cut > last_start).then_some(last_start),
                "cut at {cut}"
            );
        }
    }

    #[test]
    fn a_changed_byte_is_found() {
        let mut bytes = journal(&[Entry::Start { mark: 1 }, moves(0, &["e2e4"])]);
        let at = bytes.len() - 4;
        bytes[at] ^= 1;
        assert_eq!(records(&bytes).0.len(), 1);
    }
}
