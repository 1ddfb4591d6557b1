//! The driver: one tokio task per online session. It owns the swarm and the session, runs the
//! event loop, and dispatches each event to the part of the driver whose job it is.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use futures::StreamExt as _;
use libp2p::identity::Keypair;
use libp2p::swarm::SwarmEvent;
use libp2p::{Multiaddr, PeerId, Stream, Swarm, multiaddr::Protocol};
use tokio::sync::mpsc;
use tripot_protocol::{GameId, Message, Role};

use super::autosave::Autosave;
use super::game_stream::GameStream;
use super::handle::Command;
use super::rooms::Rooms;
use super::{NetEvent, NetWarning, OnlineConfig, OnlineError, Start, link, path, peer_of, relay};
use crate::driver_task;
use crate::event::SessionEvent;
use crate::room::handshake;
use crate::room::private_room as room;
use crate::session::Session;
use crate::swarm::{self, Behaviour, BehaviourEvent, game_protocol};
use crate::transport::{LinkEvent, QueueTransport};

/// The opponent as the driver knows it.
#[derive(Debug, Default)]
pub(super) struct Opponent {
    /// Its peer id, once known (a host learns it from the first hello).
    pub(super) peer: Option<PeerId>,
    /// Where a reconnection dials it.
    pub(super) addrs: Vec<Multiaddr>,
    /// Listen addresses peers announced through identify (bounded; the guest may identify
    /// before it says hello).
    pub(super) identified: HashMap<PeerId, Vec<Multiaddr>>,
}

/// How long a session that left on purpose stays up for its last word to go out.
const LEAVING_LINGER: Duration = Duration::from_millis(300);

pub(super) struct Driver {
    pub(super) swarm: Swarm<Behaviour>,
    pub(super) session: Session<QueueTransport>,
    pub(super) role: Role,
    pub(super) local_peer: PeerId,
    pub(super) events: mpsc::UnboundedSender<NetEvent>,
    pub(super) opponent: Opponent,
    /// Our own listen addresses, as saved for a restarted host.
    pub(super) listen_addrs: Vec<Multiaddr>,
    /// The game stream: its life, its drops, its reopening.
    pub(super) stream: GameStream,
    pub(super) autosave: Autosave,
    /// Since when a host waits for a guest (told to LAN probes).
    pub(super) waiting_since: Instant,
    /// Direct or relayed: the connections to the opponent, the move to a hole-punched one.
    pub(super) path: path::PathTracker,
    /// The relay link and the private room, if any.
    pub(super) rooms: Rooms,
    /// The session cannot go on (a room failed, the host refused us for good): the driver
    /// stops after reporting why.
    pub(super) stopped: bool,
    /// The interface left the game on purpose (see [`LEAVING_LINGER`]).
    pub(super) leaving: bool,
    /// The relay signed results are submitted to (the relay in use, if any).
    pub(super) ratings_relay: Option<Multiaddr>,
}

/// What the event loop listens to besides the swarm.
pub(super) struct Inputs {
    /// Host: incoming game streams.
    incoming: Option<libp2p_stream::IncomingStreams>,
    link_rx: mpsc::Receiver<link::Tagged>,
    opened_rx: mpsc::Receiver<(PeerId, Result<Stream, String>)>,
    command_rx: mpsc::UnboundedReceiver<Command>,
    /// Host of a room: proof streams to check.
    proofs: Option<libp2p_stream::IncomingStreams>,
    /// Both sides of a room: finished proof handshakes.
    proof_rx: mpsc::Receiver<room::ProofResult>,
}

/// A driver built and not running yet, with the user interface's ends of its channels.
pub(super) type Ready = driver_task::Ready<NetEvent, Command>;

/// Who we are in this session and whom we know already, from what to do.
struct Plan {
    role: Role,
    opponent: Option<PeerId>,
    addrs: Vec<Multiaddr>,
    /// A resumed game whose opener was drawn: rematches draw again.
    random_opener: bool,
}

impl Plan {
    fn new(start: &Start, config: &mut OnlineConfig) -> Plan {
        let random_opener = matches!(start, Start::Resume(saved) if saved.random_opener);
        let (role, opponent, addrs) = match start {
            Start::Host(_) | Start::HostRoom { .. } => (Role::Host, None, Vec::new()),
            Start::Join(addr) => (Role::Guest, peer_of(addr), vec![addr.clone()]),
            Start::JoinRoom(_) => (Role::Guest, None, Vec::new()),
            Start::Resume(saved) => {
                if saved.game.role == Role::Host && !saved.listen_addrs.is_empty() {
                    // Listen where the guest knows us; fall back to the configured addresses.
                    let mut listen = saved.listen_addrs.clone();
                    listen.extend(config.net.listen.iter().cloned());
                    config.net.listen = listen;
                }
                (saved.game.role, PeerId::from_bytes(&saved.game.peer_id).ok(), saved.peer_addrs.clone())
            }
        };
        if role == Role::Host {
            // A relayed listen address (a saved game's, or `<relay>/p2p-circuit` asked by the
            // caller) is the relay link's job: it reserves again by itself after a relay restart.
            if config.net.relay.is_none() {
                config.net.relay = config.net.listen.iter().find_map(relay::RelayLink::relay_of);
            }
            config.net.listen.retain(|addr| !relay::RelayLink::is_circuit(addr));
        }
        Plan { role, opponent, addrs, random_opener }
    }
}

