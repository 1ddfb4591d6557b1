//! Rendezvous registrations: who is listed under which namespace, until when, and which
//! registrations each discover cookie has already returned.
//!
//! The semantics follow libp2p's rendezvous server (which the relay no longer runs, see
//! [`super::wire`]): a peer registers a namespace once (registering again replaces it, with a
//! fresh id, so it is listed again), TTLs outside the bounds are refused, a discover returns the
//! registrations its cookie has not returned yet. Two things are ours: registrations can be
//! taken down by the relay ([`Store::remove_lobby_of`]), and discover lists the oldest first.

use libp2p::PeerId;
use libp2p::core::PeerRecord;
use libp2p::rendezvous::{Cookie, DEFAULT_TTL, ErrorCode, Namespace, Registration, Ttl};
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::time::{Duration, Instant};
use tripot_directory::is_lobby;

/// The store's bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct StoreLimits {
    /// Shortest TTL accepted, seconds.
    pub(crate) min_ttl: Ttl,
    /// Longest TTL accepted, seconds.
    pub(crate) max_ttl: Ttl,
    /// Registrations one peer may hold.
    pub(crate) max_per_peer: usize,
    /// Registrations over all peers.
    pub(crate) max_total: usize,
    /// Discover cookies remembered (the oldest are forgotten first).
    pub(crate) max_cookies: usize,
    /// Registrations one discover returns at most, whatever limit it asks: a page of signed
    /// records stays well under the 1 MiB message limit, and one small request cannot make the
    /// relay send megabytes (the cookie gives the rest).
    pub(crate) max_page: usize,
    /// Registration ids all remembered cookies may hold together. A cookie remembers every
    /// registration it returned, so a chain of discovers over a full store would otherwise make
    /// each of `max_cookies` cookies hold up to `max_total` ids (gigabytes); the oldest cookies
    /// are forgotten first (a forgotten cookie lists from the start again, as the spec allows).
    pub(crate) max_cookie_ids: usize,
}

#[derive(Debug)]
struct Entry {
    registration: Registration,
    expires: Instant,
}

/// Registrations and cookies.
#[derive(Debug)]
pub(crate) struct Store {
    limits: StoreLimits,
    next_id: u64,
    /// By id, which grows with each registration: iteration lists the oldest first.
    entries: BTreeMap<u64, Entry>,
    by_key: HashMap<(PeerId, Namespace), u64>,
    per_peer: HashMap<PeerId, usize>,
    lobby: usize,
    cookies: HashMap<Cookie, HashSet<u64>>,
    cookie_order: VecDeque<Cookie>,
    /// Registration ids held by all remembered cookies together.
    cookie_ids: usize,
}

impl Store {
    /// An empty store.
    pub(crate) fn new(limits: StoreLimits) -> Self {
        Store {
            limits,
            next_id: 0,
            entries: BTreeMap::new(),
            by_key: HashMap::new(),
            per_peer: HashMap::new(),
            lobby: 0,
            cookies: HashMap::new(),
            cookie_order: VecDeque::new(),
            cookie_ids: 0,
        }
    }

    /// Registrations held now (expired ones may linger until the next [`Store::expire`]).
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Lobby tables held now.
    pub(crate) fn lobby_tables(&self) -> usize {
        self.lobby
    }

    /// Registers `record`'s peer under `namespace`, replacing its previous registration there.
    pub(crate) fn add(
        &mut self,
        namespace: Namespace,
        record: PeerRecord,
        ttl: Option<Ttl>,
        now: Instant,
    ) -> Result<Registration, ErrorCode> {
        let ttl = ttl.unwrap_or(DEFAULT_TTL);
        if ttl < self.limits.min_ttl || ttl > self.limits.max_ttl {
            return Err(ErrorCode::InvalidTtl);
        }
        let peer = record.peer_id();
        let key = (peer, namespace.clone());
        let replaces = self.by_key.contains_key(&key);
        if !replaces
            && (self.per_peer.get(&peer).copied().unwrap_or(0) >= self.limits.max_per_peer
                || self.entries.len() >= self.limits.max_total)
        {
            return Err(ErrorCode::Unavailable);
        }
        if replaces {
            self.remove(&peer, &namespace);
        }
        let id = self.next_id;
        self.next_id += 1;
        let registration = Registration { namespace, record, ttl };
        if is_lobby(&registration.namespace.to_string()) {
            self.lobby += 1;
        }
        *self.per_peer.entry(peer).or_insert(0) += 1;
        self.by_key.insert(key, id);
        let expires = now + Duration::from_secs(ttl);
        self.entries.insert(id, Entry { registration: registration.clone(), expires });
        Ok(registration)
    }

    /// Takes `peer`'s registration under `namespace` down; whether there was one.
    pub(crate) fn remove(&mut self, peer: &PeerId, namespace: &Namespace) -> bool {
        let Some(id) = self.by_key.remove(&(*peer, namespace.clone())) else {
            return false;
        };
        self.drop_entry(id);
        true
    }

