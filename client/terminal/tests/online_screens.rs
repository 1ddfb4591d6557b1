//! The online screens, driven from synthetic network events through a stand-in network (no
//! sockets): snapshots of each screen, and the handlers — menu entries, the join field, the LAN
//! list, moves by keys going out through the session, the opponent's moves coming in, refusals,
//! reconnection, the claim, resigning, leaving. The real network is tested by `online_tui.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::Duration;

use common::{ch, click_cell, key, render, written};
use crossterm::event::KeyCode;
use tripot_app::i18n::Lang;
use tripot_app::network::{Link, Matchmaking, Network, NetworkError, OpenGameScan};
use tripot_app::network::{Standings, StandingsQuery};
use tripot_app::online_status::OnlineStatus;
use tripot_app::online_table::OnlineTable;
use tripot_app::open_game::{OpenGame, OpenGames};
use tripot_app::seat_kind::SeatKind;
use tripot_app::table::Table;
use tripot_app::table_save::EveryGame;
use tripot_engine::{Format, Position, Rules};
use tripot_game::{GameState, Leaving, Opener as _, Seat};
use tripot_net::Offer;
use tripot_net::online::matchmaking::quick::QuickSeek;
use tripot_net::ratings::RatingsClientError;
use tripot_net::{LanHost, LocalError, Multiaddr, NetEvent, Refuser, SessionEvent, Start};
use tripot_protocol::{GameId, RejectReason};
use tripot_ratings_wire::StandingEntry;
use tripot_terminal::app::{App, Connection, MenuItem, Page, RematchOffer};
use tripot_terminal::event::{Event, Events};

/// What the stand-in network saw and what it will hand back.
#[derive(Default)]
struct Wire {
    /// Sessions started, as text: `host 1 random`, `join /ip4/…`.
    starts: Vec<String>,
    /// Commands sent: moves as notation, `resign`, `claim`.
    sent: Vec<String>,
    /// Events waiting to be polled.
    events: VecDeque<NetEvent>,
    /// What the next LAN scan round finds.
    lan: Option<Vec<LanHost>>,
    /// Quick match news waiting to be polled.
    news: VecDeque<Matchmaking>,
    /// What the next lobby reading finds.
    tables: Option<OpenGames>,
    /// The ratings tables asked for, as `game period`.
    standings_asked: Vec<String>,
    /// Whether the relay answers ratings readings (with two players), or fails to be reached.
    ratings_down: bool,
}

#[derive(Clone, Default)]
struct Fake(Rc<RefCell<Wire>>);

impl Fake {
    fn push(&self, event: NetEvent) {
        self.0.borrow_mut().events.push_back(event);
    }

    fn session(&self, event: SessionEvent) {
        self.push(NetEvent::Session(event));
    }

    fn sent(&self) -> Vec<String> {
        self.0.borrow().sent.clone()
    }

    fn starts(&self) -> Vec<String> {
        self.0.borrow().starts.clone()
    }
}

impl Link for Fake {
    fn try_event(&mut self) -> Option<NetEvent> {
        self.0.borrow_mut().events.pop_front()
    }

    fn play(&mut self, text: String) {
        self.0.borrow_mut().sent.push(text);
    }

    fn resign(&mut self) {
        self.0.borrow_mut().sent.push("resign".into());
    }

    fn claim(&mut self) {
        self.0.borrow_mut().sent.push("claim".into());
    }

    fn leave(&mut self) {
        self.0.borrow_mut().sent.push("leave".into());
    }

    fn offer_rematch(&mut self) {
        self.0.borrow_mut().sent.push("rematch".into());
    }

    fn answer_rematch(&mut self, accept: bool) {
        self.0.borrow_mut().sent.push(format!("rematch {accept}"));
    }

    fn try_matchmaking(&mut self) -> Option<Matchmaking> {
        self.0.borrow_mut().news.pop_front()
    }
}

impl OpenGameScan for Fake {
    fn try_list(&mut self) -> Option<Result<OpenGames, NetworkError>> {
        let mut wire = self.0.borrow_mut();
        // LAN hosts as the real scan finds them, turned into open games the same way.
        let lan = wire
            .lan
            .take()
            .map(|hosts| OpenGames { relay: None, games: hosts.into_iter().map(OpenGame::from).collect() });
        lan.or_else(|| wire.tables.take()).map(Ok)
    }
}

