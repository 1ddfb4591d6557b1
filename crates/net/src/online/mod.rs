//! The async driver: runs a [`Session`](crate::session::Session) over a libp2p game stream on a tokio task, and gives the
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
//!
//! The driver is split by job: `driver` runs the event loop and dispatches swarm events and
//! commands; `game_stream` owns the game stream's life (a host's undecided streams, the guest's
//! opening, drops, reconnection); `autosave` writes the game after every change; `rooms` keeps
//! the relay reservation and private rooms going; `path` follows the way the game reaches the
//! opponent (direct or relayed, and the move to a hole-punched connection).

mod autosave;
mod dial_cause;
mod driver;
mod game_stream;
mod handle;
mod lan;
pub(crate) mod link;
pub mod matchmaking;
mod path;
mod rating;
pub(crate) mod relay;
mod relay_on_lan;
mod rooms;
mod warning;

use std::path::PathBuf;

use libp2p::identity::Keypair;
use libp2p::multiaddr::Protocol;
use libp2p::{Multiaddr, PeerId};

pub use crate::result_keeper::RatingNews;
pub use crate::room::{GuestRefusal, RoomError, RoomEvent};
pub use dial_cause::DialCause;
pub use handle::SessionHandle;
pub use lan::{LanHost, LanOffer, browse};
pub use path::GamePath;
pub use relay::{RelayAddrError, RelayState};
pub use relay_on_lan::{find_lan_relay, is_relay_agent};
pub use warning::NetWarning;

use crate::driver_task;
use crate::event::SessionEvent;
use crate::room::RoomCode;
use crate::saved_game::{SaveError, SavedGame};
use crate::session::{LocalError, Offer, SessionConfig};
use crate::swarm::{NetConfig, SwarmError};

/// Everything an online game needs besides what to play.
#[derive(Debug, Clone)]
pub struct OnlineConfig {
    /// Session timings and the player's name.
    pub session: SessionConfig,
    /// Network settings.
    pub net: NetConfig,
    /// Where to save the game after every move (none: not saved).
    pub save: Option<PathBuf>,
    /// Sign finished games' results with the identity key the session runs with (false: a
    /// guest key of one game, or a computer plays this seat: nothing is signed, the game is
    /// not rated).
    pub sign_results: bool,
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
    /// The game was saved (its ply count then) to this file: what `--resume` takes.
    Saved {
        /// Moves saved.
        ply: u32,
        /// The file.
        path: PathBuf,
    },
    /// Something went wrong that does not end the session (a save failure, a failed dial).
    Warning(NetWarning),
    /// The game's path to the opponent, when it is known or changes: direct, or through the
    /// relay (where hole punching failed).
    Path(GamePath),
    /// The link to the relay changed.
    Relay(RelayState),
    /// A private room's news; after [`RoomEvent::Failed`] the session stops.
    Room(RoomEvent),
    /// What became of a finished game's signed result (kept, counted by the relay).
    Rating(RatingNews),
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
pub fn start(keypair: Keypair, config: OnlineConfig, start: Start) -> Result<SessionHandle, OnlineError> {
    let driver_task::Running { events, commands, local_peer, task } =
        driver::Driver::build(keypair, config, start)?.spawn();
    Ok(SessionHandle { events, commands, local_peer, task, leaving: false })
}

/// The peer id at the end of an address, if it has one: the last `/p2p/` (a relayed address,
/// `<relay>/p2p/<relay id>/p2p-circuit/p2p/<host id>`, names the relay first).
pub(super) fn peer_of(addr: &Multiaddr) -> Option<PeerId> {
    addr.iter().filter_map(|p| if let Protocol::P2p(peer) = p { Some(peer) } else { None }).last()
}
