//! The game stream's life: a host's undecided streams and the one it adopts, the guest's
//! opening of it, drops, and reconnection. Only the guest opens game streams, so two never race;
//! a host restored from a save dials the guest so that it can open one.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use libp2p::swarm::dial_opts::DialOpts;
use libp2p::{PeerId, Stream};
use tokio::sync::mpsc;
use tripot_protocol::{Message, Reject, RejectReason, Role};

use super::driver::Driver;
use super::{NetEvent, NetWarning, link};
use crate::event::SessionEvent;
use crate::swarm::game_protocol;
use crate::transport::LinkEvent;

/// The game stream and the streams that may become it.
pub(super) struct GameStream {
    /// Where every stream's reader reports, tagged with the stream's generation.
    link_tx: mpsc::Sender<link::Tagged>,
    /// Where the guest's stream openings report.
    opened_tx: mpsc::Sender<(PeerId, Result<Stream, String>)>,
    /// The number of the newest stream: events of older ones are ignored.
    generation: u64,
    /// The game stream, if up.
    pub(super) current: Option<(u64, link::Writer)>,
    /// Host: streams whose first message is not known yet.
    candidates: HashMap<u64, Candidate>,
    /// Guest: a stream is being opened.
    opening: bool,
    last_dial: Option<Instant>,
    /// Connections to close soon: (peer, when).
    pending_disconnect: Option<(PeerId, Instant)>,
}

impl GameStream {
    pub(super) fn new(
        link_tx: mpsc::Sender<link::Tagged>,
        opened_tx: mpsc::Sender<(PeerId, Result<Stream, String>)>,
    ) -> GameStream {
        GameStream {
            link_tx,
            opened_tx,
            generation: 0,
            current: None,
            candidates: HashMap::new(),
            opening: false,
            last_dial: None,
            pending_disconnect: None,
        }
    }
}

impl Driver {
    /// Drops the current stream; `disconnect` also closes the connections to the peer so that a
    /// dead connection is not reused.
    pub(super) fn drop_link(&mut self, disconnect: bool) {
        // Dropping the writer lets it flush what is queued, then close the stream.
        self.stream.current = None;
        self.stream.generation += 1;
        // A stream that died with the relayed connection left for a direct one is no sign of a
        // dead peer: the direct connection must stay.
        if disconnect
            && let Some(peer) = self.opponent.peer
            && !self.path.left_relay(self.opponent.peer, Instant::now())
        {
            // A moment later, so that the last refusal gets out first.
            self.stream.pending_disconnect = Some((peer, Instant::now() + Duration::from_millis(300)));
        }
        self.free_table();
    }

    /// Host: a guest whose link ended before its game started no longer holds the table.
    pub(super) fn free_table(&mut self) {
        if self.role == Role::Host && self.session.game().is_none() {
            self.opponent.peer = None;
        }
    }

    /// While the link is down in a game: the guest opens a stream on an existing connection or
    /// dials; a host restored from a save dials the guest so that it can open one.
    pub(super) fn reconnect(&mut self, now: Instant) {
        if self.session.is_connected()
            || self.stream.current.is_some()
            || self.stream.opening
            || self.stream.pending_disconnect.is_some()
            || self.path.closing(self.opponent.peer)
        {
            return;
        }
        let Some(peer) = self.opponent.peer else { return };
        if !self.session.needs_link() || (self.role == Role::Host && self.session.game().is_none()) {
            return;
        }
        // A busy host is tried again in its turn.
        if !self.session.may_open_link(now) {
            return;
        }
        // A room's guest opens the game stream only once both proofs checked out.
        if self.rooms.guest.as_ref().is_some_and(|join| !join.is_done()) {
            return;
        }
        if self.swarm.is_connected(&peer) {
            if self.role == Role::Guest {
                self.stream.opening = true;
                let mut control = self.swarm.behaviour().stream.new_control();
                let opened = self.stream.opened_tx.clone();
                tokio::spawn(async move {
                    let result = control.open_stream(peer, game_protocol()).await.map_err(|e| e.to_string());
                    let _ = opened.send((peer, result)).await;
                });
            }
            return;
        }
        if self.stream.last_dial.is_some_and(|t| now.saturating_duration_since(t) < Duration::from_secs(2)) {
            return;
        }
        self.stream.last_dial = Some(now);
        let opts = DialOpts::peer_id(peer).addresses(self.opponent.addrs.clone()).build();
        if let Err(error) = self.swarm.dial(opts) {
            tracing::debug!(%error, "redial failed");
        }
    }

    pub(super) fn on_opened(&mut self, peer: PeerId, result: Result<Stream, String>) {
        self.stream.opening = false;
        match result {
            Ok(stream) if Some(peer) == self.opponent.peer => self.install(peer, stream),
            Ok(_) => {}
            Err(error) => {
                self.emit(NetEvent::Warning(NetWarning::StreamFailed(error)));
                let _ = self.swarm.disconnect_peer_id(peer);
            }
        }
    }

