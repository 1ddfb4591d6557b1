//! Figures a game keeps per seat and a front-end shows: moves made against a limit, pieces in
//! the goal, pieces taken. Typed, so that each is worded in French or English by its kind.

/// What a [`Counter`] counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CounterKind {
    /// Moves the seat has made (passes included); the limit is the game's move cap
    /// (kawu §3.5, Stern-Halma §4.7).
    MovesMade,
    /// Moves made, against the number after which the seat must have left home (Stern-Halma
    /// §4.6, the home rule).
    HomeDeadline,
    /// Pieces still in the seat's home: from the home rule's deadline on, each must be unable
    /// to leave it (Stern-Halma §4.6), so a player counts them down before it.
    AtHome,
    /// Pieces standing in the seat's goal, out of how many must.
    Arrived,
    /// Total distance of the seat's pieces to its goal (the count's tie-break, RULES.md §6).
    Distance,
    /// Pieces the seat has taken (the captures game).
    Captured,
    /// Pieces the seat still has on the board (draughts: men and kings).
    Pieces,
    /// How many times the current position has occurred; the limit draws (draughts: 3).
    Repetitions,
    /// Plies in a row of king moves without capture, both sides counted; the limit draws
    /// (draughts: 50, the 25 moves each).
    KingMoves,
    /// Plies played under the lone king's rule, both sides counted; the limit draws (draughts:
    /// 32 or 10, the 16 or 5 moves each).
    LoneKingMoves,
}

/// One figure of a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Counter {
    /// What it counts.
    pub kind: CounterKind,
    /// Its value.
    pub value: u32,
    /// The value that matters, if any: the cap, the deadline, the size of the goal.
    pub limit: Option<u32>,
}

impl Counter {
    /// A counter with a limit.
    #[must_use]
    pub const fn of(kind: CounterKind, value: u32, limit: Option<u32>) -> Counter {
        Counter { kind, value, limit }
    }
}
