//! tripot-directory: what a Tripot client and a `tripot-relay` must agree on to find each other,
//! and nothing either side keeps to itself.
//!
//! - The directory protocol (`/tripot/rooms/2.0.0`): [`Request`] and [`Response`], their
//!   [`Codec`], and the behaviours each side runs ([`client_behaviour`], [`server_behaviour`]).
//!   A private room is found by its [`RoomKey`] (a hash of its code, never the code), and a
//!   quick-match seeker says which game it plays, or that any game of so many seats will do
//!   ([`QuickSeek`]).
//! - Open lobby tables: the rendezvous namespace that describes a table ([`LobbyTable`],
//!   [`is_lobby`]). Clients read and write them with libp2p's stock rendezvous client; the relay's
//!   rendezvous server only needs to tell a lobby namespace from others.
//! - [`RELAY_AGENT_PREFIX`]: how a client tells a `tripot-relay` from other libp2p nodes.
//!
//! Why a crate of its own: a client must not link the relay's node, HTTP endpoint, metrics and
//! command line just to speak to it (as libp2p-rendezvous keeps its codec apart from its client
//! and server). The relay's state — the room registry, the matchmaker, the quick-match desk, the
//! rendezvous store — stays in `tripot-relay`.
//!
//! A game is its name and seat count everywhere here ([`tripot_game::TableSpec`]), compared by
//! equality: this crate, and the relay that links it, know no rules, so a new game needs no new
//! relay.
//!
//! This crate does no I/O of its own: it encodes and decodes, and libp2p's request-response
//! drives the streams.
#![forbid(unsafe_code)]

mod behaviour;
mod lobby_table;
mod quick_seek;
mod wire;

pub use behaviour::{Behaviour, client_behaviour, server_behaviour};
pub use lobby_table::{LOBBY_NAMESPACE_PREFIX, LobbyTable, MAX_TABLE_NAME, is_lobby, listing_namespace};
pub use quick_seek::QuickSeek;
pub use tripot_game::{GameSpec, TableSpec};
pub use wire::{
    Codec, MAX_DIRECTORY_FRAME, PROTOCOL, PROTOCOL_V1, RefuseReason, Request, Response, RoomKey, WireError,
};

/// The start of a `tripot-relay`'s identify agent version (`tripot-relay/0.1.0`): how a client
/// that finds one on a LAN by mDNS tells it from other libp2p nodes. (A Tripot client announces
/// `tripot_protocol::AGENT_PREFIX`, `tripot/`, instead.)
pub const RELAY_AGENT_PREFIX: &str = "tripot-relay/";
