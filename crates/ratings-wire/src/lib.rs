//! tripot-ratings-wire: what a Tripot client and a relay's ratings service must agree on to
//! rate games without accounts, and nothing either keeps to itself.
//!
//! There are no accounts and no game server: a player is their persistent libp2p key (ed25519,
//! its public key inlined in the peer id). At the end of a game every human seat signs the same
//! [`GameResult`] — game id, game name, seats, places, the record and the hash of the position
//! it reaches — and any seat submits the [`SignedResult`] to a relay that counts games.
//!
//! - [`GameResult`], [`SeatEntry`], [`SeatKind`], [`SignedResult`]: the result and its bounds
//!   ([`GameResult::check_shape`], [`GameResult::check_seat_kinds`]).
//! - [`Signature`], [`GameResult::signing_bytes`] (postcard after [`SIGNING_DOMAIN`]),
//!   [`SignedResult::check_signatures`]: signed with the identity key, checked against the key
//!   the peer id inlines.
//! - [`Month`], [`Period`]: monthly tables start afresh on the 1st, UTC; an all-time table runs
//!   beside them.
//! - The protocol `/tripot/ratings/1.0.0`: [`Request`], [`Response`], [`RefuseReason`], the
//!   tables ([`Standings`]), their [`Codec`] with size-limited frames, and the behaviour each
//!   side runs ([`client_behaviour`], [`server_behaviour`]).
//!
//! No rules crate: the game is a name here, written as `tripot_game::GameSpec` writes them;
//! checking that a record replays to the claimed places is the service's business
//! (`tripot-ratings`). No I/O of its own either.
//!
//! ```
//! use libp2p::identity::Keypair;
//! use tripot_ratings_wire::{GameResult, SeatEntry, SeatKind, SignedResult};
//!
//! let (ana, ben) = (Keypair::generate_ed25519(), Keypair::generate_ed25519());
//! let seat = |k: &Keypair, name: &str| SeatEntry {
//!     peer_id: k.public().to_peer_id(),
//!     name: name.into(),
//!     kind: SeatKind::Human,
//! };
//! let result = GameResult {
//!     game_id: [7; 16],
//!     game: "tripot".into(),
//!     seats: vec![seat(&ana, "Ana"), seat(&ben, "Ben")],
//!     places: vec![1, 2],
//!     record_hash: [0; 32],
//!     finished_unix: 1_796_083_200,
//!     record: String::new(),
//! };
//! let signed = SignedResult::signed_by(result, &[&ana, &ben])?;
//! assert_eq!(signed.check_signatures(), Ok(()));
//! # Ok::<(), tripot_ratings_wire::SignError>(())
//! ```
#![forbid(unsafe_code)]

mod codec;
mod game_result;
mod month;
mod peer_serde;
mod protocol;
mod signing;

pub use codec::{
    Behaviour, Codec, FrameError, MAX_REQUEST_FRAME, MAX_RESPONSE_FRAME, client_behaviour, decode, encode,
    server_behaviour,
};
pub use game_result::{
    GameResult, MAX_GAME_NAME, MAX_NAME_CHARS, MAX_RECORD_TEXT, MAX_SEATS, MIN_SEATS, SeatEntry, SeatKind,
    ShapeError, SignedResult, Unrated, is_game_name,
};
pub use month::{Month, MonthError, Period};
pub use protocol::{
    MAX_DETAIL, MAX_STANDINGS, PROTOCOL, RecordProblem, RefuseReason, Request, Response, StandingEntry,
    Standings, StandingsQuery,
};
pub use signing::{
    SIGNING_DOMAIN, SignError, Signature, SignatureError, final_state_hash, inlined_ed25519_key,
};
