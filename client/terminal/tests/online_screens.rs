//! The online screens of a two-seat game, driven from synthetic network events through a
//! stand-in network (`online_fake`, no sockets): snapshots of each screen, and the handlers —
//! menu entries, the join field, moves by keys going out through the session, the opponent's
//! moves coming in, refusals, reconnection, the claim, resigning, leaving, rooms. The lists (LAN,
//! lobby, quick match, ratings) are `online_lists.rs`; the terminal over a real network is tested
//! by `client/cli/tests/online_tui.rs` (the binary in tmux), `online_seats_loopback.rs` and
//! `online_seats_relay.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod online_fake;

use online_fake::*;

#[test]
fn the_menu_has_the_online_entries_in_both_languages() {
    let (mut fr, _events, _fake) = app(Lang::Fr);
    let screen = render(&mut fr, 120, 40);
    for entry in ["Héberger une partie", "Rejoindre une partie", "Joueurs sur le réseau local"] {
        assert!(screen.contains(entry), "{entry}:\n{screen}");
    }
    let (mut en, _events, _fake) = app(Lang::En);
    let screen = render(&mut en, 80, 30);
    for entry in ["Host a game", "Join a game", "Players on the local network"] {
        assert!(screen.contains(entry), "{entry}:\n{screen}");
    }
}

#[test]
fn hosting_waits_with_the_addresses_to_share() {
    let (mut app, _events, fake) = hosting(Lang::Fr);
    assert_eq!(fake.starts(), ["host 1 Random"]);
    assert_eq!(app.page(), Page::OnlineTable);
    app.handle_event(Event::Tick);
    assert_eq!(status(&app).connection, Connection::Waiting);
    // The LAN's address first, loopback last.
    assert!(status(&app).addrs[0].to_string().starts_with("/ip4/192.168.1.20"));
    insta::assert_snapshot!("online_waiting_host", render(&mut app, 120, 40));
}

/// At 80 columns an address does not fit in a box: each is printed below it from the first
/// column, so a mouse copy of it takes no border, and nothing of it is lost.
#[test]
fn at_80_columns_the_addresses_are_printed_outside_the_box() {
    let (mut app, _events, _fake) = hosting(Lang::Fr);
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 80, 30);
    let lines: Vec<&str> = screen.lines().collect();
    for address in status(&app).addrs.clone() {
        let address = address.to_string();
        let start = lines
            .iter()
            .position(|l| l.starts_with(&address[..20]))
            .unwrap_or_else(|| panic!("{address} not at the start of a line:\n{screen}"));
        // The address, read back over the lines it takes, with no border in it.
        let mut read = String::new();
        for line in &lines[start..] {
            if read.len() >= address.len() {
                break;
            }
            assert!(!line.contains('│'), "a border beside the address:\n{screen}");
            read.push_str(line.trim_end());
        }
        assert_eq!(read, address, "\n{screen}");
    }
    // At 120 columns they fit in the box, one a line.
    let screen = render(&mut app, 120, 40);
    let peer = peer().to_string();
    assert_eq!(screen.lines().filter(|l| l.contains(&peer) && l.contains('│')).count(), 2, "{screen}");
}

#[test]
fn the_host_menu_settings_reach_the_offer() {
    let (mut app, _events, fake) = app(Lang::En);
    choose(&mut app, MenuItem::HostFormat);
    app.handle_event(key(KeyCode::Right));
    app.handle_event(key(KeyCode::Right));
    choose(&mut app, MenuItem::HostOpener);
    app.handle_event(key(KeyCode::Right));
    choose(&mut app, MenuItem::Host);
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.starts(), ["host 3 Host"]);
    // Leaving while nobody has joined needs no confirmation.
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::Menu);
    assert!(app.online_table().is_none());
}

#[test]
fn joining_by_address_and_refusing_what_is_not_one() {
    let (mut app, _events, fake) = app(Lang::Fr);
    choose(&mut app, MenuItem::Join);
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::Join);
    for c in "n'importe quoi".chars() {
        app.handle_event(ch(c));
    }
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::Join);
    assert!(app.message().unwrap().contains("Ni une adresse ni un code de salon"), "{:?}", app.message());
    assert!(fake.starts().is_empty());
    app.handle_event(Event::Key(crossterm::event::KeyEvent::new(
        KeyCode::Char('u'),
        crossterm::event::KeyModifiers::CONTROL,
    )));
    let target = addr("/ip4/192.168.1.20/tcp/41234").to_string();
    for c in target.chars() {
        app.handle_event(ch(c));
    }
    assert_eq!(app.join_input(), target);
    insta::assert_snapshot!("online_join_field", render(&mut app, 100, 30));
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.starts(), [format!("join {target}")]);
    assert_eq!(app.page(), Page::OnlineTable);
    assert_eq!(status(&app).connection, Connection::Joining);
    insta::assert_snapshot!("online_joining", render(&mut app, 100, 30));
}

