//! The set-up form of a game on this device, the game's one-line description under it and, on
//! wide terminals, its start beside it.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Paragraph};

use tripot_app::computer_names::computer_name;
use tripot_app::seat_kind::SeatKind;

use super::cell_board::{self, CellMarks};
use super::setting_line::push_setting;
use crate::app::{App, Button, Meeting, TableLine};

/// Width of the setting names column.
const LABEL: usize = 18;

pub(super) fn draw(app: &mut App, frame: &mut Frame<'_>, area: Rect) {
    let lang = app.lang;
    let s = lang.s();
    let wide = area.width >= 120;
    let menu_width = 70.min(area.width);
    let preview_width = if wide { 40 } else { 0 };
    let left = area.x + area.width.saturating_sub(menu_width + preview_width) / 2;
    let lines = app.table_menu.lines();
    let height = (lines.len() as u16 + 8).min(area.height);
    let top = area.y + area.height.saturating_sub(height) / 2;
    frame.render_widget(
        Paragraph::new(Line::from(Span::styled(
            format!("✱  {}  ✱", s.page_title),
            Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD),
        )))
        .alignment(Alignment::Center),
        Rect { x: area.x, y: top, width: area.width, height: 1 },
    );
    let box_rect = Rect { x: left, y: top + 2, width: menu_width, height: lines.len() as u16 + 4 };
    frame.render_widget(
        Block::default()
            .borders(Borders::ALL)
            .border_type(BorderType::Rounded)
            .border_style(Style::default().fg(Color::DarkGray)),
        box_rect,
    );
    let mut y = box_rect.y + 1;
    for (i, line) in lines.iter().copied().enumerate() {
        if line == TableLine::Start {
            y += 1;
        }
        let rect = Rect { x: left + 2, y, width: menu_width - 4, height: 1 };
        draw_line(app, frame, rect, i, line);
        y += 1;
    }
    // Under the form only: the board beside it is drawn as high as it needs.
    let keys = Rect {
        x: left,
        y: (box_rect.y + box_rect.height).min(area.height - 1),
        width: menu_width,
        height: 1,
    };
    frame.render_widget(
        Paragraph::new(Span::styled(s.page_keys, Style::default().fg(Color::Gray)))
            .alignment(Alignment::Center),
        keys,
    );
    let mut description = lang.words(&app.table_menu.game.description).to_owned();
    if app.table_menu.online {
        description = format!("{description} {}", lang.seats_words().computers_first);
    }
    let paragraph = Paragraph::new(Span::styled(description, Style::default().fg(Color::White)))
        .alignment(Alignment::Center)
        .wrap(ratatui::widgets::Wrap { trim: true });
    // As many lines as the description wraps to (two cut a long one short), within the screen.
    let below = area.y + area.height - (keys.y + 1).min(area.y + area.height - 1);
    let wanted = u16::try_from(paragraph.line_count(keys.width)).unwrap_or(u16::MAX);
    let description = Rect { y: (keys.y + 1).min(area.height - 1), height: wanted.min(below), ..keys };
    frame.render_widget(paragraph, description);
    if let Some(message) = &app.message {
        let rect = Rect { y: (description.y + description.height).min(area.height - 1), ..keys };
        frame.render_widget(
            Paragraph::new(Span::styled(message.text.clone(), Style::default().fg(Color::LightRed)))
                .alignment(Alignment::Center),
            rect,
        );
    }
    if wide && let Ok((start, _)) = app.table_menu.start() {
        let rect = Rect { x: left + menu_width + 2, y: box_rect.y, width: preview_width - 2, height: 22 };
        cell_board::draw(frame, rect.intersection(area), &start.board(), &CellMarks::default(), 0);
    }
}

fn draw_line(app: &mut App, frame: &mut Frame<'_>, rect: Rect, i: usize, line: TableLine) {
    let lang = app.lang;
    let s = lang.s();
    let menu = &app.table_menu;
    let selected = menu.selected == i;
    let (name, value): (String, Option<String>) = match line {
        TableLine::Family => (s.game.to_owned(), Some(lang.words(&menu.game.family.name()).to_owned())),
        TableLine::Game => (s.variant.to_owned(), Some(lang.words(&menu.game.title).to_owned())),
        TableLine::Where => {
            let w = lang.seats_words();
            (w.where_label.to_owned(), Some((if menu.online { w.online } else { w.here }).to_owned()))
        }
        TableLine::Clock => (lang.seats_words().clock.to_owned(), Some(lang.clock_rule(menu.clock))),
        TableLine::Spectators => {
            let w = lang.seats_words();
            (w.spectators.to_owned(), Some((if menu.spectators { w.yes } else { w.no }).to_owned()))
        }
        TableLine::Room => {
            let w = lang.seats_words();
            let place = match menu.meeting {
                Meeting::Link => w.meet_link,
                Meeting::Room => w.meet_room,
                Meeting::Lobby => w.meet_lobby,
            };
            (w.room.to_owned(), Some(place.to_owned()))
        }
        TableLine::Seat(0) if menu.online => {
            (lang.seat_label(1), Some(lang.seats_words().host_seat.to_owned()))
        }
        TableLine::Seat(k) if menu.online && menu.seats.get(k) == Some(&SeatKind::Person) => {
            (lang.seat_label(k + 1), Some(lang.seats_words().guest.to_owned()))
        }
        TableLine::Seat(k) => {
            // Each computer by the name it will have at the table (two at one level differ).
            let seats = &menu.seats[..usize::from(menu.game.seats).min(menu.seats.len())];
            let seat = tripot_game::Seat(u8::try_from(k).unwrap_or(u8::MAX));
            let player = match seats.get(k) {
                Some(&SeatKind::Computer(level)) => format!(
                    "{} · {}",
                    lang.level_label(level),
                    computer_name(seats, seat).unwrap_or_else(|| level.opponent())
                ),
                Some(&kind) => lang.seat_kind(kind),
                None => String::new(),
            };
            (lang.seat_label(k + 1), Some(player))
        }
        TableLine::Opener => (s.opener.to_owned(), Some(lang.table_opener(menu.opener))),
        TableLine::Start if menu.online => (lang.seats_words().host_start.to_owned(), None),
        TableLine::Start => (s.start.to_owned(), None),
        TableLine::Back => (s.back.to_owned(), None),
    };
    let base = if selected {
        Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD)
    } else if value.is_some() {
        Style::default().fg(Color::Gray)
    } else {
        Style::default().fg(Color::White).add_modifier(Modifier::BOLD)
    };
    let mut spans = vec![Span::styled(if selected { "▶ " } else { "  " }, base)];
    match value {
        None => spans.push(Span::styled(name, base)),
        Some(value) => {
            let label = format!("{name:<LABEL$}");
            push_setting(&mut spans, &mut app.hits, rect, (label, value), (base, selected), i);
        }
    }
    app.hits.buttons.push((rect.x, rect.y, rect.width, Button::MenuLine(i)));
    frame.render_widget(Paragraph::new(Line::from(spans)), rect);
}
