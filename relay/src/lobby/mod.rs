//! The relay's rendezvous server: open lobby tables, and whatever else a peer the relay can
//! reach lists.
//!
//! A lobby table (`tripot/lobby/…`) promises that its host can be reached through this relay.
//! Other namespaces once behaved as stock rendezvous (accepted from anyone, kept until a TTL of
//! up to 72 h), and that let one address with throwaway identities fill the store and push every
//! table out of the lobby's listing (issue 21). Nothing of Tripot registers anywhere else, so the
//! relay now asks the same of every registration, whatever its namespace:
//! - it comes from a peer holding a reservation here (refused otherwise with
//!   `E_NOT_AUTHORIZED`, which a stock client reports as `RegisterFailed`), for itself only;
//! - it goes as soon as that reservation lapses or the peer's last connection closes, and at
//!   the latest at its TTL, cut to [`StoreLimits::max_ttl`] (a minute by default; our tables live
//!   20 s and are refreshed every 6 s);
//! - it counts against its peer's quota, its address's quota (at once, and new ones a minute:
//!   peer ids are free, addresses are not) and the total, so one address cannot fill the store;
//! - in the lobby's namespace, it is a table ([`LobbyTable::parse`]: a game's name, its seats
//!   and free seats, when it opened, a name), so every listed entry reads as one; a table of an
//!   older client (a duel format and rules preset) is refused with `E_INVALID_NAMESPACE`.
//!
//! (Reservations are counted per peer: libp2p's events do not say which connection holds one.)
//! libp2p's server offers no hook for any of this, hence [`wire`].

mod store;
mod wire;

pub(crate) use store::StoreLimits;
use wire::peer_record;
pub(crate) use wire::{Codec, PROTOCOL, Request, Response};

use crate::rate::{KeyedBuckets, Rate};
use libp2p::PeerId;
use libp2p::rendezvous::{ErrorCode, Namespace};
use libp2p::request_response::{self, ProtocolSupport};
use std::net::IpAddr;
use std::time::{Duration, Instant};
use store::{Refusal, Store};
use tripot_directory::{LobbyTable, is_lobby};

/// The request-response behaviour serving `/rendezvous/1.0.0`.
pub(crate) type Behaviour = request_response::Behaviour<Codec>;

/// The behaviour as the relay runs it: answers, never asks.
pub(crate) fn server_behaviour() -> Behaviour {
    request_response::Behaviour::with_codec(
        Codec,
        [(PROTOCOL, ProtocolSupport::Inbound)],
        request_response::Config::default().with_request_timeout(Duration::from_secs(10)),
    )
}

/// The server's bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LobbyLimits {
    /// The store's.
    pub(crate) store: StoreLimits,
    /// New registrations (not refreshes) per IP address (`None`: no bound).
    pub(crate) new_per_ip: Option<Rate>,
}

/// Addresses whose registration rate is remembered at once (full buckets are forgotten first).
const MAX_RATE_KEYS: usize = 100_000;

/// Who asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Asker {
    /// Its peer id.
    pub(crate) peer: PeerId,
    /// The address of the connection it asked on, if it has one.
    pub(crate) ip: Option<IpAddr>,
    /// Whether it holds a reservation on this relay.
    pub(crate) reserved: bool,
}

/// Why a registration was refused, for the node's counters and logs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Denial {
    /// The signed record does not verify.
    BadRecord,
    /// The signed record names another peer.
    NotTheirs,
    /// The peer holds no reservation here.
    NoReservation,
    /// A lobby namespace that is no table (an older client's, or garbage).
    NotATable,
    /// Its address registered as many new ones lately as it may.
    Rate,
    /// The store refused it.
    Store(Refusal),
}

impl Denial {
    fn code(self) -> ErrorCode {
        match self {
            Denial::BadRecord => ErrorCode::InvalidSignedPeerRecord,
            Denial::NotTheirs | Denial::NoReservation => ErrorCode::NotAuthorized,
            Denial::Rate => ErrorCode::Unavailable,
            Denial::NotATable => ErrorCode::InvalidNamespace,
            Denial::Store(refusal) => refusal.code(),
        }
    }

    /// The `reason` label of the denial.
    pub(crate) fn label(self) -> &'static str {
        match self {
            Denial::BadRecord => "bad_record",
            Denial::NotTheirs => "not_their_record",
            Denial::NoReservation => "no_reservation",
            Denial::Rate => "per_ip_rate",
            Denial::NotATable => "not_a_table",
            Denial::Store(refusal) => refusal.label(),
        }
    }
}

/// What serving a request did, for the node's counters and logs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Served {
    /// A registration was accepted.
    Registered,
    /// A registration was refused; `lobby` if its namespace is a lobby table's.
    Refused {
        /// Whether it was a lobby table.
        lobby: bool,
        /// Why.
        why: Denial,
    },
    /// A lobby table was taken down by its host (its game started, or it left).
    TableClosed,
    /// Anything else (a discover, an unregister of something else).
    Other,
}

