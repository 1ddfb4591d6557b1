//! Prometheus metrics: libp2p's own (swarm, relay, identify, ping) and the Tripot counters.

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;
use std::sync::{Arc, Mutex};

/// Labels of a counter: how a room lookup ended, what was denied and why.
pub(crate) type ResultLabel = Vec<(&'static str, &'static str)>;

/// The Tripot counters. Cheap to clone: every metric is shared.
#[derive(Clone)]
pub(crate) struct TripotMetrics {
    pub(crate) rooms: Gauge,
    pub(crate) rooms_opened: Counter,
    pub(crate) room_lookups: Family<ResultLabel, Counter>,
    pub(crate) lobby_tables: Gauge,
    pub(crate) discovered: Counter,
    pub(crate) quick_waiting: Gauge,
    pub(crate) lobby_games: Counter,
    pub(crate) quick_matches: Counter,
    pub(crate) reservations: Gauge,
    pub(crate) circuits: Gauge,
    pub(crate) circuits_total: Counter,
    pub(crate) connections: Gauge,
    pub(crate) denials: Family<ResultLabel, Counter>,
}

/// All metrics, and the registry the HTTP endpoint encodes.
pub(crate) struct Metrics {
    pub(crate) registry: Arc<Mutex<Registry>>,
    pub(crate) libp2p: libp2p::metrics::Metrics,
    pub(crate) tripot: TripotMetrics,
}

impl Metrics {
    /// Creates the metrics; `registry` already holds the transport's bandwidth metrics.
    pub(crate) fn new(mut registry: Registry) -> Self {
        let libp2p = libp2p::metrics::Metrics::new(registry.sub_registry_with_prefix("libp2p"));
        let tripot = TripotMetrics {
            rooms: Gauge::default(),
            rooms_opened: Counter::default(),
            room_lookups: Family::default(),
            lobby_tables: Gauge::default(),
            discovered: Counter::default(),
            quick_waiting: Gauge::default(),
            lobby_games: Counter::default(),
            quick_matches: Counter::default(),
            reservations: Gauge::default(),
            circuits: Gauge::default(),
            circuits_total: Counter::default(),
            connections: Gauge::default(),
            denials: Family::default(),
        };
        let r = registry.sub_registry_with_prefix("tripot");
        r.register("rooms", "Private rooms open in the room directory", tripot.rooms.clone());
        r.register("rooms_opened", "Private rooms opened", tripot.rooms_opened.clone());
        r.register("room_lookups", "Room directory lookups by result", tripot.room_lookups.clone());
        r.register("lobby_tables", "Open lobby tables registered (rendezvous)", tripot.lobby_tables.clone());
        r.register(
            "rendezvous_discovered",
            "Registrations returned by rendezvous discovers (what listings read)",
            tripot.discovered.clone(),
        );
        r.register("quick_waiting", "Quick-match seekers waiting to be paired", tripot.quick_waiting.clone());
        r.register(
            "lobby_games",
            "Lobby tables closed by their host (game started or left)",
            tripot.lobby_games.clone(),
        );
        r.register(
            "quick_matches",
            "Quick-match pairings made (one game each)",
            tripot.quick_matches.clone(),
        );
        r.register(
            "reservations",
            "Relay reservations held (players reachable through the relay)",
            tripot.reservations.clone(),
        );
        r.register("circuits", "Relayed connections open now (relayed games)", tripot.circuits.clone());
        r.register("circuits_opened", "Relayed connections opened", tripot.circuits_total.clone());
        r.register("connections", "Connections established now", tripot.connections.clone());
        r.register(
            "denials",
            "Refusals by what was refused (reservation, circuit, lobby_registration, room_lookup) and why",
            tripot.denials.clone(),
        );
        Metrics { registry: Arc::new(Mutex::new(registry)), libp2p, tripot }
    }
}

/// Encodes the registry in the Prometheus text format.
pub(crate) fn encode(registry: &Mutex<Registry>) -> String {
    let mut out = String::new();
    let registry = match registry.lock() {
        Ok(r) => r,
        Err(poisoned) => poisoned.into_inner(),
    };
    if prometheus_client::encoding::text::encode(&mut out, &registry).is_err() {
        out.clear();
    }
    out
}
