//! The async driver: runs a [`Session`] over a libp2p game stream on a tokio task, and gives the
//! user interface a [`SessionHandle`] (commands in, [`NetEvent`]s out).
//!
//! The guest always opens the game stream; the host accepts it. After a drop either side may
//! dial the other (a restarted host dials the guest's last addresses), but only the guest opens
//! the new stream, so two streams never race. The host answers LAN probes on streams that start
//! with a query, and refuses strangers while a game is on.
//!
//! With a relay ([`NetConfig::relay`]) a host also holds a reservation on it (reachable through
//! `<relay>/p2p-circuit`), kept by itself across relay restarts ([`RelayState`]). Private rooms
//! ([`Start::HostRoom`], [`Start::JoinRoom`]) meet through the relay's directory and a proof of
//! the code before the game stream opens ([`RoomEvent`]).

mod lan;
mod link;
pub mod matchmaking;
mod path;
mod relay;
mod relay_on_lan;
mod room;

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use futures::StreamExt as _;
use libp2p::identity::Keypair;
use libp2p::swarm::SwarmEvent;
use libp2p::swarm::dial_opts::DialOpts;
use libp2p::{Multiaddr, PeerId, Stream, Swarm, multiaddr::Protocol};
use tokio::sync::mpsc;
use tripot_engine::Notation;
use tripot_protocol::{GameId, Message, Reject, RejectReason, Role};

pub use lan::{LanHost, browse};
pub use path::GamePath;
pub use relay::{RelayAddrError, RelayState};
pub use relay_on_lan::{find_lan_relay, is_relay_agent};
pub use room::{RoomError, RoomEvent};

use crate::event::SessionEvent;
use crate::room::{RoomCode, handshake};
use crate::saved_game::{SaveError, SavedGame};
use crate::session::{LocalError, Offer, Session, SessionConfig, rematch_save_path};
use crate::swarm::{self, Behaviour, BehaviourEvent, NetConfig, SwarmError, game_protocol};
use crate::transport::{LinkEvent, QueueTransport};

/// Everything an online game needs besides what to play.
#[derive(Debug, Clone)]
pub struct OnlineConfig {
    /// Session timings and the player's name.
    pub session: SessionConfig,
    /// Network settings.
    pub net: NetConfig,
    /// Where to save the game after every move (none: not saved).
    pub save: Option<PathBuf>,
}

/// What to do.
#[derive(Debug, Clone)]
pub enum Start {
    /// Offer a new game and wait for a guest.
    Host(Offer),
    /// Join the host at this address.
    Join(Multiaddr),
    /// Resume a saved game.
    Resume(Box<SavedGame>),
    /// Offer a new game in a private room on the relay: only a guest who proves it knows
    /// `code` may join.
    HostRoom {
        /// What to play.
        offer: Offer,
        /// The room's code (from [`RoomCode::random`]).
        code: RoomCode,
    },
    /// Join the private room with this code, through the relay.
    JoinRoom(RoomCode),
}

/// What the driver reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NetEvent {
    /// A new address to share (with the `/p2p/` peer id).
    Listening(Multiaddr),
    /// A session event.
    Session(SessionEvent),
    /// A local action was refused.
    LocalError(LocalError),
    /// The game was saved (its ply count then).
    Saved(u32),
    /// Something went wrong that does not end the session (a save failure, a failed dial).
    Warning(String),
    /// The game's path to the opponent, when it is known or changes: direct, or through the
    /// relay (where hole punching failed).
    Path(GamePath),
    /// The link to the relay changed.
    Relay(RelayState),
    /// A private room's news; after [`RoomEvent::Failed`] the session stops.
    Room(RoomEvent),
}

/// Commands to the driver.
#[derive(Debug)]
enum Command {
    Play(Notation),
    Resign,
    Claim,
    OfferRematch,
    AnswerRematch(bool),
}

