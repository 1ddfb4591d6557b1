//! The running node: builds the swarm, listens, then serves until told to stop.

mod relay_events;
mod requests;

use crate::behaviour::{RelayBehaviour, RelayBehaviourEvent};
use crate::denials::{Denials, Denied};
use crate::directory::Registry;
use crate::directory::quick_desk::QuickDesk;
use crate::http::{self, HttpState};
use crate::ip_limits::{IpLimitExceeded, ip_of};
use crate::lobby::Lobby;
use crate::metrics::Metrics;
use crate::ratings::desk::RatingsDesk;
use crate::ratings::{self, RatingsConfig, RatingsService};
use crate::{Limits, Options, RelayError};
use futures::StreamExt;
use libp2p::core::transport::ListenerId;
use libp2p::identity::Keypair;
use libp2p::metrics::Recorder;
use libp2p::multiaddr::Protocol;
use libp2p::swarm::{ConnectionId, ListenError, SwarmEvent};
use libp2p::{Multiaddr, PeerId, Swarm, mdns, noise, tcp, yamux};
use prometheus_client::registry::Registry as PromRegistry;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// How long the listeners may take to report their addresses at start.
const LISTEN_TIMEOUT: Duration = Duration::from_secs(10);
/// Quiet time after the last listen address before the addresses are printed.
const SETTLE: Duration = Duration::from_millis(150);
/// How often expired rooms are swept.
const SWEEP_EVERY: Duration = Duration::from_secs(5);
/// How often lapsed quick-match holds are answered.
const QUICK_SWEEP_EVERY: Duration = Duration::from_millis(250);

/// Starts relay nodes.
#[derive(Debug)]
pub struct Relay;

/// A running relay: its addresses, and the way to stop it.
#[derive(Debug)]
pub struct RelayHandle {
    peer_id: PeerId,
    addresses: Vec<Multiaddr>,
    http: Option<SocketAddr>,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<()>,
}

impl RelayHandle {
    /// The relay's peer id.
    pub fn peer_id(&self) -> PeerId {
        self.peer_id
    }

    /// The addresses to give to players, each ending in `/p2p/<peer id>`: the announced ones,
    /// or the listened ones when none was announced.
    pub fn addresses(&self) -> &[Multiaddr] {
        &self.addresses
    }

    /// Where `/health` and `/metrics` are served, if they are.
    pub fn http_address(&self) -> Option<SocketAddr> {
        self.http
    }

    /// Stops the node: listeners closed, connections dropped. Returns when it has stopped.
    pub async fn shutdown(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = (&mut self.task).await;
    }
}

impl Relay {
    /// Starts a node as the flags say.
    pub async fn start(options: &Options) -> Result<RelayHandle, RelayError> {
        let keypair = options.keypair()?;
        let addresses =
            Addresses { listen: &options.listen, announce: &options.announce, http: options.http };
        let ratings = match options.ratings() {
            Some(config) => Some((ratings::open(&config)?, config)),
            None => None,
        };
        Relay::launch(keypair, addresses, options.limits(), options.mdns, ratings).await
    }

    /// Starts a node with an explicit identity, addresses and limits.
    pub async fn start_with(
        keypair: Keypair,
        listen: &[Multiaddr],
        announce: &[Multiaddr],
        limits: Limits,
        http: Option<SocketAddr>,
    ) -> Result<RelayHandle, RelayError> {
        Relay::launch(keypair, Addresses { listen, announce, http }, limits, false, None).await
    }

