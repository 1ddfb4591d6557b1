//! A game between two peers as each side keeps it: the table, the game itself (any game, through
//! `tripot_game::GameState`), the hashes after every move, how it ended.

use tripot_game::{EndReason, GameMove, GameSpec, GameState, Leaving, MoveError, Outcome, Seat};
use tripot_protocol::{GameId, ResumePoint, Role};

/// The end of a game: the game's own outcome (a place per seat and why), and the seats' names
/// to word it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// The outcome, as the game gives it (a seat that left is in its reason).
    pub outcome: Outcome,
    /// The seats' names in the game's own words (`A`, `B`; `S`, `N`…), by seat index.
    pub seat_names: Vec<String>,
    /// Why a forfeit was declared: the move the verifier refused, and why.
    pub forfeit: Option<String>,
}

impl Ending {
    /// The seat that won, when one seat alone did.
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        match self.outcome.winners().as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// The seat that left (resigned, forfeited, abandoned), if the game ended that way.
    #[must_use]
    pub const fn left(&self) -> Option<(Seat, Leaving)> {
        match self.outcome.reason {
            EndReason::Left { seat, how } => Some((seat, how)),
            _ => None,
        }
    }

    /// The short word logs and JSON events give: `normal`, `resign`, `forfeit`, `abandoned`.
    #[must_use]
    pub const fn tag(&self) -> &'static str {
        match self.left() {
            None => "normal",
            Some((_, Leaving::Resigned)) => "resign",
            Some((_, Leaving::Forfeited)) => "forfeit",
            Some((_, Leaving::Abandoned | Leaving::TimedOut)) => "abandoned",
        }
    }

    /// A seat's name in the game's own words.
    #[must_use]
    pub fn seat_name(&self, seat: Seat) -> String {
        self.seat_names.get(seat.index()).cloned().unwrap_or_else(|| seat.to_string())
    }
}

impl std::fmt::Display for Ending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Some(winner) = self.winner() else {
            return write!(f, "draw ({})", self.outcome.reason.termination());
        };
        let winner = self.seat_name(winner);
        match (self.left(), &self.forfeit) {
            (Some((_, Leaving::Resigned)), _) => write!(f, "{winner} wins (resignation)"),
            (Some((_, Leaving::Forfeited)), Some(why)) => write!(f, "{winner} wins (forfeit: {why})"),
            (Some((_, Leaving::Forfeited)), None) => write!(f, "{winner} wins (forfeit)"),
            (Some((_, Leaving::Abandoned | Leaving::TimedOut)), _) => {
                write!(f, "{winner} wins (opponent left, game claimed)")
            }
            (None, _) => write!(f, "{winner} wins ({})", self.outcome.reason.termination()),
        }
    }
}

/// One side's copy of a game.
#[derive(Debug, Clone)]
pub struct OnlineGame {
    /// The game's id (chosen by the host).
    pub game_id: GameId,
    /// This side's role: the host sits at the first seat, the guest at the second — except in a
    /// game whose rules name the first mover (draughts), where the draw seats them
    /// ([`OnlineGame::seated_at`]).
    pub role: Role,
    /// This side's display name.
    pub local_name: String,
    /// The opponent's display name.
    pub peer_name: String,
    /// The opponent's peer id (bytes), to recognise it on a reconnection.
    pub peer_id: Vec<u8>,
    /// This side's seat.
    local: Seat,
    /// The game: every move played through its own verifier.
    state: Box<dyn GameState>,
    /// `hashes[i]` = hash of the position after `i` moves (`hashes[0]` = the start).
    hashes: Vec<u64>,
    /// How it ended, once it has.
    ending: Option<Ending>,
}

impl PartialEq for OnlineGame {
    fn eq(&self, other: &OnlineGame) -> bool {
        (self.game_id, self.role, self.local, &self.local_name, &self.peer_name, &self.peer_id)
            == (other.game_id, other.role, other.local, &other.local_name, &other.peer_name, &other.peer_id)
            && self.state.spec() == other.state.spec()
            && self.state.opener() == other.state.opener()
            && self.state.moves() == other.state.moves()
            && self.hashes == other.hashes
            && self.ending == other.ending
    }
}

impl Eq for OnlineGame {}

