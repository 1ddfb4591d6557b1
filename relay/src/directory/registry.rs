//! The directory's state: open rooms, their expiry, and the throttling of lookups that miss.

use crate::counts::{count_one, forget_one, held};
use crate::rate::{Bucket, KeyedBuckets, Rate};
use libp2p::PeerId;
use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};
use tripot_directory::{RefuseReason, RoomKey};

/// The directory's bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegistryLimits {
    /// Rooms open at once, over all hosts.
    pub max_rooms: usize,
    /// Rooms one host may hold at once.
    pub max_rooms_per_host: usize,
    /// Rooms opened from one IP address that may be open at once (`None`: no bound). Peer ids
    /// are free, so without it one address holds every room through fresh ids.
    pub max_rooms_per_ip: Option<usize>,
    /// Shortest TTL accepted (shorter ones are raised to it).
    pub min_ttl: Duration,
    /// Longest TTL granted (longer ones are cut to it).
    pub max_ttl: Duration,
    /// Lookups that miss, per peer id.
    pub misses_per_peer: Rate,
    /// Lookups that miss, per IP address (peer ids are free to make; addresses are not).
    pub misses_per_ip: Option<Rate>,
    /// Lookups that miss, over everyone: bounds what a crowd of addresses can guess.
    pub misses_overall: Rate,
}

impl Default for RegistryLimits {
    fn default() -> Self {
        RegistryLimits {
            max_rooms: 20_000,
            max_rooms_per_host: 4,
            max_rooms_per_ip: Some(16),
            min_ttl: Duration::from_secs(15),
            max_ttl: Duration::from_secs(60 * 60),
            // A typo or two is fine; a guesser gets one try every 6 s.
            misses_per_peer: Rate { burst: 5, period: Duration::from_secs(6) },
            misses_per_ip: Some(Rate { burst: 20, period: Duration::from_secs(3) }),
            misses_overall: Rate { burst: 200, period: Duration::from_millis(50) },
        }
    }
}

#[derive(Debug, Clone)]
struct Room {
    host: PeerId,
    ip: Option<IpAddr>,
    expires: Instant,
}

/// The answer to an open request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenOutcome {
    /// Open until then; the TTL granted.
    Opened(Duration),
    /// Refused.
    Refused(RefuseReason),
}

/// The answer to a lookup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FindOutcome {
    /// The room's host.
    Found(PeerId),
    /// No such room.
    NotFound,
    /// Too many misses lately; try again after this long.
    Throttled(Duration),
}

/// Open rooms and the lookup throttles.
#[derive(Debug)]
pub struct Registry {
    limits: RegistryLimits,
    rooms: HashMap<RoomKey, Room>,
    per_host: HashMap<PeerId, usize>,
    per_ip: HashMap<IpAddr, usize>,
    misses_by_peer: KeyedBuckets<PeerId>,
    misses_by_ip: Option<KeyedBuckets<IpAddr>>,
    misses_overall: Bucket,
}

/// Throttled peers and addresses remembered at once (full buckets are forgotten first).
const MAX_THROTTLE_KEYS: usize = 100_000;

impl Registry {
    /// An empty directory.
    pub fn new(limits: RegistryLimits, now: Instant) -> Self {
        Registry {
            limits,
            rooms: HashMap::new(),
            per_host: HashMap::new(),
            per_ip: HashMap::new(),
            misses_by_peer: KeyedBuckets::new(limits.misses_per_peer, MAX_THROTTLE_KEYS),
            misses_by_ip: limits.misses_per_ip.map(|r| KeyedBuckets::new(r, MAX_THROTTLE_KEYS)),
            misses_overall: Bucket::new(limits.misses_overall, now),
        }
    }

    /// Rooms open now (expired ones may linger until the next [`Registry::expire`]).
    pub fn len(&self) -> usize {
        self.rooms.len()
    }

    /// Whether no room is open.
    pub fn is_empty(&self) -> bool {
        self.rooms.is_empty()
    }

