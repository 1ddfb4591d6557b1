//! Choosing a move of any game hop by hop, from what the game lists: a piece picked, then its
//! hops or its destination, until the cells picked are a legal move's.
//!
//! The picker knows no rule. Each legal move's cells ([`GameMove::cells`]: the start, then each
//! hop — a step's target, a chain's landings, a swap's other piece) are the only ways a selection
//! can go on: a cell is a next hop when some legal move's cells go on through it, a destination
//! when exactly one legal move going on from the selection ends there. A chain that could stop
//! where it stands or go on waits for its end ([`MovePicker::end_chain`]); one that cannot go
//! on ends by itself. What the selection cannot tell apart (two captures of the same ends) is
//! told apart hop by hop, as the game lists them.

use tripot_game::{Cell, GameMove, GameState, MoveKind};

/// What a click (or Enter) on a cell did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PickAction {
    /// Nothing: not a piece that can move, nor a target.
    Nothing,
    /// A piece was picked.
    Selected,
    /// The selection was dropped.
    Deselected,
    /// A hop was added to the chain being built.
    Hopped,
    /// The cells picked are this legal move's: it is ready to be played.
    Move(GameMove),
}

/// Where the picked piece can go from the selection.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Targets {
    /// The next cells of the legal moves going on from the selection (hop by hop).
    pub hops: Vec<Cell>,
    /// The cells where exactly one of those moves ends (its whole path in one click).
    pub ends: Vec<Cell>,
    /// Those of `ends` reached by a step, so that a board can tell a step (`+`) from the end of
    /// a chain (`✱`), as the rules do.
    pub steps: Vec<Cell>,
    /// Those of `ends` that are another piece to swap with (the duel's swap, RULES.md §5).
    pub swaps: Vec<Cell>,
}

impl Targets {
    /// Whether there is anywhere to go.
    #[must_use]
    pub fn any(&self) -> bool {
        !(self.hops.is_empty() && self.ends.is_empty())
    }
}

/// The cells picked so far, the piece first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MovePicker {
    picked: Vec<Cell>,
}

impl MovePicker {
    /// The cells picked so far, the piece first (empty: nothing picked).
    #[must_use]
    pub fn picked(&self) -> &[Cell] {
        &self.picked
    }

    /// Drops the selection.
    pub fn clear(&mut self) {
        self.picked.clear();
    }

