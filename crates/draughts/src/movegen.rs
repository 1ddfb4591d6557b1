//! The move generator: quiet moves, and the rafles that take the most pieces (FMJD rules,
//! articles 3 and 4).
//!
//! Everything works on the raw bits of the padded layout. A capture keeps the taken pieces on
//! the board until it ends: they are neither empty (they block a king's slide and a landing)
//! nor takeable again. The square the moving piece left counts as empty (it may pass over or
//! come back to it).

use crate::direction::{before, nearest, opposite, ray, shift, slide};
use crate::moves::MAX_CAPTURES;
use crate::square::BOARD;

/// Who receives the generated moves: a plain list (perft, the search) or the public
/// [`crate::MoveList`] with every landing.
pub(crate) trait Sink {
    /// Whether [`Sink::capture`] reads its `path` (tracking it costs a little in perft).
    const WANTS_PATH: bool;
    /// A quiet move between two one-bit masks.
    fn quiet(&mut self, from: u64, to: u64);
    /// A complete rafle taking the most pieces found so far. `path` holds the landings' bit
    /// numbers (empty unless [`Sink::WANTS_PATH`]);
    /// `may_repeat`: an equal move (same ends, same captured set) may already be listed.
    fn capture(&mut self, from: u64, to: u64, captured: u64, path: &[u8], may_repeat: bool);
    /// Rafles taking fewer pieces than one just found: forget them.
    fn clear(&mut self);
}

/// The pieces as seen by the side to move.
#[derive(Clone, Copy)]
pub(crate) struct Sides {
    /// The side to move's pieces.
    pub(crate) own: u64,
    /// The opponent's.
    pub(crate) opp: u64,
    /// Kings of both sides.
    pub(crate) kings: u64,
    /// Directions in which the side to move's men step: its two forward diagonals.
    pub(crate) forward: [usize; 2],
}

impl Sides {
    #[inline(always)]
    fn empty(&self) -> u64 {
        BOARD & !(self.own | self.opp)
    }
}

/// Men of `sides` that can take a neighbour.
#[inline(always)]
fn men_that_capture(sides: &Sides, empty: u64) -> u64 {
    let men = sides.own & !sides.kings;
    let mut jumpers = 0;
    for d in 0..4 {
        let back = opposite(d);
        jumpers |= shift(shift(empty, back) & sides.opp, back);
    }
    jumpers & men
}

/// Whether the king on `king` can take something.
#[inline(always)]
fn king_captures(king: u64, opp: u64, empty: u64) -> bool {
    let occupied = BOARD & !empty;
    (0..4).any(|d| {
        let blocker = nearest(ray(king, d), occupied, d);
        blocker & opp != 0 && shift(blocker, d) & empty != 0
    })
}

/// Whether the side to move must capture.
pub(crate) fn can_capture(sides: &Sides) -> bool {
    let empty = sides.empty();
    men_that_capture(sides, empty) != 0
        || Bits(sides.own & sides.kings).any(|king| king_captures(king, sides.opp, empty))
}

/// Generates every legal move into `sink`: the maximal rafles if any, else the quiet moves.
pub(crate) fn generate<S: Sink>(sides: &Sides, sink: &mut S) {
    if !generate_captures(sides, sink) {
        generate_quiet(sides, sink);
    }
}

/// Generates the maximal rafles; false if there is none.
pub(crate) fn generate_captures<S: Sink>(sides: &Sides, sink: &mut S) -> bool {
    let empty = sides.empty();
    if let Some(landings) = single_jumps(sides, empty) {
        let mut any = false;
        for (d, &land) in landings.iter().enumerate() {
            for to in Bits(land) {
                let over = shift(to, opposite(d));
                sink.capture(shift(over, opposite(d)), to, over, &[to.trailing_zeros() as u8], false);
                any = true;
            }
        }
        return any;
    }
    let mut search =
        Rafle { sink, board_empty: empty, empty, occupied: 0, from: 0, best: 0, path: [0; PATH_ROOM] };
    for man in Bits(men_that_capture(sides, empty)) {
        search.start(man);
        search.man(man, sides.opp, 0, 0);
    }
    for king in Bits(sides.own & sides.kings) {
        if king_captures(king, sides.opp, empty) {
            search.start(king);
            search.king(king, sides.opp, 0, 0, NO_DIRECTION, false);
        }
    }
    search.best > 0
}

fn generate_quiet<S: Sink>(sides: &Sides, sink: &mut S) {
    for_each_quiet(sides, |from, to| sink.quiet(from, to));
}

/// Calls `f(from, to)` for every quiet move (men first, then kings).
#[inline(always)]
pub(crate) fn for_each_quiet(sides: &Sides, mut f: impl FnMut(u64, u64)) {
    let empty = sides.empty();
    let men = sides.own & !sides.kings;
    for d in sides.forward {
        for to in Bits(shift(men, d) & empty) {
            f(shift(to, opposite(d)), to);
        }
    }
    for king in Bits(sides.own & sides.kings) {
        for d in 0..4 {
            for to in Bits(slide(king, empty, d)) {
                f(king, to);
            }
        }
    }
}

/// The jumps of a side without kings when no man can take more than one piece: for each
/// direction, the landing squares of the men that jump that way (one landing per jump, and every
/// jump a legal move of its own). `None` when the side has a king or some man can go on.
///
/// A jump lands on `l`; going on in a direction `e` other than back needs an opponent's piece on
/// `l + e` and an empty `l + 2e`. Neither square can be the taken piece (`l − d`) nor the man's
/// starting square (`l − 2d`), so the starting position's squares decide it exactly.
#[inline(always)]
fn single_jumps(sides: &Sides, empty: u64) -> Option<[u64; 4]> {
    if sides.own & sides.kings != 0 {
        return None;
    }
    let mut open = [0u64; 4];
    for (e, open) in open.iter_mut().enumerate() {
        let back = opposite(e);
        *open = shift(shift(empty, back) & sides.opp, back);
    }
    let mut landings = [0u64; 4];
    for d in 0..4 {
        let land = shift(shift(sides.own & open[d], d), d);
        let onward = (0..4).filter(|&e| e != opposite(d)).fold(0, |acc, e| acc | open[e]);
        if land & onward != 0 {
            return None;
        }
        landings[d] = land;
    }
    Some(landings)
}

