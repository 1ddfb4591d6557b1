//! One JSON object per line for each event (headless mode).

use serde_json::{Value, json};
use tripot_game::{GameState, Leaving};
use tripot_net::online::{RatingNews, RelayState, RoomError, RoomEvent};
use tripot_net::{AbortCause, Ending, NetEvent, Refuser, SessionEvent};

/// The JSON line of an event, or `None` for events scripts need not see. `game` is the game
/// played so far, if any: a rematch names its opener in that game's words.
pub(crate) fn event(event: &NetEvent, game: Option<&dyn GameState>) -> Option<Value> {
    Some(match event {
        NetEvent::Listening(addr) => json!({"event": "listening", "addr": addr.to_string()}),
        NetEvent::Saved { ply, path } => {
            json!({"event": "saved", "ply": ply, "path": path.display().to_string()})
        }
        NetEvent::Warning(warning) => json!({"event": "warning", "detail": warning.to_string()}),
        NetEvent::LocalError(error) => json!({"event": "error", "detail": error.to_string()}),
        NetEvent::Path(path) => json!({"event": "path", "path": path.name()}),
        NetEvent::Session(session) => session_event(session, game),
        NetEvent::Relay(state) => json!({"event": "relay", "state": relay_state(*state)}),
        NetEvent::Room(room) => room_event(room),
        NetEvent::Rating(news) => rating(news),
    })
}

/// What became of a signed result as a JSON line (two-seat games and tables alike).
pub(crate) fn rating(news: &RatingNews) -> Value {
    match news {
        RatingNews::Kept { path, submitting } => json!({
            "event": "result_kept", "path": path.as_ref().map(|p| p.display().to_string()),
            "submitting": submitting,
        }),
        RatingNews::Counted { before } => json!({"event": "result_counted", "before": before}),
    }
}

/// A result every human seat signed as a JSON line (two-seat games and tables alike).
pub(crate) fn result_signed(signed: &tripot_ratings_wire::SignedResult) -> Value {
    json!({
        "event": "result_signed", "game_id": tripot_protocol::GameId(signed.result.game_id).to_string(),
        "game": signed.result.game, "places": signed.result.places,
        "finished_unix": signed.result.finished_unix,
        "players": signed.result.seats.iter().map(|s| s.peer_id.to_string()).collect::<Vec<_>>(),
    })
}

const fn relay_state(state: RelayState) -> &'static str {
    match state {
        RelayState::Connecting => "connecting",
        RelayState::Connected => "connected",
        RelayState::Reserved => "reserved",
        RelayState::Lost => "lost",
    }
}

/// A private room's news as a JSON line (two-seat rooms and tables alike).
pub(crate) fn room_event(event: &RoomEvent) -> Value {
    match event {
        RoomEvent::Open(code) => json!({"event": "room", "state": "open", "code": code.to_string()}),
        RoomEvent::Closed => json!({"event": "room", "state": "closed"}),
        RoomEvent::Refused { guest, why } => json!({
            "event": "room", "state": "refused", "guest": guest.to_string(), "detail": why.to_string(),
        }),
        RoomEvent::RelayBusy(wait) => {
            json!({"event": "room", "state": "busy", "retry_in_ms": u64::try_from(wait.as_millis()).unwrap_or(u64::MAX)})
        }
        RoomEvent::Found(host) => json!({"event": "room", "state": "found", "host": host.to_string()}),
        RoomEvent::Joined => json!({"event": "room", "state": "joined"}),
        RoomEvent::Failed(error) => {
            let kind = match error {
                RoomError::NotFound(_) => "not_found",
                RoomError::WrongCode(_) => "wrong_code",
                RoomError::Throttled(_) => "throttled",
                RoomError::RelayBusy(_) => "relay_busy",
                RoomError::NotTheHost => "not_the_host",
                RoomError::Directory(_) => "directory",
                RoomError::Unreachable(_) => "unreachable",
                RoomError::Handshake(_) => "handshake",
                RoomError::RelayOutdated => "relay_outdated",
            };
            json!({"event": "room_error", "kind": kind, "detail": error.to_string()})
        }
    }
}

