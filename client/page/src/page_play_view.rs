//! What the page draws of a table, read from the game's interface alone: the board's cells by
//! geometry with their pieces, the seats with their counters and standings, what may be picked,
//! each seat's last path, the turned view, the outcome. Read-only over the table.

use std::collections::HashMap;

use tripot_app::seat_kind::SeatKind;
use tripot_app::table::Table;
use tripot_app::table_event::TableEvent;
use tripot_app::view_turn::view_turn;
use tripot_game::{Cell, CounterKind, GameMove, Seat, SeatStatus};

use super::PagePlay;
use crate::play_messages::{
    CellView, CounterView, GeometryView, PlaceView, PlayErrorCode, PlayEventView, PlayMoveView, PlayNext,
    PlayOutcomeView, PlayReply, PlayStateView, SeatPathView, SeatView, SelectionView,
};

/// A move of the table: its seat, the move, and its path cell by cell.
pub(super) type Played = (Seat, GameMove, Vec<Cell>);

impl PagePlay {
    /// The state the page draws.
    pub(crate) fn state_view(&self) -> Option<PlayStateView> {
        let table = self.table.as_ref()?;
        let hint_pending = self.hint_asked == Some(table.generation());
        Some(table_view(table, hint_pending, &self.news))
    }
}

/// What the page draws of any table — a local one, or an online game's — for the person at
/// this device: `hint_pending` whether a hint is being searched, `news` what the last move
/// brought.
pub(crate) fn table_view(table: &Table, hint_pending: bool, news: &[TableEvent]) -> PlayStateView {
    let state = table.state();
    let board = state.board();
    let names: HashMap<Cell, &str> = board.cells.iter().map(|c| (c.cell, c.name.as_str())).collect();
    let named = |cells: &[Cell]| cells.iter().filter_map(|c| names.get(c).map(|&n| n.to_owned())).collect();
    let outcome = state.outcome();
    let human = table.person_to_move();
    let next = if outcome.is_some() {
        PlayNext::Over
    } else if human {
        PlayNext::Human
    } else {
        PlayNext::Computer
    };
    let history = played(table);
    let mut last_moves: Vec<SeatPathView> = Vec::new();
    for (seat, m, path) in history.iter().rev() {
        if !m.is_pass() && !last_moves.iter().any(|l| l.seat == seat.0) {
            last_moves.push(SeatPathView { seat: seat.0, path: named(path) });
        }
    }
    last_moves.reverse();
    let initial = state.initial().board();
    let seats = Seat::all(state.seat_count())
        .map(|seat| {
            let kind = table.seat_kind(seat).unwrap_or(SeatKind::Person);
            let colours = crate::saved_game_view::seat_colours(&initial, seat);
            SeatView {
                seat: seat.0,
                name: state.seat_name(seat),
                player: kind.key().to_owned(),
                opponent: tripot_app::computer_names::computer_name(table.seats(), seat).map(str::to_owned),
                colours,
                counters: state
                    .counters(seat)
                    .iter()
                    .map(|c| CounterView {
                        kind: counter_name(c.kind).to_owned(),
                        value: c.value,
                        limit: c.limit,
                    })
                    .collect(),
                status: status_name(state.seat_status(seat)).to_owned(),
                place: outcome.as_ref().and_then(|o| o.rank(seat)),
            }
        })
        .collect();
    let selection = (!table.picker().picked().is_empty()).then(|| {
        let targets = table.targets();
        SelectionView {
            path: named(table.picker().picked()),
            hops: named(&targets.hops),
            ends: named(&targets.ends),
        }
    });
    let to_move = state.to_move();
    let suggestion = |m: &GameMove| {
        let seat = to_move.unwrap_or(Seat(0));
        move_view(table, &(seat, m.clone(), state.path(m)))
    };
    PlayStateView {
        game: state.spec().as_str().to_owned(),
        family: state.spec().family_word().to_owned(),
        geometry: GeometryView::of(board.geometry),
        cells: board.cells.iter().map(CellView::of).collect(),
        seats,
        turn: to_move.map(|s| s.0),
        next,
        viewer: table.viewer().0,
        rotation: view_turn(state, Some(table.viewer())),
        pickable: if table.pending().is_none() { named(&table.pickable()) } else { Vec::new() },
        selection,
        last_moves,
        hint: table.hint().map(suggestion),
        hint_pending,
        pending: table.pending().map(|(m, _)| suggestion(m)),
        history: history.iter().map(|p| move_view(table, p)).collect(),
        can_undo: outcome.is_none() && table.undo_count().is_some(),
        news: news.iter().map(event_view).collect(),
        outcome: outcome.map(|o| PlayOutcomeView {
            draw: o.is_draw(),
            places: o.places.iter().map(|p| PlaceView { seat: p.seat.0, rank: p.rank }).collect(),
            reason: o.reason.termination().to_owned(),
            said: crate::online_words::words(|lang| {
                lang.outcome_reason(state, &o, &|seat| lang.table_seat(table, seat))
            }),
        }),
        // Once a record is written in its file (claimed empty at the start).
        saved_as: table
            .save_path()
            .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.len() > 0))
            .and_then(super::id_of_path),
    }
}

