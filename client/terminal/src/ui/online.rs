//! An online game's words beside the board: the waiting page shown until the session brings
//! the board (the addresses or the room code to share, the quick match's wait, a join's
//! progress, a failure read whole), the connection line of the game's panel, and the prompt to
//! claim the game once the opponent has been away past the grace period.

use std::time::Duration;

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{BorderType, Clear, Paragraph, Wrap};
use tripot_app::online_status::OnlineStatus;

use super::{ButtonSpec, button, centred, titled_frame};
use crate::app::{App, Button, Connection, Route, Side};
use tripot_app::i18n::Lang;

pub(super) const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/// "1 min 05 s", "12 s".
pub(super) fn duration_text(waited: Duration) -> String {
    let secs = waited.as_secs();
    if secs >= 60 { format!("{} min {:02} s", secs / 60, secs % 60) } else { format!("{secs} s") }
}

/// The connection line of the game panel, under the opponent's name: state, route, round trip.
pub(super) fn status_line(lang: Lang, online: &OnlineStatus, ticks: u64) -> Line<'static> {
    let t = lang.t();
    let (mark, text, colour) = match online.connection {
        Connection::Connected => ("●", t.connected.to_owned(), Color::LightGreen),
        Connection::Waiting | Connection::Joining => {
            let spin = SPINNER[(ticks % SPINNER.len() as u64) as usize];
            (if spin == SPINNER[0] { "◌" } else { "○" }, t.waiting_title.to_lowercase(), Color::LightYellow)
        }
        // The opponent said it left: awaited, not « reconnecting ».
        Connection::Reconnecting { waited } if online.peer_left => {
            ("◌", format!("{} {}", t.peer_left_state, duration_text(waited)), Color::LightYellow)
        }
        Connection::Reconnecting { waited } => {
            ("◌", format!("{} {}", t.reconnecting, duration_text(waited)), Color::LightYellow)
        }
        Connection::GraceOver { waited } => {
            ("◌", format!("{} ({})", t.opponent_away, duration_text(waited)), Color::LightRed)
        }
        Connection::Over => ("○", t.game_over_state.to_owned(), Color::Gray),
        Connection::Seeking { .. } => ("◌", t.seeking.to_owned(), Color::LightYellow),
    };
    let mut spans = vec![Span::styled(
        format!(" {mark} {text}"),
        Style::default().fg(colour).add_modifier(Modifier::BOLD),
    )];
    if online.connection == Connection::Connected {
        if let Some(route) = online.route {
            let route = match route {
                Route::Direct => t.direct,
                Route::Relayed => t.via_relay,
            };
            spans.push(Span::styled(format!(" · {route}"), Style::default().fg(Color::Gray)));
        }
        if let Some(rtt) = online.round_trip {
            spans.push(Span::styled(
                format!(" · {} {} ms", t.round_trip, rtt.as_millis()),
                Style::default().fg(Color::DarkGray),
            ));
        }
    }
    Line::from(spans)
}

