//! How a game ends: a place per seat, with each seat's standing, and why the game ended
//! (RULES.md §4, §6; RULES-STAR.md §3.3, §3.5, §4.5–§4.7, §4.10, §5.4).

use std::fmt;

use crate::seat::Seat;

/// Where a seat stands in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SeatStatus {
    /// It still takes turns.
    Playing,
    /// It reached its goal and is skipped from then on (Stern-Halma §4.5; the duel's winner).
    Finished,
    /// It took a place without reaching its goal: the last seat standing when the others were
    /// placed.
    Placed,
    /// The rules put it out (Stern-Halma's home rule, §4.6).
    Eliminated,
    /// It left the game: resigned, ran out of time, forfeited or abandoned (§4.10).
    Left(Leaving),
}

/// How a seat left the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Leaving {
    /// It resigned.
    Resigned,
    /// Its clock ran out.
    TimedOut,
    /// It broke the rules of the table (the protocol, an illegal move sent).
    Forfeited,
    /// It went away and did not come back.
    Abandoned,
}

impl Leaving {
    /// The record's `Termination` value for a game ended this way.
    #[must_use]
    pub const fn termination(self) -> &'static str {
        match self {
            Leaving::Resigned => "resign",
            Leaving::TimedOut => "time",
            Leaving::Forfeited => "forfeit",
            Leaving::Abandoned => "abandon",
        }
    }
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The places are all given by the play itself: a goal completed (the duel, kawu), every seat
    /// placed or eliminated (Stern-Halma).
    Finished,
    /// No seat still playing can move (the duel's two passes in a row, §6); decided by count.
    Blocked,
    /// Every seat made the most moves the game allows; decided by count.
    MoveLimit,
    /// The same position came back a third time with the same seat to move; decided by count
    /// (the star games), drawn (draughts).
    Repetition,
    /// Nothing can move any more (the captures game: no piece can jump); decided by the score.
    NoMoveLeft,
    /// The seat to move has no piece left and loses (draughts).
    NoPieceLeft,
    /// Drawn: only kings moved, without capture, for as many moves as the rules allow
    /// (draughts' 25 moves each).
    KingMovesDraw,
    /// Drawn: a lone king held out for as many moves as the rules allow against its few
    /// opponents (draughts' 16 or 5 moves each).
    LoneKingDraw,
    /// Drawn by agreement of the players.
    Agreement,
    /// A seat left the game.
    Left {
        /// Who left.
        seat: Seat,
        /// How.
        how: Leaving,
    },
}

impl EndReason {
    /// The record's `Termination` value for this end: `goal`, `count`, `move-limit`,
    /// `repetition`, `no-move`, `no-piece`, `king-moves`, `lone-king`,
    /// `agreement`, or how the seat left (`resign`, `time`, `forfeit`, `abandon`).
    #[must_use]
    pub const fn termination(self) -> &'static str {
        match self {
            EndReason::Finished => "goal",
            EndReason::Blocked => "count",
            EndReason::MoveLimit => "move-limit",
            EndReason::Repetition => "repetition",
            EndReason::NoMoveLeft => "no-move",
            EndReason::NoPieceLeft => "no-piece",
            EndReason::KingMovesDraw => "king-moves",
            EndReason::LoneKingDraw => "lone-king",
            EndReason::Agreement => "agreement",
            EndReason::Left { how, .. } => how.termination(),
        }
    }
}

/// Every `Termination` value that the moves themselves decide: a record claiming one of these
/// must be confirmed by its moves.
pub const DECIDED_BY_MOVES: [&str; 8] =
    ["goal", "count", "move-limit", "repetition", "no-move", "no-piece", "king-moves", "lone-king"];

/// One seat's place at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Place {
    /// The seat.
    pub seat: Seat,
    /// Its rank, 1 for the best; tied seats share one. `None`: a game that names only its
    /// winners (kawu, the captures game) gives the others no place — they lost.
    pub rank: Option<u8>,
    /// How it stood when the game ended.
    pub status: SeatStatus,
}

/// The end of a game: one [`Place`] per seat, in seat order, and why it ended. Several seats
/// ranked 1 is a draw between them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// One per seat, in seat order.
    pub places: Vec<Place>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// The seats ranked first.
    #[must_use]
    pub fn winners(&self) -> Vec<Seat> {
        self.places.iter().filter(|p| p.rank == Some(1)).map(|p| p.seat).collect()
    }

    /// The rank of `seat`, if it has one.
    #[must_use]
    pub fn rank(&self, seat: Seat) -> Option<u8> {
        self.places.iter().find(|p| p.seat == seat).and_then(|p| p.rank)
    }

    /// Whether several seats share the first place.
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.winners().len() > 1
    }
}

impl fmt::Display for Outcome {
    /// `seat 1 1st, seat 2 2nd (goal)`, for logs; front-ends word it with the seats' names.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ranks: Vec<String> = self
            .places
            .iter()
            .map(|p| match p.rank {
                Some(rank) => format!("{} #{rank}", p.seat),
                None => format!("{} unplaced", p.seat),
            })
            .collect();
        write!(f, "{} ({})", ranks.join(", "), self.reason.termination())
    }
}
