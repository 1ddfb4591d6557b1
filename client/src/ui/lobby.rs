//! The lobby page: the open tables at the relay, a page at a time, refreshed by the scan.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Paragraph};

use super::{ButtonSpec, button, centred};
use crate::app::{App, Button, LOBBY_PAGE};

const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

pub(super) fn draw(app: &mut App, frame: &mut Frame<'_>, area: Rect) {
    let lang = app.lang;
    let t = lang.t();
    let rect = centred(area, 76, (LOBBY_PAGE as u16 + 8).min(area.height.saturating_sub(4)));
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(Style::default().fg(Color::LightYellow))
        .title(Span::styled(format!(" {} ", t.lobby_title), Style::default().add_modifier(Modifier::BOLD)))
        .title_alignment(Alignment::Center);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let Some(lobby) = &app.lobby else { return };
    let spin = SPINNER[(app.ticks % SPINNER.len() as u64) as usize];
    let tables = lobby.list.as_ref().map(|l| l.tables.clone());
    let pages = tables.as_ref().map_or(1, |t| t.len().div_ceil(LOBBY_PAGE).max(1));
    let status = match (&lobby.error, &tables) {
        (Some(error), _) => {
            Span::styled(format!(" {}", lang.network_error(error)), Style::default().fg(Color::LightRed))
        }
        (None, None) => {
            Span::styled(format!(" {spin} {}", t.lobby_reading), Style::default().fg(Color::LightYellow))
        }
        (None, Some(tables)) if tables.is_empty() => {
            Span::styled(format!(" {spin} {}", t.lobby_empty), Style::default().fg(Color::Gray))
        }
        (None, Some(tables)) => Span::styled(
            format!(" {spin} {} {}/{pages} · {} tables", t.page_word, lobby.page() + 1, tables.len()),
            Style::default().fg(Color::Gray),
        ),
    };
    frame.render_widget(Paragraph::new(Line::from(status)), Rect { y: inner.y + 1, height: 1, ..inner });
    let first = lobby.page() * LOBBY_PAGE;
    let selected = lobby.selected;
    let rows = tables.iter().flatten().enumerate().skip(first).take(LOBBY_PAGE);
    for (y, (i, table)) in (inner.y + 3..).zip(rows) {
        if y + 2 > inner.y + inner.height {
            break;
        }
        let chosen = i == selected;
        let style = if chosen {
            Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD)
        } else {
            Style::default().fg(Color::White)
        };
        let rules = if table.rules == "tripot" { String::new() } else { format!(" · {}", table.rules) };
        let text = format!(
            "{}{:<16} {} {}{rules} · {} {} s",
            if chosen { "▶ " } else { "  " },
            table.name,
            t.format.to_lowercase(),
            table.format,
            t.waiting_since,
            table.waiting_secs
        );
        let line = Rect { x: inner.x + 1, y, width: inner.width.saturating_sub(2), height: 1 };
        frame.render_widget(Paragraph::new(Span::styled(text, style)), line);
        app.hits.buttons.push((line.x, line.y, line.width, Button::LobbyTable(i)));
    }
    let y = inner.y + inner.height.saturating_sub(1);
    let mut x = inner.x + 1;
    let can_open = tables.is_some();
    x += button(
        frame,
        &mut app.hits,
        x,
        y,
        ButtonSpec { label: t.open_table, key: Some('o'), which: Button::OpenTable, enabled: can_open },
    ) + 2;
    button(
        frame,
        &mut app.hits,
        x,
        y,
        ButtonSpec { label: t.back, key: None, which: Button::Menu, enabled: true },
    );
    let keys = Rect { y: (rect.y + rect.height).min(area.height - 1), height: 1, ..area };
    frame.render_widget(
        Paragraph::new(Span::styled(t.lobby_keys, Style::default().fg(Color::Gray)))
            .alignment(Alignment::Center),
        keys,
    );
    if let Some(message) = &app.message {
        frame.render_widget(
            Paragraph::new(Span::styled(message.text.clone(), Style::default().fg(Color::LightRed)))
                .alignment(Alignment::Center),
            Rect { y: (keys.y + 1).min(area.height - 1), height: 1, ..area },
        );
    }
}
