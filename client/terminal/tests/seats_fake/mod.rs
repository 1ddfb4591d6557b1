//! The stand-in network of the terminal's online-table tests (no sockets): the tables started
//! written down as text, one running table fed synthetic events, a quick match's news and a
//! lobby's list; with the tables and screens those tests start from. Included by
//! `online_seats.rs` and `online_seats_play.rs`.
#![allow(dead_code, unreachable_pub, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use crossterm::event::KeyCode;
use tripot_app::i18n::Lang;
use tripot_app::network::{
    Link, Network, NetworkError, OpenGameScan, RunningTable, Standings, StandingsQuery, TableSeek,
    TableSeekNews,
};
use tripot_app::open_game::{OpenGame, OpenGames};
use tripot_app::recording_table::RecordingTable;
use tripot_app::table_invitation::TableInvitation;
use tripot_game::{GameSpec, GameState, Seat, TableSpec};
use tripot_net::online::matchmaking::quick::QuickSeek;
use tripot_net::room::RoomCode;
use tripot_net::table::{TableEvent, TableOffer};
use tripot_net::table_online::TableNetEvent;
use tripot_net::{GameSnapshot, Multiaddr, Offer, Start};
use tripot_protocol::table::{ClockRule, PeerKey, SeatHolder, TableId, TableState, Wants};
use tripot_terminal::app::{App, MenuItem, Page};
use tripot_terminal::event::{Event, Events};

use crate::common::{ch, key};

/// The stand-in network: the tables started, as text (`host kawu-3 3 [3] none`,
/// `join tripot://… Seat(None)`), the one running table every start hands out, a quick
/// match's news waiting to be polled, and what the next lobby reading finds.
#[derive(Clone)]
pub struct Fake {
    pub starts: Rc<RefCell<Vec<String>>>,
    pub running: RecordingTable,
    pub seek: Rc<RefCell<VecDeque<TableSeekNews>>>,
    pub lobby: Rc<RefCell<Option<OpenGames>>>,
}

impl Fake {
    pub fn new() -> Fake {
        Fake {
            starts: Rc::default(),
            running: RecordingTable::new(ana()),
            seek: Rc::default(),
            lobby: Rc::default(),
        }
    }
    pub fn push(&self, event: TableNetEvent) {
        self.running.feed(event);
    }
    pub fn table(&self, event: TableEvent) {
        self.running.table(event);
    }
    pub fn sent(&self) -> Vec<String> {
        self.running.sent()
    }
    pub fn starts(&self) -> Vec<String> {
        self.starts.borrow().clone()
    }
}

impl TableSeek for Fake {
    fn try_news(&mut self) -> Option<TableSeekNews> {
        self.seek.borrow_mut().pop_front()
    }
}

impl OpenGameScan for Fake {
    fn try_list(&mut self) -> Option<Result<OpenGames, NetworkError>> {
        self.lobby.borrow_mut().take().map(Ok)
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
        Ok(Box::new(self.clone()))
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
pub fn offered(offer: &TableOffer, computers: &[u8]) -> String {
    format!("{} {} {computers:?} {}", offer.game, offer.seats, clock_text(offer.clock))
}

/// A clock as `tripot host --clock` writes it.
pub fn clock_text(clock: ClockRule) -> String {
    match clock {
        ClockRule::None => "none".to_owned(),
        ClockRule::PerMove { secs } => format!("move:{secs}"),
        ClockRule::Reserve { secs, increment_secs } => format!("fischer:{secs}+{increment_secs}"),
    }
}

pub fn ana() -> PeerKey {
    PeerKey(vec![1; 8])
}

pub fn bea() -> PeerKey {
    PeerKey(vec![2; 8])
}

pub const PEER: &str = "12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN";

pub fn app(lang: Lang) -> (App, Events, Fake) {
    let events = Events::new();
    let mut app = App::new(lang, None, events.sender());
    let fake = Fake::new();
    app.set_network(Box::new(fake.clone()));
    (app, events, fake)
}

pub fn human(peer: PeerKey, name: &str) -> SeatHolder {
    SeatHolder::Human { peer, name: name.into(), addrs: Vec::new() }
}

/// The table `game` of `seats` seats, as its host announces it: Ana (us) hosting at the first
/// seat, then `others`.
pub fn announced(
    game: &str,
    seats: u8,
    others: Vec<SeatHolder>,
    clock: ClockRule,
    started: bool,
) -> TableState {
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

pub fn open(game: &str) -> Box<dyn GameState> {
    tripot_engine::open(&game.parse::<GameSpec>().unwrap()).unwrap()
}

/// Hosts kawu-3 from the set-up form, online, a computer at the second seat, a guest's third.
pub fn hosted(lang: Lang) -> (App, Events, Fake) {
    let (mut app, events, fake) = set_up(lang);
    app.handle_event(key(KeyCode::Enter));
    (app, events, fake)
}

/// The set-up form of kawu-3, online, a computer at the second seat, a guest's third; the
/// third seat's line chosen.
pub fn set_up(lang: Lang) -> (App, Events, Fake) {
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
pub fn playing(app: &mut App, fake: &Fake) {
    let others = vec![SeatHolder::Computer { level: 3 }, human(bea(), "Béa")];
    fake.table(TableEvent::Table(announced("kawu-3", 3, others, ClockRule::PerMove { secs: 60 }, true)));
    fake.table(TableEvent::Started { game: 1 });
    fake.push(TableNetEvent::Position { snapshot: GameSnapshot(open("kawu-3")), my_seat: Some(Seat(0)) });
    app.handle_event(Event::Tick);
}

/// The screen with the table's id (random: drawn by the form) written `<table id>`.
pub fn without_id(screen: &str) -> String {
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
pub fn masked(screen: &str) -> String {
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

pub fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        app.handle_event(ch(c));
    }
}
