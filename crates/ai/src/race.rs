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
pub(crate) const MAX_MOVES: usize = 200;

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
pub(crate) struct RaceProfile {
    pub(crate) beam: usize,
    pub(crate) max_hops: u32,
}

impl RaceProfile {
    pub(crate) fn of(level: Level) -> RaceProfile {
        match level {
            Level::Debutant => RaceProfile { beam: 1, max_hops: 1 },
            Level::Facile => RaceProfile { beam: 4, max_hops: 3 },
            Level::Moyen => RaceProfile { beam: 64, max_hops: 6 },
            Level::Difficile => RaceProfile { beam: 1_000, max_hops: u32::MAX },
            Level::Impossible => RaceProfile { beam: 12_000, max_hops: u32::MAX },
        }
    }
}

/// The most colours one camp runs (format 3).
const MAX_COLOURS: usize = 3;

/// A camp's pawns, one set per colour (unused slots empty).
type Runners = [u128; MAX_COLOURS];

#[derive(Debug, Clone, Copy)]
struct Node {
    pawns: Runners,
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

/// One move of a race plan: from, to, and every runner's pawn before it (the holes a chain
/// may pivot on, with the obstacles).
pub(crate) type PlanStep = (usize, usize, u128);

/// A beam search for the shortest race of `runners` (each colour with its pawns, at most three:
/// one camp) to their goals, around the fixed `obstacles` (which serve as pivots too): at most
/// `max_moves` moves, `beam` positions kept per move, chains of at most `max_hops` hops. The
/// colours of one camp pivot on each other, which is why they are planned together. `None`
/// when no race within the limits was found (an obstacle in a goal, say).
pub(crate) fn plan(
    runners: &[(Colour, u128)],
    obstacles: u128,
    rules: Rules,
    beam: usize,
    max_hops: u32,
    max_moves: usize,
) -> Option<Vec<PlanStep>> {
    let g: &Geometry = &GEOMETRY;
    if runners.is_empty() || runners.len() > MAX_COLOURS {
        return None;
    }
    let max_pivot = rules.max_pivot_distance();
    let mut start: Runners = [0; MAX_COLOURS];
    let mut goal: Runners = [0; MAX_COLOURS];
    let mut tips = [&g.tip[0]; MAX_COLOURS];
    let mut cost = 0;
    for (i, &(colour, pawns)) in runners.iter().enumerate() {
        start[i] = pawns;
        goal[i] = colour.goal().bits();
        tips[i] = &g.tip[colour.index()];
        cost += cost_of(tips[i], pawns);
    }
    let colours = runners.len();
    let mut layers: Vec<Vec<Node>> = vec![vec![Node { pawns: start, cost, parent: 0, from: 0, to: 0 }]];
    let mut seen: HashSet<Runners> = HashSet::from([start]);
    let mut finish = if start == goal { Some(0) } else { None };
    while finish.is_none() && layers.len() <= max_moves {
        let Some(layer) = layers.last() else { break };
        let mut children = Vec::new();
        for (index, node) in layer.iter().enumerate() {
            let occupied = node.pawns.iter().fold(obstacles, |all, p| all | p);
            for c in 0..colours {
                let mut bits = node.pawns[c];
                while bits != 0 {
                    let from = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let mut dests =
                        (g.neighbours[from] & !occupied) | g.chain_reach(from, occupied, max_pivot, max_hops);
                    while dests != 0 {
                        let to = dests.trailing_zeros() as usize;
                        dests &= dests - 1;
                        let mut pawns = node.pawns;
                        pawns[c] = pawns[c] & !(1u128 << from) | 1u128 << to;
                        let cost = node.cost - hole_cost(tips[c], from) + hole_cost(tips[c], to);
                        children.push(Node {
                            pawns,
                            cost,
                            parent: index as u32,
                            from: from as u8,
                            to: to as u8,
                        });
                    }
                }
            }
        }
        // Deterministic: ties between equal costs go to the lower pawn masks.
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
        let before = layers[depth - 1][node.parent as usize].pawns.iter().fold(0, |all, p| all | p);
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
    let steps = plan(&[(RUNNER, RUNNER.home().bits())], 0, rules, profile.beam, profile.max_hops, MAX_MOVES);
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

    /// A camp of three colours alone on the board plans its whole race: every planned move is a
    /// step to an empty neighbour or a chain of legal hops over the camp's own pawns, and every
    /// colour ends in its own goal.
    #[test]
    fn a_camp_of_three_colours_plans_its_race() {
        let g: &Geometry = &GEOMETRY;
        let colours = [Colour::SE, Colour::S, Colour::SW];
        let runners: Vec<(Colour, u128)> = colours.iter().map(|&c| (c, c.home().bits())).collect();
        let steps = plan(&runners, 0, Rules::Tripot, 200, u32::MAX, MAX_MOVES).unwrap();
        let mut pawns: Vec<u128> = runners.iter().map(|r| r.1).collect();
        for &(from, to, before) in &steps {
            assert_eq!(before, pawns.iter().fold(0, |all, p| all | p));
            let c = pawns.iter().position(|p| p >> from & 1 == 1).unwrap();
            assert_eq!(before >> to & 1, 0, "{from} to {to}: occupied");
            let lifted = before & !(1u128 << from);
            if g.neighbours[from] >> to & 1 == 0 {
                let path = g.chain_path(from, to, before, Rules::Tripot.max_pivot_distance()).unwrap();
                for hop in path.windows(2) {
                    let legal = (0..6).any(|dir| {
                        g.landing(hop[0], dir, lifted, Rules::Tripot.max_pivot_distance()) == Some(hop[1])
                    });
                    assert!(legal, "{from} to {to}: hop {hop:?}");
                }
            }
            pawns[c] = pawns[c] & !(1u128 << from) | 1u128 << to;
        }
        for (c, colour) in colours.iter().enumerate() {
            assert_eq!(pawns[c], colour.goal().bits(), "{colour:?}");
        }
    }
}
