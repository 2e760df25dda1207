//! The drills' statistics on disk: `training.json` in the data directory,
//! written atomically after every answer, read at the start; a broken
//! file is moved aside and a fresh record started.

use std::io;
use std::path::Path;
use std::time::SystemTime;

use super::aside::{Aside, set_aside};
use super::atomic::write_atomic;
use super::broken::{Broken, BrokenKind, SaveFailed, read_limited};
use super::games::parse_versioned;
use crate::training::{STATS_FORMAT, Stats};

/// The largest statistics file read: a few kilobytes per drill at most.
pub const MAX_STATS_BYTES: u64 = 4 << 20;

/// Writes the statistics to `path`; on failure the file before stays.
pub fn save_stats(path: &Path, stats: &Stats) -> Result<(), SaveFailed> {
    let mut bytes =
        serde_json::to_vec(stats).map_err(|e| SaveFailed::new(path, &io::Error::from(e)))?;
    bytes.push(b'\n');
    write_atomic(path, &bytes).map_err(|e| SaveFailed::new(path, &e))
}

/// Reads the statistics at `path`: none yet when the file is missing; a
/// broken one is moved aside with the time `when` in its name, and the
/// drills start a fresh record.
pub fn load_stats(path: &Path, when: SystemTime) -> (Stats, Option<Aside>) {
    let read = read_limited(path, MAX_STATS_BYTES)
        .and_then(|bytes| parse_stats(&bytes).map_err(|kind| Broken::new(path, kind)));
    match read {
        Ok(stats) => (stats, None),
        Err(broken) if broken.is_missing() => (Stats::default(), None),
        Err(broken) => (Stats::default(), Some(set_aside(broken, when))),
    }
}

/// Reads statistics from their bytes, the version first.
pub fn parse_stats(bytes: &[u8]) -> Result<Stats, BrokenKind> {
    parse_versioned(bytes, STATS_FORMAT)
}
