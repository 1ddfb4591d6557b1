//! Draw offers, the rematch vote, the chats and mutes.

use tripot_game::EndReason;

use super::*;

#[test]
fn a_draw_offered_and_accepted_ends_the_game_drawn_everywhere() {
    let mut net = Net::open("kawu-2", 2, ClockRule::None);
    let guest = net.join(0, Wants::Seat(None));
    net.play_one();
    let now = net.now;
    net.peers[guest].offer_draw(now).unwrap();
    net.settle();
    assert!(net.events_of(0).contains(&TableEvent::DrawOffered { seat: Seat(1) }));
    // The offerer cannot accept its own offer.
    assert!(net.peers[guest].answer_draw(true, now).is_err());
    net.peers[0].answer_draw(true, now).unwrap();
    net.settle();
    net.assert_same_record(&[guest]);
    assert_eq!(net.peers[guest].record().unwrap().ending().unwrap().reason, EndReason::Agreement);
}

#[test]
fn a_computer_declines_a_draw_and_the_offer_lapses_with_the_next_move() {
    let mut net = Net::open("kawu-2", 2, ClockRule::None);
    let now = net.now;
    net.peers[0].set_computer(Seat(1), 1, now).unwrap();
    net.settle();
    net.peers[0].offer_draw(now).unwrap();
    net.settle();
    assert!(net.events_of(0).contains(&TableEvent::DrawDeclined { seat: Seat(1) }));
    net.play_one();
    assert_eq!(net.peers[0].record().unwrap().draw_offer(), None);
    assert!(!net.game_over());
}

#[test]
fn draws_are_for_two_seats_only() {
    let mut net = Net::open("kawu-3", 3, ClockRule::None);
    net.join(0, Wants::Seat(None));
    let now = net.now;
    net.peers[0].set_computer(Seat(2), 1, now).unwrap();
    net.settle();
    assert_eq!(net.peers[0].offer_draw(now), Err(TableError::Entry(EntryError::NoDraw)));
}

#[test]
fn the_rematch_vote_swaps_a_duels_seats() {
    let mut net = Net::open("kawu-2", 2, ClockRule::None);
    let guest = net.join(0, Wants::Seat(None));
    net.play_one();
    let now = net.now;
    net.peers[guest].resign(now).unwrap();
    net.settle();
    assert!(net.game_over());
    net.peers[0].vote(now).unwrap();
    net.settle();
    assert!(net.events_of(guest).contains(&TableEvent::Votes(vec![Seat(0)])));
    net.peers[guest].vote(now).unwrap();
    net.settle();
    assert!(net.events_of(0).contains(&TableEvent::VoteClosed { rematch: true }));
    for p in [0, guest] {
        assert_eq!(net.peers[p].state().game, 2);
        assert!(net.peers[p].state().started);
        assert!(net.peers[p].record().unwrap().is_empty());
    }
    assert_eq!(net.peers[0].my_seat(), Some(Seat(1)));
    assert_eq!(net.peers[guest].my_seat(), Some(Seat(0)));
    net.play_one();
    net.assert_same_record(&[guest]);
}

#[test]
fn the_rematch_keeps_the_voters_and_frees_the_others_seats() {
    let (mut net, a, b) = Net::three_people();
    net.play_one();
    let now = net.now;
    net.peers[a].resign(now).unwrap();
    net.settle();
    assert!(net.game_over());
    net.peers[b].vote(now).unwrap();
    net.peers[0].vote(now).unwrap();
    net.settle();
    assert!(!net.events_of(0).iter().any(|e| matches!(e, TableEvent::VoteClosed { .. })));
    net.advance(Duration::from_secs(120));
    assert!(net.events_of(0).contains(&TableEvent::VoteClosed { rematch: true }));
    assert_eq!(net.peers[0].state().seats[1], SeatHolder::Empty);
    assert!(!net.peers[0].state().started);
    let now = net.now;
    assert_eq!(net.peers[a].vote(now), Err(TableError::NoVote));
    net.peers[0].set_computer(Seat(1), 3, now).unwrap();
    net.settle();
    assert!(net.peers[b].state().started);
    assert_eq!(net.peers[b].state().game, 2);
}

#[test]
fn players_and_spectators_each_have_their_chat_and_a_mute_silences_one_peer() {
    let (mut net, a, b) = Net::three_people();
    let watcher = net.join(0, Wants::Watch);
    let other_watcher = net.join(0, Wants::Watch);
    let now = net.now;
    net.peers[a].chat("bonjour", now).unwrap();
    net.peers[watcher].chat("allez", now).unwrap();
    net.settle();
    let said = |net: &Net, p: usize| -> Vec<String> {
        net.events_of(p)
            .iter()
            .filter_map(|e| match e {
                TableEvent::Chat(line) => Some(line.text.clone()),
                _ => None,
            })
            .collect()
    };
    assert_eq!(said(&net, 0), vec!["bonjour"]);
    assert_eq!(said(&net, b), vec!["bonjour"]);
    assert_eq!(said(&net, other_watcher), vec!["allez"]);
    assert!(said(&net, watcher).iter().all(|t| t == "allez"));
    net.peers[b].mute(peer_key(&net.keys[a]), true);
    net.peers[a].chat("encore", now).unwrap();
    net.peers[0].chat("hôte", now).unwrap();
    net.settle();
    assert_eq!(said(&net, b), vec!["bonjour", "hôte"]);
    assert_eq!(net.peers[b].chat_log().lines().len(), 2);
    // The host's own line is taken at once, a's when it arrives.
    assert_eq!(said(&net, 0), vec!["bonjour", "hôte", "encore"]);
}

#[test]
fn a_resignation_at_three_seats_ends_the_game_for_everyone_the_leaver_last() {
    let (mut net, a, b) = Net::three_people();
    net.play_one();
    net.play_one();
    // b (seat 3) is to move: a resigns anyway, a resignation needs no turn.
    let now = net.now;
    net.peers[a].resign(now).unwrap();
    net.settle();
    net.assert_same_record(&[a, b]);
    let ending = net.peers[b].record().unwrap().ending().unwrap();
    assert_eq!(ending.reason, EndReason::Left { seat: Seat(1), how: tripot_game::Leaving::Resigned });
    let leaver = ending.places.iter().find(|p| p.seat == Seat(1)).unwrap();
    let worst = ending.places.iter().filter_map(|p| p.rank).max();
    assert!(leaver.rank.is_none() || leaver.rank == worst);
    assert_eq!(leaver.status, tripot_game::SeatStatus::Left(tripot_game::Leaving::Resigned));
}

#[test]
fn a_players_own_chat_is_held_to_the_rate_the_host_forwards_at() {
    let (mut net, a, b) = Net::three_people();
    let now = net.now;
    for i in 0..5 {
        net.peers[a].chat(&format!("{i}"), now).unwrap();
    }
    assert_eq!(net.peers[a].chat("6", now), Err(TableError::ChatTooFast));
    net.settle();
    let heard = net.events_of(b).iter().filter(|e| matches!(e, TableEvent::Chat(_))).count();
    assert_eq!(heard, 5);
    // Nothing went over: the host refused nothing.
    assert!(!net.events_of(a).iter().any(|e| matches!(e, TableEvent::Refused(_))));
    net.advance(Duration::from_secs(10));
    let now = net.now;
    net.peers[a].chat("de nouveau", now).unwrap();
}
