//! Board tables the search needs beyond the engine's public API: lines through each hole (for
//! chains limited in hops, and the solitaire race, which has no engine `Position`), and each
//! colour's distance to the tip of its goal.

use std::sync::LazyLock;

use tripot_engine::{Colour, DIRECTIONS, HOLE_COUNT, Hole};

const NONE: u8 = u8::MAX;

/// Longest line the jump tables need: a jump lands at most 10 holes away.
const RAY_LEN: usize = 10;

/// Precomputed geometry.
pub(crate) struct Geometry {
    /// The six neighbours of each hole, as a mask.
    pub(crate) neighbours: [u128; HOLE_COUNT],
    /// `rays[hole][dir][k]`: the hole `k + 1` away in direction `dir`, or `NONE`.
    rays: [[[u8; RAY_LEN]; 6]; HOLE_COUNT],
    /// `tip[colour][hole]`: hex distance from the hole to the tip of the colour's goal.
    pub(crate) tip: [[u8; HOLE_COUNT]; 6],
    /// `goal_depth[colour][hole]`: the row of the goal a hole is in, 0 at the tip, or `None`.
    pub(crate) goal_mask: [u128; 6],
    /// `home_mask[colour]`: the colour's home branch.
    pub(crate) home_mask: [u128; 6],
    /// `lateral[colour][hole]`: distance from the hole to the colour's axis, the line from its
    /// home's tip through the centre to its goal's tip, in half hole spacings. Pawns far off it
    /// find fewer ladders.
    pub(crate) lateral: [[u8; HOLE_COUNT]; 6],
}

/// The tables, built on first use.
pub(crate) static GEOMETRY: LazyLock<Box<Geometry>> = LazyLock::new(build);

fn build() -> Box<Geometry> {
    let mut g = Box::new(Geometry {
        neighbours: [0; HOLE_COUNT],
        rays: [[[NONE; RAY_LEN]; 6]; HOLE_COUNT],
        tip: [[0; HOLE_COUNT]; 6],
        goal_mask: [0; 6],
        home_mask: [0; 6],
        lateral: [[0; HOLE_COUNT]; 6],
    });
    for hole in Hole::all() {
        let (q, r) = hole.axial();
        for (d, &(dq, dr)) in DIRECTIONS.iter().enumerate() {
            for k in 0..RAY_LEN {
                let step = (k + 1) as i8;
                match Hole::from_axial(q + step * dq, r + step * dr) {
                    Some(h) => g.rays[hole.index()][d][k] = h.index() as u8,
                    None => break,
                }
            }
            if let Some(n) = Hole::from_axial(q + dq, r + dr) {
                g.neighbours[hole.index()] |= 1 << n.index();
            }
        }
    }
    let centre = Hole::from_axial(0, 0);
    for colour in Colour::ALL {
        let goal = colour.goal();
        g.goal_mask[colour.index()] = goal.bits();
        g.home_mask[colour.index()] = colour.home().bits();
        let tip = goal.iter().max_by_key(|h| centre.map_or(0, |c| h.distance(c)));
        if let (Some(tip), Some(centre)) = (tip, centre) {
            // Distance from the axis on the screen, in half the spacing of two holes in a row
            // (x = q + r/2, y = r·√3/2), rounded.
            let screen = |h: Hole| {
                let (q, r) = h.axial();
                let (cq, cr) = centre.axial();
                let (q, r) = (f64::from(q - cq), f64::from(r - cr));
                (q + r / 2.0, r * 3f64.sqrt() / 2.0)
            };
            let (tx, ty) = screen(tip);
            let norm = tx.hypot(ty);
            for hole in Hole::all() {
                g.tip[colour.index()][hole.index()] = hole.distance(tip);
                let (x, y) = screen(hole);
                g.lateral[colour.index()][hole.index()] =
                    (2.0 * (x * ty - y * tx).abs() / norm).round() as u8;
            }
        }
    }
    g
}

impl Geometry {
    /// Where a single jump from `from` in direction `dir` lands, with `occupied` the board as
    /// the jumping pawn sees it (itself lifted): the first pawn at distance `d ≤ max_pivot` is
    /// the pivot, and the `d` holes past it must be on the board and empty (RULES.md §3.2).
    #[inline]
    pub(crate) fn landing(&self, from: usize, dir: usize, occupied: u128, max_pivot: usize) -> Option<usize> {
        let ray = &self.rays[from][dir];
        for d in 1..=max_pivot {
            let pivot = ray[d - 1];
            if pivot == NONE {
                return None;
            }
            if occupied >> pivot & 1 == 1 {
                for &beyond in &ray[d..2 * d] {
                    if beyond == NONE || occupied >> beyond & 1 == 1 {
                        return None;
                    }
                }
                return Some(ray[2 * d - 1] as usize);
            }
        }
        None
    }

