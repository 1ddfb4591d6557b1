//! Calendar months in UTC, and the tables' periods: every month starts afresh on the 1st at
//! 00:00 UTC, and an all-time table runs beside them.

use std::fmt;
use std::str::FromStr;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tripot_game::civil_from_days;

const SECONDS_A_DAY: u64 = 86_400;

/// A calendar month, UTC: `2026-12`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Month {
    year: u16,
    month: u8,
}

/// A text that is not `YYYY-MM` (or `all` for a period).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a month written YYYY-MM (1970-01 to 9999-12): {0:?}")]
pub struct MonthError(pub String);

/// (year ≥ 1970, month, day) → days since 1970-01-01: the inverse of [`civil_from_days`].
fn days_from_civil(year: u64, month: u8, day: u8) -> u64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year / 400;
    let yoe = year - era * 400;
    let m = u64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + u64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

impl Month {
    /// The month `year-month`, if it is one between 1970-01 and 9999-12.
    #[must_use]
    pub const fn new(year: u16, month: u8) -> Option<Month> {
        if year >= 1970 && year <= 9999 && month >= 1 && month <= 12 {
            Some(Month { year, month })
        } else {
            None
        }
    }

    /// The month that holds this instant (seconds since 1970 UTC); instants past 9999 are in
    /// its December.
    #[must_use]
    pub fn from_unix(seconds: u64) -> Month {
        let days = i64::try_from(seconds / SECONDS_A_DAY).unwrap_or(i64::MAX / 2);
        let (year, month, _) = civil_from_days(days);
        match u16::try_from(year).ok().and_then(|y| Month::new(y, month)) {
            Some(m) => m,
            None => Month { year: 9999, month: 12 },
        }
    }

    /// Its first second: the 1st at 00:00:00 UTC.
    #[must_use]
    pub fn start_unix(self) -> u64 {
        days_from_civil(u64::from(self.year), self.month, 1) * SECONDS_A_DAY
    }

    /// The year.
    #[must_use]
    pub const fn year(self) -> u16 {
        self.year
    }

    /// The month, 1 to 12.
    #[must_use]
    pub const fn month(self) -> u8 {
        self.month
    }
}

impl fmt::Display for Month {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

impl FromStr for Month {
    type Err = MonthError;

    fn from_str(text: &str) -> Result<Month, MonthError> {
        let error = || MonthError(text.chars().take(16).collect());
        let (year, month) = text.split_once('-').ok_or_else(error)?;
        if year.len() != 4
            || month.len() != 2
            || !(year.bytes().chain(month.bytes()).all(|b| b.is_ascii_digit()))
        {
            return Err(error());
        }
        let year: u16 = year.parse().map_err(|_| error())?;
        let month: u8 = month.parse().map_err(|_| error())?;
        Month::new(year, month).ok_or_else(error)
    }
}

/// Which table: all time, or one month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Period {
    /// Every rated game since the service started.
    AllTime,
    /// The games finished in that month (UTC).
    Month(Month),
}

impl fmt::Display for Period {
    /// `all`, or the month `YYYY-MM`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Period::AllTime => f.write_str("all"),
            Period::Month(month) => month.fmt(f),
        }
    }
}

impl FromStr for Period {
    type Err = MonthError;

    fn from_str(text: &str) -> Result<Period, MonthError> {
        if text == "all" { Ok(Period::AllTime) } else { text.parse().map(Period::Month) }
    }
}

/// Written as its text (`2026-12`, `all`) in both postcard and JSON: short, and the same key a
/// store and a page use.
macro_rules! serde_as_text {
    ($type:ty) => {
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = String::deserialize(deserializer)?;
                text.parse().map_err(D::Error::custom)
            }
        }
    };
}

serde_as_text!(Month);
serde_as_text!(Period);

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn the_last_second_of_november_and_the_first_of_december_are_in_two_months() {
        let december = Month::new(2026, 12).unwrap();
        let start = december.start_unix();
        // 2026-12-01T00:00:00Z.
        assert_eq!(start, 1_796_083_200);
        assert_eq!(Month::from_unix(start), december);
        assert_eq!(Month::from_unix(start - 1), Month::new(2026, 11).unwrap());
        assert_eq!(Month::from_unix(start - 60).to_string(), "2026-11");
    }

    #[test]
    fn months_round_trip_through_their_first_second_and_their_text() {
        for year in [1970u16, 1999, 2000, 2024, 2026, 2100, 2400, 9999] {
            for month in 1..=12 {
                let m = Month::new(year, month).unwrap();
                assert_eq!(Month::from_unix(m.start_unix()), m);
                assert_eq!(m.to_string().parse::<Month>(), Ok(m));
                if m.start_unix() > 0 {
                    let before = Month::from_unix(m.start_unix() - 1);
                    assert!(before < m);
                }
            }
        }
        // 2024 is a leap year: its February has 29 days.
        let march = Month::new(2024, 3).unwrap().start_unix();
        assert_eq!(march - Month::new(2024, 2).unwrap().start_unix(), 29 * SECONDS_A_DAY);
    }

    #[test]
    fn texts_that_are_not_months_are_refused() {
        for bad in [
            "",
            "2026",
            "2026-1",
            "2026-13",
            "2026-00",
            "1969-12",
            "26-12",
            "2026-1x",
            "+026-12",
            "2026-12-01",
        ] {
            assert!(bad.parse::<Month>().is_err(), "{bad}");
        }
        assert_eq!("all".parse::<Period>(), Ok(Period::AllTime));
        assert_eq!(Period::Month(Month::new(2026, 12).unwrap()).to_string(), "2026-12");
    }
}
