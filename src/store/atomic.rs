//! Writing a file so that a crash, a kill or a power cut at any moment
//! leaves either the old file or the new one whole, never a mix.
//!
//! Why that holds:
//! - The new bytes go to a temporary file in the same directory, never
//!   into the old file, so until the rename the old file is untouched.
//! - The temporary file is flushed to the disk (`sync_all`) before the
//!   rename, so the name cannot come to point at data still in the
//!   page cache: after a power cut the renamed file has all its bytes,
//!   not a hole or a zero-length file.
//! - The rename replaces the old name in one step (POSIX `rename` is
//!   atomic; the same directory keeps it on one file system, where it
//!   cannot turn into a copy). Before it the name is the old file,
//!   after it the new one.
//! - The directory is flushed after the rename, so the new name itself
//!   is on the disk when `write_atomic` returns: the save the player was
//!   told of is not undone by a power cut a moment later.
//!
//! A temporary file left by a crash before the rename keeps its own
//! name (`.NAME.XXXXXX.tmp`), which no loader reads.
//!
//! [`write_unsynced`] keeps the temporary file and the rename but leaves
//! out both flushes: a reader sees the old file or the new one whole,
//! never a mix, but a power cut may undo it. It is for a file that
//! something already durable can write again (a saved game the journal
//! holds), flushed later by [`sync_files`] before that copy goes.

use std::ffi::OsString;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use tempfile::Builder;

/// Writes `bytes` to `path` atomically and durably: the directory is
/// made if missing, the bytes are written to a temporary file beside
/// `path`, flushed to the disk, renamed over `path`, and the directory
/// is flushed. On an error `path` is as it was (the temporary file is
/// removed).
///
/// The new file is readable by its owner only (the temporary file's
/// mode), whatever the old file's mode was.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("deep/er/file.json");
/// annabella::store::atomic::write_atomic(&path, b"{}").unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"{}");
/// ```
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_renamed(path, bytes, true)
}

/// Writes `bytes` to a new file at `path` as [`write_atomic`] does, but
/// never over a file that is there: then `AlreadyExists`, the file left
/// as it was. For a file the player names (`brf FILE`): what is there
/// may be anything of theirs. The check and the write are one step (a
/// rename that refuses to replace), so a file made meanwhile is safe too.
///
/// ```
/// use annabella::store::atomic::write_new;
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("notes.txt");
/// std::fs::write(&path, b"notes").unwrap();
/// let e = write_new(&path, b"sheet").unwrap_err();
/// assert_eq!(e.kind(), std::io::ErrorKind::AlreadyExists);
/// assert_eq!(std::fs::read(&path).unwrap(), b"notes");
/// ```
pub fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = folder(path);
    make_dirs(dir)?;
    let mut temp = Builder::new().prefix(".").suffix(".tmp").tempfile_in(dir)?;
    temp.write_all(bytes)?;
    temp.flush()?;
    temp.as_file().sync_all()?;
    temp.persist_noclobber(path).map_err(|e| e.error)?;
    sync_dir(dir)
}

/// Writes `bytes` to `path` as [`write_atomic`] does (a temporary file
/// renamed over it, so that no reader ever sees it half written) but
/// without flushing the file or its directory: until [`sync_files`]
/// flushes it, a power cut may leave the old file, no file, or one cut
/// short. For a file that something durable can write again (a saved
/// game that the journal still holds). Missing directories are still
/// made durably.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("games/mine.json");
/// annabella::store::atomic::write_unsynced(&path, b"{}").unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"{}");
/// annabella::store::atomic::sync_files(&[path]).unwrap();
/// ```
pub fn write_unsynced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_renamed(path, bytes, false)
}

/// Flushes files written by [`write_unsynced`] to the disk, each file
/// and then each of their directories once, so that their names and
/// bytes survive a power cut. A file that is no longer there was
/// removed since it was written, and is passed over.
pub fn sync_files(paths: &[PathBuf]) -> io::Result<()> {
    let mut dirs: Vec<&Path> = Vec::new();
    for path in paths {
        match fs::File::open(path) {
            Ok(file) => file.sync_all()?,
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e),
        }
        let dir = folder(path);
        if !dirs.contains(&dir) {
            dirs.push(dir);
        }
    }
    dirs.into_iter().try_for_each(sync_dir)
}

fn write_renamed(path: &Path, bytes: &[u8], sync: bool) -> io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::from(io::ErrorKind::InvalidInput))?;
    let dir = folder(path);
    make_dirs(dir)?;
    let mut prefix = OsString::from(".");
    prefix.push(name);
    prefix.push(".");
    let mut temp = Builder::new()
        .prefix(&prefix)
        .suffix(".tmp")
        .tempfile_in(dir)?;
    temp.write_all(bytes)?;
    temp.flush()?;
    if sync {
        temp.as_file().sync_all()?;
    }
    temp.persist(path).map_err(|e| e.error)?;
    if sync { sync_dir(dir) } else { Ok(()) }
}

/// The folder a file is in: `.` for a bare file name.
pub(super) fn folder(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Makes `dir` and its missing ancestors, each flushed into its parent:
/// a new directory's own entry must reach the disk too, or after a power
/// cut the first save would be in a directory that is not there.
fn make_dirs(dir: &Path) -> io::Result<()> {
    let missing: Vec<&Path> = dir
        .ancestors()
        .take_while(|d| !d.as_os_str().is_empty() && !d.is_dir())
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    // A file where a folder should be is said as such, not as the
    // "already exists" that making the folder would meet.
    if missing.iter().any(|d| d.exists()) {
        return Err(io::ErrorKind::NotADirectory.into());
    }
    fs::create_dir_all(dir)?;
    for made in missing {
        match made.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => sync_dir(parent)?,
            _ => sync_dir(Path::new("."))?,
        }
    }
    Ok(())
}

/// Removes `path`, if it is there, and flushes its directory, so that
/// the removal is on the disk when this returns.
pub fn remove_durably(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    }
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => sync_dir(dir),
        _ => Ok(()),
    }
}

/// Flushes a directory's entries (a rename in it) to the disk.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    fs::File::open(dir)?.sync_all()
}

/// Other platforms cannot open a directory as a file to flush it; the
/// rename itself is all they offer.
#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn replaces_the_old_file_and_leaves_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("current.json");
        write_atomic(&path, b"old").unwrap();
        write_atomic(&path, b"new and longer").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new and longer");
        write_atomic(&path, b"").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"");
        assert_eq!(names_in(dir.path()), ["current.json"]);
    }

    #[test]
    fn makes_missing_directories() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("data/games/mine.json");
        write_atomic(&path, b"{}").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"{}");
    }

    #[test]
    fn a_failed_write_leaves_the_old_state() {
        let dir = tempfile::tempdir().unwrap();
        // A directory where the file should be: the rename fails, for
        // root too, and the temporary file goes.
        let path = dir.path().join("current.json");
        fs::create_dir(&path).unwrap();
        fs::write(path.join("inside"), b"kept").unwrap();
        assert!(write_atomic(&path, b"new").is_err());
        assert_eq!(fs::read(path.join("inside")).unwrap(), b"kept");
        assert_eq!(names_in(dir.path()), ["current.json"]);
        // A file where the directory should be.
        let blocked = dir.path().join("current.json/inside/x.json");
        assert!(write_atomic(&blocked, b"new").is_err());
    }

    #[test]
    fn a_path_without_a_file_name_is_refused() {
        let error = write_atomic(Path::new("/"), b"x").unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidInput);
    }
}