    /// Takes every lobby table of `peer` down (its reservation or connection ended); returns
    /// their namespaces.
    pub(crate) fn remove_lobby_of(&mut self, peer: &PeerId) -> Vec<Namespace> {
        if !self.per_peer.contains_key(peer) {
            return Vec::new();
        }
        let gone: Vec<Namespace> = self
            .by_key
            .keys()
            .filter(|(p, ns)| p == peer && is_lobby(&ns.to_string()))
            .map(|(_, ns)| ns.clone())
            .collect();
        for ns in &gone {
            self.remove(peer, ns);
        }
        gone
    }

    /// Drops expired registrations; returns them.
    pub(crate) fn expire(&mut self, now: Instant) -> Vec<Registration> {
        let expired: Vec<u64> =
            self.entries.iter().filter(|(_, e)| e.expires <= now).map(|(id, _)| *id).collect();
        let mut gone = Vec::with_capacity(expired.len());
        for id in expired {
            if let Some(entry) = self.entries.get(&id) {
                let key = (entry.registration.record.peer_id(), entry.registration.namespace.clone());
                self.by_key.remove(&key);
            }
            if let Some(registration) = self.drop_entry(id) {
                gone.push(registration);
            }
        }
        gone
    }

    fn drop_entry(&mut self, id: u64) -> Option<Registration> {
        let entry = self.entries.remove(&id)?;
        let peer = entry.registration.record.peer_id();
        if let Some(held) = self.per_peer.get_mut(&peer) {
            *held = held.saturating_sub(1);
            if *held == 0 {
                self.per_peer.remove(&peer);
            }
        }
        if is_lobby(&entry.registration.namespace.to_string()) {
            self.lobby = self.lobby.saturating_sub(1);
        }
        Some(entry.registration)
    }

    /// The registrations under `namespace` (or all) that `cookie` has not returned yet, at
    /// most `limit`, and the cookie for the next page.
    pub(crate) fn discover(
        &mut self,
        namespace: Option<Namespace>,
        cookie: Option<Cookie>,
        limit: Option<u64>,
        now: Instant,
    ) -> Result<(Vec<Registration>, Cookie), ErrorCode> {
        if let Some(cookie) = &cookie
            && cookie.namespace().is_some()
            && cookie.namespace() != namespace.as_ref()
        {
            return Err(ErrorCode::InvalidCookie);
        }
        let mut seen = cookie.and_then(|c| self.cookies.get(&c).cloned()).unwrap_or_default();
        let limit =
            usize::try_from(limit.unwrap_or(u64::MAX)).unwrap_or(usize::MAX).min(self.limits.max_page);
        let page: Vec<(u64, Registration)> = self
            .entries
            .iter()
            .filter(|(id, e)| {
                e.expires > now
                    && !seen.contains(id)
                    && namespace.as_ref().is_none_or(|ns| *ns == e.registration.namespace)
            })
            .take(limit)
            .map(|(id, e)| (*id, e.registration.clone()))
            .collect();
        seen.extend(page.iter().map(|(id, _)| *id));
        let next = match namespace {
            Some(ns) => Cookie::for_namespace(ns),
            None => Cookie::for_all_namespaces(),
        };
        self.remember(next.clone(), seen);
        Ok((page.into_iter().map(|(_, r)| r).collect(), next))
    }

