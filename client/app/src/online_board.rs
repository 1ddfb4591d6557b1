//! The person's move at a board played online, whether a game of two seats ([`OnlineTable`]) or
//! a table of 2–6 ([`OnlineSeats`]): picked on the [`Table`] as at any table, then sent to the
//! session whole in the game's notation, and played only when the session hands it back. The
//! two differ only in where the board and the link live, so a front-end drives either through
//! this one trait.
//!
//! [`OnlineTable`]: crate::online_table::OnlineTable
//! [`OnlineSeats`]: crate::online_seats::OnlineSeats

use tripot_game::{Cell, GameMove, GameState, Seat};

use crate::move_picker::PickAction;
use crate::table::{PersonAction, Table, TableMoveError};
use crate::table_event::TableEvent;

/// A board played online.
pub trait OnlineBoard {
    /// Whether the person here may act on the board now (the session live, the game on).
    fn takes_moves(&self) -> bool;

    /// The board, once the game has started, whoever is to move.
    fn board_mut(&mut self) -> Option<&mut Table>;

    /// The board, when the person here may act on it now.
    fn board_for_moves(&mut self) -> Option<&mut Table> {
        let live = self.takes_moves();
        self.board_mut().filter(|_| live)
    }

    /// Sends a whole move (in the game's notation) to the session; a question waiting for its
    /// second press is dropped.
    fn send_move(&mut self, text: String);

    /// A click or Enter on `cell` (see [`Table::act_on`]); a whole move goes to the session.
    fn act_on(&mut self, cell: Cell) -> PersonAction {
        person(self, |table| Ok(table.act_on(cell))).unwrap_or(PersonAction::Picked(PickAction::Nothing))
    }

    /// Space or a shift-click: one hop (see [`Table::hop_on`]).
    fn hop_on(&mut self, cell: Cell) -> PersonAction {
        person(self, |table| Ok(table.hop_on(cell))).unwrap_or(PersonAction::Picked(PickAction::Nothing))
    }

    /// "End of the chain" (see [`Table::end_chain`]).
    fn end_chain(&mut self) -> PersonAction {
        person(self, |table| Ok(table.end_chain())).unwrap_or(PersonAction::Picked(PickAction::Nothing))
    }

    /// A move typed in the game's notation.
    ///
    /// # Errors
    /// [`TableMoveError`]: not the person's turn, or the game cannot read or refuses it.
    fn typed_move(&mut self, text: &str) -> Result<PersonAction, TableMoveError> {
        person(self, |table| table.typed_move(text))
    }

    /// The person confirmed the move the game warned about.
    ///
    /// # Errors
    /// [`TableMoveError`]: the game is over, or it was not the person's turn.
    fn confirm_move(&mut self) -> Result<PersonAction, TableMoveError> {
        person(self, |table| table.confirm().unwrap_or(Ok(PersonAction::Picked(PickAction::Nothing))))
    }

    /// Esc: drops a move waiting for confirmation, the last hop or the piece.
    fn cancel(&mut self) -> bool {
        self.board_mut().is_some_and(Table::cancel)
    }
}

/// A move the session played (ours confirmed, or another seat's verified there), adopted on the
/// board: a front-end may show its path hop by hop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdoptedMove {
    /// The seat that played it.
    pub seat: Seat,
    /// The move.
    pub game_move: GameMove,
    /// The cells it went through, its start first.
    pub path: Vec<Cell>,
    /// What it brought.
    pub events: Vec<TableEvent>,
}

impl AdoptedMove {
    /// Adopts on `table` the game `after` the session reached by `seat`'s `game_move`.
    pub(crate) fn adopt(
        table: &mut Table,
        seat: Seat,
        game_move: GameMove,
        after: Box<dyn GameState>,
    ) -> AdoptedMove {
        let path = table.state().path(&game_move);
        let events = table.adopt(seat, &game_move, after);
        AdoptedMove { seat, game_move, path, events }
    }
}

/// After the board changed: a turn of ours the game passes by itself goes to the session;
/// whether one went.
pub(crate) fn send_automatic_pass<B: OnlineBoard + ?Sized>(board: &mut B) -> bool {
    let Some(table) = board.board_for_moves().filter(|t| t.person_to_move()) else { return false };
    let Some(pass) = table.state().automatic_move() else { return false };
    matches!(person(board, |table| table.offer(pass)), Ok(PersonAction::Sent(_)))
}

/// Runs a person's action on the board and sends the move it made whole.
pub(crate) fn person<B: OnlineBoard + ?Sized>(
    board: &mut B,
    act: impl FnOnce(&mut Table) -> Result<PersonAction, TableMoveError>,
) -> Result<PersonAction, TableMoveError> {
    let table = board.board_for_moves().ok_or(TableMoveError::NotYourTurn)?;
    let action = act(table)?;
    if let PersonAction::Sent(m) = &action {
        let text = table.state().move_text(m);
        board.send_move(text);
    }
    Ok(action)
}
