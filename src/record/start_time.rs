//! When a game started, as records write it: KIF's `開始日時：2026/12/06 17:28:13 UTC`,
//! CSA's `$START_TIME:` with the same words. Without a time-zone database at hand the time
//! is UTC, and the words say so.

/// A moment of the proleptic Gregorian calendar, in UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UtcTime {
    pub year: i64,
    pub month: u32,
    pub day: u32,
    pub hour: u64,
    pub minute: u64,
    pub second: u64,
}

impl UtcTime {
    /// The moment `secs` seconds after 1970-01-01 00:00:00 UTC.
    pub fn from_unix_secs(secs: u64) -> UtcTime {
        let (year, month, day) = civil_from_days((secs / 86_400) as i64);
        let rest = secs % 86_400;
        UtcTime {
            year,
            month,
            day,
            hour: rest / 3600,
            minute: rest / 60 % 60,
            second: rest % 60,
        }
    }

    /// Now, by the system's clock (the epoch itself if the clock is before it).
    pub fn now() -> UtcTime {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        UtcTime::from_unix_secs(secs)
    }

    /// Seconds since 1970-01-01 00:00:00 UTC: the moment [`UtcTime::from_unix_secs`] reads
    /// back (0 for a moment before it).
    pub fn unix_secs(self) -> u64 {
        let days = days_from_civil(self.year, self.month, self.day);
        let secs = days * 86_400 + (self.hour * 3600 + self.minute * 60 + self.second) as i64;
        u64::try_from(secs).unwrap_or(0)
    }

    /// The start time as a record's header writes it: `2026/12/06 17:28:13 UTC`, the date
    /// and time KIF and CSA files give, marked as UTC.
    pub fn record_text(self) -> String {
        format!(
            "{:04}/{:02}/{:02} {:02}:{:02}:{:02} UTC",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }
}

/// The days from 1970-01-01 to a (year, month, day) of the proleptic Gregorian calendar:
/// [`civil_from_days`] the other way.
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let yoe = year.rem_euclid(400);
    let mp = i64::from((month + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Days since 1970-01-01 to a (year, month, day) of the proleptic Gregorian calendar.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_since_1970_give_calendar_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_786), (2026, 11, 29));
    }

    #[test]
    fn a_moment_gives_back_its_seconds() {
        for secs in [0, 59, 951_782_400, 20_786 * 86_400 + 45_296, 4_102_444_799] {
            assert_eq!(UtcTime::from_unix_secs(secs).unix_secs(), secs);
        }
    }

    #[test]
    fn a_start_time_reads_as_kif_and_csa_write_dates() {
        let time = UtcTime::from_unix_secs(20_786 * 86_400 + 12 * 3600 + 34 * 60 + 56);
        assert_eq!(time.record_text(), "2026/11/29 12:34:56 UTC");
    }
}
