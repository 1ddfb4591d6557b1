//! Online tables of 2–6 seats in the terminal, driven from synthetic table events through a
//! stand-in network (no sockets): the set-up form hosting a table, the join page's table links,
//! the waiting page with the link to share, the one game screen with the seats panel, the
//! chat, the draw keys, resigning, the hand-over, the end with the rematch vote — snapshots at
//! 120×40 and 80×30 and the keys going out. `online_seats_loopback.rs` plays a real table.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use common::{ch, key, render};
use crossterm::event::KeyCode;
use tripot_app::i18n::Lang;
use tripot_app::network::{
    Link, Network, NetworkError, OpenGameScan, RunningTable, Standings, StandingsQuery, TableSeek,
    TableSeekNews,
};
use tripot_app::open_game::OpenGame;
use tripot_app::recording_table::RecordingTable;
use tripot_app::table_invitation::TableInvitation;
use tripot_game::{EndReason, GameSpec, GameState, Outcome, Place, Seat, SeatStatus, TableSpec};
use tripot_net::online::matchmaking::quick::QuickSeek;
use tripot_net::room::RoomCode;
use tripot_net::table::{Applied, TableEvent, TableOffer};
use tripot_net::table_online::{QuickTableProgress, TableNetEvent};
use tripot_net::{GameSnapshot, Multiaddr, Offer, Start};
use tripot_protocol::table::{
    Act, Channel, ChatLine, ClockRule, PeerKey, SeatHolder, Signer, TableId, TableState, Wants,
};
use tripot_terminal::app::{App, MenuItem, Page};
use tripot_terminal::event::{Event, Events};

/// The stand-in network: the tables started, as text (`host kawu-3 3 [3] none`,
/// `join tripot://… Seat(None)`), the one running table every start hands out, and a quick
/// match's news waiting to be polled.
#[derive(Clone)]
struct Fake {
    starts: Rc<RefCell<Vec<String>>>,
    running: RecordingTable,
    seek: Rc<RefCell<VecDeque<TableSeekNews>>>,
}

impl Fake {
    fn new() -> Fake {
        Fake { starts: Rc::default(), running: RecordingTable::new(ana()), seek: Rc::default() }
    }
    fn push(&self, event: TableNetEvent) {
        self.running.feed(event);
    }
    fn table(&self, event: TableEvent) {
        self.running.table(event);
    }
    fn sent(&self) -> Vec<String> {
        self.running.sent()
    }
    fn starts(&self) -> Vec<String> {
        self.starts.borrow().clone()
    }
}

impl TableSeek for Fake {
    fn try_news(&mut self) -> Option<TableSeekNews> {
        self.seek.borrow_mut().pop_front()
    }
}

impl Network for Fake {
    fn start(&mut self, _: Start) -> Result<Box<dyn Link>, NetworkError> {
        Err(NetworkError::NoRelay)
    }
    fn scan_lan(&mut self) -> Result<Box<dyn OpenGameScan>, NetworkError> {
        Err(NetworkError::NoRelay)
    }
    fn quick(&mut self, _: QuickSeek) -> Result<Box<dyn Link>, NetworkError> {
        Err(NetworkError::NoRelay)
    }
    fn quick_table(
        &mut self,
        wanted: QuickSeek,
        clock: ClockRule,
    ) -> Result<Box<dyn TableSeek>, NetworkError> {
        let game = if wanted.any_game { "any".to_owned() } else { wanted.table.game.to_string() };
        let text = format!("quick-table {game} {} {}", wanted.table.seats, clock_text(clock));
        self.starts.borrow_mut().push(text);
        Ok(Box::new(self.clone()))
    }
    fn lobby(&mut self) -> Result<Box<dyn OpenGameScan>, NetworkError> {
        Err(NetworkError::NoRelay)
    }
    fn join_table(&mut self, _: &Multiaddr, _: &OpenGame) -> Result<Box<dyn Link>, NetworkError> {
        Err(NetworkError::NoRelay)
    }
    fn open_table(&mut self, _: &Multiaddr, _: Offer) -> Result<Box<dyn Link>, NetworkError> {
        Err(NetworkError::NoRelay)
    }
    fn standings(
        &mut self,
        _: StandingsQuery,
    ) -> Result<std::sync::mpsc::Receiver<Result<Standings, NetworkError>>, NetworkError> {
        Err(NetworkError::NoRelay)
    }
    fn host_seats(
        &mut self,
        offer: TableOffer,
        computers: Vec<u8>,
        room: Option<RoomCode>,
    ) -> Result<Box<dyn RunningTable>, NetworkError> {
        let text = format!("host {} room:{}", offered(&offer, &computers), room.is_some());
        self.starts.borrow_mut().push(text);
        Ok(Box::new(self.running.clone()))
    }
    fn host_listed(
        &mut self,
        offer: TableOffer,
        computers: Vec<u8>,
    ) -> Result<Box<dyn RunningTable>, NetworkError> {
        self.starts.borrow_mut().push(format!("listed {}", offered(&offer, &computers)));
        Ok(Box::new(self.running.clone()))
    }
    fn join_seats(
        &mut self,
        invitation: &TableInvitation,
        wants: Wants,
    ) -> Result<Box<dyn RunningTable>, NetworkError> {
        self.starts.borrow_mut().push(format!("join {invitation} {wants:?}"));
        Ok(Box::new(self.running.clone()))
    }
}