impl Network for Fake {
    fn start(&mut self, start: Start) -> Result<Box<dyn Link>, NetworkError> {
        let text = match &start {
            Start::Host(offer) => format!("host {} {:?}", format_number(offer), offer.opens),
            Start::Join(addr) => format!("join {addr}"),
            Start::HostRoom { offer, .. } => format!("room {}", format_number(offer)),
            Start::JoinRoom(code) => format!("join-room {code}"),
            Start::Resume(_) => "resume".into(),
        };
        self.0.borrow_mut().starts.push(text);
        Ok(Box::new(self.clone()))
    }

    fn scan_lan(&mut self) -> Result<Box<dyn OpenGameScan>, NetworkError> {
        Ok(Box::new(self.clone()))
    }

    fn lobby(&mut self) -> Result<Box<dyn OpenGameScan>, NetworkError> {
        Ok(Box::new(self.clone()))
    }

    fn join_table(&mut self, relay: &Multiaddr, table: &OpenGame) -> Result<Box<dyn Link>, NetworkError> {
        self.0.borrow_mut().starts.push(format!("table {} at {relay}", table.name));
        Ok(Box::new(self.clone()))
    }

    fn open_table(&mut self, relay: &Multiaddr, offer: Offer) -> Result<Box<dyn Link>, NetworkError> {
        self.0.borrow_mut().starts.push(format!("open {} at {relay}", format_number(&offer)));
        Ok(Box::new(self.clone()))
    }

    fn host_seats(
        &mut self,
        offer: tripot_net::table::TableOffer,
        _: Vec<u8>,
        _: Option<tripot_net::room::RoomCode>,
    ) -> Result<Box<dyn tripot_app::network::RunningTable>, NetworkError> {
        // The menu offers no table of seats yet: a call is written down and refused.
        self.0.borrow_mut().starts.push(format!("host-seats {}", offer.game));
        Err(NetworkError::NoRelay)
    }

    fn host_listed(
        &mut self,
        offer: tripot_net::table::TableOffer,
        _: Vec<u8>,
    ) -> Result<Box<dyn tripot_app::network::RunningTable>, NetworkError> {
        self.0.borrow_mut().starts.push(format!("host-listed {}", offer.game));
        Err(NetworkError::NoRelay)
    }

    fn join_seats(
        &mut self,
        invitation: &tripot_app::table_invitation::TableInvitation,
        wants: tripot_protocol::table::Wants,
    ) -> Result<Box<dyn tripot_app::network::RunningTable>, NetworkError> {
        let watch = if wants == tripot_protocol::table::Wants::Watch { " watch" } else { "" };
        self.0.borrow_mut().starts.push(format!("join-seats {invitation}{watch}"));
        Err(NetworkError::NoRelay)
    }

    fn standings(
        &mut self,
        query: StandingsQuery,
    ) -> Result<std::sync::mpsc::Receiver<Result<Standings, NetworkError>>, NetworkError> {
        let mut wire = self.0.borrow_mut();
        wire.standings_asked.push(format!("{} {}", query.game, query.period));
        let (sender, answer) = std::sync::mpsc::channel();
        let table = if wire.ratings_down {
            Err(NetworkError::Ratings(RatingsClientError::Unreachable("connection refused".into())))
        } else {
            let entry = |seed: u8, name: &str, rating: f64, provisional: bool| StandingEntry {
                peer_id: tripot_net::Keypair::ed25519_from_bytes([seed; 32]).unwrap().public().to_peer_id(),
                name: name.into(),
                rating,
                games: 12,
                opponents: if provisional { 2 } else { 6 },
                provisional,
            };
            Ok(Standings {
                game: query.game,
                period: query.period,
                entries: vec![entry(1, "Aline", 1612.4, false), entry(2, "Bruno", 1488.6, true)],
                players: 2,
            })
        };
        sender.send(table).unwrap();
        Ok(answer)
    }

    fn quick_table(
        &mut self,
        wanted: QuickSeek,
        _: tripot_protocol::table::ClockRule,
    ) -> Result<Box<dyn tripot_app::network::TableSeek>, NetworkError> {
        // This file's screens seek no table: a call is written down and refused.
        self.0.borrow_mut().starts.push(format!("quick-table {}", wanted.table.game));
        Err(NetworkError::NoRelay)
    }

    fn quick(&mut self, wanted: QuickSeek) -> Result<Box<dyn Link>, NetworkError> {
        let text =
            if wanted.any_game { "quick any".to_owned() } else { format!("quick {}", wanted.table.game) };
        self.0.borrow_mut().starts.push(text);
        Ok(Box::new(self.clone()))
    }
}

