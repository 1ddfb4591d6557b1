//! The join page: a field for the host's address.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{BorderType, Paragraph, Wrap};

use super::{ButtonSpec, back_and_keys, button, centred, titled_frame};
use crate::app::{App, Button};

pub(super) fn draw(app: &mut App, frame: &mut Frame<'_>, area: Rect) {
    let t = app.lang.t();
    let rect = centred(area, 76, 12);
    let inner = titled_frame(frame, rect, t.join_title, BorderType::Rounded, Color::LightYellow);
    let field_width = inner.width.saturating_sub(4) as usize;
    // The end of a long address stays in view while typing.
    let typed: Vec<char> = app.join_input.chars().collect();
    let shown: String = typed[typed.len().saturating_sub(field_width - 1)..].iter().collect();
    let field = format!("{shown}▏{}", " ".repeat(field_width.saturating_sub(shown.chars().count() + 1)));
    let lines = vec![
        Line::from(""),
        Line::from(Span::styled(format!(" {}", t.join_prompt), Style::default().fg(Color::White))),
        Line::from(vec![
            Span::raw(" "),
            Span::styled(field, Style::default().fg(Color::LightCyan).bg(Color::Rgb(30, 30, 30))),
        ]),
        Line::from(""),
        Line::from(Span::styled(format!(" {}", t.join_help), Style::default().fg(Color::Gray))),
    ];
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), Rect { height: 7, ..inner });
    // A table's link takes the first free seat, a chosen one, or watches, as Tab chooses.
    if app.join_input.trim_start().starts_with("tripot://") {
        let choice = app.lang.join_choice(app.join_wants);
        let keys = app.lang.seats_words().join_choice_keys;
        frame.render_widget(
            Paragraph::new(Span::styled(
                format!(" → {choice} {keys}"),
                Style::default().fg(Color::LightCyan),
            )),
            Rect { y: inner.y + 3, height: 1, ..inner },
        );
    }
    let y = inner.y + inner.height - 2;
    let mut x = inner.x + 1;
    x += button(
        frame,
        &mut app.hits,
        x,
        y,
        ButtonSpec {
            label: t.join_go,
            key: None,
            which: Button::JoinGo,
            enabled: !app.join_input.trim().is_empty(),
        },
    ) + 2;
    let keys = back_and_keys(frame, &mut app.hits, (x, y), (t.back, t.join_keys), rect);
    if let Some(message) = &app.message {
        frame.render_widget(
            Paragraph::new(Span::styled(message.text.clone(), Style::default().fg(Color::LightRed)))
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: true }),
            Rect {
                y: (keys.y + 1).min(area.height - 1),
                height: 2.min(area.height - keys.y - 1).max(1),
                ..area
            },
        );
    }
}