    /// Opens or refreshes `key` for `host`, asking from `ip`.
    pub fn open(
        &mut self,
        host: PeerId,
        ip: Option<IpAddr>,
        key: RoomKey,
        ttl: Duration,
        now: Instant,
    ) -> OpenOutcome {
        if ttl.is_zero() {
            return OpenOutcome::Refused(RefuseReason::BadTtl);
        }
        let ttl = ttl.clamp(self.limits.min_ttl, self.limits.max_ttl);
        match self.rooms.get_mut(&key) {
            Some(room) if room.host == host => {
                room.expires = now + ttl;
                return OpenOutcome::Opened(ttl);
            }
            Some(room) if room.expires > now => return OpenOutcome::Refused(RefuseReason::Taken),
            Some(_) => self.remove(&key),
            None => {}
        }
        if self.rooms.len() >= self.limits.max_rooms {
            self.expire(now);
            if self.rooms.len() >= self.limits.max_rooms {
                return OpenOutcome::Refused(RefuseReason::Full);
            }
        }
        if held(&self.per_host, &host) >= self.limits.max_rooms_per_host {
            return OpenOutcome::Refused(RefuseReason::Full);
        }
        if let (Some(ip), Some(max)) = (ip, self.limits.max_rooms_per_ip)
            && held(&self.per_ip, &ip) >= max
        {
            return OpenOutcome::Refused(RefuseReason::Full);
        }
        count_one(&mut self.per_host, host);
        if let Some(ip) = ip {
            count_one(&mut self.per_ip, ip);
        }
        self.rooms.insert(key, Room { host, ip, expires: now + ttl });
        OpenOutcome::Opened(ttl)
    }

    /// Closes `key` if `host` holds it; returns whether it did.
    pub fn close(&mut self, host: PeerId, key: &RoomKey) -> bool {
        if self.rooms.get(key).is_some_and(|r| r.host == host) {
            self.remove(key);
            true
        } else {
            false
        }
    }

    /// Closes every room `host` holds (it left the relay, or can no longer be reached).
    pub fn close_all(&mut self, host: &PeerId) -> usize {
        if !self.per_host.contains_key(host) {
            return 0;
        }
        let keys: Vec<RoomKey> =
            self.rooms.iter().filter(|(_, r)| r.host == *host).map(|(k, _)| *k).collect();
        for key in &keys {
            self.remove(key);
        }
        keys.len()
    }

    /// Looks `key` up for `asker` at `ip`.
    ///
    /// Only misses cost, and each peer pays for its own: its per-peer bucket holds back all
    /// its lookups. The shared buckets (per IP address, overall) are charged by misses too, but
    /// when they are empty they refuse, without a look-up, only peers that missed themselves
    /// lately (their per-peer bucket is not full). A peer with no recent miss is always looked
    /// up, so a friend with the right code finds the room while a crowd of strangers keeps
    /// the shared buckets empty (issue #11). Its look-up missing while they are empty is
    /// answered `Throttled`, exactly like a refusal without a look-up, and marks it: so under
    /// attack, hit or miss is learnt only once per fresh peer id (a new connection and
    /// handshake each), never at the rate of the answers.
    pub fn find(&mut self, asker: PeerId, ip: Option<IpAddr>, key: &RoomKey, now: Instant) -> FindOutcome {
        let own = self.misses_by_peer.wait(&asker, now);
        if !own.is_zero() {
            return FindOutcome::Throttled(own);
        }
        let shared = self.shared_wait(ip, now);
        if !shared.is_zero() && !self.misses_by_peer.is_full(&asker, now) {
            return FindOutcome::Throttled(shared);
        }
        if let Some(room) = self.rooms.get(key)
            && room.expires > now
        {
            return FindOutcome::Found(room.host);
        }
        // A peer that cannot be remembered (too many throttled peers at once) is refused:
        // forgetting it would hand it fresh guesses.
        if !self.misses_by_peer.take(&asker, now) {
            return FindOutcome::Throttled(self.limits.misses_per_peer.period.max(shared));
        }
        if !shared.is_zero() {
            return FindOutcome::Throttled(shared);
        }
        self.misses_overall.take(now);
        if let (Some(by_ip), Some(ip)) = (self.misses_by_ip.as_mut(), ip) {
            by_ip.take(&ip, now);
        }
        FindOutcome::NotFound
    }

    /// How long the shared buckets (overall, and `ip`'s) make a peer that missed lately wait.
    fn shared_wait(&mut self, ip: Option<IpAddr>, now: Instant) -> Duration {
        let mut wait = self.misses_overall.wait(now);
        if let (Some(by_ip), Some(ip)) = (self.misses_by_ip.as_mut(), ip) {
            wait = wait.max(by_ip.wait(&ip, now));
        }
        wait
    }

    /// Drops expired rooms; returns how many.
    pub fn expire(&mut self, now: Instant) -> usize {
        let expired: Vec<RoomKey> =
            self.rooms.iter().filter(|(_, r)| r.expires <= now).map(|(k, _)| *k).collect();
        for key in &expired {
            self.remove(key);
        }
        expired.len()
    }

    fn remove(&mut self, key: &RoomKey) {
        let Some(room) = self.rooms.remove(key) else { return };
        forget_one(&mut self.per_host, &room.host);
        if let Some(ip) = room.ip {
            forget_one(&mut self.per_ip, &ip);
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    const IP1: IpAddr = IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1));
    const IP2: IpAddr = IpAddr::V4(Ipv4Addr::new(192, 0, 2, 2));

