//! The static evaluation of a race game.
//!
//! The race is measured per colour by the hex distance of each pawn to the tip of its goal: it
//! counts rows still to climb, costs pawns that drift sideways, and fills the goal from the tip
//! down, so that no pawn of the colour ends up blocking the holes behind it. On top of it:
//! - stragglers: the cost grows with the square of a pawn's distance, so the last pawns are
//!   moved before they are left without pivots (long Tripot jumps soften this, hence a small
//!   weight rather than a hard rule);
//! - a pawn still at home costs extra, since it also blocks the enemy's goal and invites a swap;
//! - enemy pawns lingering in our goal cost us when our own pawns are close to it;
//! - the side to move has the tempo.

use tripot_engine::{Camp, Position};

use crate::geometry::{GEOMETRY, Geometry};

/// Scores are in tenths of a row.
pub(crate) const ROW: i32 = 10;

/// A won game; a win in `n` plies scores `WIN - n`.
pub(crate) const WIN: i32 = 1_000_000;

/// Scores above this are wins found by the search.
pub(crate) const WIN_THRESHOLD: i32 = WIN - 10_000;

/// Weights of the evaluation, in tenths of a row. Public so that they can be tuned by
/// measurement (`cargo run --release -p tripot-ai --example ladder -- … --wa straggler=8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// Per unit of distance squared (divided by 16): stragglers.
    pub straggler: i32,
    /// Per pawn still in its home branch.
    pub at_home: i32,
    /// Per enemy pawn in our goal, once most of our pawns are near.
    pub squatter: i32,
    /// For the side to move.
    pub tempo: i32,
    /// Per unit of distance from the colour's axis, for pawns not yet in the goal (divided by 4).
    pub lateral: i32,
    /// Percent of the side to move's best one-move gain, added at the leaves (0: not computed).
    pub mover_gain: i32,
    /// Percent of the other side's best one-move gain, subtracted at the leaves (0: not computed).
    pub waiter_gain: i32,
}

impl Weights {
    /// The weights every level uses.
    pub const STANDARD: Weights = Weights {
        straggler: 6,
        at_home: 8,
        squatter: 25,
        tempo: 15,
        lateral: 0,
        mover_gain: 0,
        waiter_gain: 0,
    };

    /// The strong levels' weights: at the leaves, the side to move is credited with its best
    /// move's progress instead of a fixed tempo (Difficile vs Difficile, 100 seeds played from
    /// both sides: 131/200 games won against [`Weights::STANDARD`], at about 1.3 times the time
    /// per node in Impossible's search).
    pub const LOOKAHEAD: Weights = Weights { tempo: 0, mover_gain: 100, ..Weights::STANDARD };

    /// Sets one weight by name; false when the name is unknown.
    pub fn set(&mut self, name: &str, value: i32) -> bool {
        let slot = match name {
            "straggler" => &mut self.straggler,
            "at_home" => &mut self.at_home,
            "squatter" => &mut self.squatter,
            "tempo" => &mut self.tempo,
            "lateral" => &mut self.lateral,
            "mover_gain" => &mut self.mover_gain,
            "waiter_gain" => &mut self.waiter_gain,
            _ => return false,
        };
        *slot = value;
        true
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::STANDARD
    }
}

/// A weight list that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad weights '{0}': expected name=value,… with names straggler, at_home, squatter, tempo, lateral, mover_gain, waiter_gain"
)]
pub struct WeightsError(pub String);

impl std::str::FromStr for Weights {
    type Err = WeightsError;

    /// `straggler=8,lateral=2`: the standard weights with these changed.
    fn from_str(s: &str) -> Result<Weights, WeightsError> {
        Weights::STANDARD.with(s)
    }
}

impl Weights {
    /// These weights with the ones `spec` names changed: `straggler=8,lateral=2`.
    pub fn with(self, s: &str) -> Result<Weights, WeightsError> {
        let mut w = self;
        for item in s.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let bad = || WeightsError(s.to_owned());
            let (name, value) = item.split_once('=').ok_or_else(bad)?;
            let value: i32 = value.trim().parse().map_err(|_| bad())?;
            if !w.set(name.trim(), value) {
                return Err(bad());
            }
        }
        Ok(w)
    }
}

