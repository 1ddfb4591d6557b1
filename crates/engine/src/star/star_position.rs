//! A position of a star game (RULES-STAR.md): marbles or pieces, the seat to move, and the
//! little state the rules need (move counts, places, eliminations, captures).

use crate::board::BRANCH_DISTANCE;
use crate::colour::Colour;
use crate::hole::Hole;
use crate::hole_set::HoleSet;
use crate::zobrist::{PAWN_KEYS, neutral_key, seat_done_key, seat_turn_key};

use super::error::StarPositionError;
use super::seat::HEXAGON;
use super::variant::{GameKind, Variant};

/// A position of a star game. Cheap to copy; [`StarPosition::play`] returns a new one.
///
/// Seats are indexed by their [`Colour`] (their home branch). Only the mover's own move count is
/// kept, with the seat that opened: every other seat's count follows, since seats play in a fixed
/// order (see [`StarPosition::moves_of`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StarPosition {
    pub(crate) variant: Variant,
    pub(crate) marbles: [u128; 6],
    pub(crate) neutral: u128,
    pub(crate) occupied: u128,
    pub(crate) turn: Colour,
    pub(crate) opener: Colour,
    pub(crate) moves: u16,
    /// Seats that have finished (§4.5), by colour index: they are skipped.
    pub(crate) finished: u8,
    /// Seats eliminated by the home rule (§4.6), by colour index.
    pub(crate) out: u8,
    /// Each seat's place, 0 while it has none.
    pub(crate) places: [u8; 6],
    /// Pieces taken by each seat in the captures game.
    pub(crate) taken: [u8; 6],
    pub(crate) hash: u64,
}

const fn bit(seat: Colour) -> u8 {
    1 << seat.index()
}

impl StarPosition {
    /// The start of a game of `variant` with `opener` to move (§1: seat 1, `S`, unless the table
    /// chose otherwise). Refused when `opener` has no seat at this table.
    pub fn start(variant: Variant, opener: Colour) -> Result<StarPosition, StarPositionError> {
        if !variant.seats().contains(&opener) {
            return Err(StarPositionError::NotASeat { seat: opener, variant });
        }
        let mut marbles = [0u128; 6];
        let mut neutral = 0;
        if variant.game() == GameKind::Captures {
            // §5.1: the hexagon but its centre, i9 = (0, 0).
            let centre = Hole::from_axial(0, 0).map_or(0, |h| 1u128 << h.index());
            neutral = HEXAGON & !centre;
        } else {
            for &seat in variant.seats() {
                marbles[seat.index()] = variant.home_bits(seat);
            }
        }
        Ok(StarPosition::from_parts(variant, marbles, neutral, opener, opener))
    }

    /// A position with no move made, whose parts the caller has checked.
    pub(crate) fn from_parts(
        variant: Variant,
        marbles: [u128; 6],
        neutral: u128,
        turn: Colour,
        opener: Colour,
    ) -> StarPosition {
        let mut position = StarPosition {
            variant,
            marbles,
            neutral,
            occupied: marbles.iter().fold(neutral, |acc, m| acc | m),
            turn,
            opener,
            moves: 0,
            finished: 0,
            out: 0,
            places: [0; 6],
            taken: [0; 6],
            hash: 0,
        };
        position.hash = position.compute_hash();
        position
    }

