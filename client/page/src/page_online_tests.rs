//! The page's online play against a stand-in session: the network started only when needed,
//! the moves in turn over the link.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tripot_game::{GameSpec, GameState, Seat};
use tripot_net::NetEvent;
use tripot_net::online::matchmaking::quick::QuickSeek;

use super::*;
use crate::messages::Opener;
use crate::online_messages::OnlineErrorCode;
use tripot_app::network::Link;
use tripot_app::session_events::{connected, moved};
use tripot_net::session::Offer;
use tripot_net::{Multiaddr, Start};

/// What a stand-in session was told, and the events it hands out.
#[derive(Clone, Default)]
struct Wire {
    played: Arc<Mutex<Vec<String>>>,
    left: Arc<AtomicUsize>,
    events: Arc<Mutex<VecDeque<NetEvent>>>,
    /// The hosts the LAN's scan finds (none: the scan cannot start).
    lan: Arc<Mutex<Option<Vec<tripot_net::LanHost>>>>,
    /// The tables the lobby's reading finds (none: the reading cannot start).
    lobby: Arc<Mutex<Option<tripot_app::open_game::OpenGames>>>,
    /// The invitations a table was joined by.
    seats_joined: Arc<Mutex<Vec<String>>>,
}

/// A scan that reads the wire's hosts (or tables) once.
struct FakeScan(Option<tripot_app::open_game::OpenGames>);

impl FakeScan {
    /// LAN hosts, turned into open games as the real scan does.
    fn lan(hosts: Vec<tripot_net::LanHost>) -> Self {
        let games = hosts.into_iter().map(tripot_app::open_game::OpenGame::from).collect();
        FakeScan(Some(tripot_app::open_game::OpenGames { relay: None, games }))
    }
}

impl OpenGameScan for FakeScan {
    fn try_list(&mut self) -> Option<Result<tripot_app::open_game::OpenGames, NetworkError>> {
        self.0.take().map(Ok)
    }
}

struct FakeLink(Wire);

impl Link for FakeLink {
    fn try_event(&mut self) -> Option<NetEvent> {
        self.0.events.lock().unwrap().pop_front()
    }
    fn play(&mut self, text: String) {
        self.0.played.lock().unwrap().push(text);
    }
    fn resign(&mut self) {}
    fn leave(&mut self) {
        self.0.left.fetch_add(1, Ordering::SeqCst);
    }
    fn claim(&mut self) {}
    fn offer_rematch(&mut self) {}
    fn answer_rematch(&mut self, _accept: bool) {}
}

struct FakeNetwork(Wire);

