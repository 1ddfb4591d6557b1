//! The online game's sentences as the page shows them, in both languages, worded by
//! `tripot_app`'s catalogue of words: the notices, the connection's state, the ending, the
//! refusals. Nothing here names one game: seats are named by the game itself.

use tripot_app::i18n::{Lang, fill};
use tripot_app::online_connection::{Connection, Route, Side};
use tripot_app::online_notice::Notice;
use tripot_app::online_status::OnlineStatus;
use tripot_game::{Leaving, Seat};
use tripot_net::Ending;

use super::messages::ServerMessage;
use super::online_messages::{NoticeView, OnlineErrorCode, Words};
use tripot_app::network::NetworkError;

/// A refusal: its code and its words.
pub(crate) type Refusal = (OnlineErrorCode, Words);

/// The colon before an explanation: spaced in French, not in English.
pub(crate) fn colon(lang: Lang) -> &'static str {
    lang.page().colon
}

pub(crate) fn words(f: impl Fn(Lang) -> String) -> Words {
    Words { fr: f(Lang::Fr), en: f(Lang::En) }
}

pub(crate) fn refusal(code: OnlineErrorCode, f: impl Fn(Lang) -> String) -> Refusal {
    (code, words(f))
}

pub(crate) fn notice_message(notice: &Notice) -> ServerMessage {
    ServerMessage::OnlineNotice(NoticeView {
        strong: notice.strong(),
        words: words(|l| notice_text(l, notice)),
    })
}

/// A notice as the terminal words it, except where the terminal names its keys: the page
/// names its buttons.
fn notice_text(lang: Lang, notice: &Notice) -> String {
    let page = lang.page();
    match notice {
        Notice::ConfirmResign => page.online_confirm_resign.to_owned(),
        Notice::ConfirmLeave { saved: Some(path), .. } => {
            fill(page.online_confirm_leave_saved, &[("path", &path.display().to_string())])
        }
        Notice::ConfirmLeave { saved: None, .. } => page.online_confirm_leave.to_owned(),
        Notice::RematchOffered { name } => fill(page.online_rematch_offered, &[("name", name)]),
        _ => lang.notice(notice),
    }
}

pub(crate) fn network_refusal(error: &NetworkError) -> Refusal {
    refusal(OnlineErrorCode::Network, |l| {
        format!("{}{}{}", l.t().online_failed, colon(l), l.network_error(error))
    })
}

pub(crate) fn not_online() -> Refusal {
    refusal(OnlineErrorCode::NotOnline, |l| l.page().online_not_open.to_owned())
}

pub(crate) fn not_connected() -> Refusal {
    refusal(OnlineErrorCode::NotConnected, |l| l.page().online_not_connected.to_owned())
}

pub(crate) fn game_over() -> Refusal {
    refusal(OnlineErrorCode::GameOver, |l| l.page().online_game_over.to_owned())
}

pub(crate) fn not_now() -> Refusal {
    refusal(OnlineErrorCode::NotNow, |l| l.page().online_not_now.to_owned())
}

pub(crate) fn not_your_turn() -> Refusal {
    refusal(OnlineErrorCode::NotYourTurn, |l| l.page().online_not_your_turn.to_owned())
}

/// A cell name the board does not have (shown cut short: it came from the page).
pub(crate) fn bad_cell(sent: &str) -> Refusal {
    let shown: String = sent.chars().take(12).collect();
    refusal(OnlineErrorCode::BadHole, |l| fill(l.page().online_bad_hole, &[("hole", &shown)]))
}

pub(crate) fn not_your_piece(cell: &str) -> Refusal {
    refusal(OnlineErrorCode::NotYourPawn, |l| fill(l.page().online_not_your_pawn, &[("hole", cell)]))
}

pub(crate) fn empty_hole(cell: &str) -> Refusal {
    refusal(OnlineErrorCode::EmptyHole, |l| fill(l.page().online_empty_hole, &[("hole", cell)]))
}

pub(crate) fn no_selection() -> Refusal {
    refusal(OnlineErrorCode::NoSelection, |l| l.page().online_no_selection.to_owned())
}

pub(crate) fn not_a_destination(cell: &str) -> Refusal {
    refusal(OnlineErrorCode::NotADestination, |l| fill(l.page().online_not_a_destination, &[("hole", cell)]))
}

pub(crate) fn no_chain() -> Refusal {
    refusal(OnlineErrorCode::NoChain, |l| l.page().online_no_hop.to_owned())
}

pub(crate) const fn side_key(side: &Side) -> &'static str {
    match side {
        Side::Host(_) => "host",
        Side::Guest(_) => "guest",
        Side::Quick(_) => "quick",
        Side::Table(_) => "table",
        Side::Room(_) => "room",
        Side::Relay => "relay",
        Side::Resume => "resume",
    }
}

pub(crate) const fn connection_key(connection: Connection) -> &'static str {
    match connection {
        Connection::Waiting => "waiting",
        Connection::Joining => "joining",
        Connection::Connected => "connected",
        Connection::Reconnecting { .. } => "reconnecting",
        Connection::GraceOver { .. } => "grace_over",
        Connection::Over => "over",
        Connection::Seeking { .. } => "seeking",
    }
}

/// The connection's state as the terminal's online panel says it.
pub(crate) fn connection_words(lang: Lang, status: &OnlineStatus) -> String {
    let t = lang.t();
    let secs = |d: std::time::Duration| format!("{} s", d.as_secs());
    match status.connection {
        Connection::Connected => match status.route {
            Some(Route::Direct) => format!("{} · {}", t.connected, t.direct),
            Some(Route::Relayed) => format!("{} · {}", t.connected, t.via_relay),
            None => t.connected.to_owned(),
        },
        Connection::Waiting => t.waiting_title.to_owned(),
        Connection::Joining => t.joining.to_owned(),
        Connection::Reconnecting { waited } if status.peer_left => {
            format!("{} {}", t.peer_left_state, secs(waited))
        }
        Connection::Reconnecting { waited } => format!("{} {}", t.reconnecting, secs(waited)),
        Connection::GraceOver { waited } => format!("{} ({})", t.opponent_away, secs(waited)),
        Connection::Over => t.game_over_state.to_owned(),
        Connection::Seeking { players } if players > 0 => format!("{} · {players} {}", t.seeking, t.seekers),
        Connection::Seeking { .. } => t.seeking.to_owned(),
    }
}

/// "Vous avez gagné", or who won, or a draw, and why — for any game of two seats.
pub(crate) fn ending_words(lang: Lang, ending: &Ending, local: Option<Seat>, peer: Option<&str>) -> String {
    let t = lang.t();
    let headline = match ending.winner() {
        Some(winner) if Some(winner) == local => t.you_win.to_owned(),
        Some(_) => format!("{} {}. {}", peer.unwrap_or_default(), t.wins, t.you_lose),
        None => lang.s().draw_result.to_owned(),
    };
    let reason = match ending.left() {
        Some((_, Leaving::Resigned)) => t.by_resign.to_owned(),
        Some((_, Leaving::Forfeited)) => {
            format!("{} : {}", t.by_forfeit, ending.forfeit.clone().unwrap_or_default())
        }
        Some((_, Leaving::Abandoned | Leaving::TimedOut)) => t.by_claim.to_owned(),
        None => lang.end_reason(ending.outcome.reason).to_owned(),
    };
    format!("{headline} — {reason}")
}
