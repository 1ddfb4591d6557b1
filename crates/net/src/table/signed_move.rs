//! Signed, chained entries of a table's record: what exactly is signed and how the chain runs.
//!
//! **Signed**: [`ENTRY_DOMAIN`], then in postcard the tuple (table id, game number, index, seat,
//! act, signer). The domain keeps an entry's signature from ever being valid for another kind of
//! message signed with the same libp2p identity key (libp2p's own records, a rated result); the
//! table id and game number keep it from being replayed at another table or in another game of
//! the same table; the index and the chain hash of the record before it (`prev`, inside the
//! signed bytes) pin it to its place in one record.
//!
//! **Chained**: the chain of game `n` at table `t` starts at `SHA-256(CHAIN_DOMAIN, t, n, the
//! game's name and seat count, the seat holders)`; each entry moves it on to
//! `SHA-256(CHAIN_DOMAIN, chain, signed bytes, signature)`. Two peers with the same chain hash
//! hold the same record, signatures included.
//!
//! **Checked**: the key is the one the signer's peer id inlines (an ed25519 peer id carries its
//! public key), so any peer checks any entry without having met its signer.

use libp2p::PeerId;
use libp2p::identity::Keypair;
use sha2::{Digest, Sha256};
use tripot_game::Seat;
use tripot_game::TableSpec;
use tripot_protocol::table::{Act, Entry, MAX_SIGNATURE, PeerKey, SeatHolder, Signer, TableId};

use super::error::EntryError;

/// The prefix of every signed entry.
pub const ENTRY_DOMAIN: &[u8] = b"tripot-table/entry/v1\0";

/// The prefix of every chain hash.
pub const CHAIN_DOMAIN: &[u8] = b"tripot-table/chain/v1\0";

/// A chain hash: of the record so far.
pub type ChainHash = [u8; 32];

/// Where an entry belongs: the table and the number of its game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameKey {
    /// The table.
    pub table: TableId,
    /// The game's number at the table.
    pub game: u16,
}

/// What a signer signs for an entry (see the module docs).
fn signing_bytes(key: GameKey, entry: &Entry) -> Result<Vec<u8>, EntryError> {
    let signed = (key.table, key.game, entry.index, entry.seat, &entry.act, entry.signer, entry.prev);
    postcard::to_extend(&signed, ENTRY_DOMAIN.to_vec()).map_err(|_| EntryError::Unencodable)
}

/// The chain hash a game's record starts from.
#[must_use]
pub fn chain_root(key: GameKey, spec: &TableSpec, seats: &[SeatHolder]) -> ChainHash {
    let mut hasher = Sha256::new();
    hasher.update(CHAIN_DOMAIN);
    hasher.update(key.table.0);
    hasher.update(key.game.to_be_bytes());
    hasher.update(spec.game.as_str().as_bytes());
    hasher.update([0, spec.seats]);
    for holder in seats {
        match holder {
            SeatHolder::Empty => hasher.update([0]),
            SeatHolder::Human { peer, .. } => {
                hasher.update([1, u8::try_from(peer.0.len()).unwrap_or(u8::MAX)]);
                hasher.update(&peer.0);
            }
            SeatHolder::Computer { level } => hasher.update([2, *level]),
        }
    }
    hasher.finalize().into()
}

/// The chain hash after `entry`, from the chain before it (its `prev`).
pub fn chain_after(key: GameKey, entry: &Entry) -> Result<ChainHash, EntryError> {
    let mut hasher = Sha256::new();
    hasher.update(CHAIN_DOMAIN);
    hasher.update(entry.prev);
    hasher.update(signing_bytes(key, entry)?);
    hasher.update(&entry.sig);
    Ok(hasher.finalize().into())
}

/// An entry, signed with `keypair`.
///
/// # Errors
/// [`EntryError::Unencodable`] or [`EntryError::CannotSign`] (a key libp2p cannot sign with).
pub fn sign_entry(
    keypair: &Keypair,
    key: GameKey,
    (index, prev): (u32, ChainHash),
    seat: Seat,
    act: Act,
    signer: Signer,
) -> Result<Entry, EntryError> {
    let mut entry = Entry {
        index,
        seat,
        act,
        signer,
        key: PeerKey(keypair.public().to_peer_id().to_bytes()),
        prev,
        sig: Vec::new(),
    };
    entry.sig = keypair.sign(&signing_bytes(key, &entry)?).map_err(|_| EntryError::CannotSign)?;
    Ok(entry)
}

/// Checks the entry's signature against the key its `key` (a peer id) inlines.
///
/// # Errors
/// [`EntryError::NotEd25519`] for a peer id that inlines no ed25519 key, [`EntryError::Forged`]
/// for a signature that does not verify.
pub fn check_signature(key: GameKey, entry: &Entry) -> Result<(), EntryError> {
    let peer = PeerId::from_bytes(&entry.key.0).map_err(|_| EntryError::NotEd25519)?;
    let public = tripot_ratings_wire::inlined_ed25519_key(&peer).ok_or(EntryError::NotEd25519)?;
    if entry.sig.len() > MAX_SIGNATURE || !public.verify(&signing_bytes(key, entry)?, &entry.sig) {
        return Err(EntryError::Forged);
    }
    Ok(())
}

/// The peer id bytes of a key pair.
#[must_use]
pub fn peer_key(keypair: &Keypair) -> PeerKey {
    PeerKey(keypair.public().to_peer_id().to_bytes())
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    fn game() -> GameKey {
        GameKey { table: TableId([3; 16]), game: 1 }
    }

    fn entry(keypair: &Keypair) -> Entry {
        sign_entry(keypair, game(), (0, [0; 32]), Seat(1), Act::Move("i7-i9".into()), Signer::Seat).unwrap()
    }

    #[test]
    fn a_signed_entry_verifies_and_any_change_breaks_it() {
        let keypair = Keypair::generate_ed25519();
        let good = entry(&keypair);
        assert_eq!(check_signature(game(), &good), Ok(()));
        let changes: Vec<Entry> = vec![
            Entry { index: 1, ..good.clone() },
            Entry { seat: Seat(2), ..good.clone() },
            Entry { act: Act::Move("i7-i8".into()), ..good.clone() },
            Entry { prev: [1; 32], ..good.clone() },
            Entry {
                signer: Signer::Host { epoch: 0, why: tripot_protocol::table::HostWhy::Computer },
                ..good.clone()
            },
            Entry { key: peer_key(&Keypair::generate_ed25519()), ..good.clone() },
        ];
        for changed in changes {
            assert_eq!(check_signature(game(), &changed), Err(EntryError::Forged));
        }
        // Another game of the same table, or another table: not valid there.
        assert_eq!(check_signature(GameKey { game: 2, ..game() }, &good), Err(EntryError::Forged));
        assert_eq!(
            check_signature(GameKey { table: TableId([4; 16]), ..game() }, &good),
            Err(EntryError::Forged)
        );
        assert_eq!(
            check_signature(game(), &Entry { key: PeerKey(vec![1, 2]), ..good }),
            Err(EntryError::NotEd25519)
        );
    }

    #[test]
    fn the_chain_depends_on_every_entry_and_its_signature() {
        let keypair = Keypair::generate_ed25519();
        let good = entry(&keypair);
        let after = chain_after(game(), &good).unwrap();
        let mut other_sig = good.clone();
        other_sig.sig[0] ^= 1;
        assert_ne!(chain_after(game(), &other_sig).unwrap(), after);
        assert_ne!(chain_after(game(), &Entry { index: 1, ..good }).unwrap(), after);
    }
}
