//! The online lists in the terminal, through the stand-in network (`online_fake`, no sockets):
//! the LAN's hosts and tables, the relay's lobby (tables to join, tables under way to watch),
//! the quick match's wait and the relay's ratings page.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod online_fake;

use online_fake::*;

#[test]
fn the_lan_list_refreshes_and_joins_the_chosen_host() {
    let (mut app, _events, fake) = app(Lang::Fr);
    choose(&mut app, MenuItem::Lan);
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::Lan);
    assert!(render(&mut app, 100, 30).contains("Recherche sur le réseau local"));
    let host = |name: &str, port: u16, format: u8| LanHost {
        peer: peer(),
        addr: addr(&format!("/ip4/192.168.1.{port}/tcp/4001")),
        name: name.into(),
        game: tripot_engine::duel_spec(Format::from_number(format).unwrap(), Rules::Tripot).unwrap(),
        seats: 2,
        free: 1,
        waiting_secs: u32::from(port),
        offer: tripot_net::LanOffer::Session,
    };
    fake.0.borrow_mut().lan = Some(vec![host("Alice", 20, 1), host("Bruno", 31, 3)]);
    app.handle_event(Event::Tick);
    assert_eq!(app.open_games().unwrap().games().unwrap().len(), 2);
    app.handle_event(key(KeyCode::Down));
    insta::assert_snapshot!("online_lan_list", render(&mut app, 100, 30));
    // A refreshed list keeps the choice in range.
    fake.0.borrow_mut().lan = Some(vec![host("Bruno", 31, 3)]);
    app.handle_event(Event::Tick);
    assert_eq!(app.open_games().unwrap().selected(), 0);
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.starts(), [format!("join {}", addr("/ip4/192.168.1.31/tcp/4001"))]);
    assert_eq!(app.page(), Page::OnlineTable);
}

#[test]
fn a_table_on_the_lan_is_listed_with_its_free_seats_and_joined_at_one() {
    let (mut app, _events, fake) = app(Lang::Fr);
    choose(&mut app, MenuItem::Lan);
    app.handle_event(key(KeyCode::Enter));
    let table_id = tripot_protocol::table::TableId([5; 16]);
    let table = LanHost {
        peer: peer(),
        addr: addr("/ip4/192.168.1.40/tcp/4001"),
        name: "Chloé".into(),
        game: "kawu-3".parse().unwrap(),
        seats: 3,
        free: 1,
        waiting_secs: 8,
        offer: tripot_net::LanOffer::Table { table: table_id, spectators: true, started: false },
    };
    fake.0.borrow_mut().lan = Some(vec![table.clone()]);
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 100, 30);
    assert!(screen.contains("Chloé"), "{screen}");
    assert!(screen.contains("1 place libre sur 3"), "{screen}");
    app.handle_event(key(KeyCode::Enter));
    let link = tripot_net::table_online::TableLink {
        spec: tripot_game::TableSpec { game: table.game.clone(), seats: 3 },
        table: table_id,
        host: table.addr.clone(),
    };
    assert_eq!(fake.starts(), [format!("join-seats {link}")]);
}

#[test]
fn a_quick_match_waits_at_the_relay_then_plays() {
    let (mut app, _events, fake) = app(Lang::Fr);
    choose(&mut app, MenuItem::QuickFormat);
    app.handle_event(key(KeyCode::Right));
    app.handle_event(key(KeyCode::Right));
    choose(&mut app, MenuItem::Quick);
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.starts(), ["quick tripot-f2"]);
    assert_eq!(app.page(), Page::OnlineTable);
    fake.0.borrow_mut().news.push_back(Matchmaking::Waiting(3));
    app.handle_event(Event::Tick);
    assert_eq!(status(&app).connection, Connection::Seeking { players: 3 });
    let screen = render(&mut app, 100, 30);
    assert!(screen.contains("3 en salle d'attente"), "{screen}");
    insta::assert_snapshot!("online_quick_seeking", screen);
    fake.0.borrow_mut().news.push_back(Matchmaking::Matched {
        game: tripot_game::GameSpec::new("tripot-f2").unwrap(),
        you_host: false,
    });
    app.handle_event(Event::Tick);
    assert_eq!(status(&app).connection, Connection::Joining);
    fake.session(connected_at(Seat(1), "Bruno", duel("tripot-f2", Seat(0)).as_ref()));
    app.handle_event(Event::Tick);
    assert_eq!(table(&app).state().spec().to_string(), "tripot-f2");
    assert!(render(&mut app, 120, 40).contains("contre Bruno"));
}

#[test]
fn a_quick_match_that_cannot_reach_a_relay_says_why() {
    let (mut app, _events, fake) = app(Lang::En);
    choose(&mut app, MenuItem::Quick);
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.starts(), ["quick any"]);
    fake.0.borrow_mut().news.push_back(Matchmaking::Failed(NetworkError::NoRelay));
    app.handle_event(Event::Tick);
    let message = app.message().unwrap();
    assert!(message.starts_with("Cannot play online : no relay: set TRIPOT_RELAY"), "{message}");
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::Menu);
}