/// The user interface's side of a running online session.
#[derive(Debug)]
pub struct SessionHandle {
    events: mpsc::UnboundedReceiver<NetEvent>,
    commands: mpsc::UnboundedSender<Command>,
    local_peer: PeerId,
    task: tokio::task::JoinHandle<()>,
}

impl SessionHandle {
    /// The next event; `None` once the driver stopped.
    pub async fn next_event(&mut self) -> Option<NetEvent> {
        self.events.recv().await
    }

    /// An event if one is ready (for a UI that polls on its own ticks).
    pub fn try_event(&mut self) -> Option<NetEvent> {
        self.events.try_recv().ok()
    }

    /// Plays a local move.
    pub fn play(&self, notation: Notation) {
        let _ = self.commands.send(Command::Play(notation));
    }

    /// Resigns.
    pub fn resign(&self) {
        let _ = self.commands.send(Command::Resign);
    }

    /// Claims the game after the grace period.
    pub fn claim(&self) {
        let _ = self.commands.send(Command::Claim);
    }

    /// Once the game is over: offers the opponent another game on this connection (accepts
    /// theirs if they offered first). Their answer comes as `RematchStarted` then `Connected`,
    /// or `RematchDeclined`; a refusal as [`NetEvent::LocalError`].
    pub fn offer_rematch(&self) {
        let _ = self.commands.send(Command::OfferRematch);
    }

    /// Answers the opponent's rematch offer (`SessionEvent::RematchOffered`).
    pub fn answer_rematch(&self, accept: bool) {
        let _ = self.commands.send(Command::AnswerRematch(accept));
    }

    /// This client's peer id.
    #[must_use]
    pub const fn local_peer(&self) -> PeerId {
        self.local_peer
    }
}

