//! A table on this device, of any game (the duel, every star variant, draughts), held as a
//! `Box<dyn GameState>`: the one turn loop every front-end runs.
//!
//! Each seat has a [`SeatKind`]: a person at this device, a computer player, or a player on
//! another device whose moves the online session brings (`online_table.rs`). The table says
//! whose turn it is, passing by itself the turn of a seat the game passes
//! ([`GameState::automatic_move`]); builds a person's move hop by hop ([`MovePicker`]) or reads
//! it typed; asks before a move the game warns about; plays every move through the game's own
//! `play_as`; says what each move brought ([`TableEvent`]); takes moves back; and rewrites the
//! game's record after every change when it has a file (`table_save.rs`).
//!
//! The computer players search off the front-end's thread (`table_computer.rs`). Every answer
//! carries the table's generation — raised by every move and every undo — so that an answer to
//! a position the table has left is recognised and dropped, never played.
//!
//! Nothing here draws: a terminal and a browser page both read this state back.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tripot_game::{Cancel, Cell, GameMove, GameState, MoveError, MoveWarning, Player, Seat, SpecError};

use crate::move_picker::{MovePicker, PickAction, Targets};
use crate::seat_kind::SeatKind;
use crate::table_event::{Standings, TableEvent};
use crate::table_save::TableFile;

/// Who acts next at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// Nobody: the game is over.
    Over,
    /// A person at this device plays this seat.
    Person(Seat),
    /// A computer player: its search should start.
    Computer(Seat),
    /// A player on another device: its move comes from the online session.
    Remote(Seat),
}

/// Why a table could not be set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// Not one seat kind per seat of the game.
    #[error("the game has {seats} seats but {given} were given")]
    SeatCount {
        /// The game's seats.
        seats: u8,
        /// The kinds given.
        given: usize,
    },
    /// No computer player plays this game.
    #[error("{0}")]
    NoPlayer(#[from] SpecError),
}

/// Why a person's move was not played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableMoveError {
    /// It is not the turn of a person at this device.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The game refused it (or could not read it), with its typed cause.
    #[error("{0}")]
    Refused(#[from] MoveError),
}

/// What a person's pick, typed move or confirmation led to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PersonAction {
    /// The selection changed (or nothing happened): see the picker.
    Picked(PickAction),
    /// The move is waiting for the person's confirmation: the game warns about it.
    Confirm(GameMove, MoveWarning),
    /// The move was played, and what it brought.
    Played(Vec<TableEvent>),
    /// The move went to the online session, which plays it and hands it back
    /// ([`crate::online_table::OnlineTable`]); nothing is played here before.
    Sent(GameMove),
}

/// A computer player shared with its search thread (it keeps its caches between moves).
pub(crate) type SharedPlayer = Arc<Mutex<Box<dyn Player>>>;

/// A table: the game, who sits at each seat, the person's selection, the computers, the file.
pub struct Table {
    pub(crate) state: Box<dyn GameState>,
    seats: Vec<SeatKind>,
    seed: u64,
    /// One per seat: the computer player, or `None` for a person.
    pub(crate) players: Vec<Option<SharedPlayer>>,
    /// The seat that played each move, in order (as `state.moves()`).
    movers: Vec<Seat>,
    picker: MovePicker,
    pending: Option<(GameMove, MoveWarning)>,
    pub(crate) hint: Option<GameMove>,
    viewer: Seat,
    /// Raised by every move and undo: answers of an older generation are stale.
    pub(crate) generation: u64,
    /// Raised when the generation changes, so that a stale search stops early.
    pub(crate) cancel: Cancel,
    /// The thinking time a computer is given, if shorter than its level's own.
    pub(crate) time: Option<Duration>,
    pub(crate) file: Option<TableFile>,
    /// Online: a person's whole move goes out to the session instead of being played here.
    sends_moves: bool,
    /// Online: the person's move sent and not yet handed back by the session.
    outgoing: Option<GameMove>,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("state", &self.state)
            .field("seats", &self.seats)
            .field("generation", &self.generation)
            .finish_non_exhaustive()
    }
}

