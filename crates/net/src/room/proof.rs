//! Proof of knowledge of a room code: a MAC keyed by the code over a fresh challenge, the
//! prover's role, and both peer ids.
//!
//! Each side sends the other a random [`Challenge`]; each answers with a [`Proof`]. Binding the
//! peer ids (authenticated by noise) means a proof is worthless on any other connection, so a
//! man in the middle — the relay included — cannot pass one along; binding the role means the
//! host's proof cannot be reflected back as the guest's. Verification is constant-time.

use super::RoomCode;
use super::code::mac;
use libp2p::PeerId;
use rand::RngCore;
use subtle::ConstantTimeEq;

/// Who proves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The room's host.
    Host,
    /// The player joining with the code.
    Guest,
}

impl Role {
    fn label(self) -> &'static [u8] {
        match self {
            Role::Host => b"host",
            Role::Guest => b"guest",
        }
    }
}

/// A random challenge, fresh for every attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Challenge(pub [u8; 32]);

impl Challenge {
    /// A fresh random challenge.
    pub fn random() -> Self {
        let mut bytes = [0u8; 32];
        rand::rng().fill_bytes(&mut bytes);
        Challenge(bytes)
    }
}

/// The answer to a challenge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proof(pub [u8; 32]);

fn tag(code: &RoomCode, role: Role, challenge: &Challenge, prover: &PeerId, verifier: &PeerId) -> [u8; 32] {
    let prover = prover.to_bytes();
    let verifier = verifier.to_bytes();
    // Lengths before variable fields: no two inputs share an encoding.
    let prover_len = (prover.len() as u16).to_be_bytes();
    let verifier_len = (verifier.len() as u16).to_be_bytes();
    mac(
        &code.proof_key(),
        &[
            b"tripot/room-proof/v1",
            role.label(),
            &challenge.0,
            &prover_len,
            &prover,
            &verifier_len,
            &verifier,
        ],
    )
}

impl Proof {
    /// `prover` (taking `role`) proves to `verifier` that it knows `code`, answering the
    /// verifier's `challenge`.
    pub fn new(
        code: &RoomCode,
        role: Role,
        challenge: &Challenge,
        prover: &PeerId,
        verifier: &PeerId,
    ) -> Self {
        Proof(tag(code, role, challenge, prover, verifier))
    }

    /// Whether this proof, received from `prover` on a connection where we are `verifier`,
    /// answers our `challenge` for `code`.
    pub fn verify(
        &self,
        code: &RoomCode,
        role: Role,
        challenge: &Challenge,
        prover: &PeerId,
        verifier: &PeerId,
    ) -> bool {
        let expected = tag(code, role, challenge, prover, verifier);
        bool::from(expected.ct_eq(&self.0))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_right_code_verifies() {
        let code = RoomCode::random();
        let (host, guest) = (PeerId::random(), PeerId::random());
        let challenge = Challenge::random();
        let proof = Proof::new(&code, Role::Guest, &challenge, &guest, &host);
        assert!(proof.verify(&code, Role::Guest, &challenge, &guest, &host));
    }

    #[test]
    fn anything_else_fails() {
        let code: RoomCode = "K7M-4QP".parse().unwrap();
        let other: RoomCode = "K7M-4QR".parse().unwrap();
        let (host, guest, mallory) = (PeerId::random(), PeerId::random(), PeerId::random());
        let challenge = Challenge::random();
        let proof = Proof::new(&code, Role::Guest, &challenge, &guest, &host);
        assert!(!proof.verify(&other, Role::Guest, &challenge, &guest, &host), "wrong code");
        assert!(!proof.verify(&code, Role::Guest, &Challenge::random(), &guest, &host), "replayed");
        assert!(!proof.verify(&code, Role::Guest, &challenge, &mallory, &host), "relayed by another peer");
        assert!(!proof.verify(&code, Role::Guest, &challenge, &guest, &mallory), "passed to another host");
        assert!(!proof.verify(&code, Role::Host, &challenge, &guest, &host), "reflected as the other role");
        // Swapping the peer ids does not give the same tag either.
        assert!(!proof.verify(&code, Role::Guest, &challenge, &host, &guest));
    }

    proptest! {
        #[test]
        fn a_proof_for_one_code_never_verifies_another(seed_a in any::<u64>(), seed_b in any::<u64>()) {
            prop_assume!(seed_a != seed_b);
            let a = code_from(seed_a);
            let b = code_from(seed_b);
            prop_assume!(a != b);
            let (host, guest) = (PeerId::random(), PeerId::random());
            let challenge = Challenge::random();
            let proof = Proof::new(&a, Role::Guest, &challenge, &guest, &host);
            prop_assert!(!proof.verify(&b, Role::Guest, &challenge, &guest, &host));
            prop_assert!(proof.verify(&a, Role::Guest, &challenge, &guest, &host));
        }
    }

    fn code_from(mut seed: u64) -> RoomCode {
        let alphabet = super::super::ROOM_ALPHABET;
        let mut text = String::new();
        for _ in 0..6 {
            text.push(alphabet[(seed % 31) as usize] as char);
            seed /= 31;
        }
        text.parse().unwrap()
    }
}