impl Network for FakeNetwork {
    fn start(&mut self, _start: Start) -> Result<Box<dyn Link>, NetworkError> {
        Ok(Box::new(FakeLink(self.0.clone())))
    }
    fn scan_lan(&mut self) -> Result<Box<dyn OpenGameScan>, NetworkError> {
        let hosts = self.0.lan.lock().unwrap().clone().ok_or(NetworkError::NoRelay)?;
        Ok(Box::new(FakeScan::lan(hosts)))
    }
    fn quick(&mut self, _wanted: QuickSeek) -> Result<Box<dyn Link>, NetworkError> {
        Err(NetworkError::NoRelay)
    }
    fn quick_table(
        &mut self,
        _: QuickSeek,
        _: tripot_protocol::table::ClockRule,
    ) -> Result<Box<dyn tripot_app::network::TableSeek>, NetworkError> {
        Err(NetworkError::NoRelay)
    }
    fn lobby(&mut self) -> Result<Box<dyn OpenGameScan>, NetworkError> {
        let tables = self.0.lobby.lock().unwrap().clone().ok_or(NetworkError::NoRelay)?;
        Ok(Box::new(FakeScan(Some(tables))))
    }
    fn join_table(
        &mut self,
        _: &Multiaddr,
        _: &tripot_app::open_game::OpenGame,
    ) -> Result<Box<dyn Link>, NetworkError> {
        Err(NetworkError::NoRelay)
    }
    fn open_table(&mut self, _: &Multiaddr, _: Offer) -> Result<Box<dyn Link>, NetworkError> {
        Err(NetworkError::NoRelay)
    }
    fn host_seats(
        &mut self,
        _: tripot_net::table::TableOffer,
        _: Vec<u8>,
        _: Option<tripot_net::room::RoomCode>,
    ) -> Result<Box<dyn tripot_app::network::RunningTable>, NetworkError> {
        Err(NetworkError::NoRelay)
    }
    fn host_listed(
        &mut self,
        _: tripot_net::table::TableOffer,
        _: Vec<u8>,
    ) -> Result<Box<dyn tripot_app::network::RunningTable>, NetworkError> {
        Err(NetworkError::NoRelay)
    }
    fn join_seats(
        &mut self,
        invitation: &tripot_app::table_invitation::TableInvitation,
        wants: tripot_protocol::table::Wants,
    ) -> Result<Box<dyn tripot_app::network::RunningTable>, NetworkError> {
        self.0.seats_joined.lock().unwrap().push(format!("{invitation} {wants:?}"));
        Err(NetworkError::NoRelay)
    }
    fn standings(
        &mut self,
        _: tripot_app::network::StandingsQuery,
    ) -> Result<std::sync::mpsc::Receiver<Result<tripot_app::network::Standings, NetworkError>>, NetworkError>
    {
        Err(NetworkError::NoRelay)
    }
}

/// A slot counting how often its network was made (mDNS off).
fn slot(wire: &Wire, made: &Arc<AtomicUsize>) -> Mutex<NetworkSlot> {
    slot_with_mdns(wire, made, false)
}

fn slot_with_mdns(wire: &Wire, made: &Arc<AtomicUsize>, mdns: bool) -> Mutex<NetworkSlot> {
    let (wire, made) = (wire.clone(), Arc::clone(made));
    Mutex::new(NetworkSlot::new(
        Box::new(move || {
            made.fetch_add(1, Ordering::SeqCst);
            Ok(Box::new(FakeNetwork(wire.clone())) as Box<dyn Network + Send>)
        }),
        mdns,
    ))
}

fn refused_with(out: &[ServerMessage]) -> Option<OnlineErrorCode> {
    match out {
        [ServerMessage::OnlineError(refusal)] => Some(refusal.code),
        _ => None,
    }
}

fn view(out: &[ServerMessage]) -> Option<OnlineView> {
    out.iter().rev().find_map(|m| match m {
        ServerMessage::Online { online } => online.as_deref().cloned(),
        _ => None,
    })
}

fn open(name: &str) -> Box<dyn GameState> {
    tripot_engine::open(&name.parse::<GameSpec>().unwrap()).unwrap()
}

