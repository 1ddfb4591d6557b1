//! Drawing, one module per page. Each frame also records where buttons and holes were drawn
//! ([`crate::app::Hits`]), so the mouse handlers map a click back to what the player saw.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Paragraph, Wrap};

use crate::app::{App, Button, Hits, Page};

pub(crate) mod cell_board;
mod end_places;
mod fit;
pub(crate) mod game_table;
pub(crate) mod game_viewer;
mod join;
mod menu;
mod online;
mod online_seats;
mod open_games;
mod quick_table;
mod ratings;
mod resume;
pub(crate) mod rules;
mod setting_line;
mod table_menu;

/// The smallest terminal the game is laid out for.
pub(crate) const MIN_WIDTH: u16 = 80;
/// See [`MIN_WIDTH`].
pub(crate) const MIN_HEIGHT: u16 = 30;

/// Draws the app's page.
pub(crate) fn draw(app: &mut App, frame: &mut Frame<'_>) {
    app.hits = Hits::default();
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        too_small(app, frame, area);
        return;
    }
    match app.page {
        Page::Menu => menu::draw(app, frame, area),
        Page::Rules => rules::draw(app, frame, area),
        Page::Ratings => ratings::draw(app, frame, area),
        Page::Resume => resume::draw(app, frame, area),
        Page::Join => join::draw(app, frame, area),
        Page::Lan | Page::Lobby => open_games::draw(app, frame, area),
        Page::TableMenu => table_menu::draw(app, frame, area),
        Page::QuickTable => quick_table::draw(app, frame, area),
        Page::GameTable | Page::OnlineTable | Page::OnlineSeats => game_table::draw(app, frame, area),
    }
}

fn too_small(app: &App, frame: &mut Frame<'_>, area: Rect) {
    let text = vec![
        Line::from(Span::styled(app.lang.t().title, Style::default().add_modifier(Modifier::BOLD))),
        Line::from(""),
        Line::from(app.lang.t().too_small),
        Line::from(format!("{} × {} → {MIN_WIDTH} × {MIN_HEIGHT}", area.width, area.height)),
    ];
    let height = (text.len() as u16 + 2).min(area.height);
    let rect = Rect { y: area.y + area.height.saturating_sub(height) / 2, height, ..area };
    frame.render_widget(Paragraph::new(text).alignment(Alignment::Center).wrap(Wrap { trim: true }), rect);
}

/// A button to draw: its label, its key, what it does, whether it can be pressed now.
pub(crate) struct ButtonSpec<'a> {
    pub(crate) label: &'a str,
    pub(crate) key: Option<char>,
    pub(crate) which: Button,
    pub(crate) enabled: bool,
}

/// Draws a button ` label (k) ` at (x, y), records it, and returns its width.
pub(crate) fn button(frame: &mut Frame<'_>, hits: &mut Hits, x: u16, y: u16, spec: ButtonSpec<'_>) -> u16 {
    let ButtonSpec { label, key, which, enabled } = spec;
    let text = match key {
        Some(k) => format!(" {label} ({k}) "),
        None => format!(" {label} "),
    };
    let width = text.chars().count() as u16;
    let style = if enabled {
        Style::default().fg(Color::Black).bg(Color::Gray).add_modifier(Modifier::BOLD)
    } else {
        Style::default().fg(Color::DarkGray).bg(Color::Black)
    };
    let area = frame.area();
    if x + width <= area.width && y < area.height {
        frame.render_widget(Paragraph::new(Span::styled(text, style)), Rect { x, y, width, height: 1 });
        if enabled {
            hits.buttons.push((x, y, width, which));
        }
    }
    width
}

/// A page's « back » button (to the menu) at (`x`, `y`), and the help of its `keys` centred on the
/// line under its `panel`: that line.
pub(crate) fn back_and_keys(
    frame: &mut Frame<'_>,
    hits: &mut Hits,
    (x, y): (u16, u16),
    (back, keys): (&str, &str),
    panel: Rect,
) -> Rect {
    button(frame, hits, x, y, ButtonSpec { label: back, key: None, which: Button::Menu, enabled: true });
    let area = frame.area();
    let line = Rect { y: (panel.y + panel.height).min(area.height - 1), height: 1, ..area };
    frame.render_widget(
        Paragraph::new(Span::styled(keys, Style::default().fg(Color::Gray))).alignment(Alignment::Center),
        line,
    );
    line
}

/// A panel's buttons, `(label, key, what, enabled)`, from line `y` of `inner`, wrapping to a
/// line two below when one does not fit; the last line used.
pub(crate) fn button_rows(
    frame: &mut Frame<'_>,
    hits: &mut Hits,
    inner: Rect,
    mut y: u16,
    buttons: Vec<(&str, char, Button, bool)>,
) -> u16 {
    let mut x = inner.x + 1;
    for (label, key, which, enabled) in buttons {
        let width = label.chars().count() as u16 + 6;
        if x + width > inner.x + inner.width {
            x = inner.x + 1;
            y += 2;
        }
        x += button(frame, hits, x, y, ButtonSpec { label, key: Some(key), which, enabled }) + 1;
    }
    y
}

/// Buttons side by side, two columns apart, centred on the last line of `inner` (an end panel's
/// Rematch and Menu).
pub(crate) fn centred_buttons(
    frame: &mut Frame<'_>,
    hits: &mut Hits,
    inner: Rect,
    buttons: Vec<ButtonSpec<'_>>,
) {
    let y = inner.y + inner.height - 1;
    let widths: usize = buttons.iter().map(|b| b.label.chars().count() + 6).sum::<usize>()
        + 2 * buttons.len().saturating_sub(1);
    let mut x = inner.x + (inner.width.saturating_sub(widths as u16)) / 2;
    for spec in buttons {
        x += button(frame, hits, x, y, spec) + 2;
    }
}

/// The message under the board, with emphasis if it is strong.
pub(crate) fn message_line(frame: &mut Frame<'_>, message: &crate::app::Message, rect: Rect) {
    let style = if message.strong {
        Style::default().fg(Color::Black).bg(Color::LightYellow).add_modifier(Modifier::BOLD)
    } else {
        Style::default().fg(Color::White)
    };
    frame.render_widget(Paragraph::new(Span::styled(format!(" {} ", message.text), style)), rect);
}

/// The frame of a question over the board (a move to confirm), cleared, titled `title`; the
/// rectangle inside it.
pub(crate) fn question_box(frame: &mut Frame<'_>, area: Rect, title: &str) -> Rect {
    let rect = centred(area, 56, 7);
    frame.render_widget(ratatui::widgets::Clear, rect);
    titled_frame(frame, rect, title, BorderType::Double, Color::LightRed)
}

/// A frame drawn on `rect`, its `border` in `color`, titled `title` in bold at the top's
/// centre: the rectangle inside it.
pub(crate) fn titled_frame(
    frame: &mut Frame<'_>,
    rect: Rect,
    title: &str,
    border: BorderType,
    color: Color,
) -> Rect {
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(border)
        .border_style(Style::default().fg(color))
        .title(Span::styled(format!(" {title} "), Style::default().add_modifier(Modifier::BOLD)))
        .title_alignment(Alignment::Center);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    inner
}

/// A rectangle of `width` × `height` centred in `area`.
pub(crate) fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect { x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width, height }
}

/// The rounded grey frame around the side panels.
pub(crate) fn panel_block() -> Block<'static> {
    Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(Style::default().fg(Color::DarkGray))
}
