//! `tripot view`: a finished (or unfinished) game replayed move by move.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use tripot_engine::{Camp, Notation, RecordResult};

use super::board::{self, Marks};
use super::game::{camp_glyphs, draw_history, player_name};
use super::{MIN_HEIGHT, MIN_WIDTH};
use crate::app::play::describe;
use crate::viewer::Viewer;

/// Draws the replay at the viewer's move.
pub(crate) fn draw(viewer: &Viewer, frame: &mut Frame<'_>) {
    let area = frame.area();
    let lang = viewer.lang;
    let t = lang.t();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        frame.render_widget(Paragraph::new(t.too_small), area);
        return;
    }
    let game = &viewer.game;
    let index = viewer.index;
    let moves = game.moves();
    let title = match viewer.path.file_name() {
        Some(name) => name.to_string_lossy().into_owned(),
        None => String::new(),
    };
    let where_ = if index == 0 {
        t.view_start.to_owned()
    } else {
        format!("{} {index}/{} : {}", t.view_move, moves.len(), describe(lang, &moves[index - 1].notation))
    };
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(
                format!(" {} ", t.title),
                Style::default().fg(Color::Black).bg(Color::LightYellow).add_modifier(Modifier::BOLD),
            ),
            Span::styled(format!("  {title}  ·  "), Style::default().fg(Color::Gray)),
            Span::styled(where_, Style::default().fg(Color::White).add_modifier(Modifier::BOLD)),
        ])),
        Rect { height: 1, ..area },
    );
    let body = Rect { y: area.y + 1, height: area.height.saturating_sub(2), ..area };
    let panel_width = (body.width / 2).clamp(40, 60).min(body.width.saturating_sub(board::size(1).0 + 2));
    let board_area = Rect { width: body.width - panel_width, ..body };
    let panel = Rect { x: body.x + board_area.width, width: panel_width, ..body };

    let position = &game.positions[index];
    let mut marks = Marks::default();
    if index > 0 {
        let before = &game.positions[index - 1];
        match &moves[index - 1].notation {
            Notation::Path(path) => {
                marks.trail = path.to_vec();
                marks.trail_colour = before.colour_at(path[0]);
            }
            Notation::Swap { mine, theirs } => marks.trail = vec![*mine, *theirs],
            Notation::Pass => {}
        }
    }
    board::draw(frame, board_area, position, &marks);

    let block = super::panel_block();
    let inner = block.inner(panel);
    frame.render_widget(block, panel);
    let mut lines = Vec::new();
    for camp in [Camp::A, Camp::B] {
        let mut spans =
            vec![Span::raw(if position.turn() == camp && !position.is_over() { " ▶ " } else { "   " })];
        spans.extend(camp_glyphs(game, camp));
        spans.push(Span::styled(
            format!(" {}", player_name(lang, game, camp)),
            Style::default().add_modifier(Modifier::BOLD),
        ));
        lines.push(Line::from(spans));
        lines.push(Line::from(Span::styled(
            format!(
                "     {} {} · {} {}",
                t.arrived,
                position.arrived(camp),
                t.distance,
                position.total_distance(camp)
            ),
            Style::default().fg(Color::Gray),
        )));
    }
    let result = match viewer.result {
        RecordResult::Unfinished => t.view_unfinished.to_owned(),
        RecordResult::Won { winner, termination } => {
            format!("{} {} — {}", player_name(lang, game, winner), t.wins, termination.description())
        }
    };
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(format!(" {result}"), Style::default().fg(Color::LightYellow))));
    let header = lines.len() as u16 + 1;
    frame.render_widget(Paragraph::new(lines), Rect { height: header.min(inner.height), ..inner });
    if inner.height > header {
        let history = Rect { y: inner.y + header, height: inner.height - header, ..inner };
        draw_history(lang, game, frame, history, index.checked_sub(1));
    }
    frame.render_widget(
        Paragraph::new(Span::styled(t.view_keys, Style::default().fg(Color::DarkGray))),
        Rect { y: area.y + area.height - 1, height: 1, ..area },
    );
}
