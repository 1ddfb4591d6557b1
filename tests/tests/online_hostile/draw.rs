//! An opening draw nobody can bias: a guest that walks away after seeing the host's value, and
//! comes back, never gets another draw at that table; the host opens.

use std::time::Duration;

use tripot_protocol::{Message, Opens, RejectReason};

use super::handshake::Table;
use super::online_common::replayed_record;
use super::{Hostile, guest_hello};
use crate::online_common::reads_messages::ReadsMessages as _;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_that_leaves_after_the_reveal_50_times_never_changes_who_opens() {
    let mut table = Table::open();
    let mut hostile = Hostile::connect(&table.addr).await;
    let value = [9u8; 32];
    let commitment =
        tripot_net::opener_draw::commit(&value, &hostile.host.to_bytes(), &hostile.local.to_bytes());
    let Message::Hello(mut hello) = guest_hello() else { unreachable!() };
    hello.commitment = Some(commitment);
    let (mut draws, mut host_opens, mut refused) = (0, 0, 0);
    for attempt in 0..50 {
        if attempt > 0 {
            hostile.open().await;
        }
        hostile.send(&Message::Hello(hello.clone())).await;
        let answer = hostile
            .expect("the host's answer", |m| matches!(m, Message::Hello(_) | Message::Reject(_)))
            .await;
        match answer {
            // The first time only: a draw. The guest sees the host's value and walks away.
            Message::Hello(h) if h.commitment.is_some() => {
                assert_eq!(attempt, 0, "a new draw at attempt {attempt}");
                hostile.expect("the host's reveal", |m| matches!(m, Message::Reveal { .. })).await;
                draws += 1;
            }
            // Back: the host opens, no draw.
            Message::Hello(h) => {
                assert_eq!(h.opens, Opens::Host, "attempt {attempt}");
                host_opens += 1;
            }
            // Later: that game is the table's now; a new hello is out of place.
            Message::Reject(r) => {
                assert_eq!(r.reason, RejectReason::Unexpected, "attempt {attempt}: {r:?}");
                refused += 1;
            }
            _ => unreachable!(),
        }
        hostile.stream = None;
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!((draws, host_opens, draws + host_opens + refused), (1, 1, 50));
    tokio::task::block_in_place(|| {
        let aborted = table.host.wait_event("handshake_aborted", Duration::from_secs(10));
        assert_eq!(aborted["draw_forfeited"], true, "{aborted}");
        let connected = table.host.wait_event("connected", Duration::from_secs(10));
        assert_eq!(connected["opener"], "A", "{connected}");
        table.host.wait_event("saved", Duration::from_secs(10));
    });
    assert_eq!(replayed_record(&table.host.save).opener.as_deref(), Some("A"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_rematch_offers_make_no_error_on_the_host() {
    let mut table = Table::open();
    let mut hostile = Hostile::connect(&table.addr).await;
    let value = [4u8; 32];
    let commitment =
        tripot_net::opener_draw::commit(&value, &hostile.host.to_bytes(), &hostile.local.to_bytes());
    let Message::Hello(mut hello) = guest_hello() else { unreachable!() };
    hello.commitment = Some(commitment);
    hostile.send(&Message::Hello(hello)).await;
    hostile.expect("the host's reveal", |m| matches!(m, Message::Reveal { .. })).await;
    hostile.send(&Message::Reveal { value }).await;
    hostile.send(&Message::Resign { ply: 0 }).await;
    let offers: Vec<u8> = (0..1000u32)
        .flat_map(|i| {
            let mut id = [0u8; 16];
            id[..4].copy_from_slice(&i.to_be_bytes());
            tripot_protocol::encode(&Message::RematchOffer { game_id: tripot_protocol::GameId(id) }).unwrap()
        })
        .collect();
    let _ = futures::AsyncWriteExt::write_all(hostile.stream.as_mut().unwrap(), &offers).await;
    while hostile.recv().await.is_some() {}
    let code = tokio::task::block_in_place(|| table.host.finish(Duration::from_secs(60)));
    assert_eq!(code, 0);
    assert_eq!(table.host.events("game_over")[0]["termination"], "resign");
    assert!(table.host.events("error").is_empty(), "{:?}", table.host.events("error"));
}