impl Table {
    /// A table of `state` (at its start or anywhere in a game), one kind per seat in seat order;
    /// `seed` seeds the computers' choices (each seat its own from it, so that two computers of
    /// one level do not mirror each other).
    pub fn new(state: Box<dyn GameState>, seats: Vec<SeatKind>, seed: u64) -> Result<Table, TableError> {
        if seats.len() != usize::from(state.seat_count()) {
            return Err(TableError::SeatCount { seats: state.seat_count(), given: seats.len() });
        }
        let players = seats
            .iter()
            .enumerate()
            .map(|(i, kind)| match kind {
                SeatKind::Person | SeatKind::Remote => Ok(None),
                SeatKind::Computer(level) => {
                    let seat_seed = seed.wrapping_mul(8).wrapping_add(i as u64);
                    let player = tripot_ai::player(state.spec(), *level, seat_seed)?;
                    Ok(Some(Arc::new(Mutex::new(player))))
                }
            })
            .collect::<Result<Vec<_>, SpecError>>()?;
        let movers = movers_of(state.as_ref());
        let viewer = first_person(&seats, state.to_move().unwrap_or_else(|| state.opener()));
        Ok(Table {
            state,
            seats,
            seed,
            players,
            movers,
            picker: MovePicker::default(),
            pending: None,
            hint: None,
            viewer,
            generation: 0,
            cancel: Cancel::new(),
            time: None,
            file: None,
            sends_moves: false,
            outgoing: None,
        })
    }

    /// The game.
    #[must_use]
    pub fn state(&self) -> &dyn GameState {
        self.state.as_ref()
    }

    /// Who sits at each seat, in seat order.
    #[must_use]
    pub fn seats(&self) -> &[SeatKind] {
        &self.seats
    }

    /// Who sits at `seat`.
    #[must_use]
    pub fn seat_kind(&self, seat: Seat) -> Option<SeatKind> {
        self.seats.get(seat.index()).copied()
    }

    /// The seed of the computers' choices.
    #[must_use]
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// The generation: raised by every move and undo.
    #[must_use]
    pub const fn generation(&self) -> u64 {
        self.generation
    }

    /// The seat that played each move so far.
    #[must_use]
    pub fn movers(&self) -> &[Seat] {
        &self.movers
    }

    /// The seat whose view is drawn: the person to move, or the last person who did.
    #[must_use]
    pub const fn viewer(&self) -> Seat {
        self.viewer
    }

    /// Gives each computer at most `time` a move (tests and quick games); `None`: its level's own.
    pub fn set_thinking_time(&mut self, time: Option<Duration>) {
        self.time = time;
    }

    /// Whether a person at this device is to move (and has no move on its way to the session).
    #[must_use]
    pub fn person_to_move(&self) -> bool {
        self.outgoing.is_none()
            && self.state.to_move().is_some_and(|s| self.seat_kind(s).is_some_and(SeatKind::is_person))
    }

    /// Online: a person's whole move is sent ([`PersonAction::Sent`]) instead of played here.
    pub(crate) fn send_person_moves(&mut self) {
        self.sends_moves = true;
    }

    /// Online: the person's move on its way to the session, if one is.
    #[must_use]
    pub const fn outgoing(&self) -> Option<&GameMove> {
        self.outgoing.as_ref()
    }

    /// Online: the session refused the move sent; the person picks again.
    pub(crate) fn drop_outgoing(&mut self) -> Option<GameMove> {
        self.picker.clear();
        self.outgoing.take()
    }

    /// Takes `after`, the game as the online session holds it once `seat` played `m` (verified
    /// there, never here), and says what the move brought.
    pub(crate) fn adopt(&mut self, seat: Seat, m: &GameMove, after: Box<dyn GameState>) -> Vec<TableEvent> {
        let before = Standings::of(self.state.as_ref());
        self.state = after;
        if self.movers.len() + 1 == self.state.moves().len() {
            self.movers.push(seat);
        } else {
            self.movers = movers_of(self.state.as_ref());
        }
        if self.seat_kind(seat).is_some_and(SeatKind::is_person) {
            self.viewer = seat;
        }
        self.outgoing = None;
        self.changed();
        before.events_after(seat, m.is_pass(), self.state.as_ref())
    }

    /// Plays the turns the game passes by itself (a pass is a move of the record), then says
    /// who acts next; the events of those passes come with it.
    pub fn next_turn(&mut self) -> (Turn, Vec<TableEvent>) {
        let mut events = Vec::new();
        loop {
            let Some(seat) = self.state.to_move() else { return (Turn::Over, events) };
            // The session plays a remote seat's passes too.
            if self.seat_kind(seat) == Some(SeatKind::Remote) {
                return (Turn::Remote(seat), events);
            }
            if let Some(m) = self.state.automatic_move() {
                match self.commit(&m) {
                    Ok(more) => events.extend(more),
                    // The game refused its own automatic move: nothing more can happen here.
                    Err(_) => return (Turn::Over, events),
                }
                continue;
            }
            return match self.seat_kind(seat) {
                Some(SeatKind::Person) => {
                    self.viewer = seat;
                    (Turn::Person(seat), events)
                }
                Some(SeatKind::Computer(_)) => (Turn::Computer(seat), events),
                Some(SeatKind::Remote) => (Turn::Remote(seat), events),
                // Every seat has a kind (checked at `new`).
                None => (Turn::Over, events),
            };
        }
    }

