//! Broken files moved out of the way, never overwritten or deleted: a
//! file the store cannot read is renamed to `NAME.broken-YYYYMMDD-HHMMSS`
//! (UTC) in its own directory, with `-1`, `-2`, … when that name is
//! taken, so the player can look at it or send it in, and the client
//! starts with the name free.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::broken::Broken;
use crate::calendar::stamp;

/// How many numbered names are tried before giving up; more broken
/// files of one name in one second than this means something else is
/// wrong.
const MAX_TRIES: u32 = 1000;

/// What became of a broken file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Aside {
    /// It was moved aside to `to`; its path is free.
    Moved {
        /// What was wrong with it.
        broken: Broken,
        /// Where it is now.
        to: PathBuf,
    },
    /// It could not be moved and is still at its path: the caller must
    /// not write over it.
    Stuck {
        /// What was wrong with it.
        broken: Broken,
        /// Why it could not be moved.
        error: io::ErrorKind,
    },
}

/// Moves the broken file aside (see [`move_aside`]) and says what became
/// of it.
pub fn set_aside(broken: Broken, when: SystemTime) -> Aside {
    match move_aside(&broken.path, when) {
        Ok(to) => Aside::Moved { broken, to },
        Err(e) => Aside::Stuck {
            broken,
            error: e.kind(),
        },
    }
}

/// Renames the file at `path` to `NAME.broken-YYYYMMDD-HHMMSS` in the
/// same directory, the time being `when` in UTC, or to the first of
/// `…-1`, `…-2`, … that is free. An existing file is never replaced;
/// the moved file is the same file (a rename), byte for byte.
///
/// ```
/// use std::time::{Duration, UNIX_EPOCH};
/// use annabella::store::aside::move_aside;
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("current.json");
/// std::fs::write(&path, b"{broken").unwrap();
/// let when = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
/// let to = move_aside(&path, when).unwrap();
/// assert!(to.ends_with("current.json.broken-20231114-221320"));
/// assert_eq!(std::fs::read(&to).unwrap(), b"{broken");
/// assert!(!path.exists());
/// ```
pub fn move_aside(path: &Path, when: SystemTime) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::from(io::ErrorKind::InvalidInput))?;
    let stamp = stamp(when);
    for n in 0..MAX_TRIES {
        let mut aside = OsString::from(name);
        aside.push(".broken-");
        aside.push(&stamp);
        if n > 0 {
            aside.push(format!("-{n}"));
        }
        let to = path.with_file_name(aside);
        match rename_new(path, &to) {
            Ok(()) => return Ok(to),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::ErrorKind::AlreadyExists.into())
}

/// Renames `from` to `to` only if `to` does not exist.
///
/// A plain rename replaces whatever `to` is, and a look before it leaves
/// a moment in which another process (a second client started on the
/// same broken file) could take the name. A hard link cannot replace: it
/// fails if `to` exists, and then the old name is removed, which deletes
/// nothing (the file lives on under `to`). Where there are no links (a
/// directory, some file systems) the look and the rename are the best
/// there is.
fn rename_new(from: &Path, to: &Path) -> io::Result<()> {
    match fs::hard_link(from, to) {
        Ok(()) => fs::remove_file(from).inspect_err(|_| {
            // The broken file stays where it was, as if never linked; the
            // link goes, so a retry does not leave two copies aside.
            let _ = fs::remove_file(to);
        }),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
        Err(_) => {
            if fs::symlink_metadata(to).is_ok() {
                return Err(io::ErrorKind::AlreadyExists.into());
            }
            fs::rename(from, to)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::UNIX_EPOCH;

    #[test]
    fn never_replaces_a_file_aside() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("current.json");
        let mut moved = Vec::new();
        for content in [b"one", b"two", b"six"] {
            fs::write(&path, content).unwrap();
            moved.push(move_aside(&path, UNIX_EPOCH).unwrap());
            assert!(!path.exists());
        }
        let names: Vec<_> = moved.iter().map(|p| p.file_name().unwrap()).collect();
        assert_eq!(
            names,
            [
                "current.json.broken-19700101-000000",
                "current.json.broken-19700101-000000-1",
                "current.json.broken-19700101-000000-2"
            ]
        );
        for (to, content) in moved.iter().zip([b"one", b"two", b"six"]) {
            assert_eq!(fs::read(to).unwrap(), content);
        }
    }

    #[test]
    fn directories_move_too_and_missing_files_do_not() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("current.json");
        fs::create_dir(&path).unwrap();
        fs::write(path.join("inside"), b"x").unwrap();
        let taken = dir.path().join("current.json.broken-19700101-000000");
        fs::write(&taken, b"taken").unwrap();
        let to = move_aside(&path, UNIX_EPOCH).unwrap();
        assert!(to.ends_with("current.json.broken-19700101-000000-1"));
        assert_eq!(fs::read(to.join("inside")).unwrap(), b"x");
        assert_eq!(fs::read(&taken).unwrap(), b"taken");
        let error = move_aside(&path, UNIX_EPOCH).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
    }
}