/// Until the session brings the board: what this side waits for, and what to share.
pub(super) fn draw_waiting(app: &mut App, frame: &mut Frame<'_>, area: Rect) {
    let lang = app.lang;
    let t = lang.t();
    let Some(screen) = &app.online_table else { return };
    let live = screen.online().is_live();
    let online: &OnlineStatus = screen.online().status();
    let header = Line::from(vec![
        Span::styled(
            format!(" {} ", t.title),
            Style::default().fg(Color::Black).bg(Color::LightYellow).add_modifier(Modifier::BOLD),
        ),
        Span::styled(
            format!("  {}", t.online_mode),
            Style::default().fg(Color::White).add_modifier(Modifier::BOLD),
        ),
    ]);
    frame.render_widget(Paragraph::new(header), Rect { height: 1, ..area });

    let spin = SPINNER[(app.ticks % SPINNER.len() as u64) as usize];
    let waited = Duration::from_millis(app.ticks.saturating_sub(online.opened_at) * 100);
    let bold = Style::default().fg(Color::White).add_modifier(Modifier::BOLD);
    let grey = Style::default().fg(Color::Gray);
    let mut lines = vec![Line::from("")];
    // The addresses to copy go inside the box only where it can be wide enough; otherwise
    // each is printed below it on lines of its own, from the screen's first column, so a mouse
    // copy takes no border with it.
    let addrs: Vec<String> = match &online.side {
        Side::Host(_) => online.addrs.iter().take(6).map(ToString::to_string).collect(),
        _ => Vec::new(),
    };
    let addrs_fit = addrs.iter().all(|a| a.chars().count() as u16 + 6 <= area.width);
    let title = match &online.side {
        Side::Room(offer) => {
            lines.push(Line::from(vec![
                Span::styled(format!("{spin} "), Style::default().fg(Color::LightYellow)),
                Span::styled(format!("{} — {}", t.waiting_title, duration_text(waited)), bold),
            ]));
            lines.push(Line::from(Span::styled(lang.title_of(&offer.game), grey)));
            lines.push(Line::from(""));
            lines.push(Line::from(Span::styled(t.share_code, grey)));
            match &online.room_code {
                Some(code) => {
                    lines.push(Line::from(Span::styled(
                        format!("  {code}  "),
                        Style::default().fg(Color::Black).bg(Color::LightYellow).add_modifier(Modifier::BOLD),
                    )));
                    lines.push(Line::from(Span::styled(format!("tripot join {code}"), grey)));
                }
                None => lines.push(Line::from(Span::styled(t.room_opening, grey))),
            }
            if let Some(state) = online.relay {
                lines.push(Line::from(""));
                lines.push(Line::from(Span::styled(relay_text(lang, state), grey)));
            }
            t.room
        }
        Side::Table(offer) => {
            lines.push(Line::from(vec![
                Span::styled(format!("{spin} "), Style::default().fg(Color::LightYellow)),
                Span::styled(format!("{} — {}", t.waiting_title, duration_text(waited)), bold),
            ]));
            lines.push(Line::from(Span::styled(lang.title_of(&offer.game), grey)));
            lines.push(Line::from(""));
            lines.push(Line::from(Span::styled(t.table_open, grey)));
            t.lobby_title
        }
        Side::Host(offer) => {
            lines.push(Line::from(vec![
                Span::styled(format!("{spin} "), Style::default().fg(Color::LightYellow)),
                Span::styled(format!("{} — {}", t.waiting_title, duration_text(waited)), bold),
            ]));
            let opener = match offer.opens {
                tripot_protocol::Opens::Host => t.opener_me,
                tripot_protocol::Opens::Guest => t.opener_opponent,
                tripot_protocol::Opens::Random => t.opener_draw,
            };
            lines.push(Line::from(Span::styled(
                format!("{} · {} : {opener}", lang.title_of(&offer.game), t.opener),
                grey,
            )));
            lines.push(Line::from(""));
            if let Some(code) = &online.room_code {
                lines.push(Line::from(Span::styled(t.share_code, grey)));
                lines.push(Line::from(Span::styled(
                    format!("  {code}  "),
                    Style::default().fg(Color::Black).bg(Color::LightYellow).add_modifier(Modifier::BOLD),
                )));
                lines.push(Line::from(""));
            }
            lines.push(Line::from(Span::styled(t.share_addresses, grey)));
            if online.addrs.is_empty() {
                lines.push(Line::from(Span::styled(t.no_address_yet, grey)));
            }
            if addrs_fit {
                for addr in &addrs {
                    lines.push(Line::from(Span::styled(addr.clone(), Style::default().fg(Color::LightCyan))));
                }
            }
            lines.push(Line::from(""));
            lines.push(Line::from(Span::styled(t.copy_hint, Style::default().fg(Color::DarkGray))));
            t.waiting_title
        }
        Side::Guest(target) => {
            lines.push(Line::from(vec![
                Span::styled(format!("{spin} "), Style::default().fg(Color::LightYellow)),
                Span::styled(format!("{} {}", t.joining, duration_text(waited)), bold),
            ]));
            lines.push(Line::from(Span::styled(target.clone(), Style::default().fg(Color::LightCyan))));
            t.join_title
        }
        Side::Quick(seek) => {
            let (headline, detail) = match online.connection {
                Connection::Seeking { players } if players > 0 => {
                    (t.seeking.to_owned(), format!("{players} {}", t.seekers))
                }
                Connection::Seeking { .. } => (t.seeking.to_owned(), String::new()),
                _ => (t.matched.to_owned(), String::new()),
            };
            lines.push(Line::from(vec![
                Span::styled(format!("{spin} "), Style::default().fg(Color::LightYellow)),
                Span::styled(format!("{headline} {}", duration_text(waited)), bold),
            ]));
            let game = if seek.any_game {
                lang.any_game_of(seek.table.seats)
            } else {
                lang.title_of(&seek.table.game)
            };
            lines.push(Line::from(Span::styled(format!("{} : {game}", lang.s().game), grey)));
            if !detail.is_empty() {
                lines.push(Line::from(Span::styled(detail, grey)));
            }
            t.quick_match
        }
        Side::Relay => {
            lines.push(Line::from(vec![
                Span::styled(format!("{spin} "), Style::default().fg(Color::LightYellow)),
                Span::styled(format!("{} {}", t.waiting_opponent, duration_text(waited)), bold),
            ]));
            lines.push(Line::from(Span::styled(t.via_relay, grey)));
            t.online_mode
        }
        Side::Resume => {
            lines.push(Line::from(vec![
                Span::styled(format!("{spin} "), Style::default().fg(Color::LightYellow)),
                Span::styled(t.resuming, bold),
            ]));
            t.online_mode
        }
    };
    if let Some(warning) = &online.warning {
        lines.push(Line::from(""));
        lines.push(Line::from(Span::styled(lang.warning(warning), Style::default().fg(Color::LightRed))));
    }
    // A session that stopped (a room that cannot be used, a refusal for good) waits for
    // nothing more: no spinner, no time counting, and the headline says so.
    if !live && lines.len() > 1 {
        lines[1] = Line::from(vec![
            Span::styled("✗ ", Style::default().fg(Color::LightRed).add_modifier(Modifier::BOLD)),
            Span::styled(t.online_failed, bold),
        ]);
    }
    // Only a host by address shows its addresses (a room's relayed ones are no use to a friend).
    let longest = match &online.side {
        Side::Guest(target) => target.chars().count(),
        Side::Host(_) if addrs_fit => addrs.iter().map(|a| a.chars().count()).max().unwrap_or(0),
        _ => 0,
    };
    let width = (longest as u16 + 6).max(72);
    let outside: Vec<Line<'_>> = if addrs_fit {
        Vec::new()
    } else {
        addrs
            .iter()
            .map(|a| Line::from(Span::styled(a.clone(), Style::default().fg(Color::LightCyan))))
            .collect()
    };
    let outside_height: u16 = addrs
        .iter()
        .filter(|_| !addrs_fit)
        .map(|a| (a.chars().count() as u16).div_ceil(area.width.max(1)))
        .sum();
    let space = Rect { y: area.y + 1, height: area.height.saturating_sub(3 + outside_height), ..area };
    // As tall as the text once wrapped: a long reason is read whole, never cut.
    let paragraph = Paragraph::new(lines).alignment(Alignment::Center).wrap(Wrap { trim: false });
    let text_height =
        u16::try_from(paragraph.line_count(width.min(area.width).saturating_sub(2))).unwrap_or(u16::MAX);
    let rect = centred(space, width, text_height.saturating_add(5));
    if !outside.is_empty() {
        let below = Rect {
            y: rect.y + rect.height,
            height: outside_height.min((area.y + area.height).saturating_sub(rect.y + rect.height + 2)),
            ..area
        };
        frame.render_widget(Paragraph::new(outside).wrap(Wrap { trim: false }), below);
    }
    let inner = titled_frame(frame, rect, title, BorderType::Rounded, Color::LightYellow);
    frame.render_widget(paragraph, Rect { height: inner.height.saturating_sub(2), ..inner });
    let label = t.menu;
    let x = inner.x + inner.width.saturating_sub(label.chars().count() as u16 + 6) / 2;
    button(
        frame,
        &mut app.hits,
        x,
        inner.y + inner.height.saturating_sub(1),
        ButtonSpec { label, key: Some('q'), which: Button::Menu, enabled: true },
    );
    message_line(app, frame, area);
}

