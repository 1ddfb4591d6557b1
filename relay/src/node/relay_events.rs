//! The circuit relay server's news: reservations and circuits held (the gauges follow our own
//! counts, since libp2p reports some closings more than once), lobby tables taken down with
//! their host's reservation, refusals counted and logged sparingly.

use super::Node;
use crate::counts::forget_one;
use crate::denials::Denied;
use libp2p::{PeerId, relay};
use std::time::Instant;

impl Node {
    pub(super) fn on_relay(&mut self, event: relay::Event) {
        match event {
            relay::Event::ReservationReqAccepted { src_peer_id, renewed } => {
                tracing::debug!(%src_peer_id, renewed, "reservation accepted");
                if !renewed {
                    *self.reservations.entry(src_peer_id).or_default() += 1;
                    self.metrics.tripot.reservations.inc();
                }
            }
            relay::Event::ReservationReqDenied { src_peer_id, status } => {
                self.denials.record(src_peer_id, Denied::Reservation, status_label(&status), Instant::now());
            }
            // Emitted for any closed connection of the peer: the reservations go when the
            // peer's last connection does (in `handle`).
            relay::Event::ReservationClosed { .. } => {}
            relay::Event::ReservationTimedOut { src_peer_id } => {
                if forget_one(&mut self.reservations, &src_peer_id) {
                    self.metrics.tripot.reservations.dec();
                }
                if !self.reservations.contains_key(&src_peer_id) {
                    self.reservation_gone(&src_peer_id);
                }
            }
            relay::Event::CircuitReqAccepted { src_peer_id, dst_peer_id } => {
                tracing::debug!(%src_peer_id, %dst_peer_id, "circuit opened");
                *self.circuits.entry((src_peer_id, dst_peer_id)).or_default() += 1;
                self.metrics.tripot.circuits.inc();
                self.metrics.tripot.circuits_total.inc();
            }
            relay::Event::CircuitReqDenied { src_peer_id, dst_peer_id, status } => {
                tracing::trace!(%src_peer_id, %dst_peer_id, ?status, "circuit denied");
                self.denials.record(src_peer_id, Denied::Circuit, status_label(&status), Instant::now());
            }
            relay::Event::CircuitClosed { src_peer_id, dst_peer_id, error } => {
                tracing::debug!(%src_peer_id, %dst_peer_id, ?error, "circuit closed");
                if forget_one(&mut self.circuits, &(src_peer_id, dst_peer_id)) {
                    self.metrics.tripot.circuits.dec();
                }
            }
            relay::Event::StatusChanged { status } => tracing::info!(?status, "relay status"),
            other => tracing::debug!(?other, "relay event"),
        }
    }

    /// `peer` holds no reservation any more (it lapsed, or the peer left): its registrations
    /// and its rooms go, since each promised it could be reached here.
    pub(super) fn reservation_gone(&mut self, peer: &PeerId) {
        let gone = self.lobby.peer_gone(peer);
        if !gone.is_empty() {
            tracing::debug!(%peer, registrations = gone.len(), "peer unreachable: its registrations are taken down");
            self.update_lobby_gauge();
        }
        let closed = self.registry.close_all(peer);
        if closed > 0 {
            tracing::debug!(%peer, closed, "host unreachable: its rooms are closed");
            self.update_room_gauge();
        }
    }
}

/// The `reason` label of a relay refusal.
fn status_label(status: &relay::StatusCode) -> &'static str {
    match status {
        relay::StatusCode::OK => "ok",
        relay::StatusCode::ReservationRefused => "reservation_refused",
        relay::StatusCode::ResourceLimitExceeded => "resource_limit_exceeded",
        relay::StatusCode::PermissionDenied => "permission_denied",
        relay::StatusCode::ConnectionFailed => "connection_failed",
        relay::StatusCode::NoReservation => "no_reservation",
        relay::StatusCode::MalformedMessage => "malformed_message",
        relay::StatusCode::UnexpectedMessage => "unexpected_message",
    }
}
