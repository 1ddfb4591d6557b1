//! The screen of any game at the one table: the board drawn from its `BoardView` in the view of
//! the seat to move (or the last person who did), the side panel (each seat with its standing
//! and counters, the buttons, the last moves), the message line, the confirmation of a move the
//! game warns about, and the end from the game's `Outcome` with its reason.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{BorderType, Clear, Paragraph, Wrap};
use tripot_app::i18n::Lang;
use tripot_app::table::Table;
use tripot_game::{CounterKind, Outcome, Seat};

use super::cell_board::{self, CellMarks, SEAT_COLOURS};
use super::{ButtonSpec, centred, titled_frame};
use crate::app::game_table::Shown;
use crate::app::{App, Button};
use tripot_app::online_connection::{Connection, RematchOffer};
use tripot_app::online_table::OnlineTable;
use tripot_app::view_turn::view_turn;

use super::online::{SPINNER, status_line};

pub(super) fn draw(app: &mut App, frame: &mut Frame<'_>, area: Rect) {
    let Some(shown) = app.shown() else {
        // Online, before the game: what this side waits for.
        if app.online_seats.is_some() {
            super::online_seats::draw_waiting(app, frame, area);
        } else {
            super::online::draw_waiting(app, frame, area);
        }
        return;
    };
    let lang = app.lang;
    let table = shown.table;
    frame.render_widget(Paragraph::new(header(lang, &shown)), Rect { height: 1, ..area });

    let body = Rect { y: area.y + 1, height: area.height.saturating_sub(3), ..area };
    let panel_width = (body.width / 2).clamp(36, 56).min(body.width.saturating_sub(44));
    let board_area = Rect { width: body.width - panel_width, ..body };
    let panel = Rect { x: body.x + board_area.width, width: panel_width, ..body };
    let view = table.state().board();
    let hits = cell_board::draw(
        frame,
        board_area,
        &view,
        &marks(&shown),
        view_turn(table.state(), Some(table.viewer())),
    );
    let seats = shown.seats.is_some();
    app.hits.cells = Some(hits);
    if seats {
        super::online_seats::draw_panel(app, frame, panel);
    } else {
        draw_panel(app, frame, panel);
    }

    let Some(shown) = app.shown() else { return };
    let table = shown.table;
    let message_rect = Rect { y: area.y + area.height - 2, height: 1, ..area };
    let seats_accept = shown.seats.is_none_or(tripot_app::online_seats::OnlineSeats::accepts_moves);
    if let Some(message) = &app.message {
        super::message_line(frame, message, message_rect);
    } else if let Some(seat) = table.state().to_move().filter(|_| {
        table.person_to_move() && shown.online.is_none_or(OnlineTable::accepts_moves) && seats_accept
    }) {
        let text = format!(" {} — {}", lang.table_seat(table, seat), lang.t().select_pawn);
        frame.render_widget(
            Paragraph::new(Span::styled(text, Style::default().fg(Color::Gray))),
            message_rect,
        );
    }
    let outcome = match shown.seats {
        Some(seats) => seats.view(std::time::Instant::now()).end.or_else(|| table.state().outcome()),
        None => shown.online.map_or_else(|| table.state().outcome(), OnlineTable::outcome),
    };
    let typing = app.online_seats.as_ref().is_some_and(|s| s.chat_input().is_some());
    let keys = match (outcome.is_some(), shown.online.is_some(), shown.seats) {
        (_, _, Some(seats)) => super::online_seats::keys(lang, seats, typing),
        // Once the game is over, nothing is left to pick or resign.
        (true, _, None) => lang.s().end_keys.to_owned(),
        (false, true, None) => lang.s().online_table_keys.to_owned(),
        (false, false, None) => lang.s().any_game_keys.to_owned(),
    };
    let keys_rect = Rect { y: area.y + area.height - 1, height: 1, ..area };
    // Whole parts only where the line is too long.
    let keys = super::fit::fit_segments(&keys, usize::from(keys_rect.width));
    frame.render_widget(Paragraph::new(Span::styled(keys, Style::default().fg(Color::DarkGray))), keys_rect);
    let claim_prompt = shown.online.is_some_and(|o| o.status().claim_prompt);
    let seats = shown.seats.is_some();
    if table.pending().is_some() {
        draw_confirm(app, frame, board_area);
    } else if let Some(outcome) = outcome.as_ref().filter(|_| seats) {
        super::online_seats::draw_end(app, frame, board_area, outcome);
    } else if let Some(outcome) = outcome {
        draw_end(app, frame, board_area, &outcome);
    } else if claim_prompt {
        super::online::draw_claim(app, frame, board_area);
    }
}

