//! The interface every game implements: [`GameState`].

use std::any::Any;

use crate::board_view::BoardView;
use crate::cell::Cell;
use crate::counter::Counter;
use crate::game_move::GameMove;
use crate::move_error::{MoveError, MoveWarning};
use crate::outcome::{Leaving, Outcome, SeatStatus};
use crate::seat::Seat;
use crate::spec::GameSpec;

/// A game in progress, any game: what everything above the engines holds (as
/// `Box<dyn GameState>`) and speaks. Modelled on OpenSpiel's `State`: whose turn, the legal
/// moves, playing one, the end and the places; plus what a platform of board games needs —
/// move texts verified hop by hop, the board to draw, the seats' standings and counters.
///
/// An engine keeps its own fast types inside; the interface is for everything above it (a
/// session verifying a peer's move, a table, a front-end, a record reader, a tournament).
///
/// Rules every implementation keeps (the property tests in each engine check them):
/// - [`outcome`](GameState::outcome) is `Some` exactly when [`to_move`](GameState::to_move) is
///   `None`, and [`legal_moves`](GameState::legal_moves) is then empty;
/// - while the game goes on there is at least one legal move (a pass when nothing else);
/// - every listed move's [`move_text`](GameState::move_text) is accepted by
///   [`parse_move`](GameState::parse_move), which gives back that same move; a text it accepts
///   leads where some listed move leads;
/// - a refused [`play`](GameState::play) (or [`leave`](GameState::leave)) leaves the state
///   unchanged;
/// - [`move_text`](GameState::move_text) depends on the move only, not on the position, so that
///   past moves ([`moves`](GameState::moves)) can be written at any time;
/// - the [`hash`](GameState::hash) changes with every move and is equal for states the rules
///   hold equal (the same pieces, the same seat to move; counters may be left out, as the star
///   games' repetition rule leaves them out).
pub trait GameState: Send + 'static {
    /// The game's name.
    fn spec(&self) -> &GameSpec;

    /// How many seats the table has.
    fn seat_count(&self) -> u8;

    /// A seat's name in the game's own words: `A`, `B` in the duel, the home branch `S`, `NW`…
    /// in the star games. Records write players and results with it.
    fn seat_name(&self, seat: Seat) -> String;

    /// The seat with this name, if the table has it.
    fn seat_named(&self, name: &str) -> Option<Seat> {
        Seat::all(self.seat_count()).find(|&s| self.seat_name(s) == name)
    }

    /// The seat to move, or `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;

    /// Every legal move of the seat to move, each once; empty once the game is over.
    fn legal_moves(&self) -> Vec<GameMove>;

    /// The verifier a peer's move goes through: the text as the game writes moves, to exactly
    /// one legal move, or the cause of the refusal.
    fn parse_move(&self, text: &str) -> Result<GameMove, MoveError>;

    /// How the game writes `m` (the notation records and the wire carry).
    fn move_text(&self, m: &GameMove) -> String;

    /// Plays a legal move of the seat to move; refused with its cause, and the state unchanged,
    /// otherwise.
    fn play(&mut self, m: &GameMove) -> Result<(), MoveError>;

    /// [`play`](GameState::play) on behalf of `seat`: refused when it is not that seat's turn.
    fn play_as(&mut self, seat: Seat, m: &GameMove) -> Result<(), MoveError> {
        match self.to_move() {
            None => Err(MoveError::GameOver),
            Some(to_move) if to_move != seat => Err(MoveError::OutOfTurn { seat, to_move }),
            Some(_) => self.play(m),
        }
    }

    /// The cells the move goes through, hop by hop: for pickers and animation.
    fn path(&self, m: &GameMove) -> Vec<Cell> {
        m.cells().to_vec()
    }

    /// The move to play without asking the player, if there is one: a seat whose only move is
    /// to pass passes (RULES.md §6, RULES-STAR.md §3.4).
    fn automatic_move(&self) -> Option<GameMove> {
        match self.legal_moves().as_slice() {
            [only] if only.is_pass() => Some(only.clone()),
            _ => None,
        }
    }

    /// What a player should confirm before this legal move is played, if anything.
    fn warning(&self, m: &GameMove) -> Option<MoveWarning> {
        let _ = m;
        None
    }

    /// A hash of the position: see the trait's rules.
    fn hash(&self) -> u64;

    /// Moves played since this state was opened.
    fn ply(&self) -> usize {
        self.moves().len()
    }

    /// The number of the current round as records number moves (`3.`): from 1, raised when play
    /// comes back to the first seat (a position string may start later).
    fn round(&self) -> u32;

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// How `seat` stands.
    fn seat_status(&self, seat: Seat) -> SeatStatus;

    /// The figures of `seat` the game keeps (moves against a limit, pieces arrived, captures).
    fn counters(&self, seat: Seat) -> Vec<Counter>;

    /// The position in the game's position-string form: what `open_at` reads back.
    fn position_string(&self) -> String;

    /// Every cell of the board with its piece.
    fn board(&self) -> BoardView;

    /// How far, in degrees counter-clockwise, the board's layout ([`BoardView`]'s `x`, `y`)
    /// turns so that `seat`'s home side comes to the bottom: `0` for a seat already there. A
    /// turn the board's [`Geometry`](crate::Geometry) maps onto itself (a multiple of 60° for
    /// the star, of 90° for squares), so that a front-end can turn every seat's view, whatever
    /// the number of seats; `0` for a seat not at the table.
    fn home_turn(&self, seat: Seat) -> u16;

    /// `seat` leaves the game (resigns, runs out of time…), as the rules say: in a duel the
    /// other seat wins; with more seats the game ends for everyone, the leaver last
    /// (RULES-STAR.md §4.10). Refused once the game is over, or for a seat not at the table.
    fn leave(&mut self, seat: Seat, how: Leaving) -> Result<(), MoveError>;

    /// `seat` resigns: [`leave`](GameState::leave) with [`Leaving::Resigned`].
    fn resign(&mut self, seat: Seat) -> Result<(), MoveError> {
        self.leave(seat, Leaving::Resigned)
    }

    /// The seat that moved first.
    fn opener(&self) -> Seat;

    /// The position string of the start, when the game was opened at a set-up position rather
    /// than the game's start: a record writes it in its `Start` tag.
    fn setup_string(&self) -> Option<String>;

    /// The moves played since this state was opened, in order.
    fn moves(&self) -> &[GameMove];

    /// This game as it was when opened, before any move.
    fn initial(&self) -> Box<dyn GameState>;

    /// Takes the last move back (and a leaving after it); `None` when there is none.
    fn undo(&mut self) -> Option<GameMove>;

    /// A copy, boxed.
    fn clone_box(&self) -> Box<dyn GameState>;

    /// The concrete state, for a component that knows the engine behind it (a computer player
    /// reaching for the engine's fast types).
    fn as_any(&self) -> &dyn Any;
}

impl Clone for Box<dyn GameState> {
    fn clone(&self) -> Box<dyn GameState> {
        self.clone_box()
    }
}

impl std::fmt::Debug for dyn GameState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} [{}]", self.spec(), self.position_string())
    }
}
