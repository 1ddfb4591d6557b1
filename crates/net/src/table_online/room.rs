//! A table in a private room: the relay link, the room in the relay's directory (the host's)
//! or the way to its host by the code (a guest's), through `room/private_room.rs` as a
//! two-seat room does. The host lets a table stream in only from a peer that proved the code
//! while the room is open; a guest opens its table stream once both proofs checked out. The
//! room closes when the game starts; a hand-over then goes by the seats' announced addresses.

use std::time::Instant;

use libp2p::swarm::SwarmEvent;
use libp2p::swarm::dial_opts::DialOpts;
use libp2p::{Multiaddr, PeerId, Stream};
use tokio::sync::mpsc;

use super::TableNetEvent;
use super::driver::TableDriver;
use crate::online::relay::RelayLink;
use crate::room::private_room::{HostRoom, JoinRoom, ProofResult};
use crate::room::{RoomCode, RoomError, RoomEvent};
use crate::swarm::BehaviourEvent;

/// The host's room or the guest's join.
pub(super) enum Side {
    /// Keeping the room open and checking proofs.
    Host(HostRoom),
    /// Finding the host and proving the code.
    Guest(JoinRoom),
}

/// The relay link and the room.
pub(super) struct TableRoom {
    relay: RelayLink,
    side: Side,
    /// The room failed: nothing more is asked of the relay.
    failed: bool,
}

impl TableRoom {
    /// A host's room (`host`) or a guest's join of `code` through the relay at `relay`.
    pub(super) fn new(
        relay: Multiaddr,
        code: RoomCode,
        host: bool,
        proofs: mpsc::Sender<ProofResult>,
    ) -> Result<TableRoom, crate::online::RelayAddrError> {
        let side = if host {
            Side::Host(HostRoom::new(code, proofs))
        } else {
            Side::Guest(JoinRoom::new(code, proofs))
        };
        Ok(TableRoom { relay: RelayLink::new(relay, host)?, side, failed: false })
    }

    /// Whether a host's room lets `peer`'s table stream in (the room is closed once the game
    /// started: whoever reaches the table then is a seat coming back or a spectator that
    /// already proved the code).
    pub(super) fn admits(&self, peer: &PeerId, game_started: bool) -> bool {
        match &self.side {
            Side::Host(room) => game_started || room.admits(peer),
            Side::Guest(_) => true,
        }
    }
}

impl TableDriver {
    /// Keeps the relay link and the room going.
    pub(super) fn room_tick(&mut self, now: Instant) {
        let game_started = self.table.record().is_some();
        let Some(room) = &mut self.room else { return };
        if room.failed {
            return;
        }
        room.relay.tick(&mut self.swarm, now);
        let (relay, ready) = (room.relay.peer(), room.relay.is_ready());
        let event = match &mut room.side {
            Side::Host(host) => host.tick(&mut self.swarm, relay, ready, game_started, now),
            Side::Guest(join) => {
                join.tick(&mut self.swarm, relay, ready);
                None
            }
        };
        if let Some(event) = event {
            self.on_room_event(event, now);
        }
    }

    /// Shows a swarm event to the relay link and the room.
    pub(super) fn room_on_swarm(&mut self, event: &SwarmEvent<BehaviourEvent>) {
        let now = Instant::now();
        let local = self.local_peer;
        let Some(room) = &mut self.room else { return };
        room.relay.on_swarm(event, now);
        let relay = room.relay.peer();
        let room_event = match (event, &mut room.side) {
            (SwarmEvent::Behaviour(BehaviourEvent::Directory(directory)), Side::Host(host)) => {
                host.on_directory(directory, now)
            }
            (SwarmEvent::Behaviour(BehaviourEvent::Directory(directory)), Side::Guest(join)) => {
                join.on_directory(directory)
            }
            (SwarmEvent::ConnectionEstablished { peer_id, .. }, Side::Guest(join)) if *peer_id != relay => {
                join.on_connected(&self.swarm, local, *peer_id);
                None
            }
            (SwarmEvent::OutgoingConnectionError { peer_id: Some(peer), error, .. }, Side::Guest(join))
                if *peer != relay =>
            {
                join.on_dial_error(*peer, &error.to_string())
            }
            _ => None,
        };
        if let Some(room_event) = room_event {
            self.on_room_event(room_event, now);
        }
    }

    /// A would-be guest's proof stream (a host's room checks it; anyone else drops it).
    pub(super) fn on_proof_stream(&mut self, peer: PeerId, stream: Stream) {
        let local = self.local_peer;
        if let Some(TableRoom { side: Side::Host(host), .. }) = &mut self.room {
            host.on_proof_stream(local, peer, stream);
        }
    }

    /// A proof handshake ended.
    pub(super) fn on_proof_result(&mut self, result: ProofResult) {
        let Some(room) = &mut self.room else { return };
        let event = match &mut room.side {
            Side::Host(host) => host.on_proof_result(result),
            Side::Guest(join) => join.on_proof_result(result),
        };
        if let Some(event) = event {
            self.on_room_event(event, Instant::now());
        }
    }

    fn on_room_event(&mut self, event: RoomEvent, now: Instant) {
        match &event {
            RoomEvent::Found(host) => {
                let Some(room) = &self.room else { return };
                let addr = room.relay.circuit_to(*host);
                self.host.addrs = vec![addr.clone()];
                if let Err(error) = self.swarm.dial(DialOpts::peer_id(*host).addresses(vec![addr]).build()) {
                    self.emit(TableNetEvent::Room(RoomEvent::Failed(RoomError::Unreachable(
                        error.to_string(),
                    ))));
                    self.room_failed();
                    return;
                }
            }
            RoomEvent::Joined => {
                // Both proofs checked out: the host is this peer's to follow from now on.
                if let Some(TableRoom { side: Side::Guest(_), .. }) = &self.room {
                    self.host.peer = self.found_host();
                    self.host.last_dial = None;
                    self.redial(now);
                }
            }
            RoomEvent::Failed(_) => self.room_failed(),
            _ => {}
        }
        self.emit(TableNetEvent::Room(event));
    }

    /// The peer the directory named, once a guest's dial went out to it.
    fn found_host(&self) -> Option<PeerId> {
        self.host.addrs.first().and_then(super::driver::peer_of)
    }

    fn room_failed(&mut self) {
        if let Some(room) = &mut self.room {
            room.failed = true;
        }
    }
}
