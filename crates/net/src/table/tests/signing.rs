//! The finished game's result signed by every human seat, through the host; signatures that do
//! not hold refused by all; unrated tables ask nobody to sign.

use tripot_protocol::table::ResultSignature;
use tripot_ratings_wire::{GameResult, SignedResult, Unrated};

use super::*;
use crate::event::UnsignedCause;
use crate::rated_result::places_of;

/// The complete results peer `p` reported.
fn signed_results(net: &Net, p: usize) -> Vec<SignedResult> {
    net.events_of(p)
        .iter()
        .filter_map(|e| match e {
            TableEvent::ResultSigned(signed) => Some((**signed).clone()),
            _ => None,
        })
        .collect()
}

/// The signatures refused by peer `p`.
fn refusals(net: &Net, p: usize) -> Vec<ResultSignatureError> {
    net.events_of(p)
        .iter()
        .filter_map(|e| match e {
            TableEvent::SignatureRefused { error, .. } => Some(error.clone()),
            _ => None,
        })
        .collect()
}

/// The one complete result each of `peers` reported.
fn the_complete_results(net: &Net, peers: &[usize]) -> Vec<SignedResult> {
    peers
        .iter()
        .map(|&p| {
            let mut results = signed_results(net, p);
            assert_eq!(results.len(), 1, "peer {p}: {:?}", refusals(net, p));
            results.remove(0)
        })
        .collect()
}

/// The host's own signature, as it went out on the wire.
fn host_signature(net: &Net) -> ResultSignature {
    let host = peer_key(&net.keys[0]);
    net.sent
        .iter()
        .find_map(|(from, message)| match message {
            TableMessage::ResultSigned(signature) if *from == 0 && signature.signer == host => {
                Some(signature.clone())
            }
            _ => None,
        })
        .unwrap()
}

fn signing_messages(net: &Net) -> usize {
    net.sent
        .iter()
        .filter(|(_, m)| matches!(m, TableMessage::ResultSigned(_) | TableMessage::ResultDeclined { .. }))
        .count()
}

#[test]
fn three_people_sign_and_each_holds_the_complete_result() {
    let (mut net, a, b) = Net::three_people();
    net.play_to_end();
    let results = the_complete_results(&net, &[0, a, b]);
    assert_eq!(results[0], results[1]);
    assert_eq!(results[0], results[2]);
    let signed = &results[0];
    signed.check_shape().unwrap();
    signed.check_signatures().unwrap();
    assert_eq!(signed.signatures.len(), 3);
    let result = &signed.result;
    assert_eq!(result.game, "kawu-3");
    // Every seat's peer, in seat order, and the places of the verified record.
    let record = net.peers[0].record().unwrap();
    for (seat, entry) in result.seats.iter().enumerate() {
        let p = net.at(Seat(u8::try_from(seat).unwrap()));
        assert_eq!(entry.peer_id, net.keys[p].public().to_peer_id());
    }
    assert_eq!(result.places, places_of(&record.ending().unwrap(), 3));
    assert_eq!(result.game_id, table_game_id(record.key()));
    assert!(net.events_of(0).iter().all(|e| !matches!(e, TableEvent::ResultUnsigned(_))));
    // The exchange ends quietly once its time is up: a complete result is not given up.
    net.advance(TABLE_SIGNING_TIME);
    for p in [0, a, b] {
        assert!(net.events_of(p).iter().all(|e| !matches!(e, TableEvent::ResultUnsigned(_))), "peer {p}");
    }
}

/// Three people play to the end; b's clock is decades behind, so b refuses the host's time and
/// never signs: the host and a hold two signatures of three. Returns the table, b, the host's
/// signature and the result it signed.
fn stalled_at_b() -> (Net, usize, ResultSignature, GameResult) {
    let mut net = Net::open("kawu-3", 3, ClockRule::None);
    let a = net.join(0, Wants::Seat(None));
    let b = net.join_with(0, Wants::Seat(None), |config| {
        if let Some(signer) = config.signer.as_mut() {
            signer.wall_clock = || 0;
        }
    });
    net.play_to_end();
    let theirs = host_signature(&net);
    let refused = refusals(&net, b);
    assert!(!refused.is_empty());
    let clock = ResultSignatureError::Clock { theirs: theirs.finished_unix, ours: 0 };
    assert!(refused.iter().all(|e| *e == clock), "{refused:?}");
    for p in [0, a, b] {
        assert!(signed_results(&net, p).is_empty(), "peer {p}");
    }
    let result = table_result(net.peers[0].record().unwrap(), theirs.finished_unix).unwrap();
    (net, b, theirs, result)
}

