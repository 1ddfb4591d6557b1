//! International draughts behind the interface: [`DraughtsState`].

use std::any::Any;

use tripot_game::{
    BoardView, CellView, CellZone, Counter, CounterKind, EndReason, GameMove, GameSpec, GameState, Geometry,
    Leaving, MoveError, MoveKind, Outcome, Piece, PieceKind, Place, Seat, SeatStatus, SpecError,
};

use super::errors::{cell, named, notation_error, play_error, square};
use super::{color, draughts_spec, seat};
use crate::color::{Color, Role};
use crate::draw_rules::KING_MOVES_LIMIT;
use crate::game::Game;
use crate::moves::Move;
use crate::outcome::{DrawReason, Outcome as DraughtsOutcome, WinReason};
use crate::position::Position;
use crate::square::Square;

/// How a game was ended by the players rather than by the moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Declared {
    /// A seat left (resigned, timed out…): the other wins.
    Left(Color, Leaving),
    /// Both agreed to a draw.
    Agreement,
}

/// A game of international draughts: the rules crate's [`Game`] (moves, repetitions, the draw
/// counters), its moves as the interface wrote them, and how the players ended it, if they did.
/// Seat 0 is White (`W`), who moves first from the start; seat 1 is Black (`B`).
#[derive(Debug, Clone)]
pub struct DraughtsState {
    spec: GameSpec,
    /// Whether the start is a set-up position rather than the game's start.
    setup: bool,
    game: Game,
    moves: Vec<GameMove>,
    declared: Option<Declared>,
}

impl DraughtsState {
    /// A game from `start` (the game's start, or any set-up position).
    pub fn new(start: Position) -> Result<DraughtsState, SpecError> {
        Ok(DraughtsState {
            spec: draughts_spec()?,
            setup: start != Position::start(),
            game: Game::from_position(start),
            moves: Vec::new(),
            declared: None,
        })
    }

    /// The rules crate's game underneath: for a player reaching for the fast types.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Ends the game drawn by agreement; refused once it is over.
    pub fn agree_draw(&mut self) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        self.declared = Some(Declared::Agreement);
        Ok(())
    }

    /// A legal move of the current position as the interface lists it: its start, then the
    /// squares its notation writes (the destination; every landing when another legal move
    /// shares both ends).
    #[must_use]
    pub fn game_move(&self, m: &Move) -> GameMove {
        game_move_among(m, &self.game.legal_moves())
    }

    /// The rules crate's legal move the interface's `m` stands for.
    #[must_use]
    pub fn find_move(&self, m: &GameMove) -> Option<Move> {
        let legal = self.game.legal_moves();
        legal.iter().find(|candidate| game_move_among(candidate, &legal) == *m).cloned()
    }

    fn is_over(&self) -> bool {
        self.declared.is_some() || self.game.outcome().is_some()
    }

    fn draughts_outcome(&self) -> Option<(Option<Color>, EndReason)> {
        match self.declared {
            Some(Declared::Left(leaver, how)) => {
                return Some((Some(leaver.opponent()), EndReason::Left { seat: seat(leaver), how }));
            }
            Some(Declared::Agreement) => return Some((None, EndReason::Agreement)),
            None => {}
        }
        Some(match self.game.outcome()? {
            DraughtsOutcome::Win { winner, reason } => {
                let reason = match reason {
                    WinReason::NoPieces => EndReason::NoPieceLeft,
                    WinReason::NoMoves => EndReason::NoMoveLeft,
                    WinReason::Resignation => {
                        EndReason::Left { seat: seat(winner.opponent()), how: Leaving::Resigned }
                    }
                };
                (Some(winner), reason)
            }
            DraughtsOutcome::Draw(reason) => {
                let reason = match reason {
                    DrawReason::Agreement => EndReason::Agreement,
                    DrawReason::Repetition => EndReason::Repetition,
                    DrawReason::TwentyFiveMoves => EndReason::KingMovesDraw,
                    DrawReason::SixteenMoves | DrawReason::FiveMoves => EndReason::LoneKingDraw,
                };
                (None, reason)
            }
        })
    }
}

/// `m` as the interface lists it among `legal`: see [`DraughtsState::game_move`].
fn game_move_among(m: &Move, legal: &[Move]) -> GameMove {
    if !m.is_capture() {
        return GameMove::new(MoveKind::Step, vec![cell(m.from()), cell(m.to())]);
    }
    let shared_ends = legal.iter().filter(|o| o.from() == m.from() && o.to() == m.to()).count() > 1;
    let cells = if shared_ends {
        std::iter::once(m.from()).chain(m.landings().iter().copied()).map(cell).collect()
    } else {
        vec![cell(m.from()), cell(m.to())]
    };
    GameMove::new(MoveKind::Capture, cells)
}

impl GameState for DraughtsState {
    fn spec(&self) -> &GameSpec {
        &self.spec
    }

    fn seat_count(&self) -> u8 {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        color(seat).map_or_else(|| seat.to_string(), |c| c.letter().to_string())
    }

    fn to_move(&self) -> Option<Seat> {
        (!self.is_over()).then(|| seat(self.game.turn()))
    }

    fn legal_moves(&self) -> Vec<GameMove> {
        if self.is_over() {
            return Vec::new();
        }
        let legal = self.game.legal_moves();
        legal.iter().map(|m| game_move_among(m, &legal)).collect()
    }