/// The format of a duel's offer (0 for another game).
fn format_number(offer: &Offer) -> u8 {
    match tripot_engine::StarBoardGame::of(&offer.game) {
        Some(tripot_engine::StarBoardGame::Duel(format, _)) => format.number(),
        _ => 0,
    }
}

fn peer() -> tripot_net::PeerId {
    tripot_net::Keypair::ed25519_from_bytes([7; 32]).unwrap().public().to_peer_id()
}

fn addr(text: &str) -> Multiaddr {
    format!("{text}/p2p/{}", peer()).parse().unwrap()
}

fn app(lang: Lang) -> (App, Events, Fake) {
    let events = Events::new();
    let mut app = App::new(lang, None, events.sender());
    let fake = Fake::default();
    app.set_network(Box::new(fake.clone()));
    (app, events, fake)
}

fn choose(app: &mut App, item: MenuItem) {
    let i = MenuItem::ALL.iter().position(|&x| x == item).unwrap();
    while app.menu().selected != i {
        app.handle_event(key(KeyCode::Down));
    }
}

/// Hosts from the menu (format 1, random opener) and shows two addresses.
fn hosting(lang: Lang) -> (App, Events, Fake) {
    let (mut app, events, fake) = app(lang);
    choose(&mut app, MenuItem::Host);
    app.handle_event(key(KeyCode::Enter));
    fake.push(NetEvent::Listening(addr("/ip4/127.0.0.1/tcp/41234")));
    fake.push(NetEvent::Listening(addr("/ip4/192.168.1.20/tcp/41234")));
    (app, events, fake)
}

/// The online game on the screen.
fn online(app: &App) -> &OnlineTable {
    app.online_table().expect("an online game is open").online()
}

/// Its connection, opponent, ending…
fn status(app: &App) -> &OnlineStatus {
    online(app).status()
}

/// Its board, once the game is on.
fn table(app: &App) -> &Table {
    online(app).table().expect("the game is on")
}

/// The duel of `spec` from its start, `opener` to move.
fn duel(spec: &str, opener: Seat) -> Box<dyn GameState> {
    let setup = tripot_game::Setup { opener: Some(opener), position: None };
    EveryGame.open(&spec.parse().unwrap(), &setup).unwrap()
}

/// The session's `Connected` of a game at `state`, this side at `local`.
fn connected_at(local: Seat, peer_name: &str, state: &dyn GameState) -> SessionEvent {
    SessionEvent::Connected {
        game_id: GameId([1; 16]),
        game: state.spec().clone(),
        local_seat: local,
        opener: state.to_move().unwrap_or(Seat(0)),
        peer_name: peer_name.into(),
        ply: u32::try_from(state.ply()).unwrap(),
        state: tripot_net::GameSnapshot(state.clone_box()),
    }
}

/// The format-1 duel with Alice, this side at `local`, `opener` to move.
fn connected(local: Seat, opener: Seat) -> SessionEvent {
    connected_at(local, "Alice", duel("tripot", opener).as_ref())
}

/// The session's game-over: `loser` left the game as `how` says.
fn ending(loser: Seat, how: Leaving) -> SessionEvent {
    let mut state = duel("tripot", Seat(0));
    state.leave(loser, how).unwrap();
    let seat_names = vec![state.seat_name(Seat(0)), state.seat_name(Seat(1))];
    SessionEvent::GameOver(tripot_net::Ending {
        outcome: state.outcome().unwrap(),
        seat_names,
        forfeit: None,
    })
}

/// The session's event for the move written `text` by the seat to move of `before`.
fn played_text(sent: bool, before: &dyn GameState, text: &str) -> SessionEvent {
    played(sent, before, &before.parse_move(text).unwrap())
}