impl Drop for SessionHandle {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Why an online session could not start.
#[derive(Debug, thiserror::Error)]
pub enum OnlineError {
    /// The swarm.
    #[error(transparent)]
    Swarm(#[from] SwarmError),
    /// The save file.
    #[error(transparent)]
    Save(#[from] SaveError),
    /// A room needs a relay and none was given.
    #[error(
        "a private room needs a relay: give --relay MULTIADDR, set TRIPOT_RELAY, or put relay = \"/ip4/…/p2p/…\" in the config file"
    )]
    NoRelay,
    /// The relay's address has no peer id.
    #[error(transparent)]
    RelayAddr(#[from] RelayAddrError),
    /// The join address cannot be dialled.
    #[error("cannot dial {addr}: {reason}")]
    Dial {
        /// The address.
        addr: Multiaddr,
        /// Why.
        reason: String,
    },
}

/// Starts an online session on the current tokio runtime.
///
/// # Errors
/// [`OnlineError`] when the swarm cannot listen or the address cannot be dialled.
pub fn start(keypair: Keypair, mut config: OnlineConfig, start: Start) -> Result<SessionHandle, OnlineError> {
    let local_peer = keypair.public().to_peer_id();
    let now = Instant::now();
    let random_opener = matches!(&start, Start::Resume(saved) if saved.random_opener);
    let (role, target, saved_addrs) = match &start {
        Start::Host(_) | Start::HostRoom { .. } => (Role::Host, None, Vec::new()),
        Start::Join(addr) => (Role::Guest, peer_of(addr), vec![addr.clone()]),
        Start::JoinRoom(_) => (Role::Guest, None, Vec::new()),
        Start::Resume(saved) => {
            if saved.game.role == Role::Host && !saved.listen_addrs.is_empty() {
                // Listen where the guest knows us; fall back to the configured addresses below.
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
    let is_room = matches!(start, Start::HostRoom { .. } | Start::JoinRoom(_));
    if is_room && config.net.relay.is_none() {
        return Err(OnlineError::NoRelay);
    }
    // A host holds a reservation on the relay, if it has one; a guest only needs the relay for
    // a room (a relayed join address is dialled through the relay by itself).
    let relay = match &config.net.relay {
        Some(addr) if role == Role::Host || is_room => {
            Some(relay::RelayLink::new(addr.clone(), role == Role::Host)?)
        }
        _ => None,
    };
    let mut swarm = swarm::build(keypair, &config.net)?;
    let (proof_tx, proof_rx) = mpsc::channel(16);
    let (room, join) = match &start {
        Start::HostRoom { code, .. } => (Some(room::HostRoom::new(*code, proof_tx)), None),
        Start::JoinRoom(code) => (None, Some(room::JoinRoom::new(*code, proof_tx))),
        _ => (None, None),
    };
    let session = match start {
        Start::Host(offer) | Start::HostRoom { offer, .. } => Session::host(
            QueueTransport::new(),
            config.session.clone(),
            offer,
            GameId(rand::random()),
            local_peer.to_bytes(),
            now,
        ),
        Start::Join(_) | Start::JoinRoom(_) => {
            Session::guest(QueueTransport::new(), config.session.clone(), local_peer.to_bytes(), now)
        }
        Start::Resume(saved) => Session::resume(
            QueueTransport::new(),
            config.session.clone(),
            saved.game,
            local_peer.to_bytes(),
            now,
        )
        .opener_drawn(random_opener),
    };
    if let (Role::Guest, None, Some(addr)) = (role, target, saved_addrs.first()) {
        swarm
            .dial(addr.clone())
            .map_err(|e| OnlineError::Dial { addr: addr.clone(), reason: e.to_string() })?;
    }
    let incoming = if role == Role::Host {
        swarm.behaviour().stream.new_control().accept(game_protocol()).ok()
    } else {
        None
    };
    let proofs = if room.is_some() {
        swarm.behaviour().stream.new_control().accept(handshake::PROTOCOL).ok()
    } else {
        None
    };
    let (event_tx, events) = mpsc::unbounded_channel();
    let (commands, command_rx) = mpsc::unbounded_channel();
    let (link_tx, link_rx) = mpsc::channel(64);
    let (opened_tx, opened_rx) = mpsc::channel(4);
    let driver = Driver {
        swarm,
        session,
        role,
        target,
        peer_addrs: saved_addrs,
        listen_addrs: Vec::new(),
        save: config.save,
        random_opener,
        saved_at: None,
        events: event_tx,
        link_tx,
        opened_tx,
        generation: 0,
        current: None,
        candidates: HashMap::new(),
        opening: false,
        last_dial: None,
        waiting_since: now,
        local_peer,
        identified: HashMap::new(),
        pending_disconnect: None,
        path: path::PathTracker::default(),
        relay,
        room,
        join,
        stopped: false,
    };
    let task = tokio::spawn(driver.run(incoming, link_rx, opened_rx, command_rx, (proofs, proof_rx)));
    Ok(SessionHandle { events, commands, local_peer, task })
}

/// The peer id at the end of an address, if it has one: the last `/p2p/` (a relayed address,
/// `<relay>/p2p/<relay id>/p2p-circuit/p2p/<host id>`, names the relay first).
fn peer_of(addr: &Multiaddr) -> Option<PeerId> {
    addr.iter().filter_map(|p| if let Protocol::P2p(peer) = p { Some(peer) } else { None }).last()
}

struct Driver {
    swarm: Swarm<Behaviour>,
    session: Session<QueueTransport>,
    role: Role,
    /// The opponent, once known.
    target: Option<PeerId>,
    peer_addrs: Vec<Multiaddr>,
    listen_addrs: Vec<Multiaddr>,
    save: Option<PathBuf>,
    random_opener: bool,
    /// (game number, ply, over) at the last save.
    saved_at: Option<(u32, u32, bool)>,
    events: mpsc::UnboundedSender<NetEvent>,
    link_tx: mpsc::Sender<link::Tagged>,
    opened_tx: mpsc::Sender<(PeerId, Result<Stream, String>)>,
    generation: u64,
    current: Option<(u64, link::Writer)>,
    /// Host: streams whose first message is not known yet.
    candidates: HashMap<u64, Candidate>,
    /// Guest: a stream is being opened.
    opening: bool,
    last_dial: Option<Instant>,
    waiting_since: Instant,
    local_peer: PeerId,
    /// Connections to close soon: (peer, when).
    pending_disconnect: Option<(PeerId, Instant)>,
    /// Listen addresses peers announced through identify.
    identified: HashMap<PeerId, Vec<Multiaddr>>,
    /// Direct or relayed: the connections to the opponent, the move to a hole-punched one.
    path: path::PathTracker,
    /// The link to the relay, if there is one.
    relay: Option<relay::RelayLink>,
    /// Host: the private room.
    room: Option<room::HostRoom>,
    /// Guest: joining a private room.
    join: Option<room::JoinRoom>,
    /// The session cannot go on (a room failed): the driver stops after reporting why.
    stopped: bool,
}

/// Host: proof streams to check. Both sides: finished proof handshakes.
type Proofs = (Option<libp2p_stream::IncomingStreams>, mpsc::Receiver<room::ProofResult>);

impl Driver {
    async fn run(
        mut self,
        mut incoming: Option<libp2p_stream::IncomingStreams>,
        mut link_rx: mpsc::Receiver<link::Tagged>,
        mut opened_rx: mpsc::Receiver<(PeerId, Result<Stream, String>)>,
        mut command_rx: mpsc::UnboundedReceiver<Command>,
        (mut proofs, mut proof_rx): Proofs,
    ) {
        let mut tick = tokio::time::interval(Duration::from_millis(200));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                event = self.swarm.select_next_some() => self.on_swarm(event),
                Some((peer, stream)) = next_incoming(&mut incoming) => self.on_incoming(peer, stream),
                Some((generation, event)) = link_rx.recv() => self.on_link(generation, event),
                Some((peer, result)) = opened_rx.recv() => self.on_opened(peer, result),
                command = command_rx.recv() => match command {
                    Some(command) => self.on_command(command),
                    // The interface is gone: stop.
                    None => return,
                },
                Some((peer, stream)) = next_incoming(&mut proofs) => {
                    if let Some(room) = &mut self.room {
                        room.on_proof_stream(self.local_peer, peer, stream);
                    }
                }
                Some(result) = proof_rx.recv() => self.on_proof_result(result),
                _ = tick.tick() => {}
            }
            self.step();
            if self.stopped {
                return;
            }
        }
    }

    fn emit(&self, event: NetEvent) {
        let _ = self.events.send(event);
    }

    /// Polls the session, moves its messages to the stream, saves, reports, reconnects.
    fn step(&mut self) {
        let now = Instant::now();
        let mut events = self.session.poll(now);
        events.extend(self.session.take_events());
        // Messages first: a refusal must reach the peer before its link is dropped.
        let outgoing: Vec<Message> = self.session.transport_mut().take_outgoing().collect();
        if let Some((_, writer)) = &self.current {
            let stuck = outgoing.into_iter().any(|m| !writer.send(m));
            if stuck {
                self.drop_link(true);
                self.session.transport_mut().deliver(LinkEvent::Down);
            }
        }
        if self.session.transport_mut().take_close_request() {
            self.drop_link(true);
        }
        if let Some((peer, due)) = self.pending_disconnect
            && now >= due
        {
            self.pending_disconnect = None;
            if !self.path.left_relay(Some(peer), now) {
                let _ = self.swarm.disconnect_peer_id(peer);
            }
        }
        self.save_if_changed();
        self.expire_candidates(now);
        for event in self.path.filter(self.target, events, now) {
            self.emit(NetEvent::Session(event));
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

    /// Keeps the relay link and the room going; reports what changed.
    fn step_relay(&mut self, now: Instant) {
        let Some(relay) = &mut self.relay else { return };
        relay.tick(&mut self.swarm, now);
        let change = relay.take_change();
        let (relay_peer, ready) = (relay.peer(), relay.is_ready());
        if let Some(state) = change {
            self.emit(NetEvent::Relay(state));
        }
        let game_started = self.session.game().is_some();
        let event = match (&mut self.room, &mut self.join) {
            (Some(room), _) => room.tick(&mut self.swarm, relay_peer, ready, game_started, now),
            (None, Some(join)) => {
                join.tick(&mut self.swarm, relay_peer, ready);
                None
            }
            (None, None) => None,
        };
        if let Some(event) = event {
            self.on_room_event(event);
        }
    }

    fn on_room_event(&mut self, event: RoomEvent) {
        match &event {
            RoomEvent::Found(host) => {
                // Reach the host through the relay; a reconnection dials the same address.
                if let Some(relay) = &self.relay {
                    let addr = relay.circuit_to(*host);
                    self.target = Some(*host);
                    self.peer_addrs = vec![addr.clone()];
                    if let Err(error) =
                        self.swarm.dial(DialOpts::peer_id(*host).addresses(vec![addr]).build())
                    {
                        self.emit(NetEvent::Room(RoomEvent::Failed(RoomError::Unreachable(
                            error.to_string(),
                        ))));
                        self.stopped = true;
                        return;
                    }
                }
            }
            RoomEvent::Failed(_) => self.stopped = true,
            _ => {}
        }
        self.emit(NetEvent::Room(event));
    }

    fn on_proof_result(&mut self, result: room::ProofResult) {
        let event = match (&mut self.room, &mut self.join) {
            (Some(room), _) => room.on_proof_result(result),
            (None, Some(join)) => join.on_proof_result(result),
            (None, None) => None,
        };
        if let Some(event) = event {
            self.on_room_event(event);
        }
    }

    fn save_if_changed(&mut self) {
        let Some(game) = self.session.game() else { return };
        let state = (self.session.game_number(), game.ply(), game.ending.is_some());
        if self.saved_at == Some(state) {
            return;
        }
        // Each rematch to its own file: the finished game's record stays as it was.
        let Some(path) = self.save.as_deref().map(|p| rematch_save_path(p, state.0)) else { return };
        let saved = SavedGame {
            game: game.clone(),
            peer_addrs: self.peer_addrs.clone(),
            listen_addrs: self.listen_addrs.clone(),
            random_opener: self.random_opener
                || self.session.offer().is_some_and(|o| o.opens == tripot_protocol::Opens::Random),
        };
        match saved.write(&path) {
            Ok(()) => {
                self.saved_at = Some(state);
                self.emit(NetEvent::Saved(state.1));
            }
            Err(error) => self.emit(NetEvent::Warning(format!("save failed: {error}"))),
        }
    }

    /// Drops the current stream; `disconnect` also closes the connections to the peer so that a
    /// dead connection is not reused.
    fn drop_link(&mut self, disconnect: bool) {
        // Dropping the writer lets it flush what is queued, then close the stream.
        self.current = None;
        self.generation += 1;
        // A stream that died with the relayed connection left for a direct one is no sign of a
        // dead peer: the direct connection must stay.
        if disconnect
            && let Some(peer) = self.target
            && !self.path.left_relay(self.target, Instant::now())
        {
            // A moment later, so that the last refusal gets out first.
            self.pending_disconnect = Some((peer, Instant::now() + Duration::from_millis(300)));
        }
        self.free_table();
    }

    /// Host: a guest whose link ended before its game started no longer holds the table.
    fn free_table(&mut self) {
        if self.role == Role::Host && self.session.game().is_none() {
            self.target = None;
        }
    }

    /// While the link is down in a game: the guest opens a stream on an existing connection or
    /// dials; a host restored from a save dials the guest so that it can open one.
    fn reconnect(&mut self, now: Instant) {
        if self.session.is_connected()
            || self.current.is_some()
            || self.opening
            || self.pending_disconnect.is_some()
            || self.path.closing(self.target)
        {
            return;
        }
        let Some(peer) = self.target else { return };
        if !self.session.needs_link() || (self.role == Role::Host && self.session.game().is_none()) {
            return;
        }
        // A busy host is tried again in its turn.
        if !self.session.may_open_link(now) {
            return;
        }
        // A room's guest opens the game stream only once both proofs checked out.
        if self.join.as_ref().is_some_and(|join| !join.is_done()) {
            return;
        }
        if self.swarm.is_connected(&peer) {
            if self.role == Role::Guest {
                self.opening = true;
                let mut control = self.swarm.behaviour().stream.new_control();
                let opened = self.opened_tx.clone();
                tokio::spawn(async move {
                    let result = control.open_stream(peer, game_protocol()).await.map_err(|e| e.to_string());
                    let _ = opened.send((peer, result)).await;
                });
            }
            return;
        }
        if self.last_dial.is_some_and(|t| now.saturating_duration_since(t) < Duration::from_secs(2)) {
            return;
        }
        self.last_dial = Some(now);
        let opts = DialOpts::peer_id(peer).addresses(self.peer_addrs.clone()).build();
        if let Err(error) = self.swarm.dial(opts) {
            tracing::debug!(%error, "redial failed");
        }
    }

    fn on_opened(&mut self, peer: PeerId, result: Result<Stream, String>) {
        self.opening = false;
        match result {
            Ok(stream) if Some(peer) == self.target => self.install(peer, stream),
            Ok(_) => {}
            Err(error) => {
                self.emit(NetEvent::Warning(format!("opening the game stream failed: {error}")));
                let _ = self.swarm.disconnect_peer_id(peer);
            }
        }
    }

    /// Makes `stream` the game stream.
    fn install(&mut self, peer: PeerId, stream: Stream) {
        if self.session.is_connected() {
            self.session.transport_mut().deliver(LinkEvent::Down);
        }
        self.generation += 1;
        let writer = link::spawn(stream, self.generation, self.link_tx.clone());
        self.current = Some((self.generation, writer));
        self.session.transport_mut().deliver(LinkEvent::Up { peer: peer.to_bytes() });
    }

    fn on_incoming(&mut self, peer: PeerId, stream: Stream) {
        self.generation += 1;
        let writer = link::spawn(stream, self.generation, self.link_tx.clone());
        // Keep only a few undecided streams, a peer's own oldest going first: a stranger cannot
        // pile them up, nor push out someone else's by opening its own.
        let same_peer = self.candidates.iter().filter(|(_, c)| c.peer == peer).map(|(g, _)| *g);
        let victim = match same_peer.min() {
            Some(oldest) if self.candidates.values().filter(|c| c.peer == peer).count() >= 2 => Some(oldest),
            _ if self.candidates.len() >= MAX_CANDIDATES => self.candidates.keys().min().copied(),
            _ => None,
        };
        if let Some(victim) = victim {
            self.candidates.remove(&victim);
        }
        let candidate = Candidate { peer, writer, since: Instant::now() };
        self.candidates.insert(self.generation, candidate);
    }

    /// Drops undecided streams that said nothing in time.
    fn expire_candidates(&mut self, now: Instant) {
        self.candidates.retain(|_, c| now.saturating_duration_since(c.since) < CANDIDATE_TIMEOUT);
    }

    fn on_link(&mut self, generation: u64, event: LinkEvent) {
        if self.current.as_ref().is_some_and(|(g, _)| *g == generation) {
            if event == LinkEvent::Down {
                self.current = None;
                // A guest that left during the handshake frees the table for someone else.
                if self.role == Role::Host && self.session.game().is_none() {
                    self.target = None;
                }
            }
            self.session.transport_mut().deliver(event);
            return;
        }
        let Some(Candidate { peer, writer, .. }) = self.candidates.remove(&generation) else { return };
        let message = match event {
            LinkEvent::Message(message) => message,
            // A first frame that does not decode (too long, a field over its limit…): say why.
            LinkEvent::Malformed(error) => {
                let reason = match error {
                    tripot_protocol::FrameError::TooLarge(_) => RejectReason::TooLarge,
                    tripot_protocol::FrameError::FieldTooLong(_) => RejectReason::FieldTooLong,
                    tripot_protocol::FrameError::Malformed(_) => RejectReason::Malformed,
                };
                let detail: String = error.to_string().chars().take(100).collect();
                self.emit(NetEvent::Session(SessionEvent::Rejected {
                    by: crate::event::Refuser::Local,
                    reason,
                    ply: None,
                    detail: detail.clone(),
                }));
                refuse_and_close(writer, Reject { reason, ply: None, detail });
                return;
            }
            LinkEvent::Up { .. } | LinkEvent::Down => return,
        };
        match message {
            // A private room is never listed.
            Message::Query if self.room.is_some() => {}
            Message::Query => {
                let waiting = self.waiting_since.elapsed().as_secs();
                if self.session.game().is_none()
                    && let Some(listing) = self.listing(waiting)
                {
                    let _ = writer.send(listing);
                }
                // Dropping the writer a moment later would cut the reply: let the reader end it.
                tokio::spawn(async move {
                    tokio::time::sleep(Duration::from_secs(2)).await;
                    drop(writer);
                });
            }
            Message::Hello(_) | Message::Resume(_)
                if self.target.is_none_or(|t| t == peer)
                    && self.room.as_ref().is_none_or(|room| room.admits(&peer)) =>
            {
                self.target = Some(peer);
                self.learn_peer_addrs();
                self.adopt(generation, writer, peer, message);
            }
            _ => {
                let reject = Reject { reason: RejectReason::Busy, ply: None, detail: String::new() };
                refuse_and_close(writer, reject);
            }
        }
    }

    /// A host's candidate stream becomes the game stream.
    fn adopt(&mut self, generation: u64, writer: link::Writer, peer: PeerId, first: Message) {
        if self.session.is_connected() {
            self.session.transport_mut().deliver(LinkEvent::Down);
        }
        self.current = Some((generation, writer));
        self.session.transport_mut().deliver(LinkEvent::Up { peer: peer.to_bytes() });
        self.session.transport_mut().deliver(LinkEvent::Message(first));
    }

    fn listing(&self, waiting_secs: u64) -> Option<Message> {
        let offer = self.session.offer()?;
        Some(Message::Listing {
            name: self.session.name().chars().take(8).collect(),
            format: offer.format.number(),
            rules: offer.rules.name().to_owned(),
            waiting_secs: u32::try_from(waiting_secs).unwrap_or(u32::MAX),
        })
    }

    /// Adds the opponent's announced listen addresses to those a reconnection dials.
    fn learn_peer_addrs(&mut self) {
        let Some(addrs) = self.target.and_then(|t| self.identified.get(&t)) else { return };
        for addr in addrs {
            if !self.peer_addrs.contains(addr) && self.peer_addrs.len() < 16 {
                self.peer_addrs.push(addr.clone());
            }
        }
    }

    fn on_command(&mut self, command: Command) {
        let now = Instant::now();
        let result = match command {
            Command::Play(notation) => self.session.play(&notation, now),
            Command::Resign => self.session.resign(now),
            Command::Claim => self.session.claim(now),
            Command::OfferRematch => self.session.offer_rematch(now),
            Command::AnswerRematch(accept) => self.session.answer_rematch(accept, now),
        };
        if let Err(error) = result {
            self.emit(NetEvent::LocalError(error));
        }
    }

    fn on_swarm(&mut self, event: SwarmEvent<BehaviourEvent>) {
        let now = Instant::now();
        let relay_peer = self.relay.as_mut().map(|relay| {
            relay.on_swarm(&event, now);
            relay.peer()
        });
        match &event {
            // The relay is not the opponent (a room's guest learns its host from the directory).
            SwarmEvent::ConnectionEstablished { peer_id, .. } if Some(*peer_id) == relay_peer => return,
            SwarmEvent::ConnectionEstablished { peer_id, .. } => {
                if let Some(join) = &mut self.join {
                    join.on_connected(&self.swarm, self.local_peer, *peer_id);
                }
            }
            SwarmEvent::Behaviour(BehaviourEvent::Directory(directory)) => {
                let room_event = match (&mut self.room, &mut self.join) {
                    (Some(room), _) => room.on_directory(directory, now),
                    (None, Some(join)) => join.on_directory(directory),
                    (None, None) => None,
                };
                if let Some(room_event) = room_event {
                    self.on_room_event(room_event);
                }
                return;
            }
            SwarmEvent::OutgoingConnectionError { peer_id: Some(peer), error, .. } => {
                // The relay link reports its own failures as a state, without a warning each try.
                if Some(*peer) == relay_peer {
                    return;
                }
                let failed =
                    self.join.as_mut().and_then(|join| join.on_dial_error(*peer, &error.to_string()));
                if let Some(failed) = failed {
                    self.on_room_event(failed);
                    return;
                }
            }
            _ => {}
        }
        match event {
            SwarmEvent::NewListenAddr { address, .. } => {
                self.listen_addrs.push(address.clone());
                // Relayed addresses already end with our peer id.
                let full = if peer_of(&address) == Some(self.local_peer) {
                    address.clone()
                } else {
                    address.clone().with(Protocol::P2p(self.local_peer))
                };
                self.emit(NetEvent::Listening(full));
            }
            SwarmEvent::ConnectionEstablished { peer_id, connection_id, endpoint, .. } => {
                self.path.opened(connection_id, peer_id, endpoint.is_relayed());
                if self.role == Role::Guest && self.target.is_none() {
                    self.target = Some(peer_id);
                }
                if Some(peer_id) == self.target && endpoint.is_dialer() {
                    let addr = endpoint.get_remote_address().clone();
                    if !self.peer_addrs.contains(&addr) {
                        self.peer_addrs.insert(0, addr);
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
                self.emit(NetEvent::Warning(format!("dial failed: {error}")));
            }
            SwarmEvent::Behaviour(BehaviourEvent::Identify(libp2p::identify::Event::Received {
                peer_id,
                info,
                ..
            })) => {
                // Kept for every peer (bounded): the guest may identify before it says hello.
                if self.identified.len() >= 32 {
                    self.identified.clear();
                }
                self.identified.insert(peer_id, info.listen_addrs.into_iter().take(8).collect());
                self.learn_peer_addrs();
            }
            SwarmEvent::Behaviour(BehaviourEvent::Ping(libp2p::ping::Event {
                connection,
                result: Err(_),
                ..
            })) => {
                // Ping does not close a dead connection by itself.
                let _ = self.swarm.close_connection(connection);
            }
            _ => {}
        }
    }
}

/// Undecided streams a host keeps at once.
const MAX_CANDIDATES: usize = 8;

/// How long an undecided stream may stay silent.
const CANDIDATE_TIMEOUT: Duration = Duration::from_secs(5);

/// Host: a stream whose first message is not known yet.
struct Candidate {
    peer: PeerId,
    writer: link::Writer,
    since: Instant,
}

/// Sends `reject` on a stream we will not use, then closes it once the refusal had time to go.
fn refuse_and_close(writer: link::Writer, reject: Reject) {
    let _ = writer.send(Message::Reject(reject));
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(1)).await;
        drop(writer);
    });
}

async fn next_incoming(incoming: &mut Option<libp2p_stream::IncomingStreams>) -> Option<(PeerId, Stream)> {
    match incoming {
        Some(streams) => streams.next().await,
        None => std::future::pending().await,
    }
}
