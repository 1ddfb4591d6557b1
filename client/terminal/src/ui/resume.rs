//! The prompt offering to resume an unfinished game: every one, local or online, to choose from.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{BorderType, Paragraph};

use super::{ButtonSpec, button, centred, titled_frame};
use crate::app::{App, Button};
use tripot_app::i18n::Lang;
use tripot_app::resume_choice::ResumeChoice;
use tripot_app::seat_kind::SeatKind;

pub(super) fn draw(app: &mut App, frame: &mut Frame<'_>, area: Rect) {
    let lang = app.lang;
    let t = lang.t();
    let entries: Vec<String> = app.resume_choices.iter().map(|choice| entry(lang, choice)).collect();
    // Room for the longest entry, the online command below the list, and the buttons.
    let command = match app.resume_choices.get(app.resume_selected) {
        Some(ResumeChoice::Online(online)) => Some(online.command()),
        _ => None,
    };
    let keys = if entries.len() > 1 { t.resume_keys } else { t.resume_keys_one };
    let longest = entries.iter().map(|e| e.chars().count() + 4).max().unwrap_or(0);
    let longest = longest.max(keys.chars().count()).max(command.as_ref().map_or(0, |c| c.chars().count()));
    let width = (longest as u16 + 4).max(60);
    let shown = entries.len().min(usize::from(area.height.saturating_sub(14)).max(1));
    let rect = centred(area, width, shown as u16 + 10);
    let inner = titled_frame(frame, rect, t.resume_title, BorderType::Rounded, Color::LightYellow);
    let question = if entries.len() > 1 { t.resume_questions } else { t.resume_question };
    let mut lines = vec![Line::from(""), Line::from(question), Line::from("")];
    // The chosen entry stays in view.
    let first = app.resume_selected.saturating_sub(shown.saturating_sub(1));
    for (i, text) in entries.iter().enumerate().skip(first).take(shown) {
        let chosen = i == app.resume_selected;
        let style = if chosen {
            Style::default().fg(Color::White).add_modifier(Modifier::BOLD)
        } else {
            Style::default().fg(Color::Gray)
        };
        lines.push(Line::from(Span::styled(format!("{} {text}", if chosen { "▶" } else { " " }), style)));
    }
    lines.push(Line::from(""));
    if let Some(command) = command {
        lines.push(Line::from(Span::styled(command, Style::default().fg(Color::LightCyan))));
    } else {
        // Esc is said to keep the games: a newcomer feared it would throw them away.
        lines.push(Line::from(Span::styled(keys, Style::default().fg(Color::DarkGray))));
    }
    frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center), inner);
    let y = inner.y + inner.height - 2;
    let total = (t.resume.chars().count() + t.new_game.chars().count() + 16) as u16;
    let mut x = inner.x + inner.width.saturating_sub(total) / 2;
    x += button(
        frame,
        &mut app.hits,
        x,
        y,
        ButtonSpec { label: t.resume, key: Some('r'), which: Button::Resume, enabled: true },
    ) + 2;
    button(
        frame,
        &mut app.hits,
        x,
        y,
        ButtonSpec { label: t.new_game, key: Some('n'), which: Button::NewGame, enabled: true },
    );
    if let Some(message) = &app.message {
        frame.render_widget(
            Paragraph::new(Span::styled(message.text.clone(), Style::default().fg(Color::LightRed)))
                .alignment(Alignment::Center),
            Rect { y: (rect.y + rect.height).min(area.height - 1), height: 1, ..area },
        );
    }
}

/// One game offered, in a line: how it was played, its format, its moves, its date.
fn entry(lang: Lang, choice: &ResumeChoice) -> String {
    let t = lang.t();
    let count = |moves: usize| format!("{moves} {}", if moves == 1 { t.one_move } else { t.moves_count });
    match choice {
        ResumeChoice::Game(offered) => {
            // Who sits where in the player's words: a person, or the computer's named opponent.
            let players = tripot_app::seat_kind::parse_seats_tag(&offered.players).map_or_else(
                |_| offered.players.replace(',', ", "),
                |seats| {
                    let words: Vec<String> = seats
                        .iter()
                        .zip(tripot_game::Seat::all(u8::try_from(seats.len()).unwrap_or(u8::MAX)))
                        .map(|(&kind, seat)| match kind {
                            SeatKind::Person => lang.s().human_short.to_owned(),
                            SeatKind::Computer(_) => tripot_app::computer_names::computer_name(&seats, seat)
                                .unwrap_or_default()
                                .to_owned(),
                            SeatKind::Remote => lang.seat_kind(kind),
                        })
                        .collect();
                    words.join(", ")
                },
            );
            let title = lang.title_of(&offered.game);
            let when = offered.saved_at.map(|at| format!(" · {}", lang.moment(at))).unwrap_or_default();
            format!("{title} · {players} · {}{when}", count(offered.moves))
        }
        ResumeChoice::Table(saved) => {
            let spec = &saved.link.spec;
            let title = lang.title_of(&spec.game);
            format!("{} · {title} · {}", lang.seats_words().online_table, count(saved.moves))
        }
        ResumeChoice::Online(online) => {
            let game = &online.game;
            format!(
                "{} · {} {} · {} · {}",
                t.online_mode,
                t.opponent_label,
                game.peer_name,
                lang.title_of(game.spec()),
                count(game.moves().len())
            )
        }
    }
}
