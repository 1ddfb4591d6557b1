//! Online tables of 2–6 seats in the terminal, the ways to one, driven from synthetic table
//! events through a stand-in network (`seats_fake`, no sockets): the set-up form hosting a
//! table or listing it in the lobby, a table chosen in the lobby's list, the join page's table
//! links, a table left unfinished offered again, a quick match for a table — the waiting page
//! with the link to share (or what the lobby's tables say instead), snapshots and the starts.
//! `online_seats_play.rs` plays at the table; `online_seats_loopback.rs` plays a real one.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod seats_fake;

use common::{key, render};
use crossterm::event::KeyCode;
use seats_fake::*;
use tripot_app::i18n::Lang;
use tripot_app::network::{NetworkError, TableSeekNews};
use tripot_app::open_game::{OpenGame, OpenGames};
use tripot_game::TableSpec;
use tripot_net::Multiaddr;
use tripot_net::table::TableEvent;
use tripot_net::table_online::{QuickTableProgress, TableNetEvent};
use tripot_protocol::table::{ClockRule, SeatHolder};
use tripot_terminal::app::{App, MenuItem, Page};
use tripot_terminal::event::{Event, Events};

#[test]
fn the_set_up_form_hosts_an_online_table_and_its_page_shares_the_link() {
    let (mut app, _events, fake) = hosted(Lang::Fr);
    assert_eq!(fake.starts(), ["host kawu-3 3 [3] none room:false"]);
    assert_eq!(app.page(), Page::OnlineSeats);
    let addr: Multiaddr = format!("/ip4/192.168.1.20/tcp/4001/p2p/{PEER}").parse().unwrap();
    fake.push(TableNetEvent::Listening(addr));
    let others = vec![SeatHolder::Computer { level: 3 }, SeatHolder::Empty];
    fake.table(TableEvent::Table(announced("kawu-3", 3, others, ClockRule::None, false)));
    app.handle_event(Event::Tick);
    let screen = without_id(&render(&mut app, 120, 40));
    assert!(screen.contains("tripot://table/kawu-3/3/<table id>/ip4/192.168.1.20/tcp/4001/p2p/"), "{screen}");
    assert!(screen.contains("vous (Ana)") && screen.contains("libre"), "{screen}");
    insta::assert_snapshot!("seats_waiting", screen);
    let narrow = without_id(&render(&mut app, 80, 30));
    // The link wraps at 80 columns, whole.
    let joined: String = narrow.lines().map(str::trim_end).collect();
    assert!(joined.contains(&format!("/p2p/{PEER}")), "{narrow}");
    insta::assert_snapshot!("seats_waiting_80x30", narrow);
}

#[test]
fn the_set_up_form_lists_a_table_in_the_lobby_and_its_page_says_it_is_found_there() {
    let (mut app, _events, fake) = set_up(Lang::Fr);
    // Past the clock and the spectators, to the meeting place: the link, a room, the lobby.
    for _ in 0..3 {
        app.handle_event(key(KeyCode::Down));
    }
    let form = render(&mut app, 120, 40);
    assert!(form.contains("Rendez-vous") && form.contains("le lien de la table"), "{form}");
    app.handle_event(key(KeyCode::Left));
    assert!(render(&mut app, 120, 40).contains("le lobby du relais"));
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.starts(), ["listed kawu-3 3 [3] none"]);
    assert_eq!(app.page(), Page::OnlineSeats);
    // An address of ours makes no link: the listing names the table, not the form's id.
    let addr: Multiaddr = format!("/ip4/192.168.1.20/tcp/4001/p2p/{PEER}").parse().unwrap();
    fake.push(TableNetEvent::Listening(addr));
    let others = vec![SeatHolder::Computer { level: 3 }, SeatHolder::Empty];
    fake.table(TableEvent::Table(announced("kawu-3", 3, others, ClockRule::None, false)));
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("Inscrite au lobby du relais") && !screen.contains("tripot://"), "{screen}");
    insta::assert_snapshot!("seats_waiting_listed", screen);
}

