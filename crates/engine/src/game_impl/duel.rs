//! The duel of RULES.md behind the interface: [`DuelState`].

use std::any::Any;

use tripot_game::{
    BoardView, CellZone, Counter, CounterKind, EndReason, GameMove, GameSpec, GameState, GoalOf, Leaving,
    MoveError, MoveKind, Outcome, Place, Seat, SeatStatus, SpecError,
};

use super::cells::{game_move, holes, marble, move_text, star_board};
use super::errors::{duel_illegal, duel_notation};
use super::{StarBoardGame, duel_spec};
use crate::colour::{Camp, Colour};
use crate::notation::{Notation, Path, Verified};
use crate::outcome::WinReason;
use crate::position::Position;
use crate::{Hole, Move};

/// A duel in progress: the positions from the start, the moves, and a leaving if a camp left.
/// Seat 0 is camp A (player 1), seat 1 camp B; their names are `A` and `B`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DuelState {
    spec: GameSpec,
    /// Whether the start is a set-up position rather than the format's start.
    setup: bool,
    start: Position,
    /// The position after each move.
    after: Vec<Position>,
    moves: Vec<GameMove>,
    left: Option<(Camp, Leaving)>,
}

/// The seat of a camp.
fn seat(camp: Camp) -> Seat {
    Seat(camp.index() as u8)
}

/// The camp of a seat, if the duel has it.
fn camp(seat: Seat) -> Option<Camp> {
    match seat.0 {
        0 => Some(Camp::A),
        1 => Some(Camp::B),
        _ => None,
    }
}

impl DuelState {
    /// A duel from `start` (the format's start, or any set-up position).
    pub fn new(start: Position) -> Result<DuelState, SpecError> {
        let spec = duel_spec(start.format(), start.rules())?;
        let standard = Position::start(start.format(), start.rules(), start.turn());
        Ok(DuelState {
            spec,
            setup: start != standard,
            start,
            after: Vec::new(),
            moves: Vec::new(),
            left: None,
        })
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.after.last().unwrap_or(&self.start)
    }

    /// The hashes of the game's positions, oldest first, the current one included: what the
    /// computer player reads to avoid shuffling.
    #[must_use]
    pub fn history(&self) -> Vec<u64> {
        std::iter::once(&self.start).chain(&self.after).map(Position::hash).collect()
    }

    /// The engine's game this is.
    #[must_use]
    pub fn game(&self) -> StarBoardGame {
        StarBoardGame::Duel(self.position().format(), self.position().rules())
    }

    fn is_over(&self) -> bool {
        self.left.is_some() || self.position().is_over()
    }

    fn owner(&self, hole: Hole) -> Option<Seat> {
        self.position().colour_at(hole).map(|c| seat(c.camp()))
    }

    /// A move of the current position as the interface lists it, with the path its notation
    /// writes (the shortest chain): for a player that chose it with the engine's types.
    #[must_use]
    pub fn game_move(&self, mv: Move) -> GameMove {
        match (mv, self.position().notation(mv)) {
            (Move::Pass, _) => GameMove::pass(),
            (Move::Swap { mine, theirs }, _) => game_move(MoveKind::Swap, &[mine, theirs]),
            (Move::Step { from, to }, _) => game_move(MoveKind::Step, &[from, to]),
            (Move::Jump { .. }, Notation::Path(path)) => game_move(MoveKind::Jump, &path),
            (Move::Jump { from, to }, _) => game_move(MoveKind::Jump, &[from, to]),
        }
    }

    /// A move the verifier accepted, with the path it wrote.
    fn verified(verified: &Verified) -> GameMove {
        match (verified.mv, &verified.notation) {
            (Move::Pass, _) => GameMove::pass(),
            (Move::Swap { mine, theirs }, _) => game_move(MoveKind::Swap, &[mine, theirs]),
            // A chain that comes back next to its start is the step, as listed, by its path.
            (Move::Step { .. }, Notation::Path(path)) if path.len() == 2 => game_move(MoveKind::Step, path),
            (_, Notation::Path(path)) => game_move(MoveKind::Jump, path),
            (Move::Step { from, to } | Move::Jump { from, to }, _) => game_move(MoveKind::Jump, &[from, to]),
        }
    }

    /// The notation of a move given through the interface.
    fn notation_of(m: &GameMove) -> Result<Notation, MoveError> {
        let path = holes(m).ok_or(MoveError::NoSuchMove)?;
        match (m.kind(), path.as_slice()) {
            (MoveKind::Pass, []) => Ok(Notation::Pass),
            (MoveKind::Swap, &[mine, theirs]) => Ok(Notation::Swap { mine, theirs }),
            (MoveKind::Step | MoveKind::Jump, _) => {
                let len = path.len();
                let path: Path = Path::try_from(path.as_slice()).map_err(|_| MoveError::PathLength {
                    len,
                    min: 2,
                    max: crate::MAX_PATH,
                })?;
                Ok(Notation::Path(path))
            }
            (MoveKind::Capture, _) => Err(MoveError::KindNotPlayed(MoveKind::Capture)),
            _ => Err(MoveError::NoSuchMove),
        }
    }

    fn duel_outcome(&self) -> Option<Outcome> {
        let (reason, winner) = match (self.left, self.position().outcome()) {
            (Some((leaver, how)), _) => (EndReason::Left { seat: seat(leaver), how }, leaver.other()),
            (None, Some(outcome)) => {
                let reason = match outcome.reason {
                    WinReason::Goal => EndReason::Finished,
                    WinReason::Count { .. } => EndReason::Blocked,
                };
                (reason, outcome.winner)
            }
            (None, None) => return None,
        };
        let places = [Camp::A, Camp::B]
            .into_iter()
            .map(|c| Place {
                seat: seat(c),
                rank: Some(if c == winner { 1 } else { 2 }),
                status: self.seat_status(seat(c)),
            })
            .collect();
        Some(Outcome { places, reason })
    }
}

