//! Talking to a relay's ratings service (`/tripot/ratings/1.0.0`): submit a signed result, fetch
//! a table. Each call dials the relay on a short-lived connection of its own with a fresh
//! identity: the result carries its players' signatures, so who delivers it does not matter.

use std::path::Path;
use std::time::Duration;

use crate::kept_result::KeptResult;
use futures::StreamExt;
use libp2p::multiaddr::Protocol;
use libp2p::request_response::{self, OutboundRequestId};
use libp2p::swarm::SwarmEvent;
use libp2p::{Multiaddr, PeerId, noise, tcp, yamux};
use tripot_ratings_wire::{RefuseReason, Request, Response, SignedResult, Standings, StandingsQuery};

/// How long one exchange with the relay may take, dial included.
const EXCHANGE_TIME: Duration = Duration::from_secs(30);

/// Why an exchange with a relay's ratings service failed.
#[derive(Debug, thiserror::Error)]
pub enum RatingsClientError {
    /// The relay's address does not end in `/p2p/<peer id>`.
    #[error("the relay address {0} does not end in /p2p/<peer id>")]
    NoPeerId(Multiaddr),
    /// The client's transport could not be set up.
    #[error("cannot set up the connection: {0}")]
    Transport(String),
    /// The relay could not be reached.
    #[error("cannot reach the relay: {0}")]
    Unreachable(String),
    /// The request failed on its way (the relay does not run the ratings service, or closed).
    #[error("the ratings request failed: {0}")]
    Request(String),
    /// No answer in time.
    #[error("no answer from the relay within {0:?}")]
    Timeout(Duration),
    /// The service refused.
    #[error("the ratings service refused: {0}")]
    Refused(RefuseReason),
    /// The service answered something else than what was asked.
    #[error("the ratings service answered out of turn")]
    Unexpected,
    /// Counted, but the note of it could not be written to the kept result.
    #[error("counted, but the kept result could not be updated: {0}")]
    Keep(String),
}

/// How a relay took a result it counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    /// Counted now.
    Now,
    /// Counted before: nothing changed.
    Before,
}

/// Submits a kept result to `relay` and, once the relay counted it, notes that in the kept
/// file at `path` (when there is one) so that it is not sent there again.
///
/// # Errors
/// [`RatingsClientError`]: the relay cannot be reached or does not offer ratings, or it
/// refused the result ([`RatingsClientError::Refused`]).
pub async fn submit_kept(
    relay: &Multiaddr,
    kept: &mut KeptResult,
    path: Option<&Path>,
) -> Result<Counted, RatingsClientError> {
    let Some(Protocol::P2p(relay_id)) = relay.iter().last() else {
        return Err(RatingsClientError::NoPeerId(relay.clone()));
    };
    let counted = match submit(relay, kept.signed.clone()).await? {
        Response::Accepted => Counted::Now,
        Response::AlreadyCounted => Counted::Before,
        Response::Refused(reason) => return Err(RatingsClientError::Refused(reason)),
        Response::Standings(_) => return Err(RatingsClientError::Unexpected),
    };
    kept.acknowledge(&relay_id);
    if let Some(path) = path {
        kept.write(path).map_err(|e| RatingsClientError::Keep(e.to_string()))?;
    }
    Ok(counted)
}

/// Submits a signed result: [`Response::Accepted`], [`Response::AlreadyCounted`] or
/// [`Response::Refused`] with its reason.
pub async fn submit(relay: &Multiaddr, signed: SignedResult) -> Result<Response, RatingsClientError> {
    ask(relay, Request::Submit(signed)).await
}

/// Fetches a table.
pub async fn standings(relay: &Multiaddr, query: StandingsQuery) -> Result<Standings, RatingsClientError> {
    match ask(relay, Request::Standings(query)).await? {
        Response::Standings(standings) => Ok(standings),
        Response::Refused(reason) => Err(RatingsClientError::Refused(reason)),
        Response::Accepted | Response::AlreadyCounted => Err(RatingsClientError::Unexpected),
    }
}

/// One request to the relay at `relay`, on a connection of its own.
async fn ask(relay: &Multiaddr, request: Request) -> Result<Response, RatingsClientError> {
    let Some(Protocol::P2p(relay_id)) = relay.iter().last() else {
        return Err(RatingsClientError::NoPeerId(relay.clone()));
    };
    let mut swarm = libp2p::SwarmBuilder::with_new_identity()
        .with_tokio()
        .with_tcp(tcp::Config::default().nodelay(true), noise::Config::new, yamux::Config::default)
        .map_err(|e| RatingsClientError::Transport(e.to_string()))?
        .with_quic()
        .with_behaviour(|_| tripot_ratings_wire::client_behaviour())
        .map_err(|e| RatingsClientError::Transport(e.to_string()))?
        .with_swarm_config(|c| c.with_idle_connection_timeout(Duration::from_secs(5)))
        .build();
    swarm.add_peer_address(relay_id, relay.clone());
    let id = swarm.behaviour_mut().send_request(&relay_id, request);
    tokio::time::timeout(EXCHANGE_TIME, async {
        loop {
            if let Some(outcome) = outcome_of(swarm.select_next_some().await, id, relay_id) {
                return outcome;
            }
        }
    })
    .await
    .map_err(|_| RatingsClientError::Timeout(EXCHANGE_TIME))?
}

/// What a swarm event says of request `id`, if anything.
fn outcome_of(
    event: SwarmEvent<request_response::Event<Request, Response>>,
    id: OutboundRequestId,
    relay: PeerId,
) -> Option<Result<Response, RatingsClientError>> {
    match event {
        SwarmEvent::Behaviour(request_response::Event::Message {
            message: request_response::Message::Response { request_id, response },
            ..
        }) if request_id == id => Some(Ok(response)),
        SwarmEvent::Behaviour(request_response::Event::OutboundFailure { request_id, error, .. })
            if request_id == id =>
        {
            Some(Err(match error {
                request_response::OutboundFailure::DialFailure => {
                    RatingsClientError::Unreachable(format!("cannot dial {relay}"))
                }
                other => RatingsClientError::Request(other.to_string()),
            }))
        }
        _ => None,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    fn query() -> StandingsQuery {
        StandingsQuery { game: "tripot".into(), period: tripot_ratings_wire::Period::AllTime }
    }

    #[tokio::test]
    async fn an_address_without_a_peer_id_is_refused_before_any_dial() {
        let addr: Multiaddr = "/ip4/127.0.0.1/tcp/4001".parse().unwrap();
        assert!(matches!(standings(&addr, query()).await, Err(RatingsClientError::NoPeerId(_))));
    }

    #[tokio::test]
    async fn a_relay_that_is_not_there_is_unreachable() {
        // A port just freed on loopback: nothing listens there.
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let peer = libp2p::identity::Keypair::generate_ed25519().public().to_peer_id();
        let addr: Multiaddr = format!("/ip4/127.0.0.1/tcp/{port}/p2p/{peer}").parse().unwrap();
        assert!(matches!(standings(&addr, query()).await, Err(RatingsClientError::Unreachable(_))));
    }
}
