//! The rules of one game, short and readable, under a row naming every game (the one shown
//! highlighted): the texts of `tripot_app::rules`, the same the web page shows.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Paragraph, Wrap};

use tripot_app::rules::{RulesBlock, rules};
use tripot_game::catalogue::Family;

use crate::app::App;

pub(super) fn draw(app: &mut App, frame: &mut Frame<'_>, area: Rect) {
    let t = app.lang.t();
    let width = 90.min(area.width);
    let rect = Rect { x: area.x + (area.width - width) / 2, y: area.y, width, height: area.height - 1 };
    let heading = Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(Style::default().fg(Color::DarkGray))
        .title(Span::styled(format!(" {} ", t.rules), heading))
        .title_alignment(Alignment::Center);
    let mut lines = vec![games_row(app), Line::default()];
    let mut after_item = false;
    for part in rules(app.rules_family, app.lang) {
        let is_item = matches!(part, RulesBlock::Item(_));
        // Items of one list stay together; every other block stands apart (the title is
        // already below a blank line).
        let together = matches!(part, RulesBlock::Title(_)) || (is_item && after_item);
        if !together {
            lines.push(Line::default());
        }
        after_item = is_item;
        lines.push(match part {
            RulesBlock::Title(text) => {
                Line::from(Span::styled(text, heading.add_modifier(Modifier::UNDERLINED)))
            }
            RulesBlock::Heading(text) => Line::from(Span::styled(text, heading)),
            RulesBlock::Item(text) => Line::from(Span::styled(
                format!("• {}", quotes_whole(text)),
                Style::default().fg(Color::White),
            )),
            RulesBlock::Paragraph(text) => {
                Line::from(Span::styled(quotes_whole(text), Style::default().fg(Color::White)))
            }
        });
    }
    // The page scrolls no further than its last line at the bottom of the frame: the handler
    // clamps to what the last frame measured, and a resize is clamped here.
    let inner = block.inner(rect);
    let paragraph = Paragraph::new(lines).wrap(Wrap { trim: false });
    let total = u16::try_from(paragraph.line_count(inner.width)).unwrap_or(u16::MAX);
    app.rules_max_scroll = total.saturating_sub(inner.height);
    app.rules_scroll = app.rules_scroll.min(app.rules_max_scroll);
    frame.render_widget(paragraph.block(block).scroll((app.rules_scroll, 0)), rect);
    frame.render_widget(
        Paragraph::new(Span::styled(t.rules_keys, Style::default().fg(Color::Gray)))
            .alignment(Alignment::Center),
        Rect { y: area.y + area.height - 1, height: 1, ..area },
    );
}

/// `text` with the spaces inside « … » made non-breaking: a button's name quoted (« Fin du
/// saut ») is never cut by the wrapping, which breaks lines at spaces only.
fn quotes_whole(text: &str) -> String {
    let mut inside = false;
    text.chars()
        .map(|c| {
            match c {
                '«' => inside = true,
                '»' => inside = false,
                ' ' if inside => return '\u{a0}',
                _ => {}
            }
            c
        })
        .collect()
}

/// Every game's name, the one whose rules are shown marked: ←→ go to the others.
fn games_row(app: &App) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, family) in Family::ALL.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(" · ", Style::default().fg(Color::DarkGray)));
        }
        let name = app.lang.words(&family.name());
        if family == app.rules_family {
            spans.push(Span::styled(
                format!("[{name}]"),
                Style::default().fg(Color::Black).bg(Color::LightYellow).add_modifier(Modifier::BOLD),
            ));
        } else {
            spans.push(Span::styled(name.to_owned(), Style::default().fg(Color::Gray)));
        }
    }
    Line::from(spans)
}
