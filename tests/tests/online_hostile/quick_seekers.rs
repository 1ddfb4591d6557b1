//! Strangers at the quick-match desk (issue 21): seeking needs no reservation, so throwaway
//! identities are free. Fourteen of them from one address keep seeking games of their own against a real
//! `tripot-relay` whose queue holds 12: the address is held to its 8 places (the others are told
//! the queue is full), and two honest seekers from another address are still paired together.
//! Without the bound per address the ghosts fill the queue and the honest seekers are refused.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tripot_directory::{GameSpec, QuickSeek, RefuseReason, Request, Response, TableSpec};
use tripot_net::{Multiaddr, PeerId};

use super::raw_client::{ask, bare_swarm, connect, keep, swarm_from};
use super::strangers::{relay, runtime, second_loopback};

/// Ghosts from 127.0.0.1: under the 16 connections an address may have pending at once, more
/// than the queue of the test holds.
const GHOSTS: usize = 14;

fn seek(game: &str) -> Request {
    Request::Seek(QuickSeek::exactly(TableSpec { game: GameSpec::new(game).unwrap(), seats: 2 }))
}

/// A fresh identity from 127.0.0.1 that seeks a game of its own (`ghost-N`, so that ghosts are
/// never paired together and stay in the queue) over and over, counting the times it was told
/// the queue is full.
async fn ghost(
    n: usize,
    addr: Multiaddr,
    relay: PeerId,
    (refused, connected): (Arc<AtomicUsize>, Arc<AtomicUsize>),
) {
    let mut swarm = bare_swarm();
    if !connect(&mut swarm, &addr, relay).await {
        return;
    }
    connected.fetch_add(1, Ordering::SeqCst);
    loop {
        match ask(&mut swarm, relay, seek(&format!("ghost-{n}"))).await {
            Some(Response::Refused { reason: RefuseReason::Full, .. }) => {
                refused.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Some(_) => {}
            None => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

/// An honest seeker of `kawu-2` from 127.0.0.2: what the relay answered it, a retry after each
/// "still waiting" and after a refusal, for at most a few tries.
async fn honest(addr: Multiaddr, relay: PeerId) -> Vec<Response> {
    let mut swarm = swarm_from("127.0.0.2").await;
    assert!(connect(&mut swarm, &addr, relay).await, "an honest seeker could not connect");
    let mut answers = Vec::new();
    for _ in 0..4 {
        let answer = ask(&mut swarm, relay, seek("kawu-2")).await.expect("no answer to a seek");
        let matched = matches!(answer, Response::Matched { .. });
        answers.push(answer);
        if matched {
            break;
        }
    }
    let _kept = keep(swarm);
    answers
}

#[test]
fn ghosts_from_one_address_cannot_keep_honest_seekers_from_being_paired() {
    if !second_loopback("ghosts_from_one_address_cannot_keep_honest_seekers_from_being_paired") {
        return;
    }
    let _alone = crate::heavy();
    let (relay_process, relay_id) = relay(73, &["--quick-max-waiting", "12"]);
    let quic: Multiaddr = relay_process.quic_addr().parse().unwrap();
    let tcp: Multiaddr = relay_process.tcp_addr_of(false).parse().unwrap();
    let rt = runtime();
    let (refused, connected) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let ghosts: Vec<_> = (0..GHOSTS)
        .map(|n| rt.spawn(ghost(n, tcp.clone(), relay_id, (Arc::clone(&refused), Arc::clone(&connected)))))
        .collect();
    rt.block_on(async {
        for _ in 0..100 {
            if connected.load(Ordering::SeqCst) == GHOSTS && refused.load(Ordering::SeqCst) > 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    });
    assert_eq!(connected.load(Ordering::SeqCst), GHOSTS, "not every ghost connected");
    assert!(refused.load(Ordering::SeqCst) > 0, "no ghost was ever refused");
    let waiting = relay_process.metric("tripot_quick_waiting").unwrap();
    assert!(waiting <= 8.0, "{waiting} seekers waiting from one address");

    let (first, second) = rt.block_on(async {
        let first = tokio::spawn(honest(quic.clone(), relay_id));
        tokio::time::sleep(Duration::from_millis(300)).await;
        let second = tokio::spawn(honest(quic, relay_id));
        (first.await.unwrap(), second.await.unwrap())
    });
    for answers in [&first, &second] {
        assert!(
            matches!(answers.last(), Some(Response::Matched { .. })),
            "an honest seeker was not paired: {answers:?}"
        );
        assert!(!answers.iter().any(|a| matches!(a, Response::Refused { .. })), "{answers:?}");
    }
    let denied = relay_process.metric(r#"tripot_denials_total{what="quick_seek",reason="per_ip"}"#);
    assert!(denied.is_some_and(|d| d > 0.0), "{denied:?}");
    ghosts.iter().for_each(tokio::task::JoinHandle::abort);
}
