//! Choosing a move at a star table: the keyboard cursor in the seat's rotated view, picking a
//! marble (any piece in the captures game), its destinations, a chain built hop by hop, a move
//! typed in notation, and the confirmation of a move that eliminates its player (§4.6).
//!
//! Every move is checked by the engine's verifier before it is offered to the front-end.

use tripot_engine::{
    DIRECTIONS, GameKind, Hole, HoleSet, StarIllegal, StarMove, StarNotation, StarPath, StarPosition, view_of,
};

use super::star_table::{StarPlayed, StarTable, TableMoveError};

/// What a click or Enter on a hole did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableAction {
    /// Nothing happened (not the seat's marble, not a target).
    Nothing,
    /// A marble (or piece) was picked.
    Selected,
    /// The selection was dropped.
    Deselected,
    /// A hop was added to the chain being built.
    Hopped,
    /// A move is ready to be played.
    Play(StarPlayed),
    /// This move eliminates its player (§4.6): the front-end asks for confirmation first.
    Confirm(StarPlayed),
    /// The chain cannot end where it stands (Stern-Halma: in another branch, §4.3).
    Refused(StarIllegal),
}

/// What the picked marble can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Targets {
    /// Empty neighbours it may step to (before any hop; never in the captures game).
    pub steps: HoleSet,
    /// Before any hop in kawu and Stern-Halma: every end of a chain; otherwise the next hops.
    pub jumps: HoleSet,
}

impl Targets {
    /// Whether there is anywhere to go.
    #[must_use]
    pub fn any(&self) -> bool {
        !(self.steps | self.jumps).is_empty()
    }
}

impl StarTable {
    /// The pieces the seat to move may pick: its marbles, or every piece in the captures game.
    #[must_use]
    pub fn pickable(&self) -> HoleSet {
        let position = self.position();
        if position.variant().game() == GameKind::Captures {
            position.pieces()
        } else {
            position.marbles(position.turn())
        }
    }

    /// What the picked marble can do now.
    #[must_use]
    pub fn targets(&self) -> Targets {
        let Some(path) = &self.selection else { return Targets::default() };
        let position = self.position();
        let from = path[0];
        if path.len() > 1 || position.variant().game() == GameKind::Captures {
            return Targets { steps: HoleSet::EMPTY, jumps: next_hops(position, path) };
        }
        let all = position.destinations(from);
        let steps = all & neighbours(from);
        Targets { steps, jumps: all - steps }
    }

    /// The path shown while the cursor rests on a target: the hops so far, then the way there.
    #[must_use]
    pub fn preview(&self) -> Option<StarPath> {
        let path = self.selection.as_ref()?;
        let targets = self.targets();
        let to = self.cursor;
        if targets.steps.contains(to) {
            return Some([path[0], to].into_iter().collect());
        }
        if !targets.jumps.contains(to) {
            return None;
        }
        if path.len() > 1 || self.position().variant().game() == GameKind::Captures {
            let mut longer = path.clone();
            longer.try_push(to).ok()?;
            return Some(longer);
        }
        self.position().jump_path(path[0], to)
    }

    /// Enter or a click on `hole`: pick a marble, hop, or choose a destination. In kawu and
    /// Stern-Halma a `✱` is where the move ends; in the captures game each jump is a hop, since
    /// the path decides what is taken (§5.3), and the chain ends on the piece itself or by
    /// [`StarTable::end_chain`].
    pub fn act_on(&mut self, hole: Hole) -> TableAction {
        if !self.human_to_move() || self.pending.is_some() {
            return TableAction::Nothing;
        }
        self.set_cursor(hole);
        let pickable = self.pickable();
        let Some(path) = self.selection.clone() else {
            if pickable.contains(hole) {
                self.selection = Some([hole].into_iter().collect());
                return TableAction::Selected;
            }
            return TableAction::Nothing;
        };
        let targets = self.targets();
        let captures = self.position().variant().game() == GameKind::Captures;
        let end = path[path.len() - 1];
        if path.len() > 1 || captures {
            if hole == end && path.len() > 1 {
                return self.end_chain();
            }
            if targets.jumps.contains(hole) {
                return self.hop_to(path, hole);
            }
            if path.len() == 1 && hole == end {
                self.selection = None;
                return TableAction::Deselected;
            }
            if path.len() == 1 && pickable.contains(hole) {
                self.selection = Some([hole].into_iter().collect());
                return TableAction::Selected;
            }
            return TableAction::Nothing;
        }
        let from = path[0];
        if hole == from {
            self.selection = None;
            return TableAction::Deselected;
        }
        if targets.steps.contains(hole) {
            return self.offer(StarMove::Step { from, to: hole });
        }
        if targets.jumps.contains(hole) {
            return self.offer(StarMove::Jump { from, to: hole });
        }
        if pickable.contains(hole) {
            self.selection = Some([hole].into_iter().collect());
            return TableAction::Selected;
        }
        TableAction::Nothing
    }