fn message_line(app: &App, frame: &mut Frame<'_>, area: Rect) {
    let rect = Rect { y: area.y + area.height - 2, height: 1, ..area };
    if let Some(message) = &app.message {
        super::message_line(frame, message, rect);
    }
}

/// The link to the relay, in words.
fn relay_text(lang: Lang, state: tripot_net::online::RelayState) -> String {
    use tripot_net::online::RelayState as S;
    let t = lang.t();
    let state = match state {
        S::Connecting => t.relay_connecting,
        S::Connected => t.relay_connected,
        S::Reserved => t.relay_reserved,
        S::Lost => t.relay_lost,
    };
    format!("{} : {state}", t.relay_word)
}

/// The opponent is gone past the grace period: claim the game, or keep waiting.
pub(super) fn draw_claim(app: &mut App, frame: &mut Frame<'_>, area: Rect) {
    let t = app.lang.t();
    let status = app.online_table.as_ref().map(|s| s.online().status());
    let waited = match status.map(|s| s.connection) {
        Some(Connection::GraceOver { waited }) => waited,
        _ => std::time::Duration::ZERO,
    };
    let waiting = if status.is_some_and(|s| s.peer_left) { t.peer_left_state } else { t.reconnecting };
    let rect = centred(area, 60, 9);
    frame.render_widget(Clear, rect);
    let inner = titled_frame(frame, rect, t.grace_title, BorderType::Double, Color::LightYellow);
    let lines = vec![
        Line::from(Span::styled(
            format!("{waiting} {}", duration_text(waited)),
            Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD),
        )),
        Line::from(""),
        Line::from(t.grace_text),
    ];
    let text = Paragraph::new(lines).alignment(Alignment::Center).wrap(Wrap { trim: true });
    frame.render_widget(text, Rect { height: inner.height.saturating_sub(1), ..inner });
    super::centred_buttons(
        frame,
        &mut app.hits,
        inner,
        vec![
            ButtonSpec { label: t.claim, key: Some('r'), which: Button::Claim, enabled: true },
            ButtonSpec { label: t.keep_waiting, key: Some('w'), which: Button::KeepWaiting, enabled: true },
        ],
    );
}
