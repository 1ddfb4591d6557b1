#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod board_view;
mod calendar;
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
mod split_mix;
mod state;

pub use board_view::{BoardView, CellView, CellZone, Geometry, GoalOf, Piece, PieceKind};
pub use calendar::{civil_from_days, date_from_unix};
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
pub use split_mix::{SplitMix64, split_mix_table, split_mix64};
pub use state::GameState;
