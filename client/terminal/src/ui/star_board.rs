//! The star board of a table, drawn in a seat's view (its home at the bottom, RULES-STAR.md §1;
//! the notation does not turn). Each seat has its glyph (● ■ △ ○ □ ▲, told apart without colour)
//! and seed 003's colour by its number; the captures game's neutral pieces are `◆`. In
//! Stern-Halma the branches where the seat may not stop are greyed `×` and its goal is
//! highlighted.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use tripot_engine::{Colour, GameKind, Hole, HoleSet, StarPosition, view_of};

use super::board;
use super::pieces::{EMPTY, GOAL, JUMP, STEP, TRAIL, glyph};
use crate::app::BoardGeometry;

/// A neutral piece of the captures game.
pub(crate) const PIECE: char = '◆';
/// An empty hole where the seat may not end a move (Stern-Halma, §4.3).
pub(crate) const FORBIDDEN: char = '×';

/// Everything drawn on the board besides the marbles.
#[derive(Debug, Clone, Default)]
pub(crate) struct StarMarks {
    pub(crate) cursor: Option<Hole>,
    pub(crate) selected: Option<Hole>,
    pub(crate) steps: HoleSet,
    pub(crate) jumps: HoleSet,
    /// A path shown with numbered landings (preview, chain being built, hint).
    pub(crate) path: Vec<Hole>,
    /// The last move's path, left as a trail.
    pub(crate) trail: Vec<Hole>,
    pub(crate) hint: Vec<Hole>,
    /// A marble shown on its way: it left `.0` and stands on `.1`.
    pub(crate) moving: Option<(Hole, Hole)>,
    /// The seat whose goal and forbidden branches are shown.
    pub(crate) focus: Option<Colour>,
    pub(crate) coords: bool,
}

/// The terminal colour of a seat: seed 003's white, red, blue, black (drawn dark grey, so that it
/// shows on a dark terminal), yellow, green, by the seat's number at the table.
pub(crate) fn seat_tint(position: &StarPosition, seat: Colour) -> Color {
    let number = position.variant().seats().iter().position(|&s| s == seat).unwrap_or(0);
    [Color::White, Color::LightRed, Color::LightBlue, Color::DarkGray, Color::Yellow, Color::LightGreen]
        [number]
}

/// Draws `position` as `viewer` sees it and returns where the (turned) holes are.
pub(crate) fn draw(
    frame: &mut Frame<'_>,
    area: Rect,
    position: &StarPosition,
    marks: &StarMarks,
    viewer: Colour,
) -> BoardGeometry {
    let look = |hole: Hole| look(position, marks, hole);
    let brackets = |hole: Hole| {
        let plain =
            board::Marks { cursor: marks.cursor, selected: marks.selected, ..board::Marks::default() };
        board::brackets(&plain, hole)
    };
    // Only seat 1's view is the board's own: the coordinates run along its rows.
    let coords = marks.coords && viewer == Colour::S;
    board::draw_holes(frame, area, &look, &brackets, coords, &|hole| view_of(hole, viewer))
}

/// Who stands on `hole` as drawn: the marble on its way is lifted from its start.
fn occupant(position: &StarPosition, marks: &StarMarks, hole: Hole) -> Option<Option<Colour>> {
    if let Some((from, at)) = marks.moving {
        let mover =
            if position.variant().game() == GameKind::Captures { None } else { position.seat_at(from) };
        if hole == at {
            return Some(mover);
        }
        if hole == from {
            return None;
        }
    }
    if position.variant().game() == GameKind::Captures {
        return position.pieces().contains(hole).then_some(None);
    }
    position.seat_at(hole).map(Some)
}

/// The character and style of one hole.
fn look(position: &StarPosition, marks: &StarMarks, hole: Hole) -> (char, Style) {
    let bold = Modifier::BOLD;
    if let Some(seat) = occupant(position, marks, hole) {
        let (ch, colour) = match seat {
            Some(seat) => (glyph(seat), seat_tint(position, seat)),
            None => (PIECE, Color::White),
        };
        let mut style = Style::default().fg(colour).add_modifier(bold);
        if marks.selected == Some(hole) {
            style = style.add_modifier(Modifier::REVERSED);
        } else if marks.hint.contains(&hole) {
            style = style.bg(Color::DarkGray);
        } else if marks.trail.last() == Some(&hole) {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        return (ch, style);
    }
    if let Some(i) = marks.path.iter().position(|&p| p == hole).filter(|&i| i > 0) {
        let digit = char::from_digit((i % 36) as u32, 36).unwrap_or('?');
        let target = marks.steps.contains(hole) || marks.jumps.contains(hole);
        return (
            digit,
            Style::default().fg(if target { Color::White } else { Color::Gray }).add_modifier(bold),
        );
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
        return (TRAIL, Style::default().fg(Color::Gray));
    }
    empty_look(position, marks.focus, hole)
}

/// An empty hole: the focused seat's goal highlighted; in Stern-Halma the branches it may not
/// stop in greyed; in kawu each seat's goal tinted with the seat that must arrive there.
fn empty_look(position: &StarPosition, focus: Option<Colour>, hole: Hole) -> (char, Style) {
    let plain = (EMPTY, Style::default().fg(Color::Gray));
    let game = position.variant().game();
    if game == GameKind::Captures {
        return plain;
    }
    if let Some(seat) = focus {
        if position.goal(seat).contains(hole) {
            let style = Style::default().fg(seat_tint(position, seat)).add_modifier(Modifier::BOLD);
            return (GOAL, style);
        }
        let allowed = position.home(seat) | position.goal(seat);
        if game == GameKind::Halma && Colour::of_hole(hole).is_some() && !allowed.contains(hole) {
            return (FORBIDDEN, Style::default().fg(Color::DarkGray));
        }
    }
    let arriving = position.variant().seats().iter().copied().find(|&s| position.goal(s).contains(hole));
    match arriving {
        Some(seat) => (GOAL, Style::default().fg(seat_tint(position, seat))),
        None => plain,
    }
}
