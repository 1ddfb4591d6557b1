//! An online table of 2–6 seats on the one game screen: the seats panel beside the board (who
//! sits where, you, the computers and their levels, who is away, who hosts, the clocks and the
//! clock's moves in a row, whose turn), the chat's last lines and its field, the invitation to
//! share, the draw offered, the end with the rematch vote; before the game, the seats being
//! taken and the invitation on a page of their own.

use std::time::Instant;

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{BorderType, Clear, Paragraph, Wrap};
use tripot_app::i18n::Lang;
use tripot_app::online_seats::{ChatFrom, LobbyWay, OnlineSeats, SeatView, SeatsView};
use tripot_app::table::Table;
use tripot_game::{Outcome, Seat};

use super::cell_board::SEAT_COLOURS;
use super::{ButtonSpec, centred};
use crate::app::{App, Button, OnlineSeatsScreen};

/// Chat lines shown under the seats, at most.
const CHAT_LINES: usize = 6;

/// A seat's name as the board's panels say it: « vous (Ana) », « Béa », « ordinateur moyen ».
pub(super) fn seat_name(lang: Lang, view: &SeatsView, seat: Seat) -> String {
    view.seats
        .get(seat.index())
        .map_or_else(|| lang.seat_label(seat.index() + 1), |s| lang.seat_holder(&s.holder))
}

/// The open table's screen and its seats as they are now; `None` when no table is open.
fn seen(app: &App) -> Option<(&OnlineSeatsScreen, SeatsView)> {
    let screen = app.online_seats.as_ref()?;
    Some((screen, screen.online.view(Instant::now())))
}

/// One seat's line: its colour, its holder, its marks and its clock.
fn seat_line(
    lang: Lang,
    view: &SeatsView,
    seat: &SeatView,
    table: Option<&Table>,
    width: u16,
) -> Vec<Line<'static>> {
    let w = lang.seats_words();
    let to_move = view.to_move == Some(seat.seat) && view.end.is_none();
    let name_style = if to_move {
        Style::default().fg(Color::White).add_modifier(Modifier::BOLD)
    } else {
        Style::default().fg(Color::Gray)
    };
    let tint = SEAT_COLOURS[seat.seat.index() % SEAT_COLOURS.len()];
    let mut spans = vec![
        Span::styled(
            if to_move { " ▶ " } else { "   " },
            Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD),
        ),
        Span::styled("●", Style::default().fg(tint).add_modifier(Modifier::BOLD)),
        Span::styled(format!(" {}", lang.seat_holder(&seat.holder)), name_style),
    ];
    // The seat's camp, as the table offline names it (« (S) », « (NW) »): which pawns are whose.
    if let Some(table) = table {
        spans.push(Span::styled(format!(" ({})", table.state().seat_name(seat.seat)), name_style));
    }
    if let Some(clock) = seat.clock {
        let style = if clock.running {
            Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD)
        } else {
            Style::default().fg(Color::DarkGray)
        };
        spans.push(Span::styled(format!("  {}", lang.clock_left(clock.left)), style));
    }
    let mut marks = Vec::new();
    if seat.host {
        marks.push(w.host_mark.to_owned());
    }
    if seat.claimable {
        marks.push(w.claimable.to_owned());
    } else if seat.away {
        marks.push(w.away.to_owned());
    }
    if seat.timeouts > 0 {
        marks.push(format!("{} {}", seat.timeouts, w.timeouts));
    }
    if seat.muted {
        marks.push(w.muted.to_owned());
    }
    // The seat's standing as offline (« arrivées 3/10 »), short: the panel also holds the chat.
    if let Some(table) = table {
        marks.extend(super::game_table::seat_detail(lang, table, seat.seat, true));
    }
    let mut lines = vec![Line::from(spans)];
    lines.extend(super::game_table::detail_lines(&marks, width));
    lines
}

