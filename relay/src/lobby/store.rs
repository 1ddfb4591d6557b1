//! Rendezvous registrations: who is listed under which namespace, from which address, until
//! when, and where a discover cookie left off.
//!
//! The semantics follow libp2p's rendezvous server (which the relay no longer runs, see
//! [`super::wire`]): a peer registers a namespace once (registering again replaces it, with a
//! fresh id, so it is listed again), a discover returns the registrations its cookie has not
//! returned yet. What is ours:
//! - quotas per peer, per IP address and overall, so that one address cannot fill the store;
//! - a TTL over the maximum is cut to it (the answer says the TTL granted), not refused;
//! - registrations are taken down by the relay when their peer is gone ([`Store::remove_of`]);
//! - a discover lists the oldest first, and a discover of a lobby namespace (`tripot/lobby`, or
//!   one game's `tripot/lobby/kawu-2/2`) lists every registration at or below it: each table has
//!   a namespace of its own, and a client listing the lobby must never wade through what it did not ask for;
//! - a cookie carries its own place in the list (the next registration id to return), so the
//!   relay remembers no cookie at all. Ids only grow, so "after this id" is exactly "not returned
//!   yet" in oldest-first order.

use crate::counts::{count_one, forget_one, held};
use libp2p::PeerId;
use libp2p::core::PeerRecord;
use libp2p::rendezvous::{Cookie, DEFAULT_TTL, ErrorCode, Namespace, Registration, Ttl};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::net::IpAddr;
use std::time::{Duration, Instant};
use tripot_directory::is_lobby;

/// The store's bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct StoreLimits {
    /// Shortest TTL accepted, seconds (shorter ones are refused).
    pub(crate) min_ttl: Ttl,
    /// Longest TTL granted, seconds (longer ones are cut to it).
    pub(crate) max_ttl: Ttl,
    /// Registrations one peer may hold.
    pub(crate) max_per_peer: usize,
    /// Registrations made from one IP address that may be held at once (`None`: no bound).
    pub(crate) max_per_ip: Option<usize>,
    /// Registrations over all peers.
    pub(crate) max_total: usize,
    /// Registrations one discover returns at most, whatever limit it asks: a page of signed
    /// records stays well under the 1 MiB message limit, and one small request cannot make the
    /// relay send megabytes (the cookie gives the rest).
    pub(crate) max_page: usize,
}

/// Why a registration was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The TTL asked is under the minimum.
    Ttl,
    /// The peer holds as many registrations as it may.
    PeerQuota,
    /// Its address holds as many registrations as it may.
    IpQuota,
    /// The store is full.
    Full,
}

impl Refusal {
    /// The rendezvous error code answered.
    pub(crate) fn code(self) -> ErrorCode {
        match self {
            Refusal::Ttl => ErrorCode::InvalidTtl,
            Refusal::PeerQuota | Refusal::IpQuota | Refusal::Full => ErrorCode::Unavailable,
        }
    }

    /// The `reason` label of the denial.
    pub(crate) fn label(self) -> &'static str {
        match self {
            Refusal::Ttl => "invalid_ttl",
            Refusal::PeerQuota => "per_peer",
            Refusal::IpQuota => "per_ip",
            Refusal::Full => "full",
        }
    }
}

#[derive(Debug)]
struct Entry {
    registration: Registration,
    ip: Option<IpAddr>,
    expires: Instant,
    lobby: bool,
}

/// Registrations, and the indexes discover and the quotas need.
#[derive(Debug)]
pub(crate) struct Store {
    limits: StoreLimits,
    next_id: u64,
    /// By id, which grows with each registration: iteration lists the oldest first.
    entries: BTreeMap<u64, Entry>,
    by_key: HashMap<(PeerId, Namespace), u64>,
    by_namespace: HashMap<Namespace, BTreeSet<u64>>,
    /// Ids of lobby registrations, for discovers of a lobby namespace.
    lobby: BTreeSet<u64>,
    per_peer: HashMap<PeerId, usize>,
    per_ip: HashMap<IpAddr, usize>,
}

