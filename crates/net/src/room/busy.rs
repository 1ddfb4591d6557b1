//! A guest's patience with a busy relay: when the room directory answers "throttled", the
//! lookup is tried again after the relay's `retry_after`, with a growing backoff, for about
//! 30 s in all, then the join fails.
//!
//! Why wait at all: the relay throttles lookups that miss, and under a flood of wrong guesses
//! its shared buckets stay empty. A friend who mistyped the code once is then held back with
//! the guessers (see the relay's `Registry::find`); giving up at the first
//! "throttled" turned a busy relay into a failed join (issue #11).

use std::time::{Duration, Instant};

/// How long a guest keeps trying a throttled lookup, from the first refusal.
pub const BUSY_PATIENCE: Duration = Duration::from_secs(30);
/// The first wait when the relay gives none.
const FIRST_BACKOFF: Duration = Duration::from_millis(500);
/// Waits double up to this.
const MAX_BACKOFF: Duration = Duration::from_secs(8);

/// The retry schedule of one join.
#[derive(Debug, Clone, Default)]
pub struct BusyRetry {
    since: Option<Instant>,
    backoff: Duration,
}

impl BusyRetry {
    /// The relay said "throttled, retry after `retry_after`" at `now`: how long to wait before
    /// asking again, or `None` when the patience is spent (the join fails).
    pub fn throttled(&mut self, retry_after: Duration, now: Instant) -> Option<Duration> {
        let since = *self.since.get_or_insert(now);
        let left =
            BUSY_PATIENCE.checked_sub(now.saturating_duration_since(since)).filter(|d| !d.is_zero())?;
        self.backoff =
            if self.backoff.is_zero() { FIRST_BACKOFF } else { (self.backoff * 2).min(MAX_BACKOFF) };
        Some(self.backoff.max(retry_after).min(left))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn waits_grow_respect_the_relay_and_stop_after_about_30_s() {
        let t0 = Instant::now();
        let mut r = BusyRetry::default();
        let mut now = t0;
        let mut waits = Vec::new();
        for _ in 0..100 {
            match r.throttled(Duration::from_millis(100), now) {
                Some(wait) => {
                    waits.push(wait);
                    now += wait;
                }
                None => break,
            }
        }
        assert_eq!(&waits[..5], [500, 1000, 2000, 4000, 8000].map(Duration::from_millis));
        assert_eq!(now.duration_since(t0), BUSY_PATIENCE, "the last wait ends at the cap");
        assert!(r.throttled(Duration::ZERO, now).is_none());
    }

    #[test]
    fn a_longer_retry_after_is_respected() {
        let mut r = BusyRetry::default();
        assert_eq!(r.throttled(Duration::from_secs(3), Instant::now()), Some(Duration::from_secs(3)));
    }
}