/// The cost of a camp: what it still has to cover, plus its handicaps.
fn camp_cost(g: &Geometry, pos: &Position, camp: Camp, w: &Weights) -> i32 {
    let enemy = pos.camp_pawns(camp.other()).bits();
    let mut cost = 0;
    for &colour in pos.format().colours(camp) {
        let c = colour.index();
        let tip = &g.tip[c];
        let lateral = &g.lateral[c];
        let pawns = pos.pawns(colour).bits();
        let mut bits = pawns;
        let mut linear = 0;
        let mut square = 0;
        let mut off_axis = 0;
        while bits != 0 {
            let h = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let d = i32::from(tip[h]);
            linear += d;
            square += d * d;
            off_axis += i32::from(lateral[h]);
        }
        let in_goal_off_axis: i32 = if w.lateral != 0 {
            let mut b = pawns & g.goal_mask[c];
            let mut sum = 0;
            while b != 0 {
                let h = b.trailing_zeros() as usize;
                b &= b - 1;
                sum += i32::from(lateral[h]);
            }
            sum
        } else {
            0
        };
        cost += linear * ROW + square * w.straggler / 16 + (off_axis - in_goal_off_axis) * w.lateral / 4;
        cost += (pawns & g.home_mask[c]).count_ones() as i32 * w.at_home;
        // Our pawns in the goal's neighbourhood (goal rows plus two) meet the squatters.
        let squatters = (enemy & g.goal_mask[c]).count_ones() as i32;
        if squatters > 0 && linear <= 40 {
            cost += squatters * w.squatter;
        }
    }
    cost
}

/// The best progress `camp` could make in one move if it were its turn, in tenths of a row.
/// Pawns are tried from the rearmost: a pawn at distance `d` gains at most `d`, so the search
/// stops as soon as no pawn left can beat the best found.
fn best_gain(g: &Geometry, pos: &Position, camp: Camp) -> i32 {
    let occupied = pos.occupied().bits();
    let max_pivot = pos.rules().max_pivot_distance();
    let mut best = 0;
    for &colour in pos.format().colours(camp) {
        let c = colour.index();
        let tip = &g.tip[c];
        let mut pawns: [(u8, u8); 32] = [(0, 0); 32];
        let mut n = 0;
        let mut bits = pos.pawns(colour).bits();
        while bits != 0 && n < pawns.len() {
            let h = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            pawns[n] = (tip[h], h as u8);
            n += 1;
        }
        let pawns = &mut pawns[..n];
        pawns.sort_unstable_by(|a, b| b.cmp(a));
        for &(d, from) in pawns.iter() {
            let here = i32::from(d);
            if here <= best {
                break;
            }
            let from = usize::from(from);
            let mut dests = (g.neighbours[from] & !occupied) | g.chain_reach(from, occupied, max_pivot, 64);
            while dests != 0 {
                let to = dests.trailing_zeros() as usize;
                dests &= dests - 1;
                best = best.max(here - i32::from(tip[to]));
            }
        }
    }
    best * ROW
}

/// The position from the side to move's point of view: positive is good for it.
pub(crate) fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let g = &**GEOMETRY;
    let me = pos.turn();
    let mut score = camp_cost(g, pos, me.other(), w) - camp_cost(g, pos, me, w) + w.tempo;
    if w.mover_gain != 0 {
        score += best_gain(g, pos, me) * w.mover_gain / 100;
    }
    if w.waiter_gain != 0 {
        score -= best_gain(g, pos, me.other()) * w.waiter_gain / 100;
    }
    score
}

