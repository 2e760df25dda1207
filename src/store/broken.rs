//! What can be wrong with a file the store reads or writes, as values an
//! announcer words: the file's path and the kind of fault.

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// A file the store could not use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    /// The file.
    pub path: PathBuf,
    /// What is wrong with it.
    pub kind: BrokenKind,
}

/// What is wrong with a file the store read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BrokenKind {
    /// There is no file: not broken, and never moved aside; only a load
    /// of a game asked for by name reports it.
    Missing,
    /// It cannot be read: a directory where the file should be, no
    /// permission, not a plain file (then the kind is `InvalidInput`), an
    /// error of the disk.
    Unreadable(io::ErrorKind),
    /// It is larger than any file the store writes.
    TooLarge,
    /// Its bytes are not the format: not text, not JSON or TOML, or
    /// fields missing or of the wrong type.
    Garbage,
    /// It ends in the middle: the format is cut short.
    Truncated,
    /// It is of another format version than this program reads.
    WrongVersion(u32),
}

impl Broken {
    /// A fault of `path`.
    pub fn new(path: &Path, kind: BrokenKind) -> Broken {
        Broken {
            path: path.to_path_buf(),
            kind,
        }
    }

    /// What the player is told of it: only a file whose content is wrong
    /// is called broken; one that cannot be reached says why.
    pub fn trouble(&self) -> crate::event::Trouble {
        use crate::event::{IoReason, Trouble};
        match self.kind {
            BrokenKind::Missing => Trouble::Missing,
            BrokenKind::Unreadable(io::ErrorKind::IsADirectory) => Trouble::Folder,
            BrokenKind::Unreadable(kind) => Trouble::Unreadable(IoReason::from_kind(kind)),
            BrokenKind::TooLarge
            | BrokenKind::Garbage
            | BrokenKind::Truncated
            | BrokenKind::WrongVersion(_) => Trouble::Broken(None),
        }
    }

    /// Whether the file is only missing (nothing to move aside).
    pub fn is_missing(&self) -> bool {
        self.kind == BrokenKind::Missing
    }
}

/// A file the store could not write; what was there before is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveFailed {
    /// The file.
    pub path: PathBuf,
    /// Why (no permission, disk full, a directory in the way, …).
    pub kind: io::ErrorKind,
}

/// For logs and developers; the player hears the announcer's words.
impl std::fmt::Display for SaveFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot write {}: {}", self.path.display(), self.kind)
    }
}

impl std::error::Error for SaveFailed {}

impl SaveFailed {
    /// A failed write of `path`.
    pub fn new(path: &Path, error: &io::Error) -> SaveFailed {
        SaveFailed {
            path: path.to_path_buf(),
            kind: error.kind(),
        }
    }
}

/// Reads a whole file of at most `limit` bytes.
///
/// Only a plain file is opened: a pipe or a device where the file should
/// be would block the read or never end.
pub(crate) fn read_limited(path: &Path, limit: u64) -> Result<Vec<u8>, Broken> {
    let unreadable = |kind| Broken::new(path, BrokenKind::Unreadable(kind));
    let from_io = |e: io::Error| match e.kind() {
        io::ErrorKind::NotFound => Broken::new(path, BrokenKind::Missing),
        kind => unreadable(kind),
    };
    let meta = fs::metadata(path).map_err(from_io)?;
    if meta.is_dir() {
        return Err(unreadable(io::ErrorKind::IsADirectory));
    }
    if !meta.is_file() {
        return Err(unreadable(io::ErrorKind::InvalidInput));
    }
    let file = fs::File::open(path).map_err(from_io)?;
    let mut bytes = Vec::new();
    // One byte past the limit tells a file at the limit from a larger one.
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(from_io)?;
    if bytes.len() as u64 > limit {
        return Err(Broken::new(path, BrokenKind::TooLarge));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_up_to_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        fs::write(&path, b"12345").unwrap();
        assert_eq!(read_limited(&path, 5).unwrap(), b"12345");
        let error = read_limited(&path, 4).unwrap_err();
        assert_eq!(error, Broken::new(&path, BrokenKind::TooLarge));
    }

    #[test]
    fn missing_directories_and_devices() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("none");
        assert!(read_limited(&missing, 9).unwrap_err().is_missing());
        let kind = |path: &Path| read_limited(path, 9).unwrap_err().kind;
        assert_eq!(
            kind(dir.path()),
            BrokenKind::Unreadable(io::ErrorKind::IsADirectory)
        );
        let beneath = dir.path().join("none/deeper");
        assert_eq!(kind(&beneath), BrokenKind::Missing);
        #[cfg(unix)]
        assert_eq!(
            kind(Path::new("/dev/zero")),
            BrokenKind::Unreadable(io::ErrorKind::InvalidInput)
        );
    }
}