/// A hosted game, connected, the host (seat 0) to open: the host plays k4-k5, Alice answers
/// f14-f13, each handed back by the session.
fn two_moves_in(lang: Lang) -> (App, Events, Fake) {
    let (mut app, events, fake) = hosting(lang);
    fake.session(connected(Seat(0), Seat(0)));
    app.handle_event(Event::Tick);
    click_cell(&mut app, "k4");
    click_cell(&mut app, "k5");
    assert_eq!(fake.sent(), ["k4-k5"]);
    let start = table(&app).state().clone_box();
    fake.session(played_text(true, start.as_ref(), "k4-k5"));
    fake.session(SessionEvent::MoveAcknowledged { ply: 1, round_trip: Duration::from_millis(3) });
    let mut after = start.clone_box();
    after.play(&start.parse_move("k4-k5").unwrap()).unwrap();
    fake.session(played_text(false, after.as_ref(), "f14-f13"));
    app.handle_event(Event::Tick);
    (app, events, fake)
}

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
fn a_refused_local_move_is_taken_back_and_said() {
    let (mut app, _events, fake) = two_moves_in(Lang::Fr);
    click_cell(&mut app, "j4");
    click_cell(&mut app, "j5");
    assert_eq!(fake.sent(), ["k4-k5", "j4-j5"]);
    fake.push(NetEvent::LocalError(LocalError::NotYourTurn));
    app.handle_event(Event::Tick);
    assert_eq!(table(&app).state().moves().len(), 2);
    assert_eq!(app.message(), Some("Coup refusé : ce n'est pas votre tour"));
    // The move is dropped: the player picks again.
    click_cell(&mut app, "j4");
    assert_eq!(table(&app).picker().picked().len(), 1);
    // A refusal of anything else (here a claim) takes no move back.
    click_cell(&mut app, "j5");
    let before = table(&app).state().clone_box();
    fake.session(played_text(true, before.as_ref(), "j4-j5"));
    fake.push(NetEvent::LocalError(LocalError::CannotClaim));
    app.handle_event(Event::Tick);
    assert_eq!(table(&app).state().moves().len(), 3);
    assert!(app.message().unwrap().starts_with("la partie ne se réclame"), "{:?}", app.message());
}

#[test]
fn refusals_by_either_side_are_shown() {
    let (mut app, _events, fake) = two_moves_in(Lang::Fr);
    fake.session(SessionEvent::Rejected {
        by: Refuser::Local,
        reason: RejectReason::HashMismatch,
        ply: Some(3),
        detail: "hash 1 here, 2 there".into(),
    });
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(
        screen.contains("Coup de l'adversaire refusé (coup 3) — les positions ne concordent pas"),
        "{screen}"
    );
    insta::assert_snapshot!("online_rejected", screen);
    // The game is unchanged.
    assert_eq!(table(&app).state().moves().len(), 2);
    let (mut app, _events, fake) = two_moves_in(Lang::En);
    fake.session(SessionEvent::Rejected {
        by: Refuser::Peer,
        reason: RejectReason::OutOfTurn,
        ply: None,
        detail: String::new(),
    });
    app.handle_event(Event::Tick);
    assert_eq!(app.message(), Some("The opponent refused your move — move out of turn"));
}

#[test]
fn reconnecting_shows_the_time_then_offers_the_claim() {
    let (mut app, _events, fake) = two_moves_in(Lang::Fr);
    // During normal play there is no claim to offer (issue 26, item 7).
    assert!(!render(&mut app, 120, 40).contains("Réclamer la partie"));
    fake.session(SessionEvent::PeerDisconnected);
    fake.session(SessionEvent::Reconnecting { waited: Duration::from_secs(12) });
    app.handle_event(Event::Tick);
    assert_eq!(status(&app).connection, Connection::Reconnecting { waited: Duration::from_secs(12) });
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("reconnexion… 12 s"), "{screen}");
    assert!(!screen.contains("Réclamer la partie"), "{screen}");
    insta::assert_snapshot!("online_reconnecting", screen);
    // Claiming before the grace period does nothing.
    app.handle_event(ch('r'));
    assert_eq!(fake.sent(), ["k4-k5"]);

    fake.session(SessionEvent::GraceExpired { waited: Duration::from_secs(120) });
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("Réclamer la partie"), "{screen}");
    insta::assert_snapshot!("online_claim_offer", screen);
    // Keep waiting: the prompt goes, the claim stays in the panel.
    app.handle_event(key(KeyCode::Esc));
    let screen = render(&mut app, 120, 40);
    assert!(!screen.contains("Vous pouvez réclamer"), "{screen}");
    assert!(screen.contains("Réclamer la partie (r)"), "{screen}");
    fake.session(SessionEvent::Reconnecting { waited: Duration::from_secs(125) });
    app.handle_event(Event::Tick);
    assert!(render(&mut app, 120, 40).contains("l'adversaire ne revient pas (2 min 05 s)"));
    app.handle_event(ch('r'));
    assert_eq!(fake.sent(), ["k4-k5", "claim"]);
    fake.session(ending(Seat(1), Leaving::Abandoned));
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("Vous avez gagné !"), "{screen}");
    assert!(screen.contains("Alice (B) a quitté la partie"), "{screen}");
}