    /// Plays `m` for the seat to move, through the game, and says what it brought. A refused
    /// move changes nothing. Every move goes here: the generation rises, searches under way
    /// are stopped, the selection and hint are dropped, and the record is rewritten.
    pub(crate) fn commit(&mut self, m: &GameMove) -> Result<Vec<TableEvent>, MoveError> {
        let mover = self.state.to_move().ok_or(MoveError::GameOver)?;
        let before = Standings::of(self.state.as_ref());
        self.state.play_as(mover, m)?;
        self.movers.push(mover);
        self.changed();
        Ok(before.events_after(mover, m.is_pass(), self.state.as_ref()))
    }

    /// The table moved on: stale searches stopped, the person's selection and hint dropped, the
    /// record rewritten.
    fn changed(&mut self) {
        self.generation += 1;
        self.cancel.cancel();
        self.cancel = Cancel::new();
        self.picker.clear();
        self.pending = None;
        self.hint = None;
        self.save();
    }

    // --- A person's move ---

    /// The person's selection.
    #[must_use]
    pub const fn picker(&self) -> &MovePicker {
        &self.picker
    }

    /// The cells a person can pick a piece on now (none when no person is to move).
    #[must_use]
    pub fn pickable(&self) -> Vec<Cell> {
        if self.person_to_move() { MovePicker::pickable(self.state.as_ref()) } else { Vec::new() }
    }

    /// Where the picked piece can go.
    #[must_use]
    pub fn targets(&self) -> Targets {
        self.picker.targets(self.state.as_ref())
    }

    /// The move a click on `cell` would play or lead to, for a preview.
    #[must_use]
    pub fn preview(&self, cell: Cell) -> Option<GameMove> {
        self.picker.preview(self.state.as_ref(), cell)
    }

    /// The move waiting for the person's confirmation, with the game's warning.
    #[must_use]
    pub fn pending(&self) -> Option<&(GameMove, MoveWarning)> {
        self.pending.as_ref()
    }

    /// A click or Enter on `cell`: picks, hops, and plays the move once it is whole.
    pub fn act_on(&mut self, cell: Cell) -> PersonAction {
        if !self.person_to_move() || self.pending.is_some() {
            return PersonAction::Picked(PickAction::Nothing);
        }
        let action = self.picker.act_on(self.state.as_ref(), cell);
        self.after_pick(action)
    }

    /// Space or a shift-click: one hop, the chain waiting for its end.
    pub fn hop_on(&mut self, cell: Cell) -> PersonAction {
        if !self.person_to_move() || self.pending.is_some() {
            return PersonAction::Picked(PickAction::Nothing);
        }
        let action = self.picker.hop_on(self.state.as_ref(), cell);
        self.after_pick(action)
    }

    /// "End of the chain": the hops so far as a move.
    pub fn end_chain(&mut self) -> PersonAction {
        if !self.person_to_move() || self.pending.is_some() {
            return PersonAction::Picked(PickAction::Nothing);
        }
        let action = self.picker.end_chain(self.state.as_ref());
        self.after_pick(action)
    }

    /// Esc: drops a move waiting for confirmation, else the last hop or the piece.
    pub fn cancel(&mut self) -> bool {
        self.pending.take().is_some() || self.picker.cancel()
    }

    /// A move typed in the game's notation, read by the game's own verifier (as a peer's).
    pub fn typed_move(&mut self, text: &str) -> Result<PersonAction, TableMoveError> {
        if !self.person_to_move() {
            return Err(TableMoveError::NotYourTurn);
        }
        let m = self.state.parse_move(text.trim())?;
        self.picker.clear();
        self.offer(m)
    }

    /// A legal move a person chose (a pick made whole, a typed move, a front-end's own list):
    /// played, or held for confirmation if the game warns about it.
    pub fn offer(&mut self, m: GameMove) -> Result<PersonAction, TableMoveError> {
        if !self.person_to_move() {
            return Err(TableMoveError::NotYourTurn);
        }
        if let Some(warning) = self.state.warning(&m) {
            self.pending = Some((m.clone(), warning));
            return Ok(PersonAction::Confirm(m, warning));
        }
        self.play_or_send(m)
    }