/// An offer as the fake writes it down: game, seats, computers' levels, clock.
fn offered(offer: &TableOffer, computers: &[u8]) -> String {
    format!("{} {} {computers:?} {}", offer.game, offer.seats, clock_text(offer.clock))
}

/// A clock as `tripot host --clock` writes it.
fn clock_text(clock: ClockRule) -> String {
    match clock {
        ClockRule::None => "none".to_owned(),
        ClockRule::PerMove { secs } => format!("move:{secs}"),
        ClockRule::Reserve { secs, increment_secs } => format!("fischer:{secs}+{increment_secs}"),
    }
}

fn ana() -> PeerKey {
    PeerKey(vec![1; 8])
}

fn bea() -> PeerKey {
    PeerKey(vec![2; 8])
}

const PEER: &str = "12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN";

fn app(lang: Lang) -> (App, Events, Fake) {
    let events = Events::new();
    let mut app = App::new(lang, None, events.sender());
    let fake = Fake::new();
    app.set_network(Box::new(fake.clone()));
    (app, events, fake)
}

fn human(peer: PeerKey, name: &str) -> SeatHolder {
    SeatHolder::Human { peer, name: name.into(), addrs: Vec::new() }
}

/// The table `game` of `seats` seats, as its host announces it: Ana (us) hosting at the first
/// seat, then `others`.
fn announced(game: &str, seats: u8, others: Vec<SeatHolder>, clock: ClockRule, started: bool) -> TableState {
    let mut holders = vec![human(ana(), "Ana")];
    holders.extend(others);
    TableState {
        table: TableId([7; 16]),
        spec: TableSpec { game: game.parse().unwrap(), seats },
        seats: holders,
        hosts: vec![ana(), bea()],
        epoch: 0,
        clock,
        spectators: true,
        game: u16::from(started),
        started,
        held: 0,
        watching: 0,
    }
}

fn open(game: &str) -> Box<dyn GameState> {
    tripot_engine::open(&game.parse::<GameSpec>().unwrap()).unwrap()
}

/// Hosts kawu-3 from the set-up form, online, a computer at the second seat, a guest's third.
fn hosted(lang: Lang) -> (App, Events, Fake) {
    let (mut app, events, fake) = set_up(lang);
    app.handle_event(key(KeyCode::Enter));
    (app, events, fake)
}

/// The set-up form of kawu-3, online, a computer at the second seat, a guest's third; the
/// third seat's line chosen.
fn set_up(lang: Lang) -> (App, Events, Fake) {
    let (mut app, events, fake) = app(lang);
    let i = MenuItem::ALL.iter().position(|&x| x == MenuItem::Table).unwrap();
    while app.menu().selected != i {
        app.handle_event(key(KeyCode::Down));
    }
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::TableMenu);
    // Où: en ligne.
    app.handle_event(key(KeyCode::Down));
    app.handle_event(key(KeyCode::Down));
    app.handle_event(key(KeyCode::Right));
    // Seat 3: from a computer to a guest.
    for _ in 0..3 {
        app.handle_event(key(KeyCode::Down));
    }
    for _ in 0..3 {
        app.handle_event(key(KeyCode::Left));
    }
    (app, events, fake)
}

