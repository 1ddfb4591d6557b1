//! A star table on this device (RULES-STAR.md): 2–6 seats, each a person (hot-seat) or a
//! computer player, every variant. The positions and moves, whose turn it is (with the automatic
//! pass of a seat that cannot move), the moves committed through the engine, what each move
//! brought (a place taken, an elimination, pieces captured, the end), and undo.
//!
//! The player's selection while choosing a move is in `star_selection.rs`, the computer players'
//! searches in `star_computer.rs`, the record in `star_save.rs`. Nothing here draws: a terminal
//! and a browser page both read this state back.

use std::sync::{Arc, Mutex};

use tripot_ai::star::StarAi;
use tripot_engine::{
    Colour, Hole, StarGame, StarIllegal, StarMove, StarNotation, StarOutcome, StarPath, StarPosition,
    StarPositionError,
};

use super::table_setup::{SeatPlayer, TableSetup};

/// A move that was played, with its seat and its written path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StarPlayed {
    /// Who played it.
    pub seat: Colour,
    /// The move.
    pub mv: StarMove,
    /// Its full path (or `pass`).
    pub notation: StarNotation,
}

/// Who acts next at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableTurn {
    /// Nobody: the game is over.
    Over,
    /// A person at this device plays this seat.
    Human(Colour),
    /// A computer player: its search should start.
    Computer(Colour),
}

/// What a move (or an automatic pass) brought, for the front-end to announce.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableEvent {
    /// The seat could not move and passed (§3.4, §4.7).
    Passed(Colour),
    /// The seat finished (§4.5): its place, or none while it waits for its partner (§4.9).
    Finished {
        /// The seat.
        seat: Colour,
        /// Its place, once given.
        place: Option<u8>,
    },
    /// The seat was eliminated by the home rule (§4.6), with the place it gets.
    Eliminated {
        /// The seat.
        seat: Colour,
        /// The worst free place, when places are given.
        place: Option<u8>,
    },
    /// The captures game: the mover took pieces (§5.2).
    Captured {
        /// The mover.
        seat: Colour,
        /// Pieces taken by this move.
        pieces: u8,
    },
    /// The game ended.
    Over(StarOutcome),
}

/// Why a move was not played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableMoveError {
    /// Not the turn of a person at this device.
    #[error("it is not your turn")]
    NotYourTurn,
    /// Not a move in notation.
    #[error("{0}")]
    Notation(#[from] tripot_engine::StarNotationError),
    /// Refused by the engine.
    #[error("{0}")]
    Illegal(#[from] StarIllegal),
}

/// A star table: its set-up, the game, every position reached and move played, the computer
/// players, and the state of the seat choosing a move.
#[derive(Debug, Clone)]
pub struct StarTable {
    /// The variant, who sits at each seat, who opens.
    pub setup: TableSetup,
    /// The game, with the history its threefold repetition needs.
    pub game: StarGame,
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    pub positions: Vec<StarPosition>,
    /// The moves played.
    pub moves: Vec<StarPlayed>,
    /// The holes of the chain being built, the picked marble (or piece) first.
    pub selection: Option<StarPath>,
    /// The hole the keyboard cursor is on.
    pub cursor: Hole,
    /// The view column the cursor keeps when going up and down.
    pub sticky_x: i8,
    /// The seat whose view is drawn: the person to move, or the last one who did.
    pub viewer: Colour,
    /// The computer's suggestion for the person to move, until the next move.
    pub hint: Option<StarPlayed>,
    /// A move that eliminates its player (§4.6), waiting for the player's confirmation.
    pub pending: Option<StarPlayed>,
    /// The computer players, one per seat in playing order (`None` for a person).
    pub ais: Vec<Option<SharedAi>>,
}

/// A computer player shared with its search thread.
#[derive(Clone)]
pub struct SharedAi(pub Arc<Mutex<StarAi>>);

impl std::fmt::Debug for SharedAi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SharedAi")
    }
}

impl StarTable {
    /// A table at the start of its variant, the set-up's opener to move.
    pub fn new(setup: TableSetup) -> Result<StarTable, StarPositionError> {
        let start = StarPosition::start(setup.variant, setup.opener)?;
        Ok(StarTable::from_position(setup, start))
    }

