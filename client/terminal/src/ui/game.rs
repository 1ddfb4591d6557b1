//! The game page: the board, the side panel (players, buttons, legend, history), the message
//! line, and the end-of-game panel.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph};
use tripot_engine::{Camp, Move, Notation, Outcome, Position, WinReason};

use super::board::{self, Marks};
use super::pieces::{GOAL, JUMP, STEP, glyph, tint};
use super::{ButtonSpec, button, centred};
use crate::app::play::describe;
use crate::app::{App, Button, Game, Mode};
use tripot_app::i18n::Lang;

const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

pub(super) fn draw(app: &mut App, frame: &mut Frame<'_>, area: Rect) {
    let Some(game) = app.game.as_ref() else { return };
    let lang = app.lang;
    let header = Rect { height: 1, ..area };
    frame.render_widget(Paragraph::new(header_line(lang, game, header.width)), header);

    let body = Rect { y: area.y + 1, height: area.height.saturating_sub(3), ..area };
    let panel_width = (body.width / 2).clamp(40, 60).min(body.width.saturating_sub(board::size(1).0 + 2));
    let board_area = Rect { width: body.width - panel_width, ..body };
    let panel = Rect { x: body.x + board_area.width, width: panel_width, ..body };

    let (shown, marks) = board_view(app, game);
    let geometry = board::draw(frame, board_area, &shown, &marks);
    app.hits.board = Some(geometry);
    draw_panel(app, frame, panel);

    let message_rect = Rect { y: area.y + area.height - 2, height: 1, ..area };
    if let Some(message) = &app.message {
        super::message_line(frame, message, message_rect);
    } else if let Some(game) = app.game.as_ref()
        && game.human_to_move()
        && game.selection.is_none()
    {
        let text = match game.setup.mode {
            Mode::Duel => format!(" {} — {}", lang.player(game.position().turn()), lang.t().select_pawn),
            Mode::Solo { .. } | Mode::Online { .. } => format!(" {}", lang.t().select_pawn),
        };
        frame.render_widget(
            Paragraph::new(Span::styled(text, Style::default().fg(Color::Gray))),
            message_rect,
        );
    }
    let keys_rect = Rect { y: area.y + area.height - 1, height: 1, ..area };
    let keys = lang.t().game_keys;
    let keys = super::fit::fit_segments(keys, usize::from(keys_rect.width));
    frame.render_widget(Paragraph::new(Span::styled(keys, Style::default().fg(Color::DarkGray))), keys_rect);
    if app.animation.is_some() {
        return;
    }
    if let Some(game) = app.game.as_ref()
        && let Some(outcome) = game.outcome()
    {
        draw_end(app, frame, board_area, outcome);
    }
}

/// The title line; where it would not fit in `width`, the format is said shorter, or not at all.
pub(super) fn header_line(lang: Lang, game: &Game, width: u16) -> Line<'static> {
    let t = lang.t();
    let mode = match game.setup.mode {
        Mode::Solo { level, .. } => {
            let label = match lang {
                Lang::Fr => level.label_fr(),
                Lang::En => level.label_en(),
            };
            format!("{} · {} · {label}", t.solo, level.opponent())
        }
        Mode::Duel => t.duel.to_owned(),
        Mode::Online { .. } => {
            format!("{} · {} {}", t.online_mode, t.opponent_label, game.opponent.as_deref().unwrap_or("?"))
        }
    };
    let title = format!(" {} ", t.title);
    let mode = format!("  {mode}");
    let room = usize::from(width).saturating_sub(title.chars().count() + mode.chars().count());
    let format = [lang.format_label(game.setup.format), lang.format_short(game.setup.format)]
        .into_iter()
        .map(|label| format!("  ·  {label}"))
        .find(|text| text.chars().count() <= room)
        .unwrap_or_default();
    Line::from(vec![
        Span::styled(
            title,
            Style::default().fg(Color::Black).bg(Color::LightYellow).add_modifier(Modifier::BOLD),
        ),
        Span::styled(mode, Style::default().fg(Color::White).add_modifier(Modifier::BOLD)),
        Span::styled(format, Style::default().fg(Color::Gray)),
    ])
}

