#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod board_view;
pub mod catalogue;
mod cell;
mod counter;
mod game_move;
mod move_error;
mod opener;
mod outcome;
mod player;
pub mod record;
mod seat;
mod spec;
mod state;

pub use board_view::{BoardView, CellView, Geometry, Piece, PieceKind};
pub use catalogue::{Family, GameInfo, Words};
pub use cell::{Cell, NamedCell};
pub use counter::{Counter, CounterKind};
pub use game_move::{GameMove, MoveKind};
pub use move_error::{HopProblem, MoveError, MoveWarning, NotationProblem};
pub use opener::{OpenError, Opener, Setup};
pub use outcome::{DECIDED_BY_MOVES, EndReason, Leaving, Outcome, Place, SeatStatus};
pub use player::{Budget, Cancel, Player, PlayerError};
pub use record::{GameRecord, GameReplay, RecordResult, RecordedMove};
pub use seat::Seat;
pub use spec::{GameSpec, MAX_SPEC_LEN, SpecError, TableSpec};
pub use state::GameState;
