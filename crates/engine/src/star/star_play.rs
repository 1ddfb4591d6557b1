//! Checking and playing star moves, and the verifier that reads a written path hop by hop
//! (RULES-STAR.md §3.2, §4.3, §4.4, §5.2, §5.3), as a client checks a peer's move.

use crate::board::NEIGHBOURS;
use crate::colour::Colour;
use crate::hole::Hole;
use crate::illegal::{BadHop, ReachError};
use crate::movegen::shortest_chain;
use crate::notation::hop_error;

use super::captures::pivot_of;
use super::error::{StarIllegal, StarMoveError, StarPlayError};
use super::star_move::{StarMove, StarNotation, StarPath};
use super::star_position::StarPosition;
use super::variant::GameKind;

impl StarPosition {
    /// Plays a legal move. On an illegal one, hands back the unchanged position with the reason.
    pub fn play(self, m: &StarMove) -> Result<StarPosition, StarPlayError> {
        match self.check(m) {
            Ok(()) => {
                let mut next = self;
                next.play_unchecked(m);
                Ok(next)
            }
            Err(reason) => Err(StarPlayError { position: Box::new(self), reason }),
        }
    }

    /// Whether `m` is legal here.
    #[must_use]
    pub fn is_legal(&self, m: &StarMove) -> bool {
        self.check(m).is_ok()
    }

    /// Why `m` is not legal here, if it is not.
    pub fn check(&self, m: &StarMove) -> Result<(), StarIllegal> {
        if let Some(outcome) = self.outcome() {
            return Err(StarIllegal::GameOver(outcome));
        }
        let captures = self.variant.game() == GameKind::Captures;
        match *m {
            StarMove::Step { from, to } | StarMove::Jump { from, to } if !captures => {
                // The same ends written as the other kind: only the kind is wrong.
                match (self.verify_ends(from, to)?, m) {
                    (StarMove::Jump { .. }, StarMove::Step { .. }) => {
                        Err(ReachError::NotAStep { from, to }.into())
                    }
                    (StarMove::Step { .. }, StarMove::Jump { .. }) => {
                        Err(ReachError::StepWrittenAsJump { from, to }.into())
                    }
                    _ => Ok(()),
                }
            }
            StarMove::Capture(ref path) if captures => self.verify_capture(path).map(|_| ()),
            StarMove::Pass => {
                if self.can_move(self.turn) {
                    Err(StarIllegal::PassNotAllowed)
                } else {
                    Ok(())
                }
            }
            _ => Err(StarIllegal::WrongKind(self.variant)),
        }
    }

    /// Plays `m` without checking it: for a move from [`StarPosition::legal_moves`] only.
    pub fn play_unchecked(&mut self, m: &StarMove) {
        let mover = self.turn;
        let mut moved = None;
        match *m {
            StarMove::Step { from, to } | StarMove::Jump { from, to } => {
                self.relocate(from, to);
                moved = Some((from, to));
            }
            StarMove::Capture(ref path) => {
                for hop in path.windows(2) {
                    if let Some(pivot) = pivot_of(hop[0].index(), hop[1].index()) {
                        self.remove_piece(pivot);
                        let taken = &mut self.taken[mover.index()];
                        *taken = taken.saturating_add(1);
                    }
                }
                if let (Some(&from), Some(&to)) = (path.first(), path.last())
                    && from != to
                {
                    self.relocate(from, to);
                }
            }
            StarMove::Pass => {}
        }
        let breaks = self.breaks_home_rule(mover, moved);
        self.settle(mover, breaks);
        self.advance_turn();
    }

    /// Whether playing `m` would eliminate the mover by the home rule (§4.6): such a move is
    /// legal, and a client asks the player to confirm it.
    #[must_use]
    pub fn eliminates(&self, m: &StarMove) -> bool {
        let mover = self.turn;
        let mut next = *self;
        next.play_unchecked(m);
        next.is_out(mover)
    }

    fn check_own(&self, from: Hole) -> Result<(), StarIllegal> {
        match self.seat_at(from) {
            Some(seat) if seat == self.turn => Ok(()),
            Some(owner) => Err(StarIllegal::NotYourMarble { hole: from, owner }),
            None => Err(StarIllegal::EmptyHole(from)),
        }
    }

    /// The move a path of two holes stands for: a step, or a chain given by its ends.
    fn verify_ends(&self, from: Hole, to: Hole) -> Result<StarMove, StarIllegal> {
        self.check_own(from)?;
        if self.occupied().contains(to) {
            return Err(StarIllegal::Occupied(to));
        }
        let is_step = NEIGHBOURS[from.index()] >> to.index() & 1 == 1;
        if !self.destinations(from).contains(to) {
            return Err(self.why_not_reachable(from, to));
        }
        Ok(if is_step { StarMove::Step { from, to } } else { StarMove::Jump { from, to } })
    }

    /// The most telling reason why `to` is not a destination of the marble on `from`.
    fn why_not_reachable(&self, from: Hole, to: Hole) -> StarIllegal {
        let seat = self.turn;
        if self.variant.game() == GameKind::Halma {
            if self.goal(seat).contains(from) && !self.goal(seat).contains(to) {
                return StarIllegal::LeavesGoal { number: 1, from, to };
            }
            if self.allowed_ends(seat) >> to.index() & 1 == 0
                && let Some(branch) = Colour::of_hole(to)
            {
                return StarIllegal::EndsInBranch { to, branch };
            }
        }
        ReachError::Unreachable { from, to }.into()
    }

