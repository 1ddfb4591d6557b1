//! Token buckets: a burst of `burst` events, then one more every `period`.
//!
//! Used by the room directory to throttle lookups that miss (per peer, per IP address, and
//! overall). Time is passed in explicitly so that the behaviour is testable without sleeping.
//!
//! Not `governor`: the registry reads a bucket's wait without taking a token, asks whether a
//! bucket is full, and needs a map that refuses new keys rather than growing or forgetting;
//! governor's keyed limiter can only take. It is faster per charge, which does not matter here
//! (docs/relay.md, "Why the buckets are our own"; `examples/rate_compare.rs` measures both).

use std::collections::HashMap;
use std::hash::Hash;
use std::time::{Duration, Instant};

/// How fast a bucket refills and how much it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    /// Events allowed at once after a quiet time.
    pub burst: u32,
    /// Time for one more event to become available.
    pub period: Duration,
}

impl Rate {
    /// `per_minute` events a minute, with a burst of the same size. `0` means "no limit".
    pub fn per_minute(per_minute: u32) -> Option<Self> {
        (per_minute > 0).then(|| Rate { burst: per_minute, period: Duration::from_secs(60) / per_minute })
    }
}

/// One token bucket.
#[derive(Debug, Clone)]
pub struct Bucket {
    rate: Rate,
    /// Tokens in thousandths, to refill smoothly without floating point.
    milli_tokens: u64,
    last: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn new(rate: Rate, now: Instant) -> Self {
        Bucket { rate, milli_tokens: u64::from(rate.burst) * 1000, last: now }
    }

    fn refill(&mut self, now: Instant) {
        let elapsed = now.saturating_duration_since(self.last);
        self.last = now;
        let period = self.rate.period.as_micros().max(1);
        let gained = elapsed.as_micros().saturating_mul(1000) / period;
        let cap = u64::from(self.rate.burst) * 1000;
        let gained = u64::try_from(gained).unwrap_or(u64::MAX);
        self.milli_tokens = self.milli_tokens.saturating_add(gained).min(cap);
    }

    /// Whether a token is available now (without taking it).
    pub fn has_token(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.milli_tokens >= 1000
    }

    /// Takes a token if one is available; returns whether it did.
    pub fn take(&mut self, now: Instant) -> bool {
        self.refill(now);
        if self.milli_tokens >= 1000 {
            self.milli_tokens -= 1000;
            true
        } else {
            false
        }
    }

    /// Time until the next token is available (zero if one is).
    pub fn wait(&mut self, now: Instant) -> Duration {
        self.refill(now);
        if self.milli_tokens >= 1000 {
            return Duration::ZERO;
        }
        let missing = u32::try_from(1000 - self.milli_tokens).unwrap_or(1000);
        self.rate.period * missing / 1000
    }

    fn is_full(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.milli_tokens >= u64::from(self.rate.burst) * 1000
    }
}

/// A bucket per key (peer id, IP address), created full on first use. Full buckets carry no
/// information and are dropped when the map grows, so memory stays bounded by the keys that
/// were throttled recently, capped at `max_keys`.
#[derive(Debug)]
pub struct KeyedBuckets<K> {
    rate: Rate,
    max_keys: usize,
    buckets: HashMap<K, Bucket>,
    /// When full buckets were last swept out. A sweep walks every key, so it runs at most once
    /// per [`SWEEP_EVERY`]: a full map under attack must not cost a walk per request.
    last_sweep: Option<Instant>,
}

/// A full map is swept of full buckets at most this often.
const SWEEP_EVERY: Duration = Duration::from_secs(1);

impl<K: Hash + Eq + Clone> KeyedBuckets<K> {
    /// Buckets of the given rate, at most `max_keys` of them remembered at once.
    pub fn new(rate: Rate, max_keys: usize) -> Self {
        KeyedBuckets { rate, max_keys: max_keys.max(1), buckets: HashMap::new(), last_sweep: None }
    }