/// ` TRIPOT   Dames internationales · vue de Joueur 1 (W)`.
fn header(lang: Lang, shown: &Shown<'_>) -> Line<'static> {
    let table = shown.table;
    Line::from(vec![
        Span::styled(
            format!(" {} ", lang.t().title),
            Style::default().fg(Color::Black).bg(Color::LightYellow).add_modifier(Modifier::BOLD),
        ),
        Span::styled(
            format!("  {}", lang.game_title(table.state())),
            Style::default().fg(Color::White).add_modifier(Modifier::BOLD),
        ),
        Span::styled(
            format!("  ·  {} {}", lang.s().view_of, seat_label(lang, shown, table.viewer())),
            Style::default().fg(Color::Gray),
        ),
    ])
}

/// What to mark: the cursor, the pick and where it can go, the last move, a hint.
fn marks(shown: &Shown<'_>) -> CellMarks {
    let table = shown.table;
    let mut marks =
        CellMarks { names: shown.show_names, focus: Some(table.viewer()), ..CellMarks::default() };
    if let Some((_, _, path)) = table.last_move() {
        marks.trail = path;
    }
    if let Some(moving) = shown.moving {
        // The computer's piece picked and its hops numbered, as a person's chain is.
        marks.picked = moving.to_vec();
        return marks;
    }
    let online_over =
        shown.online.is_some_and(|o| !o.accepts_moves()) || shown.seats.is_some_and(|s| !s.accepts_moves());
    if !table.person_to_move() || shown.thinking || online_over {
        return marks;
    }
    marks.cursor = Some(shown.cursor);
    marks.picked = table.picker().picked().to_vec();
    if marks.picked.is_empty() {
        marks.pickable = table.pickable();
        if let Some(hint) = table.hint() {
            marks.hint = hint.cells().to_vec();
        }
    } else {
        let targets = table.targets();
        marks.hops = targets.hops;
        marks.ends = targets.ends;
        marks.steps = targets.steps;
        marks.swaps = targets.swaps;
    }
    marks
}

/// A seat's words, `· `-separated and indented, on as many lines of `width` as they need.
pub(super) fn detail_lines(words: &[String], width: u16) -> Vec<Line<'static>> {
    let width = usize::from(width).saturating_sub(6).max(10);
    let mut lines: Vec<String> = Vec::new();
    for word in words {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 3 + word.chars().count() <= width => {
                line.push_str(" · ");
                line.push_str(word);
            }
            _ => lines.push(word.clone()),
        }
    }
    lines
        .into_iter()
        .map(|l| Line::from(Span::styled(format!("     {l}"), Style::default().fg(Color::Gray))))
        .collect()
}

/// A seat's words under its name: its counters, the home rule's warning, its standing;
/// `compact`, without the moves made and the distance, which matter least.
pub(super) fn seat_detail(lang: Lang, table: &Table, seat: Seat, compact: bool) -> Vec<String> {
    let state = table.state();
    let counters = state.counters(seat);
    let mut words: Vec<String> = counters
        .iter()
        .filter(|c| !compact || !matches!(c.kind, CounterKind::MovesMade | CounterKind::Distance))
        .map(|c| lang.counter(c))
        .collect();
    match lang.seat_status(state.seat_status(seat)) {
        Some(status) => words.push(status),
        None => words.extend(lang.home_warning(&counters)),
    }
    if let Some(place) = state.outcome().and_then(|o| o.rank(seat)) {
        words.push(lang.place(place));
    }
    words
}