/// How much a move of the pawn from `from` to `to` of colour index `c` brings, in rows times ten.
#[inline]
pub(crate) fn gain(g: &Geometry, c: usize, from: usize, to: usize) -> i32 {
    (i32::from(g.tip[c][from]) - i32::from(g.tip[c][to])) * ROW
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use tripot_engine::{Camp, Format, Position, Rules};

    use super::*;

    fn parse(text: &str) -> Position {
        Position::parse(text, Rules::Tripot).unwrap()
    }

    fn score_for_a(pos: &Position) -> i32 {
        let s = evaluate(pos, &Weights::STANDARD);
        if pos.turn() == Camp::A { s } else { -s }
    }

    #[test]
    fn the_start_is_even_but_for_the_tempo() {
        let a = Position::start(Format::One, Rules::Tripot, Camp::A);
        let b = Position::start(Format::One, Rules::Tripot, Camp::B);
        assert_eq!(evaluate(&a, &Weights::STANDARD), evaluate(&b, &Weights::STANDARD));
        assert_eq!(evaluate(&a, &Weights::STANDARD), Weights::STANDARD.tempo);
    }

    #[test]
    fn a_pawn_further_up_scores_better() {
        // The same set-up but one S pawn advanced from home into the centre.
        let base = parse("B:Ne17,e16,f16,e15,f15,g15,e14,f14,g14,h14:Sj4,k4,l4,m4,k3,l3,m3,l2,m2,m1");
        let ahead = parse("B:Ne17,e16,f16,e15,f15,g15,e14,f14,g14,h14:Sj4,k4,l4,m4,k3,l3,m3,l2,m2,i9");
        assert!(score_for_a(&ahead) > score_for_a(&base));
    }

    #[test]
    fn a_straggler_costs_more_than_the_same_distance_spread_evenly() {
        // Same total distance for S: one pawn left at home versus two pawns one row apart.
        let behind =
            parse("B:Ne17,e16,f16,e15,f15,g15,e14,f14,g14,h14:Sf13,g13,h13,i13,g12,h12,i12,h11,i11,m1");
        let even = parse("B:Ne17,e16,f16,e15,f15,g15,e14,f14,g14,h14:Sf13,g13,h13,i13,g12,h12,i12,h11,i7,k5");
        let s_distance = |p: &Position| p.total_distance(Camp::A);
        assert!(s_distance(&behind) <= s_distance(&even) + 1);
        assert!(score_for_a(&even) > score_for_a(&behind));
    }

    #[test]
    fn filling_the_goal_from_the_tip_scores_better() {
        // S has nine pawns in the goal; the tenth is the same, but the hole left open is the tip
        // in one case (a pawn blocks the way in) and a front hole in the other.
        let tip_open = parse("A:Ni5,j4,k4,l4,m4,k3,l3,m3,l2,m2:Se16,f16,e15,f15,g15,e14,f14,g14,h14,i13");
        let tip_full = parse("A:Ni5,j4,k4,l4,m4,k3,l3,m3,l2,m2:Se17,e16,f16,e15,f15,g15,e14,f14,g14,i13");
        assert!(score_for_a(&tip_full) > score_for_a(&tip_open));
    }

    #[test]
    fn best_gain_is_the_best_legal_move_s_progress() {
        // Checked against the engine's own move list along a game, in every format and preset.
        let g = &**GEOMETRY;
        for rules in Rules::ALL {
            for format in [Format::One, Format::Two, Format::Three] {
                let mut pos = Position::start(format, rules, Camp::A);
                for ply in 0..40 {
                    let moves = pos.legal_moves();
                    let engine_best = moves
                        .iter()
                        .filter_map(|m| {
                            let (from, to) = (m.from()?, m.to()?);
                            matches!(m, tripot_engine::Move::Step { .. } | tripot_engine::Move::Jump { .. })
                                .then(|| {
                                    let c = pos.colour_at(from).map_or(0, |c| c.index());
                                    gain(g, c, from.index(), to.index())
                                })
                        })
                        .max()
                        .unwrap_or(0)
                        .max(0);
                    assert_eq!(best_gain(g, &pos, pos.turn()), engine_best, "{pos}");
                    let Some(&m) = moves.get((ply * 7) % moves.len().max(1)) else { break };
                    pos.play_unchecked(m);
                    if pos.is_over() {
                        break;
                    }
                }
            }
        }
    }
}
