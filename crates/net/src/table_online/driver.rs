//! The driver: one tokio task per online table. It owns the swarm and the [`Table`], runs the
//! event loop, keeps the links (one per table stream) and dispatches what comes in.

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use futures::{FutureExt as _, StreamExt as _};
use libp2p::core::transport::ListenerId;
use libp2p::identity::Keypair;
use libp2p::multiaddr::Protocol;
use libp2p::swarm::SwarmEvent;
use libp2p::{Multiaddr, PeerId, Stream, Swarm};
use tokio::sync::mpsc;
use tripot_protocol::table::{MAX_ADDR, MAX_ADDRS, PeerKey, TableId};

use super::autosave::Autosave;
use super::computer::{self, Answer};
use super::handle::Command;
use super::link::{self, LinkNews, Writer};
use super::room::TableRoom;
use super::{ComputerPlayers, TableNetConfig, TableNetError, TableNetEvent, TableStart, table_protocol};
use crate::driver_task;
use crate::event::GameSnapshot;
use crate::online::{DialCause, NetWarning};
use crate::room::handshake;
use crate::room::private_room::ProofResult;
use crate::swarm::{self, Behaviour, BehaviourEvent};
use crate::table::{LinkId, Table, TableEvent, TableInput, TableOutput};

/// How long the driver waits for the swarm's first listen addresses before opening the table.
const LISTEN_WAIT: Duration = Duration::from_secs(2);
/// Streams a member holds for the day it may become the host; past this the oldest goes.
const HELD_STREAMS: usize = 8;
/// Messages kept per held stream (a hello and a little more).
const HELD_NEWS: usize = 16;
/// How long a table left on purpose stays up for its goodbye to go out.
const LEAVING_LINGER: Duration = Duration::from_millis(300);
/// How often a member without a link to its host dials it again.
const REDIAL_EVERY: Duration = Duration::from_secs(2);

/// A stream that reached a member: kept with what it said, for the day it becomes the host.
struct Held {
    peer: PeerId,
    news: Vec<LinkNews>,
}

/// The host this member follows: who, where, and the link to it.
#[derive(Default)]
pub(super) struct HostLink {
    pub(super) peer: Option<PeerId>,
    pub(super) addrs: Vec<Multiaddr>,
    link: Option<LinkId>,
    opening: bool,
    pub(super) last_dial: Option<Instant>,
}

pub(super) struct TableDriver {
    pub(super) swarm: Swarm<Behaviour>,
    pub(super) table: Table,
    pub(super) local_peer: PeerId,
    pub(super) events: mpsc::UnboundedSender<TableNetEvent>,
    /// The writer of every open table stream.
    links: HashMap<LinkId, Writer>,
    held: HashMap<LinkId, Held>,
    held_order: VecDeque<LinkId>,
    next_link: u64,
    pub(super) host: HostLink,
    /// A private room's relay link and room, if the table is in one.
    pub(super) room: Option<TableRoom>,
    news_tx: mpsc::Sender<(LinkId, LinkNews)>,
    opened_tx: mpsc::Sender<(PeerId, Result<Stream, String>)>,
    answers_tx: mpsc::Sender<Answer>,
    computers: Option<ComputerPlayers>,
    /// The computer seat being thought for, and the entry count it thinks at.
    thinking: Option<(u8, u32)>,
    pub(super) autosave: Autosave,
    leaving: bool,
    seed: u64,
    /// The relay finished games' signed results are submitted to.
    pub(super) ratings_relay: Option<Multiaddr>,
}

/// What the event loop listens to besides the swarm.
struct Inputs {
    incoming: libp2p_stream::IncomingStreams,
    /// Proof-of-the-code streams (a room's host only).
    proofs: Option<libp2p_stream::IncomingStreams>,
    proof_rx: mpsc::Receiver<ProofResult>,
    news_rx: mpsc::Receiver<(LinkId, LinkNews)>,
    opened_rx: mpsc::Receiver<(PeerId, Result<Stream, String>)>,
    answers_rx: mpsc::Receiver<Answer>,
    command_rx: mpsc::UnboundedReceiver<Command>,
}

