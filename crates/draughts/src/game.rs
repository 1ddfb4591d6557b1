//! A game: the moves played from a first position, and everything the rules need from them
//! (repetitions, the draw counters, agreement and resignation).

use crate::color::Color;
use crate::draw_rules::DrawCounters;
use crate::move_list::MoveList;
use crate::moves::Move;
use crate::notation::NotationError;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::play_error::PlayError;
use crate::position::Position;

/// Why a [`Game`] refused a move or a request.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game is already over.
    #[error("the game is over ({0:?})")]
    Over(Outcome),
    /// The move is not legal.
    #[error(transparent)]
    Illegal(#[from] PlayError),
    /// The move text names no legal move.
    #[error(transparent)]
    Notation(#[from] NotationError),
}

/// A game of international draughts from a first position.
#[derive(Debug, Clone)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// Hashes of the positions since the last man move or capture (which cannot be undone, so
    /// no earlier position can come back), the current one last.
    since_irreversible: Vec<u64>,
    counters: DrawCounters,
    /// An end not read from the board: agreement or resignation.
    declared: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// A game from the starting position.
    pub fn new() -> Game {
        Game::from_position(Position::start())
    }

    /// A game from any position (a problem, a position string).
    pub fn from_position(start: Position) -> Game {
        Game {
            start,
            position: start,
            moves: Vec::new(),
            since_irreversible: vec![start.hash_key()],
            counters: DrawCounters::at_start(&start),
            declared: None,
        }
    }

    /// The first position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Color {
        self.position.turn()
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The legal moves now: none once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        if self.outcome().is_some() { MoveList::new() } else { self.position.legal_moves() }
    }

    /// The draw counters, for screens.
    pub fn draw_counters(&self) -> DrawCounters {
        self.counters
    }

    /// Hashes of the positions since the last man move or capture, the current one last: the
    /// only ones that can still come back (for a search that avoids or seeks repetitions).
    pub fn repetition_hashes(&self) -> &[u64] {
        &self.since_irreversible
    }

    /// The current position's Zobrist hash.
    pub fn hash_key(&self) -> u64 {
        self.position.hash_key()
    }

    /// How the game ended, if it did: agreement or resignation, a side without piece or move,
    /// or a draw by rule (repetition, 25 moves, 16 moves, 5 moves).
    pub fn outcome(&self) -> Option<Outcome> {
        self.declared.or_else(|| self.position.outcome()).or_else(|| self.counters.draw().map(Outcome::Draw))
    }

    /// Plays `m`.
    pub fn play(&mut self, m: &Move) -> Result<(), GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Over(outcome));
        }
        let next = self.position.play(m)?;
        self.push(m.clone(), next);
        Ok(())
    }

    /// Plays the move written `text` and returns it.
    pub fn play_notation(&mut self, text: &str) -> Result<Move, GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Over(outcome));
        }
        let m = self.position.parse_move(text)?;
        let next = self.position.play_unchecked(&m);
        self.push(m.clone(), next);
        Ok(m)
    }

    /// Records a legal move `m` leading to `next`.
    fn push(&mut self, m: Move, next: Position) {
        let king_only = !m.is_capture() && (self.position.kings & m.from().mask() != 0);
        if !king_only {
            // A man moved or something was taken: no earlier position can come back.
            self.since_irreversible.clear();
        }
        let hash = next.hash_key();
        self.since_irreversible.push(hash);
        let repetitions = self.since_irreversible.iter().filter(|&&h| h == hash).count() as u32;
        self.counters = self.counters.after(&self.position, &next, king_only, repetitions);
        self.position = next;
        self.moves.push(m);
    }

    /// Both players agreed to a draw (the tables ask both; a computer player refuses).
    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        self.declare(Outcome::Draw(DrawReason::Agreement))
    }

    /// `loser` gives up (or left the table).
    pub fn resign(&mut self, loser: Color) -> Result<(), GameError> {
        self.declare(Outcome::Win { winner: loser.opponent(), reason: WinReason::Resignation })
    }

    fn declare(&mut self, outcome: Outcome) -> Result<(), GameError> {
        if let Some(over) = self.outcome() {
            return Err(GameError::Over(over));
        }
        self.declared = Some(outcome);
        Ok(())
    }

    /// How the move at index `ply` was written (disambiguated against that position's moves).
    pub fn notation_of(&self, ply: usize) -> Option<String> {
        let mut position = self.start;
        for m in self.moves.get(..ply)? {
            position = position.play_unchecked(m);
        }
        self.moves.get(ply).map(|m| position.notation(m))
    }
}
