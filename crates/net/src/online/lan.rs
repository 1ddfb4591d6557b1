//! LAN discovery: mDNS finds peers, identify tells Tripot clients from other libp2p apps, and a
//! query on the game protocol asks each host what it offers.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use futures::StreamExt as _;
use libp2p::identity::Keypair;
use libp2p::swarm::SwarmEvent;
use libp2p::{Multiaddr, PeerId, multiaddr::Protocol};
use tokio::sync::mpsc;
use tripot_protocol::{GAME_PROTOCOL, Message};

use super::link;
use crate::swarm::{self, BehaviourEvent, NetConfig, SwarmError, game_protocol, is_tripot_agent};

/// A host waiting for an opponent on the LAN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanHost {
    /// Its peer id.
    pub peer: PeerId,
    /// An address to join it at (with `/p2p/`).
    pub addr: Multiaddr,
    /// Its player's name.
    pub name: String,
    /// The game offered.
    pub game: tripot_game::GameSpec,
    /// Its seat count.
    pub seats: u8,
    /// Seconds it has been waiting.
    pub waiting_secs: u32,
}

/// Listens on the LAN for `duration` and returns the Tripot hosts found (mDNS must be on in
/// `net`; other libp2p applications are filtered out by their identify agent version).
///
/// # Errors
/// [`SwarmError`] when the swarm cannot start.
pub async fn browse(
    keypair: Keypair,
    net: &NetConfig,
    duration: Duration,
) -> Result<Vec<LanHost>, SwarmError> {
    let mut net = net.clone();
    net.mdns = true;
    let mut swarm = swarm::build(keypair, &net)?;
    let mut addrs: HashMap<PeerId, Multiaddr> = HashMap::new();
    let mut asked: HashSet<PeerId> = HashSet::new();
    let mut found = Vec::new();
    let (tx, mut rx) = mpsc::channel::<LanHost>(16);
    let deadline = tokio::time::sleep(duration);
    tokio::pin!(deadline);
    loop {
        tokio::select! {
            () = &mut deadline => break,
            Some(host) = rx.recv() => {
                if !found.iter().any(|h: &LanHost| h.peer == host.peer) {
                    found.push(host);
                }
            }
            event = swarm.select_next_some() => match event {
                SwarmEvent::Behaviour(BehaviourEvent::Mdns(libp2p::mdns::Event::Discovered(list))) => {
                    for (peer, addr) in list {
                        let is_tcp = addr.iter().any(|p| matches!(p, Protocol::Tcp(_)));
                        if is_tcp || !addrs.contains_key(&peer) {
                            addrs.insert(peer, addr.clone());
                        }
                        if !swarm.is_connected(&peer) {
                            let _ = swarm.dial(addr);
                        }
                    }
                }
                SwarmEvent::Behaviour(BehaviourEvent::Identify(libp2p::identify::Event::Received {
                    peer_id, info, ..
                })) => {
                    let offers_games = info.protocols.iter().any(|p| p.as_ref() == GAME_PROTOCOL);
                    if is_tripot_agent(&info.agent_version) && offers_games && asked.insert(peer_id) {
                        let Some(addr) = addrs.get(&peer_id).cloned() else { continue };
                        let mut control = swarm.behaviour().stream.new_control();
                        let tx = tx.clone();
                        tokio::spawn(async move {
                            let Ok(mut stream) = control.open_stream(peer_id, game_protocol()).await else { return };
                            let reply = tokio::time::timeout(Duration::from_secs(3), link::request(&mut stream, &Message::Query)).await;
                            if let Ok(Ok(Ok(Message::Listing { name, game, seats, waiting_secs }))) = reply
                                // A host offering a game we cannot play is no one to join.
                                && tripot_engine::StarBoardGame::of(&game).is_some_and(|g| g.seats() == seats)
                            {
                                let addr = addr.with_p2p(peer_id).unwrap_or_else(|a| a);
                                let _ = tx.send(LanHost { peer: peer_id, addr, name, game, seats, waiting_secs }).await;
                            }
                        });
                    }
                }
                _ => {}
            }
        }
    }
    Ok(found)
}
