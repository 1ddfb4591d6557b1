//! Tripot online play over libp2p: game sessions, discovery, rooms.
//!
//! - [`session`]: the game session, a state machine (ggrs style) that verifies every peer move
//!   with the engine and hands back [`SessionEvent`]s; it talks through a [`Transport`].
//! - [`opener_draw`]: the commit–reveal draw for who opens.
//! - [`identity`]: the persistent ed25519 identity in the config directory.
//! - [`saved_game`]: the saved game (record plus peer and game ids), written after every move.
//! - [`table`]: a table of 2–6 seats (sans-IO): signed, chained moves every peer verifies,
//!   computer seats, clocks, spectators, chat, and the host's role handed on when it leaves.
//! - [`table_online`]: the async driver of a table over libp2p (table streams, the hand-over,
//!   computer seats, autosave) with a [`table_online::TableHandle`].
//! - [`ratings`]: a relay's ratings service — submit a signed result, fetch a table.
//! - [`rated_result`] and [`kept_result`]: a finished game's result as both players build and
//!   sign it at its end (`session/result_signing.rs`, `table/result_signing.rs` for a table),
//!   kept beside the save to submit again; [`result_keeper`] keeps and submits it for every
//!   driver.
//! - [`swarm`] and [`online`]: the libp2p swarm (TCP, QUIC, noise, yamux, identify, ping, mDNS)
//!   and the async driver that runs a session over a long-lived game stream, with a
//!   [`online::SessionHandle`] for the user interface.
#![forbid(unsafe_code)]

mod driver_task;
pub mod event;
mod game_openers;
pub mod identity;
pub mod kept_result;
pub mod online;
pub mod online_game;
pub mod opener_draw;
pub mod rated_result;
pub mod ratings;
pub mod result_keeper;
pub mod room;
pub mod saved_game;
pub mod session;
pub mod swarm;
pub mod table;
pub mod table_online;
pub mod transport;

pub use event::{AbortCause, GameSnapshot, Refuser, SessionEvent, UnsignedCause};
pub use game_openers::{LINKED_OPENERS, linked_games};
pub use libp2p::identity::Keypair;
pub use libp2p::{Multiaddr, PeerId, Stream, multiaddr};
pub use online::{GamePath, LanHost, LanOffer, NetEvent, OnlineConfig, SessionHandle, Start};
pub use online_game::{Ending, OnlineGame, seat_of};
pub use saved_game::SavedGame;
pub use session::{LocalError, Offer, OpenGame, ResultSigner, Session, SessionConfig, engine_games};
pub use swarm::NetConfig;
pub use transport::{LinkEvent, QueueTransport, Transport};