#[test]
fn a_forged_signature_or_a_strangers_is_refused_and_never_kept_and_the_real_one_completes() {
    let (mut net, b, theirs, result) = stalled_at_b();
    let b_key = peer_key(&net.keys[b]);
    let stranger = Keypair::generate_ed25519();
    // b's seat, a signature by another key.
    let forged =
        ResultSignature { signer: b_key.clone(), sig: result.sign(&stranger).unwrap().sig, ..theirs.clone() };
    net.deliver(b, 0, TableMessage::ResultSigned(forged));
    // A key at no seat, its own signature.
    let outsider = ResultSignature {
        signer: peer_key(&stranger),
        sig: result.sign(&stranger).unwrap().sig,
        ..theirs.clone()
    };
    net.deliver(b, 0, TableMessage::ResultSigned(outsider));
    // b's key, another finishing time.
    let late = GameResult { finished_unix: result.finished_unix + 1, ..result.clone() };
    let other_time = ResultSignature {
        signer: b_key.clone(),
        finished_unix: late.finished_unix,
        sig: late.sign(&net.keys[b]).unwrap().sig,
        ..theirs.clone()
    };
    net.deliver(b, 0, TableMessage::ResultSigned(other_time));
    net.settle();
    assert_eq!(
        refusals(&net, 0),
        vec![
            ResultSignatureError::Forged,
            ResultSignatureError::UnknownSeat,
            ResultSignatureError::OtherTime
        ]
    );
    assert!(signed_results(&net, 0).is_empty());
    // b's own signature of the very result: the host completes it and forwards it.
    let genuine = ResultSignature { signer: b_key, sig: result.sign(&net.keys[b]).unwrap().sig, ..theirs };
    net.deliver(b, 0, TableMessage::ResultSigned(genuine));
    net.settle();
    let a = 1;
    for p in [0, a] {
        let signed = signed_results(&net, p);
        assert_eq!(signed.len(), 1, "peer {p}");
        assert_eq!(signed[0].result, result);
        signed[0].check_signatures().unwrap();
    }
}

#[test]
fn a_signature_for_another_games_result_is_refused() {
    let (mut net, b, theirs, result) = stalled_at_b();
    let b_key = peer_key(&net.keys[b]);
    // b's key over the result of another game (another id): it verifies over nothing here.
    let other = GameResult { game_id: [9; 16], ..result.clone() };
    let for_other_result = ResultSignature {
        signer: b_key.clone(),
        sig: other.sign(&net.keys[b]).unwrap().sig,
        ..theirs.clone()
    };
    net.deliver(b, 0, TableMessage::ResultSigned(for_other_result));
    // The right result's signature, named for another game of the table.
    let for_other_game =
        ResultSignature { game: 2, signer: b_key, sig: result.sign(&net.keys[b]).unwrap().sig, ..theirs };
    net.deliver(b, 0, TableMessage::ResultSigned(for_other_game));
    net.settle();
    assert_eq!(
        refusals(&net, 0),
        vec![ResultSignatureError::Forged, ResultSignatureError::OtherGame { expected: 1, got: 2 }]
    );
    assert!(signed_results(&net, 0).is_empty());
    assert!(net.sent.iter().any(|(from, m)| *from == 0
        && matches!(m, TableMessage::Reject(r) if r.reason == TableRejectReason::BadSignature)));
}

#[test]
fn a_seat_that_declines_leaves_nobody_a_complete_result() {
    let mut net = Net::open("kawu-3", 3, ClockRule::None);
    let a = net.join(0, Wants::Seat(None));
    let guest = net.join_with(0, Wants::Seat(None), |config| config.signer = None);
    net.play_to_end();
    net.advance(TABLE_SIGNING_TIME);
    for p in [0, a, guest] {
        assert!(signed_results(&net, p).is_empty(), "peer {p}");
        assert!(refusals(&net, p).is_empty(), "peer {p}");
    }
    assert!(net.events_of(guest).contains(&TableEvent::Unrated(Unrated::GuestSeat)));
    for p in [0, a] {
        let unsigned: Vec<_> =
            net.events_of(p).iter().filter(|e| matches!(e, TableEvent::ResultUnsigned(_))).collect();
        assert_eq!(unsigned, vec![&TableEvent::ResultUnsigned(UnsignedCause::PeerDeclined)], "peer {p}");
    }
}