/// The session for what to do.
fn new_session(
    start: Start,
    config: &OnlineConfig,
    local_peer: PeerId,
    random_opener: bool,
) -> Session<QueueTransport> {
    let now = Instant::now();
    let (transport, session, local) = (QueueTransport::new(), config.session.clone(), local_peer.to_bytes());
    match start {
        Start::Host(offer) | Start::HostRoom { offer, .. } => {
            Session::host(transport, session, offer, GameId(rand::random()), local, now)
        }
        Start::Join(_) | Start::JoinRoom(_) => Session::guest(transport, session, local, now),
        Start::Resume(saved) => {
            Session::resume(transport, session, saved.game, local, now).opener_drawn(random_opener)
        }
    }
}

impl Driver {
    /// Builds the swarm, the session and the relay and room parts for `start`; a guest given
    /// an address dials it at once.
    pub(super) fn build(
        keypair: Keypair,
        mut config: OnlineConfig,
        start: Start,
    ) -> Result<Ready, OnlineError> {
        let local_peer = keypair.public().to_peer_id();
        if config.sign_results {
            config.session.signer = Some(crate::session::ResultSigner::new(keypair.clone()));
        }
        let plan = Plan::new(&start, &mut config);
        let (proof_tx, proof_rx) = mpsc::channel(16);
        let rooms = Rooms::new(&start, &config, plan.role, proof_tx)?;
        let mut swarm = swarm::build(keypair, &config.net)?;
        if let (Role::Guest, None, Some(addr)) = (plan.role, plan.opponent, plan.addrs.first()) {
            swarm
                .dial(addr.clone())
                .map_err(|e| OnlineError::Dial { addr: addr.clone(), reason: e.to_string() })?;
        }
        let incoming = (plan.role == Role::Host)
            .then(|| swarm.behaviour().stream.new_control().accept(game_protocol()).ok())
            .flatten();
        let proofs = rooms
            .host
            .is_some()
            .then(|| swarm.behaviour().stream.new_control().accept(handshake::PROTOCOL).ok())
            .flatten();
        let (events, events_rx) = mpsc::unbounded_channel();
        let (commands, command_rx) = mpsc::unbounded_channel();
        let (link_tx, link_rx) = mpsc::channel(64);
        let (opened_tx, opened_rx) = mpsc::channel(4);
        let session = new_session(start, &config, local_peer, plan.random_opener);
        let ratings_relay = config.net.relay.clone();
        let driver = Driver {
            swarm,
            session,
            role: plan.role,
            local_peer,
            events,
            opponent: Opponent { peer: plan.opponent, addrs: plan.addrs, identified: HashMap::new() },
            listen_addrs: Vec::new(),
            stream: GameStream::new(link_tx, opened_tx),
            autosave: Autosave::new(config.save, plan.random_opener),
            waiting_since: Instant::now(),
            path: path::PathTracker::default(),
            rooms,
            stopped: false,
            leaving: false,
            ratings_relay,
        };
        let inputs = Inputs { incoming, link_rx, opened_rx, command_rx, proofs, proof_rx };
        let local_peer = driver.local_peer;
        Ok(Ready::new(driver.run(inputs), local_peer, events_rx, commands))
    }

