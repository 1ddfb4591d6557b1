//! One board widget for any game: it draws a [`BoardView`] by its [`Geometry`] — the 121-hole
//! star as a lattice of holes, the 10×10 board as a grid of squares with their numbers on demand
//! — turned for the seat whose view it is, and remembers where each cell went so that a click
//! maps back to the cell the player saw.
//!
//! It reads nothing but the view: who owns a piece (its colour), what it is (a marble, a man, a
//! king), each cell's layout coordinates and name.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Span;
use ratatui::widgets::Paragraph;
use tripot_game::{BoardView, Cell, CellView, CellZone, Geometry, Piece, PieceKind, Seat};

/// What is marked on the board besides the pieces.
#[derive(Debug, Clone, Default)]
pub(crate) struct CellMarks {
    /// The keyboard's cursor.
    pub(crate) cursor: Option<Cell>,
    /// The cells picked so far (the piece first).
    pub(crate) picked: Vec<Cell>,
    /// Where the picked piece can go next, hop by hop.
    pub(crate) hops: Vec<Cell>,
    /// Where a whole move can end in one click: a step (`+`), else the end of a chain (`✱`).
    pub(crate) ends: Vec<Cell>,
    /// Those of `ends` a step reaches.
    pub(crate) steps: Vec<Cell>,
    /// The pieces the picked one may swap with, in brackets `<●>`.
    pub(crate) swaps: Vec<Cell>,
    /// The last move's cells.
    pub(crate) trail: Vec<Cell>,
    /// A hint's cells.
    pub(crate) hint: Vec<Cell>,
    /// Cells where a piece can be picked.
    pub(crate) pickable: Vec<Cell>,
    /// Show every cell's name (the draughts squares' numbers).
    pub(crate) names: bool,
    /// The seat whose goal stands out and for whom the cells it may not stop on are greyed
    /// (Stern-Halma's closed branches).
    pub(crate) focus: Option<Seat>,
}

/// Where each cell was drawn: its column, line and width.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct CellHits {
    cells: Vec<(Cell, u16, u16, u16)>,
}

impl CellHits {
    /// The cell drawn at (or right beside) a terminal cell.
    pub(crate) fn cell_at(&self, column: u16, line: u16) -> Option<Cell> {
        self.cells
            .iter()
            .find(|&&(_, c, l, w)| l == line && column + 1 >= c && column <= c + w)
            .map(|&(cell, ..)| cell)
    }

    /// Where `cell` was drawn (its column and line).
    pub(crate) fn place_of(&self, cell: Cell) -> Option<(u16, u16)> {
        self.cells.iter().find(|c| c.0 == cell).map(|&(_, c, l, _)| (c, l))
    }
}

/// The layout coordinates of `cell` on the board turned `turn` degrees (the viewer's
/// [`view_turn`](tripot_app::view_turn::view_turn)).
pub(crate) fn turned(view: &BoardView, cell: &CellView, turn: u16) -> (i16, i16) {
    tripot_app::view_turn::turned(view.geometry, (cell.x, cell.y), turn)
}

/// The glyph of a seat's pieces, told apart without colour (a monochrome terminal, a text
/// snapshot): filled for the first seat, hollow for the second, then other shapes.
const MAN_GLYPHS: [char; 6] = ['●', '○', '■', '□', '▲', '△'];
/// A crowned piece of each seat.
const KING_GLYPHS: [char; 6] = ['◉', '◎', '▣', '▢', '▼', '▽'];

/// A piece's look: its glyph and colour.
fn piece_look(piece: Piece) -> (char, Color) {
    let glyph = match (piece.kind, piece.owner) {
        (_, None) => '◆',
        (PieceKind::King, Some(seat)) => KING_GLYPHS[seat.index() % KING_GLYPHS.len()],
        (PieceKind::Man | PieceKind::Marble, Some(seat)) => MAN_GLYPHS[seat.index() % MAN_GLYPHS.len()],
    };
    let colour = match piece.owner {
        None => Color::White,
        Some(seat) => SEAT_COLOURS[seat.index() % SEAT_COLOURS.len()],
    };
    (glyph, colour)
}