    /// A table from any position of its variant (for tests and saved set-ups).
    #[must_use]
    pub fn from_position(setup: TableSetup, start: StarPosition) -> StarTable {
        let ais = setup
            .players
            .iter()
            .enumerate()
            .map(|(i, player)| match player {
                SeatPlayer::Human => None,
                // Each seat its own seed, so two computers of one level do not mirror each other.
                SeatPlayer::Computer(level) => Some(SharedAi(Arc::new(Mutex::new(StarAi::new(
                    *level,
                    setup.seed.wrapping_mul(8).wrapping_add(i as u64),
                ))))),
            })
            .collect();
        let viewer = first_viewer(&setup, start.turn());
        let mut table = StarTable {
            setup,
            game: StarGame::new(start),
            positions: vec![start],
            moves: Vec::new(),
            selection: None,
            cursor: start.turn().branch().first().unwrap_or(CENTRE),
            sticky_x: 0,
            viewer,
            hint: None,
            pending: None,
            ais,
        };
        table.cursor_to_mover();
        table
    }

    /// The set-up.
    #[must_use]
    pub const fn setup(&self) -> &TableSetup {
        &self.setup
    }

    /// The game, with its repetition history.
    #[must_use]
    pub const fn game(&self) -> &StarGame {
        &self.game
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &StarPosition {
        self.game.position()
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &StarPosition {
        // `positions` always holds the start.
        &self.positions[0]
    }

    /// Every position so far, the start first.
    #[must_use]
    pub fn positions(&self) -> &[StarPosition] {
        &self.positions
    }

    /// The moves played so far.
    #[must_use]
    pub fn moves(&self) -> &[StarPlayed] {
        &self.moves
    }

    /// How the game ended, once it has.
    #[must_use]
    pub fn outcome(&self) -> Option<StarOutcome> {
        self.game.outcome()
    }

    /// The seat whose view is drawn (its home at the bottom, §1).
    #[must_use]
    pub const fn viewer(&self) -> Colour {
        self.viewer
    }

    /// The hole under the keyboard cursor.
    #[must_use]
    pub const fn cursor(&self) -> Hole {
        self.cursor
    }

    /// The chain being built (the picked marble first), if any.
    #[must_use]
    pub fn selection_path(&self) -> Option<&[Hole]> {
        self.selection.as_ref().map(|p| p.as_slice())
    }

    /// The suggested move, if a hint was asked for.
    #[must_use]
    pub const fn hint(&self) -> Option<&StarPlayed> {
        self.hint.as_ref()
    }

    /// The move waiting for the player's confirmation (it eliminates its player, §4.6).
    #[must_use]
    pub const fn pending(&self) -> Option<&StarPlayed> {
        self.pending.as_ref()
    }

    /// The last move, with the position it was played from.
    #[must_use]
    pub fn last_move(&self) -> Option<(&StarPosition, &StarPlayed)> {
        let n = self.moves.len();
        if n == 0 { None } else { Some((&self.positions[n - 1], &self.moves[n - 1])) }
    }

    /// Whether a person at this device plays now (and the game is not over).
    #[must_use]
    pub fn human_to_move(&self) -> bool {
        self.outcome().is_none() && self.setup.is_human(self.position().turn())
    }

    /// Passes the turn of each seat that cannot move (a pass is a move of the record), then
    /// says who acts next; the events of the passes come second.
    pub fn next_turn(&mut self) -> (TableTurn, Vec<TableEvent>) {
        let mut events = Vec::new();
        loop {
            if self.outcome().is_some() {
                return (TableTurn::Over, events);
            }
            let position = *self.position();
            let seat = position.turn();
            if !position.can_move(seat) && position.is_legal(&StarMove::Pass) {
                let pass = StarPlayed { seat, mv: StarMove::Pass, notation: StarNotation::Pass };
                match self.commit(pass) {
                    Ok(more) => events.extend(more),
                    // The engine refused the pass: nothing more can happen here.
                    Err(_) => return (TableTurn::Over, events),
                }
                continue;
            }
            if self.setup.is_human(seat) {
                self.viewer = seat;
                self.cursor_to_mover();
                return (TableTurn::Human(seat), events);
            }
            return (TableTurn::Computer(seat), events);
        }
    }

    /// Plays a move through the engine and says what it brought. A refused move changes nothing.
    pub fn commit(&mut self, mut played: StarPlayed) -> Result<Vec<TableEvent>, StarIllegal> {
        let before = *self.position();
        self.game.play(&played.mv).map_err(|e| e.reason)?;
        // The engine played it for the seat to move, whoever the caller named.
        played.seat = before.turn();
        let after = *self.position();
        self.positions.push(after);
        let mover = played.seat;
        let passed = played.mv == StarMove::Pass;
        self.moves.push(played);
        self.selection = None;
        self.hint = None;
        self.pending = None;
        let mut events = Vec::new();
        if passed {
            events.push(TableEvent::Passed(mover));
        }
        let taken = after.taken(mover).saturating_sub(before.taken(mover));
        if taken > 0 {
            events.push(TableEvent::Captured { seat: mover, pieces: taken });
        }
        for &seat in self.setup.variant.seats() {
            if after.is_out(seat) && !before.is_out(seat) {
                events.push(TableEvent::Eliminated { seat, place: after.place(seat) });
            } else if !after.is_out(seat)
                && (after.is_finished(seat) && !before.is_finished(seat)
                    || after.place(seat).is_some() && before.place(seat).is_none())
            {
                events.push(TableEvent::Finished { seat, place: after.place(seat) });
            }
        }
        if let Some(outcome) = self.outcome() {
            events.push(TableEvent::Over(outcome));
        }
        Ok(events)
    }

    /// The computer's answer as it will be played. The engine is the authority: a move it
    /// refuses (a failed search answers `Pass`) is replaced by its first legal move.
    #[must_use]
    pub fn checked_computer_move(&self, mv: StarMove) -> StarPlayed {
        let position = self.position();
        let mv = if position.is_legal(&mv) {
            mv
        } else {
            position.legal_moves().into_iter().next().unwrap_or(StarMove::Pass)
        };
        StarPlayed { seat: position.turn(), notation: position.notation(&mv), mv }
    }

    /// A hint as it will be shown; none if it no longer fits the position.
    #[must_use]
    pub fn checked_hint(&self, mv: StarMove) -> Option<StarPlayed> {
        let position = self.position();
        position.is_legal(&mv).then(|| StarPlayed {
            seat: position.turn(),
            notation: position.notation(&mv),
            mv,
        })
    }

    /// Shows a hint (already checked by [`StarTable::checked_hint`]).
    pub fn set_hint(&mut self, hint: Option<StarPlayed>) {
        if let Some(from) = hint.as_ref().and_then(|h| h.mv.from()) {
            self.set_cursor(from);
        }
        self.hint = hint;
    }

    /// The confirmed move that eliminates its player, taken out of waiting.
    pub fn confirm_pending(&mut self) -> Option<StarPlayed> {
        self.pending.take()
    }

    /// The player declined the eliminating move: nothing is played.
    pub fn drop_pending(&mut self) {
        self.pending = None;
    }

    /// How many moves to take back so that the person who played last gets the turn back: with
    /// computers at the table, back to the human's previous move (their replies go with it); in
    /// hot-seat, the last move. Automatic passes are never left on top.
    #[must_use]
    pub fn undo_count(&self) -> Option<usize> {
        let target = (0..self.moves.len())
            .rev()
            .find(|&i| self.moves[i].mv != StarMove::Pass && self.setup.is_human(self.moves[i].seat))?;
        Some(self.moves.len() - target)
    }

    /// Takes back `count` moves: the game is replayed from the start, so that its repetition
    /// history is exactly that of the moves kept.
    pub fn take_back(&mut self, count: usize) {
        let keep = self.moves.len().saturating_sub(count);
        let mut game = StarGame::new(*self.start());
        for played in &self.moves[..keep] {
            // Every kept move was played from this very sequence before.
            if game.play(&played.mv).is_err() {
                break;
            }
        }
        self.game = game;
        self.moves.truncate(keep);
        self.positions.truncate(keep + 1);
        self.selection = None;
        self.hint = None;
        self.pending = None;
        if self.setup.is_human(self.position().turn()) {
            self.viewer = self.position().turn();
        }
        self.cursor_to_mover();
    }

    /// The computer player of `seat`, if a computer sits there.
    pub fn ai_of(&self, seat: Colour) -> Option<SharedAi> {
        let i = self.setup.variant.seats().iter().position(|&s| s == seat)?;
        self.ais.get(i).cloned().flatten()
    }
}

/// The seat whose view is drawn first: the first person in playing order from the opener, or
/// seat 1's view at a table of computers only.
fn first_viewer(setup: &TableSetup, opener: Colour) -> Colour {
    let seats = setup.variant.seats();
    let start = seats.iter().position(|&s| s == opener).unwrap_or(0);
    (0..seats.len())
        .map(|k| seats[(start + k) % seats.len()])
        .find(|&s| setup.is_human(s))
        .unwrap_or(Colour::S)
}

/// The centre hole `i9`.
pub const CENTRE: Hole = match Hole::new(60) {
    Some(hole) => hole,
    None => unreachable!(),
};

#[cfg(test)]
#[path = "star_table_tests.rs"]
mod tests;