    /// A person's move: played here, or sent to the online session.
    fn play_or_send(&mut self, m: GameMove) -> Result<PersonAction, TableMoveError> {
        if self.sends_moves {
            self.state.to_move().ok_or(MoveError::GameOver)?;
            self.outgoing = Some(m.clone());
            return Ok(PersonAction::Sent(m));
        }
        Ok(PersonAction::Played(self.commit(&m)?))
    }

    /// The person confirmed the move the game warned about: it is played (or sent online).
    pub fn confirm(&mut self) -> Option<Result<PersonAction, TableMoveError>> {
        let (m, _) = self.pending.take()?;
        Some(self.play_or_send(m))
    }

    fn after_pick(&mut self, action: PickAction) -> PersonAction {
        match action {
            PickAction::Move(m) => match self.offer(m) {
                Ok(action) => action,
                // A move the picker took from the legal list: the game refusing it leaves the
                // selection where it was.
                Err(_) => PersonAction::Picked(PickAction::Nothing),
            },
            other => PersonAction::Picked(other),
        }
    }

    // --- The end, undo ---

    /// `seat` leaves (resigns…) as the game's rules say, and what it brought.
    pub fn leave(&mut self, seat: Seat, how: tripot_game::Leaving) -> Result<Vec<TableEvent>, MoveError> {
        let before = Standings::of(self.state.as_ref());
        self.state.leave(seat, how)?;
        self.changed();
        Ok(before.events_after(seat, false, self.state.as_ref()))
    }

    /// How many moves to take back so that the person who played last has the turn again: with
    /// computers at the table, back to before that person's last move (the replies go with it);
    /// at a table of people, the last move. A pass the game played by itself is never left on
    /// top. `None` when no person has played a move yet.
    #[must_use]
    pub fn undo_count(&self) -> Option<usize> {
        let moves = self.state.moves();
        let target = (0..moves.len()).rev().find(|&i| {
            !moves[i].is_pass() && self.seat_kind(self.movers[i]).is_some_and(SeatKind::is_person)
        })?;
        Some(moves.len() - target)
    }

    /// Takes back `count` moves (a leaving after the last one goes first). Answers of searches
    /// under way become stale.
    pub fn take_back(&mut self, count: usize) {
        for _ in 0..count {
            if self.state.undo().is_none() {
                break;
            }
        }
        self.movers.truncate(self.state.moves().len());
        if let Some(seat) =
            self.state.to_move().filter(|&s| self.seat_kind(s).is_some_and(SeatKind::is_person))
        {
            self.viewer = seat;
        }
        self.changed();
    }

    /// Takes back what [`Table::undo_count`] says; `false` if there was nothing to take back.
    pub fn undo(&mut self) -> bool {
        match self.undo_count() {
            Some(count) => {
                self.take_back(count);
                true
            }
            None => false,
        }
    }

    /// The last move, its seat, and the cells it went through (for the last-move highlight).
    #[must_use]
    pub fn last_move(&self) -> Option<(Seat, GameMove, Vec<Cell>)> {
        let m = self.state.moves().last()?.clone();
        let seat = *self.movers.last()?;
        let mut before = self.state.clone_box();
        before.undo();
        let path = before.path(&m);
        Some((seat, m, path))
    }

    /// The suggested move for the person to move, until the next move.
    #[must_use]
    pub const fn hint(&self) -> Option<&GameMove> {
        self.hint.as_ref()
    }
}

/// The seat that played each move of `state`, replayed from its start.
fn movers_of(state: &dyn GameState) -> Vec<Seat> {
    let mut replay = state.initial();
    let mut movers = Vec::with_capacity(state.moves().len());
    for m in state.moves() {
        let Some(seat) = replay.to_move() else { break };
        movers.push(seat);
        if replay.play(m).is_err() {
            break;
        }
    }
    movers
}

/// The seat whose view is drawn first: the first person in seat order from `from`, or the
/// first seat at a table of computers only.
fn first_person(seats: &[SeatKind], from: Seat) -> Seat {
    let n = seats.len().max(1);
    (0..n)
        .map(|k| (from.index() + k) % n)
        .find(|&i| seats.get(i).is_some_and(|s| s.is_person()))
        .and_then(|i| u8::try_from(i).ok())
        .map_or(Seat(0), Seat)
}

#[cfg(test)]
#[path = "table_tests.rs"]
mod tests;
