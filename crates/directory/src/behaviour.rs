//! The directory's request-response behaviour, as each side runs it.

use crate::wire::{Codec, PROTOCOL, PROTOCOL_V1};
use libp2p::request_response::{self, ProtocolSupport};
use std::time::Duration;

/// The request-response behaviour of the directory.
pub type Behaviour = request_response::Behaviour<Codec>;

fn config() -> request_response::Config {
    request_response::Config::default()
        .with_request_timeout(Duration::from_secs(10))
        .with_max_concurrent_streams(256)
}

/// The directory as the relay runs it: answers requests, sends none. It also accepts streams
/// of the older [`PROTOCOL_V1`], only to refuse them in words such a client reads.
pub fn server_behaviour() -> Behaviour {
    request_response::Behaviour::with_codec(
        Codec,
        [(PROTOCOL, ProtocolSupport::Inbound), (PROTOCOL_V1, ProtocolSupport::Inbound)],
        config(),
    )
}

/// The directory as a player's client runs it: sends requests, answers none.
pub fn client_behaviour() -> Behaviour {
    request_response::Behaviour::with_codec(Codec, [(PROTOCOL, ProtocolSupport::Outbound)], config())
}