#[test]
fn the_network_starts_only_for_a_valid_start_and_a_move_goes_over_the_link_in_turn() {
    let (wire, made) = (Wire::default(), Arc::new(AtomicUsize::new(0)));
    let network = slot(&wire, &made);
    let mut page = PageOnline::default();
    // Moves, leaves, malformed joins, the LAN under --no-mdns: no network is started.
    let select = OnlineRequest::Board(BoardAction::Select { hole: "m4".into() });
    assert_eq!(refused_with(&page.handle(select.clone(), &network)), Some(OnlineErrorCode::NotOnline));
    assert_eq!(refused_with(&page.handle(OnlineRequest::Leave, &network)), Some(OnlineErrorCode::NotOnline));
    let bad = OnlineRequest::Join { to: "/ip4/nope".into() };
    assert_eq!(refused_with(&page.handle(bad, &network)), Some(OnlineErrorCode::BadAddress));
    assert_eq!(refused_with(&page.handle(OnlineRequest::Lan, &network)), Some(OnlineErrorCode::Network));
    assert_eq!(made.load(Ordering::SeqCst), 0, "no network for a page that plays no game online");

    let unknown =
        OnlineRequest::Host { game: Some("chess".into()), format: None, room: false, opener: Opener::First };
    assert_eq!(refused_with(&page.handle(unknown, &network)), Some(OnlineErrorCode::UnknownGame));
    let host = OnlineRequest::Host { game: None, format: None, room: false, opener: Opener::First };
    let waiting = view(&page.handle(host.clone(), &network)).unwrap();
    assert_eq!((waiting.side.as_str(), waiting.connection.as_str()), ("host", "waiting"));
    assert_eq!(refused_with(&page.handle(host, &network)), Some(OnlineErrorCode::AlreadyOnline));
    assert_eq!(made.load(Ordering::SeqCst), 1);

    // The opponent opens (we sit at the second seat): our click is refused until its move
    // comes, verified by the session.
    let start = open("tripot");
    wire.events.lock().unwrap().push_back(NetEvent::Session(connected(start.as_ref(), Seat(1), "Bruno")));
    let connected = view(&page.tick()).unwrap();
    assert_eq!((connected.peer.as_deref(), connected.your_turn), (Some("Bruno"), false));
    assert_eq!(connected.seat, Some(1));
    assert_eq!(refused_with(&page.handle(select.clone(), &network)), Some(OnlineErrorCode::NotYourTurn));
    let theirs = start.legal_moves().into_iter().find(|m| !m.is_pass()).unwrap();
    let their_text = start.move_text(&theirs);
    let their_end = start.path(&theirs).last().copied().unwrap();
    let (received, after) = moved(false, start.as_ref(), &theirs).unwrap();
    wire.events.lock().unwrap().push_back(NetEvent::Session(received));
    let out = page.tick();
    assert!(matches!(&out[0], ServerMessage::OnlineMove(m) if m.notation == their_text), "shown first");
    let board = view(&out).unwrap().board.unwrap();
    assert!(view(&out).unwrap().your_turn);
    // The board is turned for our seat, as at a local table.
    assert_eq!(board.rotation, tripot_app::view_turn::view_turn(after.as_ref(), Some(Seat(1))));

    // Our move: only our own pieces, then it goes over the link and the turn passes.
    let their_cell = after.board().cell(their_end).unwrap().name.clone();
    let not_ours = OnlineRequest::Board(BoardAction::Select { hole: their_cell });
    assert_eq!(refused_with(&page.handle(not_ours, &network)), Some(OnlineErrorCode::NotYourPawn));
    // An empty hole is said to be empty, not someone else's pawn.
    let empty = after.board().cells.iter().find(|c| c.piece.is_none()).unwrap().name.clone();
    let on_empty = page.handle(OnlineRequest::Board(BoardAction::Select { hole: empty }), &network);
    assert_eq!(refused_with(&on_empty), Some(OnlineErrorCode::EmptyHole));
    let mine = board.pickable[0].clone();
    let select = OnlineRequest::Board(BoardAction::Select { hole: mine.clone() });
    let picked = view(&page.handle(select, &network)).unwrap();
    let to = picked.board.unwrap().selection.unwrap().ends[0].clone();
    let out = page.handle(OnlineRequest::Board(BoardAction::Move { to: to.clone() }), &network);
    // Sent, not yet played: the session hands it back played, and only then is it shown.
    assert!(!out.iter().any(|m| matches!(m, ServerMessage::OnlineMove(_))));
    assert!(!view(&out).unwrap().your_turn);
    let sent = wire.played.lock().unwrap().clone();
    assert_eq!(sent.len(), 1);
    let ours = after.parse_move(&sent[0]).unwrap();
    let (echo, _) = moved(true, after.as_ref(), &ours).unwrap();
    wire.events.lock().unwrap().push_back(NetEvent::Session(echo));
    let out = page.tick();
    assert!(
        matches!(&out[0], ServerMessage::OnlineMove(m) if m.path.first() == Some(&mine) && m.path.last() == Some(&to))
    );
    let shown = view(&out).unwrap();
    assert_eq!((shown.your_turn, shown.board.unwrap().history.len()), (false, 2));

    // The page closes: the session is left on purpose.
    page.close();
    assert_eq!(wire.left.load(Ordering::SeqCst), 1);
}