#[test]
fn the_opponent_coming_back_resumes_the_game() {
    let (mut app, _events, fake) = two_moves_in(Lang::En);
    fake.session(SessionEvent::PeerDisconnected);
    fake.session(SessionEvent::GraceExpired { waited: Duration::from_secs(120) });
    fake.session(SessionEvent::Resumed { common_ply: 2, replayed: 0 });
    app.handle_event(Event::Tick);
    assert_eq!(status(&app).connection, Connection::Connected);
    assert_eq!(app.message(), Some("Reconnected: the game goes on."));
    assert!(!render(&mut app, 120, 40).contains("You may claim"));
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
fn a_move_the_board_does_not_know_resyncs_to_the_sessions_position() {
    let (mut app, _events, fake) = two_moves_in(Lang::Fr);
    // The session's game is the one held: whatever it hands back is the board.
    let elsewhere = duel("tripot", Seat(1));
    let m = elsewhere.parse_move("f14-f13").unwrap();
    fake.session(played(false, elsewhere.as_ref(), &m));
    app.handle_event(Event::Tick);
    let mut expected = elsewhere.clone_box();
    expected.play(&m).unwrap();
    assert_eq!(table(&app).state().hash(), expected.hash());
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

#[test]
fn a_host_that_refuses_is_said_tried_again_or_given_up_on() {
    let (mut app, _events, fake) = app(Lang::Fr);
    choose(&mut app, MenuItem::Join);
    app.handle_event(key(KeyCode::Enter));
    for c in "/ip4/127.0.0.1/tcp/41234".chars() {
        app.handle_event(ch(c));
    }
    app.handle_event(key(KeyCode::Enter));
    fake.session(SessionEvent::Refused {
        reason: RejectReason::Busy,
        detail: String::new(),
        retry_in: Some(Duration::from_secs(2)),
    });
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("nouvel essai dans 2 s"), "{screen}");
    fake.session(SessionEvent::Refused {
        reason: RejectReason::Version,
        detail: "protocol 1 here, 2 there".into(),
        retry_in: None,
    });
    app.handle_event(Event::Tick);
    assert_eq!(
        app.message(),
        Some("L'hôte a refusé la partie : version du protocole incompatible (protocol 1 here, 2 there)")
    );
}

#[test]
fn the_host_says_when_a_guest_left_before_the_start() {
    let (mut app, _events, fake) = hosting(Lang::En);
    fake.session(SessionEvent::HandshakeAborted {
        cause: tripot_net::AbortCause::Left,
        draw_forfeited: true,
    });
    app.handle_event(Event::Tick);
    assert_eq!(app.message(), Some("A guest left before the start: the table is free again"));
}

/// Types `target` on the join page opened from the menu and joins.
fn join_typed(app: &mut App, target: &str) {
    choose(app, MenuItem::Join);
    app.handle_event(key(KeyCode::Enter));
    for c in target.chars() {
        app.handle_event(ch(c));
    }
    app.handle_event(key(KeyCode::Enter));
}

/// The text of a screen read as sentences: lines joined, borders and runs of spaces dropped.
fn prose(screen: &str) -> String {
    let text: String =
        screen.lines().map(|l| format!(" {} ", l.replace(['│', '╭', '╮', '╰', '╯', '─'], " "))).collect();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A dial that fails is said in the player's language by its cause, whole at 80 × 30 (no
/// libp2p English, nothing cut); `q` then goes back to the menu, which says why, and
/// `tripot join` would exit with it (status 1).
#[test]
fn a_failed_dial_is_said_in_french_whole_and_leaving_says_why() {
    let (mut app, _events, fake) = app(Lang::Fr);
    join_typed(&mut app, "/ip4/127.0.0.1/tcp/1");
    let libp2p = "Failed to negotiate transport protocol(s): [(/ip4/127.0.0.1/tcp/1/p2p/12D3KooW…: Connection refused (os error 111))]";
    fake.push(NetEvent::Warning(tripot_net::online::NetWarning::DialFailed {
        cause: tripot_net::online::DialCause::Refused,
        detail: libp2p.into(),
    }));
    app.handle_event(Event::Tick);
    let said = "Appel de l'hôte : personne n'attend à cette adresse (connexion refusée) : l'hôte est \
                peut-être parti, ou l'adresse n'est pas la sienne. Nouvel essai dans quelques secondes.";
    for (width, height) in [(80, 30), (120, 40)] {
        let screen = render(&mut app, width, height);
        assert!(prose(&screen).contains(said), "{width}×{height}:\n{screen}");
        assert!(!screen.contains("Failed") && !screen.contains("dial"), "{screen}");
    }
    // The session tries again by itself: the wait goes on, and says so.
    assert!(status(&app).failure().is_some());
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::Menu);
    let screen = render(&mut app, 80, 30);
    let reason = said.trim_end_matches(" Nouvel essai dans quelques secondes.");
    assert!(prose(&screen).contains(&format!("Jeu en ligne impossible : {reason}")), "{screen}");
    assert!(app.take_online_failure().is_some(), "tripot join exits 1 on it");
}

/// A room that cannot be used stops the session: the spinner and the time stop, the headline
/// says it failed, the reason is read whole at 80 × 30.
#[test]
fn a_room_that_cannot_be_used_stops_the_spinner_and_is_read_whole() {
    let (mut app, _events, fake) = app(Lang::Fr);
    join_typed(&mut app, "ABC-DEF");
    fake.push(NetEvent::Room(tripot_net::online::RoomEvent::Failed(
        tripot_net::online::RoomError::NotFound("ABC-DEF".into()),
    )));
    app.handle_event(Event::Tick);
    let before = render(&mut app, 80, 30);
    for _ in 0..25 {
        app.handle_event(Event::Tick);
    }
    let after = render(&mut app, 80, 30);
    assert_eq!(before, after, "nothing counts on after the failure");
    let text = prose(&after);
    assert!(text.contains("✗ Jeu en ligne impossible"), "{after}");
    assert!(
        text.contains(
            "pas de salle ABC-DEF sur ce relais : vérifiez le code (une salle ferme quand sa partie \
             commence ou que son hôte s'en va)"
        ),
        "{after}"
    );
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::Menu);
    assert!(prose(&render(&mut app, 80, 30)).contains("pas de salle ABC-DEF"), "the menu says why");
    assert!(app.take_online_failure().is_some());
}