    /// Space or a shift-click: one jump from where the marble stands, the chain going on from
    /// there. Elsewhere it acts as [`StarTable::act_on`].
    pub fn hop_on(&mut self, hole: Hole) -> TableAction {
        if !self.human_to_move() || self.pending.is_some() {
            return TableAction::Nothing;
        }
        let Some(path) = self.selection.clone() else { return self.act_on(hole) };
        self.set_cursor(hole);
        if path.len() > 1 && hole == path[path.len() - 1] {
            return self.end_chain();
        }
        if !next_hops(self.position(), &path).contains(hole) {
            return self.act_on(hole);
        }
        self.hop_to(path, hole)
    }

    /// Adds a hop; when no further hop exists the chain ends by itself.
    fn hop_to(&mut self, mut path: StarPath, hole: Hole) -> TableAction {
        if path.try_push(hole).is_err() {
            return TableAction::Nothing;
        }
        let more = !next_hops(self.position(), &path).is_empty();
        self.selection = Some(path);
        if more { TableAction::Hopped } else { self.end_chain() }
    }

    /// "Fin du saut": the chain built so far, checked by the engine's verifier.
    pub fn end_chain(&mut self) -> TableAction {
        let Some(path) = self.selection.clone().filter(|p| p.len() > 1) else { return TableAction::Nothing };
        match self.position().verify(&StarNotation::Path(path)) {
            Ok(mv) => self.offer(mv),
            Err(reason) => TableAction::Refused(reason),
        }
    }

    /// A verified move offered to the front-end: to play, or to confirm first if it eliminates
    /// its player.
    fn offer(&mut self, mv: StarMove) -> TableAction {
        let position = *self.position();
        let played = StarPlayed { seat: position.turn(), notation: position.notation(&mv), mv };
        if position.eliminates(&played.mv) {
            self.pending = Some(played.clone());
            return TableAction::Confirm(played);
        }
        TableAction::Play(played)
    }

    /// Esc: takes back the last hop, or drops the selection (or a move awaiting confirmation).
    pub fn cancel(&mut self) -> bool {
        if self.pending.take().is_some() {
            return true;
        }
        match &mut self.selection {
            Some(path) if path.len() > 1 => {
                path.pop();
                true
            }
            Some(_) => {
                self.selection = None;
                true
            }
            None => false,
        }
    }

    /// A move typed in notation (`m1-k5`, a chain by its ends, a capture's whole path, `pass`):
    /// checked by the engine's verifier, as a peer's move would be.
    pub fn typed_move(&mut self, text: &str) -> Result<TableAction, TableMoveError> {
        if !self.human_to_move() {
            return Err(TableMoveError::NotYourTurn);
        }
        let notation: StarNotation = text.trim().parse()?;
        let mv = self.position().verify(&notation)?;
        self.selection = None;
        Ok(self.offer(mv))
    }

    /// Tab: picks the next marble of the seat that can move (`step` -1: the previous one), in
    /// the reading order of the seat's view.
    pub fn cycle_marble(&mut self, step: i8) -> TableAction {
        if !self.human_to_move() || self.pending.is_some() {
            return TableAction::Nothing;
        }
        let position = *self.position();
        let captures = position.variant().game() == GameKind::Captures;
        let mut movable: Vec<Hole> = self
            .pickable()
            .iter()
            .filter(|&h| {
                if captures {
                    !next_hops(&position, &[h].into_iter().collect()).is_empty()
                } else {
                    !position.destinations(h).is_empty()
                }
            })
            .collect();
        movable.sort_by_key(|&h| self.reading_order(h));
        let from = self.selection.as_ref().map_or(self.cursor, |p| p[0]);
        let Some(next) = next_in_cycle(&movable, from, step) else { return TableAction::Nothing };
        self.set_cursor(next);
        self.selection = Some([next].into_iter().collect());
        TableAction::Selected
    }

    /// `d`: the cursor to the picked marble's next destination, the farthest first.
    pub fn cycle_destination(&mut self, step: i8) {
        let Some(path) = &self.selection else { return };
        let from = path[path.len() - 1];
        let targets = self.targets();
        let position = *self.position();
        let hops = |to: Hole| position.jump_path(from, to).map_or(1, |p| p.len());
        let mut all: Vec<Hole> = (targets.jumps | targets.steps).iter().collect();
        all.sort_by_key(|&to| {
            (std::cmp::Reverse(from.distance(to)), std::cmp::Reverse(hops(to)), to.index())
        });
        let next = match all.iter().position(|&h| h == self.cursor) {
            Some(i) => all.get((i as isize + isize::from(step)).rem_euclid(all.len() as isize) as usize),
            None if step < 0 => all.last(),
            None => all.first(),
        };
        if let Some(&next) = next {
            self.set_cursor(next);
        }
    }

