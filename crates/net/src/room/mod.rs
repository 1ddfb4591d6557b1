//! Private rooms: a short code read aloud between friends turns into a game through a relay.
//!
//! - [`RoomCode`]: six characters such as `K7M-4QP`, from an alphabet without look-alikes.
//! - [`directory_key`](RoomCode::directory_key): what the relay's room directory stores — a
//!   keyed hash of the code, never the code. The directory answers only exact lookups and
//!   never lists its keys (see `tripot-relay`'s `directory` module for why rendezvous is not used).
//! - [`proof`]: before the game starts, each side proves it knows the code with a MAC keyed
//!   by it over a fresh challenge and both peer ids, so a proof can be neither replayed nor
//!   relayed to another peer, and whoever learnt only the directory key cannot forge one.
//! - [`ProofThrottle`]: wrong proofs slow down the peer that sent them (exponential backoff)
//!   and, past a global cap, every peer with a failure, so online guessing is hopeless while a
//!   stranger's failures never lock out a friend.
//! - [`handshake`]: the exchange on a stream: the guest proves first, then the host.
//! - [`BusyRetry`]: how long a guest keeps asking a relay that answers "throttled".
//! - `private_room`: the room as a running session uses it — the host keeping it open in the
//!   directory and checking proofs, the guest finding its host and proving the code
//!   ([`RoomEvent`]); the online driver only dispatches to it (`online/rooms.rs`).

mod busy;
mod code;
pub mod handshake;
pub(crate) mod private_room;
pub mod proof;
mod throttle;

pub use busy::{BUSY_PATIENCE, BusyRetry};
pub use code::{CODE_LEN, ParseRoomCodeError, ROOM_ALPHABET, RoomCode};
pub use private_room::{GuestRefusal, RoomError, RoomEvent};
pub use proof::{Challenge, Proof, Role};
pub use throttle::{ProofThrottle, ThrottleConfig};