#[test]
fn a_seat_the_tables_link_has_not_is_refused_before_any_network() {
    let (wire, made) = (Wire::default(), Arc::new(AtomicUsize::new(0)));
    let network = slot(&wire, &made);
    let mut page = PageOnline::default();
    let link = "tripot://room/kawu-3/3/K7M-4QP".to_owned();
    for seat in [0, 4, 255] {
        let asked = OnlineRequest::JoinSeats { link: link.clone(), watch: false, seat: Some(seat) };
        let out = page.handle(asked, &network);
        assert_eq!(refused_with(&out), Some(OnlineErrorCode::NoSuchSeat), "seat {seat}");
        let [ServerMessage::OnlineError(refusal)] = out.as_slice() else { unreachable!() };
        assert!(
            format!("{refusal:?}").contains(&format!("Seat {seat} is not at this table: it has 3.")),
            "{refusal:?}"
        );
    }
    assert_eq!(made.load(Ordering::SeqCst), 0, "no network for a seat the table has not");
    // A seat it has goes to the network (which has no relay here).
    let asked = OnlineRequest::JoinSeats { link, watch: false, seat: Some(3) };
    assert_eq!(refused_with(&page.handle(asked, &network)), Some(OnlineErrorCode::Network));
}

#[test]
fn a_table_on_the_lan_is_listed_with_its_free_seats_and_joined_at_one() {
    let (wire, made) = (Wire::default(), Arc::new(AtomicUsize::new(0)));
    let table = tripot_protocol::table::TableId([5; 16]);
    let host = tripot_net::LanHost {
        peer: tripot_net::PeerId::random(),
        addr: "/ip4/192.168.1.40/tcp/4001".parse().unwrap(),
        name: "Chloé".into(),
        game: "kawu-3".parse().unwrap(),
        seats: 3,
        free: 2,
        waiting_secs: 8,
        offer: tripot_net::LanOffer::Table { table, spectators: false, started: false },
    };
    *wire.lan.lock().unwrap() = Some(vec![host.clone()]);
    let network = slot_with_mdns(&wire, &made, true);
    let mut page = PageOnline::default();
    assert!(
        page.handle(OnlineRequest::Lan, &network).iter().all(|m| !matches!(m, ServerMessage::OnlineError(_)))
    );
    let list = page
        .tick()
        .into_iter()
        .find_map(|m| if let ServerMessage::OnlineList(list) = m { Some(list) } else { None })
        .unwrap();
    assert_eq!(list.kind, "lan");
    let listed: Vec<(&str, u8, u8)> =
        list.games.iter().map(|g| (g.name.as_str(), g.seats, g.free_seats)).collect();
    assert_eq!(listed, [("Chloé", 3, 2)]);
    // Joined as its link would seat us: the first free seat, not the two-seat session.
    let _ = page.handle(OnlineRequest::JoinTable { addr: list.games[0].addr.clone() }, &network);
    let link = tripot_net::table_online::TableLink {
        spec: tripot_game::TableSpec { game: host.game, seats: 3 },
        table,
        host: host.addr,
    };
    assert_eq!(*wire.seats_joined.lock().unwrap(), [format!("{link} Seat(None)")]);
}

/// The list the page is sent after `asked` (the LAN or the lobby) and a tick.
fn listed(
    page: &mut PageOnline,
    asked: OnlineRequest,
    network: &Mutex<NetworkSlot>,
) -> crate::online_messages::ListView {
    let out = page.handle(asked, network);
    assert!(out.iter().all(|m| !matches!(m, ServerMessage::OnlineError(_))));
    page.tick()
        .into_iter()
        .find_map(|m| if let ServerMessage::OnlineList(list) = m { Some(list) } else { None })
        .unwrap()
}