    /// Checks a written move against this position and turns it into a [`StarMove`].
    ///
    /// A path of three holes or more is checked hop by hop, and the error names the first wrong
    /// hop. In kawu and Stern-Halma a path of two holes is a step, a single jump, or the ends of
    /// a chain, accepted when the destination is reachable. In the captures game every path is
    /// checked hop by hop, since the path decides the captures.
    pub fn verify(&self, notation: &StarNotation) -> Result<StarMove, StarIllegal> {
        if let Some(outcome) = self.outcome() {
            return Err(StarIllegal::GameOver(outcome));
        }
        let path = match notation {
            StarNotation::Pass => {
                self.check(&StarMove::Pass)?;
                return Ok(StarMove::Pass);
            }
            StarNotation::Path(path) => path,
        };
        if path.len() < 2 {
            return Err(StarIllegal::PathLength(path.len()));
        }
        if self.variant.game() == GameKind::Captures {
            return self.verify_capture(path);
        }
        let (from, to) = (path[0], path[path.len() - 1]);
        if path.len() == 2 {
            return self.verify_ends(from, to);
        }
        self.check_own(from)?;
        let seat = self.turn;
        let lifted = self.occupied & !(1u128 << from.index());
        let max_pivot = self.variant.max_pivot_distance();
        let goal = self.variant.goal_bits(seat);
        let goal_bound = self.variant.game() == GameKind::Halma && goal >> from.index() & 1 == 1;
        let mut visited = 1u128 << from.index();
        for (number, hop) in path.windows(2).enumerate() {
            let (a, b) = (hop[0], hop[1]);
            let number = number + 1;
            if let Some(reason) = hop_error(a, b, lifted, max_pivot) {
                return Err(StarIllegal::Hop(BadHop { number, from: a, to: b, reason }));
            }
            if visited >> b.index() & 1 == 1 {
                return Err(StarIllegal::Hop(BadHop {
                    number,
                    from: a,
                    to: b,
                    reason: crate::HopError::Revisit(b),
                }));
            }
            if goal_bound && goal >> b.index() & 1 == 0 {
                return Err(StarIllegal::LeavesGoal { number, from: a, to: b });
            }
            visited |= 1 << b.index();
        }
        if self.allowed_ends(seat) >> to.index() & 1 == 0
            && let Some(branch) = Colour::of_hole(to)
        {
            return Err(StarIllegal::EndsInBranch { to, branch });
        }
        // A chain may come back next to its start: the move is then that step, as listed.
        if NEIGHBOURS[from.index()] >> to.index() & 1 == 1 {
            return Ok(StarMove::Step { from, to });
        }
        Ok(StarMove::Jump { from, to })
    }

    /// Checks a capture path hop by hop (§5.2): any piece, jumps only, each pivot taken at once,
    /// holes may be visited again.
    pub(crate) fn verify_capture(&self, path: &StarPath) -> Result<StarMove, StarIllegal> {
        let Some(&from) = path.first() else {
            return Err(StarIllegal::PathLength(0));
        };
        if path.len() < 2 {
            return Err(StarIllegal::PathLength(path.len()));
        }
        if !self.pieces().contains(from) {
            return Err(StarIllegal::EmptyHole(from));
        }
        let max_pivot = self.variant.max_pivot_distance();
        let mut occupied = self.occupied & !(1u128 << from.index());
        for (number, hop) in path.windows(2).enumerate() {
            let (a, b) = (hop[0], hop[1]);
            if number == 0 && path.len() == 2 && NEIGHBOURS[a.index()] >> b.index() & 1 == 1 {
                return Err(StarIllegal::StepInCaptures { from: a, to: b });
            }
            if let Some(reason) = hop_error(a, b, occupied, max_pivot) {
                return Err(StarIllegal::Hop(BadHop { number: number + 1, from: a, to: b, reason }));
            }
            if let Some(pivot) = pivot_of(a.index(), b.index()) {
                occupied &= !(1u128 << pivot);
            }
        }
        Ok(StarMove::Capture(path.clone()))
    }

    /// Parses and verifies a move text in one go.
    pub fn parse_move(&self, text: &str) -> Result<StarMove, StarMoveError> {
        let notation: StarNotation = text.parse()?;
        self.verify(&notation).map_err(|reason| StarMoveError::Illegal { text: text.to_owned(), reason })
    }

    /// How to write `m`: a chain gets a path with the fewest hops (ties broken the same way every
    /// time) whose landings respect §4.4, so that a listed move reads as a path one can follow.
    #[must_use]
    pub fn notation(&self, m: &StarMove) -> StarNotation {
        match m {
            StarMove::Step { from, to } => StarNotation::Path([*from, *to].into_iter().collect()),
            StarMove::Jump { from, to } => StarNotation::Path(
                self.jump_path(*from, *to).unwrap_or_else(|| [*from, *to].into_iter().collect()),
            ),
            StarMove::Capture(path) => StarNotation::Path(path.clone()),
            StarMove::Pass => StarNotation::Pass,
        }
    }

    /// A shortest chain of jumps from the marble on `from` to `to`, if it can get there.
    #[must_use]
    pub fn jump_path(&self, from: Hole, to: Hole) -> Option<StarPath> {
        let seat = self.seat_at(from)?;
        let start = from.index();
        let lifted = self.occupied & !(1u128 << start);
        let max_pivot = self.variant.max_pivot_distance();
        let goal = self.variant.goal_bits(seat);
        let landings = if self.variant.game() == GameKind::Halma && goal >> start & 1 == 1 {
            goal
        } else {
            crate::board::ALL_HOLES
        };
        let chain = shortest_chain(start, to.index(), lifted, max_pivot, landings)?;
        Some(chain.into_iter().take(super::star_move::MAX_STAR_PATH).collect())
    }
}