/// The game started at the hosted table: the board at its start, us at the first seat.
fn playing(app: &mut App, fake: &Fake) {
    let others = vec![SeatHolder::Computer { level: 3 }, human(bea(), "Béa")];
    fake.table(TableEvent::Table(announced("kawu-3", 3, others, ClockRule::PerMove { secs: 60 }, true)));
    fake.table(TableEvent::Started { game: 1 });
    fake.push(TableNetEvent::Position { snapshot: GameSnapshot(open("kawu-3")), my_seat: Some(Seat(0)) });
    app.handle_event(Event::Tick);
}

/// The screen with the table's id (random: drawn by the form) written `<table id>`.
fn without_id(screen: &str) -> String {
    let prefix = "tripot://table/kawu-3/3/";
    match screen.find(prefix) {
        Some(at) => {
            let start = at + prefix.len();
            format!("{}<table id>{}", &screen[..start], &screen[start + 32..])
        }
        None => screen.to_owned(),
    }
}

/// The screen with every clock (`m:ss`) written `#:##`: the time left counts down while a
/// test runs, and a snapshot must not depend on how fast.
fn masked(screen: &str) -> String {
    let chars: Vec<char> = screen.chars().collect();
    let mut out = String::with_capacity(screen.len());
    let mut i = 0;
    while i < chars.len() {
        let clock = i + 3 < chars.len()
            && chars[i].is_ascii_digit()
            && chars[i + 1] == ':'
            && chars[i + 2].is_ascii_digit()
            && chars[i + 3].is_ascii_digit()
            && (i == 0 || !chars[i - 1].is_ascii_digit());
        if clock {
            out.push_str("#:##");
            i += 4;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        app.handle_event(ch(c));
    }
}

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
fn at_the_table_the_seats_panel_shows_everyone_and_a_move_goes_out_by_keys() {
    let (mut app, _events, fake) = hosted(Lang::Fr);
    playing(&mut app, &fake);
    assert!(app.online_seats().unwrap().online().table().is_some());
    let screen = masked(&render(&mut app, 120, 40));
    for words in [
        "vous (Ana)",
        "ordinateur",
        "Béa",
        "hôte",
        "#:##",
        "Discussion",
        "t discuter",
        "r réclamer · ? règles · q",
    ] {
        assert!(screen.contains(words), "{words}:\n{screen}");
    }
    insta::assert_snapshot!("seats_game", masked(&screen));
    let narrow = render(&mut app, 80, 30);
    for words in ["vous (Ana)", "Béa", "Menu (q)"] {
        assert!(narrow.contains(words), "{words}:\n{narrow}");
    }
    insta::assert_snapshot!("seats_game_80x30", masked(&narrow));

    let state = app.online_seats().unwrap().online().table().unwrap().state().clone_box();
    let text = state.move_text(&state.legal_moves()[0]);
    app.handle_event(ch(':'));
    type_text(&mut app, &text);
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.sent(), [format!("play {text}")]);
}

#[test]
fn a_chat_line_is_typed_sent_and_shown_and_another_s_comes_in() {
    let (mut app, _events, fake) = hosted(Lang::Fr);
    playing(&mut app, &fake);
    app.handle_event(ch('t'));
    type_text(&mut app, "bonne partie");
    assert!(render(&mut app, 120, 40).contains("Message : bonne partie"));
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(fake.sent(), ["chat bonne partie"]);
    fake.table(TableEvent::Chat(ChatLine { channel: Channel::Players, from: bea(), text: "merci".into() }));
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("vous : bonne partie") && screen.contains("Béa : merci"), "{screen}");
    // Esc drops a line half typed.
    app.handle_event(ch('t'));
    type_text(&mut app, "oups");
    app.handle_event(key(KeyCode::Esc));
    assert_eq!(fake.sent().len(), 1);
}