/// How many legal moves there are, listing only what must be listed: rafles of more than one
/// piece (or of kings), which must be told apart from equal ones.
pub(crate) fn count_legal(sides: &Sides) -> u64 {
    let empty = sides.empty();
    if let Some(landings) = single_jumps(sides, empty) {
        let jumps: u32 = landings.iter().map(|l| l.count_ones()).sum();
        if jumps > 0 {
            return u64::from(jumps);
        }
        // No king and no jump: only the men's steps.
        let [a, b] = sides.forward;
        return u64::from(
            (shift(sides.own, a) & empty).count_ones() + (shift(sides.own, b) & empty).count_ones(),
        );
    }
    if can_capture(sides) {
        let mut captures = crate::raw::RawList::new();
        generate_captures(sides, &mut captures);
        captures.as_slice().len() as u64
    } else {
        count_quiet(sides)
    }
}

/// How many quiet moves there are (when there is no capture): bit counts, no list.
pub(crate) fn count_quiet(sides: &Sides) -> u64 {
    let empty = sides.empty();
    let men = sides.own & !sides.kings;
    let mut count = 0;
    for d in sides.forward {
        count += (shift(men, d) & empty).count_ones();
    }
    for king in Bits(sides.own & sides.kings) {
        for d in 0..4 {
            count += slide(king, empty, d).count_ones();
        }
    }
    u64::from(count)
}

/// Room for the landings of a rafle: a power of two above [`MAX_CAPTURES`], so that indexing
/// with a mask can never go out of bounds.
const PATH_ROOM: usize = 32;
const _: () = assert!(PATH_ROOM > MAX_CAPTURES);

/// "Arrived by no direction": the first jump of a rafle.
const NO_DIRECTION: usize = 4;

/// One piece's rafles, searched depth first.
struct Rafle<'s, S> {
    sink: &'s mut S,
    /// Empty squares of the position.
    board_empty: u64,
    /// Empty squares, the moving piece's starting square included.
    empty: u64,
    /// Everything else: pieces on the board, taken ones included (they block).
    occupied: u64,
    from: u64,
    /// Pieces taken by the longest rafle found so far (of any piece).
    best: usize,
    /// Bit numbers of the landings so far (kept only if the sink wants them).
    path: [u8; PATH_ROOM],
}

impl<S: Sink> Rafle<'_, S> {
    fn start(&mut self, piece: u64) {
        self.from = piece;
        self.empty = self.board_empty | piece;
        self.occupied = BOARD & !self.empty;
    }

    /// A man on `at` that has taken `captured` (`taken` pieces); `opp` are those left to take.
    fn man(&mut self, at: u64, opp: u64, captured: u64, taken: usize) {
        let mut extended = false;
        for d in 0..4 {
            let over = shift(at, d) & opp;
            if over == 0 {
                continue;
            }
            let land = shift(over, d) & self.empty;
            if land == 0 {
                continue;
            }
            extended = true;
            self.land(taken, land);
            self.man(land, opp & !over, captured | over, taken + 1);
        }
        if !extended {
            self.finish(at, captured, taken);
        }
    }

    /// A king on `at`, having arrived in direction `came` (or [`NO_DIRECTION`]).
    /// `skip_ahead`: going on in direction `came` is left to the farthest landing square of
    /// the last jump, which reaches the same next piece.
    fn king(&mut self, at: u64, opp: u64, captured: u64, taken: usize, came: usize, skip_ahead: bool) {
        let mut extended = false;
        for d in 0..4 {
            if came != NO_DIRECTION && (d == opposite(came) || (skip_ahead && d == came)) {
                continue;
            }
            let over = nearest(ray(at, d), self.occupied, d);
            if over & opp == 0 {
                continue;
            }
            let beyond = ray(over, d);
            let landings = before(beyond, nearest(beyond, self.occupied, d), d);
            if landings == 0 {
                continue;
            }
            extended = true;
            let farthest = nearest(landings, landings, opposite(d));
            for land in Bits(landings) {
                self.land(taken, land);
                self.king(land, opp & !over, captured | over, taken + 1, d, land != farthest);
            }
        }
        if !extended {
            self.finish(at, captured, taken);
        }
    }

    #[inline(always)]
    fn land(&mut self, taken: usize, land: u64) {
        if S::WANTS_PATH {
            self.path[taken & (PATH_ROOM - 1)] = land.trailing_zeros() as u8;
        }
    }

    fn finish(&mut self, at: u64, captured: u64, taken: usize) {
        if taken == 0 || taken < self.best {
            return;
        }
        if taken > self.best {
            self.best = taken;
            self.sink.clear();
        }
        let path = if S::WANTS_PATH { self.path.get(..taken).unwrap_or(&self.path) } else { &[] };
        self.sink.capture(self.from, at, captured, path, taken >= 2);
    }
}

/// The one-bit masks of a `u64`, lowest first.
pub(crate) struct Bits(pub(crate) u64);

impl Iterator for Bits {
    type Item = u64;
    #[inline(always)]
    fn next(&mut self) -> Option<u64> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0 & self.0.wrapping_neg();
        self.0 ^= bit;
        Some(bit)
    }
}
