//! A quick match for an online table of 3–6 seats from the main menu: a game of the catalogue,
//! or any game of a seat count, sought over the relay's lobby. The seek runs in the background
//! ([`tripot_app::network::TableSeek`]); its page says how it goes on every tick until the
//! table is settled, which then opens on the one game screen as any online table does.

use tripot_app::network::{TableSeek, TableSeekNews};
use tripot_app::online_seats::{LobbyWay, Opening};
use tripot_game::TableSpec;
use tripot_game::catalogue::{GameInfo, catalogue};
use tripot_net::online::matchmaking::quick::QuickSeek;
use tripot_net::table_online::QuickTableProgress;

use super::table_menu::default_clock;
use super::{App, Page};

/// The game a quick match for a table seeks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuickTableGame {
    /// The seat count (3–6).
    pub seats: u8,
    /// The game, or any game of those seats.
    pub game: Option<&'static GameInfo>,
}

impl Default for QuickTableGame {
    fn default() -> QuickTableGame {
        QuickTableGame { seats: 3, game: None }
    }
}

impl QuickTableGame {
    /// Every choice, in the order the menu cycles through them: for 3 to 6 seats, any game of
    /// them, then each of the catalogue's games of them.
    #[must_use]
    pub fn all() -> Vec<QuickTableGame> {
        (3..=6)
            .flat_map(|seats| {
                let games = catalogue().iter().filter(move |g| g.seats == seats).map(Some);
                std::iter::once(None).chain(games).map(move |game| QuickTableGame { seats, game })
            })
            .collect()
    }

    /// What the relay's lobby is searched for; a seeker of any game opens a table of the
    /// catalogue's first game of its seats, if it opens one.
    #[must_use]
    pub fn seek(self) -> Option<(QuickSeek, &'static GameInfo)> {
        match self.game {
            Some(game) => Some((QuickSeek::exactly(spec(game)), game)),
            None => {
                let first = catalogue().iter().find(|g| g.seats == self.seats)?;
                Some((QuickSeek::any(spec(first)), first))
            }
        }
    }
}

fn spec(game: &GameInfo) -> TableSpec {
    TableSpec { game: game.spec(), seats: game.seats }
}

/// A quick match for a table under way.
pub struct QuickTableWait {
    pub(crate) seek: Box<dyn TableSeek>,
    /// What is sought.
    pub choice: QuickTableGame,
    /// How it goes (reading the lobby until told otherwise).
    pub progress: QuickTableProgress,
    /// The tick it started at (the page counts the wait).
    pub started_at: u64,
}

impl App {
    /// The quick match for a table under way, if one is.
    #[must_use]
    pub fn quick_table(&self) -> Option<&QuickTableWait> {
        self.quick_table.as_ref()
    }

    /// Starts a quick match for a table of `choice` and shows its wait; a failure to start is
    /// said on the menu.
    pub fn start_quick_table(&mut self, choice: QuickTableGame) {
        let Some((wanted, game)) = choice.seek() else { return };
        let clock = default_clock(game);
        let Some(network) = self.network_or_say() else { return };
        match network.quick_table(wanted, clock) {
            Ok(seek) => {
                self.message = None;
                self.quick_table = Some(QuickTableWait {
                    seek,
                    choice,
                    progress: QuickTableProgress::Seeking,
                    started_at: self.ticks,
                });
                self.page = Page::QuickTable;
            }
            Err(error) => self.say_network_error(&error),
        }
    }

    /// Gives the seek up and goes back to the menu.
    pub(crate) fn cancel_quick_table(&mut self) {
        self.quick_table = None;
        self.message = None;
        self.page = Page::Menu;
    }

    /// On every tick: the seek's news; a settled table opens on the game screen.
    pub(crate) fn poll_quick_table(&mut self) {
        while let Some(news) = self.quick_table.as_mut().and_then(|wait| wait.seek.try_news()) {
            match news {
                TableSeekNews::Progress(progress) => {
                    if let Some(wait) = &mut self.quick_table {
                        wait.progress = progress;
                    }
                }
                TableSeekNews::Settled(link) => {
                    let Some(wait) = self.quick_table.take() else { return };
                    let Some((wanted, _)) = wait.choice.seek() else { return };
                    // The game is the table's (a seeker of any game learns it from the table's
                    // state); no link is built: the table is the lobby's.
                    let opening = Opening::Lobby { spec: wanted.table, way: LobbyWay::QuickMatch };
                    self.open_seats(link, opening);
                    return;
                }
                TableSeekNews::Failed(error) => {
                    self.quick_table = None;
                    self.page = Page::Menu;
                    self.say_network_error(&error);
                    return;
                }
            }
        }
    }
}
