//! A move of any game: what kind it is and the cells it goes through.

/// What a move does, in the words every game shares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece goes to a neighbouring cell.
    Step,
    /// A piece jumps, once or in a chain, and nothing is taken.
    Jump,
    /// A piece jumps and takes what it jumps over (the captures game; draughts).
    Capture,
    /// Two pieces exchange their cells (the duel's swap, RULES.md §5).
    Swap,
    /// The seat to move has no move and passes.
    Pass,
}

/// A move of any game: its kind and its cells, start first, hop by hop — the path a picker
/// highlights and an animation follows. A swap has the mover's piece then the other one; a
/// pass has none.
///
/// Built by a game (`legal_moves`, `parse_move`), never by hand: a game's `play` checks a move
/// it is given as it checks a peer's text, so a made-up one is refused, not played.
///
/// Two moves are equal when kind and cells are. A game where different paths lead to the same
/// position (a chain of the duel known by its ends) lists one path per move: the one its
/// notation writes; `parse_move` gives back that same path when given only the ends.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GameMove {
    kind: MoveKind,
    cells: Vec<crate::Cell>,
}

impl GameMove {
    /// A move of `kind` through `cells`, start first.
    #[must_use]
    pub fn new(kind: MoveKind, cells: Vec<crate::Cell>) -> GameMove {
        GameMove { kind, cells }
    }

    /// The pass.
    #[must_use]
    pub fn pass() -> GameMove {
        GameMove { kind: MoveKind::Pass, cells: Vec::new() }
    }

    /// What the move does.
    #[must_use]
    pub const fn kind(&self) -> MoveKind {
        self.kind
    }

    /// Its cells, start first.
    #[must_use]
    pub fn cells(&self) -> &[crate::Cell] {
        &self.cells
    }

    /// Where the moving piece starts (the mover's piece for a swap).
    #[must_use]
    pub fn from(&self) -> Option<crate::Cell> {
        self.cells.first().copied()
    }

    /// Where it ends (the other piece's cell for a swap).
    #[must_use]
    pub fn to(&self) -> Option<crate::Cell> {
        self.cells.last().copied()
    }

    /// Whether this is a pass.
    #[must_use]
    pub fn is_pass(&self) -> bool {
        self.kind == MoveKind::Pass
    }
}
