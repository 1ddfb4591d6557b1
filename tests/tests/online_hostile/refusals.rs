//! Clear ends for a guest: a host that refuses for good ends `tripot join` at once with the
//! reason and a non-zero exit code; a busy host is tried again, later each time.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use futures::{AsyncReadExt as _, AsyncWriteExt as _, StreamExt as _};
use tripot_net::swarm::{NetConfig, game_protocol};
use tripot_protocol::{FrameDecoder, Message, Reject, RejectReason, encode};

use super::online_common::{Player, args, loopback_args};

/// A fake host that answers every hello with `reason`; counts the hellos.
async fn fake_host(reason: RejectReason) -> (String, Arc<AtomicUsize>) {
    let net = NetConfig {
        listen: vec!["/ip4/127.0.0.1/tcp/0".parse().unwrap()],
        mdns: false,
        ..NetConfig::default()
    };
    let keypair = tripot_net::Keypair::generate_ed25519();
    let peer = keypair.public().to_peer_id();
    let mut swarm = tripot_net::swarm::build(keypair, &net).unwrap();
    let mut incoming = swarm.behaviour().stream.new_control().accept(game_protocol()).unwrap();
    let addr = loop {
        if let libp2p::swarm::SwarmEvent::NewListenAddr { address, .. } = swarm.select_next_some().await {
            break format!("{address}/p2p/{peer}");
        }
    };
    let hellos = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&hellos);
    tokio::spawn(async move {
        loop {
            tokio::select! {
                _ = swarm.select_next_some() => {}
                Some((_, mut stream)) = incoming.next() => {
                    let counted = Arc::clone(&counted);
                    tokio::spawn(async move {
                        let mut decoder = FrameDecoder::new();
                        let mut buf = [0u8; 512];
                        while let Ok(n) = stream.read(&mut buf).await {
                            if n == 0 || decoder.extend(&buf[..n]).is_err() {
                                return;
                            }
                            if let Some(Ok(Message::Hello(_))) = decoder.next_message() {
                                counted.fetch_add(1, Ordering::SeqCst);
                                let reject = Reject { reason, ply: None, detail: "fake".into() };
                                let _ = stream.write_all(&encode(&Message::Reject(reject)).unwrap()).await;
                                let _ = stream.flush().await;
                                tokio::time::sleep(Duration::from_secs(1)).await;
                                return;
                            }
                        }
                    });
                }
            }
        }
    });
    (addr, hellos)
}

fn join(addr: &str, dir: &std::path::Path) -> Player {
    let mut guest_args = args(&["join", addr, "--ai", "1", "--name", "Friend"]);
    guest_args.extend(loopback_args());
    Player::spawn(&guest_args, &dir.join("guest"), &dir.join("guest.tripot"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_permanent_refusal_ends_join_with_its_reason_and_a_failure_code() {
    let (addr, hellos) = fake_host(RejectReason::Version).await;
    let dir = tempfile::tempdir().unwrap();
    let mut guest = join(&addr, dir.path());
    let code = tokio::task::block_in_place(|| guest.finish(Duration::from_secs(20)));
    assert_ne!(code, 0);
    assert!(guest.stderr().contains("refused"), "{}", guest.stderr());
    let refused = guest.events("refused");
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0]["reason"], "Version");
    assert!(refused[0]["retry_in_ms"].is_null());
    assert_eq!(hellos.load(Ordering::SeqCst), 1, "no retry after a permanent refusal");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_host_is_tried_again_later_each_time() {
    let (addr, hellos) = fake_host(RejectReason::Busy).await;
    let dir = tempfile::tempdir().unwrap();
    let mut guest = join(&addr, dir.path());
    let waits: Vec<u64> = tokio::task::block_in_place(|| {
        (0..3)
            .map(|_| {
                let refused = guest.wait_event("refused", Duration::from_secs(20));
                assert_eq!(refused["reason"], "Busy");
                refused["retry_in_ms"].as_u64().expect("a transient refusal is retried")
            })
            .collect()
    });
    assert_eq!(waits, [1000, 2000, 4000]);
    assert!(hellos.load(Ordering::SeqCst) >= 3);
    assert!(guest.child.try_wait().unwrap().is_none(), "still trying");
}