/// Issue 23 item 6: a table of the lobby whose game is under way is listed as such beside an
/// open one; its button watches it, the open one's still sits.
#[test]
fn a_lobby_table_under_way_is_listed_to_be_watched_and_its_button_watches_it() {
    let (wire, made) = (Wire::default(), Arc::new(AtomicUsize::new(0)));
    let relay: Multiaddr = "/ip4/10.0.0.1/tcp/4001".parse().unwrap();
    let spec = tripot_game::TableSpec { game: "kawu-3".parse().unwrap(), seats: 3 };
    let table = |name: &str, id: u8, free: u8| {
        let host = tripot_net::PeerId::random();
        let addr: Multiaddr = format!("{relay}/p2p-circuit/p2p/{host}").parse().unwrap();
        let link = tripot_net::table_online::TableLink {
            spec: spec.clone(),
            table: tripot_protocol::table::TableId([id; 16]),
            host: addr.clone(),
        };
        let game = tripot_app::open_game::OpenGame {
            invitation: Some(tripot_app::table_invitation::TableInvitation::Table(link.clone())),
            under_way: free == 0,
            ..tripot_app::open_game::OpenGame::new(name.into(), spec.game.clone(), 3, free, 30, addr)
        };
        (game, link)
    };
    let ((under_way, watched), (open, sat)) = (table("Edmonde", 1, 0), table("Bea", 2, 1));
    let games = vec![under_way, open];
    *wire.lobby.lock().unwrap() =
        Some(tripot_app::open_game::OpenGames { relay: Some(relay.clone()), games });
    let network = slot(&wire, &made);
    let mut page = PageOnline::default();
    let list = listed(&mut page, OnlineRequest::Lobby, &network);
    assert_eq!(list.kind, "lobby");
    let shown: Vec<(&str, u8, bool)> =
        list.games.iter().map(|g| (g.name.as_str(), g.free_seats, g.under_way)).collect();
    assert_eq!(shown, [("Edmonde", 0, true), ("Bea", 1, false)]);
    let _ = page.handle(OnlineRequest::JoinTable { addr: list.games[0].addr.clone() }, &network);
    let _ = page.handle(OnlineRequest::JoinTable { addr: list.games[1].addr.clone() }, &network);
    assert_eq!(*wire.seats_joined.lock().unwrap(), [format!("{watched} Watch"), format!("{sat} Seat(None)")]);
}

/// Issue 23 item 6: a started table on the LAN that lets spectators in is listed under way and
/// watched from its button.
#[test]
fn a_started_table_on_the_lan_is_listed_to_be_watched_and_its_button_watches_it() {
    let (wire, made) = (Wire::default(), Arc::new(AtomicUsize::new(0)));
    let table = tripot_protocol::table::TableId([6; 16]);
    let host = tripot_net::LanHost {
        peer: tripot_net::PeerId::random(),
        addr: "/ip4/192.168.1.41/tcp/4001".parse().unwrap(),
        name: "Chloé".into(),
        game: "kawu-3".parse().unwrap(),
        seats: 3,
        free: 0,
        waiting_secs: 8,
        offer: tripot_net::LanOffer::Table { table, spectators: true, started: true },
    };
    *wire.lan.lock().unwrap() = Some(vec![host.clone()]);
    let network = slot_with_mdns(&wire, &made, true);
    let mut page = PageOnline::default();
    let list = listed(&mut page, OnlineRequest::Lan, &network);
    assert_eq!((list.games[0].free_seats, list.games[0].under_way), (0, true));
    let _ = page.handle(OnlineRequest::JoinTable { addr: list.games[0].addr.clone() }, &network);
    let link = tripot_net::table_online::TableLink {
        spec: tripot_game::TableSpec { game: host.game, seats: 3 },
        table,
        host: host.addr,
    };
    assert_eq!(*wire.seats_joined.lock().unwrap(), [format!("{link} Watch")]);
}
