//! A small deterministic generator for the property tests' random games, so that a failing case
//! replays from its seed (SplitMix64).
#![allow(dead_code)]

use tripot_engine::Hole;

pub(crate) struct Dice(pub(crate) u64);

impl Dice {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub(crate) fn hole(&mut self) -> Hole {
        Hole::new(self.below(121) as u8).unwrap()
    }
}