/// A driver built and not running yet, with the front-end's ends of its channels.
pub(super) type Ready = driver_task::Ready<TableNetEvent, Command>;

/// The peer id at the end of an address, if it has one.
pub(super) fn peer_of(addr: &Multiaddr) -> Option<PeerId> {
    addr.iter().filter_map(|p| if let Protocol::P2p(peer) = p { Some(peer) } else { None }).last()
}

/// A listen address with our peer id at its end (a relayed one already ends with it).
fn with_peer(address: Multiaddr, me: PeerId) -> Multiaddr {
    if peer_of(&address) == Some(me) { address } else { address.with(Protocol::P2p(me)) }
}

/// The addresses a peer announces for the hand-over: loopback last (useless to others, but
/// what a test on one machine has), at most [`MAX_ADDRS`], each fitting [`MAX_ADDR`].
fn announced(listen: &[Multiaddr], me: PeerId) -> Vec<Vec<u8>> {
    let mut addrs: Vec<&Multiaddr> = listen.iter().collect();
    addrs.sort_by_key(|a| a.iter().any(|p| matches!(p, Protocol::Ip4(ip) if ip.is_loopback())));
    addrs
        .into_iter()
        .map(|a| with_peer(a.clone(), me).to_vec())
        .filter(|bytes| bytes.len() <= MAX_ADDR)
        .take(MAX_ADDRS)
        .collect()
}

