//! `tripot view` of a star game: the board at the move looked at (seat 1's view, where the
//! coordinates run along the rows), every seat with its player and count, the result, the moves.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use tripot_engine::{CLOCKWISE, Colour, GameKind, StarNotation};

use super::pieces::glyph;
use super::star_board::{self, StarMarks, seat_tint};
use super::{MIN_HEIGHT, MIN_WIDTH};
use crate::star_viewer::StarViewer;

/// Draws the replay at the viewer's move.
pub(crate) fn draw(viewer: &StarViewer, frame: &mut Frame<'_>) {
    let area = frame.area();
    let lang = viewer.lang;
    let t = lang.t();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        frame.render_widget(Paragraph::new(t.too_small), area);
        return;
    }
    let index = viewer.index;
    let replay = &viewer.replay;
    let notation = |i: usize| -> String {
        match replay.positions.get(i).zip(replay.moves.get(i)) {
            Some((p, m)) => match p.notation(m) {
                StarNotation::Pass => t.pass_word.to_owned(),
                path => path.to_string(),
            },
            None => String::new(),
        }
    };
    let title = viewer.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let where_ = if index == 0 {
        t.view_start.to_owned()
    } else {
        format!("{} {index}/{} : {}", t.view_move, replay.moves.len(), notation(index - 1))
    };
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(
                format!(" {} ", t.title),
                Style::default().fg(Color::Black).bg(Color::LightYellow).add_modifier(Modifier::BOLD),
            ),
            Span::styled(
                format!("  {title} · {}  ·  ", viewer.record.variant()),
                Style::default().fg(Color::Gray),
            ),
            Span::styled(where_, Style::default().fg(Color::White).add_modifier(Modifier::BOLD)),
        ])),
        Rect { height: 1, ..area },
    );
    let body = Rect { y: area.y + 1, height: area.height.saturating_sub(2), ..area };
    let panel_width =
        (body.width / 2).clamp(40, 60).min(body.width.saturating_sub(super::board::size(1).0 + 2));
    let board_area = Rect { width: body.width - panel_width, ..body };
    let panel = Rect { x: body.x + board_area.width, width: panel_width, ..body };
    let Some(position) = replay.positions.get(index).or(replay.positions.last()) else { return };
    let mut marks = StarMarks::default();
    if index > 0
        && let (Some(before), Some(mv)) = (replay.positions.get(index - 1), replay.moves.get(index - 1))
        && let StarNotation::Path(path) = before.notation(mv)
    {
        marks.trail = path.to_vec();
    }
    star_board::draw(frame, board_area, position, &marks, Colour::S);

    let block = super::panel_block();
    let inner = block.inner(panel);
    frame.render_widget(block, panel);
    let s = lang.s();
    let mut lines = Vec::new();
    let over = index == replay.moves.len() && replay.outcome.is_some();
    for &seat in viewer.record.variant().seats() {
        let to_move = position.turn() == seat && !over;
        let name = viewer.record.player(seat).map_or_else(|| seat.to_string(), str::to_owned);
        lines.push(Line::from(vec![
            Span::raw(if to_move { " ▶ " } else { "   " }),
            Span::styled(glyph(seat).to_string(), Style::default().fg(seat_tint(position, seat))),
            Span::styled(format!(" {name}"), Style::default().add_modifier(Modifier::BOLD)),
        ]));
        let mut detail = if position.variant().game() == GameKind::Captures {
            format!("{} {}", s.captures, position.taken(seat))
        } else {
            format!("{} {}/{}", t.arrived, position.arrived(seat), position.variant().marbles())
        };
        if position.is_out(seat) {
            detail.push_str(&format!(" · {}", s.eliminated));
        }
        if let Some(place) = position.place(seat) {
            detail.push_str(&format!(" · {}", lang.place(place)));
        }
        lines.push(Line::from(Span::styled(format!("     {detail}"), Style::default().fg(Color::Gray))));
    }
    let result = match (replay.outcome, viewer.record.result()) {
        (Some(outcome), _) => {
            let places: Vec<String> = outcome
                .standings()
                .iter()
                .map(|&(seat, p)| format!("{} {}", glyph(seat), lang.place(p)))
                .collect();
            places.join(", ")
        }
        (None, Some(places)) => CLOCKWISE
            .into_iter()
            .filter(|s| places[s.index()] != 0)
            .map(|s| format!("{} {}", glyph(s), lang.place(places[s.index()])))
            .collect::<Vec<_>>()
            .join(", "),
        (None, None) => t.view_unfinished.to_owned(),
    };
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(format!(" {result}"), Style::default().fg(Color::LightYellow))));
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(
        format!(
            " {} — {} {}",
            t.history,
            replay.moves.len(),
            if replay.moves.len() == 1 { t.one_move } else { t.moves_count }
        ),
        Style::default().fg(Color::White).add_modifier(Modifier::BOLD),
    )));
    let room = usize::from(inner.height).saturating_sub(lines.len());
    let last = (index + room / 2).min(replay.moves.len()).max(room.min(replay.moves.len()));
    for i in last.saturating_sub(room)..last {
        let seat = replay.positions.get(i).map_or(Colour::S, |p| p.turn());
        let mut style = Style::default().fg(seat_tint(position, seat));
        if i + 1 == index {
            style = style.add_modifier(Modifier::REVERSED);
        } else if i >= index {
            style = style.add_modifier(Modifier::DIM);
        }
        lines.push(Line::from(vec![
            Span::styled(format!("{:>4}. ", i + 1), Style::default().fg(Color::DarkGray)),
            Span::styled(format!("{} {}", glyph(seat), notation(i)), style),
        ]));
    }
    frame.render_widget(Paragraph::new(lines), inner);
    frame.render_widget(
        Paragraph::new(Span::styled(t.view_keys, Style::default().fg(Color::DarkGray))),
        Rect { y: area.y + area.height - 1, height: 1, ..area },
    );
}
