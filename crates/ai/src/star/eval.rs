//! What a star position is worth to one unit (a seat, or a team of partners in the pairs
//! games): places secured, then the race still to run, or the captures made.

use tripot_engine::{Colour, GameKind, StarOutcome, StarPosition, partner};

use crate::geometry::GEOMETRY;

/// A row of progress, the race evaluation's unit (as in the duel's evaluation).
pub(crate) const ROW: i32 = 10;

/// One place better is worth more than any race: a race costs at most a few thousand.
const PLACE: i32 = 100_000;

/// A captured piece, in the captures game.
const CAPTURE: i32 = 100;

/// Beyond this, a score is a decided game: the search may stop looking further.
pub(crate) const DECIDED: i32 = PLACE / 2;

/// The units of a table, in playing order: teams of partners in the pairs games, else seats.
pub(crate) fn units(pos: &StarPosition) -> Vec<Vec<Colour>> {
    let variant = pos.variant();
    let mut units: Vec<Vec<Colour>> = Vec::new();
    for &seat in variant.seats() {
        if units.iter().any(|u| u.contains(&seat)) {
            continue;
        }
        if variant.pairs() { units.push(vec![seat, partner(seat)]) } else { units.push(vec![seat]) }
    }
    units
}

/// The value of holding `place` among `n` units: symmetric about zero, so that a two-unit game
/// is zero-sum.
fn place_value(place: u8, n: usize) -> i32 {
    PLACE * (n as i32 + 1 - 2 * i32::from(place))
}

/// What `seat` still has to cover: the distance of each marble to its goal's tip, a straggler
/// term (a marble left behind costs more than the same distance spread), and the home rule's
/// pressure in Stern-Halma: a marble still at home costs more with each move towards the
/// deadline, so that none is caught there (§4.6).
fn race_cost(pos: &StarPosition, seat: Colour) -> i32 {
    let g = &**GEOMETRY;
    let tip = &g.tip[seat.index()];
    let mut linear = 0;
    let mut square = 0;
    for hole in pos.marbles(seat) {
        let d = i32::from(tip[hole.index()]);
        linear += d;
        square += d * d;
    }
    let mut cost = linear * ROW + square / 2;
    if pos.variant().game() == GameKind::Halma {
        let home = pos.home(seat).bits();
        let deadline = i32::from(pos.variant().home_deadline());
        let made = i32::from(pos.moves_of(seat));
        // From a fifth of the deadline on, each move makes a marble at home dearer by three
        // rows per step it still needs to get out: by half the deadline it outweighs any race
        // gain. Earlier than the deadline itself, and by steps rather than by marbles, because
        // the last marble at the back of its home needs several moves (or someone to jump over)
        // to get out, and once the deadline has passed it may never leave: a step to the front
        // row of its home would eliminate it.
        let urgency = 2 * ROW + (made - deadline / 5).max(0) * 3 * ROW;
        // Rows of the home: 4 in a branch, 5 with the hexagon's row in `halma-15`.
        let rows = if pos.variant().fifteen() { 5 } else { 4 };
        let from_home_tip = &g.tip[seat.opposite().index()];
        for hole in pos.marbles(seat) {
            if home >> hole.index() & 1 == 1 {
                let exit = (rows - i32::from(from_home_tip[hole.index()])).max(1);
                cost += urgency * exit;
            }
        }
    }
    cost
}

/// The value of a unit still in the game (or placed) in a position that is not over.
fn unit_value(pos: &StarPosition, unit: &[Colour], n: usize, best_free: u8) -> i32 {
    if pos.variant().game() == GameKind::Captures {
        return unit.iter().map(|&s| i32::from(pos.taken(s))).sum::<i32>() * CAPTURE;
    }
    if let Some(place) = unit.iter().find_map(|&s| pos.place(s)) {
        return place_value(place, n);
    }
    // Not placed yet: at best the next free place, less what is left to run. Half a place below
    // it, so that finishing is always a step up.
    let cost: i32 = unit.iter().map(|&s| race_cost(pos, s)).sum();
    place_value(best_free, n) - PLACE / 2 - cost
}

/// The score of a position not over, for the unit holding `me`: its value less the best value
/// among the other units. Against the best rather than the mean: in kawu only the first counts,
/// and in Stern-Halma the next place goes to whoever is ahead.
pub(crate) fn evaluate(pos: &StarPosition, me: Colour) -> i32 {
    let units = units(pos);
    let n = units.len();
    let placed: Vec<u8> = units.iter().filter_map(|u| u.iter().find_map(|&s| pos.place(s))).collect();
    let best_free = (1..=n as u8).find(|p| !placed.contains(p)).unwrap_or(n as u8);
    let mut mine = 0;
    let mut best_other = i32::MIN;
    for unit in &units {
        let value = unit_value(pos, unit, n, best_free);
        if unit.contains(&me) {
            mine = value;
        } else {
            best_other = best_other.max(value);
        }
    }
    if best_other == i32::MIN { mine } else { mine - best_other }
}

/// The score of a finished game for the unit holding `me`, on the same scale: a seat with no
/// place (a kawu or captures loser) counts as last.
pub(crate) fn outcome_score(outcome: &StarOutcome, pos: &StarPosition, me: Colour) -> i32 {
    let units = units(pos);
    let n = units.len();
    let mut mine = 0;
    let mut best_other = i32::MIN;
    for unit in &units {
        let place = unit.iter().find_map(|&s| outcome.place(s)).unwrap_or(n as u8);
        let value = place_value(place, n);
        if unit.contains(&me) {
            mine = value;
        } else {
            best_other = best_other.max(value);
        }
    }
    let score = if best_other == i32::MIN { mine } else { mine - best_other };
    // A decided game still prefers more captures, or a shorter race left (a lost kawu game that
    // ended close is still the better one to steer towards when all are lost).
    score + evaluate(pos, me).clamp(-DECIDED / 4, DECIDED / 4) / 8
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use tripot_engine::{Colour, StarPosition, Variant};

    use super::*;

    #[test]
    fn the_start_is_even_for_every_seat() {
        for name in ["kawu-3", "halma-4", "halma-pairs-6", "captures-3"] {
            let variant: Variant = name.parse().unwrap();
            let start = StarPosition::start(variant, Colour::S).unwrap();
            let scores: Vec<i32> = variant.seats().iter().map(|&s| evaluate(&start, s)).collect();
            assert!(scores.iter().all(|&s| s == scores[0]), "{name}: {scores:?}");
        }
    }

    #[test]
    fn a_marble_moved_forward_scores_better_for_its_seat() {
        let variant: Variant = "kawu-3".parse().unwrap();
        let start = StarPosition::start(variant, Colour::S).unwrap();
        let next = start.play(&start.parse_move("j4-i5").unwrap()).unwrap();
        assert!(evaluate(&next, Colour::S) > evaluate(&start, Colour::S));
        assert!(evaluate(&next, Colour::NW) < evaluate(&start, Colour::NW));
    }
}
