//! No lockout: whatever ends a handshake before its game starts frees the host's table at once,
//! the host says so, and an honest guest then plays a whole game.

use std::time::Duration;

use tempfile::TempDir;
use tripot_protocol::{Message, RejectReason};

use super::online_common::{Player, args, loopback_args};
use super::{Hostile, guest_hello};
use crate::online_common::reads_messages::ReadsMessages as _;

/// Quick timers, so that silence is noticed in seconds.
const TIMERS: [&str; 4] = ["--keep-alive-ms", "1000", "--peer-timeout-ms", "3000"];

/// A headless host offering a random draw, waiting for a guest.
pub(super) struct Table {
    dir: TempDir,
    pub(super) host: Player,
    pub(super) addr: String,
}

impl Table {
    pub(super) fn open() -> Table {
        let dir = tempfile::tempdir().unwrap();
        let mut host_args =
            args(&["host", "--opens", "random", "--ai", "1", "--seed", "3", "--name", "Honest"]);
        host_args.extend(args(&TIMERS));
        host_args.extend(loopback_args());
        let mut host = Player::spawn(&host_args, &dir.path().join("host"), &dir.path().join("host.tripot"));
        let addr = tokio::task::block_in_place(|| host.address());
        Table { dir, host, addr }
    }

    /// The host reports the stranger's handshake as aborted (`cause`, with `reason` when it
    /// refused), then an honest guest joins and the whole game is played to its end.
    pub(super) fn honest_guest_plays_after(self, cause: &str, reason: Option<&str>) {
        let mut table = self;
        tokio::task::block_in_place(|| {
            let aborted = table.host.wait_event("handshake_aborted", Duration::from_secs(15));
            assert_eq!(aborted["cause"], cause, "{aborted}");
            assert_eq!(aborted["reason"].as_str(), reason, "{aborted}");
        });
        table.honest_guest_plays();
    }

    /// An honest guest joins and the whole game is played to its end.
    pub(super) fn honest_guest_plays(mut self) {
        tokio::task::block_in_place(|| {
            let mut guest_args = args(&["join", &self.addr, "--ai", "1", "--seed", "5", "--name", "Friend"]);
            guest_args.extend(args(&TIMERS));
            guest_args.extend(loopback_args());
            let dir = self.dir.path();
            let mut guest = Player::spawn(&guest_args, &dir.join("guest"), &dir.join("guest.tripot"));
            let connected = guest.wait_event("connected", Duration::from_secs(20));
            assert_eq!(connected["peer"], "Honest");
            assert_eq!(guest.finish(Duration::from_secs(180)), 0, "{}", guest.stderr());
            assert_eq!(self.host.finish(Duration::from_secs(60)), 0, "{}", self.host.stderr());
            let (host_over, guest_over) = (self.host.events("game_over"), guest.events("game_over"));
            assert_eq!(host_over.len(), 1);
            assert_eq!(host_over[0]["termination"], "normal");
            assert_eq!(host_over[0]["winner"], guest_over[0]["winner"]);
            assert!(guest.events("refused").is_empty(), "the honest guest was refused");
        });
    }
}

