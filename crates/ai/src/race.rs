//! The solitaire race: one colour alone on the board, from its home to its goal in as few moves
//! as possible.
//!
//! The engine's `Position` needs two camps, so the race has its own tiny state (one `u128`) and
//! its own search: a beam search, layer by layer, that keeps the most advanced distinct
//! positions. A wide beam finds near-optimal races (Bell's proven optimum for classic rules is 27
//! moves); a narrow one that sees only short chains plays like a beginner.

use std::collections::HashSet;

use tripot_engine::{Colour, HOLE_COUNT, Hole, Rules};

use crate::geometry::{GEOMETRY, Geometry};
use crate::level::Level;

/// The colour that runs: S, from the bottom branch to the top one.
const RUNNER: Colour = Colour::S;

/// A race that has not finished after this many moves is abandoned (never happens in practice).
const MAX_MOVES: usize = 200;

/// A finished solitaire race.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Race {
    /// The moves, each as its path of holes (two holes for a step, more for a chain).
    pub moves: Vec<Vec<Hole>>,
}

impl Race {
    /// Each move written as in the game: `m1-m3-k5`.
    #[must_use]
    pub fn notation(&self) -> Vec<String> {
        self.moves
            .iter()
            .map(|path| path.iter().map(ToString::to_string).collect::<Vec<_>>().join("-"))
            .collect()
    }
}

/// How wide and how far-sighted a level's race is.
#[derive(Debug, Clone, Copy)]
struct RaceProfile {
    beam: usize,
    max_hops: u32,
}