/// The position to draw (a chain being built or an animated move shows the pawn on its way)
/// and the marks on it.
fn board_view(app: &App, game: &Game) -> (Position, Marks) {
    let mut shown = *game.position();
    let mut marks = Marks { coords: game.show_coords, ..Marks::default() };
    if let Some(animation) = &app.animation {
        match animation.played.mv {
            Move::Step { from, .. } | Move::Jump { from, .. } => {
                if let Some(at) = animation.at().filter(|&at| at != from) {
                    shown.play_unchecked(Move::Jump { from, to: at });
                }
                marks.selected = animation.at();
                marks.path = animation.path[..animation.shown.min(animation.path.len())].to_vec();
            }
            Move::Swap { mine, theirs } => {
                marks.swaps.insert(mine);
                marks.swaps.insert(theirs);
            }
            Move::Pass => {}
        }
        return (shown, marks);
    }
    if game.human_to_move() && app.thinking.is_none() {
        marks.cursor = Some(game.cursor);
    }
    if let Some((before, played)) = game.last_move() {
        match &played.notation {
            Notation::Path(path) => {
                marks.trail = path.to_vec();
                marks.trail_colour = before.colour_at(path[0]);
            }
            Notation::Swap { mine, theirs } => marks.trail = vec![*mine, *theirs],
            Notation::Pass => {}
        }
    }
    if let Some(selection) = &game.selection {
        let targets = game.targets();
        marks.steps = targets.steps;
        marks.jumps = targets.jumps;
        marks.swaps = targets.swaps;
        if selection.chain_started() {
            shown.play_unchecked(Move::Jump { from: selection.from(), to: selection.end() });
        }
        marks.selected = Some(selection.end());
        // Hops made so far and the previewed way on: the landings are numbered, the
        // destination under the cursor keeps its own mark.
        marks.path = match game.preview() {
            Some(preview) => preview[..preview.len() - 1].to_vec(),
            None => selection.path.to_vec(),
        };
    } else if let Some(hint) = &game.hint {
        match &hint.notation {
            Notation::Path(path) => {
                marks.hint = vec![path[0], path[path.len() - 1]];
                marks.path = path[..path.len() - 1].to_vec();
            }
            Notation::Swap { mine, theirs } => marks.hint = vec![*mine, *theirs],
            Notation::Pass => {}
        }
    }
    (shown, marks)
}

/// The name of the player of `camp`.
pub(super) fn player_name(lang: Lang, game: &Game, camp: Camp) -> String {
    match game.setup.mode {
        Mode::Solo { level, .. } => {
            if camp == Camp::A {
                lang.t().you.to_owned()
            } else {
                level.opponent().to_owned()
            }
        }
        Mode::Duel => lang.player(camp),
        Mode::Online { local } if camp == local => lang.t().you.to_owned(),
        Mode::Online { .. } => game.opponent.clone().unwrap_or_else(|| lang.player(camp)),
    }
}

pub(super) fn camp_glyphs(game: &Game, camp: Camp) -> Vec<Span<'static>> {
    game.setup
        .format
        .colours(camp)
        .iter()
        .map(|&c| {
            Span::styled(glyph(c).to_string(), Style::default().fg(tint(c)).add_modifier(Modifier::BOLD))
        })
        .collect()
}