#[test]
fn x_and_a_seats_number_mutes_its_chat_here_and_again_hears_it() {
    let (mut app, _events, fake) = hosted(Lang::Fr);
    playing(&mut app, &fake);
    app.handle_event(ch('x'));
    assert!(app.message().is_some_and(|m| m.starts_with("Couper ou rétablir la discussion")));
    app.handle_event(ch('3'));
    assert_eq!(app.message(), Some("Discussion de la place 3 coupée."));
    assert!(render(&mut app, 120, 40).contains("muet"));
    fake.table(TableEvent::Chat(ChatLine { channel: Channel::Players, from: bea(), text: "merci".into() }));
    app.handle_event(Event::Tick);
    assert!(!render(&mut app, 120, 40).contains("merci"), "a muted seat's line is dropped");
    // Our own seat, a seat the table has not, or Esc: nothing is muted.
    for key_after in [ch('1'), ch('9'), key(KeyCode::Esc)] {
        app.handle_event(ch('x'));
        app.handle_event(key_after);
        assert_eq!(app.message(), None);
    }
    app.handle_event(ch('x'));
    app.handle_event(ch('3'));
    assert_eq!(app.message(), Some("Discussion de la place 3 rétablie."));
    fake.table(TableEvent::Chat(ChatLine { channel: Channel::Players, from: bea(), text: "à toi".into() }));
    app.handle_event(Event::Tick);
    assert!(render(&mut app, 120, 40).contains("Béa : à toi"));
    assert!(fake.sent().is_empty(), "a mute is ours alone: nothing goes out");
}

#[test]
fn the_host_gives_an_empty_seat_to_a_computer_by_c_and_its_number_before_the_game() {
    let (mut app, _events, fake) = hosted(Lang::Fr);
    // Waiting: the computer at seat 2, seat 3 free.
    let others = vec![SeatHolder::Computer { level: 3 }, SeatHolder::Empty];
    fake.table(TableEvent::Table(announced("kawu-3", 3, others, ClockRule::None, false)));
    app.handle_event(Event::Tick);
    assert!(render(&mut app, 120, 40).contains("c un ordinateur · t discuter"));
    app.handle_event(ch('c'));
    assert!(app.message().is_some_and(|m| m.starts_with("Un ordinateur (niveau")), "{:?}", app.message());
    // A seat taken, one the table has not, or Esc: nothing goes out.
    for key_after in [ch('2'), ch('9'), key(KeyCode::Esc)] {
        app.handle_event(ch('c'));
        app.handle_event(key_after);
    }
    assert!(fake.sent().is_empty(), "{:?}", fake.sent());
    app.handle_event(ch('c'));
    app.handle_event(ch('3'));
    let sent = fake.sent();
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(sent[0].starts_with("computer 2 "), "{sent:?}");
    // Once every seat is taken and the game under way, `c` is no longer offered.
    playing(&mut app, &fake);
    assert!(!render(&mut app, 120, 40).contains("c un ordinateur"));
}

#[test]
fn the_spectators_watching_are_counted_on_the_panel() {
    let (mut app, _events, fake) = hosted(Lang::Fr);
    playing(&mut app, &fake);
    assert!(!render(&mut app, 120, 40).contains("spectat"));
    let mut state = announced(
        "kawu-3",
        3,
        vec![SeatHolder::Computer { level: 3 }, human(bea(), "Béa")],
        ClockRule::PerMove { secs: 60 },
        true,
    );
    state.watching = 2;
    fake.table(TableEvent::Table(state));
    app.handle_event(Event::Tick);
    assert!(render(&mut app, 120, 40).contains("2 spectateurs"));
}

#[test]
fn resigning_asks_once_and_the_hand_over_is_said() {
    let (mut app, _events, fake) = hosted(Lang::Fr);
    playing(&mut app, &fake);
    app.handle_event(ch('a'));
    assert!(fake.sent().is_empty());
    app.handle_event(ch('a'));
    assert_eq!(fake.sent(), ["resign"]);
    let mut state = announced(
        "kawu-3",
        3,
        vec![SeatHolder::Computer { level: 3 }, human(bea(), "Béa")],
        ClockRule::PerMove { secs: 60 },
        true,
    );
    state.epoch = 1;
    fake.table(TableEvent::Table(state));
    app.handle_event(Event::Tick);
    assert_eq!(app.message(), Some("L'hôte est parti ; Béa tient la table."));
}

