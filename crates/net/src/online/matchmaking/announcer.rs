//! A lobby table kept on the relay's list by a task of its own: registered on a short TTL and
//! refreshed on a timer, registered again by itself when the relay comes back after a restart,
//! moved to its new namespace when what it says changes (a table of several seats whose free
//! seats change as guests sit and leave), and taken down when it is withdrawn or the handle
//! goes.

use std::time::{Duration, Instant};

use futures::StreamExt as _;
use libp2p::identity::Keypair;
use libp2p::rendezvous::{self, Namespace};
use libp2p::swarm::SwarmEvent;
use libp2p::{Multiaddr, PeerId, Swarm, multiaddr::Protocol};
use tokio::sync::{mpsc, oneshot, watch};
use tripot_directory::LobbyTable;

use super::{MatchError, relay_lost, relay_peer};
use crate::online::NetWarning;
use crate::swarm::{self, Behaviour, BehaviourEvent, NetConfig};

/// A table's registration lives this long without a refresh (the relay's minimum is 15 s).
pub const TABLE_TTL: Duration = Duration::from_secs(20);
/// A table is registered again this often.
pub const TABLE_REFRESH: Duration = Duration::from_secs(6);

/// A table kept open on the relay by a background task; dropping it takes the table down.
#[derive(Debug)]
pub struct TableHandle {
    close: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
}

impl TableHandle {
    /// Takes the table down (the game started, or the host leaves) and waits until the relay
    /// was told, at most a second.
    pub async fn close(mut self) {
        if let Some(close) = self.close.take() {
            let _ = close.send(());
        }
        let _ = tokio::time::timeout(Duration::from_secs(1), &mut self.task).await;
    }
}

impl Drop for TableHandle {
    fn drop(&mut self) {
        // The task sees the closed channel, unregisters and ends by itself.
        if let Some(close) = self.close.take() {
            let _ = close.send(());
        }
    }
}

/// Opens `table` on the relay under `keypair`'s peer id, whose relay address is
/// `<relay>/p2p-circuit`, and keeps it open until the handle is closed or dropped. With
/// `reachable`, the table is listed only while it says true (the host holds its reservation, so
/// a guest can reach it): a table nobody can join is never shown.
///
/// # Errors
/// [`MatchError`] when the swarm cannot start or the relay address has no peer id.
pub fn open_table(
    keypair: Keypair,
    net: &NetConfig,
    relay: Multiaddr,
    table: LobbyTable,
    warnings: Option<mpsc::UnboundedSender<NetWarning>>,
    reachable: Option<watch::Receiver<bool>>,
) -> Result<TableHandle, MatchError> {
    // A table that never changes: the sender may go, the receiver keeps its value.
    let (_, listing) = watch::channel(Some(table));
    open_listing(keypair, net, relay, listing, warnings, reachable)
}

/// As [`open_table`], for a table whose description changes: the relay lists what `listing`
/// says now (its free seats, say), and nothing while it says `None` (the table is full or its
/// game started). Each change takes the old namespace down before the new one goes up, so a
/// listing never shows the table twice for long.
///
/// # Errors
/// As [`open_table`], and [`MatchError::Refused`] for a table that does not fit a namespace.
pub fn open_listing(
    keypair: Keypair,
    net: &NetConfig,
    relay: Multiaddr,
    listing: watch::Receiver<Option<LobbyTable>>,
    warnings: Option<mpsc::UnboundedSender<NetWarning>>,
    reachable: Option<watch::Receiver<bool>>,
) -> Result<TableHandle, MatchError> {
    let relay_id = relay_peer(&relay)?;
    if let Some(table) = listing.borrow().as_ref() {
        namespace_of(table)?;
    }
    let mut net = net.clone();
    net.listen = Vec::new();
    net.mdns = false;
    let mut swarm = swarm::build(keypair, &net)?;
    // What the registration's signed record says: reach me through the relay.
    swarm.add_external_address(relay.clone().with(Protocol::P2pCircuit));
    let (close, closed) = oneshot::channel();
    let reachable = reachable.unwrap_or_else(|| watch::channel(true).1);
    let announcer = Announcer {
        swarm,
        relay,
        relay_id,
        listing,
        warnings,
        reachable,
        registered: None,
        listing_open: true,
        refused_under_way: None,
    };
    let task = tokio::spawn(announcer.run(closed));
    Ok(TableHandle { close: Some(close), task })
}

