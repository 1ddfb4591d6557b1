//! How one page's online game starts: hosting (directly or in a private room), joining by an
//! address or a room code, quick match, one's own table at the lobby or one listed there, the
//! LAN's and the lobby's lists — each through the server's one network.

use std::sync::{Mutex, PoisonError};

use tripot_app::i18n::fill;
use tripot_app::network::{Link, Network, NetworkError};
use tripot_app::online_connection::Side;
use tripot_app::online_table::OnlineTable;
use tripot_net::online::matchmaking::quick::QuickSeek;
use tripot_net::room::RoomCode;
use tripot_net::session::Offer;
use tripot_net::{Multiaddr, Start};
use tripot_protocol::table::Wants;

use super::{ListKind, NetworkSlot, OpenList, PageOnline};
use crate::messages::ServerMessage;
use crate::online_messages::OnlineErrorCode;
use crate::online_words::{Refusal, network_refusal, refusal};

impl PageOnline {
    // ---- starting ----------------------------------------------------------------------------

    pub(super) fn not_online_yet(&self) -> Result<(), Refusal> {
        if self.online.is_some() || self.seats.is_some() {
            return Err(refusal(OnlineErrorCode::AlreadyOnline, |l| l.page().online_already_open.to_owned()));
        }
        Ok(())
    }

    pub(super) fn host(
        &mut self,
        offer: Offer,
        room: bool,
        network: &Mutex<NetworkSlot>,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        self.not_online_yet()?;
        let (start, side) = if room {
            (Start::HostRoom { offer: offer.clone(), code: RoomCode::random() }, Side::Room(offer))
        } else {
            (Start::Host(offer.clone()), Side::Host(offer))
        };
        self.start(side, network, |net| net.start(start))
    }

    pub(super) fn join(
        &mut self,
        to: &str,
        network: &Mutex<NetworkSlot>,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        self.not_online_yet()?;
        let text = to.trim();
        // As on the terminal's join page: an address starts with a slash, anything else is read
        // as a room code.
        let start = if text.starts_with('/') {
            text.parse::<Multiaddr>().ok().map(Start::Join)
        } else {
            text.parse::<RoomCode>().ok().map(Start::JoinRoom)
        };
        let Some(start) = start else {
            let shown: String = text.chars().take(80).collect();
            return Err(refusal(OnlineErrorCode::BadAddress, |l| {
                fill(l.page().online_bad_address, &[("why", l.t().join_invalid), ("shown", &shown)])
            }));
        };
        self.start(Side::Guest(text.to_owned()), network, |net| net.start(start))
    }

    pub(super) fn quick(
        &mut self,
        wanted: QuickSeek,
        network: &Mutex<NetworkSlot>,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        self.not_online_yet()?;
        self.start(Side::Quick(wanted.clone()), network, |net| net.quick(wanted))
    }

    pub(super) fn join_table(
        &mut self,
        addr: &str,
        network: &Mutex<NetworkSlot>,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        self.not_online_yet()?;
        let listed = self.list.as_ref().and_then(|l| {
            let list = l.list.as_ref()?;
            let game = list.games.iter().find(|g| g.addr.to_string() == addr)?;
            Some((list.relay.clone(), game.clone()))
        });
        let Some((relay, game)) = listed else {
            return Err(refusal(OnlineErrorCode::NoSuchTable, |l| l.page().online_no_such_table.to_owned()));
        };
        if let Some(invitation) = game.invitation.clone() {
            // A table of 3–6 seats: its first free seat, as its link would seat us; under way,
            // a place among its spectators.
            let wants = if game.under_way { Wants::Watch } else { Wants::Seat(None) };
            return self.join_invitation(invitation, wants, network);
        }
        let side = Side::Guest(game.name.clone());
        match relay {
            None => self.start(side, network, |net| net.start(Start::Join(game.addr.clone()))),
            Some(relay) => self.start(side, network, |net| net.join_table(&relay, &game)),
        }
    }

    pub(super) fn open_table(
        &mut self,
        offer: Offer,
        network: &Mutex<NetworkSlot>,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        self.not_online_yet()?;
        let relay = self
            .list
            .as_ref()
            .filter(|l| l.kind == ListKind::Lobby)
            .and_then(|l| l.list.as_ref()?.relay.clone());
        let Some(relay) = relay else {
            return Err(refusal(OnlineErrorCode::NotNow, |l| l.page().online_no_lobby.to_owned()));
        };
        self.start(Side::Table(offer.clone()), network, |net| net.open_table(&relay, offer))
    }

    /// Starts a session through the shared network and opens the game on it.
    pub(super) fn start(
        &mut self,
        side: Side,
        network: &Mutex<NetworkSlot>,
        start: impl FnOnce(&mut (dyn Network + Send)) -> Result<Box<dyn Link>, NetworkError>,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        let link = {
            let mut slot = network.lock().unwrap_or_else(PoisonError::into_inner);
            slot.get().and_then(start)
        };
        let link = link.map_err(|error| network_refusal(&error))?;
        self.list = None;
        self.news.clear();
        self.online = Some(OnlineTable::new(side, Some(link), self.ticks));
        Ok(Vec::new())
    }

    pub(super) fn open_list(
        &mut self,
        kind: ListKind,
        network: &Mutex<NetworkSlot>,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        self.not_online_yet()?;
        let started = {
            let mut slot = network.lock().unwrap_or_else(PoisonError::into_inner);
            // The scan is mDNS itself: with `--no-mdns` nothing is sent on the LAN.
            if kind == ListKind::Lan && !slot.mdns {
                return Err(refusal(OnlineErrorCode::Network, |l| l.page().online_no_mdns.to_owned()));
            }
            slot.get().and_then(|net| match kind {
                ListKind::Lan => net.scan_lan(),
                ListKind::Lobby => net.lobby(),
            })
        };
        let (scan, error) = match started {
            Ok(scan) => (Some(scan), None),
            Err(error) => (None, Some(error)),
        };
        self.list = Some(OpenList { kind, scan, list: None, error });
        Ok(Vec::new())
    }

    pub(super) fn close_list(&mut self) -> Result<Vec<ServerMessage>, Refusal> {
        if self.list.take().is_none() {
            return Err(refusal(OnlineErrorCode::NotNow, |l| l.page().online_no_list.to_owned()));
        }
        Ok(Vec::new())
    }
}