fn draw_panel(app: &mut App, frame: &mut Frame<'_>, panel: Rect) {
    let Some(game) = app.game.as_ref() else { return };
    let lang = app.lang;
    let t = lang.t();
    let block = super::panel_block();
    let inner = block.inner(panel);
    frame.render_widget(block, panel);
    let position = game.position();
    let mut lines = Vec::new();
    let per_camp = 10 * u16::from(game.setup.format.number());
    for camp in [Camp::A, Camp::B] {
        let to_move = position.turn() == camp && !position.is_over();
        let mut spans = vec![Span::styled(
            if to_move { " ▶ " } else { "   " },
            Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD),
        )];
        spans.extend(camp_glyphs(game, camp));
        let name_style = if to_move {
            Style::default().fg(Color::White).add_modifier(Modifier::BOLD)
        } else {
            Style::default().fg(Color::Gray)
        };
        spans.push(Span::styled(format!(" {}", player_name(lang, game, camp)), name_style));
        lines.push(Line::from(spans));
        let mut detail = vec![Span::styled(
            format!(
                "     {} {}/{per_camp} · {} {}",
                t.arrived,
                position.arrived(camp),
                t.distance,
                position.total_distance(camp)
            ),
            Style::default().fg(Color::Gray),
        )];
        if to_move && (app.thinking.is_some() || app.animation.is_some()) && !game.setup.is_human(camp) {
            let spin = SPINNER[(app.ticks % SPINNER.len() as u64) as usize];
            detail.push(Span::styled(
                format!("  {spin} {}", t.thinking),
                Style::default().fg(Color::LightYellow),
            ));
        }
        lines.push(Line::from(detail));
    }
    lines.push(Line::from(""));
    let legend_style = Style::default().fg(Color::Gray);
    lines.push(Line::from(vec![
        Span::styled(format!(" {STEP}"), Style::default().fg(Color::LightGreen).add_modifier(Modifier::BOLD)),
        Span::styled(format!(" {}  ", t.legend_step), legend_style),
        Span::styled(JUMP.to_string(), Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD)),
        Span::styled(format!(" {}  ", t.legend_jump), legend_style),
        Span::styled("<●>", Style::default().fg(Color::LightMagenta).add_modifier(Modifier::BOLD)),
        Span::styled(format!(" {}  ", t.legend_swap), legend_style),
        Span::styled(GOAL.to_string(), Style::default().fg(Color::Gray)),
        Span::styled(format!(" {}", t.legend_goal), legend_style),
    ]));
    let header_height = lines.len() as u16;
    frame.render_widget(Paragraph::new(lines), Rect { height: header_height.min(inner.height), ..inner });

    // Buttons, wrapped to the panel's width.
    let chain = game.selection.as_ref().is_some_and(|s| s.chain_started());
    let can_hint = game.human_to_move() && app.thinking.is_none() && app.animation.is_none();
    let can_undo = !position.is_over() && game.undo_count().is_some();
    let buttons: Vec<(&str, char, Button, bool)> = vec![
        (t.end_jump, 'f', Button::EndJump, chain),
        (t.hint, 'i', Button::Hint, can_hint),
        (t.undo, 'u', Button::Undo, can_undo),
        (t.coords, 'c', Button::Coords, true),
        (t.menu, 'q', Button::Menu, true),
    ];
    // Once the game is over only what still makes sense stays (the end panel has its own).
    let over = position.is_over();
    let buttons = buttons
        .into_iter()
        .filter(|(_, _, which, _)| !over || matches!(which, Button::Coords | Button::Menu));
    let mut x = inner.x + 1;
    let mut y = inner.y + header_height + 1;
    for (label, key, which, enabled) in buttons {
        let width = label.chars().count() as u16 + 6;
        if x + width > inner.x + inner.width {
            x = inner.x + 1;
            y += 2;
        }
        x += button(frame, &mut app.hits, x, y, ButtonSpec { label, key: Some(key), which, enabled }) + 1;
    }
    let Some(game) = app.game.as_ref() else { return };
    let history_top = y + 2;
    if history_top >= inner.y + inner.height {
        return;
    }
    let history_rect = Rect { y: history_top, height: inner.y + inner.height - history_top, ..inner };
    draw_history(lang, game, frame, history_rect, None);
}