fn session_event(event: &SessionEvent, game: Option<&dyn GameState>) -> Value {
    match event {
        SessionEvent::Connected { game_id, game, local_seat, opener, peer_name, state, .. } => json!({
            "event": "connected", "game_id": game_id.to_string(), "game": game.as_str(),
            "camp": state.0.seat_name(*local_seat), "opener": state.0.seat_name(*opener), "peer": peer_name,
            "position": state.0.position_string(),
        }),
        SessionEvent::MoveSent { ply, text, hash, .. } => json!({
            "event": "move_sent", "ply": ply, "move": text, "hash": format!("{hash:016x}"),
        }),
        SessionEvent::MoveReceived { ply, text, hash, .. } => json!({
            "event": "move_received", "ply": ply, "move": text, "hash": format!("{hash:016x}"),
        }),
        SessionEvent::MoveAcknowledged { ply, round_trip } => json!({
            "event": "ack", "ply": ply, "round_trip_us": u64::try_from(round_trip.as_micros()).unwrap_or(u64::MAX),
        }),
        SessionEvent::Rejected { by, reason, ply, detail } => json!({
            "event": "rejected", "by": if *by == Refuser::Local { "local" } else { "peer" },
            "reason": format!("{reason:?}"), "ply": ply, "detail": detail,
        }),
        SessionEvent::PeerDisconnected => json!({"event": "disconnected"}),
        SessionEvent::PeerLeft => json!({"event": "peer_left"}),
        SessionEvent::HandshakeAborted { cause, draw_forfeited } => {
            let reason = match cause {
                AbortCause::Refused(reason) => Some(format!("{reason:?}")),
                AbortCause::Left | AbortCause::Silent => None,
            };
            json!({
                "event": "handshake_aborted", "cause": cause.name(), "reason": reason,
                "draw_forfeited": draw_forfeited,
            })
        }
        SessionEvent::Refused { reason, detail, retry_in } => json!({
            "event": "refused", "reason": format!("{reason:?}"), "detail": detail,
            "retry_in_ms": retry_in.map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX)),
        }),
        SessionEvent::Reconnecting { waited } => {
            json!({"event": "reconnecting", "waited_secs": waited.as_secs()})
        }
        SessionEvent::GraceExpired { waited } => {
            json!({"event": "grace_expired", "waited_secs": waited.as_secs()})
        }
        SessionEvent::Resumed { common_ply, replayed } => {
            json!({"event": "resumed", "common_ply": common_ply, "replayed": replayed})
        }
        SessionEvent::GameOver(ending) => game_over(ending),
        SessionEvent::RematchOffered => json!({"event": "rematch_offered"}),
        SessionEvent::RematchDeclined { by } => {
            json!({"event": "rematch_declined", "by": if *by == Refuser::Local { "local" } else { "peer" }})
        }
        SessionEvent::RematchStarted { game_id, number, opener } => json!({
            "event": "rematch_started", "game_id": game_id.to_string(), "number": number,
            // A rematch is the same game: its seats keep their names.
            "opener": game.map_or_else(|| opener.to_string(), |g| g.seat_name(*opener)),
        }),
        SessionEvent::ResultSigned(signed) => result_signed(signed),
        SessionEvent::ResultUnsigned(cause) => json!({"event": "result_unsigned", "cause": cause.name()}),
    }
}

fn game_over(ending: &Ending) -> Value {
    let detail = match ending.left() {
        Some((_, Leaving::Forfeited)) => ending.forfeit.clone().unwrap_or_default(),
        _ => String::new(),
    };
    json!({
        "event": "game_over", "winner": ending.winner().map(|s| ending.seat_name(s)), "termination": ending.tag(),
        "detail": detail, "text": ending.to_string(),
    })
}
