//! The most promising moves first, so that the common move costs few keys: the pieces a person
//! can pick and the targets of the picked piece, ordered by how far their best move brings its
//! seat on — its pieces' distance to the goal (the star games, the duel), the pieces it takes
//! (draughts, the captures game) — rather than by cell.
//!
//! The measure asks the game only for its own counters before and after the move, so it names
//! no game: a game without such counters leaves every move at 0, and the order by cell stands.

use tripot_game::{Cell, CounterKind, GameMove, GameState};

use crate::table::Table;

/// A piece taken weighs as much as this many steps toward the goal: taking comes first.
const TAKEN_WEIGHT: i64 = 100;

/// How far `m` brings the seat to move on: the distance its pieces gain toward the goal, and
/// each piece taken (by its own count, or the others' pieces lost) as [`TAKEN_WEIGHT`] steps.
/// 0 for a move the game refuses.
#[must_use]
pub fn progress(state: &dyn GameState, m: &GameMove) -> i64 {
    let Some(seat) = state.to_move() else { return 0 };
    let mut after = state.clone_box();
    if after.play(m).is_err() {
        return 0;
    }
    let value = |s: &dyn GameState, seat, kind| {
        s.counters(seat).iter().find(|c| c.kind == kind).map_or(0, |c| i64::from(c.value))
    };
    let own = |kind| value(after.as_ref(), seat, kind) - value(state, seat, kind);
    let others_lost: i64 = (0..state.seat_count())
        .map(tripot_game::Seat)
        .filter(|&s| s != seat)
        .map(|s| value(state, s, CounterKind::Pieces) - value(after.as_ref(), s, CounterKind::Pieces))
        .sum();
    -own(CounterKind::Distance) + TAKEN_WEIGHT * (own(CounterKind::Captured) + others_lost)
}

/// `cells` ordered by the score of the best move each leads to (`best_of`), the best first;
/// equal ones by cell.
fn by_promise(cells: Vec<Cell>, mut best_of: impl FnMut(Cell) -> i64) -> Vec<Cell> {
    let mut scored: Vec<(i64, Cell)> = cells.into_iter().map(|c| (best_of(c), c)).collect();
    scored.sort_unstable_by_key(|&(score, cell)| (std::cmp::Reverse(score), cell));
    scored.into_iter().map(|(_, cell)| cell).collect()
}

impl Table {
    /// The cells a person can pick a piece on ([`Table::pickable`]), the piece of the most
    /// promising move first.
    #[must_use]
    pub fn pickable_by_promise(&self) -> Vec<Cell> {
        let state = self.state.as_ref();
        let scored: Vec<(GameMove, i64)> =
            state.legal_moves().into_iter().map(|m| (m.clone(), progress(state, &m))).collect();
        by_promise(self.pickable(), |cell| {
            scored.iter().filter(|(m, _)| m.from() == Some(cell)).map(|&(_, p)| p).max().unwrap_or(i64::MIN)
        })
    }

    /// Where the picked piece can go — its next hops and the ends of whole moves
    /// ([`Table::targets`]) — the one leading to the most promising move first. Of equal ones,
    /// a cell where Enter plays the move at once comes before one where the chain could go on,
    /// and a hop on the way last; then the longer move (the farther destination).
    #[must_use]
    pub fn targets_by_promise(&self) -> Vec<Cell> {
        let targets = self.targets();
        let mut cells = targets.hops.clone();
        cells.extend(targets.ends.iter().copied());
        cells.sort_unstable();
        cells.dedup();
        let state = self.state.as_ref();
        let picked = self.picker().picked();
        let n = picked.len();
        let going_on: Vec<(GameMove, i64)> = state
            .legal_moves()
            .into_iter()
            .filter(|m| !picked.is_empty() && m.cells().starts_with(picked))
            .map(|m| {
                let p = progress(state, &m);
                (m, p)
            })
            .collect();
        let mut scored: Vec<((i64, u8, usize), Cell)> = cells
            .into_iter()
            .map(|cell| {
                let end = targets.ends.contains(&cell);
                // A chain could go on from it: Enter there takes a hop, not the move.
                let hop =
                    going_on.iter().any(|(m, _)| m.cells().get(n) == Some(&cell) && m.cells().len() > n + 1);
                let through = going_on.iter().filter(|(m, _)| {
                    if end { m.to() == Some(cell) } else { m.cells().get(n) == Some(&cell) }
                });
                let (progress, len) =
                    through.map(|(m, p)| (*p, m.cells().len())).max().unwrap_or((i64::MIN, 0));
                let rank = match (end, hop) {
                    (true, false) => 2,
                    (true, true) => 1,
                    _ => 0,
                };
                ((progress, rank, len), cell)
            })
            .collect();
        scored.sort_unstable_by_key(|&(key, cell)| (std::cmp::Reverse(key), cell));
        scored.into_iter().map(|(_, cell)| cell).collect()
    }

    /// The first cell of [`Table::pickable_by_promise`]: where the cursor starts a turn.
    #[must_use]
    pub fn most_promising_piece(&self) -> Option<Cell> {
        self.pickable_by_promise().first().copied()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use tripot_game::{GameSpec, Opener, Setup};

    use super::*;
    use crate::seat_kind::SeatKind;
    use crate::table_save::EveryGame;

    fn table(name: &str) -> Table {
        let state = EveryGame.open(&GameSpec::new(name).unwrap(), &Setup::default()).unwrap();
        let seats = vec![SeatKind::Person; usize::from(state.seat_count())];
        Table::new(state, seats, 1).unwrap()
    }

    #[test]
    fn the_first_piece_has_the_move_of_most_progress_and_its_first_target_ends_it() {
        for name in ["tripot", "kawu-2", "halma-2"] {
            let mut table = table(name);
            let state = table.state();
            let best = state.legal_moves().iter().map(|m| progress(state, m)).max().unwrap();
            assert!(best > 0, "{name}: no move gains ground");
            let first = table.most_promising_piece().unwrap();
            let of_first = state
                .legal_moves()
                .iter()
                .filter(|m| m.from() == Some(first))
                .map(|m| progress(state, m))
                .max();
            assert_eq!(of_first, Some(best), "{name}");
            table.act_on(first);
            let target = table.targets_by_promise()[0];
            let state = table.state();
            let through = state
                .legal_moves()
                .into_iter()
                .filter(|m| {
                    m.from() == Some(first) && (m.to() == Some(target) || m.cells().get(1) == Some(&target))
                })
                .map(|m| progress(state, &m))
                .max();
            assert_eq!(through, Some(best), "{name}");
        }
    }

    #[test]
    fn without_progress_anywhere_the_pieces_stay_in_cell_order() {
        // The draughts opening has no capture: every move is worth 0, pieces ordered by cell.
        let table = table("draughts");
        let state = table.state();
        assert!(state.legal_moves().iter().all(|m| progress(state, m) == 0));
        let mut pickable = table.pickable();
        pickable.sort_unstable();
        assert_eq!(table.pickable_by_promise(), pickable);
    }
}
