//! The property tests' random games, so that a failing case replays from its seed: the
//! workspace's one generator (SplitMix64), and a hole drawn from it.
#![allow(dead_code)]

use tripot_engine::Hole;
pub(crate) use tripot_game::SplitMix64 as Dice;

/// A hole of the board drawn from `dice`.
pub(crate) fn hole(dice: &mut Dice) -> Hole {
    Hole::new(dice.below(121) as u8).unwrap()
}