    async fn run(mut self, mut inputs: Inputs) {
        let mut tick = tokio::time::interval(Duration::from_millis(200));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                event = self.swarm.select_next_some() => self.on_swarm(event),
                Some((peer, stream)) = next_incoming(&mut inputs.incoming) => self.on_incoming(peer, stream),
                Some((generation, event)) = inputs.link_rx.recv() => self.on_link(generation, event),
                Some((peer, result)) = inputs.opened_rx.recv() => self.on_opened(peer, result),
                command = inputs.command_rx.recv() => match command {
                    Some(command) => self.on_command(command),
                    // The interface is gone: stop. After a leave on purpose, a moment first
                    // for the word to reach the peer (the step above handed it to the writer).
                    None => {
                        if self.leaving {
                            tokio::time::sleep(LEAVING_LINGER).await;
                        }
                        return;
                    }
                },
                Some((peer, stream)) = next_incoming(&mut inputs.proofs) => {
                    if let Some(room) = &mut self.rooms.host {
                        room.on_proof_stream(self.local_peer, peer, stream);
                    }
                }
                Some(result) = inputs.proof_rx.recv() => self.on_proof_result(result),
                _ = tick.tick() => {}
            }
            self.step();
            if self.stopped {
                return;
            }
        }
    }

    pub(super) fn emit(&self, event: NetEvent) {
        let _ = self.events.send(event);
    }

    /// Polls the session, moves its messages to the stream, saves, reports, reconnects.
    pub(super) fn step(&mut self) {
        let now = Instant::now();
        let mut events = self.session.poll(now);
        events.extend(self.session.take_events());
        // Messages first: a refusal must reach the peer before its link is dropped.
        let outgoing: Vec<Message> = self.session.transport_mut().take_outgoing().collect();
        if let Some((_, writer)) = &self.stream.current {
            let stuck = outgoing.into_iter().any(|m| !writer.send(m));
            if stuck {
                self.drop_link(true);
                self.session.transport_mut().deliver(LinkEvent::Down);
            }
        }
        if self.session.transport_mut().take_close_request() {
            self.drop_link(true);
        }
        self.disconnect_when_due(now);
        self.save_if_changed();
        self.expire_candidates(now);
        for event in self.path.filter(self.opponent.peer, events, now) {
            let signed = match &event {
                SessionEvent::ResultSigned(signed) => Some(signed.clone()),
                _ => None,
            };
            self.emit(NetEvent::Session(event));
            if let Some(signed) = signed {
                self.on_result_signed(&signed);
            }
        }
        // The host refused us for good: the reason has been reported, nothing more to do.
        if self.session.gave_up() {
            self.stopped = true;
            return;
        }
        self.follow_path();
        self.step_relay(now);
        self.reconnect(now);
    }

    fn on_command(&mut self, command: Command) {
        let now = Instant::now();
        let result = match command {
            Command::Play(text) => self.session.play_text(&text, now),
            Command::Resign => self.session.resign(now),
            Command::Claim => self.session.claim(now),
            Command::OfferRematch => self.session.offer_rematch(now),
            Command::AnswerRematch(accept) => self.session.answer_rematch(accept, now),
            Command::Leave => {
                self.session.leave(now);
                self.leaving = true;
                Ok(())
            }
        };
        if let Err(error) = result {
            self.emit(NetEvent::LocalError(error));
        }
    }

    fn on_swarm(&mut self, event: SwarmEvent<BehaviourEvent>) {
        // The relay link and the room see every event first; what is theirs stops there.
        if self.rooms_on_swarm(&event) {
            return;
        }
        match event {
            SwarmEvent::NewListenAddr { address, .. } => self.on_listening(address),
            SwarmEvent::ConnectionEstablished { peer_id, connection_id, endpoint, .. } => {
                self.path.opened(connection_id, peer_id, endpoint.is_relayed());
                if self.role == Role::Guest && self.opponent.peer.is_none() {
                    self.opponent.peer = Some(peer_id);
                }
                if Some(peer_id) == self.opponent.peer && endpoint.is_dialer() {
                    let addr = endpoint.get_remote_address().clone();
                    if !self.opponent.addrs.contains(&addr) {
                        self.opponent.addrs.insert(0, addr);
                    }
                }
            }
            SwarmEvent::ConnectionClosed { connection_id, .. } => self.path.closed(connection_id),
            // Hole punching dials while the relayed connection is up: its misses are no news.
            SwarmEvent::OutgoingConnectionError { peer_id: Some(peer), error, .. }
                if self.swarm.is_connected(&peer) =>
            {
                tracing::debug!(%peer, %error, "a further dial failed");
            }
            SwarmEvent::Behaviour(BehaviourEvent::Dcutr(event)) => {
                tracing::debug!(peer = %event.remote_peer_id, result = ?event.result, "hole punching");
            }
            SwarmEvent::OutgoingConnectionError { error, .. } => {
                let cause = super::DialCause::of(&error);
                self.emit(NetEvent::Warning(NetWarning::DialFailed { cause, detail: error.to_string() }));
            }
            SwarmEvent::Behaviour(BehaviourEvent::Identify(libp2p::identify::Event::Received {
                peer_id,
                info,
                ..
            })) => self.on_identified(peer_id, info.listen_addrs),
            SwarmEvent::Behaviour(BehaviourEvent::Ping(event)) => {
                swarm::close_if_ping_failed(&mut self.swarm, &event);
            }
            _ => {}
        }
    }

    /// A new address to share, with our peer id.
    fn on_listening(&mut self, address: Multiaddr) {
        self.listen_addrs.push(address.clone());
        // Relayed addresses already end with our peer id.
        let full = if peer_of(&address) == Some(self.local_peer) {
            address
        } else {
            address.with(Protocol::P2p(self.local_peer))
        };
        self.emit(NetEvent::Listening(full));
    }

    /// A peer's listen addresses, kept for every peer (bounded): the guest may identify before
    /// it says hello.
    fn on_identified(&mut self, peer: PeerId, addrs: Vec<Multiaddr>) {
        if self.opponent.identified.len() >= 32 {
            self.opponent.identified.clear();
        }
        self.opponent.identified.insert(peer, addrs.into_iter().take(8).collect());
        self.learn_peer_addrs();
    }
}

async fn next_incoming(incoming: &mut Option<libp2p_stream::IncomingStreams>) -> Option<(PeerId, Stream)> {
    match incoming {
        Some(streams) => streams.next().await,
        None => std::future::pending().await,
    }
}
