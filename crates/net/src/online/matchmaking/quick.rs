//! Quick match: ask the relay for an opponent of the same game (or of any game of two seats),
//! then play.
//!
//! The relay pairs seekers itself, atomically (see `tripot-relay`'s matchmaker): a
//! seek is a request it holds until it pairs us ([`Response::Matched`], told to both players
//! at once) or a few seconds pass ([`Response::Waiting`]: we ask again at once). Pairing in
//! the clients over a rendezvous listing would race: two newcomers could pick the same waiting
//! player, or wait side by side.

use std::time::Duration;

use futures::StreamExt as _;
use libp2p::identity::Keypair;
use libp2p::request_response::{self, OutboundFailure, OutboundRequestId};
use libp2p::swarm::SwarmEvent;
use libp2p::{Multiaddr, PeerId, Swarm};
pub use tripot_directory::QuickSeek;
use tripot_directory::{RefuseReason, Request, Response};
use tripot_game::TableSpec;
use tripot_protocol::Opens;

use super::{MatchError, circuit_addr, connected_swarm, playable, relay_lost};
use crate::online::{OnlineConfig, SessionHandle, Start, start};
use crate::session::Offer;
use crate::swarm::{Behaviour, BehaviourEvent, NetConfig};

/// The opponent the relay found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matched {
    /// The opponent.
    pub peer: PeerId,
    /// Whether this side hosts (waits on its relay address) or joins.
    pub you_host: bool,
    /// The game agreed: ours, or the opponent's when we took any.
    pub table: TableSpec,
}

/// What a seeker hears while it waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeekProgress {
    /// Connected to the relay; seeking.
    Seeking,
    /// Still waiting; this many seekers at the relay (us included).
    Waiting(u32),
}

/// Seeks an opponent until the relay pairs us. `progress` hears how the wait goes.
///
/// # Errors
/// [`MatchError`] when the relay cannot be reached (at first, or for more than 30 s later),
/// speaks an older directory ([`MatchError::RelayOutdated`]) or refuses the seek for good.
pub async fn seek(
    keypair: Keypair,
    net: &NetConfig,
    relay: &Multiaddr,
    wanted: QuickSeek,
    mut progress: impl FnMut(SeekProgress),
) -> Result<Matched, MatchError> {
    let (mut swarm, relay_id) = connected_swarm(keypair, net, relay).await?;
    progress(SeekProgress::Seeking);
    let request = Request::Seek(wanted);
    let mut pending = Some(swarm.behaviour_mut().directory.send_request(&relay_id, request.clone()));
    let mut retry_at: Option<tokio::time::Instant> = None;
    let mut lost_since: Option<tokio::time::Instant> = None;
    loop {
        let wake = retry_at.unwrap_or_else(|| tokio::time::Instant::now() + Duration::from_secs(3600));
        tokio::select! {
            () = tokio::time::sleep_until(wake) => {
                retry_at = None;
                if swarm.is_connected(&relay_id) {
                    lost_since = None;
                    pending = Some(swarm.behaviour_mut().directory.send_request(&relay_id, request.clone()));
                } else {
                    let since = *lost_since.get_or_insert_with(tokio::time::Instant::now);
                    if since.elapsed() > Duration::from_secs(30) {
                        return Err(MatchError::RelayUnreachable("the relay is gone".into()));
                    }
                    let _ = swarm.dial(relay.clone());
                    retry_at = Some(tokio::time::Instant::now() + Duration::from_millis(500));
                }
            }
            event = swarm.select_next_some() => {
                if relay_lost(&event, relay_id) {
                    pending = None;
                    retry_at = Some(tokio::time::Instant::now() + Duration::from_millis(200));
                    continue;
                }
                let Some(answer) = answer_of(event, pending) else { continue };
                pending = None;
                match answer {
                    Ok(Response::Matched { peer, you_host, table }) => {
                        unseek(&mut swarm, relay_id).await;
                        return Ok(Matched { peer, you_host, table });
                    }
                    Ok(Response::Waiting { seekers }) => {
                        progress(SeekProgress::Waiting(seekers));
                        pending = Some(swarm.behaviour_mut().directory.send_request(&relay_id, request.clone()));
                    }
                    Ok(Response::Refused { reason: RefuseReason::Full | RefuseReason::Throttled, retry_after_ms }) => {
                        let wait = Duration::from_millis(u64::from(retry_after_ms.max(500)));
                        retry_at = Some(tokio::time::Instant::now() + wait);
                    }
                    Ok(other) => return Err(MatchError::Refused(format!("{other:?}"))),
                    Err(OutboundFailure::UnsupportedProtocols) => return Err(MatchError::RelayOutdated),
                    Err(error) => {
                        tracing::debug!(%error, "quick match: seek failed, asking again");
                        retry_at = Some(tokio::time::Instant::now() + Duration::from_millis(500));
                    }
                }
            }
        }
    }
}

/// The answer to the pending request, if `event` is it.
fn answer_of(
    event: SwarmEvent<BehaviourEvent>,
    pending: Option<OutboundRequestId>,
) -> Option<Result<Response, OutboundFailure>> {
    let SwarmEvent::Behaviour(BehaviourEvent::Directory(event)) = event else { return None };
    match event {
        request_response::Event::Message {
            message: request_response::Message::Response { request_id, response },
            ..
        } if Some(request_id) == pending => Some(Ok(response)),
        request_response::Event::OutboundFailure { request_id, error, .. } if Some(request_id) == pending => {
            Some(Err(error))
        }
        _ => None,
    }
}

/// Leaves the queue politely (we are matched, so this only clears a stale hold) and lets the
/// request go out before the swarm is dropped.
async fn unseek(swarm: &mut Swarm<Behaviour>, relay_id: PeerId) {
    let id = swarm.behaviour_mut().directory.send_request(&relay_id, Request::Unseek);
    let _ = tokio::time::timeout(Duration::from_millis(500), async {
        loop {
            if answer_of(swarm.select_next_some().await, Some(id)).is_some() {
                return;
            }
        }
    })
    .await;
}

/// Seeks an opponent, then starts the game with it: the host waits on its relay address, the
/// guest dials the host through the relay. `config.net.relay` must be the relay's address.
///
/// # Errors
/// As [`seek`]; [`MatchError::Unsupported`] when the game sought, or the one agreed, is not
/// one this client plays ([`super::playable`]); or the game cannot start.
pub async fn play(
    keypair: Keypair,
    config: OnlineConfig,
    wanted: QuickSeek,
    progress: impl FnMut(SeekProgress),
) -> Result<(Matched, SessionHandle), MatchError> {
    playable(&wanted.table)?;
    let relay = config
        .net
        .relay
        .clone()
        .ok_or_else(|| MatchError::RelayUnreachable("no relay given (--relay)".into()))?;
    let matched = seek(keypair.clone(), &config.net, &relay, wanted, progress).await?;
    let what = if matched.you_host {
        // The game a seeker of "any" was paired for is the opponent's: one we may not play.
        playable(&matched.table)?;
        Start::Host(Offer { game: matched.table.game.clone(), opens: Opens::Random })
    } else {
        Start::Join(circuit_addr(&relay, matched.peer))
    };
    let handle = start(keypair, config, what)?;
    Ok((matched, handle))
}