#[test]
fn the_lobby_lists_tables_by_page_joins_one_or_opens_ours() {
    let relay: Multiaddr = addr("/ip4/10.0.0.1/tcp/4001");
    let (mut app, _events, fake) = app(Lang::Fr);
    choose(&mut app, MenuItem::Lobby);
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::Lobby);
    assert!(render(&mut app, 100, 30).contains("Lecture du lobby au relais"));
    // Opening a table waits for the relay to be known.
    app.handle_event(ch('o'));
    assert!(fake.starts().is_empty());
    let tables = (1..=12u8)
        .map(|i| {
            let format = Format::from_number(1 + i % 3).unwrap();
            OpenGame::new(
                format!("joueur{i}"),
                tripot_engine::duel_spec(format, Rules::Tripot).unwrap(),
                2,
                1,
                100 - u64::from(i),
                format!("{relay}/p2p-circuit/p2p/{}", peer()).parse().unwrap(),
            )
        })
        .collect();
    fake.0.borrow_mut().tables = Some(OpenGames { relay: Some(relay.clone()), games: tables });
    app.handle_event(Event::Tick);
    app.handle_event(key(KeyCode::Down));
    let screen = render(&mut app, 100, 30);
    assert!(screen.contains("page 1/2 · 12 tables"), "{screen}");
    insta::assert_snapshot!("online_lobby", screen);
    app.handle_event(key(KeyCode::Right));
    assert_eq!(app.open_games().unwrap().page(), 1);
    assert!(render(&mut app, 100, 30).contains("joueur12"));
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.starts(), [format!("table joueur12 at {relay}")]);
    assert_eq!(app.page(), Page::OnlineTable);
    // Back to the lobby: our own table, with the menu's host settings.
    app.handle_event(ch('q'));
    choose(&mut app, MenuItem::HostFormat);
    app.handle_event(key(KeyCode::Right));
    choose(&mut app, MenuItem::Lobby);
    app.handle_event(key(KeyCode::Enter));
    fake.0.borrow_mut().tables = Some(OpenGames { relay: Some(relay.clone()), games: Vec::new() });
    app.handle_event(Event::Tick);
    assert!(render(&mut app, 100, 30).contains("Aucune table ouverte"));
    app.handle_event(ch('o'));
    assert_eq!(fake.starts().last().unwrap(), &format!("open 2 at {relay}"));
    let screen = render(&mut app, 100, 30);
    assert!(screen.contains("Votre table est ouverte au lobby"), "{screen}");
}

/// Issue 23: a table of three seats in the lobby is joined as a table (the first free seat,
/// through `join_seats` with the invitation its listing makes), not as a two-seat game.
#[test]
fn a_lobby_table_of_three_is_joined_at_its_first_free_seat() {
    let relay: Multiaddr = addr("/ip4/10.0.0.1/tcp/4001");
    let (mut app, _events, fake) = app(Lang::Fr);
    choose(&mut app, MenuItem::Lobby);
    app.handle_event(key(KeyCode::Enter));
    let spec = tripot_game::TableSpec { game: "kawu-3".parse().unwrap(), seats: 3 };
    let host = tripot_net::Keypair::ed25519_from_bytes([9; 32]).unwrap().public().to_peer_id();
    let listed = tripot_directory::LobbyTable::new(spec.clone(), 1_764_480_000, "Edmonde");
    let entry = tripot_net::online::matchmaking::lobby::TableEntry {
        host,
        table: listed.clone(),
        addr: format!("{relay}/p2p-circuit/p2p/{host}").parse().unwrap(),
        waiting_secs: 30,
    };
    let game = OpenGame::from(entry.clone());
    fake.0.borrow_mut().tables = Some(OpenGames { relay: Some(relay.clone()), games: vec![game] });
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 100, 30);
    assert!(screen.contains("Edmonde          kawu à trois · 2 places libres sur 3"), "{screen}");
    app.handle_event(key(KeyCode::Enter));
    let link = tripot_net::table_online::TableLink {
        spec,
        table: tripot_net::table_online::lobby_table_id(&host, &listed),
        host: entry.addr,
    };
    assert_eq!(fake.starts(), [format!("join-seats {link}")]);
}

