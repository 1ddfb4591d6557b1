//! The ratings requests as the event loop sees them: throttled per peer and per IP address
//! (governor), queued to the service's thread, answered on the peer's channel when the
//! service has answered. A full queue is answered `Busy` at once rather than held.

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use libp2p::PeerId;
use libp2p::request_response::ResponseChannel;
use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use tripot_ratings_wire::{Behaviour, RefuseReason, Request, Response};

use super::worker::{Job, Worker};
use super::{RatingsConfig, RatingsService};
use crate::metrics::ResultLabel;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;

/// Jobs waiting for the service's thread at most; a submission takes a few milliseconds.
const QUEUE: usize = 256;

/// The event loop's side of the service.
pub(crate) struct RatingsDesk {
    worker: Worker,
    pending: HashMap<u64, ResponseChannel<Response>>,
    next_id: u64,
    per_peer: Option<DefaultKeyedRateLimiter<PeerId>>,
    per_ip: Option<DefaultKeyedRateLimiter<IpAddr>>,
    /// `tripot_ratings_answers`.
    answers: Family<ResultLabel, Counter>,
}

fn limiter<K: std::hash::Hash + Eq + Clone>(per_minute: u32) -> Option<DefaultKeyedRateLimiter<K>> {
    NonZeroU32::new(per_minute).map(|n| RateLimiter::keyed(Quota::per_minute(n)))
}

/// The wait before `key` may ask again, if it must wait.
fn throttled<K: std::hash::Hash + Eq + Clone>(
    limiter: Option<&DefaultKeyedRateLimiter<K>>,
    key: &K,
) -> Option<u32> {
    let refused = limiter?.check_key(key).err()?;
    let wait = refused.wait_time_from(DefaultClock::default().now());
    Some(u32::try_from(wait.as_millis()).unwrap_or(u32::MAX).max(1))
}

impl RatingsDesk {
    /// Starts the service's thread.
    pub(crate) fn start(
        service: Arc<dyn RatingsService>,
        config: &RatingsConfig,
        answers: Family<ResultLabel, Counter>,
    ) -> std::io::Result<RatingsDesk> {
        Ok(RatingsDesk {
            worker: Worker::spawn(service, QUEUE)?,
            pending: HashMap::new(),
            next_id: 0,
            per_peer: limiter(config.requests_per_peer_per_minute),
            per_ip: limiter(config.requests_per_ip_per_minute),
            answers,
        })
    }

    /// A request from `peer` (connected from `ip`): queued, or refused at once.
    pub(crate) fn request(
        &mut self,
        behaviour: &mut Behaviour,
        peer: PeerId,
        ip: Option<IpAddr>,
        request: Request,
        channel: ResponseChannel<Response>,
    ) {
        let wait = throttled(self.per_peer.as_ref(), &peer)
            .or_else(|| ip.and_then(|ip| throttled(self.per_ip.as_ref(), &ip)));
        let refusal = if let Some(retry_after_ms) = wait {
            Some(RefuseReason::Throttled { retry_after_ms })
        } else if self.pending.len() >= QUEUE {
            Some(RefuseReason::Busy)
        } else {
            let id = self.next_id;
            match self.worker.send(Job::Answer { id, request: Box::new(request) }) {
                Ok(()) => {
                    self.next_id += 1;
                    self.pending.insert(id, channel);
                    return;
                }
                Err(_) => Some(RefuseReason::Busy),
            }
        };
        if let Some(reason) = refusal {
            tracing::debug!(%peer, %reason, "ratings request refused");
            self.send(behaviour, channel, Response::Refused(reason));
        }
    }

    /// Answers on `channel`, counting the answer.
    fn send(&self, behaviour: &mut Behaviour, channel: ResponseChannel<Response>, response: Response) {
        let reason = match &response {
            Response::Refused(reason) => reason.name(),
            _ => "",
        };
        self.answers.get_or_create(&vec![("answer", response.name()), ("reason", reason)]).inc();
        if behaviour.send_response(channel, response).is_err() {
            tracing::debug!("ratings: the asker left before the answer");
        }
    }

    /// The service answered request `id`.
    pub(crate) fn answered(&mut self, behaviour: &mut Behaviour, id: u64, response: Response) {
        let Some(channel) = self.pending.remove(&id) else { return };
        self.send(behaviour, channel, response);
    }

    /// Two peers had a circuit through the relay.
    pub(crate) fn met(&self, a: PeerId, b: PeerId) {
        if self.worker.send(Job::Met { a, b }).is_err() {
            tracing::warn!(%a, %b, "ratings: queue full, a meeting is not remembered");
        }
    }

    /// The next answer of the service.
    pub(crate) async fn next_answer(&mut self) -> Option<(u64, Response)> {
        self.worker.answers.recv().await
    }

    /// Forgets the limiters' keys that have nothing to remember.
    pub(crate) fn sweep(&self) {
        if let Some(limiter) = &self.per_peer {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        if let Some(limiter) = &self.per_ip {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }
}
