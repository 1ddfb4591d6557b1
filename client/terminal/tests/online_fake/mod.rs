//! The stand-in network of the terminal's online-screen tests (no sockets): sessions started
//! written down as text, synthetic session events, a LAN scan's and a lobby's rounds, quick-match
//! news and ratings tables; with the screens those tests start from. Included by
//! `online_screens.rs`, `online_trouble.rs` and `online_lists.rs`, which take its imports with it.
#![allow(dead_code, unused_imports, unreachable_pub, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

pub(crate) use crate::common::{ch, click_cell, key, render, written};
pub(crate) use crossterm::event::KeyCode;
pub(crate) use std::cell::RefCell;
pub(crate) use std::collections::VecDeque;
pub(crate) use std::rc::Rc;
pub(crate) use std::time::Duration;
pub(crate) use tripot_app::i18n::Lang;
pub(crate) use tripot_app::network::{Link, Matchmaking, Network, NetworkError, OpenGameScan};
pub(crate) use tripot_app::network::{Standings, StandingsQuery};
pub(crate) use tripot_app::online_status::OnlineStatus;
pub(crate) use tripot_app::online_table::OnlineTable;
pub(crate) use tripot_app::open_game::{OpenGame, OpenGames};
pub(crate) use tripot_app::seat_kind::SeatKind;
pub(crate) use tripot_app::table::Table;
pub(crate) use tripot_app::table_save::EveryGame;
pub(crate) use tripot_engine::{Format, Position, Rules};
pub(crate) use tripot_game::{GameState, Leaving, Opener as _, Seat};
pub(crate) use tripot_net::Offer;
pub(crate) use tripot_net::online::matchmaking::quick::QuickSeek;
pub(crate) use tripot_net::ratings::RatingsClientError;
pub(crate) use tripot_net::{LanHost, LocalError, Multiaddr, NetEvent, Refuser, SessionEvent, Start};
pub(crate) use tripot_protocol::{GameId, RejectReason};
pub(crate) use tripot_ratings_wire::StandingEntry;
pub(crate) use tripot_terminal::app::{App, Connection, MenuItem, Page, RematchOffer};
pub(crate) use tripot_terminal::event::{Event, Events};

/// What the stand-in network saw and what it will hand back.
#[derive(Default)]
pub(crate) struct Wire {
    /// Sessions started, as text: `host 1 random`, `join /ip4/…`.
    pub(crate) starts: Vec<String>,
    /// Commands sent: moves as notation, `resign`, `claim`.
    pub(crate) sent: Vec<String>,
    /// Events waiting to be polled.
    pub(crate) events: VecDeque<NetEvent>,
    /// What the next LAN scan round finds.
    pub(crate) lan: Option<Vec<LanHost>>,
    /// Quick match news waiting to be polled.
    pub(crate) news: VecDeque<Matchmaking>,
    /// What the next lobby reading finds.
    pub(crate) tables: Option<OpenGames>,
    /// The ratings tables asked for, as `game period`.
    pub(crate) standings_asked: Vec<String>,
    /// Whether the relay answers ratings readings (with two players), or fails to be reached.
    pub(crate) ratings_down: bool,
}

#[derive(Clone, Default)]
pub(crate) struct Fake(pub(crate) Rc<RefCell<Wire>>);

impl Fake {
    pub(crate) fn push(&self, event: NetEvent) {
        self.0.borrow_mut().events.push_back(event);
    }

    pub(crate) fn session(&self, event: SessionEvent) {
        self.push(NetEvent::Session(event));
    }

    pub(crate) fn sent(&self) -> Vec<String> {
        self.0.borrow().sent.clone()
    }

