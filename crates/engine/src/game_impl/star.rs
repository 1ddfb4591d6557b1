//! The star games of RULES-STAR.md behind the interface: [`StarState`].

use std::any::Any;

use tripot_game::{
    BoardView, CellZone, Counter, CounterKind, EndReason, GameMove, GameSpec, GameState, GoalOf, Leaving,
    MoveError, MoveKind, MoveWarning, Outcome, Place, Seat, SeatStatus, SpecError,
};

use super::StarBoardGame;
use super::cells::{game_move, holes, marble, move_text, star_board};
use super::errors::{star_illegal, star_notation};
use crate::Hole;
use crate::colour::Colour;
use crate::star::{
    GameKind, StarEnd, StarGame, StarMove, StarNotation, StarOutcome, StarPath, StarPosition, Variant,
};

/// A star game in progress: the engine's [`StarGame`] (its history gives the threefold
/// repetition, §4.7), the moves as played, and a leaving if a seat left (§4.10). Seats are the
/// variant's in playing order (seat 0 is `S`), named by their home branch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StarState {
    spec: GameSpec,
    /// Whether the start is a set-up position rather than the variant's start.
    setup: bool,
    game: StarGame,
    moves: Vec<GameMove>,
    left: Option<(Colour, Leaving, StarOutcome)>,
}

impl StarState {
    /// A game from `start` (the variant's start, or any set-up position).
    pub fn new(start: StarPosition) -> Result<StarState, SpecError> {
        let variant = start.variant();
        let spec = StarBoardGame::Star(variant).spec()?;
        let setup = StarPosition::start(variant, start.opener()) != Ok(start);
        Ok(StarState { spec, setup, game: StarGame::new(start), moves: Vec::new(), left: None })
    }

    /// The engine's game: the position, its history, the moves (what a computer player reads).
    #[must_use]
    pub const fn game(&self) -> &StarGame {
        &self.game
    }

    /// The variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.game.position().variant()
    }

    fn position(&self) -> &StarPosition {
        self.game.position()
    }

    fn seat(&self, colour: Colour) -> Option<Seat> {
        self.variant().seats().iter().position(|&c| c == colour).map(|i| Seat(i as u8))
    }

    fn colour(&self, seat: Seat) -> Option<Colour> {
        self.variant().seats().get(seat.index()).copied()
    }

    fn is_over(&self) -> bool {
        self.left.is_some() || self.game.outcome().is_some()
    }

    /// A move of the current position as the interface lists it, with the path its notation
    /// writes: for a player that chose it with the engine's types.
    #[must_use]
    pub fn game_move(&self, m: &StarMove) -> GameMove {
        match m {
            StarMove::Pass => GameMove::pass(),
            StarMove::Step { from, to } => game_move(MoveKind::Step, &[*from, *to]),
            StarMove::Jump { .. } => match self.position().notation(m) {
                StarNotation::Path(path) => game_move(MoveKind::Jump, &path),
                StarNotation::Pass => GameMove::pass(),
            },
            StarMove::Capture(path) => game_move(MoveKind::Capture, path),
        }
    }

    /// Checks a written move: the engine's move, and the interface's (with the path as written,
    /// a chain given by its ends expanded as listed).
    fn verify(&self, notation: &StarNotation) -> Result<(StarMove, GameMove), MoveError> {
        if self.left.is_some() {
            return Err(MoveError::GameOver);
        }
        let m = self.position().verify(notation).map_err(|r| star_illegal(&r, |c| self.seat(c)))?;
        let shown = match notation {
            // A chain as written; one that comes back next to its start is the step, as listed.
            StarNotation::Path(path) if path.len() > 2 && !matches!(m, StarMove::Capture(_)) => {
                game_move(MoveKind::Jump, path)
            }
            _ => self.game_move(&m),
        };
        Ok((m, shown))
    }

    /// The notation of a move given through the interface.
    fn notation_of(&self, m: &GameMove) -> Result<StarNotation, MoveError> {
        let captures = self.variant().game() == GameKind::Captures;
        let path = holes(m).ok_or(MoveError::NoSuchMove)?;
        match m.kind() {
            MoveKind::Pass if path.is_empty() => return Ok(StarNotation::Pass),
            MoveKind::Step | MoveKind::Jump if !captures => {}
            MoveKind::Capture if captures => {}
            MoveKind::Swap => return Err(MoveError::KindNotPlayed(MoveKind::Swap)),
            MoveKind::Capture => return Err(MoveError::KindNotPlayed(MoveKind::Capture)),
            _ => return Err(MoveError::NoSuchMove),
        }
        let len = path.len();
        let path = StarPath::try_from(path.as_slice()).map_err(|_| MoveError::PathLength {
            len,
            min: 2,
            max: crate::MAX_STAR_PATH,
        })?;
        Ok(StarNotation::Path(path))
    }

    /// The engine's move for a move given through the interface, checked.
    fn engine_move(&self, m: &GameMove) -> Result<(StarMove, GameMove), MoveError> {
        let (engine, shown) = self.verify(&self.notation_of(m)?)?;
        let named = super::cells::named;
        match (m.kind(), &engine) {
            (MoveKind::Step, StarMove::Jump { from, to }) => {
                Err(MoveError::NotAStep { from: named(*from), to: named(*to) })
            }
            (MoveKind::Jump, StarMove::Step { from, to }) if m.cells().len() == 2 => {
                Err(MoveError::StepWrittenAsJump { from: named(*from), to: named(*to) })
            }
            _ => Ok((engine, shown)),
        }
    }

    fn star_outcome(&self) -> Option<(StarOutcome, Option<Leaving>)> {
        match self.left {
            Some((_, how, outcome)) => Some((outcome, Some(how))),
            None => self.game.outcome().map(|o| (o, None)),
        }
    }
}