fn draw_panel(app: &mut App, frame: &mut Frame<'_>, panel: Rect) {
    let Some(shown) = app.shown() else { return };
    let lang = app.lang;
    let t = lang.t();
    let table = shown.table;
    let state = table.state();
    let block = super::panel_block();
    let inner = block.inner(panel);
    frame.render_widget(block, panel);
    let over = shown.online.map_or_else(|| state.outcome(), OnlineTable::outcome).is_some();
    let detail = |compact| -> Vec<Vec<Line<'static>>> {
        Seat::all(state.seat_count())
            .map(|seat| detail_lines(&seat_detail(lang, table, seat, compact), inner.width))
            .collect()
    };
    let details = detail(false);
    // Room left for the buttons (up to three rows in a narrow panel, each with its gap) under
    // the seats, the cursor line and the connection: a kawu-6 table at 80×30 had « Menu (q) »
    // drawn over the frame. Short of it, each seat keeps the first line of its words.
    let extra = if shown.online.is_some() { 4 } else { 2 };
    let full: usize = details.iter().map(|d| d.len() + 1).sum::<usize>() + extra;
    let compact = full + 7 > usize::from(inner.height);
    let details = if compact { detail(true) } else { details };
    let mut lines = Vec::new();
    for (seat, detail) in Seat::all(state.seat_count()).zip(details) {
        let to_move = state.to_move() == Some(seat);
        let name_style = if to_move {
            Style::default().fg(Color::White).add_modifier(Modifier::BOLD)
        } else {
            Style::default().fg(Color::Gray)
        };
        let tint = SEAT_COLOURS[seat.index() % SEAT_COLOURS.len()];
        let mut spans = vec![
            Span::styled(
                if to_move { " ▶ " } else { "   " },
                Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD),
            ),
            Span::styled("●", Style::default().fg(tint).add_modifier(Modifier::BOLD)),
            Span::styled(format!(" {}", seat_label(lang, &shown, seat)), name_style),
        ];
        if let Some(level) = table.seat_kind(seat).and_then(tripot_app::seat_kind::SeatKind::level) {
            // The level only where it fits whole (« · Moye » was cut at 80 columns).
            let level = format!(" · {}", lang.level_label(level));
            let used: usize = spans.iter().map(|s| s.content.chars().count()).sum();
            if used + level.chars().count() <= usize::from(inner.width) {
                spans.push(Span::styled(level, name_style));
            }
        }
        if to_move && shown.thinking {
            let spin = SPINNER[(app.ticks % SPINNER.len() as u64) as usize];
            spans.push(Span::styled(
                format!("  {spin} {}", t.thinking),
                Style::default().fg(Color::LightYellow),
            ));
        }
        lines.push(Line::from(spans));
        lines.extend(detail.into_iter().take(if compact { 1 } else { usize::MAX }));
    }
    if let Some(online) = shown.online {
        let status = online.status();
        lines.push(Line::from(""));
        lines.push(Line::from(Span::styled(
            format!(" {} {}", t.opponent_label, status.peer_name.as_deref().unwrap_or("?")),
            Style::default().fg(Color::LightCyan),
        )));
        lines.push(status_line(lang, status, app.ticks));
    }
    lines.push(Line::from(""));
    let cursor_name = state.board().cell(shown.cursor).map(|c| c.name.clone()).unwrap_or_default();
    lines.push(Line::from(Span::styled(
        format!(" {} : {cursor_name}", lang.s().cursor),
        Style::default().fg(Color::Gray),
    )));
    // Wrapped, so that a long connection line (a wait of minutes) is read whole.
    let header = Paragraph::new(lines).wrap(Wrap { trim: false });
    let header_height = u16::try_from(header.line_count(inner.width)).unwrap_or(u16::MAX);
    frame.render_widget(header, Rect { height: header_height.min(inner.height), ..inner });

    let chain = table.picker().picked().len() > 1;
    let idle = !shown.thinking;
    let buttons: Vec<(&str, char, Button, bool)> = if over {
        vec![(t.coords, 'n', Button::Coords, true), (t.menu, 'q', Button::Menu, true)]
    } else if let Some(online) = shown.online {
        let mut buttons = vec![
            (t.end_jump, 'f', Button::EndJump, chain),
            (t.resign, 'a', Button::Resign, online.accepts_moves()),
        ];
        // The claim is offered only once it can be made: after the grace period.
        if matches!(online.status().connection, Connection::GraceOver { .. }) {
            buttons.push((t.claim, 'r', Button::Claim, true));
        }
        buttons.extend([(t.coords, 'n', Button::Coords, true), (t.menu, 'q', Button::Menu, true)]);
        buttons
    } else {
        vec![
            (t.end_jump, 'f', Button::EndJump, chain),
            (t.hint, 'i', Button::Hint, table.person_to_move() && idle),
            (t.undo, 'u', Button::Undo, table.undo_count().is_some()),
            (t.coords, 'n', Button::Coords, true),
            (t.menu, 'q', Button::Menu, true),
        ]
    };
    let y = super::button_rows(frame, &mut app.hits, inner, inner.y + header_height + 1, buttons);
    let top = y + 2;
    if top < inner.y + inner.height
        && let Some(shown) = app.shown()
    {
        draw_moves(lang, shown.table, frame, Rect { y: top, height: inner.y + inner.height - top, ..inner });
    }
}

