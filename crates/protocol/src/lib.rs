//! Tripot wire protocol: the messages two peers exchange during a game, and their codec.
//!
//! A pure library (no I/O): [`Message`] is what travels, [`encode`] turns one into a frame
//! (a big-endian `u16` length, then the postcard body), [`FrameDecoder`] turns bytes back into
//! messages. Frames longer than [`MAX_FRAME`] are refused from their length alone, before any
//! allocation; decoding never panics, whatever the bytes.
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

pub use frame::{FrameDecoder, FrameError, LENGTH_BYTES, MAX_FRAME, decode_body, encode};
pub use message::{
    Commitment, GameId, Hello, MAX_NAME, MAX_PATH_TEXT, Message, MoveMsg, Opens, ResumePoint, Role,
};
pub use reject::{Reject, RejectReason};

/// The version of this protocol. Peers whose versions differ refuse each other in the handshake.
pub const PROTOCOL_VERSION: u16 = 1;

/// The libp2p protocol name of a game stream.
pub const GAME_PROTOCOL: &str = "/tripot/game/1";

/// The identify agent version prefix every Tripot client announces (used to tell Tripot peers
/// from other libp2p applications on a LAN).
pub const AGENT_PREFIX: &str = "tripot/";
