//! The move generator as it was before issue 13 item 6 (single jumps read on `u16` lines with
//! shifts per direction, the swap search building its own lines, reading the old jump tables
//! and collecting a list), kept as the reference the faster generator is compared with on
//! random positions. What the two never did differently is not kept twice: the chain walk over
//! single jumps (`crate::chain_search`), the swap's range, the stuck test, the search for a move
//! that frees a stuck pawn and case B's last pawn come from the engine.
//! Test-only: nothing here is compiled into the engine.

use crate::board::{ALL_HOLES, JUMP_READS, NEIGHBOURS, SWAP_ZONE};
use crate::chain_search::ChainSearch;
use crate::colour::Colour;
use crate::hole_set::HoleSet;
use crate::movegen::{PawnMoves, hole};
use crate::swap::{is_stuck, swap_range};
// The geometry of the lines is the same as the fast generator's: only the search over them is old.
use crate::lines::{HOLE_AT, LINE_LENGTH, LINES, PLACES};
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// The pawns of a position, line by line along the three axes. Built afresh for each move
/// generation rather than kept in [`crate::Position`]: 102 more bytes in every position copied
/// by the search (and held in network events) cost more than they save.
#[derive(Clone, Copy)]
struct Lines {
    occupied: [[u16; LINES]; 3],
}

impl Lines {
    /// No pawn on any line.
    const EMPTY: Lines = Lines { occupied: [[0; LINES]; 3] };

    /// The lines of the board whose occupied holes are `occupied`.
    #[inline]
    fn new(occupied: u128) -> Lines {
        let mut lines = Lines::EMPTY;
        // Holes are numbered row by row, so each row (axis 0) is a run of bits to cut out; the
        // other two axes are filled pawn by pawn.
        for (line, row) in lines.occupied[0].iter_mut().enumerate() {
            let length = LINE_LENGTH[0][line];
            *row = (occupied >> HOLE_AT[0][line][0]) as u16 & ((1u32 << length) - 1) as u16;
        }
        let mut rest = occupied;
        while rest != 0 {
            let h = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for (places, lines) in PLACES.iter().zip(&mut lines.occupied).skip(1) {
                let (line, pos) = places[h];
                lines[line as usize] ^= 1 << pos;
            }
        }
        lines
    }
}

/// The old single jumps: shifts per direction along each `u16` line.
impl ChainSearch for Lines {
    #[inline(always)]
    fn toggle(&mut self, hole: usize) {
        for (places, lines) in PLACES.iter().zip(&mut self.occupied) {
            let (line, pos) = places[hole];
            lines[line as usize] ^= 1 << pos;
        }
    }

    #[inline(always)]
    fn jumps_from<const MAX: u32>(&self, at: usize) -> u128 {
        let mut landings = 0u128;
        for axis in 0..3 {
            let (line, pos) = PLACES[axis][at];
            let (line, pos) = (line as usize, u32::from(pos));
            let pawns = u32::from(self.occupied[axis][line]);
            let length = u32::from(LINE_LENGTH[axis][line]);
            // Forwards: the holes past `at`, nearest in bit 0.
            let ahead = pawns >> (pos + 1);
            if ahead != 0 {
                let d = ahead.trailing_zeros() + 1;
                if d <= MAX && pos + 2 * d < length && ahead & ((1 << (2 * d)) - 1) == 1 << (d - 1) {
                    landings |= 1 << HOLE_AT[axis][line][(pos + 2 * d) as usize];
                }
            }
            // Backwards: the holes before `at`, nearest in the highest bit.
            let behind = pawns & ((1 << pos) - 1);
            if behind != 0 {
                let d = pos - (31 - behind.leading_zeros());
                if d <= MAX && 2 * d <= pos && behind >> (pos - 2 * d) == 1 << d {
                    landings |= 1 << HOLE_AT[axis][line][(pos - 2 * d) as usize];
                }
            }
        }
        landings
    }
}

fn pawn_moves(position: &Position) -> PawnMoves {
    let mut list = PawnMoves::new();
    let mut lines = Lines::new(position.occupied);
    let max_pivot = position.rules.max_pivot_distance();
    for hole in HoleSet(position.camps[position.turn.index()]) {
        let at = hole.index();
        let dests = if SWAP_ZONE[at] & !position.occupied == 0 {
            0
        } else {
            (NEIGHBOURS[at] & !position.occupied) | lines.chain_reach_within(at, max_pivot)
        };
        list.push((at as u8, dests));
    }
    list
}