/// The chat's last lines (`room` at most), oldest first, each cut to `width`.
fn chat_lines(lang: Lang, view: &SeatsView, room: usize, width: u16) -> Vec<Line<'static>> {
    let w = lang.seats_words();
    let width = usize::from(width).saturating_sub(2);
    let mut lines = Vec::new();
    for entry in view.chat.iter().rev().take(room).rev() {
        let (who, colour) = match &entry.from {
            ChatFrom::You => (lang.seats_who(&tripot_app::online_seats::Who::You), Color::LightCyan),
            ChatFrom::Seat { seat, name } => (name.clone(), SEAT_COLOURS[seat.index() % SEAT_COLOURS.len()]),
            ChatFrom::Spectator => (w.spectator.to_owned(), Color::DarkGray),
        };
        let text: String = format!("{who} : {}", entry.text).chars().take(width).collect();
        let (head, tail) = text.split_at(text.find(':').unwrap_or(0));
        lines.push(Line::from(vec![
            Span::styled(format!(" {head}"), Style::default().fg(colour)),
            Span::styled(tail.to_owned(), Style::default().fg(Color::White)),
        ]));
    }
    lines
}

/// The panel beside the board.
pub(super) fn draw_panel(app: &mut App, frame: &mut Frame<'_>, panel: Rect) {
    let Some((screen, view)) = seen(app) else { return };
    let online = &screen.online;
    let lang = app.lang;
    let t = lang.t();
    let w = lang.seats_words();
    let block = super::panel_block();
    let inner = block.inner(panel);
    frame.render_widget(block, panel);
    let mut lines = vec![Line::from(Span::styled(
        format!(" {} · {}", w.seats_title, lang.clock_rule(view.clock)),
        Style::default().fg(Color::White).add_modifier(Modifier::BOLD),
    ))];
    for seat in &view.seats {
        lines.extend(seat_line(lang, &view, seat, online.table(), inner.width));
    }
    if view.watching > 0 {
        let watching = lang.spectators_watching(view.watching);
        lines.push(Line::from(Span::styled(format!(" {watching}"), Style::default().fg(Color::Gray))));
    }
    if view.my_seat.is_none() {
        lines.push(Line::from(Span::styled(
            format!(" {}", w.watching),
            Style::default().fg(Color::LightCyan),
        )));
    }
    // A seat left empty (a rematch seating only those who voted): the link to share again.
    let empty = view.seats.iter().any(|s| s.holder == tripot_app::online_seats::SeatHolderView::Empty);
    if let Some(invitation) = view.invitation.as_ref().filter(|_| empty) {
        lines.push(Line::from(Span::styled(format!(" {} :", w.share), Style::default().fg(Color::Gray))));
        lines.push(Line::from(Span::styled(invitation.clone(), Style::default().fg(Color::LightCyan))));
    }
    if online.may_answer_draw() {
        lines.push(Line::from(Span::styled(
            format!(" {}", w.draw_offered),
            Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD),
        )));
    }
    let header = Paragraph::new(lines).wrap(Wrap { trim: false });
    let header_height = u16::try_from(header.line_count(inner.width)).unwrap_or(u16::MAX).min(inner.height);
    frame.render_widget(header, Rect { height: header_height, ..inner });

    let over = view.end.is_some();
    let buttons: Vec<(&str, char, Button, bool)> = if over {
        vec![(w.vote, 'v', Button::Vote, online.may_vote()), (t.menu, 'q', Button::Menu, true)]
    } else {
        let mut buttons = vec![(t.resign, 'a', Button::Resign, online.accepts_moves())];
        if view.spec.seats == 2 {
            buttons.push((w.draw, '=', Button::OfferDraw, online.may_offer_draw()));
        }
        if !online.claimable().is_empty() {
            buttons.push((t.claim, 'r', Button::Claim, true));
        }
        buttons.extend([(t.coords, 'n', Button::Coords, true), (t.menu, 'q', Button::Menu, true)]);
        buttons
    };
    let y = super::button_rows(frame, &mut app.hits, inner, inner.y + header_height + 1, buttons);
    let top = y + 2;
    let bottom = inner.y + inner.height;
    if top >= bottom {
        return;
    }
    let Some(screen) = app.online_seats.as_ref() else { return };
    let room = usize::from(bottom - top).saturating_sub(1).min(CHAT_LINES);
    let mut lines = vec![Line::from(Span::styled(
        format!(" {}", w.chat_title),
        Style::default().fg(Color::White).add_modifier(Modifier::BOLD),
    ))];
    lines.extend(chat_lines(lang, &view, room, inner.width));
    if let Some(typed) = screen.chat_input() {
        lines.truncate(room);
        lines.push(chat_field(lang, typed, inner.width));
    }
    frame.render_widget(Paragraph::new(lines), Rect { y: top, height: bottom - top, ..inner });
}

