//! Leaving a live game on purpose: the side that leaves says so ([`Message::Leaving`]) before
//! its link drops, so the other side tells its player « your opponent left » rather than
//! « reconnecting… ». Nothing else changes: the game stays saved on both sides, the grace period
//! runs, the one who left may come back (`--resume`) and the one who stayed may claim the game.
//! A peer that predates the message fails to decode it and drops a link that was about to drop.

use std::time::Instant;

use tripot_protocol::Message;

use super::Session;
use crate::event::SessionEvent;
use crate::transport::Transport;

impl<T: Transport> Session<T> {
    /// Tells the peer that this side leaves the live game on purpose (nothing if no game is on
    /// or the link is down). The caller then drops the session.
    pub fn leave(&mut self, now: Instant) {
        let live = self.game.as_ref().is_some_and(|g| g.ending().is_none());
        if live && self.is_connected() {
            self.send(Message::Leaving, now);
        }
    }

    /// The peer leaves on purpose: said once; its link dropping next is no network trouble.
    pub(super) fn on_leaving(&mut self) {
        let live = self.game.as_ref().is_some_and(|g| g.ending().is_none());
        if live && !self.peer_leaving {
            self.peer_leaving = true;
            self.events.push(SessionEvent::PeerLeft);
        }
    }

    /// Whether the peer said it left on purpose, since its link last came up.
    #[must_use]
    pub const fn peer_left(&self) -> bool {
        self.peer_leaving
    }
}