#[test]
fn a_table_with_a_computer_seat_asks_nobody_to_sign() {
    let mut net = Net::open("kawu-3", 3, ClockRule::None);
    let a = net.join(0, Wants::Seat(None));
    let now = net.now;
    net.peers[0].set_computer(Seat(2), 1, now).unwrap();
    net.settle();
    net.play_to_end();
    net.advance(TABLE_SIGNING_TIME);
    assert_eq!(signing_messages(&net), 0);
    for p in [0, a] {
        assert!(net.events_of(p).contains(&TableEvent::Unrated(Unrated::ComputerSeat)), "peer {p}");
        assert!(signed_results(&net, p).is_empty());
        assert!(net.events_of(p).iter().all(|e| !matches!(e, TableEvent::ResultUnsigned(_))));
    }
}

#[test]
fn a_game_of_partners_is_never_rated() {
    let human =
        |n: u8| SeatHolder::Human { peer: PeerKey(vec![n]), name: format!("p{n}"), addrs: Vec::new() };
    let seats: Vec<SeatHolder> = (0..4).map(human).collect();
    assert_eq!(unrated_because(&"halma-pairs-4".parse().unwrap(), &seats), Some(Unrated::Teams));
    assert_eq!(unrated_because(&"halma-4".parse().unwrap(), &seats), None);
}

#[test]
fn a_host_gone_mid_signing_the_next_host_forwards_the_signatures_it_holds() {
    let (mut net, a, b) = Net::three_people();
    for _ in 0..4 {
        net.play_one();
    }
    // b loses its link; the host resigns, which ends a game of three seats (RULES-STAR.md
    // §4.10): the host and a sign, b never hears of the end.
    let wire = net.wires.iter().position(|w| w.ends[0].0 == b).unwrap();
    net.close(b, net.wires[wire].ends[0].1);
    let now = net.now;
    net.peers[0].resign(now).unwrap();
    net.settle();
    assert!(net.peers[a].record().unwrap().ending().is_some());
    assert!(net.peers[b].record().unwrap().ending().is_none());
    let host_sig = host_signature(&net);
    // The host goes before anyone else signed with b: a takes the table over.
    net.vanish(0);
    net.advance(Duration::from_secs(20));
    assert!(net.peers[a].is_host());
    net.link(b, a);
    net.settle();
    // b caught up from a, and took the old host's signature from a, the old host long gone.
    let complete = the_complete_results(&net, &[a, b]);
    assert_eq!(complete[0], complete[1]);
    assert_eq!(complete[0].result.finished_unix, host_sig.finished_unix);
    complete[0].check_signatures().unwrap();
    let old_host = net.keys[0].public().to_peer_id();
    assert!(complete[0].signatures.iter().any(|s| s.peer_id == old_host));
}

#[test]
fn a_game_ended_by_a_claim_is_not_signed_for_the_seat_gone_cannot_sign() {
    let (mut net, a, b) = Net::three_people();
    for _ in 0..3 {
        net.play_one();
    }
    let gone = net.peers[b].my_seat().unwrap();
    net.vanish(b);
    net.advance(Duration::from_secs(121));
    let now = net.now;
    net.peers[a].claim(gone, now).unwrap();
    net.settle();
    assert!(net.game_over());
    assert_eq!(signing_messages(&net), 0);
    for p in [0, a] {
        assert!(net.events_of(p).contains(&TableEvent::ResultUnsigned(UnsignedCause::NoAnswer)), "peer {p}");
        assert!(signed_results(&net, p).is_empty());
    }
}

#[test]
fn a_signature_that_comes_after_the_rematch_started_completes_the_game_it_signs() {
    let (mut net, b, theirs, result) = stalled_at_b();
    let a = 1;
    for p in [0, a, b] {
        let now = net.now;
        net.peers[p].vote(now).unwrap();
        net.settle();
    }
    net.advance(Duration::from_secs(1));
    assert_eq!(net.peers[0].state().game, 2);
    assert!(net.peers[0].record().unwrap().ending().is_none());
    // b's signature of the first game's result, late: checked against that game, not the new one.
    let genuine = ResultSignature {
        signer: peer_key(&net.keys[b]),
        sig: result.sign(&net.keys[b]).unwrap().sig,
        ..theirs
    };
    net.deliver(b, 0, TableMessage::ResultSigned(genuine));
    net.settle();
    for p in [0, a] {
        let signed = the_complete_results(&net, &[p]);
        assert_eq!(signed[0].result, result, "peer {p}");
    }
}
