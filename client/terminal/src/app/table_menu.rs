//! The page that sets up a star table (RULES-STAR.md §2): the game, the number of players where
//! the game allows a choice, a person or a computer at a level for each seat, who opens.

use tripot_ai::Level;
use tripot_engine::Variant;

use tripot_engine::{Camp, Format, Rules};

use tripot_app::seat_kind::SeatKind;
use tripot_app::setup::{Mode, Setup};
use tripot_app::table_save::EveryGame;
use tripot_app::table_setup::{SeatPlayer, TableOpener, TableSetup, TableSetupError};
use tripot_game::{GameSpec, GameState, OpenError, Opener, Setup as OpenSetup};

// The games themselves are the core's (the words for them are in its catalogue).
pub use tripot_app::table_game::TableGame;

/// A line of the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableLine {
    /// The game.
    Game,
    /// The number of players.
    Players,
    /// The Tripot duel's format (its line only when the duel is chosen).
    Format,
    /// Who sits at seat `i` (0-based, playing order).
    Seat(usize),
    /// Who opens.
    Opener,
    /// Start the table.
    Start,
    /// Back to the main menu.
    Back,
}

/// The page's state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableMenu {
    /// Index in [`TableMenu::lines`].
    pub selected: usize,
    /// The game.
    pub game: TableGame,
    /// The number of players, one of the game's counts.
    pub players: u8,
    /// Who sits at each seat; the first `players` are used.
    pub seats: [SeatPlayer; 6],
    /// Who opens.
    pub opener: TableOpener,
    /// The format of the Tripot duel, when it is the game chosen.
    pub format: Format,
}

impl Default for TableMenu {
    fn default() -> TableMenu {
        TableMenu {
            selected: 0,
            game: TableGame::Kawu,
            players: 3,
            seats: [
                SeatPlayer::Human,
                SeatPlayer::Computer(Level::Moyen),
                SeatPlayer::Computer(Level::Moyen),
                SeatPlayer::Computer(Level::Moyen),
                SeatPlayer::Computer(Level::Moyen),
                SeatPlayer::Computer(Level::Moyen),
            ],
            opener: TableOpener::First,
            format: Format::One,
        }
    }
}

impl TableMenu {
    /// The lines, top to bottom: one per seat of the chosen number of players.
    #[must_use]
    pub fn lines(&self) -> Vec<TableLine> {
        let mut lines = vec![TableLine::Game, TableLine::Players];
        if self.game == TableGame::Tripot {
            lines.push(TableLine::Format);
        }
        lines.extend((0..usize::from(self.players)).map(TableLine::Seat));
        // Draughts: white opens, always.
        if self.game != TableGame::Draughts {
            lines.push(TableLine::Opener);
        }
        lines.extend([TableLine::Start, TableLine::Back]);
        lines
    }

    /// The chosen line.
    #[must_use]
    pub fn line(&self) -> TableLine {
        let lines = self.lines();
        lines.get(self.selected).or(lines.last()).copied().unwrap_or(TableLine::Back)
    }

    /// The variant chosen.
    #[must_use]
    pub fn variant(&self) -> Option<Variant> {
        self.game.variant(self.players)
    }

    /// Moves the choice up (`-1`) or down (`1`), cycling.
    pub(crate) fn move_selection(&mut self, delta: isize) {
        let n = self.lines().len() as isize;
        self.selected = (self.selected as isize + delta).rem_euclid(n) as usize;
    }

    /// Changes the setting on the chosen line, forward (`1`) or back (`-1`).
    pub(crate) fn change(&mut self, delta: isize) {
        match self.line() {
            TableLine::Game => {
                self.game = cycle(&TableGame::ALL, self.game, delta);
                let counts = self.game.counts();
                // The nearest count the new game has, so that 3 players stay 3 where they can.
                self.players =
                    counts.iter().copied().min_by_key(|&c| (c.abs_diff(self.players), c)).unwrap_or(2);
                self.clamp_opener();
            }
            TableLine::Players => {
                self.players = cycle(self.game.counts(), self.players, delta);
                self.clamp_opener();
            }
            TableLine::Format => {
                self.format = cycle(&[Format::One, Format::Two, Format::Three], self.format, delta);
            }
            TableLine::Seat(i) => {
                if let Some(seat) = self.seats.get_mut(i) {
                    *seat = cycle(&SeatPlayer::ALL, *seat, delta);
                }
            }
            TableLine::Opener => {
                let mut all: Vec<TableOpener> = (1..=self.players).map(TableOpener::Seat).collect();
                all.push(TableOpener::Draw);
                let current = match self.opener {
                    TableOpener::First => TableOpener::Seat(1),
                    other => other,
                };
                self.opener = cycle(&all, current, delta);
            }
            TableLine::Start | TableLine::Back => {}
        }
        self.selected = self.selected.min(self.lines().len() - 1);
    }

    /// A chosen seat that no longer sits at the table opens no more: seat 1 does.
    fn clamp_opener(&mut self) {
        if matches!(self.opener, TableOpener::Seat(n) if n > self.players) {
            self.opener = TableOpener::First;
        }
    }

    /// The table as set up here, its opener drawn if asked.
    pub fn setup(&self, seed: u64) -> Result<TableSetup, TableSetupError> {
        let variant = self.variant().ok_or(TableSetupError::Players(self.players))?;
        let players = self.seats[..usize::from(self.players).min(6)].to_vec();
        TableSetup::new(variant, players, self.opener.resolve(variant), seed)
    }
}

