//! A position: where every pawn stands, who is to move, under which rules.

use crate::board::BRANCH_DISTANCE;
use crate::colour::{Camp, Colour, Format};
use crate::hole::Hole;
use crate::hole_set::HoleSet;
use crate::illegal::{IllegalMove, PlayError, ReachError};
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::rules::Rules;
use crate::zobrist::{PASSED_KEY, PAWN_KEYS, TURN_KEY};

/// A game position. Cheap to copy; [`Position::play`] returns a new one.
///
/// Besides the pawns and the side to move, it remembers whether the previous turn was a pass,
/// because a second pass in a row ends the game (RULES.md §6). The position string (§7) does not
/// carry that flag: a parsed position has it clear.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) pawns: [u128; 6],
    pub(crate) camps: [u128; 2],
    pub(crate) occupied: u128,
    pub(crate) turn: Camp,
    pub(crate) format: Format,
    pub(crate) rules: Rules,
    pub(crate) passed: u8,
    pub(crate) hash: u64,
}

impl Position {
    /// The start of a game: every colour of the format fills its home branch.
    #[must_use]
    pub fn start(format: Format, rules: Rules, opener: Camp) -> Position {
        let mut pawns = [HoleSet::EMPTY; 6];
        for &c in format.all_colours() {
            pawns[c.index()] = c.home();
        }
        Position::from_parts(format, rules, opener, pawns)
    }

    /// A position from its parts, which must describe a valid set-up: the caller (the position
    /// string parser, or a test) has checked that the colours are `format`'s, 10 pawns each,
    /// no hole twice.
    pub(crate) fn from_parts(format: Format, rules: Rules, turn: Camp, pawns: [HoleSet; 6]) -> Position {
        let mut position = Position {
            pawns: pawns.map(HoleSet::bits),
            camps: [0; 2],
            occupied: 0,
            turn,
            format,
            rules,
            passed: 0,
            hash: 0,
        };
        for c in Colour::ALL {
            let bits = position.pawns[c.index()];
            position.camps[c.camp().index()] |= bits;
            position.occupied |= bits;
            for hole in HoleSet(bits) {
                position.hash ^= PAWN_KEYS[c.index()][hole.index()];
            }
        }
        if turn == Camp::B {
            position.hash ^= TURN_KEY;
        }
        position
    }

    /// The side to move.
    #[must_use]
    pub const fn turn(&self) -> Camp {
        self.turn
    }

    /// The format (colours per camp).
    #[must_use]
    pub const fn format(&self) -> Format {
        self.format
    }

    /// The rules in force.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The same pawns under other rules.
    #[must_use]
    pub const fn with_rules(mut self, rules: Rules) -> Position {
        self.rules = rules;
        self
    }

    /// Whether the previous turn was a pass.
    #[must_use]
    pub const fn previous_was_pass(&self) -> bool {
        self.passed > 0
    }

    /// The Zobrist hash: pawns, side to move, and the pending-pass flag.
    #[must_use]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// The pawns of a colour (empty for a colour not in play).
    #[must_use]
    pub const fn pawns(&self, colour: Colour) -> HoleSet {
        HoleSet(self.pawns[colour.index()])
    }

    /// The pawns of a camp, all its colours together.
    #[must_use]
    pub const fn camp_pawns(&self, camp: Camp) -> HoleSet {
        HoleSet(self.camps[camp.index()])
    }

    /// Every occupied hole.
    #[must_use]
    pub const fn occupied(&self) -> HoleSet {
        HoleSet(self.occupied)
    }

    /// The colour of the pawn on `hole`, if any.
    #[must_use]
    pub fn colour_at(&self, hole: Hole) -> Option<Colour> {
        if !self.occupied().contains(hole) {
            return None;
        }
        Colour::ALL.into_iter().find(|c| self.pawns(*c).contains(hole))
    }

    /// Pawns of `camp` standing in their colour's goal.
    #[must_use]
    pub fn arrived(&self, camp: Camp) -> u8 {
        self.format
            .colours(camp)
            .iter()
            .map(|c| (self.pawns[c.index()] & c.goal().bits()).count_ones() as u8)
            .sum()
    }

    /// Sum over the camp's pawns of the hex distance to the nearest hole of its goal (§6).
    #[must_use]
    pub fn total_distance(&self, camp: Camp) -> u16 {
        self.format
            .colours(camp)
            .iter()
            .map(|c| {
                let table = &BRANCH_DISTANCE[c.opposite().index()];
                HoleSet(self.pawns[c.index()]).iter().map(|h| u16::from(table[h.index()])).sum::<u16>()
            })
            .sum()
    }

    /// Whether every colour of `camp` fills its goal (§4).
    #[must_use]
    #[inline]
    pub fn goal_complete(&self, camp: Camp) -> bool {
        self.format.colours(camp).iter().all(|c| self.pawns[c.index()] == c.goal().bits())
    }