/// The chat's field: « Message : bonjour▏ », its end shown when it is longer than the line.
fn chat_field(lang: Lang, typed: &str, width: u16) -> Line<'static> {
    let w = lang.seats_words();
    let room = usize::from(width).saturating_sub(w.chat_prompt.chars().count() + 3);
    let count = typed.chars().count();
    let shown: String = typed.chars().skip(count.saturating_sub(room)).collect();
    Line::from(vec![
        Span::styled(format!(" {}", w.chat_prompt), Style::default().fg(Color::LightCyan)),
        Span::styled(format!("{shown}▏"), Style::default().fg(Color::White)),
    ])
}

/// The keys under the board (`c` first while the host may give a seat to a computer).
pub(super) fn keys(lang: Lang, online: &OnlineSeats, typing: bool) -> String {
    let w = lang.seats_words();
    let view = online.view(Instant::now());
    let keys = if typing {
        w.chat_keys
    } else if view.end.is_some() {
        w.end_keys
    } else if view.spec.seats == 2 {
        w.keys_two_seats
    } else {
        w.keys
    };
    with_computer_key(lang, &view, typing, keys)
}

/// `keys`, led by the computer's key when the host may give an empty seat to a computer now.
fn with_computer_key(lang: Lang, view: &SeatsView, typing: bool, keys: &str) -> String {
    if typing || view.computer_seats.is_empty() {
        keys.to_owned()
    } else {
        format!("{} · {keys}", lang.seats_words().computer_key)
    }
}

/// The end: the places, why, the rematch vote, Play again and Leave.
pub(super) fn draw_end(app: &mut App, frame: &mut Frame<'_>, area: Rect, outcome: &Outcome) {
    let Some((screen, view)) = seen(app) else { return };
    let online = &screen.online;
    let lang = app.lang;
    let t = lang.t();
    let w = lang.seats_words();
    let Some(table) = online.table() else { return };
    let seats = table.state().seat_count();
    let reason = lang.outcome_reason(table.state(), outcome, &|seat| seat_name(lang, &view, seat));
    let width = area.width.min(60);
    let reason_lines = super::fit::wrap_words(&reason, usize::from(width.saturating_sub(4)));
    let vote = view.rematch.as_ref().map(|rematch| {
        let mut text =
            format!("{} : {} {} · {}", w.vote, rematch.votes.len(), w.votes, lang.clock_left(rematch.left));
        if rematch.voted {
            text.push_str(&format!(" · {}", w.voted));
        }
        text
    });
    let height = u16::from(seats) + 6 + reason_lines.len() as u16 + u16::from(vote.is_some());
    let rect = centred(area, width, height);
    frame.render_widget(Clear, rect);
    let inner = super::titled_frame(frame, rect, lang.s().end_title, BorderType::Double, Color::LightYellow);
    let mut lines = super::end_places::end_lines(lang, outcome, seats, reason_lines, &|seat| {
        seat_name(lang, &view, seat)
    });
    if let Some(vote) = vote {
        lines.push(Line::from(Span::styled(vote, Style::default().fg(Color::LightCyan))));
    }
    let text_height = lines.len() as u16;
    frame.render_widget(
        Paragraph::new(lines).alignment(Alignment::Center),
        Rect { height: text_height, ..inner },
    );
    let may_vote = online.may_vote();
    super::centred_buttons(
        frame,
        &mut app.hits,
        inner,
        vec![
            ButtonSpec { label: w.vote, key: Some('v'), which: Button::Vote, enabled: may_vote },
            ButtonSpec { label: t.menu, key: Some('q'), which: Button::Menu, enabled: true },
        ],
    );
}

