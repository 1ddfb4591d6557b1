//! Where an online game stands apart from its board, for any game: this side's part
//! ([`Side`]), the connection to the opponent ([`Connection`]), the route, a rematch offered, a
//! question waiting for a second press. Both online controllers share these words.

use std::time::Duration;

use tripot_net::online::matchmaking::quick::QuickSeek;
use tripot_net::session::Offer;

/// A rematch offered once the game is over, and by whom (while no answer came).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RematchOffer {
    /// We offered; waiting for the answer.
    Asked,
    /// The opponent offered.
    Offered,
}

/// Where the connection to the opponent stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Connection {
    /// Host: waiting for someone to join.
    Waiting,
    /// Guest: reaching the host.
    Joining,
    /// Playing.
    Connected,
    /// The link dropped; waiting for the opponent to come back.
    Reconnecting {
        /// Time waited so far.
        waited: Duration,
    },
    /// The grace period is over: the game may be claimed, or the player keeps waiting.
    GraceOver {
        /// Time waited so far.
        waited: Duration,
    },
    /// The game is over.
    Over,
    /// Quick match: waiting at the relay with this many seekers (0: not known yet).
    Seeking {
        /// Players seeking at the relay, as the relay counts them.
        players: u32,
    },
}

/// How the game's connection goes, once the network says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// Device to device.
    Direct,
    /// Through a relay.
    Relayed,
}

/// This side's part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Side {
    /// Hosting this offer.
    Host(Offer),
    /// Joining what the player typed (an address or a room code).
    Guest(String),
    /// Seeking an opponent through the relay (quick match): one game, or any of its seats.
    Quick(QuickSeek),
    /// Waiting at one's own table of the lobby.
    Table(Offer),
    /// Hosting in a private room on the relay.
    Room(Offer),
    /// Met through the relay (`tripot lobby`, `tripot quick`): waiting for the opponent.
    Relay,
    /// Resuming a saved game.
    Resume,
}

/// An action that asks for a second press.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirm {
    /// Resigning.
    Resign,
    /// Leaving a live game.
    Leave,
}