/// Every move of the table with its seat and path, replayed from the game's start.
pub(super) fn played(table: &Table) -> Vec<Played> {
    let state = table.state();
    let mut replay = state.initial();
    let mut out = Vec::with_capacity(state.moves().len());
    for (m, &seat) in state.moves().iter().zip(table.movers()) {
        let path = replay.path(m);
        if replay.play(m).is_err() {
            break;
        }
        out.push((seat, m.clone(), path));
    }
    out
}

/// The position after the table's first `at` moves, replayed from its start: what the page
/// shows while the player looks back (the table itself is not touched).
pub(super) fn position_at(table: &Table, at: usize) -> Result<super::PlayReaction, super::Refusal> {
    let state = table.state();
    let moves = state.moves();
    if at > moves.len() {
        return Err((PlayErrorCode::NoSuchMove, format!("the table has {} moves, not {at}", moves.len())));
    }
    let mut replay = state.initial();
    let mut last = Vec::new();
    for m in &moves[..at] {
        last = if m.is_pass() { Vec::new() } else { replay.path(m) };
        replay
            .play(m)
            .map_err(|e| (PlayErrorCode::NoSuchMove, format!("the record does not replay: {e}")))?;
    }
    let board = replay.board();
    let last = last.iter().filter_map(|&c| board.cell(c).map(|v| v.name.clone())).collect();
    let cells = board.cells.iter().map(CellView::of).collect();
    Ok(super::PlayReaction { send: vec![PlayReply::Position { at, cells, last }], searches: Vec::new() })
}

/// A move as the page shows it.
pub(crate) fn move_view(table: &Table, (seat, m, path): &Played) -> PlayMoveView {
    let state = table.state();
    let board = state.board();
    PlayMoveView {
        seat: seat.0,
        by_computer: table.seat_kind(*seat).is_some_and(|k| !k.is_person()),
        kind: if m.is_pass() { "pass" } else { "move" }.to_owned(),
        notation: state.move_text(m),
        path: path.iter().filter_map(|&c| board.cell(c).map(|v| v.name.clone())).collect(),
    }
}

/// What a move brought, in the protocol's words.
pub(super) fn event_view(event: &TableEvent) -> PlayEventView {
    let (kind, seat, place, pieces) = match *event {
        TableEvent::Passed(seat) => ("passed", Some(seat), None, None),
        TableEvent::Finished { seat, place } => ("finished", Some(seat), place, None),
        TableEvent::Eliminated { seat, place } => ("eliminated", Some(seat), place, None),
        TableEvent::Left { seat, .. } => ("left", Some(seat), None, None),
        TableEvent::Captured { seat, pieces } => ("captured", Some(seat), None, Some(pieces)),
        TableEvent::Over(_) => ("over", None, None, None),
    };
    PlayEventView { kind: kind.to_owned(), seat: seat.map(|s| s.0), place, pieces }
}

const fn counter_name(kind: CounterKind) -> &'static str {
    match kind {
        CounterKind::MovesMade => "moves_made",
        CounterKind::HomeDeadline => "home_deadline",
        CounterKind::AtHome => "at_home",
        CounterKind::Arrived => "arrived",
        CounterKind::Distance => "distance",
        CounterKind::Captured => "captured",
        CounterKind::Pieces => "pieces",
        CounterKind::Repetitions => "repetitions",
        CounterKind::KingMoves => "king_moves",
        CounterKind::LoneKingMoves => "lone_king_moves",
    }
}

const fn status_name(status: SeatStatus) -> &'static str {
    match status {
        SeatStatus::Playing => "playing",
        SeatStatus::Finished => "finished",
        SeatStatus::Placed => "placed",
        SeatStatus::Eliminated => "eliminated",
        SeatStatus::Left(_) => "left",
    }
}
