//! The prompt offering to resume an unfinished game.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Paragraph};

use super::{ButtonSpec, button, centred};
use crate::app::{App, Button, Mode};

pub(super) fn draw(app: &mut App, frame: &mut Frame<'_>, area: Rect) {
    let lang = app.lang;
    let t = lang.t();
    let rect = centred(area, 60, 11);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(Style::default().fg(Color::LightYellow))
        .title(Span::styled(format!(" {} ", t.resume_title), Style::default().add_modifier(Modifier::BOLD)))
        .title_alignment(Alignment::Center);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let mut lines = vec![Line::from(""), Line::from(t.resume_question), Line::from("")];
    if let Some(saved) = &app.pending_table {
        let moves = saved.record.moves().len();
        let players = saved.record.tag("Table").unwrap_or_default().replace(',', ", ");
        lines.push(Line::from(Span::styled(
            format!("{} · {}", lang.s().resume_table, saved.record.variant()),
            Style::default().fg(Color::White).add_modifier(Modifier::BOLD),
        )));
        lines.push(Line::from(Span::styled(
            format!("{players} · {moves} {}", if moves == 1 { t.one_move } else { t.moves_count }),
            Style::default().fg(Color::Gray),
        )));
    } else if let Some(saved) = &app.pending_resume {
        let setup = crate::core::save_store::setup_of(&saved.record);
        let mode = match setup.map(|s| s.mode) {
            Some(Mode::Solo { level, .. }) => format!("{} · {}", t.solo, level.opponent()),
            _ => t.duel.to_owned(),
        };
        let moves = saved.record.moves().len();
        let date = saved.record.date.clone().unwrap_or_default();
        lines.push(Line::from(Span::styled(
            mode,
            Style::default().fg(Color::White).add_modifier(Modifier::BOLD),
        )));
        lines.push(Line::from(Span::styled(
            format!(
                "{} · {moves} {} · {date}",
                lang.format_label(saved.record.format()),
                if moves == 1 { t.one_move } else { t.moves_count }
            ),
            Style::default().fg(Color::Gray),
        )));
    }
    frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center), inner);
    let y = inner.y + inner.height - 2;
    let total = (t.resume.chars().count() + t.new_game.chars().count() + 16) as u16;
    let mut x = inner.x + inner.width.saturating_sub(total) / 2;
    x += button(
        frame,
        &mut app.hits,
        x,
        y,
        ButtonSpec { label: t.resume, key: Some('r'), which: Button::Resume, enabled: true },
    ) + 2;
    button(
        frame,
        &mut app.hits,
        x,
        y,
        ButtonSpec { label: t.new_game, key: Some('n'), which: Button::NewGame, enabled: true },
    );
    if let Some(message) = &app.message {
        frame.render_widget(
            Paragraph::new(Span::styled(message.text.clone(), Style::default().fg(Color::LightRed)))
                .alignment(Alignment::Center),
            Rect { y: (rect.y + rect.height).min(area.height - 1), height: 1, ..area },
        );
    }
}
