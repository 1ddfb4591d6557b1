//! A star table's screen: the board in the seat's view, the side panel (every seat with its
//! name, level, marbles arrived or captures, place, elimination; the legend, buttons, the last
//! moves), the message line, the elimination question, and the final ranking.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph};
use tripot_engine::{Colour, GameKind, StarNotation, StarOutcome};

use super::pieces::{GOAL, JUMP, STEP, glyph};
use super::star_board::{self, FORBIDDEN, StarMarks, seat_tint};
use super::{ButtonSpec, centred};
use crate::app::{App, Button, TableScreen};
use tripot_app::i18n::Lang;
use tripot_app::star_table::StarTable;
use tripot_app::table_setup::SeatPlayer;

const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

pub(super) fn draw(app: &mut App, frame: &mut Frame<'_>, area: Rect) {
    let Some(screen) = app.table.as_ref() else { return };
    let lang = app.lang;
    let table = &screen.table;
    frame.render_widget(Paragraph::new(header(lang, table)), Rect { height: 1, ..area });

    let body = Rect { y: area.y + 1, height: area.height.saturating_sub(3), ..area };
    let panel_width =
        (body.width / 2).clamp(40, 60).min(body.width.saturating_sub(super::board::size(1).0 + 2));
    let board_area = Rect { width: body.width - panel_width, ..body };
    let panel = Rect { x: body.x + board_area.width, width: panel_width, ..body };
    let marks = marks(screen);
    app.hits.board = Some(star_board::draw(frame, board_area, table.position(), &marks, table.viewer()));
    draw_panel(app, frame, panel);

    let Some(screen) = app.table.as_ref() else { return };
    let table = &screen.table;
    let message_rect = Rect { y: area.y + area.height - 2, height: 1, ..area };
    if let Some(message) = &app.message {
        super::message_line(frame, message, message_rect);
    } else if table.human_to_move() && table.selection_path().is_none() {
        let seat = table.position().turn();
        let ask = if table.position().variant().game() == GameKind::Captures {
            lang.s().choose_piece
        } else {
            lang.s().choose_marble
        };
        let text = format!(" {} {} — {ask}", glyph(seat), lang.seat_name(table, seat));
        frame.render_widget(
            Paragraph::new(Span::styled(text, Style::default().fg(Color::Gray))),
            message_rect,
        );
    }
    let keys_rect = Rect { y: area.y + area.height - 1, height: 1, ..area };
    frame.render_widget(
        Paragraph::new(Span::styled(lang.s().game_keys, Style::default().fg(Color::DarkGray))),
        keys_rect,
    );
    if screen.animation.is_some() {
        return;
    }
    if table.pending().is_some() {
        draw_confirm(app, frame, board_area);
    } else if let Some(outcome) = table.outcome() {
        draw_end(app, frame, board_area, outcome);
    }
}

/// ` TRIPOT   Table · kawu-3 · vue de ● Joueur 1`.
fn header(lang: Lang, table: &StarTable) -> Line<'static> {
    let s = lang.s();
    let viewer = table.viewer();
    Line::from(vec![
        Span::styled(
            format!(" {} ", lang.t().title),
            Style::default().fg(Color::Black).bg(Color::LightYellow).add_modifier(Modifier::BOLD),
        ),
        Span::styled(
            format!("  {} · {}", s.table, table.setup().variant),
            Style::default().fg(Color::White).add_modifier(Modifier::BOLD),
        ),
        Span::styled(
            format!("  ·  {} {} {}", s.view_of, glyph(viewer), lang.seat_name(table, viewer)),
            Style::default().fg(Color::Gray),
        ),
    ])
}

/// What to mark on the board: the computer's move on its way, or the person's pick, its
/// targets and the path under the cursor, the last move's trail, a hint.
fn marks(screen: &TableScreen) -> StarMarks {
    let table = &screen.table;
    let focus = if table.human_to_move() { table.position().turn() } else { table.viewer() };
    let mut marks = StarMarks { focus: Some(focus), coords: screen.show_coords, ..StarMarks::default() };
    if let Some(animation) = &screen.animation {
        let shown = &animation.path[..animation.shown.min(animation.path.len())];
        if let (Some(&from), Some(&at)) = (shown.first(), shown.last()) {
            marks.moving = Some((from, at));
            marks.selected = Some(at);
        }
        marks.path = shown.to_vec();
        return marks;
    }
    if table.human_to_move() && screen.thinking.is_none() {
        marks.cursor = Some(table.cursor());
    }
    if let Some((_, played)) = table.last_move()
        && let StarNotation::Path(path) = &played.notation
    {
        marks.trail = path.to_vec();
    }
    if let Some(path) = table.selection_path() {
        let targets = table.targets();
        marks.steps = targets.steps;
        marks.jumps = targets.jumps;
        let (from, end) = (path[0], path[path.len() - 1]);
        if path.len() > 1 {
            marks.moving = Some((from, end));
        }
        marks.selected = Some(end);
        marks.path = match table.preview() {
            Some(preview) => preview[..preview.len() - 1].to_vec(),
            None => path.to_vec(),
        };
    } else if let Some(hint) = table.hint()
        && let StarNotation::Path(path) = &hint.notation
    {
        marks.hint = vec![path[0], path[path.len() - 1]];
        marks.path = path[..path.len() - 1].to_vec();
    }
    marks
}