#[test]
fn moves_go_out_through_the_session_and_the_opponents_come_in() {
    let (mut app, _events, fake) = two_moves_in(Lang::Fr);
    assert_eq!(app.page(), Page::OnlineTable, "the duel is played on the one game screen");
    assert_eq!(written(&app), ["k4-k5", "f14-f13"]);
    assert_eq!(status(&app).peer_name.as_deref(), Some("Alice"));
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("connecté"), "{screen}");
    assert!(screen.contains("aller-retour 3 ms"), "{screen}");
    assert!(screen.contains("contre Alice"), "{screen}");
    insta::assert_snapshot!("online_connected_game", screen);
    // The opponent's pawns cannot be picked; our move goes out at once, and is on the board
    // once the session hands it back.
    click_cell(&mut app, "f13");
    assert!(table(&app).picker().picked().is_empty());
    click_cell(&mut app, "j4");
    click_cell(&mut app, "j5");
    assert_eq!(fake.sent(), ["k4-k5", "j4-j5"]);
    assert_eq!(table(&app).state().moves().len(), 2);
    let before = table(&app).state().clone_box();
    fake.session(played_text(true, before.as_ref(), "j4-j5"));
    app.handle_event(Event::Tick);
    assert_eq!(table(&app).state().moves().len(), 3);
    // While the opponent thinks, the board takes nothing.
    click_cell(&mut app, "e14");
    assert!(table(&app).picker().picked().is_empty());
    assert_eq!(fake.sent().len(), 2);
}

/// The opponent's move handed back: the person's turn starts, as at a table here, with the
/// cursor on the piece of the most promising move (Enter, Enter plays it), wherever it was left.
#[test]
fn at_the_persons_turn_online_the_cursor_is_on_the_most_promising_piece() {
    let (mut app, _events, fake) = two_moves_in(Lang::Fr);
    click_cell(&mut app, "j4");
    click_cell(&mut app, "j5");
    let before = table(&app).state().clone_box();
    fake.session(played_text(true, before.as_ref(), "j4-j5"));
    app.handle_event(Event::Tick);
    // The opponent's answer, and what our turn after it will hold.
    let theirs = table(&app).state().clone_box();
    let answer = theirs.legal_moves()[0].clone();
    let mut after = theirs.clone_box();
    after.play(&answer).unwrap();
    let ours = Table::new(after, vec![SeatKind::Person, SeatKind::Person], 1).unwrap();
    let best = ours.most_promising_piece().unwrap();
    let elsewhere = *ours.pickable().iter().find(|&&c| c != best).unwrap();
    // The cursor left on another of our pieces while the opponent thinks.
    let name = common::cell_name(&app, elsewhere);
    common::keys_to_cell(&mut app, &name);
    assert_eq!(app.table_cursor(), Some(elsewhere));
    fake.session(played(false, theirs.as_ref(), &answer));
    app.handle_event(Event::Tick);
    assert!(table(&app).person_to_move());
    assert_eq!(app.table_cursor(), Some(best));
}

#[test]
fn resigning_asks_twice_and_the_game_over_screen_says_why() {
    let (mut app, _events, fake) = two_moves_in(Lang::Fr);
    app.handle_event(ch('a'));
    assert!(fake.sent().len() == 1, "one press does not resign");
    assert!(app.message().unwrap().contains("Abandonner la partie ?"));
    app.handle_event(ch('a'));
    assert_eq!(fake.sent(), ["k4-k5", "resign"]);
    fake.session(ending(Seat(0), Leaving::Resigned));
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("Alice gagne. Vous avez perdu."), "{screen}");
    assert!(screen.contains("Vous (A) a abandonné"), "{screen}");
    // Nothing left to pick or resign, and the menu's key is the one of a game here (issue 26,
    // item 7).
    assert!(!screen.contains("Choisissez un de vos pions"), "{screen}");
    assert!(!screen.contains("abandonner"), "{screen}");
    assert!(screen.contains("Menu (q)") && !screen.contains("Menu (m)"), "{screen}");
    insta::assert_snapshot!("online_game_over", screen);
    // The board takes nothing more; one key leaves.
    click_cell(&mut app, "j4");
    assert!(table(&app).picker().picked().is_empty());
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::Menu);
}

