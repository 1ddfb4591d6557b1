//! Signing a result with a player's libp2p key, and checking every seat's signature.
//!
//! What is signed is [`GameResult::signing_bytes`]: [`SIGNING_DOMAIN`], then the result in
//! postcard. The domain keeps a signature on a result from ever being valid for another kind of
//! message signed with the same identity key (libp2p signs its own records with it too). The
//! result carries its game id, so a signature made for one game verifies for no other.
//!
//! The key is read from the peer id itself: an ed25519 peer id inlines its public key, so a
//! relay that has never met a player can still check their signature.

use libp2p::PeerId;
use libp2p::identity::{Keypair, PublicKey};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::game_result::{GameResult, SeatKind, ShapeError, SignedResult};

/// The prefix of every signed result: the protocol and the version of the signed layout.
pub const SIGNING_DOMAIN: &[u8] = b"tripot-ratings/game-result/v1\0";

/// An ed25519 signature is 64 bytes; anything longer is not one.
const MAX_SIGNATURE_BYTES: usize = 64;

/// The multihash code of an identity hash: the key itself, not a digest of it.
const IDENTITY_MULTIHASH: u64 = 0x00;

/// One player's signature of a result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signature {
    /// Who signed.
    #[serde(with = "crate::peer_serde")]
    pub peer_id: PeerId,
    /// The signature of [`GameResult::signing_bytes`].
    pub sig: Vec<u8>,
}

/// A result that cannot be signed.
#[derive(Debug, thiserror::Error)]
pub enum SignError {
    /// The result does not encode (it cannot happen with the types of this crate).
    #[error("the result does not encode: {0}")]
    Encode(#[from] postcard::Error),
    /// The key cannot sign (a kind of key libp2p cannot sign with here).
    #[error("the key cannot sign: {0}")]
    Key(#[from] libp2p::identity::SigningError),
}

/// Why the signatures of a result do not hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error, Serialize, Deserialize)]
pub enum SignatureError {
    /// A human seat did not sign.
    #[error("seat {seat} did not sign")]
    Missing {
        /// The seat, from 0.
        seat: u8,
    },
    /// A signature that does not verify with its seat's key: forged, or made for another result.
    #[error("the signature of seat {seat} does not verify")]
    Forged {
        /// The seat, from 0.
        seat: u8,
    },
    /// A seat's peer id does not inline an ed25519 key, so its signature cannot be checked.
    #[error("the key of seat {seat} is not an inlined ed25519 key")]
    NotEd25519 {
        /// The seat, from 0.
        seat: u8,
    },
    /// A signature from a key at no human seat of the game.
    #[error("a signature from a key at no human seat")]
    Stranger,
    /// Two signatures from one key.
    #[error("two signatures from one key")]
    Duplicate,
    /// The result does not encode, so nothing was signed.
    #[error("the result does not encode")]
    Encode,
}

impl GameResult {
    /// The bytes a player signs: [`SIGNING_DOMAIN`] then the result in postcard.
    pub fn signing_bytes(&self) -> Result<Vec<u8>, postcard::Error> {
        postcard::to_extend(self, SIGNING_DOMAIN.to_vec())
    }

    /// The SHA-256 of [`GameResult::signing_bytes`]: two submissions of one game are the same
    /// result when this is the same.
    pub fn content_hash(&self) -> Result<[u8; 32], postcard::Error> {
        Ok(Sha256::digest(self.signing_bytes()?).into())
    }

    /// Signs the result with `keypair` (a player's identity key).
    pub fn sign(&self, keypair: &Keypair) -> Result<Signature, SignError> {
        let sig = keypair.sign(&self.signing_bytes()?)?;
        Ok(Signature { peer_id: keypair.public().to_peer_id(), sig })
    }
}

/// The ed25519 public key a peer id inlines, if it does.
#[must_use]
pub fn inlined_ed25519_key(peer: &PeerId) -> Option<PublicKey> {
    let multihash = peer.as_ref();
    if multihash.code() != IDENTITY_MULTIHASH {
        return None;
    }
    let key = PublicKey::try_decode_protobuf(multihash.digest()).ok()?;
    key.clone().try_into_ed25519().ok()?;
    Some(key)
}

impl SignedResult {
    /// Signs `result` with each of `keypairs` (tests, and a client holding the signatures of
    /// its peers it collected).
    pub fn signed_by(result: GameResult, keypairs: &[&Keypair]) -> Result<SignedResult, SignError> {
        let signatures = keypairs.iter().map(|k| result.sign(k)).collect::<Result<_, _>>()?;
        Ok(SignedResult { result, signatures })
    }

    /// Checks that every human seat signed exactly once with its own key, and that nobody
    /// else signed. Computer and guest seats sign nothing (their games are not rated anyway).
    pub fn check_signatures(&self) -> Result<(), SignatureError> {
        let seats = &self.result.seats;
        if self.signatures.len() > seats.len() {
            return Err(SignatureError::Stranger);
        }
        let signed = self.result.signing_bytes().map_err(|_| SignatureError::Encode)?;
        for (index, signature) in self.signatures.iter().enumerate() {
            if self.signatures[..index].iter().any(|s| s.peer_id == signature.peer_id) {
                return Err(SignatureError::Duplicate);
            }
            if !seats.iter().any(|s| s.kind == SeatKind::Human && s.peer_id == signature.peer_id) {
                return Err(SignatureError::Stranger);
            }
        }
        for (index, seat) in seats.iter().enumerate() {
            if seat.kind != SeatKind::Human {
                continue;
            }
            let seat_number = u8::try_from(index).unwrap_or(u8::MAX);
            let key =
                inlined_ed25519_key(&seat.peer_id).ok_or(SignatureError::NotEd25519 { seat: seat_number })?;
            let signature = self
                .signatures
                .iter()
                .find(|s| s.peer_id == seat.peer_id)
                .ok_or(SignatureError::Missing { seat: seat_number })?;
            if signature.sig.len() > MAX_SIGNATURE_BYTES || !key.verify(&signed, &signature.sig) {
                return Err(SignatureError::Forged { seat: seat_number });
            }
        }
        Ok(())
    }

    /// The result's own bounds, and no more signatures than seats.
    pub fn check_shape(&self) -> Result<(), ShapeError> {
        self.result.check_shape()?;
        if self.signatures.len() > self.result.seats.len() {
            return Err(ShapeError::TooManySignatures);
        }
        Ok(())
    }
}

/// The hash a result carries as `record_hash`: SHA-256 of a domain, the game's name and the
/// text of the final position the record reaches (the game's own position string). Both
/// players compute it from their own engine; a relay recomputes it by replaying the record.
#[must_use]
pub fn final_state_hash(game: &str, final_position: &str) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(b"tripot-ratings/final-position/v1\0");
    hasher.update(game.as_bytes());
    hasher.update(b"\0");
    hasher.update(final_position.as_bytes());
    hasher.finalize().into()
}