impl GameState for StarState {
    fn spec(&self) -> &GameSpec {
        &self.spec
    }

    fn seat_count(&self) -> u8 {
        self.variant().players()
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.colour(seat).map_or_else(|| seat.to_string(), |c| c.to_string())
    }

    fn to_move(&self) -> Option<Seat> {
        if self.is_over() { None } else { self.seat(self.position().turn()) }
    }

    fn legal_moves(&self) -> Vec<GameMove> {
        if self.is_over() {
            return Vec::new();
        }
        self.position().legal_moves().iter().map(|m| self.game_move(m)).collect()
    }

    fn parse_move(&self, text: &str) -> Result<GameMove, MoveError> {
        if self.left.is_some() {
            return Err(MoveError::GameOver);
        }
        let notation: StarNotation = text.parse().map_err(|e| star_notation(text, &e))?;
        if self.game.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        self.verify(&notation).map(|(_, shown)| shown)
    }

    fn move_text(&self, m: &GameMove) -> String {
        move_text(m)
    }

    fn play(&mut self, m: &GameMove) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let (engine, shown) = self.engine_move(m)?;
        self.game.play(&engine).map_err(|e| star_illegal(&e.reason, |c| self.seat(c)))?;
        self.moves.push(shown);
        Ok(())
    }

    fn warning(&self, m: &GameMove) -> Option<MoveWarning> {
        let (engine, _) = self.engine_move(m).ok()?;
        self.position().eliminates(&engine).then_some(MoveWarning::EliminatesMover)
    }

    fn hash(&self) -> u64 {
        self.position().hash()
    }

    fn round(&self) -> u32 {
        u32::from(self.position().moves()) + 1
    }

    fn outcome(&self) -> Option<Outcome> {
        let (outcome, how) = self.star_outcome()?;
        let reason = match outcome.end {
            StarEnd::Finished => EndReason::Finished,
            StarEnd::MoveLimit => EndReason::MoveLimit,
            StarEnd::Blocked => EndReason::Blocked,
            StarEnd::Repetition => EndReason::Repetition,
            StarEnd::NoJump => EndReason::NoMoveLeft,
            StarEnd::Left(colour) => EndReason::Left {
                seat: self.seat(colour).unwrap_or(Seat(0)),
                how: how.unwrap_or(Leaving::Resigned),
            },
        };
        let places = Seat::all(self.seat_count())
            .filter_map(|seat| {
                let colour = self.colour(seat)?;
                let rank = outcome.place(colour);
                Some(Place { seat, rank, status: self.seat_status(seat) })
            })
            .collect();
        Some(Outcome { places, reason })
    }

    fn seat_status(&self, seat: Seat) -> SeatStatus {
        let Some(colour) = self.colour(seat) else {
            return SeatStatus::Playing;
        };
        let position = self.position();
        match self.left {
            Some((leaver, how, _)) if leaver == colour => SeatStatus::Left(how),
            _ if position.is_out(colour) => SeatStatus::Eliminated,
            _ if position.is_finished(colour) && position.goal_done(colour) => SeatStatus::Finished,
            _ if position.is_finished(colour) || position.place(colour).is_some() => SeatStatus::Placed,
            _ => SeatStatus::Playing,
        }
    }

    fn counters(&self, seat: Seat) -> Vec<Counter> {
        let Some(colour) = self.colour(seat) else {
            return Vec::new();
        };
        let position = self.position();
        let variant = self.variant();
        let made = u32::from(position.moves_of(colour));
        let mut counters =
            vec![Counter::of(CounterKind::MovesMade, made, variant.move_limit().map(u32::from))];
        match variant.game() {
            GameKind::Captures => {
                counters.push(Counter::of(CounterKind::Captured, u32::from(position.taken(colour)), None));
            }
            kind => {
                if kind == GameKind::Halma {
                    let deadline = Some(u32::from(variant.home_deadline()));
                    counters.push(Counter::of(CounterKind::HomeDeadline, made, deadline));
                    counters.push(Counter::of(
                        CounterKind::AtHome,
                        u32::from(position.at_home(colour)),
                        None,
                    ));
                }
                let marbles = Some(variant.marbles() as u32);
                counters.push(Counter::of(
                    CounterKind::Arrived,
                    u32::from(position.arrived(colour)),
                    marbles,
                ));
                counters.push(Counter::of(
                    CounterKind::Distance,
                    u32::from(position.total_distance(colour)),
                    None,
                ));
            }
        }
        counters
    }

    fn position_string(&self) -> String {
        self.position().to_string()
    }

    fn home_turn(&self, seat: Seat) -> u16 {
        self.colour(seat).map_or(0, Colour::home_turn)
    }

    fn board(&self) -> BoardView {
        let position = self.position();
        let seats = self.variant().seats();
        // The captures game has no goal (RULES-STAR.md §5).
        let has_goals = self.variant().game() != GameKind::Captures;
        let goal_of = |h: Hole| {
            if !has_goals {
                return None;
            }
            let bound = seats.iter().copied().find(|&c| position.goal(c).contains(h))?;
            Some(GoalOf { seat: self.seat(bound)?, colour: bound.index() as u8 })
        };
        // Stern-Halma closes to each seat the branches that are neither its home nor its goal
        // (RULES-STAR.md §4.3); the other games close nothing.
        let closed_to = |h: Hole| -> Vec<Seat> {
            let bit = 1u128 << h.index();
            seats
                .iter()
                .filter(|&&c| position.allowed_ends(c) & bit == 0)
                .filter_map(|&c| self.seat(c))
                .collect()
        };
        star_board(
            |h| {
                if position.pieces().contains(h) {
                    return Some(marble(None, 6));
                }
                let colour = position.seat_at(h)?;
                Some(marble(self.seat(colour), colour.index()))
            },
            |h| CellZone { goal: goal_of(h), closed_to: closed_to(h) },
        )
    }

    fn leave(&mut self, seat: Seat, how: Leaving) -> Result<(), MoveError> {
        let colour = self.colour(seat).ok_or(MoveError::NotASeat(seat))?;
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if !self.position().is_playing(colour) {
            return Err(MoveError::NotPlaying(seat));
        }
        self.left = Some((colour, how, self.position().resign(colour)));
        Ok(())
    }

    fn opener(&self) -> Seat {
        self.seat(self.game.start().opener()).unwrap_or(Seat(0))
    }

    fn setup_string(&self) -> Option<String> {
        self.setup.then(|| self.game.start().to_string())
    }

    fn moves(&self) -> &[GameMove] {
        &self.moves
    }

    fn initial(&self) -> Box<dyn GameState> {
        Box::new(StarState {
            spec: self.spec.clone(),
            setup: self.setup,
            game: StarGame::new(*self.game.start()),
            moves: Vec::new(),
            left: None,
        })
    }

    fn undo(&mut self) -> Option<GameMove> {
        self.left = None;
        let last = self.moves.pop()?;
        let played = self.game.moves();
        let mut game = StarGame::new(*self.game.start());
        for m in &played[..played.len().saturating_sub(1)] {
            // These moves were played on this very game: they replay.
            if game.play(m).is_err() {
                break;
            }
        }
        self.game = game;
        Some(last)
    }

    fn clone_box(&self) -> Box<dyn GameState> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