    /// How the game ended, or `None` while it goes on.
    ///
    /// A camp filling its goals wins (§4). Play can never complete both camps at once; for a
    /// hand-made position that shows both, the camp that moved last (not to move) is the winner.
    /// After two passes in a row, the count decides (§6).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let last = self.turn.other();
        for camp in [last, self.turn] {
            if self.goal_complete(camp) {
                return Some(Outcome { winner: camp, reason: crate::outcome::WinReason::Goal });
            }
        }
        if self.passed >= 2 {
            return Some(self.count());
        }
        None
    }

    /// The end by count, as it would be decided now (§6).
    #[must_use]
    pub fn count(&self) -> Outcome {
        Outcome::by_count(
            [self.arrived(Camp::A), self.arrived(Camp::B)],
            [self.total_distance(Camp::A), self.total_distance(Camp::B)],
        )
    }

    /// Whether the game is over.
    #[must_use]
    #[inline]
    pub fn is_over(&self) -> bool {
        // The same conditions as `outcome`, without building it: perft asks at every node.
        self.passed >= 2 || self.goal_complete(Camp::A) || self.goal_complete(Camp::B)
    }

    /// Plays a legal move. On an illegal one, hands back the unchanged position with the reason.
    pub fn play(self, m: Move) -> Result<Position, PlayError> {
        match self.check(m) {
            Ok(()) => {
                let mut next = self;
                next.play_unchecked(m);
                Ok(next)
            }
            Err(reason) => Err(PlayError { position: Box::new(self), reason }),
        }
    }

    /// Why `m` is not legal here, if it is not.
    pub fn check(&self, m: Move) -> Result<(), IllegalMove> {
        if let Some(outcome) = self.outcome() {
            return Err(IllegalMove::GameOver(outcome));
        }
        match m {
            Move::Step { from, to } | Move::Jump { from, to } => {
                self.check_own(from)?;
                let dests = self.destinations(from);
                let step = self.empty_neighbours(from).contains(to);
                match (m, step) {
                    (Move::Step { .. }, true) | (Move::Jump { .. }, false) if dests.contains(to) => Ok(()),
                    (Move::Step { .. }, false) => Err(ReachError::NotAStep { from, to }.into()),
                    (Move::Jump { .. }, true) => Err(ReachError::StepWrittenAsJump { from, to }.into()),
                    _ => Err(ReachError::Unreachable { from, to }.into()),
                }
            }
            Move::Swap { mine, theirs } => {
                if !self.rules.swap() {
                    return Err(IllegalMove::NoSwapInRules);
                }
                self.check_own(mine)?;
                if !self.camp_pawns(self.turn.other()).contains(theirs) {
                    return Err(IllegalMove::NotAnEnemyPawn(theirs));
                }
                if self.swaps().contains(&m) {
                    Ok(())
                } else {
                    Err(IllegalMove::SwapNotAllowed { mine, theirs })
                }
            }
            Move::Pass => {
                if self.has_move_other_than_pass() {
                    Err(IllegalMove::PassNotAllowed)
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Whether `m` is legal here.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.check(m).is_ok()
    }

    pub(crate) fn check_own(&self, hole: Hole) -> Result<(), IllegalMove> {
        if self.camp_pawns(self.turn).contains(hole) {
            Ok(())
        } else if self.occupied().contains(hole) {
            Err(IllegalMove::NotYourPawn(hole))
        } else {
            Err(IllegalMove::EmptyHole(hole))
        }
    }

    /// Plays `m` without checking it: for a move from [`Position::legal_moves`] only.
    pub fn play_unchecked(&mut self, m: Move) {
        let was_pending = self.passed > 0;
        match m {
            Move::Step { from, to } | Move::Jump { from, to } => {
                let c = self.colour_index_at(from);
                self.relocate(c, from, to);
                self.passed = 0;
            }
            Move::Swap { mine, theirs } => {
                let a = self.colour_index_at(mine);
                let b = self.colour_index_at(theirs);
                let both = 1u128 << theirs.index() | 1 << mine.index();
                self.relocate(a, mine, theirs);
                self.pawns[b] ^= both;
                self.camps[self.turn.other().index()] ^= both;
                self.occupied |= both;
                self.hash ^= PAWN_KEYS[b][theirs.index()] ^ PAWN_KEYS[b][mine.index()];
                self.passed = 0;
            }
            Move::Pass => self.passed = self.passed.saturating_add(1),
        }
        if was_pending != (self.passed > 0) {
            self.hash ^= PASSED_KEY;
        }
        self.turn = self.turn.other();
        self.hash ^= TURN_KEY;
    }

    fn colour_index_at(&self, hole: Hole) -> usize {
        let bit = 1u128 << hole.index();
        self.pawns.iter().position(|p| p & bit != 0).unwrap_or(0)
    }

    /// Moves the pawn of colour index `c` from `from` to `to`; `to` may be occupied (a swap
    /// fixes the other pawn afterwards).
    fn relocate(&mut self, c: usize, from: Hole, to: Hole) {
        let (f, t) = (1u128 << from.index(), 1u128 << to.index());
        let camp = Colour::ALL[c].camp().index();
        self.pawns[c] = self.pawns[c] & !f | t;
        self.camps[camp] = self.camps[camp] & !f | t;
        self.occupied = self.occupied & !f | t;
        self.hash ^= PAWN_KEYS[c][from.index()] ^ PAWN_KEYS[c][to.index()];
    }
}