/// Issue 23 item 6: a lobby table under way (no free seat: it lets spectators in) is listed
/// as such in both languages, and Enter watches it, with the invitation of the open table.
#[test]
fn a_lobby_table_under_way_is_listed_to_be_watched_and_enter_watches_it() {
    let relay: Multiaddr = addr("/ip4/10.0.0.1/tcp/4001");
    let spec = tripot_game::TableSpec { game: "kawu-3".parse().unwrap(), seats: 3 };
    let host = tripot_net::Keypair::ed25519_from_bytes([9; 32]).unwrap().public().to_peer_id();
    let listed = tripot_directory::LobbyTable::new(spec.clone(), 1_764_480_000, "Edmonde");
    let entry = |table: tripot_directory::LobbyTable| tripot_net::online::matchmaking::lobby::TableEntry {
        host,
        table,
        addr: format!("{relay}/p2p-circuit/p2p/{host}").parse().unwrap(),
        waiting_secs: 30,
    };
    for (lang, words) in
        [(Lang::Fr, "kawu à trois · en cours · à regarder"), (Lang::En, "under way · to watch")]
    {
        let (mut app, _events, fake) = app(lang);
        choose(&mut app, MenuItem::Lobby);
        app.handle_event(key(KeyCode::Enter));
        let open =
            OpenGame::from(entry(tripot_directory::LobbyTable::new(spec.clone(), 1_764_480_001, "Bea")));
        let under_way = OpenGame::from(entry(listed.clone().watched()));
        fake.0.borrow_mut().tables =
            Some(OpenGames { relay: Some(relay.clone()), games: vec![under_way, open] });
        app.handle_event(Event::Tick);
        let screen = render(&mut app, 100, 30);
        assert!(screen.contains(words), "{screen}");
        assert!(!screen.contains("0 place"), "{screen}");
        app.handle_event(key(KeyCode::Enter));
        let link = tripot_net::table_online::TableLink {
            spec: spec.clone(),
            table: tripot_net::table_online::lobby_table_id(&host, &listed),
            host: entry(listed.clone()).addr,
        };
        assert_eq!(fake.starts(), [format!("join-seats {link} watch")]);
    }
}

/// Issue 23 item 6: a table on the LAN whose game is under way and that lets spectators in is
/// listed beside the open ones, and Enter watches it; an open one is still sat at.
#[test]
fn a_started_table_on_the_lan_is_listed_to_be_watched_and_enter_watches_it() {
    let (mut app, _events, fake) = app(Lang::Fr);
    choose(&mut app, MenuItem::Lan);
    app.handle_event(key(KeyCode::Enter));
    let table = |name: &str, id: u8, free: u8| LanHost {
        peer: peer(),
        addr: addr(&format!("/ip4/192.168.1.{id}/tcp/4001")),
        name: name.into(),
        game: "kawu-3".parse().unwrap(),
        seats: 3,
        free,
        waiting_secs: 8,
        offer: tripot_net::LanOffer::Table {
            table: tripot_protocol::table::TableId([id; 16]),
            spectators: true,
            started: free == 0,
        },
    };
    let (started, open) = (table("Chloé", 40, 0), table("Denis", 41, 1));
    fake.0.borrow_mut().lan = Some(vec![started.clone(), open.clone()]);
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 100, 30);
    assert!(screen.contains("Chloé      kawu à trois · en cours · à regarder"), "{screen}");
    assert!(screen.contains("Denis      kawu à trois · 1 place libre sur 3"), "{screen}");
    let link = |host: &LanHost, id: u8| tripot_net::table_online::TableLink {
        spec: tripot_game::TableSpec { game: host.game.clone(), seats: 3 },
        table: tripot_protocol::table::TableId([id; 16]),
        host: host.addr.clone(),
    };
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.starts(), [format!("join-seats {} watch", link(&started, 40))]);
}

#[test]
fn the_ratings_page_shows_the_relays_table_game_by_game() {
    let (mut app, _events, fake) = app(Lang::Fr);
    choose(&mut app, MenuItem::Ratings);
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::Ratings);
    let first = tripot_game::catalogue::catalogue().iter().find(|g| g.seats == 2).unwrap();
    assert_eq!(fake.0.borrow().standings_asked, vec![format!("{} all", first.name)]);
    let screen = render(&mut app, 100, 30);
    assert!(screen.contains("Aline") && screen.contains("provisoire"), "{screen}");
    insta::assert_snapshot!("ratings_table", screen);

    // The next game, then this month: each read at the relay.
    app.handle_event(key(KeyCode::Right));
    app.handle_event(key(KeyCode::Tab));
    let asked = fake.0.borrow().standings_asked.clone();
    assert_eq!(asked.len(), 3, "{asked:?}");
    assert_ne!(asked[1], asked[0]);
    assert!(!asked[2].ends_with(" all"), "{asked:?}");
    // Back round to the first game, all time again.
    app.handle_event(key(KeyCode::Left));
    app.handle_event(key(KeyCode::Tab));
    assert_eq!(fake.0.borrow().standings_asked.last(), Some(&asked[0]));

    app.handle_event(key(KeyCode::Esc));
    assert_eq!(app.page(), Page::Menu);
}

#[test]
fn the_ratings_page_says_why_the_relay_could_not_be_read() {
    let (mut app, _events, fake) = app(Lang::En);
    fake.0.borrow_mut().ratings_down = true;
    app.open_ratings();
    let screen = render(&mut app, 100, 30);
    assert!(screen.contains("cannot reach the relay: connection refused"), "{screen}");
    assert!(app.ratings().unwrap().table().is_none());
    // The relay comes back: r reads again.
    fake.0.borrow_mut().ratings_down = false;
    app.handle_event(key(KeyCode::Char('r')));
    assert!(app.ratings().unwrap().table().is_some());
    assert!(render(&mut app, 100, 30).contains("Bruno"));
}