/// A table of three chosen in the lobby's list is joined at its first free seat; its page says
/// it is found in the lobby, and makes no link of the listing's address.
#[test]
fn a_table_chosen_in_the_lobby_says_on_its_page_it_is_found_there() {
    let (mut app, _events, fake) = app(Lang::En);
    let i = MenuItem::ALL.iter().position(|&x| x == MenuItem::Lobby).unwrap();
    while app.menu().selected != i {
        app.handle_event(key(KeyCode::Down));
    }
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::Lobby);
    let relay: Multiaddr = "/ip4/10.0.0.1/tcp/4001".parse().unwrap();
    let spec = TableSpec { game: "kawu-3".parse().unwrap(), seats: 3 };
    let host = tripot_net::Keypair::ed25519_from_bytes([9; 32]).unwrap().public().to_peer_id();
    let entry = tripot_net::online::matchmaking::lobby::TableEntry {
        host,
        table: tripot_directory::LobbyTable::new(spec, 1_764_480_000, "Edmonde"),
        addr: format!("{relay}/p2p-circuit/p2p/{host}").parse().unwrap(),
        waiting_secs: 30,
    };
    *fake.lobby.borrow_mut() = Some(OpenGames { relay: Some(relay), games: vec![OpenGame::from(entry)] });
    app.handle_event(Event::Tick);
    app.handle_event(key(KeyCode::Enter));
    let starts = fake.starts();
    assert!(starts.len() == 1 && starts[0].starts_with("join tripot://table/kawu-3/3/"), "{starts:?}");
    assert_eq!(app.page(), Page::OnlineSeats);
    let others = vec![human(bea(), "Béa"), SeatHolder::Empty];
    fake.table(TableEvent::Table(announced("kawu-3", 3, others, ClockRule::None, false)));
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("Listed in the relay's lobby :") && !screen.contains("tripot://"), "{screen}");
}

#[test]
fn a_duel_set_up_online_is_not_offered_the_lobby() {
    let (mut app, _events, fake) = app(Lang::En);
    let i = MenuItem::ALL.iter().position(|&x| x == MenuItem::Table).unwrap();
    while app.menu().selected != i {
        app.handle_event(key(KeyCode::Down));
    }
    app.handle_event(key(KeyCode::Enter));
    // kawu-3 to kawu-2, then online.
    app.handle_event(key(KeyCode::Down));
    app.handle_event(key(KeyCode::Left));
    app.handle_event(key(KeyCode::Down));
    app.handle_event(key(KeyCode::Right));
    // Where, seats 1 and 2, the clock, spectators, then the meeting place.
    for _ in 0..5 {
        app.handle_event(key(KeyCode::Down));
    }
    app.handle_event(key(KeyCode::Right));
    assert!(render(&mut app, 120, 40).contains("a private room (code)"));
    app.handle_event(key(KeyCode::Right));
    assert!(render(&mut app, 120, 40).contains("the table's link"), "the lobby is skipped");
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.starts(), ["host kawu-2 2 [3] none room:false"]);
}

#[test]
fn the_join_page_takes_a_table_link_for_the_first_free_seat_a_chosen_one_or_to_watch() {
    let (mut app, _events, fake) = app(Lang::En);
    app.open_join();
    let link = "tripot://room/kawu-3/3/K7M-4QP";
    app.handle_event(Event::Paste(link.into()));
    let screen = render(&mut app, 100, 30);
    assert!(screen.contains("take the first free seat (Tab: another seat, or watch)"), "{screen}");
    app.handle_event(key(KeyCode::Tab));
    assert!(render(&mut app, 100, 30).contains("take seat 1 (Tab"));
    app.handle_event(key(KeyCode::Tab));
    app.handle_event(key(KeyCode::Tab));
    assert!(render(&mut app, 100, 30).contains("take seat 3 (Tab"));
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.starts(), [format!("join {link} Seat(Some(Seat(2)))")]);
    assert_eq!(app.page(), Page::OnlineSeats);
    // Shift+Tab from the first free seat goes round to watching.
    app.open_join();
    app.handle_event(Event::Paste(link.into()));
    app.handle_event(key(KeyCode::BackTab));
    assert!(render(&mut app, 100, 30).contains("→ watch (Tab"));
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.starts().last().unwrap(), &format!("join {link} Watch"));
    app.open_join();
    app.handle_event(Event::Paste("tripot://table/kawu-3".into()));
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::Join);
    assert!(app.message().unwrap().contains("seats"), "{:?}", app.message());
}

#[test]
fn a_seat_chosen_at_a_longer_table_is_refused_at_a_shorter_one_before_the_network() {
    let (mut app, _events, fake) = app(Lang::Fr);
    app.open_join();
    app.handle_event(Event::Paste("tripot://room/halma-6/6/K7M-4QP".into()));
    for _ in 0..6 {
        app.handle_event(key(KeyCode::Tab));
    }
    assert!(render(&mut app, 100, 30).contains("prendre la place 6"));
    // The link changed for a table of three: seat 6 is not there.
    app.handle_event(Event::Key(crossterm::event::KeyEvent::new(
        KeyCode::Char('u'),
        crossterm::event::KeyModifiers::CONTROL,
    )));
    app.handle_event(Event::Paste("tripot://room/kawu-3/3/K7M-4QP".into()));
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::Join);
    assert!(fake.starts().is_empty(), "{:?}", fake.starts());
    let message = app.message().unwrap();
    assert!(message.contains("la place 6 n'est pas à cette table : elle en a 3"), "{message}");
}