/// Registrations, and the rules that keep them real and bounded.
#[derive(Debug)]
pub(crate) struct Lobby {
    store: Store,
    new_per_ip: Option<KeyedBuckets<IpAddr>>,
}

impl Lobby {
    /// An empty server.
    pub(crate) fn new(limits: LobbyLimits) -> Self {
        Lobby {
            store: Store::new(limits.store),
            new_per_ip: limits.new_per_ip.map(|rate| KeyedBuckets::new(rate, MAX_RATE_KEYS)),
        }
    }

    /// Lobby tables listed now.
    pub(crate) fn tables(&self) -> usize {
        self.store.lobby_tables()
    }

    /// Serves `asker`'s request. `None`: no answer is due (an unregister).
    pub(crate) fn serve(
        &mut self,
        asker: Asker,
        request: Request,
        now: Instant,
    ) -> (Option<Response>, Served) {
        match request {
            Request::Register { namespace, signed, ttl } => {
                let lobby = is_lobby(&namespace.to_string());
                match self.register(asker, namespace, &signed, ttl, now) {
                    Ok(ttl) => (Some(Response::Register(Ok(ttl))), Served::Registered),
                    Err(why) => (Some(Response::Register(Err(why.code()))), Served::Refused { lobby, why }),
                }
            }
            Request::Unregister(namespace) => {
                let lobby = is_lobby(&namespace.to_string());
                let served = if self.store.remove(&asker.peer, &namespace) && lobby {
                    Served::TableClosed
                } else {
                    Served::Other
                };
                (None, served)
            }
            Request::Discover { namespace, cookie, limit } => {
                (Some(Response::Discover(self.store.discover(namespace, cookie, limit, now))), Served::Other)
            }
        }
    }

    fn register(
        &mut self,
        asker: Asker,
        namespace: Namespace,
        signed: &[u8],
        ttl: Option<u64>,
        now: Instant,
    ) -> Result<u64, Denial> {
        if !asker.reserved {
            return Err(Denial::NoReservation);
        }
        let text = namespace.to_string();
        if is_lobby(&text) && LobbyTable::parse(&text).is_none() {
            return Err(Denial::NotATable);
        }
        let record = peer_record(signed).map_err(|_| Denial::BadRecord)?;
        // The record names who is listed: only that peer may list itself.
        if record.peer_id() != asker.peer {
            return Err(Denial::NotTheirs);
        }
        // Only a new registration costs a token: a refresh keeps a place it holds already.
        let fresh = !self.store.holds(&asker.peer, &namespace);
        if fresh
            && let (Some(buckets), Some(ip)) = (self.new_per_ip.as_mut(), asker.ip)
            && !buckets.has_token(&ip, now)
        {
            return Err(Denial::Rate);
        }
        let registration = self.store.add(namespace, record, ttl, asker.ip, now).map_err(Denial::Store)?;
        if fresh && let (Some(buckets), Some(ip)) = (self.new_per_ip.as_mut(), asker.ip) {
            // A map full of throttled addresses refuses new ones rather than forget one.
            if !buckets.take(&ip, now) {
                self.store.remove(&asker.peer, &registration.namespace);
                return Err(Denial::Rate);
            }
        }
        Ok(registration.ttl)
    }

    /// `peer`'s reservation or connection ended: all its registrations go.
    pub(crate) fn peer_gone(&mut self, peer: &PeerId) -> Vec<Namespace> {
        self.store.remove_of(peer)
    }

