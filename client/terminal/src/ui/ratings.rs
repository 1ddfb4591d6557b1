//! The « Classements » page: the game chosen, then the relay's table as `tripot ratings`
//! prints it, or the reading under way, or why it failed.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Paragraph, Wrap};

use tripot_app::ratings_table::table_lines;

use crate::app::App;
use crate::app::ratings::rated_games;

pub(super) fn draw(app: &App, frame: &mut Frame<'_>, area: Rect) {
    let lang = app.lang;
    let t = lang.ratings();
    let Some(page) = app.ratings() else { return };
    let width = 90.min(area.width);
    let rect = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y,
        width,
        height: area.height.saturating_sub(1),
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(Style::default().fg(Color::DarkGray))
        .title(Span::styled(
            format!(" {} ", t.title),
            Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD),
        ))
        .title_alignment(Alignment::Center);
    let bold = Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD);
    let mut lines = Vec::new();
    if let Some(info) = rated_games().get(page.game) {
        lines.push(Line::from(vec![
            Span::styled(format!("◀ {} ▶", lang.words(&info.title)), bold),
            Span::styled(format!("  {}", lang.period(page.period)), Style::default().fg(Color::Gray)),
        ]));
        lines.push(Line::from(Span::styled(lang.words(&info.description), Style::default().fg(Color::Gray))));
        lines.push(Line::default());
    }
    if let Some(table) = page.table() {
        let mut table_text = table_lines(lang, table).into_iter();
        if let Some(heading) = table_text.next() {
            lines.push(Line::from(Span::styled(heading, bold)));
        }
        lines
            .extend(table_text.map(|text| Line::from(Span::styled(text, Style::default().fg(Color::White)))));
    } else if let Some(error) = &page.error {
        lines.push(Line::from(Span::styled(lang.network_error(error), Style::default().fg(Color::LightRed))));
    } else if page.is_reading() {
        lines.push(Line::from(Span::styled(t.reading, Style::default().fg(Color::Gray))));
    }
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }).block(block), rect);
    frame.render_widget(
        Paragraph::new(Span::styled(t.keys, Style::default().fg(Color::Gray))).alignment(Alignment::Center),
        Rect { y: area.y + area.height.saturating_sub(1), height: 1, ..area },
    );
}
