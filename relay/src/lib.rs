//! tripot-relay: the small node that introduces Tripot players to each other.
//!
//! It runs a libp2p [circuit relay v2] server (players behind home routers reach each other
//! through it, then try to go direct with DCUtR), a [rendezvous] server (open lobby tables under
//! standard namespaces, see [`LobbyTable`]; served by the relay itself so that a table is
//! accepted only from a host holding a reservation here, and goes with it), and the Tripot directory, a tiny protocol of our
//! own that maps the hash of a private room code to its host without ever listing what it holds,
//! and pairs quick-match seekers atomically (see [`directory`]). Identify and ping keep peers informed and alive;
//! connection and memory limits keep the node standing under load.
//!
//! The binary `tripot-relay` is a thin wrapper: [`Options`] parses its flags, [`Relay::start`]
//! runs the node.
//!
//! [circuit relay v2]: https://github.com/libp2p/specs/blob/master/relay/circuit-v2.md
//! [rendezvous]: https://github.com/libp2p/specs/blob/master/rendezvous/README.md
#![forbid(unsafe_code)]

mod behaviour;
mod denials;
pub mod directory;
mod error;
mod http;
mod identity;
mod limits;
mod lobby;
mod metrics;
mod namespaces;
mod node;
mod options;
pub mod rate;

pub use behaviour::AGENT_PREFIX;
pub use error::RelayError;
pub use identity::{keypair_from_seed, load_or_create_keypair};
pub use limits::Limits;
pub use namespaces::{LOBBY_NAMESPACE_PREFIX, LobbyTable, MAX_TABLE_NAME, is_lobby};
pub use node::{Relay, RelayHandle};
pub use options::Options;
