//! Foreseeing a seat that plays as one of the levels below: that level's own player, run on
//! the position, says what the seat will take.
//!
//! Why: in the captures game from three seats on, the model of the others decides a search's
//! strength more than its depth (docs/ai.md). The cheap models (the longest capture, the careful
//! answer, one of the long captures) foretell a careful player's move only now and then; a
//! player who recognises how a seat plays and reasons as it does foretells it every time. Tried
//! first as an oracle (Difficile told Moyen's exact answers for its first round): first in 27 of
//! 30 captures-3 games against two Moyen, where it had been first in 36 of 60 (seeds 0–59)
//! without. The upper levels know the levels
//! below them, as a club player knows the house's programs; a seat they do not recognise (a
//! human, say) keeps the cheap models.

use std::collections::HashMap;

use tripot_engine::{StarGame, StarMove};

use crate::level::Level;

use super::player::StarAi;

/// Cached choices beyond this many are dropped at once: a game needs a few thousand.
const MAX_CACHED: usize = 50_000;

/// The choices of the levels below, cached by (level, position) for the game being played.
#[derive(Debug, Default)]
pub(crate) struct Foresight {
    /// The start of the game the cache belongs to.
    start: Option<u64>,
    seen: HashMap<(Level, u64), StarMove>,
}

impl Foresight {
    /// The levels whose choices are deterministic, and so can be foreseen: those without
    /// deliberate mistakes in the captures game. A level knows those below itself.
    pub(crate) fn known_below(level: Level) -> &'static [Level] {
        match level {
            Level::Debutant | Level::Facile | Level::Moyen => &[],
            Level::Difficile => &[Level::Moyen],
            Level::Impossible => &[Level::Moyen, Level::Difficile],
        }
    }

    /// What `level` plays for the seat to move in `game`. Its choice may depend on the moves
    /// already played (Difficile reads the table), so the cache is kept for one game: a
    /// position of the captures game is reached once in a game (each move takes pieces), so
    /// it stands for the moves that led to it.
    pub(crate) fn choice(&mut self, level: Level, game: &StarGame) -> StarMove {
        let start = game.start().hash();
        if self.start != Some(start) || self.seen.len() > MAX_CACHED {
            self.seen.clear();
            self.start = Some(start);
        }
        let key = (level, game.position().hash());
        if let Some(mv) = self.seen.get(&key) {
            return mv.clone();
        }
        // The simulated player foresees the levels below it with the same cache, lent for the
        // time of its search.
        let mut player = StarAi::new(level, 0);
        player.lend_foresight(std::mem::take(self));
        let mv = player.choose(game);
        *self = player.take_foresight();
        self.seen.insert(key, mv.clone());
        mv
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use tripot_engine::{Colour, StarPosition, Variant};

    use super::*;
    use crate::star::greedy_capture;

    #[test]
    fn a_foreseen_choice_is_the_levels_own_and_stays_so_once_cached() {
        let variant: Variant = "captures-3".parse().unwrap();
        let mut game = StarGame::new(StarPosition::start(variant, Colour::S).unwrap());
        let mut foresight = Foresight::default();
        for _ in 0..6 {
            for level in [Level::Moyen, Level::Difficile] {
                // Any seed: these levels make no deliberate mistake in the captures game.
                let own = StarAi::new(level, 42).choose(&game);
                assert_eq!(foresight.choice(level, &game), own, "{level:?} at {}", game.position());
                assert_eq!(foresight.choice(level, &game), own, "{level:?}, cached");
            }
            let mv = greedy_capture(game.position());
            game.play(&mv).unwrap();
        }
        assert!(foresight.seen.len() >= 12, "{} choices cached", foresight.seen.len());
    }

    #[test]
    fn the_cache_belongs_to_one_game() {
        let variant: Variant = "captures-3".parse().unwrap();
        let mut foresight = Foresight::default();
        let game = StarGame::new(StarPosition::start(variant, Colour::S).unwrap());
        foresight.choice(Level::Moyen, &game);
        let other = StarGame::new(StarPosition::start(variant, Colour::NW).unwrap());
        let mv = foresight.choice(Level::Moyen, &other);
        assert_eq!(foresight.seen.len(), 1);
        assert!(other.position().play(&mv).is_ok());
    }
}