/// The second line of a seat: its count, and how its game ended if it has.
fn seat_detail(lang: Lang, table: &StarTable, seat: Colour, with_place: bool) -> String {
    let t = lang.t();
    let s = lang.s();
    let position = table.position();
    let mut words = if position.variant().game() == GameKind::Captures {
        format!("{} {}", s.captures, position.taken(seat))
    } else {
        format!(
            "{} {}/{} · {} {}",
            t.arrived,
            position.arrived(seat),
            position.variant().marbles(),
            t.distance,
            position.total_distance(seat)
        )
    };
    let place = table.outcome().and_then(|o| o.place(seat)).or(position.place(seat));
    if position.is_out(seat) {
        words.push_str(&format!(" · {}", s.eliminated));
    } else if position.is_finished(seat) && place.is_none() {
        words.push_str(&format!(" · {}", s.waiting_partner));
    }
    if let Some(place) = place.filter(|_| with_place) {
        words.push_str(&format!(" · {}", lang.place(place)));
    }
    words
}

fn draw_panel(app: &mut App, frame: &mut Frame<'_>, panel: Rect) {
    let Some(screen) = app.table.as_ref() else { return };
    let lang = app.lang;
    let t = lang.t();
    let s = lang.s();
    let table = &screen.table;
    let position = table.position();
    let block = super::panel_block();
    let inner = block.inner(panel);
    frame.render_widget(block, panel);
    let over = table.outcome().is_some();
    let mut lines = Vec::new();
    for (&seat, player) in table.setup().variant.seats().iter().zip(&table.setup().players) {
        let to_move = position.turn() == seat && !over;
        let tint = seat_tint(position, seat);
        let name_style = if to_move {
            Style::default().fg(Color::White).add_modifier(Modifier::BOLD)
        } else {
            Style::default().fg(Color::Gray)
        };
        let who = match player {
            SeatPlayer::Human => lang.seat_name(table, seat),
            SeatPlayer::Computer(level) => {
                format!("{} · {}", lang.seat_name(table, seat), lang.level_label(*level))
            }
        };
        let mut spans = vec![
            Span::styled(
                if to_move { " ▶ " } else { "   " },
                Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD),
            ),
            Span::styled(glyph(seat).to_string(), Style::default().fg(tint).add_modifier(Modifier::BOLD)),
            Span::styled(format!(" {who}"), name_style),
        ];
        if to_move && (screen.thinking.is_some() || screen.animation.is_some()) {
            let spin = SPINNER[(app.ticks % SPINNER.len() as u64) as usize];
            spans.push(Span::styled(
                format!("  {spin} {}", t.thinking),
                Style::default().fg(Color::LightYellow),
            ));
        }
        lines.push(Line::from(spans));
        lines.push(Line::from(Span::styled(
            format!("     {}", seat_detail(lang, table, seat, true)),
            Style::default().fg(Color::Gray),
        )));
    }
    lines.push(Line::from(""));
    let legend = Style::default().fg(Color::Gray);
    let mut spans = Vec::new();
    // The captures game has no steps.
    if position.variant().game() != GameKind::Captures {
        spans.push(Span::styled(
            format!(" {STEP}"),
            Style::default().fg(Color::LightGreen).add_modifier(Modifier::BOLD),
        ));
        spans.push(Span::styled(format!(" {} ", t.legend_step), legend));
    }
    spans.push(Span::styled(
        format!(" {JUMP}"),
        Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD),
    ));
    spans.push(Span::styled(format!(" {}  ", t.legend_jump), legend));
    match position.variant().game() {
        GameKind::Captures => {}
        game => {
            spans.push(Span::styled(GOAL.to_string(), Style::default().add_modifier(Modifier::BOLD)));
            spans.push(Span::styled(format!(" {}  ", s.legend_goal), legend));
            if game == GameKind::Halma {
                spans.push(Span::styled(FORBIDDEN.to_string(), Style::default().fg(Color::DarkGray)));
                spans.push(Span::styled(format!(" {}", s.legend_forbidden), legend));
            }
        }
    }
    lines.push(Line::from(spans));
    lines.push(Line::from(Span::styled(format!(" {} : {}", s.cursor, table.cursor()), legend)));
    let header_height = lines.len() as u16;
    frame.render_widget(Paragraph::new(lines), Rect { height: header_height.min(inner.height), ..inner });

    let chain = table.selection_path().is_some_and(|p| p.len() > 1);
    let idle = screen.thinking.is_none() && screen.animation.is_none();
    let buttons: Vec<(&str, char, Button, bool)> = if over {
        vec![(t.coords, 'c', Button::Coords, true), (t.menu, 'q', Button::Menu, true)]
    } else {
        vec![
            (t.end_jump, 'f', Button::EndJump, chain),
            (t.hint, 'i', Button::Hint, table.human_to_move() && idle),
            (t.undo, 'u', Button::Undo, table.undo_count().is_some()),
            (t.coords, 'c', Button::Coords, true),
            (t.menu, 'q', Button::Menu, true),
        ]
    };
    let y = super::button_rows(frame, &mut app.hits, inner, inner.y + header_height + 1, buttons);
    let Some(screen) = app.table.as_ref() else { return };
    let top = y + 2;
    if top < inner.y + inner.height {
        draw_moves(
            lang,
            &screen.table,
            frame,
            Rect { y: top, height: inner.y + inner.height - top, ..inner },
        );
    }
}

