//! A setting's line in the menus (the main menu's, the table's set-up form): its name padded to
//! a column, then « ◀ value ▶ », whose arrows are buttons that step the value back and forth.

use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::text::Span;

use crate::app::{Button, Hits};

/// Adds the setting `label` (already padded) and its `value` to `spans`, drawn on `rect` in
/// `base`; the arrows are the buttons of line `i`, bright on the selected line.
pub(super) fn push_setting<'a>(
    spans: &mut Vec<Span<'a>>,
    hits: &mut Hits,
    rect: Rect,
    (label, value): (String, String),
    (base, selected): (Style, bool),
    i: usize,
) {
    let prev_x = rect.x + (2 + label.chars().count()) as u16;
    let next_x = prev_x + 2 + value.chars().count() as u16 + 1;
    spans.push(Span::styled(label, base));
    let arrow = Style::default().fg(if selected { Color::LightYellow } else { Color::DarkGray });
    spans.push(Span::styled("◀ ", arrow));
    spans.push(Span::styled(value, base));
    spans.push(Span::styled(" ▶", arrow));
    hits.buttons.push((prev_x, rect.y, 2, Button::MenuPrev(i)));
    hits.buttons.push((next_x, rect.y, 2, Button::MenuNext(i)));
}
