//! The star board: 121 holes on their true hexagonal lattice (a doubled-column grid, hole
//! `(q, r)` at column `2q + r`), at the largest of two scales that fits, never stretched.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use tripot_engine::{Colour, Hole, HoleSet, Position};

use super::pieces::{EMPTY, GOAL, JUMP, STEP, TRAIL, glyph, tint};
use crate::app::BoardGeometry;

/// Columns of the doubled grid: x from -12 to 12.
const GRID_WIDTH: u16 = 25;
/// Lines: r from 8 down to -8, and one more for the coordinate letters below the bottom tip.
const GRID_HEIGHT: u16 = 18;
/// Room for the row numbers on the left, and a gap of two columns or more before the nearest
/// letter (a, e sit just left of the board's edge), so « 12 » and « a » never read as « 12a ».
const MARGIN: u16 = 5;

/// Everything drawn on the board besides the pawns.
#[derive(Debug, Clone, Default)]
pub(crate) struct Marks {
    pub(crate) cursor: Option<Hole>,
    pub(crate) selected: Option<Hole>,
    pub(crate) steps: HoleSet,
    pub(crate) jumps: HoleSet,
    pub(crate) swaps: HoleSet,
    /// A path to show with numbered hops (preview, chain being built, hint).
    pub(crate) path: Vec<Hole>,
    /// The last move's path, left as a trail.
    pub(crate) trail: Vec<Hole>,
    /// Its colour.
    pub(crate) trail_colour: Option<Colour>,
    /// Hint: start and end highlighted.
    pub(crate) hint: Vec<Hole>,
    pub(crate) coords: bool,
}

/// The size the board needs at `scale`.
pub(crate) const fn size(scale: u16) -> (u16, u16) {
    (MARGIN + 2 + (GRID_WIDTH - 1) * scale + 1, (GRID_HEIGHT - 1) * scale + 1)
}

/// The largest scale (1 or 2) whose board fits in `area`.
pub(crate) fn scale_for(area: Rect) -> u16 {
    let (w, h) = size(2);
    if area.width >= w && area.height >= h { 2 } else { 1 }
}

/// Draws the board centred in `area` and returns where the holes are.
pub(crate) fn draw(frame: &mut Frame<'_>, area: Rect, position: &Position, marks: &Marks) -> BoardGeometry {
    let path_pos = |h: Hole| marks.path.iter().position(|&p| p == h);
    let look = |hole: Hole| hole_look(position, marks, hole, path_pos(hole));
    let brackets = |hole: Hole| brackets(marks, hole);
    draw_holes(frame, area, &look, &brackets, marks.coords, &|hole| hole)
}

/// The brackets around a hole: the cursor, the picked pawn, a swap partner.
pub(crate) fn brackets(marks: &Marks, hole: Hole) -> Option<(char, char, Style)> {
    if marks.cursor == Some(hole) {
        Some(('[', ']', Style::default().fg(Color::White).add_modifier(Modifier::BOLD)))
    } else if marks.selected == Some(hole) {
        Some(('(', ')', Style::default().fg(Color::White).add_modifier(Modifier::BOLD)))
    } else if marks.swaps.contains(hole) {
        Some(('<', '>', Style::default().fg(Color::LightMagenta).add_modifier(Modifier::BOLD)))
    } else {
        None
    }
}

