//! A real table of seats on the loopback as the app's and the terminal's tests set it up: a
//! network on 127.0.0.1 under a test's own identity, a kawu-3 table with a computer seat
//! hosted, the link its host shares, and a first legal move played for a person to move.
//! Included by `client/app/tests/online_seats_loopback.rs` and (with `#[path]`)
//! `client/terminal/tests/online_seats_loopback.rs`.
#![allow(dead_code)]

use std::path::Path;
use std::time::{Duration, Instant};

use tripot_ai::Level;
use tripot_app::NetworkSettings;
use tripot_app::network::Network as _;
use tripot_app::online_board::OnlineBoard as _;
use tripot_app::online_seats::{OnlineSeats, Opening};
use tripot_app::real_network::RealNetwork;
use tripot_app::table_invitation::TableInvitation;
use tripot_game::TableSpec;
use tripot_net::table::TableOffer;
use tripot_net::table_online::random_table_id;
use tripot_protocol::table::{ClockRule, TableId};

/// A hang guard only (the tests assert what happened, never how fast).
pub(crate) const PATIENCE: Duration = Duration::from_secs(180);

/// A network on loopback only, saving to `<dir>/<name>.tripot`, under a key of the test's only:
/// nothing signed, nothing written in the config directory.
pub(crate) fn network(name: &str, dir: &Path) -> RealNetwork {
    let settings = NetworkSettings { guest: true, ..settings(name, &dir.join(format!("{name}.tripot"))) };
    RealNetwork::new(settings).unwrap()
}

/// A network on loopback only, saving to `save`, under the identity `keypair` (a restarted
/// program comes back under it).
pub(crate) fn network_as(name: &str, save: &Path, keypair: tripot_net::Keypair) -> RealNetwork {
    RealNetwork::with_keypair(settings(name, save), keypair).unwrap()
}

fn settings(name: &str, save: &Path) -> NetworkSettings {
    NetworkSettings {
        name: name.into(),
        listen: vec!["/ip4/127.0.0.1/tcp/0".parse().unwrap()],
        mdns: false,
        relay: None,
        save: Some(save.to_path_buf()),
        guest: false,
        ..NetworkSettings::default()
    }
}

/// A kawu-3 table of three seats, no clock, spectators welcome.
pub(crate) fn kawu_3_offer() -> TableOffer {
    TableOffer {
        table: random_table_id(),
        game: "kawu-3".parse().unwrap(),
        seats: 3,
        clock: ClockRule::None,
        spectators: true,
    }
}

/// `net` hosts a kawu-3 table with a beginner computer at the seat after the host's: the host's
/// controller and the table's id.
pub(crate) fn host_kawu_3(net: &mut RealNetwork) -> (OnlineSeats, TableId) {
    let offer = kawu_3_offer();
    let (table, spec) = (offer.table, TableSpec { game: offer.game.clone(), seats: offer.seats });
    let link = net.host_seats(offer, vec![Level::Debutant.number()], None).unwrap();
    (OnlineSeats::new(link, Opening::Host { spec, table, room: false }), table)
}

/// The link the host shares, once it does (polled until then, within [`PATIENCE`] of `started`).
pub(crate) fn shared_invitation(host: &mut OnlineSeats, started: Instant) -> TableInvitation {
    loop {
        assert!(started.elapsed() < PATIENCE, "the host never shared its link");
        let _ = host.poll(Instant::now());
        if let Some(text) = host.view(Instant::now()).invitation {
            return text.parse::<TableInvitation>().unwrap();
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Polls the table once, and plays the first legal move if the person here is to move.
pub(crate) fn play_first_move(seats: &mut OnlineSeats) {
    let _ = seats.poll(Instant::now());
    let Some(table) = seats.table() else { return };
    if !seats.accepts_moves() || !table.person_to_move() {
        return;
    }
    let state = table.state();
    let Some(first) = state.legal_moves().into_iter().next() else { return };
    let text = state.move_text(&first);
    seats.typed_move(&text).unwrap();
}

/// The two tables play in rounds (each polled, its person playing a first legal move when to
/// move, then `each_round`) until `done` holds of them, within [`PATIENCE`] of `started`.
pub(crate) fn play_both_until(
    a: &mut OnlineSeats,
    b: &mut OnlineSeats,
    started: Instant,
    done: impl Fn(&OnlineSeats, &OnlineSeats) -> bool,
    mut each_round: impl FnMut(&mut OnlineSeats, &mut OnlineSeats),
) {
    while !done(a, b) {
        assert!(started.elapsed() < PATIENCE, "the game stopped at {} and {} plies", plies(a), plies(b));
        play_first_move(a);
        play_first_move(b);
        each_round(a, b);
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The moves on the table's board.
pub(crate) fn plies(seats: &OnlineSeats) -> usize {
    seats.table().map_or(0, |t| t.state().moves().len())
}