#[test]
fn leaving_a_live_game_asks_first() {
    let (mut app, _events, fake) = two_moves_in(Lang::Fr);
    fake.push(NetEvent::Saved { ply: 2, path: "/tmp/partie.tripot".into() });
    app.handle_event(Event::Tick);
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::OnlineTable);
    let asked = app.message().unwrap();
    assert!(asked.contains("La partie est sauvegardée"), "{asked}");
    // It says how to find the game again: the command and the file.
    assert!(asked.contains("--resume /tmp/partie.tripot"), "{asked}");
    assert!(asked.contains("tripot host") || asked.contains("tripot join"), "{asked}");
    // Another key forgets the question.
    app.handle_event(key(KeyCode::Left));
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::OnlineTable);
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::Menu);
}

#[test]
fn a_blocked_turn_is_passed_through_the_session_and_the_opponents_pass_is_said() {
    // Classic rules, format 2, camp A to move and walled in (the position of the local
    // "pass announced" snapshot), resumed online by the host.
    let blocked = Position::parse(
        "A:Ni5,j5,k5,l5,m5,h6,i6,j6,k6,l6:SEn5,n6,n7,n8,o5,o6,o7,p5,p6,q5:\
         Sm1,l2,m2,k3,l3,m3,j4,k4,l4,m4:NWm6,m7,m8,m9,l7,l8,l9,l10,a13,b13",
        Rules::Classic,
    )
    .unwrap();
    let blocked = tripot_engine::DuelState::new(blocked).unwrap();
    let (mut app, _events, fake) = hosting(Lang::Fr);
    fake.session(connected_at(Seat(0), "Alice", &blocked));
    app.handle_event(Event::Tick);
    assert_eq!(fake.sent(), ["pass"]);
    assert_eq!(app.message(), Some("Vous étiez bloqué — tour passé"));
    let pass = blocked.automatic_move().unwrap();
    fake.session(played(true, &blocked, &pass));
    app.handle_event(Event::Tick);
    assert_eq!(table(&app).state().to_move(), Some(Seat(1)));
    // The opponent's pass arrives as a move, and is said.
    let after_ours = table(&app).state().clone_box();
    if let Some(theirs) = after_ours.automatic_move() {
        fake.session(played(false, after_ours.as_ref(), &theirs));
        app.handle_event(Event::Tick);
        assert_eq!(app.message(), Some("Alice était bloqué — tour passé"));
        assert_eq!(table(&app).state().moves().len(), 2);
    }
}

#[test]
fn the_route_shows_direct_or_via_relay() {
    let (mut app, _events, fake) = two_moves_in(Lang::Fr);
    fake.push(NetEvent::Path(tripot_net::GamePath::Relayed));
    app.handle_event(Event::Tick);
    assert!(render(&mut app, 120, 40).contains("connecté · via le relais"));
    fake.push(NetEvent::Path(tripot_net::GamePath::Direct));
    app.handle_event(Event::Tick);
    assert!(render(&mut app, 120, 40).contains("connecté · direct"));
}

#[test]
fn a_rematch_is_offered_from_the_game_over_panel_and_starts_a_new_game() {
    let (mut app, _events, fake) = two_moves_in(Lang::Fr);
    fake.session(ending(Seat(1), Leaving::Resigned));
    app.handle_event(Event::Tick);
    assert!(render(&mut app, 120, 40).contains("Revanche (r)"));
    app.handle_event(ch('r'));
    assert_eq!(fake.sent(), ["k4-k5", "rematch"]);
    assert_eq!(status(&app).rematch, Some(RematchOffer::Asked));
    // Declined: another offer may follow.
    fake.session(SessionEvent::RematchDeclined { by: Refuser::Peer });
    app.handle_event(Event::Tick);
    assert_eq!(status(&app).rematch, None);
    assert!(app.message().unwrap().contains("Pas de revanche"));
    // The opponent offers: accepted with r.
    fake.session(SessionEvent::RematchOffered);
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("Accepter (r)") && screen.contains("Refuser (n)"), "{screen}");
    insta::assert_snapshot!("online_rematch_offered", screen);
    app.handle_event(ch('r'));
    assert_eq!(fake.sent(), ["k4-k5", "rematch", "rematch true"]);
    fake.session(SessionEvent::RematchStarted { game_id: GameId([3; 16]), number: 2, opener: Seat(1) });
    fake.session(connected(Seat(0), Seat(1)));
    app.handle_event(Event::Tick);
    assert_eq!((status(&app).ending.is_none(), status(&app).connection), (true, Connection::Connected));
    assert!(table(&app).state().moves().is_empty());
    assert_eq!(table(&app).state().to_move(), Some(Seat(1)));
    assert!(!render(&mut app, 120, 40).contains("Fin de la partie"));
}

