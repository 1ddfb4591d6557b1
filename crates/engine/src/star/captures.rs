//! The captures game's chains (RULES-STAR.md §5.2): any piece jumps, every pivot is taken at
//! once, the chain may come back to holes it visited, and every distinct path is a move.

use crate::board::{LINE_DISTANCE, RAYS, direction_between};
use crate::hole_set::HoleSet;
use crate::movegen::{hole, jump_landing};

use super::star_move::{StarMove, StarPath};
use super::star_position::StarPosition;

/// The hole jumped over by the jump from `from` to `to`: midway along their line.
pub(crate) fn pivot_of(from: usize, to: usize) -> Option<usize> {
    let dir = direction_between(from, to)?;
    let d = LINE_DISTANCE[from][to] as usize / 2;
    let pivot = *RAYS[from].get(dir)?.get(d.checked_sub(1)?)?;
    Some(pivot as usize)
}

impl StarPosition {
    /// Whether any piece can jump (§5.4: the game ends when none can).
    pub(crate) fn has_capture(&self) -> bool {
        let max_pivot = self.variant.max_pivot_distance();
        HoleSet(self.neutral).iter().any(|h| {
            let lifted = self.occupied & !(1u128 << h.index());
            (0..6).any(|dir| jump_landing(h.index(), dir, lifted, max_pivot).is_some())
        })
    }

    pub(crate) fn push_captures(&self, list: &mut Vec<StarMove>) {
        for piece in HoleSet(self.neutral) {
            let mut path = StarPath::new();
            path.push(piece);
            let lifted = self.occupied & !(1u128 << piece.index());
            self.extend_captures(&mut path, lifted, &mut |path| list.push(StarMove::Capture(path.clone())));
        }
    }

    pub(crate) fn count_captures(&self) -> u64 {
        let mut n = 0;
        for piece in HoleSet(self.neutral) {
            let mut path = StarPath::new();
            path.push(piece);
            let lifted = self.occupied & !(1u128 << piece.index());
            self.extend_captures(&mut path, lifted, &mut |_| n += 1);
        }
        n
    }

    /// Every continuation of `path` by one more jump and beyond, `occupied` being the board as
    /// the jumping piece sees it (itself lifted, the pieces it took removed). Each jump ends a
    /// move of its own, since a chain may stop after any jump.
    fn extend_captures(&self, path: &mut StarPath, occupied: u128, found: &mut dyn FnMut(&StarPath)) {
        let Some(at) = path.last().map(|h| h.index()) else {
            return;
        };
        let max_pivot = self.variant.max_pivot_distance();
        for dir in 0..6 {
            let Some(landing) = jump_landing(at, dir, occupied, max_pivot) else {
                continue;
            };
            let Some(pivot) = pivot_of(at, landing) else {
                continue;
            };
            // A path never exceeds one hole per piece; the bound is there for the type's sake.
            if path.try_push(hole(landing)).is_err() {
                continue;
            }
            found(path);
            self.extend_captures(path, occupied & !(1u128 << pivot), found);
            path.pop();
        }
    }
}