impl TableDriver {
    /// Builds the swarm, waits for its first addresses, opens the table; a member dials its host.
    pub(super) async fn build(
        keypair: Keypair,
        mut config: TableNetConfig,
        start: TableStart,
    ) -> Result<Ready, TableNetError> {
        let local_peer = keypair.public().to_peer_id();
        let (mut swarm, mut listeners) = swarm::build_listening(keypair, &config.net)?;
        let incoming = swarm
            .behaviour()
            .stream
            .new_control()
            .accept(table_protocol())
            .map_err(|e| crate::swarm::SwarmError::Setup(e.to_string()))?;
        let (events, events_rx) = mpsc::unbounded_channel();
        let (proof_tx, proof_rx) = mpsc::channel(16);
        let room = match (&start, config.net.relay.clone()) {
            (TableStart::Host { room: Some(code), .. }, Some(relay)) => {
                Some(TableRoom::new(relay, *code, true, proof_tx)?)
            }
            (TableStart::JoinRoom { code, .. }, Some(relay)) => {
                Some(TableRoom::new(relay, *code, false, proof_tx)?)
            }
            (TableStart::Host { room: Some(_), .. } | TableStart::JoinRoom { .. }, None) => {
                return Err(TableNetError::NoRelay);
            }
            _ => None,
        };
        let proofs = match &start {
            TableStart::Host { room: Some(_), .. } => Some(
                swarm
                    .behaviour()
                    .stream
                    .new_control()
                    .accept(handshake::PROTOCOL)
                    .map_err(|e| crate::swarm::SwarmError::Setup(e.to_string()))?,
            ),
            _ => None,
        };
        // With a relay, be reachable through it too: the relay client dials it and reserves (a
        // room's relay link does that itself). Its address is announced like the others.
        if let Some(relay) = config.net.relay.clone()
            && room.is_none()
        {
            match swarm.listen_on(relay.with(Protocol::P2pCircuit)) {
                Ok(id) => listeners.push(id),
                Err(error) => {
                    let _ = events
                        .send(TableNetEvent::Warning(NetWarning::StreamFailed(format!("relay: {error}"))));
                }
            }
        }
        let listen = first_addresses(&mut swarm, &events, listeners).await;
        config.table.addrs = announced(&listen, local_peer);
        config.table.unlisted |= room.is_some();
        let seed = config.table.seed;
        let ratings_relay = config.net.relay.clone();
        let now = Instant::now();
        let mut host = HostLink::default();
        let table = match start {
            TableStart::Host { offer, computers, .. } => {
                let mut table = Table::host(config.table, offer, now)?;
                if !computers.is_empty() && config.computers.is_none() {
                    return Err(TableNetError::NoComputers);
                }
                let seats = table.state().spec.seats;
                let mut levels = computers.into_iter();
                for seat in (1..seats).map(tripot_game::Seat) {
                    let Some(level) = levels.next() else { break };
                    table.set_computer(seat, level, now)?;
                }
                table
            }
            TableStart::Join { addr, table, spec, wants } => {
                let peer = peer_of(&addr).ok_or_else(|| TableNetError::NoPeerId(addr.clone()))?;
                swarm
                    .dial(addr.clone())
                    .map_err(|e| TableNetError::Dial { addr: addr.clone(), reason: e.to_string() })?;
                host = HostLink {
                    peer: Some(peer),
                    addrs: vec![addr],
                    last_dial: Some(now),
                    ..HostLink::default()
                };
                Table::member(config.table, table, spec, wants, now)
            }
            TableStart::JoinRoom { code, spec, wants } => {
                // The host is found by the code; its stream opens once both proved it.
                Table::member(config.table, TableId(code.table_id()), spec, wants, now)
            }
        };
        let (commands, command_rx) = mpsc::unbounded_channel();
        let (news_tx, news_rx) = mpsc::channel(256);
        let (opened_tx, opened_rx) = mpsc::channel(8);
        let (answers_tx, answers_rx) = mpsc::channel(8);
        let driver = TableDriver {
            swarm,
            table,
            local_peer,
            events,
            links: HashMap::new(),
            held: HashMap::new(),
            held_order: VecDeque::new(),
            next_link: 1,
            host,
            room,
            news_tx,
            opened_tx,
            answers_tx,
            computers: config.computers,
            thinking: None,
            autosave: Autosave { path: config.save, saved_at: None },
            leaving: false,
            seed,
            ratings_relay,
        };
        let inputs = Inputs { incoming, proofs, proof_rx, news_rx, opened_rx, answers_rx, command_rx };
        let local_peer = driver.local_peer;
        Ok(Ready::new(driver.run(inputs), local_peer, events_rx, commands))
    }

    async fn run(mut self, mut inputs: Inputs) {
        let mut tick = tokio::time::interval(Duration::from_millis(100));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // A host's computer seat may be first to move: the table asked before the loop ran.
        self.step(Instant::now());
        loop {
            tokio::select! {
                event = self.swarm.select_next_some() => self.on_swarm(event),
                Some((peer, stream)) = inputs.incoming.next() => self.on_incoming(peer, stream),
                Some((peer, stream)) = next_proof(&mut inputs.proofs) => self.on_proof_stream(peer, stream),
                Some(result) = inputs.proof_rx.recv() => self.on_proof_result(result),
                Some((link, news)) = inputs.news_rx.recv() => self.on_news(link, news),
                Some((peer, result)) = inputs.opened_rx.recv() => self.on_opened(peer, result),
                Some((seat, chosen)) = inputs.answers_rx.recv() => self.on_answer(seat, chosen),
                command = inputs.command_rx.recv() => match command {
                    Some(command) => self.on_command(command),
                    None => return,
                },
                _ = tick.tick() => self.table.tick(Instant::now()),
            }
            self.step(Instant::now());
            if self.leaving {
                tokio::time::sleep(LEAVING_LINGER).await;
                return;
            }
        }
    }

    pub(super) fn emit(&self, event: TableNetEvent) {
        let _ = self.events.send(event);
    }

    fn new_link(&mut self) -> LinkId {
        let link = LinkId(self.next_link);
        self.next_link += 1;
        link
    }

