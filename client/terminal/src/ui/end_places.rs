//! The body of a game's end box, shared by the local and online tables and the online table of
//! seats: why the game ended, in bold, then every seat by its place (or the draw), in its colour.
//! The boxes differ in what they put around it (a headline, a rematch vote, their buttons).

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use tripot_app::i18n::Lang;
use tripot_game::{Outcome, Seat};

use super::cell_board::SEAT_COLOURS;

/// The reason's lines, a blank line, then the seats from the first place to the last, each
/// named by `name`.
pub(super) fn end_lines(
    lang: Lang,
    outcome: &Outcome,
    seats: u8,
    reason_lines: Vec<String>,
    name: &dyn Fn(Seat) -> String,
) -> Vec<Line<'static>> {
    let bold = Style::default().fg(Color::White).add_modifier(Modifier::BOLD);
    let mut lines: Vec<Line<'static>> =
        reason_lines.into_iter().map(|l| Line::from(Span::styled(l, bold))).collect();
    lines.push(Line::from(""));
    let mut order: Vec<Seat> = Seat::all(seats).collect();
    // A seat without a place comes after every placed one.
    order.sort_by_key(|&seat| outcome.rank(seat).unwrap_or(u8::MAX));
    for seat in order {
        let place = if outcome.is_draw() {
            lang.s().draw_result.to_owned()
        } else {
            outcome.rank(seat).map_or_else(|| lang.s().no_place.to_owned(), |p| lang.place(p))
        };
        lines.push(Line::from(vec![
            Span::styled("●", Style::default().fg(SEAT_COLOURS[seat.index() % SEAT_COLOURS.len()])),
            Span::raw(format!(" {} — {place}", name(seat))),
        ]));
    }
    lines
}