#[test]
fn a_table_left_unfinished_is_offered_at_start_and_rejoined_by_its_saved_link() {
    let data = tempfile::tempdir().unwrap();
    let online = data.path().join("online");
    std::fs::create_dir_all(&online).unwrap();
    // What the table's driver autosaves: the game so far and the link that rejoins it.
    let mut state = open("kawu-3");
    for _ in 0..2 {
        let m = state.legal_moves()[0].clone();
        state.play(&m).unwrap();
    }
    let mut record = tripot_game::GameRecord::of_game(state.as_ref());
    let link =
        format!("tripot://table/kawu-3/3/07070707070707070707070707070707/ip4/127.0.0.1/tcp/4001/p2p/{PEER}");
    record.set_tag(tripot_net::table_online::TABLE_LINK_TAG, &link).unwrap();
    std::fs::write(online.join("online-1-table.tripot"), record.to_string()).unwrap();

    let store = tripot_app::save_store::SaveStore::new(data.path()).with_online_dir(online);
    let events = Events::new();
    let mut app = App::new(Lang::Fr, Some(store), events.sender());
    let fake = Fake::new();
    app.set_network(Box::new(fake.clone()));
    assert_eq!(app.page(), Page::Resume);
    let screen = render(&mut app, 100, 30);
    assert!(screen.contains("Table en ligne · kawu à trois · 2 coups"), "{screen}");
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.starts(), [format!("join {link} Seat(None)")]);
    assert_eq!(app.page(), Page::OnlineSeats);
}

/// The main menu's line of a quick match for a table chosen.
fn to_quick_table(app: &mut App) {
    let i = MenuItem::ALL.iter().position(|&x| x == MenuItem::QuickTable).unwrap();
    while app.menu().selected != i {
        app.handle_event(key(KeyCode::Down));
    }
}

#[test]
fn a_quick_match_for_a_table_waits_on_its_page_then_opens_the_table_it_settled_at() {
    let (mut app, _events, fake) = app(Lang::Fr);
    to_quick_table(&mut app);
    app.handle_event(key(KeyCode::Down));
    let menu = render(&mut app, 120, 40);
    assert!(menu.contains("Partie rapide : une table") && menu.contains("n'importe quel jeu à 3"), "{menu}");
    // From any game of three to the catalogue's first game of three.
    app.handle_event(key(KeyCode::Right));
    let game = app.menu().quick_table.game.unwrap();
    assert_eq!(game.seats, 3);
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.starts(), [format!("quick-table {} 3 none", game.name)]);
    assert_eq!(app.page(), Page::QuickTable);
    assert!(render(&mut app, 120, 40).contains("Lecture du lobby du relais"));
    fake.seek.borrow_mut().push_back(TableSeekNews::Progress(QuickTableProgress::Hosting));
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("Votre table est ouverte au lobby"), "{screen}");
    insta::assert_snapshot!("quick_table_hosting", screen);
    // The table settled: the seek ends and the table's own page shows its seats.
    fake.seek.borrow_mut().push_back(TableSeekNews::Settled(Box::new(fake.running.clone())));
    let others = vec![human(bea(), "Béa"), SeatHolder::Empty];
    fake.table(TableEvent::Table(announced(game.name, 3, others, ClockRule::None, false)));
    app.handle_event(Event::Tick);
    app.handle_event(Event::Tick);
    assert_eq!(app.page(), Page::OnlineSeats);
    assert!(app.quick_table().is_none());
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("Béa") && screen.contains("Partie rapide :"), "{screen}");
    assert!(
        screen.contains("menés ici, par le lobby du relais") && !screen.contains("tripot://"),
        "{screen}"
    );
    insta::assert_snapshot!("seats_waiting_quick_match", screen);
}

#[test]
fn a_quick_match_for_any_table_of_its_seats_is_given_up_by_esc_and_its_failure_said_on_the_menu() {
    let (mut app, _events, fake) = app(Lang::En);
    to_quick_table(&mut app);
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.starts(), ["quick-table any 3 none"]);
    assert_eq!(app.page(), Page::QuickTable);
    assert!(render(&mut app, 120, 40).contains("any game for 3"));
    app.handle_event(key(KeyCode::Esc));
    assert_eq!(app.page(), Page::Menu);
    assert!(app.quick_table().is_none(), "the seek is dropped, and with it the search");
    app.handle_event(key(KeyCode::Enter));
    fake.seek.borrow_mut().push_back(TableSeekNews::Failed(NetworkError::NoRelay));
    app.handle_event(Event::Tick);
    assert_eq!(app.page(), Page::Menu);
    assert!(app.message().unwrap().contains("relay"), "{:?}", app.message());
}
