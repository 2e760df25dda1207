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
//! The records after it are the changes of the game in progress and,
//! when a game is put among the saved games, a [`Entry::Clear`] naming
//! the file it went to: written there without a flush, that file is
//! kept by the journal until the journal is cut, and replaying gives
//! the game it must hold ([`Replayed::put_aside`]). A journal outlives
//! a clean exit: the next run replays it and appends to it.
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
    Clear {
        /// The saved game's file, relative to the journal's folder
        /// (`games/NAME.json`), when it was written without a flush to
        /// the disk: until the journal is cut, this record is what keeps
        /// it, and a resume writes it again if it is not there whole.
        /// Journals written before it existed have none.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        file: Option<String>,
    },
}

/// How journals written before a put-aside game had a file wrote
/// [`Entry::Clear`]: serde writes a variant without fields as its bare
/// name, which a variant with fields does not read, whatever their
/// defaults.
const BARE_CLEAR: &[u8] = b"\"clear\"";

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
    let entry = if json == BARE_CLEAR {
        Entry::Clear { file: None }
    } else {
        serde_json::from_slice(json).ok()?
    };
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
    /// The journal goes on from this checkpoint (its first record names
    /// the checkpoint's mark): appends may follow it unless it is torn.
    pub fits: bool,
    /// The length of its whole records, in bytes, when it fits.
    pub len: u64,
    /// The games put aside under a file ([`Entry::Clear`] with one), in
    /// the order of the journal: the file and the game as it was put
    /// aside (without the checkpoint's mark).
    pub put_aside: Vec<(String, SavedGame)>,
}

/// The game `checkpoint` with the journal `bytes` replayed onto it. A
/// journal of another checkpoint (or none) changes nothing.
pub fn replay(checkpoint: SavedGame, bytes: &[u8]) -> Replayed {
    let mut replayed = Replayed {
        game: checkpoint,
        changes: 0,
        present: true,
        torn: false,
        fits: false,
        len: 0,
        put_aside: Vec::new(),
    };
    let Some(mark) = replayed.game.journal else {
        return replayed;
    };
    let (entries, torn_at) = records(bytes);
    let mut entries = entries.into_iter();
    match entries.next() {
        Some(Entry::Start { mark: m }) if m == mark => replayed.fits = true,
        // Left over from before the checkpoint, or its start was torn
        // (then nothing after it was ever written).
        _ => return replayed,
    }
    replayed.len = torn_at.unwrap_or(bytes.len()) as u64;
    for entry in entries {
        let change = match entry {
            Entry::Change(change) => change,
            Entry::Clear { file } => {
                if let Some(file) = file {
                    let game = SavedGame {
                        journal: None,
                        ..replayed.game.clone()
                    };
                    replayed.put_aside.push((file, game));
                }
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
    /// The bytes in the file that appends follow.
    len: u64,
}

impl Journal {
    /// The journal at `path` (not opened until it is first written).
    pub fn new(path: PathBuf) -> Journal {
        Journal {
            path,
            file: None,
            pending: Vec::new(),
            len: 0,
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

    /// Adds that the game in progress was put aside (as `file`, relative
    /// to the journal's folder, when the journal is what keeps that file
    /// until it is cut), to be written by the next [`Journal::commit`].
    pub fn append_clear(&mut self, file: Option<String>) {
        frame(&Entry::Clear { file }, &mut self.pending);
    }

    /// Whether changes wait to be written.
    pub fn pending(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Its length in bytes once the waiting changes are written.
    pub fn size(&self) -> u64 {
        self.len + self.pending.len() as u64
    }

    /// Goes on with the journal found at the start, whose whole records
    /// are its first `len` bytes: the next commit appends after them.
    pub fn go_on(&mut self, len: u64) {
        self.pending.clear();
        self.file = None;
        self.len = len;
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
        self.len += self.pending.len() as u64;
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
        self.len = 0;
        write_atomic(&self.path, &start)?;
        self.len = start.len() as u64;
        Ok(())
    }

    /// Drops what waits and closes the file, which stays as it is: the
    /// next commit needs a [`Journal::restart`] first.
    pub fn close(&mut self) {
        self.pending.clear();
        self.file = None;
        self.len = 0;
    }

    /// Removes the journal (its game was put aside whole).
    pub fn remove(&mut self) {
        self.close();
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

    fn game(moves: &[&str], mark: Option<u64>) -> SavedGame {
        SavedGame {
            format: crate::store::FORMAT,
            initial_fen: "8/8/8/8/8/8/8/K6k w - - 0 1".into(),
            chess960: None,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            result: None,
            draw_offer: None,
            clock: None,
            settings: Vec::new().into(),
            human: "white".into(),
            players: ["A".into(), "B".into()],
            date: "2025.01.01".into(),
            my_board: None,
            blindfold: None,
            quiz: None,
            journal: mark,
        }
    }

    #[test]
    fn a_bare_clear_of_an_older_journal_is_a_clear_without_a_file() {
        let mut bytes = journal(&[Entry::Start { mark: 3 }, moves(0, &["a1a2"])]);
        let json = br#""clear""#;
        let crc = crc32fast::hash(json);
        bytes.extend_from_slice(format!("7 {crc:08x} ").as_bytes());
        bytes.extend_from_slice(json);
        bytes.push(b'\n');
        let (entries, torn) = records(&bytes);
        assert_eq!(torn, None);
        assert_eq!(entries.last(), Some(&Entry::Clear { file: None }));
        let replayed = replay(game(&[], Some(3)), &bytes);
        assert!(!replayed.present && replayed.fits && !replayed.torn);
        assert_eq!(replayed.game.moves, ["a1a2"]);
        assert!(replayed.put_aside.is_empty());
        // Written now, a clear without a file has an empty body.
        let now = journal(&[Entry::Clear { file: None }]);
        assert!(now.ends_with(b" {\"clear\":{}}\n"), "{now:?}");
    }

    #[test]
    fn a_clear_with_a_file_gives_the_game_as_it_was_put_aside() {
        let bytes = journal(&[
            Entry::Start { mark: 3 },
            moves(0, &["a1a2", "h1h2"]),
            Entry::Clear {
                file: Some("games/a.json".into()),
            },
            moves(0, &["a1b1"]),
        ]);
        let replayed = replay(game(&[], Some(3)), &bytes);
        let put_aside = vec![("games/a.json".to_string(), game(&["a1a2", "h1h2"], None))];
        assert_eq!(replayed.put_aside, put_aside);
        assert!(replayed.present && replayed.fits && !replayed.torn);
        assert_eq!(replayed.len, bytes.len() as u64);
        assert_eq!(replayed.game, game(&["a1b1"], Some(3)));
        // The journal of another checkpoint puts nothing back.
        let other = replay(game(&[], Some(4)), &bytes);
        assert!(!other.fits && other.put_aside.is_empty());
    }

    #[test]
    fn a_changed_byte_is_found() {
        let mut bytes = journal(&[Entry::Start { mark: 1 }, moves(0, &["e2e4"])]);
        let at = bytes.len() - 4;
        bytes[at] ^= 1;
        assert_eq!(records(&bytes).0.len(), 1);
    }
}
