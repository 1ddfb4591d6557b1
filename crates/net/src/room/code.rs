//! Room codes: `K7M-4QP`.

use hmac::digest::KeyInit;
use hmac::{Hmac, Mac};
use rand::Rng;
use sha2::Sha256;
use std::fmt;
use std::str::FromStr;
use tripot_directory::RoomKey;

/// The characters of a room code: digits and capitals without 0/O, 1/I/L, which are
/// confused when read aloud or copied by hand. 31 symbols.
pub const ROOM_ALPHABET: &[u8; 31] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/// Characters in a code (shown as two groups of three). 31^6 ≈ 8.9 × 10^8 codes (29.7 bits):
/// short enough to read aloud; guessing is made hopeless by throttling, not by length.
pub const CODE_LEN: usize = 6;

/// A private room's code.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoomCode([u8; CODE_LEN]);

/// Why a text is not a room code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseRoomCodeError {
    /// Too few or too many characters.
    #[error("a room code has {CODE_LEN} characters (like K7M-4QP), not {0}")]
    Length(usize),
    /// A character that room codes never use.
    #[error("'{0}' is not used in room codes (they have no 0, O, 1, I or L)")]
    Character(char),
}

impl RoomCode {
    /// A fresh random code.
    pub fn random() -> Self {
        let mut rng = rand::rng();
        let mut code = [0u8; CODE_LEN];
        for c in &mut code {
            *c = ROOM_ALPHABET[rng.random_range(0..ROOM_ALPHABET.len())];
        }
        RoomCode(code)
    }

    /// The canonical characters, without the dash.
    pub fn as_str(&self) -> &str {
        // Built only from ROOM_ALPHABET, which is ASCII.
        std::str::from_utf8(&self.0).unwrap_or_default()
    }

    /// The key the relay's room directory files this room under: HMAC-SHA256 of the code
    /// under a fixed domain key. Knowing the key does not give the code without a brute-force
    /// search the directory never lets anyone start, since it lists no keys.
    pub fn directory_key(&self) -> RoomKey {
        RoomKey(mac(b"tripot/room-directory/v1", &[&self.0]))
    }

    /// The id of a table opened in this room (16 bytes of another keyed hash of the code):
    /// whoever knows the code knows which table to ask the host for, without a link.
    pub fn table_id(&self) -> [u8; 16] {
        let full = mac(b"tripot/room-table/v1", &[&self.0]);
        let mut id = [0u8; 16];
        id.copy_from_slice(&full[..16]);
        id
    }

    /// The key proofs of knowledge are made with: another derivation than
    /// [`RoomCode::directory_key`], so the relay, which sees directory keys, cannot make one.
    pub(crate) fn proof_key(&self) -> [u8; 32] {
        mac(b"tripot/room-proof-key/v1", &[&self.0])
    }
}

/// HMAC-SHA256 of the concatenated parts, under a key of at most 64 bytes (all ours are
/// fixed labels or 32-byte hashes). HMAC zero-pads short keys to the block size, so padding
/// here is the same function, made infallible.
pub(crate) fn mac(key: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut block = [0u8; 64];
    let n = key.len().min(64);
    block[..n].copy_from_slice(&key[..n]);
    let mut mac = <Hmac<Sha256> as KeyInit>::new(&block.into());
    for part in parts {
        mac.update(part);
    }
    mac.finalize().into_bytes().into()
}

impl fmt::Display for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.as_str();
        write!(f, "{}-{}", &s[..3], &s[3..])
    }
}

impl fmt::Debug for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never log a code in full: it is the room's only secret.
        write!(f, "RoomCode({}…)", &self.as_str()[..1])
    }
}

impl FromStr for RoomCode {
    type Err = ParseRoomCodeError;

    /// Accepts any case, dashes and spaces anywhere: `k7m-4qp`, `K7M 4QP`, `k7m4qp`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut code = [0u8; CODE_LEN];
        let mut n = 0;
        for ch in s.chars().filter(|c| !matches!(c, '-' | ' ' | '\t' | '–')) {
            let up = ch.to_ascii_uppercase();
            if !up.is_ascii() || !ROOM_ALPHABET.contains(&(up as u8)) {
                return Err(ParseRoomCodeError::Character(ch));
            }
            if n < CODE_LEN {
                code[n] = up as u8;
            }
            n += 1;
        }
        if n != CODE_LEN {
            return Err(ParseRoomCodeError::Length(n));
        }
        Ok(RoomCode(code))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn arb_code() -> impl Strategy<Value = RoomCode> {
        proptest::array::uniform6(proptest::sample::select(ROOM_ALPHABET.to_vec())).prop_map(RoomCode)
    }

    #[test]
    fn shown_in_two_groups_and_parsed_tolerantly() {
        let code: RoomCode = "K7M-4QP".parse().unwrap();
        assert_eq!(code.to_string(), "K7M-4QP");
        for text in ["k7m-4qp", "K7M4QP", " k7m 4qp ", "K-7-M-4-Q-P"] {
            assert_eq!(text.parse::<RoomCode>(), Ok(code), "{text}");
        }
    }

    #[test]
    fn look_alikes_are_refused_with_a_clear_error() {
        assert_eq!("K7M-4Q0".parse::<RoomCode>(), Err(ParseRoomCodeError::Character('0')));
        assert_eq!("K7M-4QO".parse::<RoomCode>(), Err(ParseRoomCodeError::Character('O')));
        assert_eq!("l7M-4QP".parse::<RoomCode>(), Err(ParseRoomCodeError::Character('l')));
        assert_eq!("K7M-4Q".parse::<RoomCode>(), Err(ParseRoomCodeError::Length(5)));
        assert_eq!("K7M-4QPX".parse::<RoomCode>(), Err(ParseRoomCodeError::Length(7)));
        assert!("K7M-4QP".parse::<RoomCode>().is_ok());
        assert_eq!("é7M-4QP".parse::<RoomCode>(), Err(ParseRoomCodeError::Character('é')));
    }

    #[test]
    fn alphabet_has_no_look_alikes_and_no_repeats() {
        for bad in b"01OIL" {
            assert!(!ROOM_ALPHABET.contains(bad));
        }
        let mut sorted = ROOM_ALPHABET.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), ROOM_ALPHABET.len());
    }

    #[test]
    fn random_codes_use_the_whole_alphabet() {
        let mut seen = std::collections::HashSet::new();
        for _ in 0..2000 {
            seen.extend(RoomCode::random().0);
        }
        assert_eq!(seen.len(), ROOM_ALPHABET.len());
    }

    #[test]
    fn debug_does_not_leak_the_code() {
        let code: RoomCode = "K7M-4QP".parse().unwrap();
        assert!(!format!("{code:?}").contains("7M"));
    }

    #[test]
    fn directory_and_proof_keys_differ() {
        let code = RoomCode::random();
        assert_ne!(code.directory_key().0, code.proof_key());
        assert_eq!(code.directory_key(), code.as_str().parse::<RoomCode>().unwrap().directory_key());
    }

    proptest! {
        #[test]
        fn display_parses_back(code in arb_code()) {
            prop_assert_eq!(code.to_string().parse::<RoomCode>(), Ok(code));
            prop_assert_eq!(code.to_string().to_lowercase().parse::<RoomCode>(), Ok(code));
        }

        #[test]
        fn parsing_never_panics(text in "\\PC{0,20}") {
            let _ = text.parse::<RoomCode>();
        }

        #[test]
        fn distinct_codes_have_distinct_keys(a in arb_code(), b in arb_code()) {
            prop_assume!(a != b);
            prop_assert_ne!(a.directory_key(), b.directory_key());
        }
    }
}