    /// Writes the table's messages, reports its events, saves, redials.
    fn step(&mut self, now: Instant) {
        // The table's events may change who the host is, and that may hand held links in, so
        // the loop goes until the table has nothing more to say (bounded: each round takes
        // what the last one produced).
        for _ in 0..8 {
            let outputs = self.table.take_outputs();
            let events = self.table.take_events();
            if outputs.is_empty() && events.is_empty() {
                break;
            }
            for output in outputs {
                self.on_output(output, now);
            }
            for event in events {
                self.on_table_event(&event, now);
                let moved = matches!(event, TableEvent::Started { .. } | TableEvent::Applied { .. });
                self.emit(TableNetEvent::Table(event));
                if moved && let Some(record) = self.table.record() {
                    let snapshot = GameSnapshot(record.state().clone_box());
                    self.emit(TableNetEvent::Position { snapshot, my_seat: self.table.my_seat() });
                }
            }
        }
        self.save_if_changed();
        self.room_tick(now);
        self.redial(now);
    }

    fn on_output(&mut self, output: TableOutput, now: Instant) {
        match output {
            TableOutput::Send { link, message } => {
                let stuck = self.links.get(&link).is_some_and(|writer| !writer.send(message));
                if stuck {
                    self.links.remove(&link);
                    self.table.handle(TableInput::Down { link }, now);
                }
            }
            TableOutput::Close { link } => {
                // The writer's queue still holds the last words: it closes after them.
                self.links.remove(&link);
                if self.host.link == Some(link) {
                    self.host.link = None;
                }
            }
        }
    }

    fn on_table_event(&mut self, event: &TableEvent, now: Instant) {
        match event {
            TableEvent::ComputerToMove { seat, level, snapshot } => {
                let entries = self.table.record().map_or(0, crate::table::Record::len);
                if self.thinking == Some((seat.0, entries)) {
                    return;
                }
                let Some(players) = self.computers else {
                    self.emit(TableNetEvent::Warning(NetWarning::StreamFailed(
                        "no computer players to answer a computer seat".to_owned(),
                    )));
                    return;
                };
                self.thinking = Some((seat.0, entries));
                let seed = self.seed ^ u64::from(entries) ^ (u64::from(seat.0) << 32);
                computer::think(players, *seat, *level, seed, snapshot.clone(), self.answers_tx.clone());
            }
            TableEvent::HostGone { next, addrs } => self.follow_host(next, addrs, now),
            TableEvent::ResultSigned(signed) => self.keep_result(signed),
            TableEvent::BecameHost { .. } => {
                self.host = HostLink::default();
                for link in std::mem::take(&mut self.held_order) {
                    let Some(held) = self.held.remove(&link) else { continue };
                    let peer = PeerKey(held.peer.to_bytes());
                    self.table.handle(TableInput::Up { link, peer }, now);
                    for news in held.news {
                        self.feed(link, news, now);
                    }
                }
            }
            _ => {}
        }
    }

    /// The next host: forget the old link, dial the new one where it said it may be reached.
    fn follow_host(&mut self, next: &PeerKey, addrs: &[Vec<u8>], now: Instant) {
        if let Some(old) = self.host.link.take() {
            self.links.remove(&old);
        }
        let Ok(peer) = PeerId::from_bytes(&next.0) else { return };
        let addrs: Vec<Multiaddr> =
            addrs.iter().filter_map(|a| Multiaddr::try_from(a.clone()).ok()).collect();
        self.host = HostLink { peer: Some(peer), addrs, link: None, opening: false, last_dial: None };
        self.redial(now);
    }