    /// The hash from scratch: marbles, neutral pieces, the seat to move, and which seats no
    /// longer play. Counters (moves, captures, place numbers) are left out on purpose: §4.7's
    /// repetition is "the same position with the same seat to move", whatever the clocks say.
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let mut hash = seat_turn_key(self.turn.index());
        for seat in Colour::ALL {
            for hole in HoleSet(self.marbles[seat.index()]) {
                hash ^= PAWN_KEYS[seat.index()][hole.index()];
            }
            if !self.is_playing(seat) && self.variant.seats().contains(&seat) {
                hash ^= seat_done_key(seat.index());
            }
        }
        for hole in HoleSet(self.neutral) {
            hash ^= neutral_key(hole.index());
        }
        hash
    }

    /// The variant played.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The seat to move.
    #[must_use]
    pub const fn turn(&self) -> Colour {
        self.turn
    }

    /// The seat that made the first move.
    #[must_use]
    pub const fn opener(&self) -> Colour {
        self.opener
    }

    /// Moves (passes included) made by the seat to move.
    #[must_use]
    pub const fn moves(&self) -> u16 {
        self.moves
    }

    /// The Zobrist hash, kept up to date move by move.
    #[must_use]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// The marbles of a seat (empty for an empty or eliminated seat, and in the captures game).
    #[must_use]
    pub const fn marbles(&self, seat: Colour) -> HoleSet {
        HoleSet(self.marbles[seat.index()])
    }

    /// The neutral pieces of the captures game.
    #[must_use]
    pub const fn pieces(&self) -> HoleSet {
        HoleSet(self.neutral)
    }

    /// Every occupied hole.
    #[must_use]
    pub const fn occupied(&self) -> HoleSet {
        HoleSet(self.occupied)
    }

    /// The seat whose marble stands on `hole`, if any.
    #[must_use]
    pub fn seat_at(&self, hole: Hole) -> Option<Colour> {
        Colour::ALL.into_iter().find(|s| self.marbles(*s).contains(hole))
    }

    /// Pieces taken by `seat` in the captures game.
    #[must_use]
    pub const fn taken(&self, seat: Colour) -> u8 {
        self.taken[seat.index()]
    }

    /// The place `seat` has already secured, if any (§4.5, §4.6).
    #[must_use]
    pub const fn place(&self, seat: Colour) -> Option<u8> {
        super::star_outcome::place_in(&self.places, seat)
    }

    /// Whether `seat` is done without being eliminated: it finished (§4.5), or took the last place
    /// when the others were placed. Such a seat is skipped; it is listed in `done=` (§6).
    #[must_use]
    pub const fn is_finished(&self, seat: Colour) -> bool {
        self.finished & bit(seat) != 0
    }

    /// Whether `seat` was eliminated (§4.6).
    #[must_use]
    pub const fn is_out(&self, seat: Colour) -> bool {
        self.out & bit(seat) != 0
    }

    /// Whether `seat` sits at the table and still takes turns.
    #[must_use]
    pub fn is_playing(&self, seat: Colour) -> bool {
        self.variant.seats().contains(&seat)
            && !self.is_finished(seat)
            && !self.is_out(seat)
            && self.places[seat.index()] == 0
    }

    /// The seats still taking turns, in playing order.
    pub fn playing(&self) -> impl Iterator<Item = Colour> + '_ {
        self.variant.seats().iter().copied().filter(|&s| self.is_playing(s))
    }

    /// Where `seat` stands in a round that starts with the opener.
    pub(crate) fn round_index(&self, seat: Colour) -> usize {
        let seats = self.variant.seats();
        let at = |s: Colour| seats.iter().position(|&x| x == s).unwrap_or(0);
        (at(seat) + seats.len() - at(self.opener)) % seats.len()
    }

    /// Moves made by a seat still playing: the mover's count, plus one for the seats that have
    /// already played in the current round (those between the opener and the mover).
    #[must_use]
    pub fn moves_of(&self, seat: Colour) -> u16 {
        if self.round_index(seat) < self.round_index(self.turn) { self.moves + 1 } else { self.moves }
    }

    /// The home of `seat` under this variant (its branch, or 15 holes in `halma-15`).
    #[must_use]
    pub const fn home(&self, seat: Colour) -> HoleSet {
        HoleSet(self.variant.home_bits(seat))
    }

    /// The goal of `seat`: the opposite home.
    #[must_use]
    pub const fn goal(&self, seat: Colour) -> HoleSet {
        HoleSet(self.variant.goal_bits(seat))
    }

    /// Marbles of `seat` still in its home (the home rule's concern, §4.6).
    #[must_use]
    pub const fn at_home(&self, seat: Colour) -> u8 {
        (self.marbles[seat.index()] & self.variant.home_bits(seat)).count_ones() as u8
    }

    /// Marbles of `seat` in its goal.
    #[must_use]
    pub const fn arrived(&self, seat: Colour) -> u8 {
        (self.marbles[seat.index()] & self.variant.goal_bits(seat)).count_ones() as u8
    }

    /// Sum over the seat's marbles of the hex distance to the nearest hole of its goal (RULES.md
    /// §6, per seat; the 15-hole goal in `halma-15`).
    #[must_use]
    pub fn total_distance(&self, seat: Colour) -> u16 {
        let goal = self.variant.goal_bits(seat);
        let table = &BRANCH_DISTANCE[seat.opposite().index()];
        let distance = |h: Hole| -> u16 {
            if goal >> h.index() & 1 == 1 {
                0
            } else if self.variant.fifteen() {
                // Not a branch: the nearest of its 15 holes, counted directly (only the count asks).
                HoleSet(goal).iter().map(|g| u16::from(h.distance(g))).min().unwrap_or(0)
            } else {
                u16::from(table[h.index()])
            }
        };
        HoleSet(self.marbles[seat.index()]).iter().map(distance).sum()
    }

    /// Whether the goal of `seat` is full with at least one of its own marbles (§3.3, §4.5).
    #[must_use]
    pub const fn goal_done(&self, seat: Colour) -> bool {
        let goal = self.variant.goal_bits(seat);
        self.occupied & goal == goal && self.marbles[seat.index()] & goal != 0
    }

    /// Moves the marble or piece on `from` to `to`, keeping the hash.
    pub(crate) fn relocate(&mut self, from: Hole, to: Hole) {
        let (f, t) = (1u128 << from.index(), 1u128 << to.index());
        if self.neutral & f != 0 {
            self.neutral ^= f | t;
            self.hash ^= neutral_key(from.index()) ^ neutral_key(to.index());
        } else if let Some(seat) = self.seat_at(from) {
            self.marbles[seat.index()] ^= f | t;
            self.hash ^= PAWN_KEYS[seat.index()][from.index()] ^ PAWN_KEYS[seat.index()][to.index()];
        }
        self.occupied = self.occupied & !f | t;
    }

    /// Takes the neutral piece on `hole` off the board (§5.2).
    pub(crate) fn remove_piece(&mut self, hole: usize) {
        self.neutral &= !(1u128 << hole);
        self.occupied &= !(1u128 << hole);
        self.hash ^= neutral_key(hole);
    }

    /// Takes every marble of `seat` off the board (§4.6).
    pub(crate) fn remove_marbles(&mut self, seat: Colour) {
        for hole in HoleSet(self.marbles[seat.index()]) {
            self.hash ^= PAWN_KEYS[seat.index()][hole.index()];
        }
        self.occupied &= !self.marbles[seat.index()];
        self.marbles[seat.index()] = 0;
    }

    /// Marks `seat` as no longer playing in the hash, if it was.
    pub(crate) fn retire(&mut self, seat: Colour) {
        if self.is_playing(seat) {
            self.hash ^= seat_done_key(seat.index());
        }
    }

    /// Hands the turn to the next seat still playing, clockwise, and sets its move count.
    pub(crate) fn advance_turn(&mut self) {
        let seats = self.variant.seats();
        let Some(at) = seats.iter().position(|&s| s == self.turn) else {
            return;
        };
        let next = (1..=seats.len()).map(|k| seats[(at + k) % seats.len()]).find(|&s| self.is_playing(s));
        let Some(next) = next else {
            // Nobody plays on: the game is over and the turn stays where it was.
            return;
        };
        let wrapped = self.round_index(next) <= self.round_index(self.turn);
        if wrapped {
            self.moves = self.moves.saturating_add(1);
        }
        self.hash ^= seat_turn_key(self.turn.index()) ^ seat_turn_key(next.index());
        self.turn = next;
    }
}