    fn parse_move(&self, text: &str) -> Result<GameMove, MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let m = self.position().parse_move(text).map_err(|e| notation_error(text, &e))?;
        Ok(self.game_move(&m))
    }

    fn move_text(&self, m: &GameMove) -> String {
        let separator = if m.kind() == MoveKind::Capture { "x" } else { "-" };
        let squares: Vec<String> = m.cells().iter().map(|c| c.0.to_string()).collect();
        squares.join(separator)
    }

    fn play(&mut self, m: &GameMove) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let Some(found) = self.find_move(m) else {
            return Err(match m.kind() {
                MoveKind::Pass => MoveError::PassNotAllowed,
                MoveKind::Jump | MoveKind::Swap => MoveError::KindNotPlayed(m.kind()),
                MoveKind::Step | MoveKind::Capture => {
                    let ends = m.from().and_then(square).zip(m.to().and_then(square));
                    match self.position().parse_move(&self.move_text(m)) {
                        Err(crate::NotationError::NoSuchMove { reason, .. }) => play_error(&reason, ends),
                        Err(error) => notation_error(&self.move_text(m), &error),
                        // The text names a legal move, but not by these cells and this kind.
                        Ok(_) => MoveError::NoSuchMove,
                    }
                }
            });
        };
        self.game.play(&found).map_err(|_| MoveError::NoSuchMove)?;
        self.moves.push(m.clone());
        Ok(())
    }

    fn path(&self, m: &GameMove) -> Vec<tripot_game::Cell> {
        match self.find_move(m) {
            Some(found) => found.trail().map(cell).collect(),
            None => m.cells().to_vec(),
        }
    }

    fn hash(&self) -> u64 {
        self.game.hash_key()
    }

    fn round(&self) -> u32 {
        let opener = self.game.start().turn().index();
        ((self.moves.len() + opener) / 2 + 1) as u32
    }

    fn outcome(&self) -> Option<Outcome> {
        let (winner, reason) = self.draughts_outcome()?;
        let places = Color::ALL
            .into_iter()
            .map(|c| Place {
                seat: seat(c),
                rank: Some(if winner.is_none_or(|w| w == c) { 1 } else { 2 }),
                status: self.seat_status(seat(c)),
            })
            .collect();
        Some(Outcome { places, reason })
    }

    fn seat_status(&self, seat: Seat) -> SeatStatus {
        match (color(seat), self.declared) {
            (Some(c), Some(Declared::Left(leaver, how))) if c == leaver => SeatStatus::Left(how),
            (Some(_), _) if self.is_over() => SeatStatus::Placed,
            _ => SeatStatus::Playing,
        }
    }

    fn counters(&self, seat: Seat) -> Vec<Counter> {
        let Some(colour) = color(seat) else {
            return Vec::new();
        };
        let counters = self.game.draw_counters();
        // The rules count these draws in moves of each side (25, 16, 5); the game counts plies.
        // A player reads the rule's own number: a side's move begun counts as made.
        let mut list = vec![
            Counter::of(CounterKind::Pieces, self.position().pieces(colour).count(), None),
            Counter::of(CounterKind::Repetitions, counters.repetitions, Some(3)),
            Counter::of(CounterKind::KingMoves, counters.king_moves.div_ceil(2), Some(KING_MOVES_LIMIT / 2)),
        ];
        if let Some((rule, plies)) = counters.endgame {
            list.push(Counter::of(CounterKind::LoneKingMoves, plies.div_ceil(2), Some(rule.limit() / 2)));
        }
        list
    }

    fn position_string(&self) -> String {
        self.position().fen()
    }

    fn home_turn(&self, seat: Seat) -> u16 {
        // The board is laid out from the first seat's side (`Geometry::Square10`).
        if seat == Seat(1) { 180 } else { 0 }
    }

    fn board(&self) -> BoardView {
        let position = self.position();
        let cells = Square::ALL
            .iter()
            .map(|&sq| CellView {
                cell: cell(sq),
                name: named(sq).name,
                x: i16::from(sq.column()),
                y: 9 - i16::from(sq.row()),
                piece: position.piece_at(sq).map(|p| Piece {
                    owner: Some(seat(p.color)),
                    kind: match p.role {
                        Role::Man => PieceKind::Man,
                        Role::King => PieceKind::King,
                    },
                    colour: p.color.index() as u8,
                }),
                zone: CellZone::default(),
            })
            .collect();
        BoardView { geometry: Geometry::Square10, cells }
    }

    fn leave(&mut self, seat: Seat, how: Leaving) -> Result<(), MoveError> {
        let colour = color(seat).ok_or(MoveError::NotASeat(seat))?;
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        self.declared = Some(Declared::Left(colour, how));
        Ok(())
    }

    fn opener(&self) -> Seat {
        seat(self.game.start().turn())
    }

    fn setup_string(&self) -> Option<String> {
        self.setup.then(|| self.game.start().fen())
    }

    fn moves(&self) -> &[GameMove] {
        &self.moves
    }

    fn initial(&self) -> Box<dyn GameState> {
        Box::new(DraughtsState {
            spec: self.spec.clone(),
            setup: self.setup,
            game: Game::from_position(*self.game.start()),
            moves: Vec::new(),
            declared: None,
        })
    }

    fn undo(&mut self) -> Option<GameMove> {
        self.declared = None;
        let last = self.moves.pop()?;
        // The rules crate's game keeps no history to take back: replay the moves before.
        let mut game = Game::from_position(*self.game.start());
        for m in &self.game.moves()[..self.moves.len()] {
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