fn namespace_of(table: &LobbyTable) -> Result<Namespace, MatchError> {
    Namespace::new(table.namespace()).map_err(|e| MatchError::Refused(e.to_string()))
}

struct Announcer {
    swarm: Swarm<Behaviour>,
    relay: Multiaddr,
    relay_id: PeerId,
    listing: watch::Receiver<Option<LobbyTable>>,
    warnings: Option<mpsc::UnboundedSender<NetWarning>>,
    reachable: watch::Receiver<bool>,
    /// The namespace the relay holds (or is being asked to hold) for us.
    registered: Option<Namespace>,
    /// Whether the listing's sender is still there to say more.
    listing_open: bool,
    /// A table under way the relay refused to list (an older relay, which lists only tables
    /// with a free seat): not asked again, and said once, so that the host is not warned at
    /// every refresh; the table is simply not listed there while it is under way.
    refused_under_way: Option<Namespace>,
}

impl Announcer {
    async fn run(mut self, mut closed: oneshot::Receiver<()>) {
        // When to dial the relay, or to register next.
        let mut dial_at = Some(Instant::now());
        let mut register_at: Option<Instant> = None;
        let mut dialing = false;
        let mut backoff = Duration::from_millis(250);
        let mut tick = tokio::time::interval(Duration::from_millis(100));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = &mut closed => break,
                _ = tick.tick() => {
                    let now = Instant::now();
                    if !dialing && dial_at.is_some_and(|t| now >= t) {
                        dial_at = None;
                        dialing = true;
                        if let Err(error) = self.swarm.dial(self.relay.clone()) {
                            tracing::debug!(%error, "lobby: dialling the relay failed");
                            dialing = false;
                            dial_at = Some(now + backoff);
                            backoff = (backoff * 2).min(Duration::from_secs(2));
                        }
                    }
                    if register_at.is_some_and(|t| now >= t) {
                        register_at = Some(now + TABLE_REFRESH);
                        self.refresh();
                    }
                }
                Ok(()) = self.reachable.changed() => {
                    self.reachable.borrow_and_update();
                    self.follow();
                }
                changed = self.listing.changed(), if self.listing_open => {
                    // A sender gone leaves the last listing as it was.
                    self.listing_open = changed.is_ok();
                    self.listing.borrow_and_update();
                    self.follow();
                }
                event = self.swarm.select_next_some() => match event {
                    SwarmEvent::ConnectionEstablished { peer_id, .. } if peer_id == self.relay_id => {
                        dialing = false;
                        backoff = Duration::from_millis(250);
                        register_at = Some(Instant::now());
                    }
                    SwarmEvent::OutgoingConnectionError { peer_id, .. }
                        if peer_id.is_none_or(|p| p == self.relay_id) =>
                    {
                        // The relay is away (restarting?): try again soon, for as long as it takes.
                        dialing = false;
                        dial_at = Some(Instant::now() + backoff);
                        backoff = (backoff * 2).min(Duration::from_secs(2));
                    }
                    event if relay_lost(&event, self.relay_id) => {
                        dialing = false;
                        self.registered = None;
                        register_at = None;
                        dial_at = Some(Instant::now() + backoff);
                    }
                    SwarmEvent::Behaviour(BehaviourEvent::Rendezvous(event)) => self.on_rendezvous(event),
                    _ => {}
                }
            }
        }
        if self.unregister() {
            // The unregister request has no answer: give it a moment to leave.
            let flush = tokio::time::sleep(Duration::from_millis(300));
            tokio::pin!(flush);
            loop {
                tokio::select! {
                    () = &mut flush => break,
                    _ = self.swarm.select_next_some() => {}
                }
            }
        }
    }

    /// The namespace to be listed under now: none while unreachable or withdrawn.
    fn wanted(&self) -> Option<Namespace> {
        if !*self.reachable.borrow() {
            return None;
        }
        let table = self.listing.borrow();
        match table.as_ref().map(namespace_of) {
            Some(Ok(namespace)) if self.refused_under_way.as_ref() == Some(&namespace) => None,
            Some(Ok(namespace)) => Some(namespace),
            Some(Err(error)) => {
                self.warn(NetWarning::TableRefused(error.to_string()));
                None
            }
            None => None,
        }
    }

    /// Brings the relay's list in line with what is wanted, at once (not at the next refresh).
    fn follow(&mut self) {
        let wanted = self.wanted();
        if self.registered != wanted {
            self.unregister();
            if self.swarm.is_connected(&self.relay_id) {
                self.refresh();
            }
        }
    }

    /// Registers what is wanted again (a refresh of its TTL, or its first registration).
    fn refresh(&mut self) {
        let wanted = self.wanted();
        if self.registered.is_some() && self.registered != wanted {
            self.unregister();
        }
        if let Some(namespace) = wanted {
            self.register(namespace);
        }
    }

    /// Takes the table off the list, if it is on; returns whether it asked the relay to.
    fn unregister(&mut self) -> bool {
        let Some(namespace) = self.registered.take() else { return false };
        let asked = self.swarm.is_connected(&self.relay_id);
        if asked {
            self.swarm.behaviour_mut().rendezvous.unregister(namespace, self.relay_id);
        }
        asked
    }

    fn register(&mut self, namespace: Namespace) {
        self.registered = Some(namespace.clone());
        let ttl = Some(TABLE_TTL.as_secs());
        if let Err(error) = self.swarm.behaviour_mut().rendezvous.register(namespace, self.relay_id, ttl) {
            self.warn(NetWarning::TableRefused(error.to_string()));
        }
    }

    fn on_rendezvous(&mut self, event: rendezvous::client::Event) {
        match event {
            rendezvous::client::Event::Registered { namespace, ttl, .. } => {
                tracing::debug!(%namespace, ttl, "lobby: table registered");
            }
            rendezvous::client::Event::RegisterFailed { namespace, error, .. }
                if is_under_way(&namespace) && self.refused_under_way.as_ref() != Some(&namespace) =>
            {
                self.warn(NetWarning::TableRefused(format!("{error:?} (a table under way: not listed)")));
                if self.registered.as_ref() == Some(&namespace) {
                    self.registered = None;
                }
                self.refused_under_way = Some(namespace);
            }
            rendezvous::client::Event::RegisterFailed { namespace, .. } if is_under_way(&namespace) => {}
            rendezvous::client::Event::RegisterFailed { error, .. } => {
                self.warn(NetWarning::TableRefused(format!("{error:?}")));
            }
            _ => {}
        }
    }

    fn warn(&self, warning: NetWarning) {
        tracing::debug!("{warning}");
        if let Some(warnings) = &self.warnings {
            let _ = warnings.send(warning);
        }
    }
}

/// Whether `namespace` lists a table under way (which an older relay refuses).
fn is_under_way(namespace: &Namespace) -> bool {
    LobbyTable::parse(&namespace.to_string()).is_some_and(|t| t.under_way())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use tripot_game::{GameSpec, TableSpec};

    #[test]
    fn only_a_table_under_way_is_told_apart_from_other_refusals() {
        let open = LobbyTable::new(TableSpec { game: GameSpec::new("kawu-3").unwrap(), seats: 3 }, 5, "Nice");
        assert!(!is_under_way(&namespace_of(&open).unwrap()));
        assert!(is_under_way(&namespace_of(&open.watched()).unwrap()));
        assert!(!is_under_way(&Namespace::new("tripot/lobby/garbage".into()).unwrap()));
    }
}
