//! A game whose rules name the first mover (draughts: White begins) at two seats: the host's
//! choice or the draw seats the players — the side that "opens" plays White — the game opens
//! as its rules say, and a rematch swaps the colours.

use super::*;

/// The seat each side plays: (host, guest).
fn seats(pair: &Pair) -> (Seat, Seat) {
    (pair.host.game().unwrap().local_seat(), pair.guest.game().unwrap().local_seat())
}

#[test]
fn draughts_opens_online_with_white_first_and_the_choice_seats_the_colours() {
    for (opens, host_seat) in [(Opens::Host, Seat(0)), (Opens::Guest, Seat(1))] {
        let mut pair = Pair::of("draughts", opens);
        let (host, guest) = (pair.host.game().unwrap(), pair.guest.game().unwrap());
        assert_eq!(host.spec().as_str(), "draughts");
        assert_eq!(seats(&pair), (host_seat, Seat(1 - host_seat.0)), "{opens:?}");
        assert_eq!((host.opener(), guest.opener()), (Seat(0), Seat(0)), "White begins");
        assert_eq!(host.state().seat_name(host.opener()), "W");
        assert_eq!(host.state().position_string(), guest.state().position_string());
        let connected = |events: &[SessionEvent]| {
            events.iter().find_map(|e| match e {
                SessionEvent::Connected { local_seat, opener, .. } => Some((*local_seat, *opener)),
                _ => None,
            })
        };
        assert_eq!(connected(&pair.host_events), Some((host_seat, Seat(0))));
        assert_eq!(connected(&pair.guest_events), Some((Seat(1 - host_seat.0), Seat(0))));
        // A few moves, each by the side whose colour is to move, verified by the other.
        for ply in 0..6 {
            let to_move = pair.host.game().unwrap().state().to_move().unwrap();
            assert_eq!(to_move, Seat(ply % 2), "White, then Black, in turn");
            pair.play_first();
        }
        let (host, guest) = (pair.host.game().unwrap(), pair.guest.game().unwrap());
        assert_eq!(host.moves().len(), 6);
        assert_eq!(host.hashes(), guest.hashes());
        // The side out of turn is refused locally.
        let waiting = if host.local_seat() == Seat(0) { &mut pair.guest } else { &mut pair.host };
        let m = waiting.game().unwrap().state().legal_moves()[0].clone();
        assert_eq!(waiting.play(&m, pair.now), Err(LocalError::NotYourTurn));
    }
}

#[test]
fn a_draughts_rematch_swaps_the_colours_and_white_still_begins() {
    let mut pair = Pair::of("draughts", Opens::Host);
    let mut host_seat = Seat(0);
    for number in 2..=4 {
        assert_eq!(seats(&pair), (host_seat, Seat(1 - host_seat.0)));
        finish_by_resignation(&mut pair);
        let old = rematch_accepted(&mut pair);
        let (host, guest) = (pair.host.game().unwrap(), pair.guest.game().unwrap());
        assert_ne!(host.game_id, old.game_id);
        assert_eq!(host.game_id, guest.game_id);
        assert_eq!((host.opener(), guest.opener()), (Seat(0), Seat(0)), "White begins");
        assert!(host.moves().is_empty() && guest.moves().is_empty());
        host_seat = Seat(1 - host_seat.0);
        assert_eq!(seats(&pair), (host_seat, Seat(1 - host_seat.0)), "the colours swap");
        assert_eq!(pair.host.game_number(), number);
        pair.play_first();
        assert_eq!(pair.host.game().unwrap().hashes(), pair.guest.game().unwrap().hashes());
    }
}

#[test]
fn a_drawn_draughts_game_seats_either_side_at_white() {
    let hosts: Vec<Seat> =
        (0..40).map(|_| Pair::of("draughts", Opens::Random).host.game().unwrap().local_seat()).collect();
    assert!(hosts.contains(&Seat(0)) && hosts.contains(&Seat(1)), "{hosts:?}");
    for _ in 0..4 {
        let pair = Pair::of("draughts", Opens::Random);
        let (host, guest) = seats(&pair);
        assert_ne!(host, guest);
        assert_eq!(pair.host.game().unwrap().opener(), Seat(0));
    }
}
