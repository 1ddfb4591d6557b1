//! A real online table on the loopback, end to end: the terminal's controller hosts a kawu-3
//! table with a computer seat on the real network, a second [`OnlineSeats`] (the controller
//! every front-end shares) joins it by the link the waiting page shows, the person here plays
//! by keys and the guest by its controller until several plies are on both boards, and a chat
//! line typed here arrives on the other side.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
#[path = "../../app/tests/seats_common/mod.rs"]
mod seats_common;

use std::time::{Duration, Instant};

use common::{ch, key};
use crossterm::event::KeyCode;
use seats_common::{PATIENCE, kawu_3_offer, network, play_first_move, plies};
use tripot_ai::Level;
use tripot_app::i18n::Lang;
use tripot_app::network::Network as _;
use tripot_app::online_seats::{ChatFrom, OnlineSeats, Opening};
use tripot_app::table_invitation::TableInvitation;
use tripot_protocol::table::Wants;
use tripot_terminal::app::{App, Page};
use tripot_terminal::event::{Event, Events};

fn plies_here(app: &App) -> usize {
    app.online_seats().map_or(0, |s| plies(s.online()))
}

fn heard(guest: &OnlineSeats) -> bool {
    guest.view(Instant::now()).chat.iter().any(|line| {
        line.text == "à vous" && matches!(&line.from, ChatFrom::Seat { name, .. } if name == "Ana")
    })
}

#[test]
fn the_terminal_hosts_a_kawu_3_table_a_guest_joins_by_its_link_and_both_follow_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let events = Events::new();
    let mut app = App::new(Lang::Fr, None, events.sender());
    app.set_network(Box::new(network("Ana", dir.path())));
    app.host_seats(kawu_3_offer(), vec![Level::Debutant.number()], None);
    assert_eq!(app.page(), Page::OnlineSeats, "{:?}", app.message());

    let started = Instant::now();
    let invitation = loop {
        assert!(started.elapsed() < PATIENCE, "the host never shared its link");
        app.handle_event(Event::Tick);
        if let Some(text) = app.online_seats().and_then(|s| s.online().view(Instant::now()).invitation) {
            break text.parse::<TableInvitation>().unwrap();
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let mut guest_net = network("Bea", dir.path());
    let link = guest_net.join_seats(&invitation, Wants::Seat(None)).unwrap();
    let mut guest = OnlineSeats::new(link, Opening::Join(invitation));

    let mut said = false;
    while plies_here(&app) < 4 || plies(&guest) < 4 || !heard(&guest) {
        assert!(
            started.elapsed() < PATIENCE,
            "stopped at {} and {} plies; {:?}",
            plies_here(&app),
            plies(&guest),
            app.message()
        );
        app.handle_event(Event::Tick);
        common::play_first_move_by_keys(&mut app);
        play_first_move(&mut guest);
        if !said && app.online_seats().is_some_and(|s| s.online().table().is_some()) {
            app.handle_event(ch('t'));
            for c in "à vous".chars() {
                app.handle_event(ch(c));
            }
            app.handle_event(key(KeyCode::Enter));
            said = true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let here = app.online_seats().unwrap().online().table().unwrap().state();
    let there = guest.table().unwrap().state();
    let common = here.moves().len().min(there.moves().len());
    assert!(common >= 4);
    assert_eq!(here.moves()[..common], there.moves()[..common]);
    assert_eq!(guest.my_seat(), Some(tripot_game::Seat(2)));
    app.handle_event(ch('q'));
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::Menu);
    guest.close();
}
