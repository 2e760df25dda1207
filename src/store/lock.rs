//! The data directory is held by one run at a time: an advisory lock
//! (`flock`) on `annabella.lock` in it, taken at the start and held
//! until the process ends. The kernel lets go of it when the process
//! dies, however it dies (a SIGKILL, a power cut), so no run ever finds
//! a folder locked by nobody. Two runs writing one journal would merge
//! their games into one nobody played.

use std::fs::{self, File, OpenOptions};
use std::path::Path;

use crate::event::IoReason;

/// The lock file's name in the data directory.
pub const LOCK: &str = "annabella.lock";

/// The data directory, held by this run while this lives.
#[derive(Debug)]
pub struct DataLock {
    // Held open: closing it (or the process ending) lets go of the lock.
    _file: File,
}

/// Why the data directory could not be held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotHeld {
    /// Another run holds it.
    InUse,
    /// The lock file cannot be made or opened (the folder cannot be
    /// written, is a file, …): whatever keeps the game finds the same
    /// fault and says it.
    Unreachable(IoReason),
}

impl DataLock {
    /// Takes the data directory `dir` for this run, made if missing;
    /// never waits for another run.
    pub fn take(dir: &Path) -> Result<DataLock, NotHeld> {
        let unreachable = |e: std::io::Error| NotHeld::Unreachable(IoReason::of(&e));
        fs::create_dir_all(dir).map_err(unreachable)?;
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(dir.join(LOCK))
            .map_err(unreachable)?;
        lock(&file)?;
        Ok(DataLock { _file: file })
    }
}

#[cfg(unix)]
fn lock(file: &File) -> Result<(), NotHeld> {
    use std::os::fd::AsRawFd;
    // SAFETY: the descriptor is open for as long as `file` lives, and
    // flock takes no pointer.
    let done = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if done == 0 {
        return Ok(());
    }
    let e = std::io::Error::last_os_error();
    if e.kind() == std::io::ErrorKind::WouldBlock {
        Err(NotHeld::InUse)
    } else {
        Err(NotHeld::Unreachable(IoReason::of(&e)))
    }
}

#[cfg(not(unix))]
fn lock(_: &File) -> Result<(), NotHeld> {
    // No advisory lock here: one run at a time is the player's to keep.
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_hold_on_one_folder_is_refused_until_the_first_lets_go() {
        let dir = tempfile::tempdir().unwrap();
        let first = DataLock::take(dir.path()).unwrap();
        // flock locks belong to the open file: a second open is refused
        // even in the same process.
        assert_eq!(DataLock::take(dir.path()).unwrap_err(), NotHeld::InUse);
        drop(first);
        assert!(DataLock::take(dir.path()).is_ok());
    }

    #[test]
    fn a_folder_that_is_a_file_is_unreachable_not_in_use() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("plain");
        fs::write(&file, "x").unwrap();
        assert!(matches!(
            DataLock::take(&file),
            Err(NotHeld::Unreachable(_))
        ));
    }
}
