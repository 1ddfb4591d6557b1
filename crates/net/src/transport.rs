//! What a session needs from the network, as a trait: so that unit tests run two sessions over an
//! in-memory link, and the real libp2p stream plugs in the same way.

use std::collections::VecDeque;

use tripot_protocol::{FrameError, Message};

/// What the link reports to a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkEvent {
    /// A stream to the peer is open (first time or after a reconnection).
    Up {
        /// The peer's id bytes (libp2p peer id), bound into the opening draw.
        peer: Vec<u8>,
    },
    /// A whole message arrived.
    Message(Message),
    /// A frame arrived that is not a message (the link stays up unless the frame was too large).
    Malformed(FrameError),
    /// The stream is gone.
    Down,
}

/// The link a session talks through.
pub trait Transport {
    /// Queues a message for the peer. Messages sent while the link is down are lost; the session
    /// resynchronises with a resume exchange when it comes back.
    fn send(&mut self, message: Message);
    /// The next event, if any (never blocks).
    fn receive(&mut self) -> Option<LinkEvent>;
    /// Asks for the link to be dropped (after a flood or an oversized frame).
    fn close(&mut self);
}

/// A transport made of two queues: the driver (an async task or a test) fills the inbox and
/// drains the outbox. The real network driver and the in-memory tests both use it.
#[derive(Debug, Default)]
pub struct QueueTransport {
    inbox: VecDeque<LinkEvent>,
    outbox: VecDeque<Message>,
    close_requested: bool,
}

impl QueueTransport {
    /// Empty queues.
    #[must_use]
    pub fn new() -> QueueTransport {
        QueueTransport::default()
    }

    /// Delivers an event to the session (it sees it at its next poll).
    pub fn deliver(&mut self, event: LinkEvent) {
        self.inbox.push_back(event);
    }

    /// Takes the messages the session sent since the last call.
    pub fn take_outgoing(&mut self) -> impl Iterator<Item = Message> + '_ {
        self.outbox.drain(..)
    }

    /// Whether the session asked for the link to be dropped (cleared by the call).
    pub fn take_close_request(&mut self) -> bool {
        std::mem::take(&mut self.close_requested)
    }
}

impl Transport for QueueTransport {
    fn send(&mut self, message: Message) {
        self.outbox.push_back(message);
    }

    fn receive(&mut self) -> Option<LinkEvent> {
        self.inbox.pop_front()
    }

    fn close(&mut self) {
        self.close_requested = true;
    }
}