fn can_be_freed(position: &Position, stuck: usize, colour: Colour, pawns: &PawnMoves) -> bool {
    let max_pivot = position.rules.max_pivot_distance();
    let home = colour.home().bits();
    let wanted = if home >> stuck & 1 == 1 { ALL_HOLES & !home } else { ALL_HOLES };
    let mut lines = Lines::new(position.occupied);
    let reach = lines.chain_reach_within(stuck, max_pivot);
    let looked_at =
        HoleSet(reach | 1 << stuck).iter().fold(NEIGHBOURS[stuck], |z, h| z | JUMP_READS[h.index()]);
    position.another_move_frees(stuck, wanted, looked_at, pawns, &mut lines)
}

/// The legal swaps, cases A and B, as the old generator listed them.
pub(crate) fn swap_moves(position: &Position) -> Vec<Move> {
    if !position.rules.swap() || position.is_over() {
        return Vec::new();
    }
    let pawns = pawn_moves(position);
    let mut swaps = Vec::new();
    let enemy = position.camps[position.turn.other().index()];
    let mine = position.camps[position.turn.index()];
    for &(at, dests) in &pawns {
        let at = at as usize;
        if SWAP_ZONE[at] & enemy == 0 {
            continue;
        }
        let colour = position.colour_of_index(at);
        if !is_stuck(at, colour, dests) {
            continue;
        }
        let targets = swap_range(at, position.occupied) & enemy;
        if targets == 0 || can_be_freed(position, at, colour, &pawns) {
            continue;
        }
        for theirs in HoleSet(targets) {
            swaps.push(Move::Swap { mine: hole(at), theirs });
        }
    }
    if let Some((colour, at)) = position.last_pawn_out() {
        let goal = colour.goal().bits();
        let dests = pawns.iter().find(|&&(h, _)| h as usize == at).map_or(0, |&(_, d)| d);
        if dests & goal == 0 {
            for theirs in HoleSet(goal & enemy) {
                let partners = swap_range(theirs.index(), position.occupied) & mine;
                for partner in HoleSet(partners) {
                    let m = Move::Swap { mine: partner, theirs };
                    if !swaps.contains(&m) {
                        swaps.push(m);
                    }
                }
            }
        }
    }
    swaps
}

/// The legal moves as the old generator listed them, in its order.
pub(crate) fn legal_moves(position: &Position) -> MoveList {
    let mut list = MoveList::new();
    if position.is_over() {
        return list;
    }
    for (from, dests) in pawn_moves(position) {
        let steps = NEIGHBOURS[from as usize];
        for to in HoleSet(dests) {
            let from = hole(from as usize);
            list.push(if steps >> to.index() & 1 == 1 {
                Move::Step { from, to }
            } else {
                Move::Jump { from, to }
            });
        }
    }
    list.extend(swap_moves(position));
    if list.is_empty() {
        list.push(Move::Pass);
    }
    list
}