    /// A member without a link to its host dials it (again), or opens the stream on the
    /// connection it has.
    pub(super) fn redial(&mut self, now: Instant) {
        if self.table.is_host() || self.host.link.is_some() || self.host.opening {
            return;
        }
        let Some(peer) = self.host.peer else { return };
        if self.swarm.is_connected(&peer) {
            self.open_to(peer);
            return;
        }
        if self.host.last_dial.is_some_and(|at| now.duration_since(at) < REDIAL_EVERY) {
            return;
        }
        self.host.last_dial = Some(now);
        let opts =
            libp2p::swarm::dial_opts::DialOpts::peer_id(peer).addresses(self.host.addrs.clone()).build();
        if let Err(error) = self.swarm.dial(opts) {
            tracing::debug!(%peer, %error, "dialling the host");
        }
    }

    fn open_to(&mut self, peer: PeerId) {
        self.host.opening = true;
        let mut control = self.swarm.behaviour().stream.new_control();
        let opened = self.opened_tx.clone();
        tokio::spawn(async move {
            let result = control.open_stream(peer, table_protocol()).await.map_err(|e| e.to_string());
            let _ = opened.send((peer, result)).await;
        });
    }

    fn on_opened(&mut self, peer: PeerId, result: Result<Stream, String>) {
        self.host.opening = false;
        let now = Instant::now();
        match result {
            // The host may have changed while the stream was opening.
            Ok(stream) if Some(peer) == self.host.peer && !self.table.is_host() => {
                let link = self.new_link();
                let writer = link::spawn(stream, link, self.news_tx.clone());
                self.links.insert(link, writer);
                self.host.link = Some(link);
                self.table.handle(TableInput::Up { link, peer: PeerKey(peer.to_bytes()) }, now);
            }
            Ok(_) => {}
            Err(error) => self.emit(TableNetEvent::Warning(NetWarning::StreamFailed(error))),
        }
    }

    fn on_incoming(&mut self, peer: PeerId, stream: Stream) {
        let now = Instant::now();
        let link = self.new_link();
        if let Some(room) = &self.room
            && !room.admits(&peer, self.table.record().is_some())
        {
            // Not proven to know the room's code: the stream is dropped unread.
            return;
        }
        let writer = link::spawn(stream, link, self.news_tx.clone());
        self.links.insert(link, writer);
        if self.table.is_host() {
            self.table.handle(TableInput::Up { link, peer: PeerKey(peer.to_bytes()) }, now);
            return;
        }
        // Not the host (yet): a seat that noticed the host gone before we did. Held, bounded.
        if self.held_order.len() >= HELD_STREAMS
            && let Some(oldest) = self.held_order.pop_front()
        {
            self.held.remove(&oldest);
            self.links.remove(&oldest);
        }
        self.held.insert(link, Held { peer, news: Vec::new() });
        self.held_order.push_back(link);
    }

    fn on_news(&mut self, link: LinkId, news: LinkNews) {
        if let Some(held) = self.held.get_mut(&link) {
            // Only the host answers a LAN query: a member closes that stream at once rather
            // than hold it (and so keep a stranger's stream in place of a seat's).
            let query = matches!(news, LinkNews::Message(tripot_protocol::table::TableMessage::Query));
            if query || matches!(news, LinkNews::Down) {
                self.held.remove(&link);
                self.held_order.retain(|&l| l != link);
                self.links.remove(&link);
            } else if held.news.len() < HELD_NEWS {
                held.news.push(news);
            }
            return;
        }
        if !self.links.contains_key(&link) {
            return;
        }
        self.feed(link, news, Instant::now());
    }

    fn feed(&mut self, link: LinkId, news: LinkNews, now: Instant) {
        let input = match news {
            LinkNews::Message(message) => TableInput::Message { link, message },
            LinkNews::Malformed(error) => TableInput::Malformed { link, error },
            LinkNews::Down => {
                self.links.remove(&link);
                if self.host.link == Some(link) {
                    self.host.link = None;
                }
                TableInput::Down { link }
            }
        };
        self.table.handle(input, now);
    }

