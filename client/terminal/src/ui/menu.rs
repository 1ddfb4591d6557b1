//! The main menu, with a picture of the chosen format's start beside it on wide terminals.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Wrap};
use tripot_engine::Rules;

use super::setting_line::push_setting;
use crate::app::{App, Button, HostGame, MenuItem, OpenerChoice};
use tripot_app::i18n::Lang;

/// Width of the board's picture beside the menu, its margins included.
const PREVIEW_WIDTH: u16 = 36;

/// Width of the setting names column.
const LABEL: usize = 12;

pub(super) fn draw(app: &mut App, frame: &mut Frame<'_>, area: Rect) {
    let t = app.lang.t();
    let wide = area.width >= 110;
    let menu_width = 66.min(area.width);
    let preview_width = if wide { PREVIEW_WIDTH } else { 0 };
    let total = menu_width + preview_width;
    let left = area.x + area.width.saturating_sub(total) / 2;
    let groups = MenuItem::ALL.iter().filter(|i| i.starts_group()).count() as u16;
    // The groups are set apart by a blank line where the rows allow it; at 80×30 every row
    // holds a line.
    let spaced = MenuItem::ALL.len() as u16 + groups + 7 <= area.height;
    let groups = if spaced { groups } else { 0 };
    let height = (MenuItem::ALL.len() as u16 + groups + 7).min(area.height);
    let top = area.y + area.height.saturating_sub(height) / 2;

    let title = vec![
        Line::from(Span::styled(
            format!("✱  {}  ✱", t.title),
            Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD),
        )),
        Line::from(Span::styled(t.subtitle, Style::default().fg(Color::Gray).add_modifier(Modifier::ITALIC))),
    ];
    frame.render_widget(
        Paragraph::new(title).alignment(Alignment::Center),
        Rect { x: area.x, y: top, width: area.width, height: 2 },
    );

    let y0 = top + 3;
    let box_rect = Rect { x: left, y: y0, width: menu_width, height: height.saturating_sub(5) };
    let mut block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(Style::default().fg(Color::DarkGray));
    // An unfinished game kept for later is offered on the frame's top line: it fits at 80×30,
    // where the menu already fills every row.
    if !app.resume_choices.is_empty() {
        let text = format!(" {} ", t.menu_resume);
        let width = (text.chars().count() as u16).min(menu_width.saturating_sub(4));
        block = block
            .title(Span::styled(text, Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD)))
            .title_alignment(Alignment::Center);
        let x = left + menu_width.saturating_sub(width) / 2;
        app.hits.buttons.push((x, y0, width, Button::Resume));
    }
    frame.render_widget(block, box_rect);
    let mut y = y0 + 1;
    for (i, item) in MenuItem::ALL.into_iter().enumerate() {
        if spaced && item.starts_group() {
            y += 1;
        }
        let selected = app.menu.selected == i;
        draw_line(app, frame, Rect { x: left + 2, y, width: menu_width - 4, height: 1 }, i, item, selected);
        y += 1;
    }
    let keys = Rect {
        x: area.x,
        y: (box_rect.y + box_rect.height).min(area.height - 1),
        width: area.width,
        height: 1,
    };
    frame.render_widget(
        Paragraph::new(Span::styled(t.menu_keys, Style::default().fg(Color::Gray)))
            .alignment(Alignment::Center),
        keys,
    );
    if let Some(message) = &app.message {
        // Read whole: below the keys where it fits, else over the title (a network failure's
        // reason runs over several lines at 80 columns).
        let paragraph =
            Paragraph::new(Span::styled(message.text.clone(), Style::default().fg(Color::LightRed)))
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: true });
        let needed = u16::try_from(paragraph.line_count(area.width)).unwrap_or(u16::MAX);
        let below = (keys.y + 1).min(area.y + area.height - 1);
        let rect = if needed <= area.y + area.height - below {
            Rect { x: area.x, y: below, width: area.width, height: area.y + area.height - below }
        } else {
            let rect =
                Rect { x: area.x, y: area.y, width: area.width, height: y0.saturating_sub(area.y).max(1) };
            frame.render_widget(Clear, rect);
            rect
        };
        frame.render_widget(paragraph, rect);
    }
    if wide {
        let rect =
            Rect { x: left + menu_width + 2, y: y0, width: preview_width - 2, height: box_rect.height };
        // The table line shows the start of the form's game (the duel's board otherwise).
        if app.menu.item() == MenuItem::Table
            && let Ok((start, _)) = app.table_menu.start()
        {
            let marks = super::cell_board::CellMarks::default();
            super::cell_board::draw(frame, rect, &start.board(), &marks, 0);
            return;
        }
        let format = match app.menu.item() {
            MenuItem::Duel | MenuItem::DuelFormat | MenuItem::DuelOpener => app.menu.duel_format,
            MenuItem::Host | MenuItem::HostFormat | MenuItem::HostOpener | MenuItem::HostRoom => {
                match app.menu.host_game {
                    HostGame::Duel(format) => format,
                    // Another game is previewed by its name only.
                    HostGame::Other(_) => return,
                }
            }
            MenuItem::Quick | MenuItem::QuickFormat => app.menu.quick_format.unwrap_or(app.menu.solo_format),
            _ => app.menu.solo_format,
        };
        let start = tripot_engine::duel_spec(format, Rules::Tripot)
            .ok()
            .and_then(|spec| tripot_engine::open(&spec).ok());
        if let Some(start) = start {
            super::cell_board::draw(frame, rect, &start.board(), &super::cell_board::CellMarks::default(), 0);
        }
    }
}