    /// Drops expired registrations; returns how many.
    pub(crate) fn expire(&mut self, now: Instant) -> usize {
        self.store.expire(now)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use libp2p::core::PeerRecord;
    use libp2p::identity::Keypair;

    const IP: Option<IpAddr> = Some(IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 1)));

    fn limits() -> LobbyLimits {
        LobbyLimits {
            store: StoreLimits {
                min_ttl: 15,
                max_ttl: 60,
                max_per_peer: 8,
                max_per_ip: None,
                max_total: 100,
                max_page: 100,
            },
            new_per_ip: None,
        }
    }

    fn register(key: &Keypair, ns: &str) -> Request {
        let record = PeerRecord::new(key, vec!["/ip4/127.0.0.1/tcp/1".parse().unwrap()]).unwrap();
        Request::Register {
            namespace: Namespace::new(ns.to_owned()).unwrap(),
            signed: record.into_signed_envelope().into_protobuf_encoding(),
            ttl: Some(20),
        }
    }

    fn asker(key: &Keypair, reserved: bool) -> Asker {
        Asker { peer: key.public().to_peer_id(), ip: IP, reserved }
    }

    fn refused(why: Denial, lobby: bool) -> (Option<Response>, Served) {
        (Some(Response::Register(Err(why.code()))), Served::Refused { lobby, why })
    }

    const TABLE: &str = "tripot/lobby/kawu-2/2/1/5/Fake";

    #[test]
    fn a_lobby_registration_must_be_a_table_of_a_named_game() {
        let t = Instant::now();
        let mut l = Lobby::new(limits());
        let k = Keypair::generate_ed25519();
        // An older client's table (a format and a rules preset), and garbage under the lobby.
        for ns in ["tripot/lobby/1/tripot/5/Old", "tripot/lobby", "tripot/lobby/x"] {
            assert_eq!(
                l.serve(asker(&k, true), register(&k, ns), t),
                refused(Denial::NotATable, true),
                "{ns}"
            );
        }
        assert_eq!(Denial::NotATable.code(), ErrorCode::InvalidNamespace);
        assert_eq!(l.tables(), 0);
        // A game this relay has never heard of is listed all the same: it knows no rules.
        let registered = (Some(Response::Register(Ok(20))), Served::Registered);
        assert_eq!(l.serve(asker(&k, true), register(&k, "tripot/lobby/go-19/2/1/5/Sai"), t), registered);
        assert_eq!(l.tables(), 1);
    }

    #[test]
    fn every_namespace_needs_a_reservation_and_goes_with_it() {
        let t = Instant::now();
        let mut l = Lobby::new(limits());
        let k = Keypair::generate_ed25519();
        assert_eq!(l.serve(asker(&k, false), register(&k, TABLE), t), refused(Denial::NoReservation, true));
        assert_eq!(
            l.serve(asker(&k, false), register(&k, "other/app"), t),
            refused(Denial::NoReservation, false)
        );
        assert_eq!(l.tables(), 0);
        let registered = (Some(Response::Register(Ok(20))), Served::Registered);
        assert_eq!(l.serve(asker(&k, true), register(&k, TABLE), t), registered);
        assert_eq!(l.serve(asker(&k, true), register(&k, "other/app"), t), registered);
        assert_eq!(l.tables(), 1);
        // The reservation ends: everything the peer listed goes.
        assert_eq!(l.peer_gone(&k.public().to_peer_id()).len(), 2);
        assert_eq!(l.tables(), 0);
        let discover = Request::Discover { namespace: None, cookie: None, limit: None };
        let (answer, _) = l.serve(asker(&k, false), discover, t);
        let Some(Response::Discover(Ok((listed, _)))) = answer else { panic!("discover failed") };
        assert!(listed.is_empty());
    }

    #[test]
    fn nobody_lists_someone_else_or_a_record_that_does_not_verify() {
        let t = Instant::now();
        let mut l = Lobby::new(limits());
        let (k, thief) = (Keypair::generate_ed25519(), Keypair::generate_ed25519());
        assert_eq!(
            l.serve(asker(&thief, true), register(&k, "other/app"), t),
            refused(Denial::NotTheirs, false)
        );
        let Request::Register { namespace, mut signed, ttl } = register(&k, "other/app") else {
            unreachable!()
        };
        signed.truncate(signed.len() - 1);
        let broken = Request::Register { namespace, signed, ttl };
        assert_eq!(l.serve(asker(&k, true), broken, t), refused(Denial::BadRecord, false));
    }

    #[test]
    fn new_registrations_per_address_are_rate_limited_refreshes_are_not() {
        let t = Instant::now();
        let rate = Rate { burst: 3, period: Duration::from_secs(20) };
        let mut l = Lobby::new(LobbyLimits { new_per_ip: Some(rate), ..limits() });
        let keys: Vec<Keypair> = (0..5).map(|_| Keypair::generate_ed25519()).collect();
        let served: Vec<Served> =
            keys.iter().map(|k| l.serve(asker(k, true), register(k, TABLE), t).1).collect();
        assert_eq!(served[..3], [Served::Registered, Served::Registered, Served::Registered]);
        assert_eq!(served[3], Served::Refused { lobby: true, why: Denial::Rate });
        // The first three refresh their tables as often as they like.
        for k in &keys[..3] {
            for _ in 0..5 {
                assert_eq!(l.serve(asker(k, true), register(k, TABLE), t).1, Served::Registered);
            }
        }
        // Another address is not concerned; the limited one gets a new token in time.
        let other =
            Asker { ip: Some(IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 2))), ..asker(&keys[3], true) };
        assert_eq!(l.serve(other, register(&keys[3], TABLE), t).1, Served::Registered);
        let later = t + Duration::from_secs(20);
        assert_eq!(l.serve(asker(&keys[4], true), register(&keys[4], TABLE), later).1, Served::Registered);
        assert_eq!(l.tables(), 5);
    }

    #[test]
    fn a_host_taking_its_table_down_counts_as_a_table_closed() {
        let t = Instant::now();
        let mut l = Lobby::new(limits());
        let k = Keypair::generate_ed25519();
        l.serve(asker(&k, true), register(&k, TABLE), t);
        let ns = Namespace::new(TABLE.to_owned()).unwrap();
        assert_eq!(l.serve(asker(&k, true), Request::Unregister(ns.clone()), t), (None, Served::TableClosed));
        assert_eq!(l.serve(asker(&k, true), Request::Unregister(ns), t), (None, Served::Other));
    }
}
