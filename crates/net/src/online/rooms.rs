//! The relay link and private rooms in the driver: the reservation that makes a host reachable
//! through the relay, the room in its directory, and the guest's way to a room's host.

use std::time::Instant;

use libp2p::swarm::SwarmEvent;
use libp2p::swarm::dial_opts::DialOpts;

use tokio::sync::mpsc;
use tripot_protocol::Role;

use super::driver::Driver;
use super::{NetEvent, OnlineConfig, OnlineError, Start, relay};
use crate::room::private_room as room;
use crate::room::{RoomError, RoomEvent};
use crate::swarm::BehaviourEvent;

/// The relay link and the room, if any.
pub(super) struct Rooms {
    /// The link to the relay.
    pub(super) relay: Option<relay::RelayLink>,
    /// Host: the private room.
    pub(super) host: Option<room::HostRoom>,
    /// Guest: joining a private room.
    pub(super) guest: Option<room::JoinRoom>,
}

impl Rooms {
    /// A host holds a reservation on the relay, if it has one; a guest only needs the relay for
    /// a room (a relayed join address is dialled through the relay by itself).
    pub(super) fn new(
        start: &Start,
        config: &OnlineConfig,
        role: Role,
        proofs: mpsc::Sender<room::ProofResult>,
    ) -> Result<Rooms, OnlineError> {
        let is_room = matches!(start, Start::HostRoom { .. } | Start::JoinRoom(_));
        if is_room && config.net.relay.is_none() {
            return Err(OnlineError::NoRelay);
        }
        let relay = match &config.net.relay {
            Some(addr) if role == Role::Host || is_room => {
                Some(relay::RelayLink::new(addr.clone(), role == Role::Host)?)
            }
            _ => None,
        };
        let (host, guest) = match start {
            Start::HostRoom { code, .. } => (Some(room::HostRoom::new(*code, proofs)), None),
            Start::JoinRoom(code) => (None, Some(room::JoinRoom::new(*code, proofs))),
            _ => (None, None),
        };
        Ok(Rooms { relay, host, guest })
    }
}

impl Driver {
    /// Shows a swarm event to the relay link and the room; `true` when it was theirs alone.
    pub(super) fn rooms_on_swarm(&mut self, event: &SwarmEvent<BehaviourEvent>) -> bool {
        let now = Instant::now();
        let relay_peer = self.rooms.relay.as_mut().map(|relay| {
            relay.on_swarm(event, now);
            relay.peer()
        });
        match event {
            // The relay is not the opponent (a room's guest learns its host from the directory).
            SwarmEvent::ConnectionEstablished { peer_id, .. } if Some(*peer_id) == relay_peer => true,
            SwarmEvent::ConnectionEstablished { peer_id, .. } => {
                if let Some(join) = &mut self.rooms.guest {
                    join.on_connected(&self.swarm, self.local_peer, *peer_id);
                }
                false
            }
            SwarmEvent::Behaviour(BehaviourEvent::Directory(directory)) => {
                let room_event = match (&mut self.rooms.host, &mut self.rooms.guest) {
                    (Some(room), _) => room.on_directory(directory, now),
                    (None, Some(join)) => join.on_directory(directory),
                    (None, None) => None,
                };
                if let Some(room_event) = room_event {
                    self.on_room_event(room_event);
                }
                true
            }
            // The relay link reports its own failures as a state, without a warning each try.
            SwarmEvent::OutgoingConnectionError { peer_id: Some(peer), .. } if Some(*peer) == relay_peer => {
                true
            }
            SwarmEvent::OutgoingConnectionError { peer_id: Some(peer), error, .. } => {
                let failed =
                    self.rooms.guest.as_mut().and_then(|join| join.on_dial_error(*peer, &error.to_string()));
                let theirs = failed.is_some();
                if let Some(failed) = failed {
                    self.on_room_event(failed);
                }
                theirs
            }
            _ => false,
        }
    }

    /// Keeps the relay link and the room going; reports what changed.
    pub(super) fn step_relay(&mut self, now: Instant) {
        let Some(relay) = &mut self.rooms.relay else { return };
        relay.tick(&mut self.swarm, now);
        let change = relay.take_change();
        let (relay_peer, ready) = (relay.peer(), relay.is_ready());
        if let Some(state) = change {
            self.emit(NetEvent::Relay(state));
        }
        let game_started = self.session.game().is_some();
        let event = match (&mut self.rooms.host, &mut self.rooms.guest) {
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

    pub(super) fn on_room_event(&mut self, event: RoomEvent) {
        match &event {
            RoomEvent::Found(host) => {
                // Reach the host through the relay; a reconnection dials the same address.
                if let Some(relay) = &self.rooms.relay {
                    let addr = relay.circuit_to(*host);
                    self.opponent.peer = Some(*host);
                    self.opponent.addrs = vec![addr.clone()];
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

    pub(super) fn on_proof_result(&mut self, result: room::ProofResult) {
        let event = match (&mut self.rooms.host, &mut self.rooms.guest) {
            (Some(room), _) => room.on_proof_result(result),
            (None, Some(join)) => join.on_proof_result(result),
            (None, None) => None,
        };
        if let Some(event) = event {
            self.on_room_event(event);
        }
    }
}
