//! The Tripot room directory: private room codes turned into a host, never listed.
//!
//! Why not rendezvous for private rooms: a rendezvous `DISCOVER` without a namespace returns
//! every registration, namespace included. A room code is short (about 30 bits, so people can
//! read it aloud), so a listed hash of it is brute-forced offline in seconds, and then the room
//! is open to anyone. The directory therefore has exactly three requests — open a room under a
//! key, close it, find the host of one key — and no way to enumerate keys. Lookups that miss
//! are throttled per peer, per IP address and overall, while a found room costs nothing: each
//! peer pays for its own misses, and the shared buckets hold back only peers that missed lately,
//! so a friend with the right code is never refused for strangers' failures (see
//! [`Registry::find`] for the exact rule and what it concedes to an attacker with many ids). The key is a hash of the code (derived in
//! `tripot_net::room`), so even the relay's memory holds no code in clear; the host still asks
//! every joiner to prove knowledge of the code itself before the game starts.
//!
//! Open lobby tables use standard rendezvous namespaces instead, on purpose: they are public.
//!
//! Quick match is here too ([`Request::Seek`]): pairing must be atomic, and only one place can
//! make it so — see [`matchmaker`].

pub mod matchmaker;
pub(crate) mod quick_desk;
mod registry;
mod wire;

pub use matchmaker::{FormatSet, Matchmaker, Pairing, SeekOutcome, Wish};
pub use registry::{FindOutcome, OpenOutcome, Registry, RegistryLimits};
pub use wire::{Codec, MAX_FRAME, PROTOCOL, RefuseReason, Request, Response, RoomKey, WireError};

use libp2p::request_response::{self, ProtocolSupport};
use std::time::Duration;

/// The request-response behaviour of the directory.
pub type Behaviour = request_response::Behaviour<Codec>;

fn config() -> request_response::Config {
    request_response::Config::default()
        .with_request_timeout(Duration::from_secs(10))
        .with_max_concurrent_streams(256)
}

/// The directory as the relay runs it: answers requests, sends none.
pub fn server_behaviour() -> Behaviour {
    request_response::Behaviour::with_codec(Codec, [(PROTOCOL, ProtocolSupport::Inbound)], config())
}

/// The directory as a player's client runs it: sends requests, answers none.
pub fn client_behaviour() -> Behaviour {
    request_response::Behaviour::with_codec(Codec, [(PROTOCOL, ProtocolSupport::Outbound)], config())
}
