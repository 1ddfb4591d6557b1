//! The list of open games, one page for both places they are found: the players hosting on the
//! LAN ([`Page::Lan`]) and the tables of a relay's lobby ([`Page::Lobby`]). The list refreshes
//! by itself from a background scan; Enter joins the chosen game (watches a table under way);
//! at the lobby one may also open one's own table.

use super::{App, Page};
use tripot_app::network::{NetworkError, OpenGameScan};
use tripot_app::online_connection::Side;
use tripot_app::online_seats::{LobbyWay, Opening};
use tripot_app::open_game::{OpenGame, OpenGames};
use tripot_protocol::table::Wants;

/// Tables shown per page of the lobby.
pub const LOBBY_PAGE: usize = 10;

/// Where the listed games were found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListKind {
    /// Players hosting on the LAN: a scrolling list.
    Lan,
    /// Tables at a relay: [`LOBBY_PAGE`] a page, and one's own table may be opened.
    Lobby,
}

/// The list page's state.
pub struct OpenGameList {
    pub(crate) kind: ListKind,
    pub(crate) scan: Option<Box<dyn OpenGameScan>>,
    /// The last list (`None` until the first round ends).
    pub(crate) list: Option<OpenGames>,
    /// Index in the whole list.
    pub(crate) selected: usize,
    pub(crate) error: Option<NetworkError>,
}

impl OpenGameList {
    /// Where the games were found.
    #[must_use]
    pub fn kind(&self) -> ListKind {
        self.kind
    }

    /// The games listed so far (`None` until the first list is read).
    #[must_use]
    pub fn games(&self) -> Option<&[OpenGame]> {
        self.list.as_ref().map(|l| l.games.as_slice())
    }

    /// The chosen game's index in the whole list.
    #[must_use]
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The lobby's page shown (0-based).
    #[must_use]
    pub fn page(&self) -> usize {
        self.selected / LOBBY_PAGE
    }

    /// Moves the choice: the LAN's short list wraps around, the lobby's pages stop at the ends.
    pub(crate) fn move_selection(&mut self, delta: isize) {
        let n = self.games().map_or(0, <[OpenGame]>::len) as isize;
        if n == 0 {
            return;
        }
        let to = self.selected as isize + delta;
        self.selected = match self.kind {
            ListKind::Lan => to.rem_euclid(n),
            ListKind::Lobby => to.clamp(0, n - 1),
        } as usize;
    }

    /// The newest round of the scan, if one finished.
    pub(crate) fn poll(&mut self) {
        let Some(result) = self.scan.as_mut().and_then(|s| s.try_list()) else { return };
        match result {
            Ok(list) => {
                self.selected = self.selected.min(list.games.len().saturating_sub(1));
                self.list = Some(list);
                self.error = None;
            }
            Err(error) => self.error = Some(error),
        }
    }
}

impl App {
    /// The list page's state (LAN or lobby), while it is open.
    #[must_use]
    pub fn open_games(&self) -> Option<&OpenGameList> {
        self.open_games.as_ref()
    }

    /// Opens the LAN page and starts scanning.
    pub fn open_lan(&mut self) {
        self.open_list(ListKind::Lan);
    }

    /// Opens the lobby page and starts reading the tables.
    pub fn open_lobby(&mut self) {
        self.open_list(ListKind::Lobby);
    }

    fn open_list(&mut self, kind: ListKind) {
        let Some(network) = self.network_or_say() else { return };
        let started = match kind {
            ListKind::Lan => network.scan_lan(),
            ListKind::Lobby => network.lobby(),
        };
        let (scan, error) = match started {
            Ok(scan) => (Some(scan), None),
            Err(error) => (None, Some(error)),
        };
        self.message = None;
        self.open_games = Some(OpenGameList { kind, scan, list: None, selected: 0, error });
        self.page = match kind {
            ListKind::Lan => Page::Lan,
            ListKind::Lobby => Page::Lobby,
        };
    }

    /// Joins the chosen game: a LAN host directly, a lobby table through its relay (a table of
    /// 3–6 seats at its first free seat, or among its spectators when its game is under way).
    pub(crate) fn join_open_game(&mut self) {
        let Some((relay, game)) = self.open_games.as_ref().and_then(|l| {
            let list = l.list.as_ref()?;
            Some((list.relay.clone(), list.games.get(l.selected)?.clone()))
        }) else {
            return;
        };
        if let Some(invitation) = game.invitation {
            // A table of 3–6 seats: its first free seat, on the table screen, found in the lobby.
            let opening = Opening::Lobby { spec: invitation.spec().clone(), way: LobbyWay::Listed };
            let wants = if game.under_way { Wants::Watch } else { Wants::Seat(None) };
            self.join_seats_as(&invitation, wants, opening);
            return;
        }
        let side = Side::Guest(game.name.clone());
        let Some(relay) = relay else {
            self.start_online_as(tripot_net::Start::Join(game.addr), side);
            return;
        };
        let Some(network) = self.network_or_say() else { return };
        match network.join_table(&relay, &game) {
            Ok(link) => self.open_online(side, Some(link)),
            Err(error) => self.say_network_error(&error),
        }
    }

    /// Opens one's own table at the lobby's relay, with the menu's host settings.
    pub(crate) fn open_lobby_table(&mut self) {
        let Some(relay) = self.open_games.as_ref().and_then(|l| l.list.as_ref()?.relay.clone()) else {
            return;
        };
        let Ok(offer) = self.menu.host_offer() else { return };
        let Some(network) = self.network_or_say() else { return };
        match network.open_table(&relay, offer.clone()) {
            Ok(link) => self.open_online(Side::Table(offer), Some(link)),
            Err(error) => self.say_network_error(&error),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    fn list(kind: ListKind, n: usize) -> OpenGameList {
        let game = |i: usize| {
            let spec = tripot_game::GameSpec::new("tripot-f2").unwrap();
            OpenGame::new(format!("joueur{i}"), spec, 2, 1, 0, "/ip4/192.0.2.1/tcp/4001".parse().unwrap())
        };
        let games = (0..n).map(game).collect();
        OpenGameList {
            kind,
            scan: None,
            list: Some(OpenGames { relay: None, games }),
            selected: 0,
            error: None,
        }
    }

    #[test]
    fn the_lan_list_wraps_around_and_the_lobby_stops_at_its_ends() {
        let mut lan = list(ListKind::Lan, 3);
        lan.move_selection(-1);
        assert_eq!(lan.selected(), 2);
        lan.move_selection(1);
        assert_eq!(lan.selected(), 0);
        let mut lobby = list(ListKind::Lobby, 12);
        lobby.move_selection(-1);
        assert_eq!(lobby.selected(), 0);
        lobby.move_selection(LOBBY_PAGE as isize);
        assert_eq!((lobby.selected(), lobby.page()), (10, 1));
        lobby.move_selection(LOBBY_PAGE as isize);
        assert_eq!(lobby.selected(), 11);
    }
}