/// Where the old generator sent the pawn on `from` by a step or a chain.
pub(crate) fn destinations(position: &Position, from: usize) -> u128 {
    if position.occupied >> from & 1 == 0 {
        return 0;
    }
    let reach = Lines::new(position.occupied).chain_reach_within(from, position.rules.max_pivot_distance());
    (NEIGHBOURS[from] & !position.occupied) | reach
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use tripot_game::SplitMix64 as Dice;

    use super::*;
    use crate::board::HOLE_COUNT;
    use crate::colour::{Camp, Format};
    use crate::lines::Lines as FastLines;
    use crate::rules::Rules;

    /// The position after up to `plies` random moves from the start, chosen among the
    /// reference's moves so that the positions do not depend on the generator under test.
    fn played(format: Format, rules: Rules, seed: u64, plies: usize) -> Position {
        let mut dice = Dice::new(seed);
        let opener = if dice.below(2) == 0 { Camp::A } else { Camp::B };
        let mut position = Position::start(format, rules, opener);
        for _ in 0..plies {
            let moves = legal_moves(&position);
            if moves.is_empty() {
                break;
            }
            position.play_unchecked(moves[dice.below(moves.len())]);
        }
        position
    }

    /// Every colour of the format on 10 holes drawn at random from the whole board: crowded,
    /// odd positions, where stuck pawns and swaps are common.
    fn scattered(format: Format, rules: Rules, seed: u64) -> Position {
        let mut dice = Dice::new(seed);
        let mut holes: Vec<usize> = (0..HOLE_COUNT).collect();
        for i in (1..holes.len()).rev() {
            holes.swap(i, dice.below(i + 1));
        }
        let mut pawns = [HoleSet::EMPTY; 6];
        for (k, colour) in format.all_colours().iter().enumerate() {
            pawns[colour.index()] = HoleSet(holes[k * 10..k * 10 + 10].iter().fold(0, |m, &h| m | 1 << h));
        }
        let turn = if dice.below(2) == 0 { Camp::A } else { Camp::B };
        Position::from_parts(format, rules, turn, pawns)
    }

    fn any_position() -> impl Strategy<Value = Position> {
        (0usize..3, 0usize..2, any::<u64>(), 0usize..120, 0usize..3).prop_map(|(f, r, seed, plies, how)| {
            let (format, rules) = (Format::ALL[f], Rules::ALL[r]);
            if how == 0 { scattered(format, rules, seed) } else { played(format, rules, seed, plies) }
        })
    }

    /// The positions the comparison draws exercise the swap of both cases' kind and long chains,
    /// so that agreeing with the reference means something there too.
    #[test]
    fn random_positions_have_swaps_and_chains() {
        let (mut with_swaps, mut with_chains) = (0, 0);
        for seed in 0..300u64 {
            let format = Format::ALL[seed as usize % 3];
            for position in [scattered(format, Rules::Tripot, seed), played(format, Rules::Tripot, seed, 90)]
            {
                with_swaps += usize::from(!swap_moves(&position).is_empty());
                with_chains += usize::from(legal_moves(&position).iter().any(|m| match m {
                    Move::Jump { from, to } => from.distance(*to) > 4,
                    _ => false,
                }));
            }
        }
        assert!(with_swaps >= 10, "only {with_swaps} positions with a swap");
        assert!(with_chains >= 300, "only {with_chains} positions with a long chain");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// The generator lists exactly the reference's moves, in the same order, on positions of
        /// every format under both presets; the count, the swaps and every pawn's destinations
        /// agree too.
        #[test]
        fn the_generator_agrees_with_the_reference(position in any_position()) {
            let (listed, expected) = (position.legal_moves(), legal_moves(&position));
            prop_assert_eq!(listed.as_slice(), expected.as_slice(), "{}", position);
            prop_assert_eq!(position.count_legal_moves(), listed.len(), "{}", position);
            let (swaps, expected) = (position.swaps(), swap_moves(&position));
            prop_assert_eq!(swaps.as_slice(), expected.as_slice(), "{}", position);
            for from in HoleSet(position.occupied) {
                prop_assert_eq!(position.destinations(from).bits(), destinations(&position, from.index()));
            }
        }

        /// The chain search, alone, on boards from empty to full, for every pivot limit 1 to 5 and
        /// with landings confined to a random region (the star games' rule).
        #[test]
        fn the_chain_search_agrees_with_the_reference(seed in any::<u64>(), density in 0u64..8) {
            let mut dice = Dice::new(seed);
            let occupied = (0..HOLE_COUNT).fold(0u128, |m, h| if dice.next_u64() % 8 < density { m | 1 << h } else { m });
            let allowed = (0..HOLE_COUNT).fold(0u128, |m, h| if !dice.next_u64().is_multiple_of(4) { m | 1 << h } else { m });
            let mut fast = FastLines::new(occupied);
            let mut old = Lines::new(occupied);
            for from in 0..HOLE_COUNT {
                let with_pawn = occupied | 1 << from;
                for max_pivot in 1..=5 {
                    let mut fast_with = FastLines::new(with_pawn);
                    let mut old_with = Lines::new(with_pawn);
                    prop_assert_eq!(
                        fast_with.chain_reach_within(from, max_pivot),
                        old_with.chain_reach_within(from, max_pivot),
                        "from {} max {} occupied {:#x}", from, max_pivot, with_pawn
                    );
                    prop_assert_eq!(
                        fast_with.chain_reach_inside(from, allowed, max_pivot),
                        old_with.chain_reach_inside(from, allowed, max_pivot)
                    );
                    let targets = allowed & !with_pawn;
                    prop_assert_eq!(
                        fast_with.chain_reaches(from, targets, max_pivot),
                        old_with.chain_reaches(from, targets, max_pivot)
                    );
                }
                // Lifting and putting back leaves both as they were.
                if occupied >> from & 1 == 1 {
                    prop_assert_eq!(fast.chain_reach_within(from, 5), old.chain_reach_within(from, 5));
                }
            }
            prop_assert_eq!(fast, FastLines::new(occupied));
        }
    }
}