    async fn launch(
        keypair: Keypair,
        Addresses { listen, announce, http }: Addresses<'_>,
        limits: Limits,
        mdns_on: bool,
        ratings: Option<(Arc<dyn RatingsService>, RatingsConfig)>,
    ) -> Result<RelayHandle, RelayError> {
        if listen.is_empty() {
            return Err(RelayError::NoListenAddress);
        }
        let peer_id = keypair.public().to_peer_id();
        let mut prom = PromRegistry::default();
        let swarm_limits = limits.clone();
        let idle = limits.idle_connection_timeout;
        let mut swarm = libp2p::SwarmBuilder::with_existing_identity(keypair)
            .with_tokio()
            .with_tcp(tcp::Config::default().nodelay(true), noise::Config::new, yamux::Config::default)
            .map_err(|e| RelayError::Transport(e.to_string()))?
            .with_quic()
            .with_bandwidth_metrics(&mut prom)
            .with_behaviour(|key| {
                let mdns = if mdns_on {
                    Some(mdns::tokio::Behaviour::new(mdns::Config::default(), key.public().to_peer_id())?)
                } else {
                    None
                };
                Ok(RelayBehaviour::new(key, &swarm_limits, mdns, ratings.is_some()))
            })
            .map_err(|e| RelayError::Transport(e.to_string()))?
            .with_swarm_config(|c| c.with_idle_connection_timeout(idle))
            .build();

        let mut listeners = HashMap::new();
        for addr in listen {
            let id = swarm
                .listen_on(addr.clone())
                .map_err(|e| RelayError::Listen { addr: addr.clone(), reason: e.to_string() })?;
            listeners.insert(id, addr.clone());
        }
        // The relay server refuses every reservation until it has a confirmed external
        // address. Only the operator's word counts: what peers observe is never trusted.
        for addr in announce {
            swarm.add_external_address(addr.clone());
        }

        let metrics = Metrics::new(prom);
        let http = match http {
            Some(addr) => {
                let listener = tokio::net::TcpListener::bind(addr)
                    .await
                    .map_err(|source| RelayError::Http { addr, source })?;
                let bound = listener.local_addr().map_err(|source| RelayError::Http { addr, source })?;
                let state = HttpState {
                    registry: metrics.registry.clone(),
                    peer_id: peer_id.to_string(),
                    ratings: ratings.as_ref().map(|(service, _)| Arc::clone(service)),
                };
                Some((bound, tokio::spawn(http::serve(listener, state))))
            }
            None => None,
        };

        let ratings = match ratings {
            Some((service, config)) => Some(
                RatingsDesk::start(service, &config, metrics.tripot.ratings_answers.clone())
                    .map_err(|e| RelayError::Ratings { path: config.db.clone(), reason: e.to_string() })?,
            ),
            None => None,
        };
        let mut node = Node {
            swarm,
            announced: !announce.is_empty(),
            pending_listeners: listeners,
            listen_addrs: Vec::new(),
            registry: Registry::new(limits.rooms, Instant::now()),
            room_ttl_max: limits.rooms.max_ttl,
            connection_ips: HashMap::new(),
            lobby: Lobby::new(limits.rendezvous_limits()),
            denials: Denials::new(metrics.tripot.denials.clone()),
            quick: QuickDesk::new(
                limits.quick_max_waiting,
                (limits.quick_max_per_ip > 0).then_some(limits.quick_max_per_ip),
                limits.quick_hold,
            ),
            reservations: HashMap::new(),
            circuits: HashMap::new(),
            ratings,
            metrics,
        };
        let deadline = tokio::time::Instant::now() + LISTEN_TIMEOUT;
        while !node.pending_listeners.is_empty() {
            match tokio::time::timeout_at(deadline, node.swarm.select_next_some()).await {
                Ok(event) => node.handle(event)?,
                Err(_) => {
                    let addr =
                        node.pending_listeners.values().next().cloned().unwrap_or_else(Multiaddr::empty);
                    return Err(RelayError::Listen { addr, reason: "no address reported in time".into() });
                }
            }
        }
        // A listener on 0.0.0.0 reports one address per interface, in a burst: collect it.
        let settle_end = tokio::time::Instant::now() + SETTLE * 8;
        while tokio::time::Instant::now() < settle_end {
            match tokio::time::timeout(SETTLE, node.swarm.select_next_some()).await {
                Ok(event) => node.handle(event)?,
                Err(_) => break,
            }
        }
        let base = if announce.is_empty() { node.listen_addrs.clone() } else { announce.to_vec() };
        let addresses = base.into_iter().map(|a| with_peer_id(a, peer_id)).collect();

        let (stop_tx, stop_rx) = oneshot::channel();
        let http_addr = http.as_ref().map(|(addr, _)| *addr);
        let http_task = http.map(|(_, task)| task);
        let task = tokio::spawn(async move {
            node.run(stop_rx).await;
            if let Some(task) = http_task {
                task.abort();
            }
        });
        Ok(RelayHandle { peer_id, addresses, http: http_addr, stop: Some(stop_tx), task })
    }
}