    /// The holes a chain of at most `max_hops` jumps reaches from `from` (the pawn on `from`
    /// lifted, its start never landed on); breadth first, so layer `k` is reached in `k` hops.
    pub(crate) fn chain_reach(&self, from: usize, occupied: u128, max_pivot: usize, max_hops: u32) -> u128 {
        let lifted = occupied & !(1u128 << from);
        let mut visited = 1u128 << from;
        let mut frontier = visited;
        for _ in 0..max_hops {
            let mut next = 0u128;
            let mut f = frontier;
            while f != 0 {
                let at = f.trailing_zeros() as usize;
                f &= f - 1;
                for dir in 0..6 {
                    if let Some(l) = self.landing(at, dir, lifted, max_pivot) {
                        next |= 1 << l;
                    }
                }
            }
            next &= !visited;
            if next == 0 {
                break;
            }
            visited |= next;
            frontier = next;
        }
        visited & !(1u128 << from)
    }

    /// A shortest chain from `from` to `to` (both ends included), if any.
    pub(crate) fn chain_path(
        &self,
        from: usize,
        to: usize,
        occupied: u128,
        max_pivot: usize,
    ) -> Option<Vec<usize>> {
        let lifted = occupied & !(1u128 << from);
        let mut parent = [NONE; HOLE_COUNT];
        let mut queue = vec![from];
        let mut visited = 1u128 << from;
        let mut head = 0;
        while head < queue.len() {
            let at = queue[head];
            head += 1;
            if at == to {
                let mut path = vec![to];
                let mut cur = to;
                while cur != from {
                    cur = parent[cur] as usize;
                    path.push(cur);
                }
                path.reverse();
                return Some(path);
            }
            for dir in 0..6 {
                if let Some(l) = self.landing(at, dir, lifted, max_pivot)
                    && visited >> l & 1 == 0
                {
                    visited |= 1 << l;
                    parent[l] = at as u8;
                    queue.push(l);
                }
            }
        }
        None
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use tripot_engine::{Camp, Format, Position, Rules};

    use super::*;

    #[test]
    fn chain_reach_agrees_with_the_engine() {
        // Unlimited hops must give the engine's chain destinations, for both presets.
        let g = &*GEOMETRY;
        for rules in Rules::ALL {
            let mut pos = Position::start(Format::Three, rules, Camp::A);
            for _ in 0..30 {
                let occupied = pos.occupied().bits();
                for from in pos.camp_pawns(pos.turn()) {
                    let ours = g.chain_reach(from.index(), occupied, rules.max_pivot_distance(), 200);
                    let steps = g.neighbours[from.index()] & !occupied;
                    assert_eq!(ours | steps, pos.destinations(from).bits(), "{pos} {from}");
                }
                let moves = pos.legal_moves();
                let Some(&m) = moves.get(moves.len() / 2) else { break };
                pos.play_unchecked(m);
            }
        }
    }

    #[test]
    fn the_goal_tip_is_at_distance_zero() {
        let g = &*GEOMETRY;
        let tip: Hole = "e17".parse().unwrap();
        assert_eq!(g.tip[Colour::S.index()][tip.index()], 0);
        let m1: Hole = "m1".parse().unwrap();
        assert_eq!(g.tip[Colour::S.index()][m1.index()], 16);
    }

    #[test]
    fn the_axis_runs_from_home_tip_to_goal_tip() {
        let g = &*GEOMETRY;
        for colour in Colour::ALL {
            let c = colour.index();
            let on_axis = Hole::all().filter(|h| g.lateral[c][h.index()] == 0).count();
            assert_eq!(on_axis, 9, "{colour:?}");
            let goal_tip = Hole::all().find(|h| g.tip[c][h.index()] == 0).unwrap();
            assert_eq!(g.lateral[c][goal_tip.index()], 0);
            assert_eq!(g.tip[c][goal_tip.index()], 0);
        }
        let (m1, e16): (Hole, Hole) = ("m1".parse().unwrap(), "e16".parse().unwrap());
        assert_eq!(g.lateral[Colour::S.index()][m1.index()], 0);
        assert_eq!(g.lateral[Colour::S.index()][e16.index()], 1);
        let m9: Hole = "m9".parse().unwrap();
        assert_eq!(g.lateral[Colour::S.index()][m9.index()], 8);
    }
}