    pub(crate) fn starts(&self) -> Vec<String> {
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
pub(crate) fn format_number(offer: &Offer) -> u8 {
    match tripot_engine::StarBoardGame::of(&offer.game) {
        Some(tripot_engine::StarBoardGame::Duel(format, _)) => format.number(),
        _ => 0,
    }
}

pub(crate) fn peer() -> tripot_net::PeerId {
    tripot_net::Keypair::ed25519_from_bytes([7; 32]).unwrap().public().to_peer_id()
}

pub(crate) fn addr(text: &str) -> Multiaddr {
    format!("{text}/p2p/{}", peer()).parse().unwrap()
}

pub(crate) fn app(lang: Lang) -> (App, Events, Fake) {
    let events = Events::new();
    let mut app = App::new(lang, None, events.sender());
    let fake = Fake::default();
    app.set_network(Box::new(fake.clone()));
    (app, events, fake)
}

pub(crate) fn choose(app: &mut App, item: MenuItem) {
    let i = MenuItem::ALL.iter().position(|&x| x == item).unwrap();
    while app.menu().selected != i {
        app.handle_event(key(KeyCode::Down));
    }
}

/// Hosts from the menu (format 1, random opener) and shows two addresses.
pub(crate) fn hosting(lang: Lang) -> (App, Events, Fake) {
    let (mut app, events, fake) = app(lang);
    choose(&mut app, MenuItem::Host);
    app.handle_event(key(KeyCode::Enter));
    fake.push(NetEvent::Listening(addr("/ip4/127.0.0.1/tcp/41234")));
    fake.push(NetEvent::Listening(addr("/ip4/192.168.1.20/tcp/41234")));
    (app, events, fake)
}

/// The online game on the screen.
pub(crate) fn online(app: &App) -> &OnlineTable {
    app.online_table().expect("an online game is open").online()
}

/// Its connection, opponent, ending…
pub(crate) fn status(app: &App) -> &OnlineStatus {
    online(app).status()
}

/// Its board, once the game is on.
pub(crate) fn table(app: &App) -> &Table {
    online(app).table().expect("the game is on")
}

/// The duel of `spec` from its start, `opener` to move.
pub(crate) fn duel(spec: &str, opener: Seat) -> Box<dyn GameState> {
    let setup = tripot_game::Setup { opener: Some(opener), position: None };
    EveryGame.open(&spec.parse().unwrap(), &setup).unwrap()
}

/// The session's `Connected` of a game at `state`, this side at `local`.
pub(crate) fn connected_at(local: Seat, peer_name: &str, state: &dyn GameState) -> SessionEvent {
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
pub(crate) fn connected(local: Seat, opener: Seat) -> SessionEvent {
    connected_at(local, "Alice", duel("tripot", opener).as_ref())
}

/// The session's game-over: `loser` left the game as `how` says.
pub(crate) fn ending(loser: Seat, how: Leaving) -> SessionEvent {
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
pub(crate) fn played_text(sent: bool, before: &dyn GameState, text: &str) -> SessionEvent {
    played(sent, before, &before.parse_move(text).unwrap())
}

/// A hosted game, connected, the host (seat 0) to open: the host plays k4-k5, Alice answers
/// f14-f13, each handed back by the session.
pub(crate) fn two_moves_in(lang: Lang) -> (App, Events, Fake) {
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

/// Types `target` on the join page opened from the menu and joins.
pub(crate) fn join_typed(app: &mut App, target: &str) {
    choose(app, MenuItem::Join);
    app.handle_event(key(KeyCode::Enter));
    for c in target.chars() {
        app.handle_event(ch(c));
    }
    app.handle_event(key(KeyCode::Enter));
}

/// The text of a screen read as sentences: lines joined, borders and runs of spaces dropped.
pub(crate) fn prose(screen: &str) -> String {
    let text: String =
        screen.lines().map(|l| format!(" {} ", l.replace(['│', '╭', '╮', '╰', '╯', '─'], " "))).collect();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The session's event for `m` played by the seat to move of `before`.
pub(crate) fn played(
    sent: bool,
    before: &dyn tripot_game::GameState,
    m: &tripot_game::GameMove,
) -> SessionEvent {
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