impl GameState for DuelState {
    fn spec(&self) -> &GameSpec {
        &self.spec
    }

    fn seat_count(&self) -> u8 {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        camp(seat).map_or_else(|| seat.to_string(), |c| c.to_string())
    }

    fn to_move(&self) -> Option<Seat> {
        (!self.is_over()).then(|| seat(self.position().turn()))
    }

    fn legal_moves(&self) -> Vec<GameMove> {
        if self.is_over() {
            return Vec::new();
        }
        self.position().legal_moves().iter().map(|&mv| self.game_move(mv)).collect()
    }

    fn parse_move(&self, text: &str) -> Result<GameMove, MoveError> {
        if self.left.is_some() {
            return Err(MoveError::GameOver);
        }
        let notation: Notation = text.parse().map_err(|e| duel_notation(text, &e))?;
        let verified = self.position().verify(&notation).map_err(|r| duel_illegal(&r, |h| self.owner(h)))?;
        Ok(DuelState::verified(&verified))
    }

    fn move_text(&self, m: &GameMove) -> String {
        move_text(m)
    }

    fn play(&mut self, m: &GameMove) -> Result<(), MoveError> {
        if self.left.is_some() {
            return Err(MoveError::GameOver);
        }
        let position = *self.position();
        let notation = DuelState::notation_of(m)?;
        let illegal = |r| duel_illegal(&r, |h| self.owner(h));
        let verified = position.verify(&notation).map_err(illegal)?;
        match (m.kind(), verified.mv) {
            (MoveKind::Step, Move::Jump { from, to }) => {
                return Err(duel_illegal(&crate::ReachError::NotAStep { from, to }.into(), |h| {
                    self.owner(h)
                }));
            }
            (MoveKind::Jump, Move::Step { from, to }) if m.cells().len() == 2 => {
                return Err(duel_illegal(&crate::ReachError::StepWrittenAsJump { from, to }.into(), |h| {
                    self.owner(h)
                }));
            }
            _ => {}
        }
        let after = position.play(verified.mv).map_err(|e| duel_illegal(&e.reason, |h| self.owner(h)))?;
        self.after.push(after);
        self.moves.push(DuelState::verified(&verified));
        Ok(())
    }

    fn hash(&self) -> u64 {
        self.position().hash()
    }

    fn round(&self) -> u32 {
        (self.moves.len() / 2 + 1) as u32
    }

    fn outcome(&self) -> Option<Outcome> {
        self.duel_outcome()
    }

    fn seat_status(&self, seat: Seat) -> SeatStatus {
        match (camp(seat), self.left) {
            (Some(c), Some((leaver, how))) if c == leaver => SeatStatus::Left(how),
            (Some(c), _) if self.position().goal_complete(c) => SeatStatus::Finished,
            _ => SeatStatus::Playing,
        }
    }

    fn counters(&self, seat: Seat) -> Vec<Counter> {
        let Some(camp) = camp(seat) else {
            return Vec::new();
        };
        let position = self.position();
        let pawns = 10 * u32::from(position.format().number());
        vec![
            Counter::of(CounterKind::Arrived, u32::from(position.arrived(camp)), Some(pawns)),
            Counter::of(CounterKind::Distance, u32::from(position.total_distance(camp)), None),
        ]
    }

    fn position_string(&self) -> String {
        self.position().to_string()
    }

    fn home_turn(&self, seat: Seat) -> u16 {
        // Camp A holds the lower branches (S, SE, SW), camp B the upper ones.
        match camp(seat) {
            Some(Camp::B) => 180,
            Some(Camp::A) | None => 0,
        }
    }

    fn board(&self) -> BoardView {
        let position = self.position();
        // Each branch of a camp has its goal, the opposite branch, tinted by that branch's army.
        let goal_of = |h: Hole| {
            let bound = Colour::of_hole(h)?.opposite();
            position
                .format()
                .all_colours()
                .contains(&bound)
                .then(|| GoalOf { seat: seat(bound.camp()), colour: bound.index() as u8 })
        };
        star_board(
            |h| position.colour_at(h).map(|c| marble(Some(seat(c.camp())), c.index())),
            |h| CellZone { goal: goal_of(h), closed_to: Vec::new() },
        )
    }

    fn leave(&mut self, seat: Seat, how: Leaving) -> Result<(), MoveError> {
        let camp = camp(seat).ok_or(MoveError::NotASeat(seat))?;
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        self.left = Some((camp, how));
        Ok(())
    }

    fn opener(&self) -> Seat {
        seat(self.start.turn())
    }

    fn setup_string(&self) -> Option<String> {
        self.setup.then(|| self.start.to_string())
    }

    fn moves(&self) -> &[GameMove] {
        &self.moves
    }

    fn initial(&self) -> Box<dyn GameState> {
        Box::new(DuelState {
            spec: self.spec.clone(),
            setup: self.setup,
            start: self.start,
            after: Vec::new(),
            moves: Vec::new(),
            left: None,
        })
    }

    fn undo(&mut self) -> Option<GameMove> {
        self.left = None;
        let last = self.moves.pop()?;
        self.after.pop();
        Some(last)
    }

    fn clone_box(&self) -> Box<dyn GameState> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