#[test]
fn a_private_room_shows_its_code_and_a_friend_joins_by_code() {
    let (mut app, _events, fake) = app(Lang::Fr);
    choose(&mut app, MenuItem::HostRoom);
    app.handle_event(key(KeyCode::Right));
    assert!(app.menu().host_room);
    choose(&mut app, MenuItem::Host);
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.starts(), ["room 1"]);
    assert!(render(&mut app, 100, 30).contains("ouverture du salon au relais"));
    let code: tripot_net::room::RoomCode = "K7M-4QP".parse().unwrap();
    fake.push(NetEvent::Room(tripot_net::online::RoomEvent::Open(code)));
    fake.push(NetEvent::Relay(tripot_net::online::RelayState::Reserved));
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 100, 30);
    assert!(screen.contains("K7M-4QP") && screen.contains("tripot join K7M-4QP"), "{screen}");
    insta::assert_snapshot!("online_room_code", screen);
    // Someone tried a wrong code: said, the room stays open.
    fake.push(NetEvent::Room(tripot_net::online::RoomEvent::Refused {
        guest: peer(),
        why: tripot_net::online::GuestRefusal::WrongCode,
    }));
    app.handle_event(Event::Tick);
    assert!(render(&mut app, 100, 30).contains("Code refusé à un visiteur : mauvais code"));
    app.handle_event(ch('q'));

    // The friend types the code, in any case.
    choose(&mut app, MenuItem::Join);
    app.handle_event(key(KeyCode::Enter));
    for c in "k7m 4qp".chars() {
        app.handle_event(ch(c));
    }
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.starts().last().unwrap(), "join-room K7M-4QP");
    assert_eq!(status(&app).connection, Connection::Joining);
    // A relay busy with strangers' guesses: the join waits and says so, then goes on.
    fake.push(NetEvent::Room(tripot_net::online::RoomEvent::RelayBusy(Duration::from_secs(1))));
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 100, 30);
    assert!(screen.contains("Relais saturé, nouvel essai…"), "{screen}");
    assert_eq!(status(&app).connection, Connection::Joining);
    fake.push(NetEvent::Room(tripot_net::online::RoomEvent::Found(tripot_net::PeerId::random())));
    app.handle_event(Event::Tick);
    assert!(!render(&mut app, 100, 30).contains("Relais saturé"));
    fake.push(NetEvent::Room(tripot_net::online::RoomEvent::Failed(
        tripot_net::online::RoomError::NotFound("K7M-4QP".into()),
    )));
    app.handle_event(Event::Tick);
    // Said in the player's language.
    assert!(app.message().unwrap().contains("pas de salle K7M-4QP"), "{:?}", app.message());
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::Menu);
}

/// An address copied from a host's 80-column screen, where it took two lines, pastes whole
/// into the join field: the line break is dropped, not taken for Enter.
#[test]
fn an_address_pasted_over_two_lines_joins_whole() {
    let (mut app, _events, fake) = app(Lang::Fr);
    choose(&mut app, MenuItem::Join);
    app.handle_event(key(KeyCode::Enter));
    let address = addr("/ip4/192.168.1.20/tcp/41234").to_string();
    let (first, rest) = address.split_at(80);
    app.handle_event(Event::Paste(format!("{first}\n{rest}\n")));
    assert_eq!(app.page(), Page::Join, "nothing joined on the line break");
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.starts().last().unwrap(), &format!("join {address}"));
}

