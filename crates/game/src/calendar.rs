//! Days since 1970 to calendar dates (UTC, proleptic Gregorian), for the records' `Date` tag
//! and the ratings' months: neither the clients nor the relay link a calendar library for this.

/// Days since 1970-01-01 → (year, month 1–12, day 1–31), after Howard Hinnant's
/// `civil_from_days`; days before 1970 count down from it.
#[must_use]
pub fn civil_from_days(days: i64) -> (i64, u8, u8) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, u8::try_from(month).unwrap_or(12), u8::try_from(day).unwrap_or(1))
}

/// The date of a Unix time (UTC) as a `Date` tag value, `YYYY.MM.DD`.
#[must_use]
pub fn date_from_unix(seconds: i64) -> String {
    let (year, month, day) = civil_from_days(seconds.div_euclid(86_400));
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_around_the_epoch_and_a_leap_day() {
        assert_eq!(date_from_unix(0), "1970.01.01");
        assert_eq!(date_from_unix(951_782_400), "2000.02.29");
        assert_eq!(date_from_unix(-86_400), "1969.12.31");
        assert_eq!(civil_from_days(20_454), (2026, 1, 1));
    }
}