    fn key(b: u8) -> RoomKey {
        RoomKey([b; 32])
    }

    fn registry(now: Instant) -> Registry {
        Registry::new(RegistryLimits::default(), now)
    }

    #[test]
    fn open_find_close() {
        let t = Instant::now();
        let mut r = registry(t);
        let host = PeerId::random();
        let guest = PeerId::random();
        assert_eq!(
            r.open(host, Some(IP1), key(1), Duration::from_secs(60), t),
            OpenOutcome::Opened(Duration::from_secs(60))
        );
        assert_eq!(r.find(guest, Some(IP1), &key(1), t), FindOutcome::Found(host));
        assert!(!r.close(guest, &key(1)), "only the host closes its room");
        assert!(r.close(host, &key(1)));
        assert_eq!(r.find(guest, Some(IP1), &key(1), t), FindOutcome::NotFound);
        assert!(r.is_empty());
    }

    #[test]
    fn ttl_is_clamped_and_rooms_expire() {
        let t = Instant::now();
        let mut r = registry(t);
        let host = PeerId::random();
        assert_eq!(
            r.open(host, Some(IP1), key(1), Duration::from_secs(1), t),
            OpenOutcome::Opened(Duration::from_secs(15))
        );
        // The standard rendezvous default (2 h) is accepted, cut to our maximum.
        assert_eq!(
            r.open(host, Some(IP1), key(2), Duration::from_secs(7200), t),
            OpenOutcome::Opened(Duration::from_secs(3600))
        );
        assert_eq!(
            r.open(host, Some(IP1), key(3), Duration::ZERO, t),
            OpenOutcome::Refused(RefuseReason::BadTtl)
        );
        let later = t + Duration::from_secs(16);
        assert_eq!(r.find(PeerId::random(), None, &key(1), later), FindOutcome::NotFound);
        assert_eq!(r.expire(later), 1);
        assert_eq!(r.len(), 1);
    }

    #[test]
    fn a_key_cannot_be_taken_over() {
        let t = Instant::now();
        let mut r = registry(t);
        let (host, thief) = (PeerId::random(), PeerId::random());
        r.open(host, Some(IP1), key(1), Duration::from_secs(60), t);
        assert_eq!(
            r.open(thief, Some(IP1), key(1), Duration::from_secs(60), t),
            OpenOutcome::Refused(RefuseReason::Taken)
        );
        // Once expired, the key is free again.
        let later = t + Duration::from_secs(61);
        assert!(matches!(
            r.open(thief, Some(IP1), key(1), Duration::from_secs(60), later),
            OpenOutcome::Opened(_)
        ));
    }

    #[test]
    fn hosts_are_bounded_and_leaving_closes_their_rooms() {
        let t = Instant::now();
        let mut r = registry(t);
        let host = PeerId::random();
        for b in 0..4 {
            assert!(matches!(
                r.open(host, Some(IP1), key(b), Duration::from_secs(60), t),
                OpenOutcome::Opened(_)
            ));
        }
        assert_eq!(
            r.open(host, Some(IP1), key(9), Duration::from_secs(60), t),
            OpenOutcome::Refused(RefuseReason::Full)
        );
        assert_eq!(r.close_all(&host), 4);
        assert!(r.is_empty());
    }

    #[test]
    fn an_address_is_bounded_whatever_its_peer_ids() {
        let t = Instant::now();
        let mut r = registry(t);
        let mut opened = 0;
        for host in 0..12u8 {
            let host_id = PeerId::random();
            for room in 0..4 {
                if let OpenOutcome::Opened(_) =
                    r.open(host_id, Some(IP1), key(host * 4 + room), Duration::from_secs(60), t)
                {
                    opened += 1;
                }
            }
        }
        assert_eq!(opened, 16, "the per-address bound");
        // Another address opens its room; once the first one's rooms go, it may open again.
        assert!(matches!(
            r.open(PeerId::random(), Some(IP2), key(200), Duration::from_secs(60), t),
            OpenOutcome::Opened(_)
        ));
        assert_eq!(r.expire(t + Duration::from_secs(60)), 17);
        assert!(r.per_ip.is_empty() && r.per_host.is_empty());
        assert!(matches!(
            r.open(PeerId::random(), Some(IP1), key(201), Duration::from_secs(60), t),
            OpenOutcome::Opened(_)
        ));
    }