/// A seat's colour on the board and in the panel.
pub(crate) const SEAT_COLOURS: [Color; 6] =
    [Color::White, Color::LightRed, Color::LightBlue, Color::Yellow, Color::LightGreen, Color::LightMagenta];

/// The style and glyph of one cell, given its piece and marks; `None` for an empty cell with
/// nothing on it.
fn look(cell: &CellView, marks: &CellMarks) -> (char, Style) {
    let bold = Modifier::BOLD;
    let c = cell.cell;
    if let Some(piece) = cell.piece {
        let (glyph, colour) = piece_look(piece);
        let mut style = Style::default().fg(colour).add_modifier(bold);
        if marks.picked.first() == Some(&c) {
            style = style.add_modifier(Modifier::REVERSED);
        } else if marks.swaps.contains(&c) {
            style = style.bg(Color::Magenta).fg(Color::White);
        } else if marks.hint.first() == Some(&c) {
            style = style.bg(Color::DarkGray);
        } else if marks.pickable.contains(&c) {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        // A captured piece a hop passes over is still on the board until the move is played.
        if marks.picked.len() > 1 && marks.picked.contains(&c) && marks.picked.first() != Some(&c) {
            style = style.add_modifier(Modifier::REVERSED);
        }
        return (glyph, style);
    }
    if let Some(i) = marks.picked.iter().position(|&p| p == c).filter(|&i| i > 0) {
        let digit = char::from_digit((i % 36) as u32, 36).unwrap_or('?');
        return (digit, Style::default().fg(Color::White).add_modifier(bold));
    }
    if marks.steps.contains(&c) {
        return (STEP, Style::default().fg(Color::LightGreen).add_modifier(bold));
    }
    if marks.ends.contains(&c) {
        return (CHAIN_END, Style::default().fg(Color::LightYellow).add_modifier(bold));
    }
    if marks.hops.contains(&c) {
        return (HOP, Style::default().fg(Color::LightYellow).add_modifier(bold));
    }
    if marks.hint.contains(&c) {
        return ('✦', Style::default().fg(Color::White).bg(Color::DarkGray).add_modifier(bold));
    }
    if marks.trail.contains(&c) {
        return ('∙', Style::default().fg(Color::Gray).add_modifier(bold));
    }
    empty_look(&cell.zone, marks.focus)
}

/// A step's destination.
const STEP: char = '+';
/// Where a chain of jumps (or of captures) ends: one click plays the whole chain.
const CHAIN_END: char = '✱';
/// A chain's next landing, where the chain can go on.
const HOP: char = '✦';
/// Where a move may not end.
const CLOSED: char = '×';
/// A goal's empty cell.
const GOAL: char = '◦';

/// An empty cell, as the rules' zones make it: closed to the focused seat (greyed `×`), the
/// focused seat's goal (bold, in its colour), another seat's goal (in that seat's colour).
fn empty_look(zone: &CellZone, focus: Option<Seat>) -> (char, Style) {
    if focus.is_some_and(|seat| zone.is_closed_to(seat)) {
        return (CLOSED, Style::default().fg(Color::DarkGray));
    }
    let Some(goal) = zone.goal else { return ('·', Style::default().fg(Color::DarkGray)) };
    let style = Style::default().fg(SEAT_COLOURS[goal.seat.index() % SEAT_COLOURS.len()]);
    if focus == Some(goal.seat) {
        return (GOAL, style.add_modifier(Modifier::BOLD));
    }
    (GOAL, style)
}

/// Draws `view` in `area` turned `turn` degrees (the viewer's side at the bottom) and says where
/// each cell went.
pub(crate) fn draw(
    frame: &mut Frame<'_>,
    area: Rect,
    view: &BoardView,
    marks: &CellMarks,
    turn: u16,
) -> CellHits {
    match view.geometry {
        Geometry::Square10 => draw_squares(frame, area, view, marks, turn),
        Geometry::Star121 => draw_star(frame, area, view, marks, turn),
    }
}

fn put(frame: &mut Frame<'_>, x: u16, y: u16, text: String, style: Style) {
    let area = frame.area();
    let width = text.chars().count() as u16;
    if x + width <= area.width && y < area.height {
        frame.render_widget(Paragraph::new(Span::styled(text, style)), Rect { x, y, width, height: 1 });
    }
}

/// The 10×10 board: each square `sx` wide and `sy` high, the dark squares (the cells of the view)
/// shaded, a piece in the middle, the square's number beneath it on demand.
fn draw_squares(
    frame: &mut Frame<'_>,
    area: Rect,
    view: &BoardView,
    marks: &CellMarks,
    turn: u16,
) -> CellHits {
    let sx: u16 = if area.width >= 44 { 4 } else { 3 };
    let sy: u16 = if area.height >= 22 { 2 } else { 1 };
    let (width, height) = (10 * sx, 10 * sy);
    let left = area.x + area.width.saturating_sub(width) / 2;
    let top = area.y + area.height.saturating_sub(height) / 2;
    let light = Style::default().bg(Color::Rgb(120, 100, 70));
    let dark = Style::default().bg(Color::Rgb(60, 40, 25));
    for row in 0..10u16 {
        for col in 0..10u16 {
            // Squares the view does not list are the light ones.
            for line in 0..sy {
                put(frame, left + col * sx, top + row * sy + line, " ".repeat(usize::from(sx)), light);
            }
        }
    }
    let mut hits = CellHits::default();
    for cell in &view.cells {
        let (x, y) = turned(view, cell, turn);
        let (Ok(col), Ok(row)) = (u16::try_from(x), u16::try_from(9 - y)) else { continue };
        let (cx, cy) = (left + col * sx, top + row * sy);
        let (glyph, style) = look(cell, marks);
        let mut base = dark;
        if marks.cursor == Some(cell.cell) {
            base = base.bg(Color::Rgb(30, 90, 140));
        }
        for line in 0..sy {
            put(frame, cx, cy + line, " ".repeat(usize::from(sx)), base);
        }
        let shown = if glyph == '·' && !marks.names { ' ' } else { glyph };
        put(frame, cx + sx / 2 - 1 + sx % 2, cy, shown.to_string(), base.patch(style));
        if marks.names {
            let name: String = cell.name.chars().take(usize::from(sx)).collect();
            let name_style = base.fg(Color::Gray);
            let at = cx + sx.saturating_sub(name.chars().count() as u16);
            put(frame, at, cy + sy - 1, name, name_style);
        }
        hits.cells.push((cell.cell, cx, cy, sx.saturating_sub(1)));
        if sy > 1 {
            hits.cells.push((cell.cell, cx, cy + 1, sx.saturating_sub(1)));
        }
    }
    hits
}

/// The star: a hole at `x` (doubled columns) and `y` (rows), one or two terminal columns per
/// half-step, the cursor in brackets (the lattice is too dense for names: the panel names the
/// cursor's hole).
fn draw_star(frame: &mut Frame<'_>, area: Rect, view: &BoardView, marks: &CellMarks, turn: u16) -> CellHits {
    let sx: u16 = if area.width >= 52 { 2 } else { 1 };
    let (width, height) = (24 * sx + 1, 17u16);
    let left = area.x + area.width.saturating_sub(width) / 2;
    let top = area.y + area.height.saturating_sub(height) / 2;
    let mut hits = CellHits::default();
    for cell in &view.cells {
        let (x, y) = turned(view, cell, turn);
        let (Ok(col), Ok(row)) = (u16::try_from(x + 12), u16::try_from(8 - y)) else { continue };
        let (cx, cy) = (left + col * sx, top + row);
        let (glyph, style) = look(cell, marks);
        if marks.cursor == Some(cell.cell) && cx > 0 {
            put(frame, cx - 1, cy, "[".to_owned(), Style::default().fg(Color::LightCyan));
            put(frame, cx + 1, cy, "]".to_owned(), Style::default().fg(Color::LightCyan));
        } else if marks.swaps.contains(&cell.cell) && cx > 0 {
            let style = Style::default().fg(Color::LightMagenta).add_modifier(Modifier::BOLD);
            put(frame, cx - 1, cy, "<".to_owned(), style);
            put(frame, cx + 1, cy, ">".to_owned(), style);
        }
        put(frame, cx, cy, glyph.to_string(), style);
        hits.cells.push((cell.cell, cx, cy, 0));
    }
    hits
}