impl RaceProfile {
    fn of(level: Level) -> RaceProfile {
        match level {
            Level::Debutant => RaceProfile { beam: 1, max_hops: 1 },
            Level::Facile => RaceProfile { beam: 4, max_hops: 3 },
            Level::Moyen => RaceProfile { beam: 64, max_hops: 6 },
            Level::Difficile => RaceProfile { beam: 1_000, max_hops: u32::MAX },
            Level::Impossible => RaceProfile { beam: 12_000, max_hops: u32::MAX },
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Node {
    pawns: u128,
    cost: i32,
    parent: u32,
    from: u8,
    to: u8,
}

/// The cost the beam minimises: distance to the goal's tip, with a straggler term as in the
/// game's evaluation so that the group climbs together and keeps its ladders.
fn cost_of(tip: &[u8; HOLE_COUNT], pawns: u128) -> i32 {
    let mut bits = pawns;
    let mut cost = 0;
    while bits != 0 {
        let h = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        cost += hole_cost(tip, h);
    }
    cost
}

#[inline]
fn hole_cost(tip: &[u8; HOLE_COUNT], hole: usize) -> i32 {
    let d = i32::from(tip[hole]);
    16 * d + d * d
}

/// One move of a race plan: from, to, and the runner's pawns before it.
pub(crate) type PlanStep = (usize, usize, u128);

/// A beam search for the shortest race of `colour` from `start` to its goal, around the fixed
/// `obstacles` (which serve as pivots too): at most `max_moves` moves, `beam` positions kept per
/// move, chains of at most `max_hops` hops. `None` when no race within the limits was found.
pub(crate) fn plan(
    colour: Colour,
    start: u128,
    obstacles: u128,
    rules: Rules,
    beam: usize,
    max_hops: u32,
    max_moves: usize,
) -> Option<Vec<PlanStep>> {
    let g: &Geometry = &GEOMETRY;
    let tip = &g.tip[colour.index()];
    let max_pivot = rules.max_pivot_distance();
    let goal = colour.goal().bits();
    let mut layers: Vec<Vec<Node>> =
        vec![vec![Node { pawns: start, cost: cost_of(tip, start), parent: 0, from: 0, to: 0 }]];
    let mut seen: HashSet<u128> = HashSet::from([start]);
    let mut finish = if start == goal { Some(0) } else { None };
    while finish.is_none() && layers.len() <= max_moves {
        let Some(layer) = layers.last() else { break };
        let mut children = Vec::new();
        for (index, node) in layer.iter().enumerate() {
            let occupied = node.pawns | obstacles;
            let mut bits = node.pawns;
            while bits != 0 {
                let from = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mut dests =
                    (g.neighbours[from] & !occupied) | g.chain_reach(from, occupied, max_pivot, max_hops);
                while dests != 0 {
                    let to = dests.trailing_zeros() as usize;
                    dests &= dests - 1;
                    let pawns = node.pawns & !(1u128 << from) | 1u128 << to;
                    let cost = node.cost - hole_cost(tip, from) + hole_cost(tip, to);
                    children.push(Node { pawns, cost, parent: index as u32, from: from as u8, to: to as u8 });
                }
            }
        }
        // Deterministic: ties between equal costs go to the lower pawn mask.
        if children.len() > 4 * beam {
            children.select_nth_unstable_by_key(4 * beam, |n| (n.cost, n.pawns));
            children.truncate(4 * beam);
        }
        children.sort_unstable_by_key(|n| (n.cost, n.pawns));
        children.dedup_by_key(|n| n.pawns);
        let mut next = Vec::with_capacity(beam);
        for child in children {
            if next.len() == beam {
                break;
            }
            if seen.insert(child.pawns) {
                next.push(child);
                if child.pawns == goal {
                    finish = Some(next.len() - 1);
                    break;
                }
            }
        }
        if next.is_empty() {
            break;
        }
        layers.push(next);
    }
    let mut index = finish?;
    let mut steps = Vec::new();
    for depth in (1..layers.len()).rev() {
        let node = layers[depth][index];
        let before = layers[depth - 1][node.parent as usize].pawns;
        steps.push((node.from as usize, node.to as usize, before));
        index = node.parent as usize;
    }
    steps.reverse();
    Some(steps)
}

/// Plays the solitaire race at `level` under `rules`.
#[must_use]
pub fn solitaire(level: Level, rules: Rules) -> Race {
    let g: &Geometry = &GEOMETRY;
    let profile = RaceProfile::of(level);
    let steps = plan(RUNNER, RUNNER.home().bits(), 0, rules, profile.beam, profile.max_hops, MAX_MOVES);
    let moves = steps
        .unwrap_or_default()
        .into_iter()
        .map(|(from, to, before)| {
            let path = if g.neighbours[from] >> to & 1 == 1 {
                vec![from, to]
            } else {
                g.chain_path(from, to, before, rules.max_pivot_distance()).unwrap_or_else(|| vec![from, to])
            };
            path.into_iter().filter_map(|h| Hole::new(h as u8)).collect()
        })
        .collect();
    Race { moves }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Replays a race hop by hop on a one-colour board: every hop a step or a legal jump, no hole
    /// revisited within a chain, and the goal filled at the end.
    fn replay(race: &Race, rules: Rules) -> bool {
        let g: &Geometry = &GEOMETRY;
        let mut pawns = RUNNER.home().bits();
        for path in &race.moves {
            let from = path[0].index();
            if pawns >> from & 1 == 0 || path.len() < 2 {
                return false;
            }
            let lifted = pawns & !(1u128 << from);
            let mut visited = 1u128 << from;
            for hop in path.windows(2) {
                let (a, b) = (hop[0].index(), hop[1].index());
                let ok = if path.len() == 2 && g.neighbours[a] >> b & 1 == 1 {
                    lifted >> b & 1 == 0
                } else {
                    (0..6).any(|dir| g.landing(a, dir, lifted, rules.max_pivot_distance()) == Some(b))
                };
                if !ok || visited >> b & 1 == 1 {
                    return false;
                }
                visited |= 1 << b;
            }
            pawns = lifted | 1 << path[path.len() - 1].index();
        }
        pawns == RUNNER.goal().bits()
    }

    #[test]
    fn a_beginner_race_is_legal_and_finishes() {
        for rules in Rules::ALL {
            let race = solitaire(Level::Debutant, rules);
            assert!(!race.moves.is_empty());
            assert!(replay(&race, rules), "{rules}: {:?}", race.notation());
        }
    }

    #[test]
    fn a_wider_beam_races_faster() {
        let slow = solitaire(Level::Debutant, Rules::Classic).moves.len();
        let fast = solitaire(Level::Moyen, Rules::Classic).moves.len();
        assert!(fast < slow, "{fast} vs {slow}");
        assert!(replay(&solitaire(Level::Moyen, Rules::Classic), Rules::Classic));
    }
}