fn draw_line(app: &mut App, frame: &mut Frame<'_>, rect: Rect, i: usize, item: MenuItem, selected: bool) {
    let t = app.lang.t();
    let lang = app.lang;
    let menu = &app.menu;
    let pointer = if selected { "▶ " } else { "  " };
    let (name, value): (&str, Option<String>) = match item {
        MenuItem::Solo => (t.solo, None),
        MenuItem::Duel => (t.duel, None),
        MenuItem::Host => (t.host_game, None),
        MenuItem::Join => (t.join_game, None),
        MenuItem::Lan => (t.lan_players, None),
        MenuItem::Quick => (t.quick_match, None),
        MenuItem::Lobby => (t.lobby, None),
        MenuItem::Table => (app.lang.s().menu_line, None),
        MenuItem::QuickFormat => (
            t.format,
            Some(menu.quick_format.map_or_else(|| t.any_format.to_owned(), |f| lang.format_label(f))),
        ),
        MenuItem::HostFormat => (
            t.format,
            Some(match menu.host_game {
                HostGame::Duel(format) => lang.format_label(format),
                HostGame::Other(info) => lang.words(&info.title).to_owned(),
            }),
        ),
        MenuItem::HostOpener => (t.opener, Some(host_opener_label(lang, menu.host_opener))),
        MenuItem::HostRoom => {
            (t.room_setting, Some(if menu.host_room { t.room_yes } else { t.room_no }.to_owned()))
        }
        MenuItem::QuickTable => (lang.seats_words().quick_table, None),
        MenuItem::QuickTableGame => (
            lang.s().game,
            Some(menu.quick_table.game.map_or_else(
                || lang.any_game_of(menu.quick_table.seats),
                |game| lang.words(&game.title).to_owned(),
            )),
        ),
        MenuItem::Ratings => (lang.ratings().title, None),
        MenuItem::Rules => (t.rules, None),
        MenuItem::Quit => (t.quit, None),
        MenuItem::Level => {
            let label = match lang {
                Lang::Fr => menu.level.label_fr(),
                Lang::En => menu.level.label_en(),
            };
            (t.level, Some(format!("{label} · {}", menu.level.opponent())))
        }
        MenuItem::SoloFormat => (t.format, Some(lang.format_label(menu.solo_format))),
        MenuItem::DuelFormat => (t.format, Some(lang.format_label(menu.duel_format))),
        MenuItem::SoloOpener => (t.opener, Some(opener_label(lang, menu.solo_opener, true))),
        MenuItem::DuelOpener => (t.opener, Some(opener_label(lang, menu.duel_opener, false))),
    };
    let base = if !item.enabled() {
        Style::default().fg(Color::DarkGray)
    } else if selected {
        Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD)
    } else if item.is_setting() {
        Style::default().fg(Color::Gray)
    } else {
        Style::default().fg(Color::White).add_modifier(Modifier::BOLD)
    };
    let mut spans = vec![Span::styled(pointer, base)];
    match value {
        None => spans.push(Span::styled(name.to_owned(), base)),
        Some(value) => {
            let label = format!("    {name:<LABEL$}");
            push_setting(&mut spans, &mut app.hits, rect, (label, value), (base, selected), i);
        }
    }
    if item.enabled() {
        app.hits.buttons.push((rect.x, rect.y, rect.width, Button::MenuLine(i)));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), rect);
}

fn opener_label(lang: Lang, choice: OpenerChoice, solo: bool) -> String {
    let t = lang.t();
    match (choice, solo) {
        (OpenerChoice::First, true) => t.opener_me.to_owned(),
        (OpenerChoice::Second, true) => t.opener_computer.to_owned(),
        (OpenerChoice::First, false) => lang.player(tripot_game::Seat(0)),
        (OpenerChoice::Second, false) => lang.player(tripot_game::Seat(1)),
        (OpenerChoice::Draw, _) => t.opener_draw.to_owned(),
    }
}

fn host_opener_label(lang: Lang, choice: OpenerChoice) -> String {
    let t = lang.t();
    match choice {
        OpenerChoice::First => t.opener_me.to_owned(),
        OpenerChoice::Second => t.opener_opponent.to_owned(),
        OpenerChoice::Draw => t.opener_draw.to_owned(),
    }
}