#[test]
fn a_kawu_game_online_is_played_at_the_one_table_through_the_session() {
    use tripot_game::Opener;
    let (mut app, _events, fake) = hosting(Lang::Fr);
    let spec: tripot_game::GameSpec = "kawu-2".parse().unwrap();
    let start = tripot_app::table_save::EveryGame.open(&spec, &tripot_game::Setup::default()).unwrap();
    let local = start.to_move().unwrap();
    fake.session(SessionEvent::Connected {
        game_id: GameId([4; 16]),
        game: spec,
        local_seat: local,
        opener: local,
        peer_name: "Alice".into(),
        ply: 0,
        state: tripot_net::GameSnapshot(start.clone_box()),
    });
    app.handle_event(Event::Tick);
    assert_eq!(app.page(), Page::OnlineTable);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("kawu") && screen.contains("Alice"), "{screen}");
    insta::assert_snapshot!("online_kawu_connected", screen);

    // A move picked with the mouse goes out in the game's notation; nothing is played before
    // the session hands it back.
    let m = start.legal_moves().into_iter().find(|m| m.cells().len() == 2).unwrap();
    for &cell in m.cells() {
        render(&mut app, 120, 40);
        let (column, row) = app.cell_place(cell).expect("cell drawn");
        let kind = crossterm::event::MouseEventKind::Down(crossterm::event::MouseButton::Left);
        let modifiers = crossterm::event::KeyModifiers::NONE;
        app.handle_event(Event::Mouse(crossterm::event::MouseEvent { kind, column, row, modifiers }));
    }
    assert_eq!(fake.sent(), [start.move_text(&m)]);
    let table = |app: &App| app.online_table().unwrap().online().table().unwrap().state().moves().len();
    assert_eq!(table(&app), 0);
    fake.session(played(true, start.as_ref(), &m));
    app.handle_event(Event::Tick);
    assert_eq!(table(&app), 1);

    // Alice's answer, verified by the session, is adopted.
    let mut after = start.clone_box();
    after.play(&m).unwrap();
    let answer = after.legal_moves().swap_remove(0);
    fake.session(played(false, after.as_ref(), &answer));
    app.handle_event(Event::Tick);
    assert_eq!(table(&app), 2);

    // Resigning asks once.
    app.handle_event(ch('a'));
    app.handle_event(ch('a'));
    assert_eq!(fake.sent().last().map(String::as_str), Some("resign"));
}

#[test]
fn the_host_menu_offers_every_two_seat_game_after_the_duels_formats() {
    let (mut app, _events, _fake) = app(Lang::Fr);
    choose(&mut app, MenuItem::HostFormat);
    for _ in 0..3 {
        app.handle_event(key(KeyCode::Right));
    }
    let tripot_terminal::app::HostGame::Other(info) = app.menu().host_game else {
        panic!("{:?}", app.menu().host_game)
    };
    assert_eq!(info.seats, 2);
    assert_eq!(app.menu().host_offer().unwrap().game, info.spec());
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains(info.title.fr), "{screen}");
    let offered: Vec<_> = tripot_terminal::app::HostGame::all();
    assert!(
        offered.iter().any(|g| matches!(g, tripot_terminal::app::HostGame::Other(i) if i.name == "kawu-2"))
    );
    assert!(
        offered
            .iter()
            .any(|g| matches!(g, tripot_terminal::app::HostGame::Other(i) if i.name == "captures-2"))
    );
    // Draughts too: the session seats the colours by the draw (White begins).
    assert!(
        offered.iter().any(|g| matches!(g, tripot_terminal::app::HostGame::Other(i) if i.name == "draughts"))
    );
}

/// The guest plays camp B: its board is turned as a table's is for its seat, its pawns at the
/// bottom (issue 26, item 7).
#[test]
fn the_guests_board_is_turned_its_pawns_at_the_bottom() {
    let (mut app, _events, fake) = app(Lang::Fr);
    join_typed(&mut app, "/ip4/127.0.0.1/tcp/41234");
    fake.session(connected(Seat(1), Seat(0)));
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    let board = table(&app).state().board();
    let row_of = |seat: Seat| {
        let rows: Vec<u16> = board
            .cells
            .iter()
            .filter(|c| c.piece.is_some_and(|p| p.owner == Some(seat)))
            .map(|c| app.cell_place(c.cell).expect("cell drawn").1)
            .collect();
        rows.iter().map(|&r| u32::from(r)).sum::<u32>() / rows.len() as u32
    };
    assert!(row_of(Seat(1)) > row_of(Seat(0)), "camp B's pawns are not at the bottom:\n{screen}");
    assert!(screen.contains("vue de Vous (B)"), "{screen}");
}