    /// Makes `stream` the game stream.
    pub(super) fn install(&mut self, peer: PeerId, stream: Stream) {
        if self.session.is_connected() {
            self.session.transport_mut().deliver(LinkEvent::Down);
        }
        self.stream.generation += 1;
        let writer = link::spawn(stream, self.stream.generation, self.stream.link_tx.clone());
        self.stream.current = Some((self.stream.generation, writer));
        self.session.transport_mut().deliver(LinkEvent::Up { peer: peer.to_bytes() });
    }

    pub(super) fn on_incoming(&mut self, peer: PeerId, stream: Stream) {
        self.stream.generation += 1;
        let writer = link::spawn(stream, self.stream.generation, self.stream.link_tx.clone());
        // Keep only a few undecided streams, a peer's own oldest going first: a stranger cannot
        // pile them up, nor push out someone else's by opening its own.
        let same_peer = self.stream.candidates.iter().filter(|(_, c)| c.peer == peer).map(|(g, _)| *g);
        let victim = match same_peer.min() {
            Some(oldest) if self.stream.candidates.values().filter(|c| c.peer == peer).count() >= 2 => {
                Some(oldest)
            }
            _ if self.stream.candidates.len() >= MAX_CANDIDATES => {
                self.stream.candidates.keys().min().copied()
            }
            _ => None,
        };
        if let Some(victim) = victim {
            self.stream.candidates.remove(&victim);
        }
        let candidate = Candidate { peer, writer, since: Instant::now() };
        self.stream.candidates.insert(self.stream.generation, candidate);
    }

    /// Drops undecided streams that said nothing in time.
    pub(super) fn expire_candidates(&mut self, now: Instant) {
        self.stream.candidates.retain(|_, c| now.saturating_duration_since(c.since) < CANDIDATE_TIMEOUT);
    }

    pub(super) fn on_link(&mut self, generation: u64, event: LinkEvent) {
        if self.stream.current.as_ref().is_some_and(|(g, _)| *g == generation) {
            if event == LinkEvent::Down {
                self.stream.current = None;
                // A guest that left during the handshake frees the table for someone else.
                if self.role == Role::Host && self.session.game().is_none() {
                    self.opponent.peer = None;
                }
            }
            self.session.transport_mut().deliver(event);
            return;
        }
        let Some(Candidate { peer, writer, .. }) = self.stream.candidates.remove(&generation) else { return };
        let message = match event {
            LinkEvent::Message(message) => message,
            // A first frame that does not decode (too long, a field over its limit…): say why.
            LinkEvent::Malformed(error) => {
                let reason = match error {
                    tripot_protocol::FrameError::TooLarge(_) => RejectReason::TooLarge,
                    tripot_protocol::FrameError::FieldTooLong(_) => RejectReason::FieldTooLong,
                    tripot_protocol::FrameError::Malformed(_) => RejectReason::Malformed,
                    tripot_protocol::FrameError::Version(_) => RejectReason::Version,
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
            Message::Query if self.rooms.host.is_some() => {}
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
                if self.opponent.peer.is_none_or(|t| t == peer)
                    && self.rooms.host.as_ref().is_none_or(|room| room.admits(&peer)) =>
            {
                self.opponent.peer = Some(peer);
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
        self.stream.current = Some((generation, writer));
        self.session.transport_mut().deliver(LinkEvent::Up { peer: peer.to_bytes() });
        self.session.transport_mut().deliver(LinkEvent::Message(first));
    }

    fn listing(&self, waiting_secs: u64) -> Option<Message> {
        let offer = self.session.offer()?;
        Some(Message::Listing {
            name: self.session.name().chars().take(8).collect(),
            game: offer.game.clone(),
            seats: 2,
            waiting_secs: u32::try_from(waiting_secs).unwrap_or(u32::MAX),
        })
    }

    /// Adds the opponent's announced listen addresses to those a reconnection dials.
    pub(super) fn learn_peer_addrs(&mut self) {
        let Some(addrs) = self.opponent.peer.and_then(|t| self.opponent.identified.get(&t)) else { return };
        for addr in addrs {
            if !self.opponent.addrs.contains(addr) && self.opponent.addrs.len() < 16 {
                self.opponent.addrs.push(addr.clone());
            }
        }
    }

    /// Disconnects a peer whose link we dropped, once its last refusal had time to get out.
    pub(super) fn disconnect_when_due(&mut self, now: Instant) {
        if let Some((peer, due)) = self.stream.pending_disconnect
            && now >= due
        {
            self.stream.pending_disconnect = None;
            if !self.path.left_relay(Some(peer), now) {
                let _ = self.swarm.disconnect_peer_id(peer);
            }
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