impl OnlineGame {
    /// A game at `state` (its start, usually).
    #[must_use]
    pub fn new(
        game_id: GameId,
        role: Role,
        state: Box<dyn GameState>,
        local_name: String,
        peer_name: String,
        peer_id: Vec<u8>,
    ) -> OnlineGame {
        let hashes = vec![state.hash()];
        let local = seat_of(role);
        let mut game =
            OnlineGame { game_id, role, local, local_name, peer_name, peer_id, state, hashes, ending: None };
        game.note_outcome(None);
        game
    }

    /// The same game with this side at `local` (the other side at the other seat): in a game
    /// whose rules name the first mover, the draw decides who sits where, not who opens.
    #[must_use]
    pub fn seated_at(mut self, local: Seat) -> OnlineGame {
        if local.0 < 2 {
            self.local = local;
        }
        self
    }

    /// The game's name.
    #[must_use]
    pub fn spec(&self) -> &GameSpec {
        self.state.spec()
    }

    /// The game as it stands.
    #[must_use]
    pub fn state(&self) -> &dyn GameState {
        self.state.as_ref()
    }

    /// The seat that made (or makes) the first move.
    #[must_use]
    pub fn opener(&self) -> Seat {
        self.state.opener()
    }

    /// This side's seat.
    #[must_use]
    pub const fn local_seat(&self) -> Seat {
        self.local
    }

    /// The opponent's seat.
    #[must_use]
    pub const fn peer_seat(&self) -> Seat {
        Seat(1 - self.local.0)
    }

    /// Whether the host's seat made (or makes) the first move: what a rematch swaps.
    #[must_use]
    pub fn host_opened(&self) -> bool {
        let host = if self.role == Role::Host { self.local_seat() } else { self.peer_seat() };
        host == self.state.opener()
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[GameMove] {
        self.state.moves()
    }

    /// The hash after `ply` moves (0: the start).
    #[must_use]
    pub fn hash_at(&self, ply: u32) -> Option<u64> {
        usize::try_from(ply).ok().and_then(|i| self.hashes.get(i)).copied()
    }

    /// The hashes after every move: `hashes()[i]` after `i` moves (`[0]`: the start).
    #[must_use]
    pub fn hashes(&self) -> &[u64] {
        &self.hashes
    }

    /// The hash of the position now.
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.state.hash()
    }

    /// How it ended, once it has.
    #[must_use]
    pub const fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// Whether the game is still to be played on: not ended, and begun. A game left (or lost
    /// from view) before any move has nothing to take up: starting a new one is the same, so
    /// it is offered neither to resume nor as a game in progress.
    #[must_use]
    pub fn in_progress(&self) -> bool {
        self.ending.is_none() && !self.state.moves().is_empty()
    }

    /// Number of moves played.
    #[must_use]
    pub fn ply(&self) -> u32 {
        u32::try_from(self.state.moves().len()).unwrap_or(u32::MAX)
    }

    /// Where this side stands, for a resume exchange.
    #[must_use]
    pub fn resume_point(&self) -> ResumePoint {
        ResumePoint { game_id: self.game_id, ply: self.ply(), hash: self.state.hash() }
    }

    /// Plays `m` for `seat` through the game's verifier; ends the game if the rules say so.
    ///
    /// # Errors
    /// The game's refusal (out of turn, illegal, over); the game is then unchanged.
    pub fn play(&mut self, seat: Seat, m: &GameMove) -> Result<(), MoveError> {
        self.state.play_as(seat, m)?;
        self.hashes.push(self.state.hash());
        self.note_outcome(None);
        Ok(())
    }

    /// `seat` leaves the game (`how`), with the cause of a forfeit; nothing if it is over.
    pub fn leave(&mut self, seat: Seat, how: Leaving, forfeit: Option<String>) {
        if self.ending.is_none() && self.state.leave(seat, how).is_ok() {
            self.note_outcome(forfeit);
        }
    }

    fn note_outcome(&mut self, forfeit: Option<String>) {
        if self.ending.is_none()
            && let Some(outcome) = self.state.outcome()
        {
            let seat_names = Seat::all(self.state.seat_count()).map(|s| self.state.seat_name(s)).collect();
            self.ending = Some(Ending { outcome, seat_names, forfeit });
        }
    }

    /// The game as it was opened, before any move.
    #[must_use]
    pub fn start(&self) -> Box<dyn GameState> {
        self.state.initial()
    }
}

/// The seat a role sits at: the host at the first seat (the duel's camp A), the guest at the
/// second.
#[must_use]
pub const fn seat_of(role: Role) -> Seat {
    match role {
        Role::Host => Seat(0),
        Role::Guest => Seat(1),
    }
}