/// The last moves, numbered, each in its seat's colour; the newest at the bottom.
fn draw_moves(lang: Lang, table: &Table, frame: &mut Frame<'_>, area: Rect) {
    let t = lang.t();
    let state = table.state();
    let n = state.moves().len();
    let mut lines = vec![Line::from(Span::styled(
        format!(" {} — {n} {}", t.history, if n == 1 { t.one_move } else { t.moves_count }),
        Style::default().fg(Color::White).add_modifier(Modifier::BOLD),
    ))];
    let room = usize::from(area.height.saturating_sub(1));
    let width = usize::from(area.width.saturating_sub(8));
    // Each move written from the position before it, replayed from the start.
    let mut replay = state.initial();
    let mut texts = Vec::with_capacity(n);
    for m in state.moves() {
        texts.push(if m.is_pass() { t.pass_word.to_owned() } else { replay.move_text(m) });
        if replay.play(m).is_err() {
            break;
        }
    }
    // A long chain goes on over the next lines, cut after a hyphen: never cut short.
    let mut moves = Vec::new();
    for (i, (text, seat)) in texts.iter().zip(table.movers()).enumerate().skip(n.saturating_sub(room)) {
        let style = Style::default().fg(SEAT_COLOURS[seat.index() % SEAT_COLOURS.len()]);
        for (j, part) in super::fit::wrap_notation(text, width).into_iter().enumerate() {
            let number = if j == 0 { format!("{:>4}. ", i + 1) } else { " ".repeat(6) };
            moves.push(Line::from(vec![
                Span::styled(number, Style::default().fg(Color::DarkGray)),
                Span::styled(part, style),
            ]));
        }
    }
    lines.extend(moves.into_iter().rev().take(room).rev());
    frame.render_widget(Paragraph::new(lines), area);
}

/// A move the game warns about: the move and the keys.
fn draw_confirm(app: &App, frame: &mut Frame<'_>, area: Rect) {
    let Some(shown) = app.shown() else { return };
    let Some((m, _)) = shown.table.pending() else { return };
    let lang = app.lang;
    let s = lang.s();
    let inner = super::question_box(frame, area, s.confirm_title);
    let lines = vec![
        Line::from(""),
        Line::from(Span::styled(
            shown.table.state().move_text(m),
            Style::default().fg(Color::White).add_modifier(Modifier::BOLD),
        )),
        Line::from(""),
        Line::from(Span::styled(s.confirm_keys, Style::default().fg(Color::Gray))),
    ];
    frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center), inner);
}

