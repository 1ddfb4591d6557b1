//! A [`PeerId`] in serde: its bytes in postcard (what is signed), its base58 text in JSON (what a
//! person or a web page reads).

use libp2p::PeerId;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serializer};

/// Longest peer id accepted from the wire: an inlined ed25519 key is 38 bytes; hashed keys 34.
const MAX_PEER_ID_BYTES: usize = 64;

pub(crate) fn serialize<S: Serializer>(peer: &PeerId, serializer: S) -> Result<S::Ok, S::Error> {
    if serializer.is_human_readable() {
        serializer.serialize_str(&peer.to_base58())
    } else {
        serializer.serialize_bytes(&peer.to_bytes())
    }
}

pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<PeerId, D::Error> {
    if deserializer.is_human_readable() {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(|_| D::Error::custom("not a peer id"))
    } else {
        let bytes = <&[u8]>::deserialize(deserializer)?;
        if bytes.len() > MAX_PEER_ID_BYTES {
            return Err(D::Error::custom("peer id too long"));
        }
        PeerId::from_bytes(bytes).map_err(|_| D::Error::custom("not a peer id"))
    }
}
