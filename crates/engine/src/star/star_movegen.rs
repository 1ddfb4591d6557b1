//! Moves of kawu and Stern-Halma (RULES-STAR.md §3.2, §4.2–§4.4), the pass, and the move list
//! of every star game. The captures game's chains are in `captures.rs`.

use crate::board::NEIGHBOURS;
use crate::chain_search::ChainSearch as _;
use crate::colour::Colour;
use crate::hole::Hole;
use crate::hole_set::HoleSet;
use crate::lines::Lines;

use super::seat::HEXAGON;

/// Each marble of the seat to move with its destinations; 15 marbles at most (`halma-15`).
pub type MarbleMoves = arrayvec::ArrayVec<(Hole, HoleSet), 15>;
use super::star_move::StarMove;
use super::star_position::StarPosition;
use super::variant::GameKind;

impl StarPosition {
    /// Where the marble on `from` can go, under its own seat's rules, whoever is to move: the
    /// reachable holes, then (Stern-Halma) only those a move may end on.
    #[must_use]
    pub fn destinations(&self, from: Hole) -> HoleSet {
        match self.seat_at(from) {
            Some(seat) => {
                HoleSet(self.marble_destinations(seat, from.index(), &mut Lines::new(self.occupied)))
            }
            None => HoleSet::EMPTY,
        }
    }

    /// The holes a move may end on for a marble of `seat` standing outside its goal (§4.3):
    /// everywhere in kawu; the hexagon, its home and its goal in Stern-Halma.
    pub(crate) fn allowed_ends(&self, seat: Colour) -> u128 {
        match self.variant.game() {
            GameKind::Halma => HEXAGON | self.variant.home_bits(seat) | self.variant.goal_bits(seat),
            _ => crate::board::ALL_HOLES,
        }
    }

    pub(crate) fn marble_destinations(&self, seat: Colour, at: usize, lines: &mut Lines) -> u128 {
        let max_pivot = self.variant.max_pivot_distance();
        let steps = NEIGHBOURS[at] & !self.occupied;
        let goal = self.variant.goal_bits(seat);
        if self.variant.game() == GameKind::Halma && goal >> at & 1 == 1 {
            // §4.4: a marble in its goal moves within the goal only, every landing included.
            return (steps & goal) | lines.chain_reach_inside(at, goal, max_pivot);
        }
        (steps | lines.chain_reach_within(at, max_pivot)) & self.allowed_ends(seat)
    }

    /// Each marble of the seat to move with its destinations, on the stack: the raw material of
    /// [`StarPosition::legal_moves`], for a search that wants no list of moves (kawu and
    /// Stern-Halma; empty in the captures game, whose moves are paths).
    #[must_use]
    pub fn marble_moves(&self) -> MarbleMoves {
        let seat = self.turn;
        let mut lines = Lines::new(self.occupied);
        // A seat has exactly its variant's 10 or 15 marbles (the parser and the start see to it),
        // so the list never overflows.
        HoleSet(self.marbles[seat.index()])
            .iter()
            .map(|h| (h, HoleSet(self.marble_destinations(seat, h.index(), &mut lines))))
            .collect()
    }

    /// Whether `seat` has a move other than a pass in this position.
    #[must_use]
    pub fn can_move(&self, seat: Colour) -> bool {
        if self.variant.game() == GameKind::Captures {
            return self.has_capture();
        }
        let mut lines = Lines::new(self.occupied);
        HoleSet(self.marbles[seat.index()])
            .iter()
            .any(|h| self.marble_destinations(seat, h.index(), &mut lines) != 0)
    }

    /// Whether no seat still playing can move (§3.5, §4.7, §5.4): the game is blocked.
    #[must_use]
    pub fn is_blocked(&self) -> bool {
        !self.can_move(self.turn) && self.playing().all(|s| !self.can_move(s))
    }

    /// Every legal move, each distinct move once: a step or a chain per distinct destination of
    /// each marble (kawu, Stern-Halma), or every distinct capture path (§5.3); a single
    /// [`StarMove::Pass`] when the seat to move has none but another seat still can.
    /// Empty once the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<StarMove> {
        if self.is_over_before_moving() {
            return Vec::new();
        }
        let mut list = Vec::new();
        if self.variant.game() == GameKind::Captures {
            self.push_captures(&mut list);
        } else {
            for (from, dests) in self.marble_moves() {
                let steps = NEIGHBOURS[from.index()];
                for to in dests {
                    list.push(if steps >> to.index() & 1 == 1 {
                        StarMove::Step { from, to }
                    } else {
                        StarMove::Jump { from, to }
                    });
                }
            }
        }
        if list.is_empty() && !self.is_blocked() {
            list.push(StarMove::Pass);
        }
        list
    }

    /// The number of legal moves, without listing them: what perft counts at its last ply.
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        if self.is_over_before_moving() {
            return 0;
        }
        let n = if self.variant.game() == GameKind::Captures {
            self.count_captures()
        } else {
            // Summed on the fly: perft asks this at every leaf, so no list is built.
            let seat = self.turn;
            let mut lines = Lines::new(self.occupied);
            HoleSet(self.marbles[seat.index()])
                .iter()
                .map(|h| u64::from(self.marble_destinations(seat, h.index(), &mut lines).count_ones()))
                .sum()
        };
        if n == 0 && !self.is_blocked() { 1 } else { n }
    }
}
