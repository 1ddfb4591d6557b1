//! Tripot wire protocol: the messages two peers exchange during a game, and their codec.
//!
//! A pure library (no I/O): [`Message`] is what travels, [`encode`] turns one into a frame
//! (a big-endian `u16` length, then the postcard body), [`FrameDecoder`] turns bytes back into
//! messages. Frames longer than [`MAX_FRAME`] are refused from their length alone, before any
//! allocation; decoding never panics, whatever the bytes.
//!
//! [`table`] is the wire of a table of 2–6 seats (its own stream protocol, the same framing).
//!
//! ```
//! use tripot_protocol::{FrameDecoder, Message, encode};
//!
//! let frame = encode(&Message::KeepAlive { seq: 7 })?;
//! let mut decoder = FrameDecoder::new();
//! decoder.extend(&frame)?;
//! assert_eq!(decoder.next_message(), Some(Ok(Message::KeepAlive { seq: 7 })));
//! # Ok::<(), tripot_protocol::FrameError>(())
//! ```
#![forbid(unsafe_code)]

mod frame;
mod message;
mod reject;
pub mod table;

pub use frame::{FrameDecoder, FrameError, LENGTH_BYTES, MAX_FRAME, decode_body, encode};
pub use message::{
    Commitment, GameId, Hello, MAX_NAME, MAX_PATH_TEXT, MAX_SIGNATURE, Message, MoveMsg, Opens, Place,
    ResultSignature, ResumePoint, Role,
};
pub use reject::{Reject, RejectReason};
pub use tripot_game::{GameSpec, Seat, TableSpec};

/// The version of this protocol. Peers whose versions differ refuse each other in the handshake.
///
/// Version 2 names the game (`GameSpec`) and the seats in the hello and the LAN listing, and
/// the seat of every move; version 1 named the duel's format and rules.
pub const PROTOCOL_VERSION: u16 = 2;

/// The libp2p protocol name of a game stream. It names the stream, not the message version:
/// it stays so that peers of different versions still meet and the hello refuses them clearly.
pub const GAME_PROTOCOL: &str = "/tripot/game/1";

/// The identify agent version prefix every Tripot client announces (used to tell Tripot peers
/// from other libp2p applications on a LAN).
pub const AGENT_PREFIX: &str = "tripot/";