    /// Whether `key` has a token now (without taking it).
    pub fn has_token(&mut self, key: &K, now: Instant) -> bool {
        self.buckets.get_mut(key).is_none_or(|b| b.has_token(now))
    }

    /// Whether `key`'s bucket is full: it spent nothing lately (or was never seen).
    pub fn is_full(&mut self, key: &K, now: Instant) -> bool {
        self.buckets.get_mut(key).is_none_or(|b| b.is_full(now))
    }

    /// Time `key` must wait for its next token.
    pub fn wait(&mut self, key: &K, now: Instant) -> Duration {
        self.buckets.get_mut(key).map_or(Duration::ZERO, |b| b.wait(now))
    }

    /// Takes a token from `key`'s bucket; returns whether there was one.
    pub fn take(&mut self, key: &K, now: Instant) -> bool {
        if !self.buckets.contains_key(key) && self.buckets.len() >= self.max_keys {
            if self.last_sweep.is_none_or(|at| now.saturating_duration_since(at) >= SWEEP_EVERY) {
                self.last_sweep = Some(now);
                self.buckets.retain(|_, b| !b.is_full(now));
            }
            if self.buckets.len() >= self.max_keys {
                // Too many keys under throttling at once: refuse rather than forget one,
                // which would hand it a fresh burst.
                return false;
            }
        }
        let rate = self.rate;
        self.buckets.entry(key.clone()).or_insert_with(|| Bucket::new(rate, now)).take(now)
    }

    /// Number of keys remembered.
    pub fn len(&self) -> usize {
        self.buckets.len()
    }

    /// Whether no key is remembered.
    pub fn is_empty(&self) -> bool {
        self.buckets.is_empty()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    fn rate(burst: u32, period_ms: u64) -> Rate {
        Rate { burst, period: Duration::from_millis(period_ms) }
    }

    #[test]
    fn burst_then_refill() {
        let t0 = Instant::now();
        let mut b = Bucket::new(rate(3, 1000), t0);
        assert!(b.take(t0) && b.take(t0) && b.take(t0));
        assert!(!b.take(t0));
        assert_eq!(b.wait(t0), Duration::from_secs(1));
        assert!(!b.take(t0 + Duration::from_millis(999)));
        assert!(b.take(t0 + Duration::from_millis(1000)));
        // Refill never exceeds the burst.
        let later = t0 + Duration::from_secs(3600);
        assert!(b.take(later) && b.take(later) && b.take(later));
        assert!(!b.take(later));
    }

    #[test]
    fn keys_are_independent_and_bounded() {
        let t0 = Instant::now();
        let mut k = KeyedBuckets::new(rate(1, 1000), 2);
        assert!(k.take(&1, t0));
        assert!(!k.take(&1, t0));
        assert!(k.take(&2, t0));
        // Both remembered buckets are empty: a third key is refused, not given a slot.
        assert!(!k.take(&3, t0));
        // Once they refill they are forgotten and the third key gets its slot.
        let t1 = t0 + Duration::from_secs(2);
        assert!(k.take(&3, t1));
        assert!(k.len() <= 2);
    }

    #[test]
    fn a_full_map_is_swept_at_most_once_a_second() {
        let t0 = Instant::now();
        let mut k = KeyedBuckets::new(rate(1, 100), 2);
        assert!(k.take(&1, t0) && k.take(&2, t0));
        assert!(!k.take(&3, t0), "both buckets empty: no slot");
        // Both have refilled, but the last sweep was just now: still no slot...
        let t1 = t0 + Duration::from_millis(500);
        assert!(!k.take(&3, t1));
        // ...until a second has passed since it.
        assert!(k.take(&3, t0 + SWEEP_EVERY));
    }

    #[test]
    fn per_minute_zero_is_unlimited() {
        assert_eq!(Rate::per_minute(0), None);
        assert_eq!(Rate::per_minute(60), Some(rate(60, 1000)));
    }
}