async fn wrong_version(protocol: u16) {
    let table = Table::open();
    let mut hostile = Hostile::connect(&table.addr).await;
    let Message::Hello(mut hello) = guest_hello() else { unreachable!() };
    hello.protocol = protocol;
    hostile.send(&Message::Hello(hello)).await;
    hostile.expect_reject(RejectReason::Version).await;
    table.honest_guest_plays_after("refused", Some("Version"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hello_of_protocol_0_does_not_lock_the_table() {
    wrong_version(0).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hello_of_protocol_65535_does_not_lock_the_table() {
    wrong_version(u16::MAX).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reveal_that_does_not_match_does_not_lock_the_table() {
    let table = Table::open();
    let mut hostile = Hostile::connect(&table.addr).await;
    hostile.send(&guest_hello()).await;
    hostile.expect("the host's reveal", |m| matches!(m, Message::Reveal { .. })).await;
    hostile.send(&Message::Reveal { value: [2; 32] }).await;
    hostile.expect_reject(RejectReason::BadReveal).await;
    table.honest_guest_plays_after("refused", Some("BadReveal"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_silent_in_the_draw_does_not_lock_the_table() {
    let table = Table::open();
    let mut hostile = Hostile::connect(&table.addr).await;
    hostile.send(&guest_hello()).await;
    hostile.expect("the host's reveal", |m| matches!(m, Message::Reveal { .. })).await;
    // Then nothing, as a crashed or cut guest: the host lets go after its handshake timeout.
    table.honest_guest_plays_after("silent", None);
    drop(hostile);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_that_keeps_the_draw_waiting_with_keep_alives_does_not_lock_the_table() {
    let table = Table::open();
    let mut hostile = Hostile::connect(&table.addr).await;
    hostile.send(&guest_hello()).await;
    hostile.expect("the host's reveal", |m| matches!(m, Message::Reveal { .. })).await;
    let stall = tokio::spawn(async move {
        for seq in 0..20 {
            if let Some(stream) = &mut hostile.stream {
                let frame = tripot_protocol::encode(&Message::KeepAlive { seq }).unwrap();
                if futures::AsyncWriteExt::write_all(stream, &frame).await.is_err() {
                    break;
                }
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    });
    table.honest_guest_plays_after("silent", None);
    stall.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_in_the_handshake_does_not_lock_the_table() {
    let table = Table::open();
    let mut hostile = Hostile::connect(&table.addr).await;
    hostile.send(&guest_hello()).await;
    let keep_alive = tripot_protocol::encode(&Message::KeepAlive { seq: 0 }).unwrap();
    let burst: Vec<u8> = keep_alive.iter().copied().cycle().take(keep_alive.len() * 3000).collect();
    hostile.raw(&burst).await;
    hostile.expect_reject(RejectReason::Flood).await;
    table.honest_guest_plays_after("refused", Some("Flood"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_that_leaves_in_the_handshake_does_not_lock_the_table() {
    let table = Table::open();
    let mut hostile = Hostile::connect(&table.addr).await;
    hostile.send(&guest_hello()).await;
    hostile.expect("the host's reveal", |m| matches!(m, Message::Reveal { .. })).await;
    hostile.stream = None;
    table.honest_guest_plays_after("left", None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bytes_that_do_not_decode_do_not_lock_the_table() {
    let table = Table::open();
    let mut hostile = Hostile::connect(&table.addr).await;
    hostile.send(&guest_hello()).await;
    hostile.expect("the host's reveal", |m| matches!(m, Message::Reveal { .. })).await;
    hostile.raw(&[0, 5, 0xee, 1, 2, 3, 4]).await;
    hostile.expect_reject(RejectReason::Malformed).await;
    table.honest_guest_plays_after("refused", Some("Malformed"));
}

/// A hello frame encoded without the sender-side field checks, as a hostile client would.
fn unchecked_frame(message: &Message) -> Vec<u8> {
    let body = postcard::to_allocvec(message).unwrap();
    let mut frame = u16::try_from(body.len()).unwrap().to_be_bytes().to_vec();
    frame.extend(body);
    frame
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hello_fields_over_their_limits_are_refused_with_a_reason() {
    let table = Table::open();
    let mut hostile = Hostile::connect(&table.addr).await;
    // A name of 100 bytes fits in a frame: refused as a field over its limit.
    let Message::Hello(mut hello) = guest_hello() else { unreachable!() };
    hello.name = "N".repeat(100);
    hostile.raw(&unchecked_frame(&Message::Hello(hello.clone()))).await;
    let Message::Reject(reject) = hostile.expect("a refusal", |m| matches!(m, Message::Reject(_))).await
    else {
        unreachable!()
    };
    assert_eq!(reject.reason, RejectReason::FieldTooLong);
    assert!(reject.detail.contains("name"), "{}", reject.detail);
    while hostile.recv().await.is_some() {}
    // A name of 5,000 bytes does not: refused from the frame's length.
    hostile.open().await;
    hello.name = "N".repeat(5000);
    hostile.raw(&unchecked_frame(&Message::Hello(hello))).await;
    hostile.expect_reject(RejectReason::TooLarge).await;
    // Neither got near the table: the host said why, and an honest guest plays at once.
    let mut table = table;
    tokio::task::block_in_place(|| {
        for reason in ["FieldTooLong", "TooLarge"] {
            table.host.wait_for(reason, Duration::from_secs(10), |v| {
                v["event"] == "rejected" && v["reason"] == reason
            });
        }
    });
    table.honest_guest_plays();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_random_draw_without_commitment_is_refused_with_a_reason() {
    let table = Table::open();
    let mut hostile = Hostile::connect(&table.addr).await;
    hostile.send(&guest_hello_without_commitment()).await;
    hostile.expect_reject(RejectReason::NoCommitment).await;
    table.honest_guest_plays_after("refused", Some("NoCommitment"));
}

fn guest_hello_without_commitment() -> Message {
    let Message::Hello(mut hello) = guest_hello() else { unreachable!() };
    hello.commitment = None;
    Message::Hello(hello)
}