/// The moves, numbered by pairs from the opener's move; the newest at the bottom.
pub(super) fn draw_history(
    lang: Lang,
    game: &Game,
    frame: &mut Frame<'_>,
    area: Rect,
    current: Option<usize>,
) {
    let t = lang.t();
    let mut lines = vec![Line::from(Span::styled(
        format!(
            " {} — {} {}",
            t.history,
            game.moves().len(),
            if game.moves().len() == 1 { t.one_move } else { t.moves_count }
        ),
        Style::default().fg(Color::White).add_modifier(Modifier::BOLD),
    ))];
    let column = ((area.width.saturating_sub(6)) / 2).max(8) as usize;
    // Whose moves each column holds: the opener's first.
    let opener = game.positions.first().map_or(Camp::A, |p| p.turn());
    let names: Vec<String> = [opener, opener.other()]
        .iter()
        .map(|&camp| {
            let name = player_name(lang, game, camp);
            // A name too long for its column ends with « … », so it is seen to go on.
            if name.chars().count() > column {
                name.chars().take(column - 1).chain(['…']).collect()
            } else {
                name
            }
        })
        .collect();
    lines.push(Line::from(Span::styled(
        format!("     {:<column$} {}", names[0], names[1]),
        Style::default().fg(Color::DarkGray),
    )));
    // One entry per pair of moves, over as many lines as its longer move needs.
    let mut rows: Vec<Vec<Line<'_>>> = Vec::new();
    for (pair, chunk) in game.moves().chunks(2).enumerate() {
        let mut cells: Vec<(Vec<String>, Style)> = Vec::new();
        for (k, played) in chunk.iter().enumerate() {
            let i = pair * 2 + k;
            let colour = played.mv.from().and_then(|h| game.positions[i].colour_at(h));
            let style = match (colour, &played.notation) {
                (_, Notation::Pass) => Style::default().fg(Color::Gray).add_modifier(Modifier::ITALIC),
                (Some(c), _) => Style::default().fg(tint(c)),
                (None, _) => Style::default().fg(Color::Gray),
            };
            let style = match current {
                Some(c) if c == i => style.add_modifier(Modifier::REVERSED),
                Some(c) if i > c => style.add_modifier(Modifier::DIM),
                _ => style,
            };
            cells.push((super::fit::wrap_notation(&describe(lang, &played.notation), column), style));
        }
        let height = cells.iter().map(|(lines, _)| lines.len()).max().unwrap_or(1);
        let entry = (0..height)
            .map(|n| {
                let number = if n == 0 { format!("{:>3}. ", pair + 1) } else { "     ".to_owned() };
                let mut spans = vec![Span::styled(number, Style::default().fg(Color::DarkGray))];
                for (k, (lines, style)) in cells.iter().enumerate() {
                    let mut text = lines.get(n).cloned().unwrap_or_default();
                    if k == 0 {
                        let pad = column.saturating_sub(text.chars().count());
                        text.push_str(&" ".repeat(pad + 1));
                    }
                    spans.push(Span::styled(text, *style));
                }
                Line::from(spans)
            })
            .collect();
        rows.push(entry);
    }
    // The newest entries that fit, or those around the move being viewed.
    let room = area.height.saturating_sub(2) as usize;
    let last_row = current.map_or(rows.len(), |c| c / 2 + 1 + room / 2).min(rows.len());
    let mut first = last_row;
    let mut used = 0;
    while first > 0 && used + rows[first - 1].len() <= room {
        used += rows[first - 1].len();
        first -= 1;
    }
    lines.extend(rows.drain(first..last_row).flatten());
    frame.render_widget(Paragraph::new(lines), area);
}

fn draw_end(app: &mut App, frame: &mut Frame<'_>, area: Rect, outcome: Outcome) {
    let Some(game) = app.game.as_ref() else { return };
    let lang = app.lang;
    let t = lang.t();
    let rect = centred(area, 48, 10);
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Double)
        .border_style(Style::default().fg(Color::LightYellow))
        .title(Span::styled(format!(" {} ", end_title(lang)), Style::default().add_modifier(Modifier::BOLD)))
        .title_alignment(Alignment::Center);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let headline = match game.setup.mode {
        Mode::Solo { .. } if outcome.winner == Camp::A => t.you_win.to_owned(),
        Mode::Solo { .. } => {
            format!("{} {}. {}", player_name(lang, game, outcome.winner), t.wins, t.you_lose)
        }
        Mode::Duel | Mode::Online { .. } => {
            format!("{} {} !", player_name(lang, game, outcome.winner), t.wins)
        }
    };
    let headline = if lang == Lang::En { headline.replace(" !", "!") } else { headline };
    let (reason, arrived, distance) = match outcome.reason {
        WinReason::Goal => (
            t.by_goal,
            [game.position().arrived(Camp::A), game.position().arrived(Camp::B)],
            [game.position().total_distance(Camp::A), game.position().total_distance(Camp::B)],
        ),
        WinReason::Count { arrived, distance } => (t.by_count, arrived, distance),
    };
    let mut lines = vec![
        Line::from(Span::styled(
            headline,
            Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD),
        )),
        Line::from(Span::styled(reason.to_owned(), Style::default().fg(Color::White))),
        Line::from(""),
    ];
    for camp in [Camp::A, Camp::B] {
        let mut spans = camp_glyphs(game, camp);
        spans.push(Span::raw(format!(
            " {} : {} {} · {} {}",
            player_name(lang, game, camp),
            arrived[camp.index()],
            t.arrived,
            t.distance,
            distance[camp.index()]
        )));
        lines.push(Line::from(spans));
    }
    frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center), Rect { height: 6, ..inner });
    super::centred_buttons(
        frame,
        &mut app.hits,
        inner,
        vec![
            ButtonSpec { label: t.rematch, key: Some('r'), which: Button::Rematch, enabled: true },
            ButtonSpec { label: t.menu, key: Some('m'), which: Button::Menu, enabled: true },
        ],
    );
}

pub(super) fn end_title(lang: Lang) -> &'static str {
    match lang {
        Lang::Fr => "Fin de la partie",
        Lang::En => "Game over",
    }
}