/// Before the game: the table, its seats as they are taken, the invitation, the chat.
pub(super) fn draw_waiting(app: &mut App, frame: &mut Frame<'_>, area: Rect) {
    let Some((screen, view)) = seen(app) else { return };
    let lang = app.lang;
    let t = lang.t();
    let w = lang.seats_words();
    let header = Line::from(vec![
        Span::styled(
            format!(" {} ", t.title),
            Style::default().fg(Color::Black).bg(Color::LightYellow).add_modifier(Modifier::BOLD),
        ),
        Span::styled(
            format!("  {}", w.waiting_title),
            Style::default().fg(Color::White).add_modifier(Modifier::BOLD),
        ),
    ]);
    frame.render_widget(Paragraph::new(header), Rect { height: 1, ..area });
    let grey = Style::default().fg(Color::Gray);
    let mut lines = vec![
        Line::from(""),
        Line::from(Span::styled(
            format!(" {} · {}", lang.title_of(&view.spec.game), lang.clock_rule(view.clock)),
            Style::default().fg(Color::White).add_modifier(Modifier::BOLD),
        )),
        Line::from(""),
        Line::from(Span::styled(format!(" {}", w.seats_title), grey)),
    ];
    for seat in &view.seats {
        lines.extend(seat_line(lang, &view, seat, None, area.width));
    }
    if view.watching > 0 {
        lines.push(Line::from(Span::styled(format!(" {}", lang.spectators_watching(view.watching)), grey)));
    }
    lines.push(Line::from(""));
    // A table of the lobby is found there: no link of its own to pass on.
    let (label, invitation) = match view.lobby {
        Some(LobbyWay::Listed) => (w.listed, w.listed_note.to_owned()),
        Some(LobbyWay::QuickMatch) => (w.quick_match, w.quick_match_note.to_owned()),
        None => (w.share, view.invitation.clone().unwrap_or_else(|| w.share_pending.to_owned())),
    };
    lines.push(Line::from(Span::styled(format!(" {label} :"), grey)));
    let body = Rect { y: area.y + 1, height: area.height.saturating_sub(3), ..area };
    frame.render_widget(Paragraph::new(lines.clone()), body);
    // The invitation from the screen's first column, on lines of its own, so that a mouse copy
    // takes nothing else with it (a long link wraps; a paste drops the line breaks).
    let link_y = body.y + lines.len() as u16;
    let link = Paragraph::new(Span::styled(invitation, Style::default().fg(Color::LightCyan)))
        .wrap(Wrap { trim: false });
    let link_height = u16::try_from(link.line_count(area.width)).unwrap_or(1);
    let bottom = body.y + body.height;
    if link_y < bottom {
        frame.render_widget(link, Rect { y: link_y, height: link_height.min(bottom - link_y), ..area });
    }
    let chat_top = link_y + link_height + 1;
    if chat_top < bottom {
        let room = usize::from(bottom - chat_top).saturating_sub(1).min(CHAT_LINES);
        let mut chat = vec![Line::from(Span::styled(format!(" {}", w.chat_title), grey))];
        chat.extend(chat_lines(lang, &view, room, area.width));
        if let Some(typed) = screen.chat_input() {
            chat.truncate(room);
            chat.push(chat_field(lang, typed, area.width));
        }
        frame.render_widget(Paragraph::new(chat), Rect { y: chat_top, height: bottom - chat_top, ..area });
    }
    let message_rect = Rect { y: area.y + area.height - 2, height: 1, ..area };
    if let Some(message) = &app.message {
        super::message_line(frame, message, message_rect);
    }
    let typing = screen.chat_input().is_some();
    let keys = with_computer_key(lang, &view, typing, if typing { w.chat_keys } else { w.waiting_keys });
    frame.render_widget(
        Paragraph::new(Span::styled(keys, Style::default().fg(Color::DarkGray))),
        Rect { y: area.y + area.height - 1, height: 1, ..area },
    );
}