    fn remember(&mut self, cookie: Cookie, seen: HashSet<u64>) {
        // Each pass forgets one cookie: at most as many passes as cookies remembered.
        while self.cookie_order.len() >= self.limits.max_cookies.max(1)
            || (self.cookie_ids + seen.len() > self.limits.max_cookie_ids && !self.cookie_order.is_empty())
        {
            let Some(old) = self.cookie_order.pop_front() else { break };
            if let Some(ids) = self.cookies.remove(&old) {
                self.cookie_ids -= ids.len();
            }
        }
        self.cookie_ids += seen.len();
        self.cookie_order.push_back(cookie.clone());
        if let Some(replaced) = self.cookies.insert(cookie, seen) {
            // Cookies are random 64-bit ids: a collision only loses the older page memory.
            self.cookie_ids -= replaced.len();
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use libp2p::identity::Keypair;

    fn limits() -> StoreLimits {
        StoreLimits {
            min_ttl: 15,
            max_ttl: 72 * 3600,
            max_per_peer: 3,
            max_total: 5,
            max_cookies: 2,
            max_page: 3,
            max_cookie_ids: 1000,
        }
    }

    fn record(key: &Keypair) -> PeerRecord {
        PeerRecord::new(key, vec!["/ip4/127.0.0.1/tcp/1".parse().unwrap()]).unwrap()
    }

    fn ns(s: &str) -> Namespace {
        Namespace::new(s.to_owned()).unwrap()
    }

    #[test]
    fn ttls_are_bounded_and_the_default_is_two_hours() {
        let t = Instant::now();
        let mut s = Store::new(limits());
        let k = Keypair::generate_ed25519();
        assert_eq!(s.add(ns("a"), record(&k), Some(14), t), Err(ErrorCode::InvalidTtl));
        assert_eq!(s.add(ns("a"), record(&k), None, t).unwrap().ttl, DEFAULT_TTL);
        assert_eq!(s.add(ns("a"), record(&k), Some(20), t).unwrap().ttl, 20, "a refresh replaces");
        assert_eq!(s.len(), 1);
        assert_eq!(s.expire(t + Duration::from_secs(20)).len(), 1);
        assert_eq!(s.len(), 0);
    }

    #[test]
    fn peers_and_the_total_are_bounded() {
        let t = Instant::now();
        let mut s = Store::new(limits());
        let k = Keypair::generate_ed25519();
        for n in ["a", "b", "c"] {
            s.add(ns(n), record(&k), None, t).unwrap();
        }
        assert_eq!(s.add(ns("d"), record(&k), None, t), Err(ErrorCode::Unavailable));
        // A full peer may still refresh what it holds.
        assert!(s.add(ns("a"), record(&k), None, t).is_ok());
        let other = Keypair::generate_ed25519();
        s.add(ns("a"), record(&other), None, t).unwrap();
        s.add(ns("b"), record(&other), None, t).unwrap();
        assert_eq!(s.add(ns("c"), record(&other), None, t), Err(ErrorCode::Unavailable), "total");
    }

    #[test]
    fn discover_pages_with_cookies_oldest_first() {
        let t = Instant::now();
        let mut s = Store::new(StoreLimits { max_total: 100, ..limits() });
        let keys: Vec<Keypair> = (0..3).map(|_| Keypair::generate_ed25519()).collect();
        for k in &keys {
            s.add(ns("x"), record(k), None, t).unwrap();
        }
        s.add(ns("y"), record(&keys[0]), None, t).unwrap();
        let (first, cookie) = s.discover(None, None, Some(2), t).unwrap();
        assert_eq!(
            first.iter().map(|r| r.record.peer_id()).collect::<Vec<_>>(),
            [keys[0].public().to_peer_id(), keys[1].public().to_peer_id()]
        );
        // No limit asked: the page is cut at max_page (3) all the same.
        let (rest, cookie) = s.discover(None, Some(cookie), None, t).unwrap();
        assert_eq!(rest.len(), 2);
        let (all, _) = s.discover(None, None, None, t).unwrap();
        assert_eq!(all.len(), 3);
        assert!(s.discover(None, Some(cookie), None, t).unwrap().0.is_empty());
        let (only_y, y_cookie) = s.discover(Some(ns("y")), None, None, t).unwrap();
        assert_eq!(only_y.len(), 1);
        assert_eq!(s.discover(Some(ns("x")), Some(y_cookie), None, t), Err(ErrorCode::InvalidCookie));
    }

    #[test]
    fn a_hosts_lobby_tables_go_with_its_reservation_and_nothing_else_does() {
        let t = Instant::now();
        let mut s = Store::new(limits());
        let k = Keypair::generate_ed25519();
        s.add(ns("tripot/lobby/1/tripot/5/Edmonde"), record(&k), Some(20), t).unwrap();
        s.add(ns("other/app"), record(&k), None, t).unwrap();
        assert_eq!(s.lobby_tables(), 1);
        let gone = s.remove_lobby_of(&k.public().to_peer_id());
        assert_eq!(gone, [ns("tripot/lobby/1/tripot/5/Edmonde")]);
        assert_eq!(s.lobby_tables(), 0);
        assert_eq!(s.len(), 1);
        assert!(s.remove(&k.public().to_peer_id(), &ns("other/app")));
        assert!(!s.remove(&k.public().to_peer_id(), &ns("other/app")));
    }

    #[test]
    fn cookies_are_bounded() {
        let t = Instant::now();
        let mut s = Store::new(limits());
        for _ in 0..10 {
            s.discover(None, None, None, t).unwrap();
        }
        assert_eq!(s.cookies.len(), 2);
        assert_eq!(s.cookie_order.len(), 2);
    }

    #[test]
    fn the_ids_cookies_remember_are_bounded_together() {
        let t = Instant::now();
        let limits = StoreLimits { max_total: 10, max_cookies: 100, max_page: 100, ..limits() };
        let mut s = Store::new(limits);
        let k = Keypair::generate_ed25519();
        for n in 0..3 {
            s.add(ns(&n.to_string()), record(&k), None, t).unwrap();
        }
        for _ in 0..10 {
            s.discover(None, None, None, t).unwrap();
        }
        assert_eq!(s.cookie_ids, 30, "ten cookies of three ids");
        assert_eq!(s.cookie_ids, s.cookies.values().map(HashSet::len).sum::<usize>());
        // Under a budget of 7 ids, only the two newest cookies of three ids are kept.
        s.limits.max_cookie_ids = 7;
        for _ in 0..10 {
            s.discover(None, None, None, t).unwrap();
            assert!(s.cookie_ids <= 7);
        }
        assert_eq!(s.cookies.len(), 2);
        assert_eq!(s.cookie_ids, s.cookies.values().map(HashSet::len).sum::<usize>());
    }
}