#[test]
fn in_a_game_of_two_seats_a_draw_is_offered_and_answered_by_keys() {
    let (mut app, _events, fake) = app(Lang::En);
    let link: TableInvitation =
        format!("tripot://table/kawu-2/2/07070707070707070707070707070707/ip4/127.0.0.1/tcp/4001/p2p/{PEER}")
            .parse()
            .unwrap();
    app.join_seats(link, Wants::Seat(None));
    fake.table(TableEvent::Table(announced("kawu-2", 2, vec![human(bea(), "Béa")], ClockRule::None, true)));
    fake.table(TableEvent::Started { game: 1 });
    fake.push(TableNetEvent::Position { snapshot: GameSnapshot(open("kawu-2")), my_seat: Some(Seat(0)) });
    app.handle_event(Event::Tick);
    app.handle_event(ch('='));
    assert_eq!(fake.sent(), ["draw?"]);
    fake.table(TableEvent::DrawDeclined { seat: Seat(1) });
    fake.table(TableEvent::DrawOffered { seat: Seat(1) });
    app.handle_event(Event::Tick);
    assert_eq!(app.message(), Some("Béa offers a draw."));
    assert!(render(&mut app, 120, 40).contains("Draw offered: y accept"));
    app.handle_event(ch('y'));
    assert_eq!(fake.sent(), ["draw?", "draw true"]);
}

#[test]
fn after_the_game_the_end_shows_the_places_and_v_votes_for_another() {
    let (mut app, _events, fake) = hosted(Lang::Fr);
    playing(&mut app, &fake);
    let state = open("kawu-3");
    let game_move = state.legal_moves()[0].clone();
    let mover = state.to_move().unwrap();
    let mut after = state.clone_box();
    after.play_as(mover, &game_move).unwrap();
    let text = state.move_text(&game_move);
    let applied = Applied {
        index: 0,
        seat: mover,
        act: Act::Move(text),
        signer: Signer::Seat,
        game_move: Some(game_move),
    };
    fake.table(TableEvent::Applied { applied, snapshot: GameSnapshot(after) });
    let places = (0..3)
        .map(|i| Place { seat: Seat(i), rank: (i == 2).then_some(1), status: SeatStatus::Playing })
        .collect();
    fake.table(TableEvent::Ended(Outcome { places, reason: EndReason::Finished }));
    fake.table(TableEvent::Votes(vec![Seat(2)]));
    app.handle_event(Event::Tick);
    let screen = render(&mut app, 120, 40);
    for words in ["Béa — ", "Rejouer : 1 vote(s) · ", "Rejouer (v)"] {
        assert!(screen.contains(words), "{words}:\n{screen}");
    }
    insta::assert_snapshot!("seats_end", masked(&screen));
    app.handle_event(ch('v'));
    assert_eq!(fake.sent(), ["vote"]);
    app.handle_event(ch('v'));
    assert_eq!(fake.sent(), ["vote"], "one vote");
    app.handle_event(ch('q'));
    assert_eq!(fake.sent(), ["vote", "leave"]);
    assert_eq!(app.page(), Page::Menu);
}

#[test]
fn a_table_of_six_fits_at_80_by_30_with_every_seat_its_clock_and_the_buttons() {
    let (mut app, _events, fake) = app(Lang::Fr);
    let link: TableInvitation = "tripot://room/kawu-6/6/K7M-4QP".parse().unwrap();
    app.join_seats(link, Wants::Seat(None));
    let others = vec![
        human(bea(), "Béatrice"),
        SeatHolder::Computer { level: 1 },
        human(PeerKey(vec![3; 8]), "Charles"),
        SeatHolder::Computer { level: 5 },
        human(PeerKey(vec![4; 8]), "Dominique"),
    ];
    let mut state = announced("kawu-6", 6, others, ClockRule::Reserve { secs: 300, increment_secs: 5 }, true);
    state.hosts = vec![bea(), ana()];
    fake.table(TableEvent::Table(state));
    fake.table(TableEvent::Started { game: 1 });
    fake.push(TableNetEvent::Position { snapshot: GameSnapshot(open("kawu-6")), my_seat: Some(Seat(0)) });
    fake.table(TableEvent::SeatAway { seat: Seat(3) });
    fake.table(TableEvent::Chat(ChatLine {
        channel: Channel::Players,
        from: bea(),
        text: "bonne chance à tous".into(),
    }));
    app.handle_event(Event::Tick);
    let screen = masked(&render(&mut app, 80, 30));
    for words in ["vous (Ana)", "Béatrice", "Charles", "absent", "Dominique", "Menu (q)", "Béatrice : bonne"]
    {
        assert!(screen.contains(words), "{words}:\n{screen}");
    }
    insta::assert_snapshot!("seats_kawu_6_80x30", screen);
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
    assert!(screen.contains("Béa") && screen.contains("Inscrite au lobby du relais"), "{screen}");
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
