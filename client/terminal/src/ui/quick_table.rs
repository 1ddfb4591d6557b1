//! The wait of a quick match for a table of 3–6 seats: what is sought, how it goes (reading
//! the lobby, sitting at a table, our own table open there) and for how long, in a box at the
//! screen's centre; Esc gives up.

use std::time::Duration;

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{BorderType, Paragraph, Wrap};
use tripot_net::table_online::QuickTableProgress;

use super::online::{SPINNER, duration_text};
use super::{centred, titled_frame};
use crate::app::App;

pub(super) fn draw(app: &mut App, frame: &mut Frame<'_>, area: Rect) {
    let lang = app.lang;
    let w = lang.seats_words();
    let Some(wait) = app.quick_table() else { return };
    let spin = SPINNER[(app.ticks % SPINNER.len() as u64) as usize];
    let waited = Duration::from_millis(app.ticks.saturating_sub(wait.started_at) * 100);
    let headline = match wait.progress {
        QuickTableProgress::Seeking => w.seek_reading,
        QuickTableProgress::Joining(_) => w.seek_joining,
        QuickTableProgress::Hosting => w.seek_hosting,
    };
    let game = wait
        .choice
        .game
        .map_or_else(|| lang.any_game_of(wait.choice.seats), |game| lang.words(&game.title).to_owned());
    let grey = Style::default().fg(Color::Gray);
    let lines = vec![
        Line::from(""),
        Line::from(vec![
            Span::styled(format!("{spin} "), Style::default().fg(Color::LightYellow)),
            Span::styled(
                format!("{headline} {}", duration_text(waited)),
                Style::default().fg(Color::White).add_modifier(Modifier::BOLD),
            ),
        ]),
        Line::from(Span::styled(format!("{} : {game}", lang.s().game), grey)),
        Line::from(""),
        Line::from(Span::styled(w.seek_keys, Style::default().fg(Color::DarkGray))),
    ];
    let rect = centred(area, 72, 9);
    let inner = titled_frame(frame, rect, w.quick_table, BorderType::Rounded, Color::LightYellow);
    frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center).wrap(Wrap { trim: true }), inner);
}
