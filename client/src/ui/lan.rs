//! The LAN page: the players hosting on the local network, refreshed by the scan.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Paragraph};

use super::{ButtonSpec, button, centred};
use crate::app::{App, Button};

const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

pub(super) fn draw(app: &mut App, frame: &mut Frame<'_>, area: Rect) {
    let lang = app.lang;
    let t = lang.t();
    let rect = centred(area, 76, area.height.saturating_sub(4).min(22));
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(Style::default().fg(Color::LightYellow))
        .title(Span::styled(format!(" {} ", t.lan_title), Style::default().add_modifier(Modifier::BOLD)))
        .title_alignment(Alignment::Center);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let Some(lan) = &app.lan else { return };
    let spin = SPINNER[(app.ticks % SPINNER.len() as u64) as usize];
    let mut y = inner.y + 1;
    let status = match (&lan.error, &lan.hosts) {
        (Some(error), _) => {
            Span::styled(format!(" {}", lang.network_error(error)), Style::default().fg(Color::LightRed))
        }
        (None, None) => {
            Span::styled(format!(" {spin} {}", t.lan_searching), Style::default().fg(Color::LightYellow))
        }
        (None, Some(hosts)) if hosts.is_empty() => {
            Span::styled(format!(" {spin} {}", t.lan_none), Style::default().fg(Color::Gray))
        }
        (None, Some(_)) => {
            Span::styled(format!(" {spin} {}", t.lan_searching), Style::default().fg(Color::DarkGray))
        }
    };
    frame.render_widget(Paragraph::new(Line::from(status)), Rect { y, height: 1, ..inner });
    y += 2;
    let room = inner.y + inner.height.saturating_sub(2);
    let hosts = lan.hosts.clone().unwrap_or_default();
    let selected = lan.selected;
    let first = selected.saturating_sub(usize::from(room.saturating_sub(y)).saturating_sub(1));
    for (i, host) in hosts.iter().enumerate().skip(first) {
        if y >= room {
            break;
        }
        let chosen = i == selected;
        let style = if chosen {
            Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD)
        } else {
            Style::default().fg(Color::White)
        };
        // The Tripot's rules go without saying; another preset is named.
        let rules = if host.rules == "tripot" { String::new() } else { format!(" · {}", host.rules) };
        let text = format!(
            "{}{:<10} {} {}{rules} · {} {} s",
            if chosen { "▶ " } else { "  " },
            host.name,
            t.format.to_lowercase(),
            host.format,
            t.waiting_since,
            host.waiting_secs
        );
        let line = Rect { x: inner.x + 1, y, width: inner.width.saturating_sub(2), height: 1 };
        frame.render_widget(Paragraph::new(Span::styled(text, style)), line);
        app.hits.buttons.push((line.x, line.y, line.width, Button::LanHost(i)));
        y += 1;
    }
    let label = t.back;
    button(
        frame,
        &mut app.hits,
        inner.x + 1,
        inner.y + inner.height.saturating_sub(1),
        ButtonSpec { label, key: None, which: Button::Menu, enabled: true },
    );
    let keys = Rect { y: (rect.y + rect.height).min(area.height - 1), height: 1, ..area };
    frame.render_widget(
        Paragraph::new(Span::styled(t.lan_keys, Style::default().fg(Color::Gray)))
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