/// The last moves, numbered by ply, each with its seat's glyph; the newest at the bottom.
fn draw_moves(lang: Lang, table: &StarTable, frame: &mut Frame<'_>, area: Rect) {
    let t = lang.t();
    let n = table.moves().len();
    let mut lines = vec![Line::from(Span::styled(
        format!(" {} — {n} {}", t.history, if n == 1 { t.one_move } else { t.moves_count }),
        Style::default().fg(Color::White).add_modifier(Modifier::BOLD),
    ))];
    let room = usize::from(area.height.saturating_sub(1));
    let width = usize::from(area.width.saturating_sub(8));
    for (i, played) in table.moves().iter().enumerate().skip(n.saturating_sub(room)) {
        let text = match &played.notation {
            StarNotation::Pass => t.pass_word.to_owned(),
            path => path.to_string().chars().take(width).collect(),
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{:>4}. ", i + 1), Style::default().fg(Color::DarkGray)),
            Span::styled(
                format!("{} {text}", glyph(played.seat)),
                Style::default().fg(seat_tint(table.position(), played.seat)),
            ),
        ]));
    }
    frame.render_widget(Paragraph::new(lines), area);
}

/// "This move eliminates you": the move, why, and the keys.
fn draw_confirm(app: &App, frame: &mut Frame<'_>, area: Rect) {
    let Some(table) = app.table() else { return };
    let Some(pending) = table.pending() else { return };
    let lang = app.lang;
    let s = lang.s();
    let inner = super::question_box(frame, area, s.confirm_title);
    let deadline = table.position().variant().home_deadline();
    let why = match lang {
        Lang::Fr => format!("{} : une bille à la maison après le {deadline}e coup", pending.notation),
        Lang::En => format!("{}: a marble at home after move {deadline}", pending.notation),
    };
    let lines = vec![
        Line::from(""),
        Line::from(Span::styled(why, Style::default().fg(Color::White).add_modifier(Modifier::BOLD))),
        Line::from(""),
        Line::from(Span::styled(s.confirm_keys, Style::default().fg(Color::Gray))),
    ];
    frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center), inner);
}

/// The end: who won or the ranking, why, each seat's count, Rematch and Menu.
fn draw_end(app: &mut App, frame: &mut Frame<'_>, area: Rect, outcome: StarOutcome) {
    let Some(table) = app.table() else { return };
    let lang = app.lang;
    let t = lang.t();
    let s = lang.s();
    let seats = table.setup().variant.seats();
    let rect = centred(area, 56, seats.len() as u16 + 8);
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Double)
        .border_style(Style::default().fg(Color::LightYellow))
        .title(Span::styled(
            format!(" {} ", super::game::end_title(lang)),
            Style::default().add_modifier(Modifier::BOLD),
        ))
        .title_alignment(Alignment::Center);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let winners = outcome.winners();
    let headline = match winners.as_slice() {
        [one] => format!("{} {} {}", glyph(*one), lang.seat_name(table, *one), t.wins),
        many => {
            let names: Vec<String> =
                many.iter().map(|&w| format!("{} {}", glyph(w), lang.seat_name(table, w))).collect();
            format!("{} {}", s.draw_between, names.join(", "))
        }
    };
    let mut lines = vec![
        Line::from(Span::styled(
            headline,
            Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD),
        )),
        Line::from(Span::styled(lang.star_end(outcome.end, table), Style::default().fg(Color::White))),
        Line::from(Span::styled(format!("{} :", s.ranking), Style::default().fg(Color::Gray))),
    ];
    // Placed seats first, best first; the others (a kawu or captures loser) after them.
    let mut order: Vec<Colour> = outcome.standings().into_iter().map(|(seat, _)| seat).collect();
    order.extend(seats.iter().copied().filter(|&seat| outcome.place(seat).is_none()));
    for seat in order {
        let place = outcome.place(seat).map_or_else(|| s.no_place.to_owned(), |p| lang.place(p));
        lines.push(Line::from(vec![
            Span::styled(glyph(seat).to_string(), Style::default().fg(seat_tint(table.position(), seat))),
            Span::raw(format!(
                " {} — {place} · {}",
                lang.seat_name(table, seat),
                seat_detail(lang, table, seat, false)
            )),
        ]));
    }
    let text_height = lines.len() as u16;
    frame.render_widget(
        Paragraph::new(lines).alignment(Alignment::Center),
        Rect { height: text_height, ..inner },
    );
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