    /// Moves the cursor one hole in a direction of the seat's view: left/right along the row,
    /// up/down to the nearest hole of the next row, keeping to its column.
    pub fn move_cursor(&mut self, dx: i8, dy: i8) {
        let (x, y) = view_of(self.cursor, self.viewer).screen();
        let seen = |h: Hole| view_of(h, self.viewer).screen();
        let next = if dx != 0 {
            Hole::all()
                .filter(|&h| seen(h).1 == y && (seen(h).0 - x).signum() == dx.signum())
                .min_by_key(|&h| (seen(h).0 - x).abs())
        } else {
            let sticky = self.sticky_x;
            Hole::all()
                .filter(|&h| seen(h).1 == y + dy)
                .min_by_key(|&h| ((seen(h).0 - sticky).abs(), (seen(h).0 - x).abs()))
        };
        if let Some(hole) = next {
            self.cursor = hole;
            if dx != 0 {
                self.sticky_x = seen(hole).0;
            }
        }
    }

    /// Puts the cursor on `hole` (a click, a hover, a pick).
    pub fn set_cursor(&mut self, hole: Hole) {
        self.cursor = hole;
        self.sticky_x = view_of(hole, self.viewer).screen().0;
    }

    /// When the turn changes: the cursor onto a marble of the person to move, near the centre.
    pub fn cursor_to_mover(&mut self) {
        let pickable = self.pickable();
        if !self.setup.is_human(self.position().turn()) || pickable.contains(self.cursor) {
            return;
        }
        let near_centre = pickable.iter().min_by_key(|&h| {
            let (x, y) = view_of(h, self.viewer).screen();
            (i32::from(x).abs() + i32::from(y).abs() * 2, h.index())
        });
        if let Some(hole) = near_centre {
            self.set_cursor(hole);
        }
    }

    /// Top to bottom, then left to right, as the seat sees the board.
    fn reading_order(&self, hole: Hole) -> (i8, i8) {
        let (x, y) = view_of(hole, self.viewer).screen();
        (-y, x)
    }
}

/// The six neighbours of `hole`.
fn neighbours(hole: Hole) -> HoleSet {
    let (q, r) = hole.axial();
    DIRECTIONS.iter().filter_map(|&(dq, dr)| Hole::from_axial(q + dq, r + dr)).collect()
}

/// Where one more jump can go from the end of `path` (a chain from `path[0]`): each hop is
/// checked by the engine's verifier; in kawu and Stern-Halma a chain may pass through a branch
/// it may not end in, so only the end rule is left out of the check.
pub fn next_hops(position: &StarPosition, path: &StarPath) -> HoleSet {
    if path.len() >= tripot_engine::MAX_STAR_PATH {
        return HoleSet::EMPTY;
    }
    let captures = position.variant().game() == GameKind::Captures;
    let from = path[0];
    let end = path[path.len() - 1];
    let lifted = position.occupied() - HoleSet::single(from);
    let candidates = if captures {
        // Pivots taken earlier in the chain are gone: every hole is a candidate.
        !HoleSet::EMPTY
    } else {
        jump_landings(lifted, end, position.variant().max_pivot_distance())
    };
    if !captures && path.len() == 1 {
        // The verifier reads a two-hole path as a whole move (by its ends); the first hop is
        // checked against the same geometry, and a marble in its goal stays in it (§4.4).
        let seat = position.turn();
        let goal = position.goal(seat);
        let bound = position.variant().game() == GameKind::Halma && goal.contains(from);
        return candidates.iter().filter(|&h| !bound || goal.contains(h)).collect();
    }
    candidates
        .iter()
        .filter(|&to| {
            let mut longer = path.clone();
            if longer.try_push(to).is_err() {
                return false;
            }
            match position.verify(&StarNotation::Path(longer)) {
                Ok(_) => true,
                Err(StarIllegal::EndsInBranch { .. }) => !captures,
                Err(_) => false,
            }
        })
        .collect()
}

/// The landings of one jump from `at` over `occupied` (short, or symmetric up to `max_pivot`):
/// the pivot is the first marble on a line, as many empty holes after it as before.
fn jump_landings(occupied: HoleSet, at: Hole, max_pivot: usize) -> HoleSet {
    let (q, r) = at.axial();
    let mut landings = HoleSet::EMPTY;
    for &(dq, dr) in &DIRECTIONS {
        let along = |k: usize| Hole::from_axial(q + dq * k as i8, r + dr * k as i8);
        let Some(k) = (1..=max_pivot).find(|&k| along(k).is_none_or(|h| occupied.contains(h))) else {
            continue;
        };
        if along(k).is_none() {
            continue;
        }
        let clear = (k + 1..=2 * k).all(|j| along(j).is_some_and(|h| !occupied.contains(h)));
        if let (true, Some(landing)) = (clear, along(2 * k)) {
            landings.insert(landing);
        }
    }
    landings
}

/// The item after (or before, `step` -1) `from` in `list`, cycling; the first when `from` is
/// not in it.
fn next_in_cycle(list: &[Hole], from: Hole, step: i8) -> Option<Hole> {
    if list.is_empty() {
        return None;
    }
    let n = list.len() as isize;
    let i = match list.iter().position(|&h| h == from) {
        Some(i) => (i as isize + isize::from(step)).rem_euclid(n),
        None if step < 0 => n - 1,
        None => 0,
    };
    list.get(i as usize).copied()
}