/// Draws any board: `look` gives each hole's character, `brackets` what surrounds it, and `place`
/// where it is drawn (itself, or its place in a player's turned view). The coordinates can only
/// be written along the board's own rows and columns, so `coords` is for unturned views.
pub(crate) fn draw_holes(
    frame: &mut Frame<'_>,
    area: Rect,
    look: &dyn Fn(Hole) -> (char, Style),
    brackets: &dyn Fn(Hole) -> Option<(char, char, Style)>,
    coords: bool,
    place: &dyn Fn(Hole) -> Hole,
) -> BoardGeometry {
    let scale = scale_for(area);
    let (w, h) = size(scale);
    let left = area.x + area.width.saturating_sub(w) / 2;
    let top = area.y + area.height.saturating_sub(h) / 2;
    let geometry = BoardGeometry { left: left + MARGIN + 1, top, sx: scale, sy: scale };
    let width = w.min(area.width) as usize;
    let height = h.min(area.height) as usize;
    let mut grid = vec![vec![(' ', Style::default()); width]; height];
    let mut put = |col: u16, line: u16, ch: char, style: Style| {
        let (c, l) = (col.wrapping_sub(left) as usize, line.wrapping_sub(top) as usize);
        if l < height && c < width {
            grid[l][c] = (ch, style);
        }
    };
    let lattice = Style::default().fg(Color::DarkGray);
    if scale > 1 {
        draw_lattice(&geometry, &mut put, lattice);
    }
    for hole in Hole::all() {
        let (col, line) = geometry.cell(place(hole));
        let (ch, style) = look(hole);
        put(col, line, ch, style);
        if let Some((open, close, style)) = brackets(hole) {
            put(col - 1, line, open, style);
            put(col + 1, line, close, style);
        }
    }
    if coords {
        let label = Style::default().fg(Color::Gray);
        for row in 1..=17u8 {
            let r = row as i8 - 9;
            let line = geometry.top + (8 - r) as u16 * geometry.sy;
            let text = format!("{row:>2}");
            for (i, ch) in text.chars().enumerate() {
                put(left + i as u16, line, ch, label);
            }
        }
        for letter in 0..17u8 {
            let q = letter as i8 - 8;
            let lowest = Hole::all().filter(|h| h.axial().0 == q).min_by_key(|h| h.axial().1);
            if let Some(hole) = lowest {
                let (x, r) = hole.screen();
                let col =
                    (i32::from(geometry.left) + i32::from(x + 11) * i32::from(geometry.sx)).max(0) as u16;
                let line = geometry.top + (9 - r) as u16 * geometry.sy;
                put(col, line, char::from(b'a' + letter), label);
            }
        }
    }
    let lines: Vec<Line<'_>> = grid
        .into_iter()
        .map(|row| {
            Line::from(
                row.into_iter().map(|(ch, style)| Span::styled(ch.to_string(), style)).collect::<Vec<_>>(),
            )
        })
        .collect();
    let rect = Rect { x: left, y: top, width: width as u16, height: height as u16 };
    frame.render_widget(Paragraph::new(lines), rect.intersection(area));
    geometry
}

/// At scale 2, faint lines join neighbouring holes, so the board reads as a lattice.
fn draw_lattice(geometry: &BoardGeometry, put: &mut impl FnMut(u16, u16, char, Style), style: Style) {
    for hole in Hole::all() {
        let (q, r) = hole.axial();
        let (col, line) = geometry.cell(hole);
        if Hole::from_axial(q + 1, r).is_some() {
            put(col + 2, line, '─', style);
        }
        // Down-right neighbour (q + 1, r - 1) and down-left (q, r - 1).
        if Hole::from_axial(q + 1, r - 1).is_some() {
            put(col + 1, line + 1, '╲', style);
        }
        if Hole::from_axial(q, r - 1).is_some() {
            put(col - 1, line + 1, '╱', style);
        }
    }
}

/// The character and style of one hole.
fn hole_look(position: &Position, marks: &Marks, hole: Hole, on_path: Option<usize>) -> (char, Style) {
    let bold = Modifier::BOLD;
    if let Some(colour) = position.colour_at(hole) {
        let mut style = Style::default().fg(tint(colour)).add_modifier(bold);
        if marks.selected == Some(hole) {
            style = style.add_modifier(Modifier::REVERSED);
        } else if marks.swaps.contains(hole) {
            style = style.bg(Color::Magenta).fg(Color::White);
        } else if marks.hint.contains(&hole) {
            style = style.bg(Color::DarkGray);
        } else if marks.trail.last() == Some(&hole) {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        return (glyph(colour), style);
    }
    if let Some(i) = on_path.filter(|&i| i > 0) {
        let digit = char::from_digit((i % 36) as u32, 36).unwrap_or('?');
        let target = marks.steps.contains(hole) || marks.jumps.contains(hole);
        let colour = if target { Color::White } else { Color::Gray };
        return (digit, Style::default().fg(colour).add_modifier(bold));
    }
    if marks.steps.contains(hole) {
        return (STEP, Style::default().fg(Color::LightGreen).add_modifier(bold));
    }
    if marks.jumps.contains(hole) {
        return (JUMP, Style::default().fg(Color::LightYellow).add_modifier(bold));
    }
    if marks.hint.contains(&hole) {
        return (JUMP, Style::default().fg(Color::White).bg(Color::DarkGray).add_modifier(bold));
    }
    if marks.trail.contains(&hole) {
        let colour = marks.trail_colour.map_or(Color::Gray, tint);
        return (TRAIL, Style::default().fg(colour));
    }
    let arriving = position.format().all_colours().iter().find(|c| c.goal().contains(hole)).copied();
    match arriving {
        Some(colour) => (GOAL, Style::default().fg(tint(colour))),
        None => (EMPTY, Style::default().fg(Color::Gray)),
    }
}
