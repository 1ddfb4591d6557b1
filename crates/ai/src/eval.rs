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

/// Weights of the evaluation, in tenths of a row.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Weights {
    /// Per unit of distance squared (divided by 16).
    pub(crate) straggler: i32,
    /// Per pawn still in its home branch.
    pub(crate) at_home: i32,
    /// Per enemy pawn in our goal, once most of our pawns are near.
    pub(crate) squatter: i32,
    /// For the side to move.
    pub(crate) tempo: i32,
}

impl Weights {
    /// The weights every level uses.
    pub(crate) const STANDARD: Weights = Weights { straggler: 6, at_home: 8, squatter: 25, tempo: 15 };
}

/// The cost of a camp: what it still has to cover, plus its handicaps.
fn camp_cost(g: &Geometry, pos: &Position, camp: Camp, w: &Weights) -> i32 {
    let enemy = pos.camp_pawns(camp.other()).bits();
    let mut cost = 0;
    for &colour in pos.format().colours(camp) {
        let c = colour.index();
        let tip = &g.tip[c];
        let mut bits = pos.pawns(colour).bits();
        let mut linear = 0;
        let mut square = 0;
        while bits != 0 {
            let h = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let d = i32::from(tip[h]);
            linear += d;
            square += d * d;
        }
        cost += linear * ROW + square * w.straggler / 16;
        cost += (pos.pawns(colour).bits() & g.home_mask[c]).count_ones() as i32 * w.at_home;
        // Our pawns in the goal's neighbourhood (goal rows plus two) meet the squatters.
        let squatters = (enemy & g.goal_mask[c]).count_ones() as i32;
        if squatters > 0 && linear <= 40 {
            cost += squatters * w.squatter;
        }
    }
    cost
}

/// The position from the side to move's point of view: positive is good for it.
pub(crate) fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let g = &**GEOMETRY;
    let me = pos.turn();
    camp_cost(g, pos, me.other(), w) - camp_cost(g, pos, me, w) + w.tempo
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
}
