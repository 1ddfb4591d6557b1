//! The quick-match desk: holds each seeker's request open while it waits, and answers both
//! seekers of a pairing at once.
//!
//! A seek is a held request: the relay keeps its response channel for up to `hold`, so a
//! pairing reaches both players within a round trip, with no polling delay. When the hold ends
//! without a partner the relay answers [`Response::Waiting`] and the seeker leaves the queue
//! until it asks again (at once). A seeker is only paired while its request is held and its
//! stream is open, so a player that vanished is never handed out as an opponent.
//!
//! Seeking needs no reservation, so throwaway identities cost nothing: a peer holds one place
//! (a new seek replaces its own), and one IP address at most `max_per_ip` places at once (a
//! household behind one NAT seeks a few games at a time), so that identities from one address
//! can neither fill the queue nor make most of it.

use super::matchmaker::{Matchmaker, Pairing, SeekOutcome, Wish};
use super::{Behaviour, RefuseReason, Response};
use libp2p::PeerId;
use libp2p::request_response::ResponseChannel;
use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// How long to wait before asking again when the queue is full.
const FULL_RETRY_MS: u32 = 5_000;

/// A seeker's held request: its answer's channel, until when it is held, and the address it
/// came from.
struct Held {
    channel: ResponseChannel<Response>,
    until: Instant,
    ip: Option<IpAddr>,
}

/// Seekers' held requests and the queue that pairs them.
pub(crate) struct QuickDesk {
    matchmaker: Matchmaker,
    held: HashMap<PeerId, Held>,
    /// Held requests per address (only addresses holding one).
    per_ip: HashMap<IpAddr, usize>,
    /// Held requests one address may have at once (`None`: no bound).
    max_per_ip: Option<usize>,
    hold: Duration,
}

impl QuickDesk {
    /// A desk holding at most `max_waiting` seekers, `max_per_ip` of one address, each request
    /// for at most `hold`.
    pub(crate) fn new(max_waiting: usize, max_per_ip: Option<usize>, hold: Duration) -> Self {
        QuickDesk {
            matchmaker: Matchmaker::new(max_waiting),
            held: HashMap::new(),
            per_ip: HashMap::new(),
            max_per_ip,
            hold,
        }
    }

    /// Holds `peer`'s request.
    fn hold(&mut self, peer: PeerId, held: Held) {
        if let Some(ip) = held.ip {
            *self.per_ip.entry(ip).or_insert(0) += 1;
        }
        if let Some(replaced) = self.held.insert(peer, held) {
            self.forget_ip(replaced.ip);
        }
    }

    /// Lets go of `peer`'s held request, if any: its channel.
    fn release(&mut self, peer: &PeerId) -> Option<ResponseChannel<Response>> {
        let held = self.held.remove(peer)?;
        self.forget_ip(held.ip);
        Some(held.channel)
    }

    fn forget_ip(&mut self, ip: Option<IpAddr>) {
        if let Some(ip) = ip
            && let Some(count) = self.per_ip.get_mut(&ip)
        {
            *count -= 1;
            if *count == 0 {
                self.per_ip.remove(&ip);
            }
        }
    }

    /// Whether `ip` already holds as many requests as an address may.
    fn address_full(&self, ip: Option<IpAddr>) -> bool {
        match (ip, self.max_per_ip) {
            (Some(ip), Some(max)) => self.per_ip.get(&ip).copied().unwrap_or(0) >= max,
            _ => false,
        }
    }

    /// Seekers waiting now.
    pub(crate) fn waiting(&self) -> usize {
        self.matchmaker.len()
    }

    /// Seekers waiting besides `peer`.
    fn others(&self, peer: &PeerId) -> u32 {
        let others = self.matchmaker.len() - usize::from(self.matchmaker.is_waiting(peer));
        u32::try_from(others).unwrap_or(u32::MAX)
    }

    /// `peer`, connected from `ip`, seeks a game; returns the pairing made, if any, or
    /// [`AddressFull`] when its address already holds as many seeks as it may (the seeker is
    /// told the queue is full).
    pub(crate) fn seek(
        &mut self,
        directory: &mut Behaviour,
        (peer, ip): (PeerId, Option<IpAddr>),
        wish: Wish,
        channel: ResponseChannel<Response>,
        now: Instant,
    ) -> Result<Option<Pairing>, AddressFull> {
        if let Some(superseded) = self.release(&peer) {
            let _ = directory.send_response(superseded, Response::Waiting { seekers: self.others(&peer) });
        }
        if self.address_full(ip) {
            self.matchmaker.withdraw(&peer);
            let refused = Response::Refused { reason: RefuseReason::Full, retry_after_ms: FULL_RETRY_MS };
            let _ = directory.send_response(channel, refused);
            return Err(AddressFull);
        }
        // Each turn of the loop drops one partner that vanished: bounded by the queue.
        loop {
            let held = &self.held;
            let outcome = self
                .matchmaker
                .seek(peer, wish.clone(), |p| held.get(p).is_some_and(|h| h.channel.is_open()));
            match outcome {
                SeekOutcome::Waiting => {
                    self.hold(peer, Held { channel, until: now + self.hold, ip });
                    return Ok(None);
                }
                SeekOutcome::Full => {
                    let refused =
                        Response::Refused { reason: RefuseReason::Full, retry_after_ms: FULL_RETRY_MS };
                    let _ = directory.send_response(channel, refused);
                    return Ok(None);
                }
                SeekOutcome::Matched(pairing) => {
                    let other = if pairing.host == peer { pairing.guest } else { pairing.host };
                    let Some(other_channel) = self.release(&other) else { continue };
                    let to_other = matched(peer, other, &pairing);
                    if directory.send_response(other_channel, to_other).is_err() {
                        // It left between our check and now: it is out of the queue; try again.
                        continue;
                    }
                    if directory.send_response(channel, matched(other, peer, &pairing)).is_err() {
                        tracing::debug!(%peer, %other, "quick match: the seeker left as it was paired");
                    }
                    return Ok(Some(pairing));
                }
            }
        }
    }

    /// `peer` stops seeking.
    pub(crate) fn unseek(&mut self, directory: &mut Behaviour, peer: &PeerId) {
        self.matchmaker.withdraw(peer);
        if let Some(channel) = self.release(peer) {
            let _ = directory.send_response(channel, Response::Waiting { seekers: self.others(peer) });
        }
    }

    /// `peer` left the relay.
    pub(crate) fn left(&mut self, peer: &PeerId) {
        self.matchmaker.withdraw(peer);
        self.release(peer);
    }

    /// Answers the holds that ran out: the seekers ask again to keep waiting.
    pub(crate) fn sweep(&mut self, directory: &mut Behaviour, now: Instant) {
        let lapsed: Vec<PeerId> = self
            .held
            .iter()
            .filter(|(_, held)| held.until <= now || !held.channel.is_open())
            .map(|(peer, _)| *peer)
            .collect();
        for peer in lapsed {
            self.matchmaker.withdraw(&peer);
            if let Some(channel) = self.release(&peer) {
                let _ = directory.send_response(channel, Response::Waiting { seekers: self.others(&peer) });
            }
        }
    }
}

/// A seek refused because its address holds as many as it may.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct AddressFull;

/// What `to` is told about its pairing with `opponent`.
fn matched(opponent: PeerId, to: PeerId, pairing: &Pairing) -> Response {
    Response::Matched { peer: opponent, you_host: pairing.host == to, table: pairing.table.clone() }
}