/// A cookie that resumes a listing at registration id `next`.
fn cookie_at(next: u64, namespace: Option<Namespace>) -> Cookie {
    let mut bytes = next.to_be_bytes().to_vec();
    if let Some(ns) = &namespace {
        bytes.extend_from_slice(ns.to_string().as_bytes());
    }
    // Eight bytes and a namespace that was valid already: this always decodes; a random cookie
    // (a listing from the start) would only be a fallback that never happens.
    Cookie::from_wire_encoding(bytes).unwrap_or_else(|_| match namespace {
        Some(ns) => Cookie::for_namespace(ns),
        None => Cookie::for_all_namespaces(),
    })
}

/// Where `cookie` resumes a listing.
fn position(cookie: &Cookie) -> u64 {
    let bytes = cookie.clone().into_wire_encoding();
    bytes.get(..8).and_then(|b| <[u8; 8]>::try_from(b).ok()).map_or(0, u64::from_be_bytes)
}

/// Whether a discover of `asked` lists a registration under `namespace`.
fn lists(asked: &Namespace, namespace: &Namespace) -> bool {
    let (asked, namespace) = (asked.to_string(), namespace.to_string());
    namespace.strip_prefix(asked.as_str()).is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

impl Store {
    /// An empty store.
    pub(crate) fn new(limits: StoreLimits) -> Self {
        Store {
            limits,
            next_id: 0,
            entries: BTreeMap::new(),
            by_key: HashMap::new(),
            by_namespace: HashMap::new(),
            lobby: BTreeSet::new(),
            per_peer: HashMap::new(),
            per_ip: HashMap::new(),
        }
    }

    /// Registrations held now (expired ones may linger until the next [`Store::expire`]).
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Lobby tables held now.
    pub(crate) fn lobby_tables(&self) -> usize {
        self.lobby.len()
    }

    /// Whether `peer` holds a registration under `namespace` (registering again refreshes it).
    pub(crate) fn holds(&self, peer: &PeerId, namespace: &Namespace) -> bool {
        self.by_key.contains_key(&(*peer, namespace.clone()))
    }

    /// Registers `record`'s peer under `namespace` from `ip`, replacing its previous
    /// registration there. A refresh is never refused for a quota: it holds its place already.
    pub(crate) fn add(
        &mut self,
        namespace: Namespace,
        record: PeerRecord,
        ttl: Option<Ttl>,
        ip: Option<IpAddr>,
        now: Instant,
    ) -> Result<Registration, Refusal> {
        let ttl = ttl.unwrap_or(DEFAULT_TTL);
        if ttl < self.limits.min_ttl {
            return Err(Refusal::Ttl);
        }
        let ttl = ttl.min(self.limits.max_ttl);
        let peer = record.peer_id();
        let replaced = self.by_key.get(&(peer, namespace.clone())).copied();
        let same_ip = replaced.and_then(|id| self.entries.get(&id)).is_some_and(|e| e.ip == ip);
        if replaced.is_none() {
            if held(&self.per_peer, &peer) >= self.limits.max_per_peer {
                return Err(Refusal::PeerQuota);
            }
            if self.entries.len() >= self.limits.max_total {
                return Err(Refusal::Full);
            }
        }
        if !same_ip
            && let (Some(ip), Some(max)) = (ip, self.limits.max_per_ip)
            && held(&self.per_ip, &ip) >= max
        {
            return Err(Refusal::IpQuota);
        }
        if replaced.is_some() {
            self.remove(&peer, &namespace);
        }
        let id = self.next_id;
        self.next_id += 1;
        let lobby = is_lobby(&namespace.to_string());
        let registration = Registration { namespace, record, ttl };
        if lobby {
            self.lobby.insert(id);
        }
        count_one(&mut self.per_peer, peer);
        if let Some(ip) = ip {
            count_one(&mut self.per_ip, ip);
        }
        self.by_key.insert((peer, registration.namespace.clone()), id);
        self.by_namespace.entry(registration.namespace.clone()).or_default().insert(id);
        let expires = now + Duration::from_secs(ttl);
        self.entries.insert(id, Entry { registration: registration.clone(), ip, expires, lobby });
        Ok(registration)
    }

    /// Takes `peer`'s registration under `namespace` down; whether there was one.
    pub(crate) fn remove(&mut self, peer: &PeerId, namespace: &Namespace) -> bool {
        let Some(id) = self.by_key.get(&(*peer, namespace.clone())).copied() else {
            return false;
        };
        self.drop_entry(id);
        true
    }

    /// Takes every registration of `peer` down (its reservation or connection ended); returns
    /// their namespaces.
    pub(crate) fn remove_of(&mut self, peer: &PeerId) -> Vec<Namespace> {
        if !self.per_peer.contains_key(peer) {
            return Vec::new();
        }
        let gone: Vec<Namespace> =
            self.by_key.keys().filter(|(p, _)| p == peer).map(|(_, ns)| ns.clone()).collect();
        for ns in &gone {
            self.remove(peer, ns);
        }
        gone
    }

    /// Drops expired registrations; returns how many.
    pub(crate) fn expire(&mut self, now: Instant) -> usize {
        let expired: Vec<u64> =
            self.entries.iter().filter(|(_, e)| e.expires <= now).map(|(id, _)| *id).collect();
        for id in &expired {
            self.drop_entry(*id);
        }
        expired.len()
    }

    fn drop_entry(&mut self, id: u64) -> Option<Registration> {
        let entry = self.entries.remove(&id)?;
        let peer = entry.registration.record.peer_id();
        let namespace = &entry.registration.namespace;
        self.by_key.remove(&(peer, namespace.clone()));
        if let Some(ids) = self.by_namespace.get_mut(namespace) {
            ids.remove(&id);
            if ids.is_empty() {
                self.by_namespace.remove(namespace);
            }
        }
        if entry.lobby {
            self.lobby.remove(&id);
        }
        forget_one(&mut self.per_peer, &peer);
        if let Some(ip) = entry.ip {
            forget_one(&mut self.per_ip, &ip);
        }
        Some(entry.registration)
    }

    /// The registrations under `namespace` (or all; for a lobby namespace, everything at or
    /// below it) that `cookie` has not returned yet, oldest first, at most `limit`, and the
    /// cookie for the next page.
    pub(crate) fn discover(
        &self,
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
        let from = cookie.as_ref().map_or(0, position);
        let limit =
            usize::try_from(limit.unwrap_or(u64::MAX)).unwrap_or(usize::MAX).min(self.limits.max_page);
        let ids: Box<dyn Iterator<Item = u64> + '_> = match &namespace {
            None => Box::new(self.entries.range(from..).map(|(id, _)| *id)),
            Some(ns) if is_lobby(&ns.to_string()) => Box::new(self.lobby.range(from..).copied()),
            Some(ns) => match self.by_namespace.get(ns) {
                Some(ids) => Box::new(ids.range(from..).copied()),
                None => Box::new(std::iter::empty()),
            },
        };
        let mut next = from;
        let mut page = Vec::new();
        for id in ids {
            if page.len() >= limit {
                break;
            }
            let Some(entry) = self.entries.get(&id) else { continue };
            next = id + 1;
            let listed = namespace.as_ref().is_none_or(|ns| lists(ns, &entry.registration.namespace));
            if listed && entry.expires > now {
                page.push(entry.registration.clone());
            }
        }
        Ok((page, cookie_at(next, namespace)))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use libp2p::identity::Keypair;

    const IP1: Option<IpAddr> = Some(IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 1)));
    const IP2: Option<IpAddr> = Some(IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 2)));

    fn limits() -> StoreLimits {
        StoreLimits { min_ttl: 15, max_ttl: 60, max_per_peer: 3, max_per_ip: None, max_total: 5, max_page: 3 }
    }

    fn record(key: &Keypair) -> PeerRecord {
        PeerRecord::new(key, vec!["/ip4/127.0.0.1/tcp/1".parse().unwrap()]).unwrap()
    }

    fn ns(s: &str) -> Namespace {
        Namespace::new(s.to_owned()).unwrap()
    }

    #[test]
    fn short_ttls_are_refused_and_long_ones_cut() {
        let t = Instant::now();
        let mut s = Store::new(limits());
        let k = Keypair::generate_ed25519();
        assert_eq!(s.add(ns("a"), record(&k), Some(14), IP1, t), Err(Refusal::Ttl));
        // The standard default (2 h) and a 72 h TTL are granted the maximum, a minute.
        assert_eq!(s.add(ns("a"), record(&k), None, IP1, t).unwrap().ttl, 60);
        assert_eq!(s.add(ns("a"), record(&k), Some(72 * 3600), IP1, t).unwrap().ttl, 60);
        assert_eq!(s.add(ns("a"), record(&k), Some(20), IP1, t).unwrap().ttl, 20, "a refresh replaces");
        assert_eq!(s.len(), 1);
        assert_eq!(s.expire(t + Duration::from_secs(20)), 1);
        assert_eq!(s.len(), 0);
    }

    #[test]
    fn peers_and_the_total_are_bounded() {
        let t = Instant::now();
        let mut s = Store::new(limits());
        let k = Keypair::generate_ed25519();
        for n in ["a", "b", "c"] {
            s.add(ns(n), record(&k), None, IP1, t).unwrap();
        }
        assert_eq!(s.add(ns("d"), record(&k), None, IP1, t), Err(Refusal::PeerQuota));
        // A full peer may still refresh what it holds.
        assert!(s.add(ns("a"), record(&k), None, IP1, t).is_ok());
        let other = Keypair::generate_ed25519();
        s.add(ns("a"), record(&other), None, IP2, t).unwrap();
        s.add(ns("b"), record(&other), None, IP2, t).unwrap();
        assert_eq!(s.add(ns("c"), record(&other), None, IP2, t), Err(Refusal::Full));
    }

    #[test]
    fn an_address_is_bounded_whatever_its_peer_ids() {
        let t = Instant::now();
        let mut s = Store::new(StoreLimits { max_per_ip: Some(4), max_total: 100, ..limits() });
        let mut held = 0;
        for _ in 0..10 {
            let k = Keypair::generate_ed25519();
            for n in ["a", "b", "c"] {
                match s.add(ns(n), record(&k), None, IP1, t) {
                    Ok(_) => held += 1,
                    Err(refusal) => assert_eq!(refusal, Refusal::IpQuota),
                }
            }
        }
        assert_eq!(held, 4);
        // Another address is not concerned; a refresh from the full address is still accepted.
        assert!(s.add(ns("a"), record(&Keypair::generate_ed25519()), None, IP2, t).is_ok());
        let k = Keypair::generate_ed25519();
        let mut s = Store::new(StoreLimits { max_per_ip: Some(1), ..limits() });
        s.add(ns("a"), record(&k), None, IP1, t).unwrap();
        assert!(s.add(ns("a"), record(&k), None, IP1, t).is_ok());
        // Gone from the address, the registration frees its place there.
        assert_eq!(s.remove_of(&k.public().to_peer_id()), [ns("a")]);
        assert!(s.add(ns("b"), record(&Keypair::generate_ed25519()), None, IP1, t).is_ok());
        assert!(s.per_ip.values().all(|n| *n == 1));
    }

    #[test]
    fn discover_pages_with_cookies_oldest_first() {
        let t = Instant::now();
        let mut s = Store::new(StoreLimits { max_total: 100, ..limits() });
        let keys: Vec<Keypair> = (0..3).map(|_| Keypair::generate_ed25519()).collect();
        for k in &keys {
            s.add(ns("x"), record(k), None, IP1, t).unwrap();
        }
        s.add(ns("y"), record(&keys[0]), None, IP1, t).unwrap();
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
        assert!(s.discover(None, Some(cookie.clone()), None, t).unwrap().0.is_empty());
        // A registration made after the last page is what the same cookie returns next.
        s.add(ns("z"), record(&keys[1]), None, IP1, t).unwrap();
        let (late, _) = s.discover(None, Some(cookie), None, t).unwrap();
        assert_eq!(late.iter().map(|r| r.namespace.clone()).collect::<Vec<_>>(), [ns("z")]);
        let (only_y, y_cookie) = s.discover(Some(ns("y")), None, None, t).unwrap();
        assert_eq!(only_y.len(), 1);
        assert_eq!(s.discover(Some(ns("x")), Some(y_cookie), None, t), Err(ErrorCode::InvalidCookie));
    }

    #[test]
    fn a_lobby_discover_lists_every_table_and_nothing_else() {
        let t = Instant::now();
        let mut s = Store::new(StoreLimits { max_total: 10_000, max_per_peer: 10, max_page: 50, ..limits() });
        let honest = Keypair::generate_ed25519();
        // Older than the honest table: 2,000 registrations elsewhere, and a look-alike.
        for _ in 0..250 {
            let k = Keypair::generate_ed25519();
            for n in 0..8 {
                s.add(ns(&format!("other/app/{n}")), record(&k), None, IP1, t).unwrap();
            }
        }
        s.add(ns("tripot/lobbyist"), record(&honest), None, IP2, t).unwrap();
        s.add(ns("tripot/lobby/kawu-2/2/1/5/Edmonde"), record(&honest), None, IP2, t).unwrap();
        s.add(ns("tripot/lobby/tripot/2/1/6/Marie"), record(&honest), None, IP2, t).unwrap();
        let lobby = ns("tripot/lobby");
        let (tables, cookie) = s.discover(Some(lobby.clone()), None, Some(50), t).unwrap();
        let mut names: Vec<String> = tables.iter().map(|r| r.namespace.to_string()).collect();
        names.sort();
        assert_eq!(names, ["tripot/lobby/kawu-2/2/1/5/Edmonde", "tripot/lobby/tripot/2/1/6/Marie"]);
        assert!(s.discover(Some(lobby), Some(cookie), None, t).unwrap().0.is_empty());
        // One game's tables alone.
        let (two, _) = s.discover(Some(ns("tripot/lobby/kawu-2/2")), None, None, t).unwrap();
        assert_eq!(two.len(), 1);
        assert_eq!(two[0].namespace, ns("tripot/lobby/kawu-2/2/1/5/Edmonde"));
        // Paging to the end of everything takes every registration once.
        let (mut seen, mut cookie, mut pages) = (0, None, 0);
        loop {
            let (page, next) = s.discover(None, cookie, Some(50), t).unwrap();
            pages += 1;
            seen += page.len();
            if page.is_empty() {
                break;
            }
            cookie = Some(next);
            assert!(pages < 100, "paging never ends");
        }
        assert_eq!(seen, 2003);
    }

    #[test]
    fn a_peers_registrations_all_go_with_it() {
        let t = Instant::now();
        let mut s = Store::new(limits());
        let k = Keypair::generate_ed25519();
        s.add(ns("tripot/lobby/tripot/2/1/5/Edmonde"), record(&k), Some(20), IP1, t).unwrap();
        s.add(ns("other/app"), record(&k), None, IP1, t).unwrap();
        let other = Keypair::generate_ed25519();
        s.add(ns("other/app"), record(&other), None, IP1, t).unwrap();
        assert_eq!(s.lobby_tables(), 1);
        let mut gone = s.remove_of(&k.public().to_peer_id());
        gone.sort_by_key(ToString::to_string);
        assert_eq!(gone, [ns("other/app"), ns("tripot/lobby/tripot/2/1/5/Edmonde")]);
        assert_eq!(s.lobby_tables(), 0);
        assert_eq!(s.len(), 1);
        assert!(!s.remove(&k.public().to_peer_id(), &ns("other/app")));
        assert!(s.remove(&other.public().to_peer_id(), &ns("other/app")));
        assert!(s.by_namespace.is_empty() && s.per_ip.is_empty() && s.per_peer.is_empty());
    }

    #[test]
    fn a_cookie_is_its_own_place_in_the_list() {
        let cookie = cookie_at(42, Some(ns("tripot/lobby")));
        assert_eq!(position(&cookie), 42);
        assert_eq!(cookie.namespace(), Some(&ns("tripot/lobby")));
        assert_eq!(position(&cookie_at(7, None)), 7);
        assert!(lists(&ns("tripot/lobby"), &ns("tripot/lobby/1/x")));
        assert!(lists(&ns("tripot/lobby"), &ns("tripot/lobby")));
        assert!(!lists(&ns("tripot/lobby"), &ns("tripot/lobbyist")));
    }
}
