//! A record of any game (`tripot_app::table_save::SavedGame`, read by the one reader,
//! `GameRecord`) as the « Parties » list and the replay viewer show it: its entry, its seats and
//! moves, the position after any move. Everything is read from `tripot_game`'s interface; no
//! game's types are named here.

use tripot_app::table_save::SavedGame;
use tripot_game::{BoardView, Cell, GameMove, GameState, Seat, catalogue};

use super::play_messages::{CellView, GeometryView};
use super::saves_messages::{
    FrameView, PlacedPiece, RecordKind, RecordView, ReplayMove, ReplayView, SeatView,
};

/// The star board's colour codes by the interface's colour index (N, NE, SE, S, SW, NW), as the
/// replay viewer draws them; any other index is a neutral piece.
const STAR_CODES: [&str; 6] = ["N", "NE", "SE", "S", "SW", "NW"];

/// The code a piece of colour `index` is drawn with.
fn colour_code(index: u8) -> String {
    STAR_CODES.get(usize::from(index)).map_or("neutral", |c| c).to_owned()
}

/// The seat's player as the record names them, else the seat's own name.
fn player_name(saved: &SavedGame, seat: Seat) -> String {
    let name = saved.replay.state.seat_name(seat);
    saved.record.player(&name).map_or(name, str::to_owned)
}

/// When the record's file was last written, if the file system says.
fn written_at(saved: &SavedGame) -> Option<u64> {
    let modified = std::fs::metadata(&saved.path).and_then(|m| m.modified()).ok()?;
    modified.duration_since(std::time::UNIX_EPOCH).ok().map(|d| d.as_secs())
}

/// The entry of the list; `online`: found among the network session's files. A game of the
/// duel's family is a `duel`, any other a `table`.
pub(crate) fn game_entry(saved: &SavedGame, online: bool) -> RecordView {
    let state = &saved.replay.state;
    let spec = state.spec();
    let duel = catalogue::find(spec).is_some_and(|g| g.family == catalogue::Family::Tripot);
    let kind = match (online, duel) {
        (true, _) => RecordKind::Online,
        (false, true) => RecordKind::Duel,
        (false, false) => RecordKind::Table,
    };
    let winners = saved
        .replay
        .outcome
        .as_ref()
        .map(|o| o.places.iter().filter(|p| p.rank == Some(1)).map(|p| player_name(saved, p.seat)).collect())
        .unwrap_or_default();
    // An online game left before any move is not in progress: there is nothing to take up
    // (`tripot_net::OnlineGame::in_progress`, the rule of the terminal's resume list too).
    let open = saved.is_open() && !(online && saved.replay.moves.is_empty());
    let seats = saved.seats().map(|(seats, _)| seats);
    let level =
        seats.as_ref().and_then(|seats| seats.iter().find_map(|k| k.level())).map(|l| l.key().to_owned());
    RecordView {
        id: String::new(),
        kind,
        date: saved.record.tag("Date").map(str::to_owned),
        saved_at: written_at(saved),
        players: Seat::all(state.seat_count()).map(|seat| player_name(saved, seat)).collect(),
        winners,
        finished: !open,
        moves: saved.replay.moves.len(),
        resumable: !online && open && seats.is_some(),
        variant: Some(spec.as_str().to_owned()),
        level,
    }
}

/// The record in the viewer: its seats with their colours, and every move with who played it.
pub(crate) fn game_replay(id: &str, saved: &SavedGame, online: bool) -> ReplayView {
    let entry = game_entry(saved, online);
    let start = saved.replay.state.initial();
    let board = start.board();
    let seats = Seat::all(start.seat_count())
        .map(|seat| {
            let colours = seat_colours(&board, seat).into_iter().map(colour_code).collect();
            SeatView { colours, name: player_name(saved, seat) }
        })
        .collect();
    let mut state = start;
    let mut moves = Vec::with_capacity(saved.replay.moves.len());
    for m in &saved.replay.moves {
        let seat = state.to_move().map_or(0, |s| usize::from(s.0));
        let path = cell_names(state.as_ref(), &state.path(m));
        let notation = state.move_text(m);
        if state.play(m).is_err() {
            break;
        }
        moves.push(ReplayMove { notation, path, seat });
    }
    ReplayView {
        id: id.to_owned(),
        kind: entry.kind,
        date: entry.date,
        geometry: GeometryView::of(board.geometry),
        cells: board.cells.iter().map(CellView::of).collect(),
        seats,
        moves,
        winners: entry.winners,
    }
}

/// The position after the first `index` moves (`index` at most the number of moves).
pub(crate) fn game_frame(start: &dyn GameState, moves: &[GameMove], index: usize) -> FrameView {
    let mut state = start.clone_box();
    let mut last_move = Vec::new();
    for m in moves.iter().take(index) {
        last_move = cell_names(state.as_ref(), &state.path(m));
        if state.play(m).is_err() {
            break;
        }
    }
    let board = state.board();
    let pieces = board
        .cells
        .iter()
        .filter_map(|c| Some(PlacedPiece { cell: c.name.clone(), piece: CellView::of(c).piece? }))
        .collect();
    FrameView { index, pieces, last_move }
}

/// The colours of `seat`'s pieces on `board` (its start's: a seat's colours), each once.
pub(crate) fn seat_colours(board: &BoardView, seat: Seat) -> Vec<u8> {
    let mut colours: Vec<u8> = board
        .cells
        .iter()
        .filter_map(|c| c.piece.filter(|p| p.owner == Some(seat)).map(|p| p.colour))
        .collect();
    colours.sort_unstable();
    colours.dedup();
    colours
}

fn cell_names(state: &dyn GameState, cells: &[Cell]) -> Vec<String> {
    let board = state.board();
    cells.iter().filter_map(|&c| board.cell(c).map(|v| v.name.clone())).collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use tripot_game::{Opener as _, Setup};
    use tripot_net::online_game::OnlineGame;
    use tripot_net::saved_game::SavedGame as OnlineSave;
    use tripot_protocol::{GameId, Role};

    use super::*;

    /// An online save of the duel after `moves` moves, read back as the « Parties » list reads it.
    fn online_save(dir: &std::path::Path, moves: usize) -> SavedGame {
        let state =
            tripot_engine::StarBoardGames.open(&"tripot".parse().unwrap(), &Setup::default()).unwrap();
        let mut game =
            OnlineGame::new(GameId([3; 16]), Role::Host, state, "Alice".into(), "Bruno".into(), vec![]);
        for _ in 0..moves {
            let seat = game.state().to_move().unwrap();
            let m = game.state().legal_moves()[0].clone();
            game.play(seat, &m).unwrap();
        }
        let path = dir.join(format!("online-{moves}.tripot"));
        let save = OnlineSave { game, peer_addrs: vec![], listen_addrs: vec![], random_opener: false };
        save.write(&path).unwrap();
        tripot_app::save_store::SaveStore::read_game(&path).unwrap()
    }

    #[test]
    fn an_online_game_left_before_any_move_is_not_listed_in_progress() {
        let dir = tempfile::tempdir().unwrap();
        let never = game_entry(&online_save(dir.path(), 0), true);
        assert!(never.finished && !never.resumable, "{never:?}");
        let begun = game_entry(&online_save(dir.path(), 2), true);
        assert!(!begun.finished, "a begun game is in progress: {begun:?}");
        assert!(!begun.resumable, "an online game is resumed by the network session, not here");
    }
}
