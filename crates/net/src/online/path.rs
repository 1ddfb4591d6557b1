//! The game's path to the opponent: direct, or through a relay.
//!
//! Two players who met through a `tripot-relay` first talk over a relayed connection (a circuit).
//! DCUtR then tries to punch through both routers; when it succeeds a direct connection to the
//! opponent appears beside the relayed one. The game moves there: the guest closes the relayed
//! connections, its game stream drops with them, and it opens a new one on what is left — the
//! direct connection — with the usual resume exchange (ply and hash), so not a move is lost.
//! When hole punching fails the game simply stays on the relay.
//!
//! The player must not notice any of this except in the "direct / via relay" indicator: while
//! a drop happens with a direct connection open, the session's "disconnected" and "resumed"
//! events are held back, and dropped once the game is back on the new stream. Should it not come
//! back within [`MOVE_GRACE`], they are let through, late, as the real disconnection it was.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use libp2p::PeerId;
use libp2p::swarm::ConnectionId;

use tripot_protocol::Role;

use super::NetEvent;
use crate::event::SessionEvent;
use crate::transport::LinkEvent;

/// How long a move to a direct connection may take before it counts as a disconnection.
pub(crate) const MOVE_GRACE: Duration = Duration::from_secs(10);

impl super::driver::Driver {
    /// Guest: moves the game to a direct connection as soon as one is open beside the relayed
    /// one. Both sides: report the path when it is known or changes.
    pub(super) fn follow_path(&mut self) {
        let link_up = self.session.is_connected() && self.stream.current.is_some();
        if self.role == Role::Guest {
            // Only once the host surely holds the game: moving right after a random draw could
            // resume on the direct link before the host has the game at all.
            let game_on = link_up && self.session.peer_holds_game();
            let relayed = self.path.relayed_to_close(self.opponent.peer, game_on);
            for id in &relayed {
                tracing::debug!(connection = %id, "hole punched: the game leaves the relay");
                self.swarm.close_connection(*id);
            }
            // The game stream was on the relayed connection, and a stream of a closed connection
            // does not always report its end: drop it now; it reopens on the direct one.
            if !relayed.is_empty() && self.stream.current.is_some() {
                self.drop_link(false);
                self.session.transport_mut().deliver(LinkEvent::Down);
            }
        }
        if let Some(path) = self.path.changed(self.opponent.peer, link_up) {
            self.emit(NetEvent::Path(path));
        }
    }
}

/// How the game reaches the opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GamePath {
    /// A direct connection (on a LAN, by address, or hole-punched).
    Direct,
    /// Through a relay's circuit.
    Relayed,
}

impl GamePath {
    /// A word for scripts and the JSON lines: `direct` or `relayed`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GamePath::Direct => "direct",
            GamePath::Relayed => "relayed",
        }
    }
}

/// The driver's view of its connections and of the path the game takes to the opponent.
#[derive(Debug, Default)]
pub(crate) struct PathTracker {
    /// Open connections, to any peer (the host learns who its opponent is after connecting):
    /// the peer, and whether the connection is relayed.
    connections: HashMap<ConnectionId, (PeerId, bool)>,
    /// Relayed connections already asked to close.
    closing: Vec<ConnectionId>,
    /// The path last reported.
    reported: Option<GamePath>,
    /// Since when the game stream is moving to a direct connection.
    moving_since: Option<Instant>,
    /// Session events held back while it moves.
    held: Vec<SessionEvent>,
    /// When a relayed connection to a peer with a direct one open last closed.
    left_relay: Option<(PeerId, Instant)>,
}

impl PathTracker {
    /// A connection opened.
    pub(crate) fn opened(&mut self, id: ConnectionId, peer: PeerId, relayed: bool) {
        // Bounded by the swarm's own connection limits; entries leave with their connection.
        self.connections.insert(id, (peer, relayed));
    }

    /// A connection closed.
    pub(crate) fn closed(&mut self, id: ConnectionId) {
        if let Some((peer, true)) = self.connections.remove(&id)
            && self.has_direct(Some(peer))
        {
            self.left_relay = Some((peer, Instant::now()));
        }
        self.closing.retain(|c| *c != id);
    }

    /// Whether the game to `peer` is leaving, or has just left, a relayed connection for a direct
    /// one (within [`MOVE_GRACE`]): the stream that died with it says nothing about the direct
    /// connection, which must not be closed for it.
    pub(crate) fn left_relay(&self, peer: Option<PeerId>, now: Instant) -> bool {
        let recent = self
            .left_relay
            .is_some_and(|(p, at)| Some(p) == peer && now.saturating_duration_since(at) < MOVE_GRACE);
        self.has_direct(peer) && (recent || self.closing(peer))
    }

    /// Whether a drop of the game stream may be the move to a direct connection: a direct
    /// connection is open and the game is leaving, or just left, a relayed one — or a relayed one
    /// is still open beside it. The host learns of the move only from the stream's end, which
    /// can reach it before the relayed connection's close: the drop is held back all the same.
    fn moving(&self, peer: Option<PeerId>, now: Instant) -> bool {
        self.left_relay(peer, now) || (self.has_direct(peer) && self.to(peer).any(|(_, relayed)| relayed))
    }

