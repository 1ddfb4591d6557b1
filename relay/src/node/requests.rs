//! Requests peers make of the relay: rendezvous (lobby tables and other namespaces), the room
//! directory (rooms and quick match) and the ratings service.

use super::Node;
use crate::denials::Denied;
use crate::directory::quick_desk::AddressFull;
use crate::directory::{self, FindOutcome, OpenOutcome, Request, Response};
use crate::lobby::{self, Asker, Served};
use libp2p::{PeerId, request_response};
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// A request a peer made of one of the relay's services.
struct Inbound<Req, Resp> {
    peer: PeerId,
    /// The address of the connection it came on, if known.
    ip: Option<IpAddr>,
    request: Req,
    /// Where its answer goes.
    channel: request_response::ResponseChannel<Resp>,
}

impl Node {
    pub(super) fn on_rendezvous(&mut self, event: request_response::Event<lobby::Request, lobby::Response>) {
        let Some(Inbound { peer, ip, request, channel }) = self.inbound(event, "rendezvous") else {
            return;
        };
        let now = Instant::now();
        let asker = Asker { peer, ip, reserved: self.reservations.contains_key(&peer) };
        let (answer, served) = self.lobby.serve(asker, request, now);
        match served {
            Served::Refused { lobby, why } => {
                let what = if lobby { Denied::LobbyRegistration } else { Denied::Registration };
                self.denials.record(peer, what, why.label(), now);
            }
            Served::TableClosed => {
                self.metrics.tripot.lobby_games.inc();
            }
            Served::Registered | Served::Other => {}
        }
        self.update_lobby_gauge();
        if let Some(lobby::Response::Discover(Ok((listed, _)))) = &answer {
            self.metrics.tripot.discovered.inc_by(u64::try_from(listed.len()).unwrap_or(u64::MAX));
        }
        // No answer (an unregister): dropping the channel closes the stream, as the spec and
        // libp2p's server do.
        if let Some(answer) = answer
            && self.swarm.behaviour_mut().rendezvous.send_response(channel, answer).is_err()
        {
            tracing::debug!(%peer, "rendezvous: the asker left before the answer");
        }
    }

    pub(super) fn on_directory(&mut self, event: request_response::Event<Request, Response>) {
        let Some(Inbound { peer, ip, request, channel }) = self.inbound(event, "room directory") else {
            return;
        };
        let directory = &mut self.swarm.behaviour_mut().directory;
        match request {
            Request::Seek(wish) => {
                let now = Instant::now();
                match self.quick.seek(directory, (peer, ip), wish, channel, now) {
                    Ok(Some(pairing)) => {
                        tracing::debug!(?pairing, "quick match");
                        self.metrics.tripot.quick_matches.inc();
                    }
                    Ok(None) => {}
                    Err(AddressFull) => self.denials.record(peer, Denied::QuickSeek, "per_ip", now),
                }
                self.update_quick_gauge();
                return;
            }
            Request::Unseek => {
                self.quick.unseek(directory, &peer);
                let _ = directory.send_response(channel, Response::Closed);
                self.update_quick_gauge();
                return;
            }
            _ => {}
        }
        let reserved = self.reservations.contains_key(&peer);
        let response = self.answer(peer, ip, reserved, request);
        if self.swarm.behaviour_mut().directory.send_response(channel, response).is_err() {
            tracing::debug!(%peer, "room directory: the asker left before the answer");
        }
    }

    pub(super) fn on_ratings(
        &mut self,
        event: request_response::Event<tripot_ratings_wire::Request, tripot_ratings_wire::Response>,
    ) {
        let Some(Inbound { peer, ip, request, channel }) = self.inbound(event, "ratings") else {
            return;
        };
        if let (Some(desk), Some(behaviour)) =
            (&mut self.ratings, self.swarm.behaviour_mut().ratings.as_mut())
        {
            desk.request(behaviour, peer, ip, request, channel);
        }
    }