/// Where a node listens, what it announces, where it serves HTTP.
struct Addresses<'a> {
    listen: &'a [Multiaddr],
    announce: &'a [Multiaddr],
    http: Option<SocketAddr>,
}

fn with_peer_id(addr: Multiaddr, peer_id: PeerId) -> Multiaddr {
    match addr.iter().last() {
        Some(Protocol::P2p(_)) => addr,
        _ => addr.with(Protocol::P2p(peer_id)),
    }
}

fn gauge_count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

struct Node {
    swarm: Swarm<RelayBehaviour>,
    announced: bool,
    pending_listeners: HashMap<ListenerId, Multiaddr>,
    listen_addrs: Vec<Multiaddr>,
    registry: Registry,
    room_ttl_max: Duration,
    connection_ips: HashMap<ConnectionId, IpAddr>,
    /// Rendezvous registrations, lobby tables among them.
    lobby: Lobby,
    /// Refusals: counted, and logged sparingly.
    denials: Denials,
    quick: QuickDesk,
    /// Reservations held, per peer. libp2p reports `ReservationClosed` for every closed
    /// connection, reservation or not, so the gauge follows this map instead.
    reservations: HashMap<PeerId, usize>,
    /// Circuits open, per (source, destination). libp2p may report one circuit closed twice
    /// (once per side's connection), so a closing only counts for a circuit still open here.
    circuits: HashMap<(PeerId, PeerId), usize>,
    /// The ratings service's desk, when it runs (`--ratings`).
    ratings: Option<RatingsDesk>,
    metrics: Metrics,
}

/// The next answer of the ratings service; never, when it does not run.
async fn next_ratings_answer(desk: &mut Option<RatingsDesk>) -> Option<(u64, tripot_ratings_wire::Response)> {
    match desk {
        Some(desk) => desk.next_answer().await,
        None => std::future::pending().await,
    }
}

impl Node {
    async fn run(mut self, mut stop: oneshot::Receiver<()>) {
        let mut sweep = tokio::time::interval(SWEEP_EVERY);
        let mut quick_sweep = tokio::time::interval(QUICK_SWEEP_EVERY);
        loop {
            tokio::select! {
                event = self.swarm.select_next_some() => {
                    if let Err(e) = self.handle(event) {
                        tracing::warn!("{e}");
                    }
                }
                _ = sweep.tick() => {
                    let now = Instant::now();
                    let expired = self.registry.expire(now);
                    if expired > 0 {
                        tracing::debug!(expired, "rooms expired");
                    }
                    self.update_room_gauge();
                    let expired = self.lobby.expire(now);
                    if expired > 0 {
                        tracing::debug!(expired, "rendezvous registrations expired");
                    }
                    self.update_lobby_gauge();
                    if let Some(desk) = &self.ratings {
                        desk.sweep();
                    }
                }
                Some((id, response)) = next_ratings_answer(&mut self.ratings) => {
                    if let (Some(desk), Some(behaviour)) =
                        (&mut self.ratings, self.swarm.behaviour_mut().ratings.as_mut())
                    {
                        desk.answered(behaviour, id, response);
                    }
                }
                _ = quick_sweep.tick() => {
                    self.quick.sweep(&mut self.swarm.behaviour_mut().directory, Instant::now());
                    self.update_quick_gauge();
                }
                _ = &mut stop => break,
            }
        }
        tracing::info!("shutting down");
        let listeners: Vec<ListenerId> = self.pending_listeners.keys().copied().collect();
        for id in listeners {
            self.swarm.remove_listener(id);
        }
        let peers: Vec<PeerId> = self.swarm.connected_peers().copied().collect();
        for peer in peers {
            let _ = self.swarm.disconnect_peer_id(peer);
        }
    }

    fn update_room_gauge(&self) {
        self.metrics.tripot.rooms.set(i64::try_from(self.registry.len()).unwrap_or(i64::MAX));
    }