    /// Whether each open connection to `peer` is relayed.
    fn to(&self, peer: Option<PeerId>) -> impl Iterator<Item = (ConnectionId, bool)> + '_ {
        self.connections.iter().filter(move |(_, (p, _))| Some(*p) == peer).map(|(id, (_, r))| (*id, *r))
    }

    fn has_direct(&self, peer: Option<PeerId>) -> bool {
        self.to(peer).any(|(_, relayed)| !relayed)
    }

    /// Whether relayed connections to `peer` are still closing: the game stream must wait, or
    /// it could be opened on one of them.
    pub(crate) fn closing(&self, peer: Option<PeerId>) -> bool {
        self.to(peer).any(|(id, _)| self.closing.contains(&id))
    }

    /// Guest: the relayed connections to `peer` to close now, so that the game stream moves to
    /// the direct one. Only once the game is on (a room handshake on the relayed connection is
    /// never cut) and a direct connection is open; each connection is named once.
    pub(crate) fn relayed_to_close(&mut self, peer: Option<PeerId>, game_on: bool) -> Vec<ConnectionId> {
        if !game_on || !self.has_direct(peer) {
            return Vec::new();
        }
        let close: Vec<ConnectionId> = self
            .to(peer)
            .filter(|(id, relayed)| *relayed && !self.closing.contains(id))
            .map(|(id, _)| id)
            .collect();
        self.closing.extend(close.iter().copied());
        close
    }

    /// The path to report, when it changed: direct once no relayed connection to `peer` is
    /// left, relayed while every one is; undecided (nothing) while the game link is down or
    /// both kinds are open.
    pub(crate) fn changed(&mut self, peer: Option<PeerId>, link_up: bool) -> Option<GamePath> {
        let (mut total, mut relayed) = (0, 0);
        for (_, r) in self.to(peer) {
            total += 1;
            relayed += usize::from(r);
        }
        if !link_up || total == 0 {
            return None;
        }
        let path = if relayed == 0 {
            GamePath::Direct
        } else if relayed == total {
            GamePath::Relayed
        } else {
            return None;
        };
        if self.reported == Some(path) {
            return None;
        }
        self.reported = Some(path);
        Some(path)
    }

    /// Passes the session's events through, holding back those of a move to a direct
    /// connection (see the module documentation).
    pub(crate) fn filter(
        &mut self,
        peer: Option<PeerId>,
        events: Vec<SessionEvent>,
        now: Instant,
    ) -> Vec<SessionEvent> {
        // Only a game leaving a relayed connection is moving: in a game met directly a
        // disconnection is news at once.
        let direct = self.moving(peer, now);
        let mut out = Vec::with_capacity(events.len());
        for event in events {
            match (&event, self.moving_since) {
                (SessionEvent::PeerDisconnected, None) if direct => {
                    self.moving_since = Some(now);
                    self.held.push(event);
                }
                (SessionEvent::PeerDisconnected | SessionEvent::Reconnecting { .. }, Some(_)) => {
                    self.held.push(event);
                }
                (SessionEvent::Resumed { .. }, Some(_)) => {
                    // Back on the new stream: nothing happened, as far as the player knows.
                    self.moving_since = None;
                    self.held.clear();
                }
                _ => out.push(event),
            }
        }
        if self.moving_since.is_some_and(|since| now.saturating_duration_since(since) >= MOVE_GRACE) {
            self.moving_since = None;
            let mut late = std::mem::take(&mut self.held);
            late.append(&mut out);
            return late;
        }
        out
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    fn id(n: usize) -> ConnectionId {
        ConnectionId::new_unchecked(n)
    }

    fn peer() -> PeerId {
        libp2p::identity::Keypair::generate_ed25519().public().to_peer_id()
    }

    /// A tracker that saw these connections (number, relayed) open to one peer, and the peer.
    fn tracker(connections: &[(usize, bool)]) -> (PathTracker, PeerId) {
        let mut path = PathTracker::default();
        let them = peer();
        for &(n, relayed) in connections {
            path.opened(id(n), them, relayed);
        }
        (path, them)
    }

    /// What the game is shown of the peer's drop seen at `at`.
    fn drop_shown(path: &mut PathTracker, them: PeerId, at: Instant) -> Vec<SessionEvent> {
        path.filter(Some(them), vec![SessionEvent::PeerDisconnected], at)
    }

    fn resumed() -> SessionEvent {
        SessionEvent::Resumed { common_ply: 4, replayed: 0 }
    }

    #[test]
    fn a_relayed_game_stays_relayed_without_a_direct_connection() {
        let (mut path, them) = tracker(&[(1, true)]);
        assert_eq!(path.changed(Some(them), true), Some(GamePath::Relayed));
        assert_eq!(path.changed(Some(them), true), None, "reported once");
        assert!(path.relayed_to_close(Some(them), true).is_empty());
        let now = Instant::now();
        // A real drop with no direct connection is shown at once.
        assert_eq!(drop_shown(&mut path, them, now), vec![SessionEvent::PeerDisconnected]);
    }

    #[test]
    fn a_direct_connection_takes_the_game_once_it_is_on() {
        let (mut path, them) = tracker(&[(1, true)]);
        assert_eq!(path.changed(Some(them), true), Some(GamePath::Relayed));
        path.opened(id(2), them, false);
        assert_eq!(path.changed(Some(them), true), None, "both kinds open: undecided");
        assert!(path.relayed_to_close(Some(them), false).is_empty(), "the handshake is never cut");
        assert!(!path.left_relay(Some(them), Instant::now()), "nothing left yet");
        assert_eq!(path.relayed_to_close(Some(them), true), vec![id(1)]);
        assert!(path.relayed_to_close(Some(them), true).is_empty(), "asked once");
        assert!(path.closing(Some(them)), "no game stream until it is gone");
        assert!(path.left_relay(Some(them), Instant::now()), "closing the relayed one");
        path.closed(id(1));
        assert!(!path.closing(Some(them)));
        assert!(path.left_relay(Some(them), Instant::now()), "the old stream's death is expected");
        assert!(!path.left_relay(Some(them), Instant::now() + MOVE_GRACE), "but not for ever");
        assert_eq!(path.changed(Some(them), false), None, "not while the link is down");
        assert_eq!(path.changed(Some(them), true), Some(GamePath::Direct));
    }

    #[test]
    fn a_game_met_directly_is_direct() {
        let (mut path, them) = tracker(&[]);
        assert_eq!(path.changed(Some(them), true), None, "no connection known yet");
        path.opened(id(3), peer(), false);
        assert_eq!(path.changed(Some(them), true), None, "the relay's connection is not the game's");
        path.opened(id(7), them, false);
        assert_eq!(path.changed(Some(them), true), Some(GamePath::Direct));
    }

    #[test]
    fn the_move_to_the_direct_connection_is_invisible() {
        let (mut path, them) = tracker(&[(1, true), (2, false)]);
        path.closed(id(1));
        let now = Instant::now();
        assert!(drop_shown(&mut path, them, now).is_empty());
        let moved = SessionEvent::MoveReceived {
            ply: 5,
            seat: tripot_game::Seat(1),
            game_move: tripot_game::GameMove::pass(),
            text: "pass".into(),
            hash: 7,
            state: crate::event::GameSnapshot(tripot_engine::open(&"tripot".parse().unwrap()).unwrap()),
        };
        let shown = path.filter(
            Some(them),
            vec![SessionEvent::Reconnecting { waited: Duration::from_secs(1) }, resumed(), moved.clone()],
            now + Duration::from_secs(1),
        );
        assert_eq!(shown, vec![moved], "replayed moves still count; the drop and resume do not");
        // Later drops are real ones again (when no direct connection is left).
        path.closed(id(2));
        let later = now + Duration::from_secs(60);
        assert_eq!(drop_shown(&mut path, them, later), vec![SessionEvent::PeerDisconnected]);
    }

    #[test]
    fn a_drop_seen_before_the_relayed_connection_closes_is_held_back_too() {
        // The host's view: the guest closed the relayed connection, and the game stream's end
        // arrives before the connection's close.
        let (mut path, them) = tracker(&[(1, true), (2, false)]);
        let now = Instant::now();
        assert!(drop_shown(&mut path, them, now).is_empty());
        path.closed(id(1));
        let shown = path.filter(Some(them), vec![resumed()], now + Duration::from_millis(50));
        assert!(shown.is_empty(), "{shown:?}");
    }

    #[test]
    fn a_move_that_never_completes_shows_as_a_disconnection_late() {
        let (mut path, them) = tracker(&[(1, true), (2, false)]);
        path.closed(id(1));
        let now = Instant::now();
        assert!(drop_shown(&mut path, them, now).is_empty());
        let waiting = SessionEvent::Reconnecting { waited: Duration::from_secs(3) };
        assert!(path.filter(Some(them), vec![waiting.clone()], now + Duration::from_secs(3)).is_empty());
        let late = path.filter(Some(them), Vec::new(), now + MOVE_GRACE);
        assert_eq!(late, vec![SessionEvent::PeerDisconnected, waiting]);
        // From then on, events pass straight through.
        assert_eq!(path.filter(Some(them), vec![resumed()], now + MOVE_GRACE * 2), vec![resumed()]);
    }

    #[test]
    fn a_game_met_directly_shows_its_disconnection_at_once() {
        let (mut path, them) = tracker(&[(2, false)]);
        let waiting = SessionEvent::Reconnecting { waited: Duration::from_secs(1) };
        let events = vec![SessionEvent::PeerDisconnected, waiting];
        assert_eq!(path.filter(Some(them), events.clone(), Instant::now()), events);
    }
}
