//! Draughts at a table: a game whose rules name the first mover (White begins), so the host
//! draws the colours, and the rematch swaps them.

use tripot_game::EndReason;

use super::*;

/// A draughts table of the host and one guest, on the table `id`: it starts.
fn draughts_table(id: u8) -> (Net, usize) {
    let mut net = Net::open_table(TableId([id; 16]), "draughts", 2, ClockRule::None);
    let guest = net.join(0, Wants::Seat(None));
    (net, guest)
}

#[test]
fn the_table_opens_draughts_and_white_at_the_first_seat_moves_first() {
    let (mut net, guest) = draughts_table(1);
    for p in [0, guest] {
        let record = net.peers[p].record().unwrap();
        assert_eq!(record.state().spec().to_string(), "draughts");
        assert_eq!(record.to_move(), Some(Seat(0)));
    }
    net.play_one();
    net.play_one();
    net.assert_same_record(&[guest]);
}

#[test]
fn the_host_draws_the_colours_so_either_may_play_white() {
    let mut host_seats = std::collections::BTreeSet::new();
    for id in 0..16 {
        let (net, guest) = draughts_table(id);
        let host_seat = net.peers[0].my_seat().unwrap();
        assert_eq!(net.peers[guest].my_seat().unwrap(), Seat(1 - host_seat.0));
        assert_eq!(net.peers[guest].state().seats, net.peers[0].state().seats);
        host_seats.insert(host_seat);
    }
    assert_eq!(host_seats.len(), 2, "sixteen tables, the host always at one colour");
}

#[test]
fn the_colours_of_a_game_whose_opener_is_drawn_stay_as_seated() {
    for id in 0..8 {
        let mut net = Net::open_table(TableId([id; 16]), "kawu-2", 2, ClockRule::None);
        net.join(0, Wants::Seat(None));
        assert_eq!(net.peers[0].my_seat(), Some(Seat(0)));
    }
}

#[test]
fn the_rematch_swaps_the_colours_and_white_opens_again() {
    let (mut net, guest) = draughts_table(3);
    let white = net.at(Seat(0));
    net.play_one();
    let now = net.now;
    net.peers[white].resign(now).unwrap();
    net.settle();
    assert!(net.game_over());
    for p in [0, guest] {
        net.peers[p].vote(now).unwrap();
        net.settle();
    }
    assert_eq!(net.peers[guest].state().game, 2);
    assert_eq!(net.peers[white].my_seat(), Some(Seat(1)));
    assert_eq!(net.peers[guest].record().unwrap().to_move(), Some(Seat(0)));
    assert_eq!(net.at(Seat(0)), if white == 0 { guest } else { 0 });
}

#[test]
fn a_draw_agreed_at_draughts_ends_the_game_drawn_for_both() {
    let (mut net, guest) = draughts_table(5);
    net.play_one();
    let offerer = net.at(Seat(1));
    let answerer = net.at(Seat(0));
    let now = net.now;
    net.peers[offerer].offer_draw(now).unwrap();
    net.settle();
    net.peers[answerer].answer_draw(true, now).unwrap();
    net.settle();
    net.assert_same_record(&[guest]);
    let ending = net.peers[guest].record().unwrap().ending().unwrap();
    assert_eq!(ending.reason, EndReason::Agreement);
}
