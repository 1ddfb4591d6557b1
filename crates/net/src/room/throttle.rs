//! Throttling of wrong room-code proofs at the host.
//!
//! Two rules, both keyed so that a stranger cannot lock a friend out:
//! - per peer: after the n-th wrong proof a peer waits `base × 2^(n-1)` (capped) before its
//!   next attempt. A stranger's failures throttle that stranger's peer id, not the room.
//! - overall: past `global_failures` wrong proofs in a window (a crowd of fresh peer ids),
//!   peers that already failed are held back for the rest of the window, and peers with no
//!   failure share a slow lane of one attempt per `fresh_interval` — so a friend still gets
//!   in, just a little later, while guessing stays bounded by that lane.
//!
//! With the defaults, one peer id gets about 10 guesses in its first ten minutes, and a crowd
//! at most `global_failures` a minute plus one per `fresh_interval`: ~50 guesses a minute
//! against 31^6 ≈ 8.9 × 10^8 codes, i.e. about 17,000 years for even odds.

use libp2p::PeerId;
use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

/// The throttle's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThrottleConfig {
    /// Wait after a peer's first failure; doubles with each further one.
    pub base: Duration,
    /// Longest wait a peer's failures can earn.
    pub max_backoff: Duration,
    /// Failures over all peers per `window` before the overall cap applies.
    pub global_failures: usize,
    /// The window of the overall cap.
    pub window: Duration,
    /// While the cap applies, one attempt per this interval for peers with no failure.
    pub fresh_interval: Duration,
    /// Peers remembered at once (the oldest quiet ones are forgotten first).
    pub max_peers: usize,
}

