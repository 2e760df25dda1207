//! The calendar: a moment as the dates and stamps the client writes, in
//! UTC so that they mean the same wherever they are read. The moment is
//! passed in; nothing here reads the clock.

use std::time::{SystemTime, UNIX_EPOCH};

use chrono::{DateTime, Utc};

/// `when` as PGN writes a date, `YYYY.MM.DD`.
///
/// ```
/// use std::time::{Duration, UNIX_EPOCH};
/// use annabella_core::calendar::pgn_date;
/// let leap_day = UNIX_EPOCH + Duration::from_secs(951_782_400 + 86_399);
/// assert_eq!(pgn_date(leap_day), "2000.02.29");
/// ```
pub fn pgn_date(when: SystemTime) -> String {
    utc(when).format("%Y.%m.%d").to_string()
}

/// `when` as `YYYYMMDD-HHMMSS`: names that sort by time.
///
/// ```
/// use std::time::{Duration, UNIX_EPOCH};
/// use annabella_core::calendar::stamp;
/// assert_eq!(stamp(UNIX_EPOCH), "19700101-000000");
/// let leap_day = UNIX_EPOCH + Duration::from_secs(951_782_400 + 86_399);
/// assert_eq!(stamp(leap_day), "20000229-235959");
/// ```
pub fn stamp(when: SystemTime) -> String {
    utc(when).format("%Y%m%d-%H%M%S").to_string()
}

/// The whole second `when` falls in, in UTC. A moment further from 1970
/// than the calendar reaches (a quarter of a million years) is its first
/// or last second rather than a panic.
fn utc(when: SystemTime) -> DateTime<Utc> {
    let secs = match when.duration_since(UNIX_EPOCH) {
        Ok(after) => i64::try_from(after.as_secs()).unwrap_or(i64::MAX),
        // A second begun before the epoch counts as that whole second.
        Err(before) => {
            let d = before.duration();
            let whole = i64::try_from(d.as_secs()).unwrap_or(i64::MAX);
            -whole - i64::from(d.subsec_nanos() > 0)
        }
    };
    DateTime::from_timestamp(secs, 0).unwrap_or(if secs < 0 {
        DateTime::<Utc>::MIN_UTC
    } else {
        DateTime::<Utc>::MAX_UTC
    })
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
        assert_eq!(stamp(at(0)), "19700101-000000");
        assert_eq!(stamp(at(86_399)), "19700101-235959");
        assert_eq!(stamp(at(951_782_400)), "20000229-000000");
        assert_eq!(stamp(at(951_868_800)), "20000301-000000");
        assert_eq!(stamp(at(1_709_164_800)), "20240229-000000");
        assert_eq!(stamp(at(4_102_444_799)), "20991231-235959");
        assert_eq!(stamp(at(4_102_444_800)), "21000101-000000");
        // 2100 is not a leap year.
        assert_eq!(stamp(at(4_107_542_399)), "21000228-235959");
        assert_eq!(stamp(at(4_107_542_400)), "21000301-000000");
        let before = UNIX_EPOCH - Duration::from_millis(500);
        assert_eq!(stamp(before), "19691231-235959");
    }

    #[test]
    fn pgn_dates_of_known_days() {
        assert_eq!(pgn_date(at(0)), "1970.01.01");
        assert_eq!(pgn_date(at(20_779 * 86_400)), "2026.11.22");
        assert_eq!(pgn_date(at(11_016 * 86_400 + 86_399)), "2000.02.29");
    }

    #[test]
    fn moments_beyond_the_calendar_do_not_panic() {
        // A million years; some systems cannot hold such a time at all.
        let million_years = Duration::from_secs(31_556_952_000_000);
        if let Some(far) = UNIX_EPOCH.checked_add(million_years) {
            assert!(stamp(far).ends_with("1231-235959"), "{}", stamp(far));
        }
        if let Some(long_ago) = UNIX_EPOCH.checked_sub(million_years) {
            assert!(stamp(long_ago).ends_with("0101-000000"));
        }
    }
}
