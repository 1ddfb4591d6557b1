//! `tripot view` of a game of any kind: the board at the move looked at (the first seat's view,
//! drawn by the one board widget), every seat with its player and counters, the result and its
//! reason, the moves.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use tripot_game::Seat;

use super::cell_board::{self, CellMarks, SEAT_COLOURS};
use super::{MIN_HEIGHT, MIN_WIDTH};
use crate::game_viewer::GameViewer;
use tripot_app::view_turn::view_turn;

/// Draws the replay at the viewer's move.
pub(crate) fn draw(viewer: &GameViewer, frame: &mut Frame<'_>) {
    let area = frame.area();
    let lang = viewer.lang;
    let t = lang.t();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        frame.render_widget(Paragraph::new(t.too_small), area);
        return;
    }
    let index = viewer.index;
    // Each move written from the position before it.
    let mut replay = viewer.start.clone_box();
    let mut texts = Vec::with_capacity(viewer.moves.len());
    let mut movers = Vec::with_capacity(viewer.moves.len());
    for m in &viewer.moves {
        movers.push(replay.to_move().unwrap_or(Seat(0)));
        texts.push(if m.is_pass() { t.pass_word.to_owned() } else { replay.move_text(m) });
        if replay.play(m).is_err() {
            break;
        }
    }
    let title = viewer.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let where_ = if index == 0 {
        t.view_start.to_owned()
    } else {
        format!(
            "{} {index}/{} : {}",
            t.view_move,
            viewer.moves.len(),
            texts.get(index - 1).cloned().unwrap_or_default()
        )
    };
    let state = viewer.shown.as_ref();
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(
                format!(" {} ", t.title),
                Style::default().fg(Color::Black).bg(Color::LightYellow).add_modifier(Modifier::BOLD),
            ),
            Span::styled(
                format!("  {title} · {}  ·  ", lang.game_title(state)),
                Style::default().fg(Color::Gray),
            ),
            Span::styled(where_, Style::default().fg(Color::White).add_modifier(Modifier::BOLD)),
        ])),
        Rect { height: 1, ..area },
    );
    let body = Rect { y: area.y + 1, height: area.height.saturating_sub(2), ..area };
    let panel_width = (body.width / 2).clamp(36, 56).min(body.width.saturating_sub(44));
    let board_area = Rect { width: body.width - panel_width, ..body };
    let panel = Rect { x: body.x + board_area.width, width: panel_width, ..body };
    let mut marks = CellMarks::default();
    if index > 0 {
        let mut before = viewer.start.clone_box();
        for m in &viewer.moves[..index - 1] {
            let _ = before.play(m);
        }
        marks.trail = before.path(&viewer.moves[index - 1]);
    }
    cell_board::draw(frame, board_area, &state.board(), &marks, view_turn(state, None));

    let block = super::panel_block();
    let inner = block.inner(panel);
    frame.render_widget(block, panel);
    let mut lines = Vec::new();
    let at_end = index == viewer.moves.len();
    for seat in Seat::all(state.seat_count()) {
        let to_move = state.to_move() == Some(seat);
        let seat_name = state.seat_name(seat);
        let name = viewer.record.player(&seat_name).map_or_else(|| seat_name.clone(), str::to_owned);
        lines.push(Line::from(vec![
            Span::raw(if to_move { " ▶ " } else { "   " }),
            Span::styled("●", Style::default().fg(SEAT_COLOURS[seat.index() % SEAT_COLOURS.len()])),
            Span::styled(format!(" {name} ({seat_name})"), Style::default().add_modifier(Modifier::BOLD)),
        ]));
        let detail: Vec<String> = state.counters(seat).iter().map(|c| lang.counter(c)).collect();
        lines.extend(super::game_table::detail_lines(&detail, inner.width));
    }
    let result = match viewer.outcome.as_ref().filter(|_| at_end) {
        Some(outcome) => {
            let reason = lang.outcome_reason(state, outcome, &|seat| state.seat_name(seat));
            let places: Vec<String> = Seat::all(state.seat_count())
                .filter_map(|seat| {
                    Some(format!("{} {}", state.seat_name(seat), lang.place(outcome.rank(seat)?)))
                })
                .collect();
            if outcome.is_draw() {
                format!("{} — {reason}", lang.s().draw_result)
            } else {
                format!("{} — {reason}", places.join(", "))
            }
        }
        None if viewer.outcome.is_some() => String::new(),
        None => t.view_unfinished.to_owned(),
    };
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(format!(" {result}"), Style::default().fg(Color::LightYellow))));
    lines.push(Line::from(""));
    let n = viewer.moves.len();
    lines.push(Line::from(Span::styled(
        format!(" {} — {n} {}", t.history, if n == 1 { t.one_move } else { t.moves_count }),
        Style::default().fg(Color::White).add_modifier(Modifier::BOLD),
    )));
    let room = usize::from(inner.height).saturating_sub(lines.len());
    let last = (index + room / 2).min(texts.len()).max(room.min(texts.len()));
    for i in last.saturating_sub(room)..last {
        let seat = movers.get(i).copied().unwrap_or(Seat(0));
        let mut style = Style::default().fg(SEAT_COLOURS[seat.index() % SEAT_COLOURS.len()]);
        if i + 1 == index {
            style = style.add_modifier(Modifier::REVERSED);
        } else if i >= index {
            style = style.add_modifier(Modifier::DIM);
        }
        lines.push(Line::from(vec![
            Span::styled(format!("{:>4}. ", i + 1), Style::default().fg(Color::DarkGray)),
            Span::styled(texts.get(i).cloned().unwrap_or_default(), style),
        ]));
    }
    frame.render_widget(Paragraph::new(lines), inner);
    frame.render_widget(
        Paragraph::new(Span::styled(t.view_keys, Style::default().fg(Color::DarkGray))),
        Rect { y: area.y + area.height - 1, height: 1, ..area },
    );
}
