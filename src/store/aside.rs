//! Broken files moved out of the way, never overwritten or deleted: a
//! file the store cannot read is renamed to `NAME.broken-YYYYMMDD-HHMMSS`
//! (UTC) in its own directory, with `-1`, `-2`, … when that name is
//! taken, so the player can look at it or send it in, and the client
//! starts with the name free.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::broken::Broken;

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
    let stamp = utc_stamp(when);
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

/// `when` in UTC as `YYYYMMDD-HHMMSS`: names that sort by time and mean
/// the same wherever the file is looked at.
///
/// ```
/// use std::time::{Duration, UNIX_EPOCH};
/// use annabella::store::aside::utc_stamp;
/// assert_eq!(utc_stamp(UNIX_EPOCH), "19700101-000000");
/// let leap = UNIX_EPOCH + Duration::from_secs(951_782_400 + 86_399);
/// assert_eq!(utc_stamp(leap), "20000229-235959");
/// ```
pub fn utc_stamp(when: SystemTime) -> String {
    let secs = match when.duration_since(UNIX_EPOCH) {
        Ok(after) => i64::try_from(after.as_secs()).unwrap_or(i64::MAX),
        // A second begun before the epoch counts as that whole second.
        Err(before) => {
            let d = before.duration();
            let whole = i64::try_from(d.as_secs()).unwrap_or(i64::MAX);
            -whole - i64::from(d.subsec_nanos() > 0)
        }
    };
    let days = secs.div_euclid(86_400);
    let of_day = secs.rem_euclid(86_400);
    let (year, month, day) = civil_date(days);
    format!(
        "{year:04}{month:02}{day:02}-{:02}{:02}{:02}",
        of_day / 3600,
        of_day / 60 % 60,
        of_day % 60
    )
}

/// The proleptic Gregorian date of a day counted from 1970-01-01.
///
/// Howard Hinnant's `civil_from_days`: days are counted in eras of 400
/// years (146 097 days, the calendar's full cycle), and years within an
/// era start on 1 March, so the leap day falls at the end of a year.
fn civil_date(days: i64) -> (i64, i64, i64) {
    // 719 468 days from 0000-03-01 to 1970-01-01.
    let z = days.saturating_add(719_468);
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    // Months from March, of 31, 30, 31, 30, 31 days repeating: 153 days
    // every five months.
    let march_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * march_month + 2) / 5 + 1;
    let month = if march_month < 10 {
        march_month + 3
    } else {
        march_month - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn at(secs: u64) -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(secs)
    }

    #[test]
    fn stamps_of_known_times() {
        assert_eq!(utc_stamp(at(0)), "19700101-000000");
        assert_eq!(utc_stamp(at(86_399)), "19700101-235959");
        assert_eq!(utc_stamp(at(951_782_400)), "20000229-000000");
        assert_eq!(utc_stamp(at(951_868_800)), "20000301-000000");
        assert_eq!(utc_stamp(at(1_709_164_800)), "20240229-000000");
        assert_eq!(utc_stamp(at(4_102_444_799)), "20991231-235959");
        assert_eq!(utc_stamp(at(4_102_444_800)), "21000101-000000");
        // 2100 is not a leap year.
        assert_eq!(utc_stamp(at(4_107_542_399)), "21000228-235959");
        assert_eq!(utc_stamp(at(4_107_542_400)), "21000301-000000");
        let before = UNIX_EPOCH - Duration::from_millis(500);
        assert_eq!(utc_stamp(before), "19691231-235959");
    }

    #[test]
    fn every_day_follows_the_one_before() {
        let days_in = |year: i64, month: i64| match month {
            2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        };
        let mut date = civil_date(-800_000);
        for days in -799_999..800_000 {
            let (y, m, d) = date;
            let next = if d < days_in(y, m) {
                (y, m, d + 1)
            } else if m < 12 {
                (y, m + 1, 1)
            } else {
                (y + 1, 1, 1)
            };
            date = civil_date(days);
            assert_eq!(date, next, "day {days}");
        }
    }

    #[test]
    fn never_replaces_a_file_aside() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("current.json");
        let mut moved = Vec::new();
        for content in [b"one", b"two", b"six"] {
            fs::write(&path, content).unwrap();
            moved.push(move_aside(&path, at(0)).unwrap());
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
        let to = move_aside(&path, at(0)).unwrap();
        assert!(to.ends_with("current.json.broken-19700101-000000-1"));
        assert_eq!(fs::read(to.join("inside")).unwrap(), b"x");
        assert_eq!(fs::read(&taken).unwrap(), b"taken");
        let error = move_aside(&path, at(0)).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
    }
}
