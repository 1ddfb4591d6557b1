//! The quick-match desk: holds each seeker's request open while it waits, and answers both
//! seekers of a pairing at once.
//!
//! A seek is a held request: the relay keeps its response channel for up to `hold`, so a
//! pairing reaches both players within a round trip, with no polling delay. When the hold ends
//! without a partner the relay answers [`Response::Waiting`] and the seeker leaves the queue
//! until it asks again (at once). A seeker is only paired while its request is held and its
//! stream is open, so a player that vanished is never handed out as an opponent.

use super::matchmaker::{Matchmaker, Pairing, SeekOutcome, Wish};
use super::{Behaviour, RefuseReason, Response};
use libp2p::PeerId;
use libp2p::request_response::ResponseChannel;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// How long to wait before asking again when the queue is full.
const FULL_RETRY_MS: u32 = 5_000;

/// Seekers' held requests and the queue that pairs them.
pub(crate) struct QuickDesk {
    matchmaker: Matchmaker,
    held: HashMap<PeerId, (ResponseChannel<Response>, Instant)>,
    hold: Duration,
}

impl QuickDesk {
    /// A desk holding at most `max_waiting` seekers, each request for at most `hold`.
    pub(crate) fn new(max_waiting: usize, hold: Duration) -> Self {
        QuickDesk { matchmaker: Matchmaker::new(max_waiting), held: HashMap::new(), hold }
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

    /// `peer` seeks a game; returns the pairing made, if any.
    pub(crate) fn seek(
        &mut self,
        directory: &mut Behaviour,
        peer: PeerId,
        wish: Wish,
        channel: ResponseChannel<Response>,
        now: Instant,
    ) -> Option<Pairing> {
        if let Some((superseded, _)) = self.held.remove(&peer) {
            let _ = directory.send_response(superseded, Response::Waiting { seekers: self.others(&peer) });
        }
        // Each turn of the loop drops one partner that vanished: bounded by the queue.
        loop {
            let held = &self.held;
            let outcome =
                self.matchmaker.seek(peer, wish.clone(), |p| held.get(p).is_some_and(|(c, _)| c.is_open()));
            match outcome {
                SeekOutcome::Waiting => {
                    self.held.insert(peer, (channel, now + self.hold));
                    return None;
                }
                SeekOutcome::Full => {
                    let refused =
                        Response::Refused { reason: RefuseReason::Full, retry_after_ms: FULL_RETRY_MS };
                    let _ = directory.send_response(channel, refused);
                    return None;
                }
                SeekOutcome::Matched(pairing) => {
                    let other = if pairing.host == peer { pairing.guest } else { pairing.host };
                    let Some((other_channel, _)) = self.held.remove(&other) else { continue };
                    let to_other = matched(peer, other, &pairing);
                    if directory.send_response(other_channel, to_other).is_err() {
                        // It left between our check and now: it is out of the queue; try again.
                        continue;
                    }
                    if directory.send_response(channel, matched(other, peer, &pairing)).is_err() {
                        tracing::debug!(%peer, %other, "quick match: the seeker left as it was paired");
                    }
                    return Some(pairing);
                }
            }
        }
    }

    /// `peer` stops seeking.
    pub(crate) fn unseek(&mut self, directory: &mut Behaviour, peer: &PeerId) {
        self.matchmaker.withdraw(peer);
        if let Some((channel, _)) = self.held.remove(peer) {
            let _ = directory.send_response(channel, Response::Waiting { seekers: self.others(peer) });
        }
    }

    /// `peer` left the relay.
    pub(crate) fn left(&mut self, peer: &PeerId) {
        self.matchmaker.withdraw(peer);
        self.held.remove(peer);
    }

    /// Answers the holds that ran out: the seekers ask again to keep waiting.
    pub(crate) fn sweep(&mut self, directory: &mut Behaviour, now: Instant) {
        let lapsed: Vec<PeerId> = self
            .held
            .iter()
            .filter(|(_, (channel, until))| *until <= now || !channel.is_open())
            .map(|(peer, _)| *peer)
            .collect();
        for peer in lapsed {
            self.matchmaker.withdraw(&peer);
            if let Some((channel, _)) = self.held.remove(&peer) {
                let _ = directory.send_response(channel, Response::Waiting { seekers: self.others(&peer) });
            }
        }
    }
}

/// What `to` is told about its pairing with `opponent`.
fn matched(opponent: PeerId, to: PeerId, pairing: &Pairing) -> Response {
    Response::Matched { peer: opponent, you_host: pairing.host == to, table: pairing.table.clone() }
}
