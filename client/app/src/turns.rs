//! Whose turn it is in a game on this device: the automatic pass of a side that cannot move,
//! then the player or the computer; and the computer's answers, checked by the engine before
//! they are played or shown.

use tripot_engine::{Camp, Move, Notation};

use super::local_game::{Game, Played};

/// Who acts next in a game on this device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NextTurn {
    /// Nobody: the game is over.
    Over,
    /// A player at this device.
    Player,
    /// The computer: its search should start.
    Computer,
}

impl Game {
    /// Passes the turn of each side that cannot move (a pass is a move of the record), then
    /// says who acts next. The camps that passed come second, in order.
    pub fn pass_blocked_sides(&mut self) -> (NextTurn, Vec<Camp>) {
        let mut passed = Vec::new();
        loop {
            let position = *self.position();
            if position.is_over() {
                return (NextTurn::Over, passed);
            }
            if position.legal_moves().as_slice() == [Move::Pass] {
                passed.push(position.turn());
                self.push(Played { mv: Move::Pass, notation: Notation::Pass });
                continue;
            }
            let next =
                if self.setup.is_human(position.turn()) { NextTurn::Player } else { NextTurn::Computer };
            return (next, passed);
        }
    }

    /// The computer's answer as it will be played. The engine is the authority: a move it
    /// refuses (a failed search answers `Pass`) is replaced by its first legal move.
    #[must_use]
    pub fn checked_computer_move(&self, mv: Move) -> Played {
        let position = self.position();
        let mv = if position.is_legal(mv) {
            mv
        } else {
            position.legal_moves().first().copied().unwrap_or(Move::Pass)
        };
        Played { mv, notation: position.notation(mv) }
    }

    /// A hint as it will be shown; none if it no longer fits the position.
    #[must_use]
    pub fn checked_hint(&self, mv: Move) -> Option<Played> {
        let position = self.position();
        position.is_legal(mv).then(|| Played { mv, notation: position.notation(mv) })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use tripot_ai::Level;
    use tripot_engine::{Format, Position, Rules};

    use super::*;
    use crate::setup::{Mode, Setup};

    #[test]
    fn a_solo_game_hands_the_turn_to_the_player_then_to_the_computer() {
        let setup = Setup {
            mode: Mode::Solo { level: Level::Debutant, seed: 0 },
            format: Format::One,
            rules: Rules::Tripot,
            opener: Camp::A,
        };
        let mut game = Game::new(setup, Position::start(Format::One, Rules::Tripot, Camp::A));
        assert_eq!(game.pass_blocked_sides(), (NextTurn::Player, Vec::new()));
        let played = game.checked_computer_move(Move::Pass);
        assert_ne!(played.mv, Move::Pass, "a refused answer is replaced by a legal move");
        game.push(played);
        assert_eq!(game.pass_blocked_sides(), (NextTurn::Computer, Vec::new()));
        assert_eq!(game.checked_hint(Move::Pass), None);
    }
}
