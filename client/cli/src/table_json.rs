//! One JSON object per line for each event of an online table (headless `host`, `join` and
//! `watch` of a table).

use serde_json::{Value, json};
use tripot_net::PeerId;
use tripot_net::table::TableEvent;
use tripot_net::table_online::TableNetEvent;
use tripot_protocol::table::{Act, PeerKey, SeatHolder, Signer};

/// The JSON line of an event, or `None` for events scripts need not see.
pub(crate) fn event(event: &TableNetEvent) -> Option<Value> {
    Some(match event {
        TableNetEvent::Listening(addr) => json!({"event": "listening", "addr": addr.to_string()}),
        TableNetEvent::Table(table) => return table_event(table),
        TableNetEvent::Position { .. } => return None,
        TableNetEvent::LocalError(error) => json!({"event": "error", "detail": error.to_string()}),
        TableNetEvent::Saved { entries, path } => {
            json!({"event": "saved", "entries": entries, "path": path.display().to_string()})
        }
        TableNetEvent::Warning(warning) => json!({"event": "warning", "detail": warning.to_string()}),
        TableNetEvent::Room(room) => super::json::room_event(room),
        TableNetEvent::Rating(news) => super::json::rating(news),
    })
}

/// A peer id as people read it (the bytes as they came, if they are not one).
fn peer(key: &PeerKey) -> String {
    PeerId::from_bytes(&key.0).map_or_else(|_| format!("{:?}", key.0), |p| p.to_string())
}

fn table_event(event: &TableEvent) -> Option<Value> {
    Some(match event {
        TableEvent::Table(state) => {
            let seats: Vec<Value> = state
                .seats
                .iter()
                .map(|holder| match holder {
                    SeatHolder::Empty => json!({"kind": "empty"}),
                    SeatHolder::Computer { level } => json!({"kind": "computer", "level": level}),
                    SeatHolder::Human { peer: key, name, .. } => {
                        json!({"kind": "person", "name": name, "peer": peer(key)})
                    }
                })
                .collect();
            json!({"event": "table", "game": state.spec.game.as_str(), "seats": seats,
                "started": state.started, "epoch": state.epoch})
        }
        TableEvent::Started { game } => json!({"event": "started", "game": game}),
        TableEvent::Applied { applied, .. } => {
            let (act, text) = match &applied.act {
                Act::Move(text) => ("move", Some(text.clone())),
                Act::Leave(how) => ("leave", Some(format!("{how:?}").to_lowercase())),
                Act::OfferDraw => ("offer_draw", None),
                Act::AcceptDraw => ("accept_draw", None),
            };
            let by = match applied.signer {
                Signer::Seat => "seat".to_owned(),
                Signer::Host { why, .. } => format!("host_{why:?}").to_lowercase(),
            };
            json!({"event": "entry", "index": applied.index, "seat": applied.seat.0 + 1, "act": act,
                "text": text, "signed_by": by})
        }
        TableEvent::Ended(outcome) => {
            let places: Vec<Option<u8>> = outcome.places.iter().map(|p| p.rank).collect();
            json!({"event": "game_over", "places": places, "termination": outcome.reason.termination()})
        }
        TableEvent::EntryRefused { from, error } => {
            json!({"event": "entry_refused", "from": from.as_ref().map(peer), "detail": error.to_string()})
        }
        TableEvent::Refused(reject) => json!({"event": "refused", "reason": format!("{:?}", reject.reason)}),
        TableEvent::LinkClosed { reason, .. } => {
            json!({"event": "link_closed", "reason": format!("{reason:?}")})
        }
        TableEvent::DrawOffered { seat } => json!({"event": "draw_offered", "seat": seat.0 + 1}),
        TableEvent::DrawDeclined { seat } => json!({"event": "draw_declined", "seat": seat.0 + 1}),
        TableEvent::SeatAway { seat } => json!({"event": "seat_away", "seat": seat.0 + 1}),
        TableEvent::SeatBack { seat } => json!({"event": "seat_back", "seat": seat.0 + 1}),
        TableEvent::Claimable { seat } => json!({"event": "claimable", "seat": seat.0 + 1}),
        TableEvent::HostGone { next, .. } => json!({"event": "host_gone", "next": peer(next)}),
        TableEvent::BecameHost { epoch } => json!({"event": "became_host", "epoch": epoch}),
        TableEvent::TableLost => json!({"event": "table_lost"}),
        TableEvent::Votes(seats) => {
            json!({"event": "votes", "seats": seats.iter().map(|s| s.0 + 1).collect::<Vec<_>>()})
        }
        TableEvent::VoteClosed { rematch } => json!({"event": "vote_closed", "rematch": rematch}),
        TableEvent::Chat(line) => json!({"event": "chat", "from": peer(&line.from), "text": line.text}),
        TableEvent::ComputerToMove { .. } => return None,
        TableEvent::ResultSigned(signed) => super::json::result_signed(signed),
        TableEvent::ResultUnsigned(cause) => json!({"event": "result_unsigned", "cause": cause.name()}),
        TableEvent::Unrated(why) => json!({"event": "result_unrated", "detail": why.to_string()}),
        TableEvent::SignatureRefused { from, error } => json!({
            "event": "signature_refused", "from": from.as_ref().map(peer), "detail": error.to_string(),
        }),
    })
}