    /// The cells a piece can be picked on: the starts of the legal moves (passes have none).
    #[must_use]
    pub fn pickable(state: &dyn GameState) -> Vec<Cell> {
        let mut cells: Vec<Cell> = state.legal_moves().iter().filter_map(GameMove::from).collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// The legal moves whose cells start with the selection (none while nothing is picked).
    fn going_on<'a>(&self, moves: &'a [GameMove]) -> impl Iterator<Item = &'a GameMove> + use<'a, '_> {
        moves.iter().filter(|m| !self.picked.is_empty() && m.cells().starts_with(&self.picked))
    }

    /// Where the picked piece can go now.
    #[must_use]
    pub fn targets(&self, state: &dyn GameState) -> Targets {
        let moves = state.legal_moves();
        let n = self.picked.len();
        let mut hops: Vec<Cell> = self.going_on(&moves).filter_map(|m| m.cells().get(n).copied()).collect();
        hops.sort_unstable();
        hops.dedup();
        let mut ends: Vec<(Cell, MoveKind)> = self
            .going_on(&moves)
            .filter(|m| m.cells().len() > n)
            .filter_map(GameMove::to)
            .filter_map(|to| self.ending_at(&moves, to).map(|m| (to, m.kind())))
            .collect();
        ends.sort_unstable_by_key(|&(cell, _)| cell);
        ends.dedup_by_key(|&mut (cell, _)| cell);
        let of_kind = |kind: MoveKind| ends.iter().filter(|e| e.1 == kind).map(|e| e.0).collect();
        let (steps, swaps) = (of_kind(MoveKind::Step), of_kind(MoveKind::Swap));
        Targets { hops, ends: ends.iter().map(|e| e.0).collect(), steps, swaps }
    }

    /// The one legal move going on from the selection that ends on `cell`, if exactly one does.
    fn ending_at(&self, moves: &[GameMove], cell: Cell) -> Option<GameMove> {
        let n = self.picked.len();
        let mut found = self.going_on(moves).filter(|m| m.cells().len() > n && m.to() == Some(cell));
        let first = found.next()?;
        found.next().is_none().then(|| first.clone())
    }

    /// The legal move whose cells are exactly the selection, if any.
    fn complete(&self, moves: &[GameMove]) -> Option<GameMove> {
        self.going_on(moves).find(|m| m.cells() == self.picked.as_slice()).cloned()
    }

    /// The move shown while the pointer rests on `cell`: the one the click would play or lead to.
    #[must_use]
    pub fn preview(&self, state: &dyn GameState, cell: Cell) -> Option<GameMove> {
        let moves = state.legal_moves();
        let mut longer = self.picked.clone();
        longer.push(cell);
        self.going_on(&moves)
            .find(|m| m.cells().starts_with(&longer))
            .cloned()
            .or_else(|| self.ending_at(&moves, cell))
    }

    /// A click or Enter on `cell`: pick a piece, hop, end the chain on its last cell, or play the
    /// one move ending there.
    pub fn act_on(&mut self, state: &dyn GameState, cell: Cell) -> PickAction {
        let moves = state.legal_moves();
        if self.picked.is_empty() {
            return self.pick(state, cell);
        }
        if self.picked.len() > 1 && self.picked.last() == Some(&cell) {
            return self.end_chain(state);
        }
        let n = self.picked.len();
        let hop = self.going_on(&moves).any(|m| m.cells().get(n) == Some(&cell));
        if hop {
            return self.hop_to(&moves, cell);
        }
        if let Some(m) = self.ending_at(&moves, cell) {
            self.picked = m.cells().to_vec();
            return PickAction::Move(m);
        }
        if self.picked.len() == 1 && self.picked[0] == cell {
            self.picked.clear();
            return PickAction::Deselected;
        }
        if self.picked.len() == 1 {
            return self.pick(state, cell);
        }
        PickAction::Nothing
    }

    /// One hop only (Space, a shift-click): the chain goes on through `cell` and waits, even when
    /// a move ends there. Elsewhere it acts as [`MovePicker::act_on`].
    pub fn hop_on(&mut self, state: &dyn GameState, cell: Cell) -> PickAction {
        let moves = state.legal_moves();
        let n = self.picked.len();
        if n == 0 || !self.going_on(&moves).any(|m| m.cells().get(n) == Some(&cell)) {
            return self.act_on(state, cell);
        }
        self.hop_to(&moves, cell)
    }

    /// Adds a hop; when no legal move goes further, the chain ends by itself.
    fn hop_to(&mut self, moves: &[GameMove], cell: Cell) -> PickAction {
        self.picked.push(cell);
        let n = self.picked.len();
        let further = self.going_on(moves).any(|m| m.cells().len() > n);
        match self.complete(moves) {
            Some(m) if !further => PickAction::Move(m),
            _ => PickAction::Hopped,
        }
    }

    /// "End of the chain": the selection as a move, if it is one.
    pub fn end_chain(&mut self, state: &dyn GameState) -> PickAction {
        if self.picked.len() < 2 {
            return PickAction::Nothing;
        }
        self.complete(&state.legal_moves()).map_or(PickAction::Nothing, PickAction::Move)
    }

    /// Esc: takes back the last hop, or drops the piece; `false` if nothing was picked.
    pub fn cancel(&mut self) -> bool {
        self.picked.pop().is_some()
    }

    /// Picks the piece on `cell` if a legal move starts there.
    fn pick(&mut self, state: &dyn GameState, cell: Cell) -> PickAction {
        if MovePicker::pickable(state).contains(&cell) {
            self.picked = vec![cell];
            PickAction::Selected
        } else {
            PickAction::Nothing
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use tripot_game::{GameSpec, Opener, Setup};

    use super::*;
    use crate::table_save::EveryGame;

    fn open(name: &str) -> Box<dyn GameState> {
        EveryGame.open(&GameSpec::new(name).unwrap(), &Setup::default()).unwrap()
    }

    /// The `to` of the legal moves of `kind` from `from`.
    fn ends_of(state: &dyn GameState, from: Cell, kind: MoveKind) -> Vec<Cell> {
        let mut cells: Vec<Cell> = state
            .legal_moves()
            .iter()
            .filter(|m| m.kind() == kind && m.from() == Some(from))
            .filter_map(GameMove::to)
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    #[test]
    fn the_targets_tell_a_step_from_a_chain_end_and_a_swap() {
        let mut state = open("tripot");
        let mut swaps_seen = 0;
        // A fixed walk of varied moves, long enough for the armies to meet in the middle.
        let mut dice: u64 = 12_345;
        for _ in 0..400 {
            for from in MovePicker::pickable(state.as_ref()) {
                let mut picker = MovePicker::default();
                assert_eq!(picker.act_on(state.as_ref(), from), PickAction::Selected);
                let targets = picker.targets(state.as_ref());
                let steps = ends_of(state.as_ref(), from, MoveKind::Step);
                let swaps = ends_of(state.as_ref(), from, MoveKind::Swap);
                let jumps = ends_of(state.as_ref(), from, MoveKind::Jump);
                assert!(targets.steps.iter().all(|c| steps.contains(c) && targets.ends.contains(c)));
                assert!(targets.swaps.iter().all(|c| swaps.contains(c) && targets.ends.contains(c)));
                for end in &targets.ends {
                    if !targets.steps.contains(end) && !targets.swaps.contains(end) {
                        assert!(jumps.contains(end), "{end:?} is neither a step, a swap nor a chain's end");
                    }
                }
                // A swap is the only move onto a piece: every one is offered as such.
                assert_eq!(targets.swaps, swaps);
                swaps_seen += swaps.len();
            }
            let moves = state.legal_moves();
            dice = dice.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let Some(m) = moves.get((dice >> 33) as usize % moves.len().max(1)) else { break };
            if state.play(m).is_err() || state.outcome().is_some() {
                break;
            }
        }
        assert!(swaps_seen > 0, "no swap was ever offered");
    }
}