impl Default for ThrottleConfig {
    fn default() -> Self {
        ThrottleConfig {
            base: Duration::from_secs(1),
            max_backoff: Duration::from_secs(300),
            global_failures: 30,
            window: Duration::from_secs(60),
            fresh_interval: Duration::from_secs(2),
            max_peers: 4096,
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct PeerState {
    failures: u32,
    next_allowed: Instant,
}

/// Wrong-proof throttling for one room.
#[derive(Debug)]
pub struct ProofThrottle {
    config: ThrottleConfig,
    peers: HashMap<PeerId, PeerState>,
    recent_failures: VecDeque<Instant>,
    next_fresh: Option<Instant>,
}

impl ProofThrottle {
    /// A throttle with these settings.
    pub fn new(config: ThrottleConfig) -> Self {
        ProofThrottle { config, peers: HashMap::new(), recent_failures: VecDeque::new(), next_fresh: None }
    }

    fn prune_window(&mut self, now: Instant) {
        while self
            .recent_failures
            .front()
            .is_some_and(|t| now.saturating_duration_since(*t) >= self.config.window)
        {
            self.recent_failures.pop_front();
        }
    }

    fn capped(&mut self, now: Instant) -> bool {
        self.prune_window(now);
        self.recent_failures.len() >= self.config.global_failures
    }

    /// May `peer` attempt a proof now? `Err(wait)` says how long until it may.
    /// An allowed attempt must be followed by [`ProofThrottle::failed`] or
    /// [`ProofThrottle::succeeded`].
    pub fn check(&mut self, peer: &PeerId, now: Instant) -> Result<(), Duration> {
        if let Some(state) = self.peers.get(peer)
            && state.next_allowed > now
        {
            return Err(state.next_allowed - now);
        }
        if !self.capped(now) {
            return Ok(());
        }
        let window_end = self.recent_failures.front().map_or(now, |t| *t + self.config.window);
        if self.peers.contains_key(peer) {
            // Already failed here, and the room is under a crowd's attack: wait for calm.
            return Err(window_end.saturating_duration_since(now).max(Duration::from_millis(1)));
        }
        match self.next_fresh {
            Some(at) if at > now => Err(at - now),
            _ => {
                self.next_fresh = Some(now + self.config.fresh_interval);
                Ok(())
            }
        }
    }

    /// `peer`'s proof was wrong.
    pub fn failed(&mut self, peer: PeerId, now: Instant) {
        self.prune_window(now);
        self.recent_failures.push_back(now);
        if self.recent_failures.len() > self.config.global_failures.saturating_mul(4).max(64) {
            self.recent_failures.pop_front();
        }
        if !self.peers.contains_key(&peer) && self.peers.len() >= self.config.max_peers {
            self.forget_quiet(now);
        }
        let config = self.config;
        let state = self.peers.entry(peer).or_insert(PeerState { failures: 0, next_allowed: now });
        state.failures = state.failures.saturating_add(1);
        let doublings = state.failures.saturating_sub(1).min(20);
        let backoff = config.base.saturating_mul(1 << doublings).min(config.max_backoff);
        state.next_allowed = now + backoff;
    }

    /// `peer`'s proof was right: its record is cleared.
    pub fn succeeded(&mut self, peer: &PeerId) {
        self.peers.remove(peer);
    }

    /// Forgets the peer whose wait ended longest ago (a full table must not refuse newcomers:
    /// that would let a crowd lock the friend out).
    fn forget_quiet(&mut self, now: Instant) {
        let oldest = self
            .peers
            .iter()
            .min_by_key(|(_, s)| (s.next_allowed > now, s.next_allowed))
            .map(|(peer, _)| *peer);
        if let Some(peer) = oldest {
            self.peers.remove(&peer);
        }
    }

    /// Peers remembered.
    pub fn tracked_peers(&self) -> usize {
        self.peers.len()
    }
}

impl Default for ProofThrottle {
    fn default() -> Self {
        ProofThrottle::new(ThrottleConfig::default())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const S: Duration = Duration::from_secs(1);

    #[test]
    fn a_peer_backs_off_exponentially() {
        let t0 = Instant::now();
        let mut th = ProofThrottle::default();
        let stranger = PeerId::random();
        let mut t = t0;
        let mut waits = Vec::new();
        for _ in 0..5 {
            assert_eq!(th.check(&stranger, t), Ok(()));
            th.failed(stranger, t);
            let wait = th.check(&stranger, t).unwrap_err();
            waits.push(wait);
            t += wait;
        }
        assert_eq!(waits, [S, 2 * S, 4 * S, 8 * S, 16 * S]);
    }

    #[test]
    fn backoff_is_capped() {
        let t0 = Instant::now();
        let mut th = ProofThrottle::default();
        let p = PeerId::random();
        for _ in 0..40 {
            th.failed(p, t0);
        }
        assert_eq!(th.check(&p, t0), Err(Duration::from_secs(300)));
    }

    #[test]
    fn a_strangers_failures_do_not_lock_the_friend_out() {
        let t0 = Instant::now();
        let mut th = ProofThrottle::default();
        let stranger = PeerId::random();
        th.failed(stranger, t0);
        assert!(th.check(&stranger, t0).is_err());
        let friend = PeerId::random();
        assert_eq!(th.check(&friend, t0), Ok(()));
        th.succeeded(&friend);
    }

    #[test]
    fn a_crowd_hits_the_global_cap_but_a_friend_still_gets_in() {
        let t0 = Instant::now();
        let mut th = ProofThrottle::default();
        // 30 fresh peer ids fail once each: the cap is reached.
        for _ in 0..30 {
            let p = PeerId::random();
            assert_eq!(th.check(&p, t0), Ok(()));
            th.failed(p, t0);
        }
        // Now fresh peers share the slow lane: one attempt per 2 s.
        let a = PeerId::random();
        assert_eq!(th.check(&a, t0), Ok(()));
        th.failed(a, t0);
        let friend = PeerId::random();
        let wait = th.check(&friend, t0).unwrap_err();
        assert!(wait <= 2 * S);
        assert_eq!(th.check(&friend, t0 + wait), Ok(()));
        // And the window ends: everyone is back to normal after a minute.
        assert_eq!(th.check(&PeerId::random(), t0 + 61 * S), Ok(()));
    }

    #[test]
    fn memory_is_bounded() {
        let t0 = Instant::now();
        let mut th = ProofThrottle::new(ThrottleConfig { max_peers: 10, ..ThrottleConfig::default() });
        for i in 0..100 {
            th.failed(PeerId::random(), t0 + Duration::from_millis(i));
        }
        assert!(th.tracked_peers() <= 10);
    }

    proptest! {
        /// Whatever the sequence of peers and times, attempts allowed in a minute stay
        /// within the per-peer and overall bounds.
        #[test]
        fn attempts_per_minute_are_bounded(peers in proptest::collection::vec(0usize..50, 1..400),
                                          steps in proptest::collection::vec(0u64..500, 1..400)) {
            let ids: Vec<PeerId> = (0..50).map(|_| PeerId::random()).collect();
            let t0 = Instant::now();
            let mut th = ProofThrottle::default();
            let mut t = t0;
            let mut allowed = Vec::new();
            for (p, step) in peers.iter().zip(steps.iter().cycle()) {
                t += Duration::from_millis(*step);
                if th.check(&ids[*p], t).is_ok() {
                    th.failed(ids[*p], t);
                    allowed.push(t);
                }
            }
            // Any 60 s window: at most the cap, plus the slow lane, plus what the cap lets in
            // as it slides (one window's worth again).
            for (i, start) in allowed.iter().enumerate() {
                let in_window = allowed[i..].iter().take_while(|t| **t < *start + Duration::from_secs(60)).count();
                prop_assert!(in_window <= 2 * 30 + 31, "{} attempts in a minute", in_window);
            }
        }
    }
}
