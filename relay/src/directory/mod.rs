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

pub use matchmaker::{Matchmaker, Pairing, SeekOutcome, Wish};
pub use registry::{FindOutcome, OpenOutcome, Registry, RegistryLimits};
// The protocol itself is shared with clients and lives in `tripot-directory`; re-exported so
// the relay's modules and tests name one `directory`.
pub use tripot_directory::{
    Behaviour, Codec, MAX_DIRECTORY_FRAME, PROTOCOL, PROTOCOL_V1, QuickSeek, RefuseReason, Request, Response,
    RoomKey, WireError, client_behaviour, server_behaviour,
};