    /// The request an event of a service brings, with the address it came from; a request that
    /// failed before it could be read is only logged.
    fn inbound<Req, Resp>(
        &self,
        event: request_response::Event<Req, Resp>,
        service: &str,
    ) -> Option<Inbound<Req, Resp>> {
        match event {
            request_response::Event::Message {
                peer,
                connection_id,
                message: request_response::Message::Request { request, channel, .. },
            } => {
                let ip = self.connection_ips.get(&connection_id).copied();
                Some(Inbound { peer, ip, request, channel })
            }
            request_response::Event::InboundFailure { peer, error, .. } => {
                tracing::debug!(%peer, "{service} request failed: {error}");
                None
            }
            _ => None,
        }
    }

    fn answer(&mut self, peer: PeerId, ip: Option<IpAddr>, reserved: bool, request: Request) -> Response {
        let now = Instant::now();
        let millis = |d: Duration| u32::try_from(d.as_millis()).unwrap_or(u32::MAX);
        let lookups = &self.metrics.tripot.room_lookups;
        let response = match request {
            // A room promises that its host can be reached here, and a reservation costs an
            // address more than a fresh peer id does (issue 21).
            Request::Open { .. } if !reserved => {
                self.denials.record(peer, Denied::Room, "no_reservation", now);
                Response::Refused { reason: directory::RefuseReason::NoReservation, retry_after_ms: 0 }
            }
            Request::Open { key, ttl_secs } => {
                let ttl = Duration::from_secs(u64::from(ttl_secs)).min(self.room_ttl_max);
                match self.registry.open(peer, ip, key, ttl, now) {
                    OpenOutcome::Opened(ttl) => {
                        self.metrics.tripot.rooms_opened.inc();
                        Response::Opened { ttl_secs: u32::try_from(ttl.as_secs()).unwrap_or(u32::MAX) }
                    }
                    OpenOutcome::Refused(reason) => {
                        self.denials.record(peer, Denied::Room, refusal_label(reason), now);
                        Response::Refused { reason, retry_after_ms: 0 }
                    }
                }
            }
            Request::Close { key } => {
                self.registry.close(peer, &key);
                Response::Closed
            }
            // A client of an older directory: told so, in words it reads.
            Request::Outdated => {
                self.denials.record(peer, Denied::Outdated, "outdated_client", now);
                Response::Refused { reason: directory::RefuseReason::Outdated, retry_after_ms: 0 }
            }
            // Served in `on_directory`, with a held channel.
            Request::Seek(_) | Request::Unseek => {
                Response::Refused { reason: directory::RefuseReason::Invalid, retry_after_ms: 0 }
            }
            Request::Find { key } => match self.registry.find(peer, ip, &key, now) {
                FindOutcome::Found(host) => {
                    lookups.get_or_create(&vec![("result", "found")]).inc();
                    Response::Found { host }
                }
                FindOutcome::NotFound => {
                    lookups.get_or_create(&vec![("result", "not_found")]).inc();
                    Response::NotFound
                }
                FindOutcome::Throttled(wait) => {
                    lookups.get_or_create(&vec![("result", "throttled")]).inc();
                    self.denials.record(peer, Denied::RoomLookup, "throttled", now);
                    Response::Refused {
                        reason: directory::RefuseReason::Throttled,
                        retry_after_ms: millis(wait),
                    }
                }
            },
        };
        self.update_room_gauge();
        response
    }
}

/// The `reason` label of a refused room.
fn refusal_label(reason: directory::RefuseReason) -> &'static str {
    match reason {
        directory::RefuseReason::Throttled => "throttled",
        directory::RefuseReason::Full => "full",
        directory::RefuseReason::Taken => "taken",
        directory::RefuseReason::BadTtl => "bad_ttl",
        directory::RefuseReason::Invalid => "invalid",
        directory::RefuseReason::NoReservation => "no_reservation",
        directory::RefuseReason::Outdated => "outdated_client",
    }
}