    fn update_lobby_gauge(&self) {
        self.metrics.tripot.lobby_tables.set(gauge_count(self.lobby.tables()));
    }

    fn update_quick_gauge(&self) {
        self.metrics.tripot.quick_waiting.set(i64::try_from(self.quick.waiting()).unwrap_or(i64::MAX));
    }

    fn handle(&mut self, event: SwarmEvent<RelayBehaviourEvent>) -> Result<(), RelayError> {
        self.metrics.libp2p.record(&event);
        match event {
            SwarmEvent::NewListenAddr { listener_id, address } => {
                tracing::info!(%address, "listening");
                if !self.announced {
                    // Without announced addresses, the addresses we listen on are our own by
                    // construction (never what a peer claims to see).
                    self.swarm.add_external_address(address.clone());
                }
                self.listen_addrs.push(address);
                self.pending_listeners.remove(&listener_id);
            }
            SwarmEvent::ExpiredListenAddr { address, .. } => {
                self.listen_addrs.retain(|a| *a != address);
                if !self.announced {
                    self.swarm.remove_external_address(&address);
                }
            }
            SwarmEvent::ListenerError { error, .. } => tracing::warn!("listener error: {error}"),
            SwarmEvent::ListenerClosed { listener_id, reason, addresses } => {
                if let Some(addr) = self.pending_listeners.remove(&listener_id) {
                    let reason = match reason {
                        Ok(()) => "closed".to_owned(),
                        Err(e) => e.to_string(),
                    };
                    return Err(RelayError::Listen { addr, reason });
                }
                tracing::warn!(?addresses, "listener closed");
            }
            SwarmEvent::ConnectionEstablished { peer_id, connection_id, endpoint, .. } => {
                tracing::debug!(%peer_id, addr = %endpoint.get_remote_address(), "connected");
                if let Some(ip) = ip_of(endpoint.get_remote_address()) {
                    self.connection_ips.insert(connection_id, ip);
                }
                self.metrics.tripot.connections.inc();
            }
            SwarmEvent::ConnectionClosed { peer_id, connection_id, num_established, .. } => {
                self.connection_ips.remove(&connection_id);
                self.metrics.tripot.connections.dec();
                if num_established == 0 {
                    if let Some(held) = self.reservations.remove(&peer_id) {
                        self.metrics.tripot.reservations.dec_by(gauge_count(held));
                    }
                    self.reservation_gone(&peer_id);
                    self.quick.left(&peer_id);
                    self.update_quick_gauge();
                }
            }
            SwarmEvent::IncomingConnectionError { error, send_back_addr, .. } => {
                if let ListenError::Denied { cause } = &error
                    && let Some(exceeded) = cause.downcast_ref::<IpLimitExceeded>()
                {
                    self.denials.record(exceeded.ip(), Denied::Connection, exceeded.label(), Instant::now());
                }
                tracing::debug!(%send_back_addr, "incoming connection refused: {error}");
            }
            SwarmEvent::Behaviour(event) => self.on_behaviour(event),
            _ => {}
        }
        Ok(())
    }

    fn on_behaviour(&mut self, event: RelayBehaviourEvent) {
        match event {
            RelayBehaviourEvent::Relay(event) => {
                self.metrics.libp2p.record(&event);
                self.on_relay(event);
            }
            RelayBehaviourEvent::Rendezvous(event) => self.on_rendezvous(event),
            RelayBehaviourEvent::Directory(event) => self.on_directory(event),
            RelayBehaviourEvent::Ratings(event) => self.on_ratings(event),
            RelayBehaviourEvent::Identify(event) => self.metrics.libp2p.record(&event),
            RelayBehaviourEvent::Ping(event) => self.metrics.libp2p.record(&event),
            // The relay only announces itself; whom it hears of on the LAN does not matter.
            RelayBehaviourEvent::Mdns(event) => tracing::trace!(?event, "mdns"),
            RelayBehaviourEvent::ConnectionLimits(never) | RelayBehaviourEvent::MemoryLimits(never) => {
                match never {}
            }
        }
    }
}