impl TableMenu {
    /// A game played at the one table (draughts), as set here: its start and who sits at each
    /// seat.
    ///
    /// # Errors
    /// [`OpenError`]: the game cannot be opened (never for the games of the page).
    pub fn game_table(&self) -> Result<(Box<dyn GameState>, Vec<SeatKind>), OpenError> {
        let spec: GameSpec = "draughts".parse()?;
        let state = EveryGame.open(&spec, &OpenSetup::default())?;
        let seats = self.seats[..usize::from(state.seat_count()).min(6)]
            .iter()
            .map(|player| match player {
                SeatPlayer::Human => SeatKind::Person,
                SeatPlayer::Computer(level) => SeatKind::Computer(*level),
            })
            .collect();
        Ok((state, seats))
    }

    /// The Tripot duel as set here, in the format chosen: solo against the computer of the
    /// other seat (the person plays camp A, as in the main menu's solo), or a duel of two people;
    /// `None` for two computers, which the duel does not have.
    #[must_use]
    pub fn duel_setup(&self, seed: u64) -> Option<Setup> {
        let seat_one_opens = match self.opener {
            TableOpener::First | TableOpener::Seat(1) => true,
            TableOpener::Seat(_) => false,
            TableOpener::Draw => rand::random::<bool>(),
        };
        let (mode, person_opens) = match (self.seats[0], self.seats[1]) {
            (SeatPlayer::Human, SeatPlayer::Human) => (Mode::Duel, seat_one_opens),
            (SeatPlayer::Human, SeatPlayer::Computer(level)) => (Mode::Solo { level, seed }, seat_one_opens),
            (SeatPlayer::Computer(level), SeatPlayer::Human) => (Mode::Solo { level, seed }, !seat_one_opens),
            (SeatPlayer::Computer(_), SeatPlayer::Computer(_)) => return None,
        };
        let opener = if person_opens { Camp::A } else { Camp::B };
        Some(Setup { mode, format: self.format, rules: Rules::Tripot, opener })
    }
}

fn cycle<T: Copy + PartialEq>(all: &[T], current: T, delta: isize) -> T {
    let n = all.len().max(1) as isize;
    let i = all.iter().position(|x| *x == current).unwrap_or(0) as isize;
    all.get((i + delta).rem_euclid(n) as usize).copied().unwrap_or(current)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn every_game_and_count_of_the_page_is_a_variant_and_every_variant_is_reachable() {
        let mut reached = Vec::new();
        for game in
            TableGame::ALL.into_iter().filter(|&g| !matches!(g, TableGame::Tripot | TableGame::Draughts))
        {
            for &n in game.counts() {
                reached.push(game.variant(n).unwrap_or_else(|| panic!("{game:?} {n}")));
            }
        }
        assert!(Variant::ALL.iter().all(|v| reached.contains(v)), "{reached:?}");
    }

    #[test]
    fn changing_the_game_keeps_a_count_it_has_and_one_line_per_seat() {
        let mut menu = TableMenu::default();
        assert_eq!(menu.variant().map(|v| v.to_string()), Some("kawu-3".into()));
        menu.change(1);
        assert_eq!(menu.variant().map(|v| v.to_string()), Some("halma-3".into()));
        menu.change(1);
        assert_eq!(menu.variant().map(|v| v.to_string()), Some("halma-long-2".into()));
        assert_eq!(menu.lines().len(), 2 + 2 + 3);
        menu.selected = 1;
        menu.change(1);
        assert_eq!(menu.players, 6);
        menu.selected = menu.lines().iter().position(|&l| l == TableLine::Opener).unwrap();
        menu.change(-1);
        assert_eq!(menu.opener, TableOpener::Draw);
        menu.change(-1);
        assert_eq!(menu.opener, TableOpener::Seat(6));
        menu.selected = 1;
        menu.change(1);
        assert_eq!(menu.players, 2);
        assert_eq!(menu.opener, TableOpener::First, "seat 6 left the table");
    }

    #[test]
    fn the_tripot_duel_of_the_page_is_a_solo_or_a_duel_with_the_person_in_camp_a() {
        let mut menu = TableMenu { game: TableGame::Tripot, players: 2, ..TableMenu::default() };
        menu.seats[1] = SeatPlayer::Computer(Level::Facile);
        let solo = menu.duel_setup(5).unwrap();
        assert_eq!((solo.mode, solo.opener), (Mode::Solo { level: Level::Facile, seed: 5 }, Camp::A));
        menu.seats = [
            SeatPlayer::Computer(Level::Moyen),
            SeatPlayer::Human,
            SeatPlayer::Human,
            SeatPlayer::Human,
            SeatPlayer::Human,
            SeatPlayer::Human,
        ];
        assert_eq!(menu.duel_setup(0).unwrap().opener, Camp::B, "the computer's seat opens");
        menu.seats[1] = SeatPlayer::Computer(Level::Moyen);
        assert_eq!(menu.duel_setup(0), None);
        menu.seats[0] = SeatPlayer::Human;
        menu.seats[1] = SeatPlayer::Human;
        menu.opener = TableOpener::Seat(2);
        assert_eq!(menu.duel_setup(0).map(|s| (s.mode, s.opener)), Some((Mode::Duel, Camp::B)));
    }

    #[test]
    fn the_duel_has_a_format_line_and_starts_in_the_format_chosen() {
        let mut menu = TableMenu::default();
        assert!(!menu.lines().contains(&TableLine::Format));
        menu.game = TableGame::Tripot;
        menu.players = 2;
        let lines = menu.lines();
        assert_eq!(&lines[..3], [TableLine::Game, TableLine::Players, TableLine::Format]);
        menu.selected = 2;
        menu.change(1);
        menu.change(1);
        assert_eq!(menu.format, Format::Three);
        let setup = menu.duel_setup(0).unwrap();
        assert_eq!(setup.format, Format::Three);
        menu.change(1);
        assert_eq!(menu.duel_setup(0).unwrap().format, Format::One);
    }
}
