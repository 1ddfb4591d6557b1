//! Tables in the lobby of a real `tripot-relay` on loopback, from the terminal's screens: one
//! terminal lists a kawu-3 table (a computer at its second seat) in the relay's lobby as the
//! set-up form's « le lobby du relais » does, another seeks a kawu-3 table by the menu's quick
//! match; the seeker sits at the listed table, and both play it on their table screens until
//! several plies are on both boards, the same.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
#[path = "../../../tests/tests/online_common/relay_process.rs"]
mod relay_process;
#[path = "../../app/tests/seats_common/mod.rs"]
mod seats_common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use relay_process::RelayLaunch;
use seats_common::{PATIENCE, kawu_3_offer, plies};
use tripot_ai::Level;
use tripot_app::NetworkSettings;
use tripot_app::i18n::Lang;
use tripot_app::real_network::RealNetwork;
use tripot_game::catalogue::catalogue;
use tripot_net::online::matchmaking::lobby::list_all;
use tripot_net::{Keypair, Multiaddr};
use tripot_terminal::app::{App, Page, QuickTableGame};
use tripot_terminal::event::{Event, Events};

/// The `tripot-relay` binary: `$TRIPOT_RELAY_BIN`, else the one beside this test in
/// target/<profile>/, else built there now with the same profile.
fn relay_bin() -> PathBuf {
    if let Some(bin) = std::env::var_os("TRIPOT_RELAY_BIN") {
        return PathBuf::from(bin);
    }
    let exe = std::env::current_exe().unwrap();
    let profile_dir = exe.parent().unwrap().parent().unwrap().to_path_buf();
    let bin = profile_dir.join("tripot-relay");
    if bin.exists() {
        return bin;
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut build = Command::new(cargo);
    build.args(["build", "-q", "-p", "tripot-relay", "--bin", "tripot-relay"]);
    build.env("CARGO_TARGET_DIR", profile_dir.parent().unwrap());
    if profile_dir.file_name().is_some_and(|n| n == "release") {
        build.arg("--release");
    }
    assert!(build.status().unwrap().success(), "building tripot-relay failed");
    bin
}

/// Settings on loopback only, pointed at `relay`, under a key of their own.
fn settings(name: &str, dir: &Path, relay: &str) -> NetworkSettings {
    NetworkSettings {
        name: name.into(),
        listen: vec!["/ip4/127.0.0.1/tcp/0".parse().unwrap()],
        mdns: false,
        relay: Some(relay.parse().unwrap()),
        save: Some(dir.join(format!("{name}.tripot"))),
        guest: true,
        ..NetworkSettings::default()
    }
}

/// A terminal whose network is [`settings`]'.
fn terminal(name: &str, dir: &Path, relay: &str) -> App {
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    app.set_network(Box::new(RealNetwork::new(settings(name, dir, relay)).unwrap()));
    app
}

fn plies_at(app: &App) -> usize {
    app.online_seats().map_or(0, |s| plies(s.online()))
}

#[test]
fn a_table_listed_in_the_lobby_is_found_by_a_quick_match_and_played_from_both_terminals() {
    let relay = RelayLaunch::new(&relay_bin(), 41).no_per_ip_limits().start();
    let dir = tempfile::tempdir().unwrap();
    let mut ana = terminal("Ana", dir.path(), &relay.addr);
    ana.host_listed(kawu_3_offer(), vec![Level::Debutant.number()]);
    assert_eq!(ana.page(), Page::OnlineSeats, "{:?}", ana.message());

    // The seeker comes once the table is listed, so that it sits there at its first look (one
    // finding no table opens its own, and moves to the plain table, which ranks first, at its
    // next look: `relay/tests/lobby_tables.rs` tests that).
    let runtime = tripot_app::real_network::runtime().unwrap();
    let net = settings("reader", dir.path(), &relay.addr).net();
    let relay_addr: Multiaddr = relay.addr.parse().unwrap();
    let started = Instant::now();
    let mut last = String::new();
    loop {
        assert!(started.elapsed() < PATIENCE, "the table was never listed: {last}");
        ana.handle_event(Event::Tick);
        let listed = runtime.block_on(list_all(Keypair::generate_ed25519(), &net, &relay_addr, None));
        match listed {
            Ok(tables) if !tables.is_empty() => break,
            Ok(_) => last = "an empty lobby".into(),
            Err(error) => last = error.to_string(),
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let mut bea = terminal("Bea", dir.path(), &relay.addr);
    let kawu_3 = catalogue().iter().find(|g| g.name == "kawu-3").unwrap();
    bea.start_quick_table(QuickTableGame { seats: 3, game: Some(kawu_3) });
    assert_eq!(bea.page(), Page::QuickTable, "{:?}", bea.message());

    let started = Instant::now();
    while plies_at(&ana) < 4 || plies_at(&bea) < 4 {
        assert!(
            started.elapsed() < PATIENCE,
            "stopped at {} and {} plies; {:?} {:?}; {:?} {:?} {:?}",
            plies_at(&ana),
            plies_at(&bea),
            ana.page(),
            ana.message(),
            bea.page(),
            bea.message(),
            bea.quick_table().map(|wait| &wait.progress)
        );
        ana.handle_event(Event::Tick);
        bea.handle_event(Event::Tick);
        common::play_first_move_by_keys(&mut ana);
        common::play_first_move_by_keys(&mut bea);
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(bea.page(), Page::OnlineSeats);
    assert!(bea.quick_table().is_none(), "the seek ended with the table");
    let here = ana.online_seats().unwrap().online().table().unwrap().state();
    let there = bea.online_seats().unwrap().online().table().unwrap().state();
    assert_eq!(there.spec().as_str(), "kawu-3");
    let common = here.moves().len().min(there.moves().len());
    assert!(common >= 4);
    assert_eq!(here.moves()[..common], there.moves()[..common]);
    // The seeker took the free seat after the host's computer.
    assert_eq!(bea.online_seats().unwrap().online().my_seat(), Some(tripot_game::Seat(2)));
}
