//! The relay's rendezvous server: open lobby tables, and stock rendezvous for anything else.
//!
//! A lobby table (`tripot/lobby/…`) promises that its host can be reached through this relay.
//! So a registration in a lobby namespace is accepted only from a peer that holds a
//! reservation here (refused otherwise with `E_NOT_AUTHORIZED`, which a stock client reports
//! as `RegisterFailed`), and the relay takes a host's tables down as soon as its reservation
//! lapses or its last connection closes: a vanished host leaves the list within seconds, not at
//! its TTL. (Reservations are counted per peer: libp2p's events do not say which connection
//! holds one.)
//! Other namespaces behave as stock rendezvous (accepted from anyone, kept until their TTL or
//! an unregister). libp2p's server offers no hook for either rule, hence [`wire`].

mod store;
mod wire;

pub(crate) use store::StoreLimits;
pub(crate) use wire::{Codec, PROTOCOL, Request, Response};

use libp2p::PeerId;
use libp2p::rendezvous::{ErrorCode, Namespace};
use libp2p::request_response::{self, ProtocolSupport};
use std::time::{Duration, Instant};
use store::Store;
use tripot_directory::is_lobby;

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

/// What serving a request did, for the node's counters and logs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Served {
    /// A registration was accepted.
    Registered,
    /// A registration was refused.
    Refused(ErrorCode),
    /// A lobby registration came from a peer without a reservation.
    NoReservation,
    /// A lobby table was taken down by its host (its game started, or it left).
    TableClosed,
    /// Anything else (a discover, an unregister of something else).
    Other,
}

/// Registrations, and the rule that makes lobby tables real.
#[derive(Debug)]
pub(crate) struct Lobby {
    store: Store,
}

impl Lobby {
    /// An empty server.
    pub(crate) fn new(limits: StoreLimits) -> Self {
        Lobby { store: Store::new(limits) }
    }

    /// Lobby tables listed now.
    pub(crate) fn tables(&self) -> usize {
        self.store.lobby_tables()
    }

    /// Serves `peer`'s request; `reserved` says whether it holds a reservation on this relay.
    /// `None`: no answer is due (an unregister).
    pub(crate) fn serve(
        &mut self,
        peer: PeerId,
        request: Request,
        reserved: bool,
        now: Instant,
    ) -> (Option<Response>, Served) {
        match request {
            Request::Register { namespace, record, ttl } => {
                // The record names who is listed: only that peer may list itself.
                if record.peer_id() != peer {
                    return (
                        Some(Response::Register(Err(ErrorCode::NotAuthorized))),
                        Served::Refused(ErrorCode::NotAuthorized),
                    );
                }
                if is_lobby(&namespace.to_string()) && !reserved {
                    return (Some(Response::Register(Err(ErrorCode::NotAuthorized))), Served::NoReservation);
                }
                match self.store.add(namespace, *record, ttl, now) {
                    Ok(registration) => (Some(Response::Register(Ok(registration.ttl))), Served::Registered),
                    Err(error) => (Some(Response::Register(Err(error))), Served::Refused(error)),
                }
            }
            Request::Unregister(namespace) => {
                let lobby = is_lobby(&namespace.to_string());
                let served = if self.store.remove(&peer, &namespace) && lobby {
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

    /// `peer`'s reservation or connection ended: its lobby tables go.
    pub(crate) fn host_gone(&mut self, peer: &PeerId) -> Vec<Namespace> {
        self.store.remove_lobby_of(peer)
    }

    /// Drops expired registrations; returns how many.
    pub(crate) fn expire(&mut self, now: Instant) -> usize {
        self.store.expire(now).len()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use libp2p::core::PeerRecord;
    use libp2p::identity::Keypair;

    fn lobby() -> Lobby {
        Lobby::new(StoreLimits {
            min_ttl: 15,
            max_ttl: 3600,
            max_per_peer: 8,
            max_total: 100,
            max_cookies: 10,
            max_page: 100,
            max_cookie_ids: 1000,
        })
    }

    fn register(key: &Keypair, ns: &str) -> Request {
        let record = PeerRecord::new(key, vec!["/ip4/127.0.0.1/tcp/1".parse().unwrap()]).unwrap();
        Request::Register {
            namespace: Namespace::new(ns.to_owned()).unwrap(),
            record: Box::new(record),
            ttl: Some(20),
        }
    }

    const TABLE: &str = "tripot/lobby/1/tripot/5/Fake";

    #[test]
    fn a_table_needs_a_reservation_other_namespaces_do_not() {
        let t = Instant::now();
        let mut l = lobby();
        let k = Keypair::generate_ed25519();
        let peer = k.public().to_peer_id();
        let (answer, served) = l.serve(peer, register(&k, TABLE), false, t);
        assert!(matches!(answer, Some(Response::Register(Err(ErrorCode::NotAuthorized)))));
        assert_eq!(served, Served::NoReservation);
        assert_eq!(l.tables(), 0);
        let (answer, _) = l.serve(peer, register(&k, "other/app"), false, t);
        assert!(matches!(answer, Some(Response::Register(Ok(20)))));
        let (answer, served) = l.serve(peer, register(&k, TABLE), true, t);
        assert!(matches!(answer, Some(Response::Register(Ok(20)))));
        assert_eq!(served, Served::Registered);
        assert_eq!(l.tables(), 1);
        // The reservation ends: the table goes, the other registration stays.
        assert_eq!(l.host_gone(&peer).len(), 1);
        assert_eq!(l.tables(), 0);
        let (answer, _) =
            l.serve(peer, Request::Discover { namespace: None, cookie: None, limit: None }, false, t);
        let Some(Response::Discover(Ok((listed, _)))) = answer else { panic!("discover failed") };
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].namespace.to_string(), "other/app");
    }

    #[test]
    fn nobody_lists_someone_else() {
        let t = Instant::now();
        let mut l = lobby();
        let (k, thief) = (Keypair::generate_ed25519(), PeerId::random());
        let (answer, _) = l.serve(thief, register(&k, "other/app"), true, t);
        assert!(matches!(answer, Some(Response::Register(Err(ErrorCode::NotAuthorized)))));
    }

    #[test]
    fn a_host_taking_its_table_down_counts_as_a_table_closed() {
        let t = Instant::now();
        let mut l = lobby();
        let k = Keypair::generate_ed25519();
        let peer = k.public().to_peer_id();
        l.serve(peer, register(&k, TABLE), true, t);
        let ns = Namespace::new(TABLE.to_owned()).unwrap();
        assert_eq!(l.serve(peer, Request::Unregister(ns.clone()), true, t), (None, Served::TableClosed));
        assert_eq!(l.serve(peer, Request::Unregister(ns), true, t), (None, Served::Other));
    }
}
