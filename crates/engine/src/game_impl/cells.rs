//! The star board seen through the interface: holes as cells, named cells for errors, the board
//! as drawn.

use tripot_game::{
    BoardView, Cell, CellView, CellZone, GameMove, Geometry, MoveKind, NamedCell, Piece, PieceKind, Seat,
};

use crate::hole::Hole;

/// The cell of a hole: its index.
pub(crate) fn cell(hole: Hole) -> Cell {
    Cell(hole.index() as u16)
}

/// The hole of a cell, if the board has it.
pub(crate) fn hole(cell: Cell) -> Option<Hole> {
    u8::try_from(cell.0).ok().and_then(Hole::new)
}

/// A hole with its name, for an error.
pub(crate) fn named(hole: Hole) -> NamedCell {
    NamedCell { cell: cell(hole), name: hole.to_string() }
}

/// The holes of a move's cells; `None` if a cell is not on the board.
pub(crate) fn holes(m: &GameMove) -> Option<Vec<Hole>> {
    m.cells().iter().map(|&c| hole(c)).collect()
}

/// A move through `path`, of `kind`.
pub(crate) fn game_move(kind: MoveKind, path: &[Hole]) -> GameMove {
    GameMove::new(kind, path.iter().map(|&h| cell(h)).collect())
}

/// How a move is written from its cells: `m1-m3-k5`, `m1<>l2`, `pass` (RULES.md §3.3, §5, §6).
/// It needs no position, as the interface asks of `move_text`.
pub(crate) fn move_text(m: &GameMove) -> String {
    let names: Vec<String> =
        m.cells().iter().map(|&c| hole(c).map_or_else(|| "?".to_owned(), |h| h.to_string())).collect();
    match m.kind() {
        MoveKind::Pass => "pass".to_owned(),
        MoveKind::Swap => names.join("<>"),
        _ => names.join("-"),
    }
}

/// The whole star, every hole with what stands on it and the zones it lies in: `piece(hole)` and
/// `zone(hole)` say what.
pub(crate) fn star_board(
    piece: impl Fn(Hole) -> Option<Piece>,
    zone: impl Fn(Hole) -> CellZone,
) -> BoardView {
    let cells = Hole::all()
        .map(|h| {
            let (x, y) = h.screen();
            CellView {
                cell: cell(h),
                name: h.to_string(),
                x: i16::from(x),
                y: i16::from(y),
                piece: piece(h),
                zone: zone(h),
            }
        })
        .collect();
    BoardView { geometry: Geometry::Star121, cells }
}

/// A marble of `seat`, drawn in the colour of the branch `colour` (its index in N, NE, SE, S,
/// SW, NW).
pub(crate) fn marble(seat: Option<Seat>, colour: usize) -> Piece {
    Piece { owner: seat, kind: PieceKind::Marble, colour: colour as u8 }
}
