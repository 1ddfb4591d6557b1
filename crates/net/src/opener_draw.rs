//! The opening draw, fair to both sides: commit–reveal.
//!
//! Each peer picks a random 32-byte value and first sends its commitment
//! `SHA-256("tripot-draw" ‖ value ‖ host peer id ‖ guest peer id)`; only once both commitments
//! are known does each reveal its value. Binding both peer ids stops a peer replaying someone
//! else's commitment. The opener is decided by the low bit of the XOR of the two values, which
//! neither side controls alone.
//!
//! Whoever reveals second could still walk away from an outcome it dislikes and try again. The
//! host reveals first, so the guest is that side: a host remembers every guest that left after
//! its reveal ([`crate::session::Session`]) and opens the next game with that guest itself, with
//! no draw. Walking away can only cost the guest the opening, never win it.

use rand::Rng;
use sha2::{Digest, Sha256};
use tripot_protocol::{Commitment, Role};

/// One side's secret value and its commitment.
#[derive(Debug, Clone)]
pub struct Draw {
    value: [u8; 32],
    commitment: Commitment,
}

/// The commitment to `value` between these two peers.
#[must_use]
pub fn commit(value: &[u8; 32], host_id: &[u8], guest_id: &[u8]) -> Commitment {
    let mut hasher = Sha256::new();
    hasher.update(b"tripot-draw");
    hasher.update(value);
    // Length-prefix the ids so that no two different pairs hash the same bytes.
    for id in [host_id, guest_id] {
        hasher.update((id.len() as u64).to_be_bytes());
        hasher.update(id);
    }
    Commitment(hasher.finalize().into())
}

impl Draw {
    /// A fresh random value from `rng` for this pair of peers.
    #[must_use]
    pub fn new(rng: &mut impl Rng, host_id: &[u8], guest_id: &[u8]) -> Draw {
        let value: [u8; 32] = rng.random();
        Draw { value, commitment: commit(&value, host_id, guest_id) }
    }

    /// What to send first.
    #[must_use]
    pub const fn commitment(&self) -> Commitment {
        self.commitment
    }

    /// What to send once the peer's commitment is known.
    #[must_use]
    pub const fn value(&self) -> [u8; 32] {
        self.value
    }
}

/// Checks a revealed value against the commitment received earlier.
#[must_use]
pub fn verify(commitment: &Commitment, value: &[u8; 32], host_id: &[u8], guest_id: &[u8]) -> bool {
    commit(value, host_id, guest_id) == *commitment
}

/// Who opens, from both revealed values.
#[must_use]
pub fn opener(host_value: &[u8; 32], guest_value: &[u8; 32]) -> Role {
    if (host_value[31] ^ guest_value[31]) & 1 == 0 { Role::Host } else { Role::Guest }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    use rand::SeedableRng as _;
    use rand::rngs::StdRng;

    #[test]
    fn a_reveal_matches_only_its_own_commitment() {
        let draw = Draw::new(&mut rand::rng(), b"host", b"guest");
        assert!(verify(&draw.commitment(), &draw.value(), b"host", b"guest"));
        assert!(!verify(&draw.commitment(), &draw.value(), b"guest", b"host"));
        let mut other = draw.value();
        other[0] ^= 1;
        assert!(!verify(&draw.commitment(), &other, b"host", b"guest"));
    }

    #[test]
    fn either_side_alone_cannot_fix_the_opener() {
        // Whatever the host picks, the guest's bit flips the result, and vice versa.
        let mut a = [0u8; 32];
        let mut b = [0u8; 32];
        let first = opener(&a, &b);
        b[31] = 1;
        assert_ne!(opener(&a, &b), first);
        a[31] = 1;
        assert_eq!(opener(&a, &b), first);
    }

    #[test]
    fn the_draw_is_roughly_even() {
        let mut rng = StdRng::seed_from_u64(11);
        let hosts = (0..1000)
            .filter(|_| {
                let (h, g) = (Draw::new(&mut rng, b"h", b"g"), Draw::new(&mut rng, b"h", b"g"));
                opener(&h.value(), &g.value()) == Role::Host
            })
            .count();
        assert!((350..650).contains(&hosts), "{hosts} of 1000");
    }
}
