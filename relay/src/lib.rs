//! tripot-relay: the small node that introduces Tripot players to each other.
//!
//! It runs a libp2p [circuit relay v2] server (players behind home routers reach each other
//! through it, then try to go direct with DCUtR), a [rendezvous] server (open lobby tables under
//! standard namespaces, see `tripot_directory::LobbyTable`; served by the relay itself so that a
//! registration is accepted only from a peer holding a reservation here, within quotas per peer
//! and per address, and goes with it), and the Tripot directory, a tiny protocol of our own that
//! maps the hash of a private room code to its host without ever listing what it holds, and
//! pairs quick-match seekers atomically (see [`directory`]). The wire both sides speak is in
//! `tripot-directory`; this crate keeps the relay's own state: the room registry, the matchmaker
//! and the rendezvous store. Identify and ping keep peers informed and alive; connection limits
//! (overall, per peer and per remote address) and a memory limit keep the node standing under
//! load.
//!
//! The binary `tripot-relay` is a thin wrapper: [`Options`] parses its flags, [`Relay::start`]
//! runs the node.
//!
//! [circuit relay v2]: https://github.com/libp2p/specs/blob/master/relay/circuit-v2.md
//! [rendezvous]: https://github.com/libp2p/specs/blob/master/rendezvous/README.md
#![forbid(unsafe_code)]

mod behaviour;
mod counts;
mod denials;
pub mod directory;
mod error;
mod http;
mod identity;
mod ip_limits;
mod limits;
mod lobby;
mod metrics;
mod node;
mod options;
pub mod rate;

pub use error::RelayError;
pub use identity::{keypair_from_seed, load_or_create_keypair};
pub use limits::Limits;
pub use node::{Relay, RelayHandle};
pub use options::Options;
