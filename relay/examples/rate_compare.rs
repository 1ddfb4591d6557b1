//! Measures the relay's keyed token buckets (`tripot_relay::rate`) against `governor`'s keyed
//! rate limiter on the room directory's hot path: misses charged to one key each (an IP address)
//! out of a pool of keys, as under a guessing flood. Prints nanoseconds per charge and the
//! keys remembered at the end.
//!
//! ```text
//! cargo run --release -p tripot-relay --example rate_compare -- [CHARGES] [KEYS]
//! ```
//!
//! Why it exists: docs/relay.md ("What the relay promises against hostile peers") says why the
//! relay keeps its own buckets; this is the speed half of that answer.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use governor::{Quota, RateLimiter};
use std::hint::black_box;
use std::net::{IpAddr, Ipv4Addr};
use std::num::NonZeroU32;
use std::time::{Duration, Instant};
use tripot_relay::rate::{KeyedBuckets, Rate};

/// The directory's per-address rate: 20 misses, then one every 3 s.
const BURST: u32 = 20;
const PERIOD: Duration = Duration::from_secs(3);

fn key(i: u64, keys: u64) -> IpAddr {
    let n = u32::try_from(i % keys).unwrap();
    IpAddr::V4(Ipv4Addr::from(0x0a00_0000 | n))
}

fn ours(charges: u64, keys: u64) -> (Duration, usize) {
    let mut buckets = KeyedBuckets::new(Rate { burst: BURST, period: PERIOD }, 4096.max(keys as usize));
    let start = Instant::now();
    for i in 0..charges {
        black_box(buckets.take(&key(i, keys), Instant::now()));
    }
    (start.elapsed(), buckets.len())
}

fn governor_hashmap(charges: u64, keys: u64) -> (Duration, usize) {
    let quota = Quota::with_period(PERIOD).unwrap().allow_burst(NonZeroU32::new(BURST).unwrap());
    let limiter = RateLimiter::hashmap(quota);
    let start = Instant::now();
    for i in 0..charges {
        black_box(limiter.check_key(&key(i, keys)).is_ok());
    }
    (start.elapsed(), limiter.len())
}

fn governor_dashmap(charges: u64, keys: u64) -> (Duration, usize) {
    let quota = Quota::with_period(PERIOD).unwrap().allow_burst(NonZeroU32::new(BURST).unwrap());
    let limiter = RateLimiter::dashmap(quota);
    let start = Instant::now();
    for i in 0..charges {
        black_box(limiter.check_key(&key(i, keys)).is_ok());
    }
    (start.elapsed(), limiter.len())
}

fn main() {
    let mut args = std::env::args().skip(1);
    let charges: u64 = args.next().map_or(2_000_000, |a| a.parse().unwrap());
    let keys: u64 = args.next().map_or(4096, |a| a.parse().unwrap());
    println!("{charges} charges over {keys} keys (burst {BURST}, one more every {PERIOD:?})");
    for round in 1..=3 {
        for (name, run) in [
            ("tripot_relay::rate", ours as fn(u64, u64) -> (Duration, usize)),
            ("governor (hashmap)", governor_hashmap),
            ("governor (dashmap)", governor_dashmap),
        ] {
            let (took, remembered) = run(charges, keys);
            let per = took.as_nanos() as f64 / charges as f64;
            println!("round {round}  {name:<20} {per:6.1} ns/charge  {remembered} keys remembered");
        }
    }
}