    #[test]
    fn misses_throttle_the_guesser_not_the_friend() {
        let t = Instant::now();
        let mut r = registry(t);
        let host = PeerId::random();
        r.open(host, Some(IP1), key(7), Duration::from_secs(600), t);
        let stranger = PeerId::random();
        let mut misses = 0;
        for b in 100..200 {
            match r.find(stranger, Some(IP1), &key(b), t) {
                FindOutcome::NotFound => misses += 1,
                FindOutcome::Throttled(wait) => assert!(wait > Duration::ZERO),
                FindOutcome::Found(_) => unreachable!(),
            }
        }
        assert_eq!(misses, 5, "the per-peer burst");
        // Same stranger, even with the right key: throttled (otherwise throttling means nothing).
        assert!(matches!(r.find(stranger, Some(IP1), &key(7), t), FindOutcome::Throttled(_)));
        // The friend, from another address, finds the room at once.
        assert_eq!(r.find(PeerId::random(), Some(IP2), &key(7), t), FindOutcome::Found(host));
    }

    #[test]
    fn fresh_peer_ids_do_not_escape_the_address_limit() {
        let t = Instant::now();
        let mut r = registry(t);
        let mut misses = 0;
        for b in 0..100 {
            if r.find(PeerId::random(), Some(IP1), &key(b), t) == FindOutcome::NotFound {
                misses += 1;
            }
        }
        assert_eq!(misses, 20, "the per-address burst");
    }

    #[test]
    fn the_overall_cap_bounds_a_crowd() {
        let t = Instant::now();
        let mut r = registry(t);
        let mut misses = 0;
        for i in 0..1000u32 {
            let ip = IpAddr::V4(Ipv4Addr::from(0x0a00_0000 + i));
            if r.find(PeerId::random(), Some(ip), &key((i % 250) as u8), t) == FindOutcome::NotFound {
                misses += 1;
            }
        }
        assert_eq!(misses, 200, "the overall burst");
    }

    /// 2,000 wrong guesses from 400 peer ids, `ip` of the flood given to each.
    fn flood(r: &mut Registry, ip: impl Fn(u32) -> IpAddr, t: Instant) {
        let strangers: Vec<PeerId> = (0..400).map(|_| PeerId::random()).collect();
        for i in 0..2000u32 {
            let who = strangers[(i % 400) as usize];
            let found = r.find(who, Some(ip(i)), &key((i % 200) as u8 + 50), t);
            assert!(!matches!(found, FindOutcome::Found(_)));
        }
    }

    #[test]
    fn a_friend_on_the_flooded_address_finds_the_room() {
        let t = Instant::now();
        let mut r = registry(t);
        let host = PeerId::random();
        r.open(host, Some(IP1), key(7), Duration::from_secs(600), t);
        flood(&mut r, |_| IP1, t);
        assert!(matches!(r.find(PeerId::random(), Some(IP1), &key(8), t), FindOutcome::Throttled(_)));
        assert_eq!(r.find(PeerId::random(), Some(IP1), &key(7), t), FindOutcome::Found(host));
    }

    #[test]
    fn a_friend_finds_the_room_while_a_crowd_empties_the_overall_bucket() {
        let t = Instant::now();
        let limits = RegistryLimits { misses_per_ip: None, ..RegistryLimits::default() };
        let mut r = Registry::new(limits, t);
        let host = PeerId::random();
        r.open(host, Some(IP1), key(7), Duration::from_secs(600), t);
        flood(&mut r, |i| IpAddr::V4(Ipv4Addr::from(0x0a00_0000 + i)), t);
        assert_eq!(r.find(PeerId::random(), Some(IP2), &key(7), t), FindOutcome::Found(host));
    }

    #[test]
    fn under_attack_a_peer_id_learns_one_answer_at_most() {
        let t = Instant::now();
        let mut r = registry(t);
        let host = PeerId::random();
        r.open(host, Some(IP1), key(7), Duration::from_secs(600), t);
        flood(&mut r, |_| IP1, t);
        // A fresh id's miss reads exactly like a refusal, and marks it...
        let guesser = PeerId::random();
        assert!(matches!(r.find(guesser, Some(IP1), &key(9), t), FindOutcome::Throttled(_)));
        // ...so its next guess, even the right one, is refused without a look-up.
        assert!(matches!(r.find(guesser, Some(IP1), &key(7), t), FindOutcome::Throttled(_)));
    }

    #[test]
    fn a_peer_that_missed_lately_waits_for_the_shared_buckets() {
        let t = Instant::now();
        let mut r = registry(t);
        let host = PeerId::random();
        r.open(host, Some(IP1), key(7), Duration::from_secs(600), t);
        let typo = PeerId::random();
        assert_eq!(r.find(typo, Some(IP1), &key(8), t), FindOutcome::NotFound);
        flood(&mut r, |_| IP1, t);
        let FindOutcome::Throttled(wait) = r.find(typo, Some(IP1), &key(7), t) else {
            panic!("a recent misser is held back while the shared buckets are empty");
        };
        // Once the address bucket has a token again, the room is found.
        assert_eq!(r.find(typo, Some(IP1), &key(7), t + wait), FindOutcome::Found(host));
    }
}
