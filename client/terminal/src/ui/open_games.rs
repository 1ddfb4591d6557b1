//! The list of open games, for both places they are found: the players hosting on the LAN (a
//! scrolling list) and the tables at a relay's lobby (a page at a time, with "open my table");
//! refreshed by the scan.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{BorderType, Paragraph};

use super::{ButtonSpec, back_and_keys, button, centred, titled_frame};
use crate::app::{App, Button, LOBBY_PAGE, ListKind};
use tripot_app::open_game::OpenGame;

const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

pub(super) fn draw(app: &mut App, frame: &mut Frame<'_>, area: Rect) {
    let lang = app.lang;
    let t = lang.t();
    let Some(kind) = app.open_games.as_ref().map(|l| l.kind) else { return };
    let (title, height, name_width, keys_text) = match kind {
        ListKind::Lan => (t.lan_title, area.height.saturating_sub(4).min(22), 10, t.lan_keys),
        ListKind::Lobby => {
            (t.lobby_title, (LOBBY_PAGE as u16 + 8).min(area.height.saturating_sub(4)), 16, t.lobby_keys)
        }
    };
    let rect = centred(area, 76, height);
    let inner = titled_frame(frame, rect, title, BorderType::Rounded, Color::LightYellow);
    let Some(list) = &app.open_games else { return };
    let spin = SPINNER[(app.ticks % SPINNER.len() as u64) as usize];
    let games = list.games().map(<[OpenGame]>::to_vec);
    let status = match (&list.error, &games, kind) {
        (Some(error), _, _) => {
            Span::styled(format!(" {}", lang.network_error(error)), Style::default().fg(Color::LightRed))
        }
        (None, None, ListKind::Lan) => {
            Span::styled(format!(" {spin} {}", t.lan_searching), Style::default().fg(Color::LightYellow))
        }
        (None, None, ListKind::Lobby) => {
            Span::styled(format!(" {spin} {}", t.lobby_reading), Style::default().fg(Color::LightYellow))
        }
        (None, Some(games), ListKind::Lan) if games.is_empty() => {
            Span::styled(format!(" {spin} {}", t.lan_none), Style::default().fg(Color::Gray))
        }
        (None, Some(games), ListKind::Lobby) if games.is_empty() => {
            Span::styled(format!(" {spin} {}", t.lobby_empty), Style::default().fg(Color::Gray))
        }
        (None, Some(_), ListKind::Lan) => {
            Span::styled(format!(" {spin} {}", t.lan_searching), Style::default().fg(Color::DarkGray))
        }
        (None, Some(games), ListKind::Lobby) => {
            let pages = games.len().div_ceil(LOBBY_PAGE).max(1);
            Span::styled(
                format!(" {spin} {} {}/{pages} · {} tables", t.page_word, list.page() + 1, games.len()),
                Style::default().fg(Color::Gray),
            )
        }
    };
    frame.render_widget(Paragraph::new(Line::from(status)), Rect { y: inner.y + 1, height: 1, ..inner });
    let selected = list.selected;
    let top = inner.y + 3;
    // The LAN's list scrolls to keep the choice in sight; the lobby shows its page.
    let (first, count, bottom) = match kind {
        ListKind::Lan => {
            let bottom = inner.y + inner.height.saturating_sub(2);
            let first = selected.saturating_sub(usize::from(bottom.saturating_sub(top)).saturating_sub(1));
            (first, usize::MAX, bottom)
        }
        ListKind::Lobby => (list.page() * LOBBY_PAGE, LOBBY_PAGE, (inner.y + inner.height).saturating_sub(1)),
    };
    let rows = games.iter().flatten().enumerate().skip(first).take(count);
    for (y, (i, game)) in (top..).zip(rows) {
        if y >= bottom {
            break;
        }
        let chosen = i == selected;
        let style = if chosen {
            Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD)
        } else {
            Style::default().fg(Color::White)
        };
        // A table of 3–6 seats says its game and free seats, or that it is under way, to be
        // watched; a two-seat game its game, the one seat free going without saying.
        let terms = if game.under_way {
            format!("{} · {}", lang.title_of(&game.game), lang.table_under_way())
        } else if game.invitation.is_some() {
            lang.open_table_terms(&game.game, game.seats, game.free_seats)
        } else {
            lang.title_of(&game.game)
        };
        let text = format!(
            "{}{:<name_width$} {terms} · {} {} s",
            if chosen { "▶ " } else { "  " },
            game.name,
            t.waiting_since,
            game.waiting_secs
        );
        let line = Rect { x: inner.x + 1, y, width: inner.width.saturating_sub(2), height: 1 };
        frame.render_widget(Paragraph::new(Span::styled(text, style)), line);
        app.hits.buttons.push((line.x, line.y, line.width, Button::OpenGame(i)));
    }
    let y = inner.y + inner.height.saturating_sub(1);
    let mut x = inner.x + 1;
    if kind == ListKind::Lobby {
        let can_open = games.is_some();
        let spec =
            ButtonSpec { label: t.open_table, key: Some('o'), which: Button::OpenTable, enabled: can_open };
        x += button(frame, &mut app.hits, x, y, spec) + 2;
    }
    let keys = back_and_keys(frame, &mut app.hits, (x, y), (t.back, keys_text), rect);
    if let Some(message) = &app.message {
        frame.render_widget(
            Paragraph::new(Span::styled(message.text.clone(), Style::default().fg(Color::LightRed)))
                .alignment(Alignment::Center),
            Rect { y: (keys.y + 1).min(area.height - 1), height: 1, ..area },
        );
    }
}