    fn on_answer(&mut self, seat: tripot_game::Seat, chosen: Option<tripot_game::GameMove>) {
        self.thinking = None;
        let now = Instant::now();
        let Some(chosen) = chosen else {
            tracing::warn!(seat = seat.0, "the computer player had no move");
            return;
        };
        // A stale answer (the game moved on, the host changed) is refused by the table: no news.
        if let Err(error) = self.table.computer_move(seat, &chosen, now) {
            tracing::debug!(%error, "a computer answer was not taken");
        }
    }

    fn on_command(&mut self, command: Command) {
        let now = Instant::now();
        let result = match command {
            Command::Play(text) => self.table.play_text(&text, now),
            Command::Resign => self.table.resign(now),
            Command::OfferDraw => self.table.offer_draw(now),
            Command::AnswerDraw(accept) => self.table.answer_draw(accept, now),
            Command::Vote => self.table.vote(now),
            Command::Chat(text) => self.table.chat(&text, now),
            Command::Claim(seat) => self.table.claim(seat, now),
            Command::SeatComputer(seat, level) => self.table.set_computer(seat, level, now),
            Command::Leave => {
                self.table.leave_table();
                self.leaving = true;
                Ok(())
            }
        };
        if let Err(error) = result {
            self.emit(TableNetEvent::LocalError(error));
        }
    }

    fn on_swarm(&mut self, event: SwarmEvent<BehaviourEvent>) {
        self.room_on_swarm(&event);
        match event {
            SwarmEvent::NewListenAddr { address, .. } => {
                self.emit(TableNetEvent::Listening(with_peer(address, self.local_peer)));
            }
            SwarmEvent::ConnectionEstablished { peer_id, .. } if Some(peer_id) == self.host.peer => {
                self.redial(Instant::now());
            }
            SwarmEvent::OutgoingConnectionError { peer_id, error, .. }
                if peer_id.is_some() && peer_id == self.host.peer =>
            {
                let cause = DialCause::of(&error);
                self.emit(TableNetEvent::Warning(NetWarning::DialFailed {
                    cause,
                    detail: error.to_string(),
                }));
            }
            SwarmEvent::Behaviour(BehaviourEvent::Ping(event)) => {
                swarm::close_if_ping_failed(&mut self.swarm, &event);
            }
            _ => {}
        }
    }
}

/// The next proof stream, if this peer takes them (else never).
async fn next_proof(proofs: &mut Option<libp2p_stream::IncomingStreams>) -> Option<(PeerId, Stream)> {
    match proofs {
        Some(proofs) => proofs.next().await,
        None => std::future::pending().await,
    }
}

/// Polls the swarm until each of `listeners` has reported (an address, or its end) or
/// [`LISTEN_WAIT`] passed, reporting each address; returns them. A listener on every interface
/// (`0.0.0.0`) reports its addresses together, so what the swarm holds ready once the last
/// listener spoke is taken too; an address that comes later is reported by the table's loop.
async fn first_addresses(
    swarm: &mut Swarm<Behaviour>,
    events: &mpsc::UnboundedSender<TableNetEvent>,
    mut pending: Vec<ListenerId>,
) -> Vec<Multiaddr> {
    let me = *swarm.local_peer_id();
    let mut listen = Vec::new();
    let deadline = tokio::time::Instant::now() + LISTEN_WAIT;
    loop {
        let event = if pending.is_empty() {
            match swarm.select_next_some().now_or_never() {
                Some(event) => event,
                None => return listen,
            }
        } else {
            match tokio::time::timeout_at(deadline, swarm.select_next_some()).await {
                Ok(event) => event,
                Err(_) => return listen,
            }
        };
        match event {
            SwarmEvent::NewListenAddr { listener_id, address } => {
                let _ = events.send(TableNetEvent::Listening(with_peer(address.clone(), me)));
                listen.push(address);
                pending.retain(|id| *id != listener_id);
            }
            SwarmEvent::ListenerClosed { listener_id, .. }
            | SwarmEvent::ListenerError { listener_id, .. } => {
                pending.retain(|id| *id != listener_id);
            }
            _ => {}
        }
    }
}
