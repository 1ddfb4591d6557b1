//! The rules, short and readable.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Paragraph, Wrap};

use tripot_app::i18n::is_heading;

use crate::app::App;

pub(super) fn draw(app: &mut App, frame: &mut Frame<'_>, area: Rect) {
    let t = app.lang.t();
    let width = 90.min(area.width);
    let rect = Rect { x: area.x + (area.width - width) / 2, y: area.y, width, height: area.height - 1 };
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(Style::default().fg(Color::DarkGray))
        .title(Span::styled(
            format!(" {} ", t.rules),
            Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD),
        ))
        .title_alignment(Alignment::Center);
    let lines: Vec<Line<'_>> = t
        .rules_text
        .iter()
        .map(|&text| {
            if is_heading(text) {
                Line::from(Span::styled(
                    text,
                    Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD),
                ))
            } else {
                Line::from(Span::styled(text, Style::default().fg(Color::White)))
            }
        })
        .collect();
    // The page scrolls no further than its last line at the bottom of the frame: the handler
    // clamps to what the last frame measured, and a resize is clamped here.
    let inner = block.inner(rect);
    let paragraph = Paragraph::new(lines).wrap(Wrap { trim: false });
    let total = u16::try_from(paragraph.line_count(inner.width)).unwrap_or(u16::MAX);
    app.rules_max_scroll = total.saturating_sub(inner.height);
    app.rules_scroll = app.rules_scroll.min(app.rules_max_scroll);
    frame.render_widget(paragraph.block(block).scroll((app.rules_scroll, 0)), rect);
    frame.render_widget(
        Paragraph::new(Span::styled(t.rules_keys, Style::default().fg(Color::Gray)))
            .alignment(Alignment::Center),
        Rect { y: area.y + area.height - 1, height: 1, ..area },
    );
}
