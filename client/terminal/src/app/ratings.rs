//! The « Classements » page's state: which game and period are shown, the relay's table once
//! read (or why it could not be), and the reading under way.

use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::{SystemTime, UNIX_EPOCH};

use tripot_app::NetworkError;
use tripot_app::network::{Standings, StandingsQuery};
use tripot_game::GameInfo;
use tripot_ratings_wire::{Month, Period};

use super::{App, Page};

/// The ratings page: a relay's table for one game and period.
#[derive(Debug)]
pub struct RatingsPage {
    /// Index in [`rated_games`] of the game shown.
    pub(crate) game: usize,
    /// All time, or this month.
    pub(crate) period: Period,
    /// The answer awaited, while a reading is under way.
    reading: Option<Receiver<Result<Standings, NetworkError>>>,
    /// The table last read.
    pub(crate) table: Option<Standings>,
    /// Why the last reading failed.
    pub(crate) error: Option<NetworkError>,
}

/// The games a relay rates: the catalogue's games of two seats, the ones played online.
#[must_use]
pub fn rated_games() -> Vec<&'static GameInfo> {
    tripot_game::catalogue::catalogue().iter().filter(|info| info.seats == 2).collect()
}

/// The month it is (UTC).
fn this_month() -> Month {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    Month::from_unix(now)
}

impl RatingsPage {
    /// The query of the game and period shown.
    #[must_use]
    pub fn query(&self) -> StandingsQuery {
        let games = rated_games();
        let game = games.get(self.game).or(games.first()).map_or_else(String::new, |g| g.name.to_owned());
        StandingsQuery { game, period: self.period }
    }

    /// Whether a reading is under way.
    #[must_use]
    pub fn is_reading(&self) -> bool {
        self.reading.is_some()
    }

    /// The table last read, if any.
    #[must_use]
    pub fn table(&self) -> Option<&Standings> {
        self.table.as_ref()
    }

    /// The answer, if it came.
    fn poll(&mut self) {
        let Some(reading) = &self.reading else { return };
        let answer = match reading.try_recv() {
            Ok(answer) => answer,
            Err(TryRecvError::Empty) => return,
            // The reader went away without a word: the runtime stopped.
            Err(TryRecvError::Disconnected) => {
                self.reading = None;
                return;
            }
        };
        self.reading = None;
        match answer {
            Ok(table) => {
                self.table = Some(table);
                self.error = None;
            }
            Err(error) => {
                self.table = None;
                self.error = Some(error);
            }
        }
    }
}

impl App {
    /// The ratings page's state, while it is open.
    #[must_use]
    pub fn ratings(&self) -> Option<&RatingsPage> {
        self.ratings.as_ref()
    }

    /// Opens the ratings page on the first game, all time, and reads its table.
    pub fn open_ratings(&mut self) {
        self.message = None;
        self.ratings =
            Some(RatingsPage { game: 0, period: Period::AllTime, reading: None, table: None, error: None });
        self.page = Page::Ratings;
        self.read_ratings();
    }

    /// Shows the next (or previous) game's table.
    pub(crate) fn ratings_game_step(&mut self, step: isize) {
        let count = rated_games().len().max(1);
        let Some(page) = &mut self.ratings else { return };
        page.game = page.game.saturating_add_signed(step + count as isize) % count;
        self.read_ratings();
    }

    /// Switches between all time and this month.
    pub(crate) fn ratings_toggle_period(&mut self) {
        let Some(page) = &mut self.ratings else { return };
        page.period = match page.period {
            Period::AllTime => Period::Month(this_month()),
            Period::Month(_) => Period::AllTime,
        };
        self.read_ratings();
    }

    /// Reads the table shown again, at the relay.
    pub(crate) fn read_ratings(&mut self) {
        let Some(query) = self.ratings.as_ref().map(RatingsPage::query) else { return };
        let Some(network) = self.network_or_say() else { return };
        let started = network.standings(query);
        let Some(page) = &mut self.ratings else { return };
        page.table = None;
        match started {
            Ok(reading) => {
                page.reading = Some(reading);
                page.error = None;
            }
            Err(error) => {
                page.reading = None;
                page.error = Some(error);
            }
        }
        page.poll();
    }

    /// On every tick: the table, if it came.
    pub(crate) fn poll_ratings(&mut self) {
        if let Some(page) = &mut self.ratings {
            page.poll();
        }
    }
}
