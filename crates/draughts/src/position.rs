//! A position: the pieces on the board and the side to move.

use crate::bitboard::Bitboard;
use crate::color::{Color, Piece, Role};
use crate::direction::{NORTH_EAST, NORTH_WEST, SOUTH_EAST, SOUTH_WEST};
use crate::move_list::MoveList;
use crate::movegen::{self, Sides};
use crate::moves::{MAX_CAPTURES, Move};
use crate::outcome::{Outcome, WinReason};
use crate::play_error::{PlayError, PositionError};
use crate::raw::RawMove;
use crate::square::Square;

/// The squares on which a man of each side becomes a king: the far row.
const PROMOTION: [u64; 2] = [row_mask(0), row_mask(9)];

const fn row_mask(row: u8) -> u64 {
    let mut mask = 0;
    let mut column = 0;
    while column < 10 {
        if let Some(square) = Square::from_row_column(row, column) {
            mask |= square.mask();
        }
        column += 1;
    }
    mask
}

/// A position of international draughts: where each man and king stands, and whose turn it is.
///
/// Always valid: at most 20 pieces a side, no square held twice, no man on its own promotion
/// row. A position knows nothing of the moves before it; [`crate::Game`] keeps that history
/// (repetitions, the draw counters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Pieces of each side, indexed by [`Color::index`].
    pub(crate) pieces: [u64; 2],
    /// Kings of both sides.
    pub(crate) kings: u64,
    pub(crate) turn: Color,
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The starting position: Black's men on 1–20, White's on 31–50, White to move.
    pub fn start() -> Position {
        let range = |first: u8, last: u8| (first..=last).filter_map(Square::new).collect::<Bitboard>().0;
        Position { pieces: [range(31, 50), range(1, 20)], kings: 0, turn: Color::White }
    }

    /// A position from its pieces; refused if it could not occur (see [`PositionError`]).
    pub fn new(
        turn: Color,
        white_men: Bitboard,
        white_kings: Bitboard,
        black_men: Bitboard,
        black_kings: Bitboard,
    ) -> Result<Position, PositionError> {
        let sets = [white_men, white_kings, black_men, black_kings];
        for (i, a) in sets.iter().enumerate() {
            for b in &sets[i + 1..] {
                if let Some(square) = (*a & *b).first() {
                    return Err(PositionError::SquareTwice(square));
                }
            }
        }
        let white = white_men | white_kings;
        let black = black_men | black_kings;
        for (color, pieces) in [(Color::White, white), (Color::Black, black)] {
            if pieces.count() as usize > MAX_CAPTURES {
                return Err(PositionError::TooManyPieces { color, count: pieces.count() });
            }
        }
        for (color, men) in [(Color::White, white_men), (Color::Black, black_men)] {
            if let Some(square) = (men & Bitboard(PROMOTION[color.index()])).first() {
                return Err(PositionError::ManOnPromotionRow { color, square });
            }
        }
        Ok(Position { pieces: [white.0, black.0], kings: (white_kings | black_kings).0, turn })
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// All pieces of `color`.
    pub fn pieces(&self, color: Color) -> Bitboard {
        Bitboard(self.pieces[color.index()])
    }

    /// The men of `color`.
    pub fn men(&self, color: Color) -> Bitboard {
        Bitboard(self.pieces[color.index()] & !self.kings)
    }

    /// The kings of `color`.
    pub fn kings(&self, color: Color) -> Bitboard {
        Bitboard(self.pieces[color.index()] & self.kings)
    }

    /// The empty squares.
    pub fn empty(&self) -> Bitboard {
        !Bitboard(self.pieces[0] | self.pieces[1])
    }

    /// What stands on `square`.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let mask = square.mask();
        let color = Color::ALL.into_iter().find(|c| self.pieces[c.index()] & mask != 0)?;
        let role = if self.kings & mask != 0 { Role::King } else { Role::Man };
        Some(Piece { color, role })
    }

    /// The pieces seen by the side to move, for the generator.
    #[inline(always)]
    pub(crate) fn sides(&self) -> Sides {
        let us = self.turn.index();
        let forward = match self.turn {
            Color::White => [NORTH_WEST, NORTH_EAST],
            Color::Black => [SOUTH_WEST, SOUTH_EAST],
        };
        Sides { own: self.pieces[us], opp: self.pieces[us ^ 1], kings: self.kings, forward }
    }

    /// Every legal move: the rafles taking the most pieces if the side to move can capture,
    /// else every quiet move. Moves equal in the FMJD sense (see [`Move`]) are listed once.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        movegen::generate(&self.sides(), &mut list);
        list
    }

    /// Whether the side to move must capture.
    pub fn must_capture(&self) -> bool {
        movegen::can_capture(&self.sides())
    }

    /// Whether `m` is one of the legal moves.
    pub fn is_legal(&self, m: &Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// The position after `m`, or why `m` is not legal here.
    pub fn play(&self, m: &Move) -> Result<Position, PlayError> {
        let legal = self.legal_moves();
        if legal.contains(m) { Ok(self.play_unchecked(m)) } else { Err(PlayError::explain(self, m, &legal)) }
    }

    /// The position after `m`, which must be legal (else the result is some position that
    /// follows the move's squares, not a position of the game).
    pub fn play_unchecked(&self, m: &Move) -> Position {
        self.play_raw(RawMove {
            from: m.from().mask(),
            to: m.to().mask(),
            captured: m.captured().0 & self.pieces[self.turn.index() ^ 1],
        })
    }

    /// The position after a generated move.
    #[inline(always)]
    pub(crate) fn play_raw(&self, m: RawMove) -> Position {
        let us = self.turn.index();
        let mut next = *self;
        let was_king = self.kings & m.from != 0;
        next.pieces[us] = (self.pieces[us] & !m.from) | m.to;
        next.pieces[us ^ 1] &= !m.captured;
        next.kings &= !(m.from | m.captured);
        if was_king || m.to & PROMOTION[us] != 0 {
            next.kings |= m.to;
        }
        next.turn = self.turn.opponent();
        next
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        let sides = self.sides();
        movegen::count_quiet(&sides) > 0 || movegen::can_capture(&sides)
    }

    /// How the game ends here by the board alone: the side to move loses when it has no piece
    /// left or no legal move (FMJD article 5). Draws need the history: see
    /// [`crate::Game::outcome`].
    pub fn outcome(&self) -> Option<Outcome> {
        let winner = self.turn.opponent();
        if self.pieces[self.turn.index()] == 0 {
            Some(Outcome::Win { winner, reason: WinReason::NoPieces })
        } else if !self.has_legal_move() {
            Some(Outcome::Win { winner, reason: WinReason::NoMoves })
        } else {
            None
        }
    }

    /// The same pieces with the other side to move (for searches and puzzles; not a move).
    #[must_use]
    pub fn with_turn(&self, turn: Color) -> Position {
        Position { turn, ..*self }
    }
}
