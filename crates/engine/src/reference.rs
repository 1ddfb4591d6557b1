//! The move generator as it was before issue 13 item 6 (the chain search on `u16` lines walked
//! with shifts per direction, the swap search building its own lines and collecting a list),
//! kept verbatim as the reference the faster generator is compared with on random positions.
//! Test-only: nothing here is compiled into the engine.

use arrayvec::ArrayVec;

use crate::board::{ALL_HOLES, JUMP_READS, NEIGHBOURS, NONE, RAYS, SWAP_ZONE, TWO_AWAY};
use crate::colour::Colour;
use crate::hole::Hole;
use crate::hole_set::HoleSet;
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

    /// Adds or removes the pawn on `hole`.
    #[inline(always)]
    fn toggle(&mut self, hole: usize) {
        for (places, lines) in PLACES.iter().zip(&mut self.occupied) {
            let (line, pos) = places[hole];
            lines[line as usize] ^= 1 << pos;
        }
    }

    /// The landings of the single jumps from `at`, as a mask; the pivot may be at most `MAX`
    /// holes away.
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

    /// Every hole a chain of jumps can reach from the pawn on `from` (§3.3): the holes reachable
    /// in the single-jump graph of the board without that pawn, `from` itself excluded.
    #[inline(always)]
    fn chain_reach<const MAX: u32>(&mut self, from: usize) -> u128 {
        let start = 1u128 << from;
        // The first jumps never see the jumper's own hole, so they need no lifting; most pawns
        // have none, and skip the lifting altogether.
        let first = self.jumps_from::<MAX>(from);
        if first == 0 {
            return 0;
        }
        // The moving pawn is lifted for the rest of the chain.
        self.toggle(from);
        let mut reached = start | first;
        let mut todo = first;
        while todo != 0 {
            let at = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let new = self.jumps_from::<MAX>(at) & !reached;
            reached |= new;
            todo |= new;
        }
        self.toggle(from);
        reached & !start
    }

    /// Whether a chain of jumps from the pawn on `from` can reach a hole of `targets`: the
    /// search of [`Lines::chain_reach`], stopped as soon as it gets there.
    #[inline]
    fn chain_reaches(&mut self, from: usize, targets: u128, max_pivot: usize) -> bool {
        match max_pivot {
            1 => self.chain_reaches_within::<1>(from, targets),
            2 => self.chain_reaches_within::<2>(from, targets),
            3 => self.chain_reaches_within::<3>(from, targets),
            4 => self.chain_reaches_within::<4>(from, targets),
            _ => self.chain_reaches_within::<5>(from, targets),
        }
    }

    fn chain_reaches_within<const MAX: u32>(&mut self, from: usize, targets: u128) -> bool {
        let start = 1u128 << from;
        self.toggle(from);
        let mut reached = start;
        let mut todo = start;
        let mut found = false;
        while todo != 0 && !found {
            let at = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let new = self.jumps_from::<MAX>(at) & !reached;
            found = new & targets != 0;
            reached |= new;
            todo |= new;
        }
        self.toggle(from);
        found
    }

    /// [`Lines::chain_reach`] for a pivot limit known only at run time: the presets have 1 and 5.
    #[inline]
    fn chain_reach_within(&mut self, from: usize, max_pivot: usize) -> u128 {
        match max_pivot {
            1 => self.chain_reach::<1>(from),
            2 => self.chain_reach::<2>(from),
            3 => self.chain_reach::<3>(from),
            4 => self.chain_reach::<4>(from),
            _ => self.chain_reach::<5>(from),
        }
    }
}

type PawnMoves = ArrayVec<(u8, u128), 30>;

fn hole(index: usize) -> Hole {
    Hole::from_table(index as u8)
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

fn swap_range(at: usize, occupied: u128) -> u128 {
    let mut range = NEIGHBOURS[at];
    for dir in 0..6 {
        let (middle, far) = (RAYS[at][dir][0], TWO_AWAY[at][dir]);
        if far != NONE && occupied >> middle & 1 == 1 {
            range |= 1 << far;
        }
    }
    range
}

fn is_stuck(at: usize, colour: Colour, dests: u128) -> bool {
    let home = colour.home().bits();
    dests == 0 || (home >> at & 1 == 1 && dests & !home == 0)
}

fn colour_of_index(position: &Position, at: usize) -> Colour {
    let bit = 1u128 << at;
    Colour::ALL.into_iter().find(|c| position.pawns[c.index()] & bit != 0).unwrap_or(Colour::S)
}

fn can_be_freed(position: &Position, stuck: usize, colour: Colour, pawns: &PawnMoves) -> bool {
    let max_pivot = position.rules.max_pivot_distance();
    let home = colour.home().bits();
    let wanted = if home >> stuck & 1 == 1 { ALL_HOLES & !home } else { ALL_HOLES };
    let mut lines = Lines::new(position.occupied);
    let reach = lines.chain_reach_within(stuck, max_pivot);
    let looked_at =
        HoleSet(reach | 1 << stuck).iter().fold(NEIGHBOURS[stuck], |z, h| z | JUMP_READS[h.index()]);
    for &(other, dests) in pawns {
        let other = other as usize;
        let dests = if looked_at >> other & 1 == 1 { dests } else { dests & looked_at };
        if other == stuck || dests == 0 {
            continue;
        }
        let without = position.occupied & !(1u128 << other);
        lines.toggle(other);
        let mut freed = false;
        for to in HoleSet(dests) {
            let to = to.index();
            let steps = NEIGHBOURS[stuck] & !(without | 1 << to);
            if steps & wanted != 0 {
                freed = true;
                break;
            }
            lines.toggle(to);
            freed = lines.chain_reaches(stuck, wanted, max_pivot);
            lines.toggle(to);
            if freed {
                break;
            }
        }
        lines.toggle(other);
        if freed {
            return true;
        }
    }
    false
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
        let colour = colour_of_index(position, at);
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
    let colours = position.format.colours(position.turn);
    let mut last = None;
    let mut count = 0;
    for &colour in colours {
        let away = position.pawns[colour.index()] & !colour.goal().bits();
        count += away.count_ones();
        if away != 0 {
            last = Some((colour, away.trailing_zeros() as usize));
        }
    }
    if let (1, Some((colour, at))) = (count, last) {
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

/// Where a chain from `from` reaches when every landing must lie in `allowed`, on the board
/// `occupied`, the old way (a breadth-first search over the old single jumps).
pub(crate) fn chain_reach_inside(occupied: u128, from: usize, allowed: u128, max_pivot: usize) -> u128 {
    let mut lines = Lines::new(occupied);
    lines.toggle(from);
    let start = 1u128 << from;
    let mut reached = start;
    let mut todo = start;
    while todo != 0 {
        let at = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        // As before: the star games know only short and symmetric jumps.
        let new = if max_pivot == 1 { lines.jumps_from::<1>(at) } else { lines.jumps_from::<5>(at) }
            & !reached
            & allowed;
        reached |= new;
        todo |= new;
    }
    reached & !start
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
                        chain_reach_inside(with_pawn, from, allowed, max_pivot)
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