/// The end: the places (or the draw), why, Rematch and Menu.
fn draw_end(app: &mut App, frame: &mut Frame<'_>, area: Rect, outcome: &Outcome) {
    let Some(shown) = app.shown() else { return };
    let table = shown.table;
    let status = shown.online.map(OnlineTable::status);
    let rematch = status.and_then(|s| s.rematch);
    let live = shown.online.is_none_or(OnlineTable::is_live);
    let lang = app.lang;
    let t = lang.t();
    let seats = table.state().seat_count();
    let headline = status.and_then(|s| s.local).map(|local| online_headline(lang, &shown, outcome, local));
    let mut reason = lang.outcome_reason(table.state(), outcome, &|seat| seat_label(lang, &shown, seat));
    // A forfeit says which move the verifier refused, and why.
    if let Some(why) = status.and_then(|s| s.ending.as_ref()).and_then(|e| e.forfeit.as_deref()) {
        reason = format!("{reason} : {why}");
    }
    // The reason wraps inside the panel rather than being cut at its border.
    let width = area.width.min(60);
    let reason_lines = super::fit::wrap_words(&reason, usize::from(width.saturating_sub(4)));
    let rect = centred(
        area,
        width,
        u16::from(seats) + 7 + u16::from(headline.is_some()) + reason_lines.len() as u16,
    );
    frame.render_widget(Clear, rect);
    let inner = titled_frame(frame, rect, lang.s().end_title, BorderType::Double, Color::LightYellow);
    let mut lines = super::end_places::end_lines(lang, outcome, seats, reason_lines, &|seat| {
        seat_label(lang, &shown, seat)
    });
    if let Some(headline) = headline {
        let style = Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD);
        lines.insert(0, Line::from(Span::styled(headline, style)));
    }
    let text_height = lines.len() as u16;
    frame.render_widget(
        Paragraph::new(lines).alignment(Alignment::Center),
        Rect { height: text_height, ..inner },
    );
    let mut buttons = match rematch {
        Some(RematchOffer::Offered) => vec![
            ButtonSpec { label: t.accept, key: Some('r'), which: Button::Rematch, enabled: true },
            ButtonSpec { label: t.decline, key: Some('n'), which: Button::Decline, enabled: true },
        ],
        // Asked: waiting for the answer.
        Some(RematchOffer::Asked) => {
            vec![ButtonSpec { label: t.rematch, key: Some('r'), which: Button::Rematch, enabled: false }]
        }
        None => vec![ButtonSpec { label: t.rematch, key: Some('r'), which: Button::Rematch, enabled: live }],
    };
    // The same key as in the panel, here and online.
    buttons.push(ButtonSpec { label: t.menu, key: Some('q'), which: Button::Menu, enabled: true });
    super::centred_buttons(frame, &mut app.hits, inner, buttons);
}

/// Who plays `seat`: online, « Vous » and the opponent's name; here, the table's words.
fn seat_label(lang: Lang, shown: &Shown<'_>, seat: Seat) -> String {
    if let Some(seats) = shown.seats {
        return super::online_seats::seat_name(lang, &seats.view(std::time::Instant::now()), seat);
    }
    let status = shown.online.map(OnlineTable::status);
    let name = shown.table.state().seat_name(seat);
    match status {
        Some(status) if status.local == Some(seat) => format!("{} ({name})", lang.t().you),
        Some(status) if status.peer_name.as_deref().is_some_and(|n| !n.is_empty()) => {
            format!("{} ({name})", status.peer_name.as_deref().unwrap_or_default())
        }
        _ => lang.table_seat(shown.table, seat),
    }
}

/// Online, the end said to this side: « Vous avez gagné ! » or « Alice gagne. Vous avez perdu. »
fn online_headline(lang: Lang, shown: &Shown<'_>, outcome: &Outcome, local: Seat) -> String {
    let t = lang.t();
    match outcome.winners().as_slice() {
        [one] if *one == local => t.you_win.to_owned(),
        [one] => {
            let peer = shown.online.and_then(|o| o.status().peer_name.clone());
            let who = peer.unwrap_or_else(|| lang.table_seat(shown.table, *one));
            format!("{who} {}. {}", t.wins, t.you_lose)
        }
        _ => lang.s().draw_result.to_owned(),
    }
}