/// An opponent who leaves on purpose is said to have left, and awaited: never « reconnexion… »;
/// a cut link still is a reconnection. Leaving ourselves tells the session so.
#[test]
fn an_opponent_who_left_on_purpose_is_not_a_reconnection() {
    let (mut app, _events, fake) = two_moves_in(Lang::Fr);
    fake.session(SessionEvent::PeerLeft);
    fake.session(SessionEvent::PeerDisconnected);
    fake.session(SessionEvent::Reconnecting { waited: Duration::from_secs(5) });
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("adversaire parti, attendu 5 s"), "{screen}");
    assert!(!screen.contains("reconnexion"), "{screen}");
    assert!(
        prose(&screen).contains("Votre adversaire a quitté la partie. Elle reste sauvegardée"),
        "{screen}"
    );
    // After the grace period the claim prompt says the same.
    fake.session(SessionEvent::GraceExpired { waited: Duration::from_secs(120) });
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(
        screen.contains("adversaire parti, attendu 2 min 00 s") && !screen.contains("reconnexion"),
        "{screen}"
    );
    // Back: a later cut is a reconnection again.
    fake.session(SessionEvent::Resumed { common_ply: 2, replayed: 0 });
    fake.session(SessionEvent::PeerDisconnected);
    fake.session(SessionEvent::Reconnecting { waited: Duration::from_secs(3) });
    app.handle_event(Event::Tick);
    assert!(render(&mut app, 120, 40).contains("reconnexion… 3 s"));

    // Our own leave, confirmed, is told to the session.
    let (mut app, _events, fake) = two_moves_in(Lang::Fr);
    app.handle_event(ch('q'));
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::Menu);
    assert_eq!(fake.sent(), ["k4-k5", "leave"]);
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

/// The session's event for `m` played by the seat to move of `before`.
fn played(sent: bool, before: &dyn tripot_game::GameState, m: &tripot_game::GameMove) -> SessionEvent {
    let seat = before.to_move().unwrap();
    let mut after = before.clone_box();
    after.play(m).unwrap();
    let (ply, text, hash) = (after.moves().len() as u32, before.move_text(m), after.hash());
    let state = tripot_net::GameSnapshot(after);
    let game_move = m.clone();
    if sent {
        SessionEvent::MoveSent { ply, seat, game_move, text, hash, state }
    } else {
        SessionEvent::MoveReceived { ply, seat, game_move, text, hash, state }
    }
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
