//! The set-up form of a game on this device, from the catalogue (`tripot_game::catalogue`): the
//! game (its family, then one of the family's games — a duel's format and rules, a star game's
//! number of players, draughts), a person or a computer at a level for each seat, who opens.
//! Its start is any game at the one table ([`super::GameTable`]); nothing here names a game.
//! « Où : en ligne » makes the same form host an online table of the game's seats: the first
//! seat is the host's, each other a guest's or a computer's (the computers sit right after the
//! host), with a clock, spectators or not, and where the others find it: the table's link, a
//! private room on the relay, or the relay's lobby (tables of 3–6 seats).

use tripot_ai::Level;
use tripot_app::seat_draw::draw_opener;
use tripot_app::seat_kind::SeatKind;
use tripot_app::table_save::EveryGame;
use tripot_app::table_setup::TableOpener;
use tripot_game::catalogue::{Family, GameInfo, catalogue};
use tripot_game::{GameState, OpenError, Opener, Seat, Setup};
use tripot_net::room::RoomCode;
use tripot_net::table::TableOffer;
use tripot_net::table_online::random_table_id;
use tripot_protocol::table::{ClockRule, TableId};

/// The clocks an online table offers, in the order the form cycles through them: none, a time
/// a move (30 s, 1, 2, 5 min), a reserve with an increment.
pub const CLOCKS: [ClockRule; 6] = [
    ClockRule::None,
    ClockRule::PerMove { secs: 30 },
    ClockRule::PerMove { secs: 60 },
    ClockRule::PerMove { secs: 120 },
    ClockRule::PerMove { secs: 300 },
    ClockRule::Reserve { secs: 300, increment_secs: 5 },
];

/// A line of the form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableLine {
    /// The family of games.
    Family,
    /// The game of the family (its format, its number of players…).
    Game,
    /// Who sits at seat `i` (0-based, playing order).
    Seat(usize),
    /// On this device or online.
    Where,
    /// Online: the clock.
    Clock,
    /// Online: spectators let in or not.
    Spectators,
    /// Online: where the others find the table ([`Meeting`]).
    Room,
    /// Who opens (by default the game's own first seat: draughts' white).
    Opener,
    /// Start the game.
    Start,
    /// Back to the main menu.
    Back,
}

/// Where the others find an online table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Meeting {
    /// By the table's link (its host's address), shared by the host.
    Link,
    /// In a private room on the relay: its code, or the room's link.
    Room,
    /// Listed in the relay's lobby while seats are free (3–6 seats: the relay pairs duels).
    Lobby,
}

/// Where an online table set up on the form opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hosting {
    /// Reached by its link.
    Link,
    /// In the private room of this code.
    Room(RoomCode),
    /// Listed in the relay's lobby.
    Lobby,
}

/// The form's state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableMenu {
    /// Index in [`TableMenu::lines`].
    pub selected: usize,
    /// The game chosen.
    pub game: &'static GameInfo,
    /// Who sits at each seat; the first `game.seats` are used.
    pub seats: [SeatKind; 6],
    /// Who opens.
    pub opener: TableOpener,
    /// Hosted online: the first seat is ours, a person at another seat is a guest's.
    pub online: bool,
    /// Online: the clock.
    pub clock: ClockRule,
    /// Online: spectators let in.
    pub spectators: bool,
    /// Online: where the others find the table.
    pub meeting: Meeting,
}

impl Default for TableMenu {
    fn default() -> TableMenu {
        TableMenu::preset("kawu-3", &[SeatKind::Person])
    }
}

impl TableMenu {
    /// The form with `game` chosen (the first of the catalogue if it is not one) and the first
    /// seats taken by `seats`; the other seats are computers at the middle level.
    #[must_use]
    pub fn preset(game: &str, seats: &[SeatKind]) -> TableMenu {
        let game = catalogue().iter().find(|g| g.name == game).or(catalogue().first());
        let mut all = [SeatKind::Computer(Level::Moyen); 6];
        for (seat, &kind) in all.iter_mut().zip(seats) {
            *seat = kind;
        }
        let game = game.unwrap_or(&FALLBACK);
        TableMenu {
            selected: 0,
            game,
            seats: all,
            opener: TableOpener::First,
            online: false,
            clock: default_clock(game),
            spectators: true,
            meeting: Meeting::Link,
        }
    }

    /// The lines, top to bottom: one per seat of the chosen game.
    #[must_use]
    pub fn lines(&self) -> Vec<TableLine> {
        let mut lines = vec![TableLine::Family, TableLine::Game, TableLine::Where];
        lines.extend((0..usize::from(self.game.seats)).map(TableLine::Seat));
        if self.online {
            // The table opens its games as their rules say: no opener to choose.
            lines.extend([TableLine::Clock, TableLine::Spectators, TableLine::Room]);
        } else {
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

    /// Moves the choice up (`-1`) or down (`1`), cycling.
    pub(crate) fn move_selection(&mut self, delta: isize) {
        let n = self.lines().len() as isize;
        self.selected = (self.selected as isize + delta).rem_euclid(n) as usize;
    }

    /// Changes the setting on the chosen line, forward (`1`) or back (`-1`).
    pub(crate) fn change(&mut self, delta: isize) {
        match self.line() {
            TableLine::Family => {
                let family = cycle(&Family::ALL, self.game.family, delta);
                // The family's game with the nearest number of players: 3 stay 3 where they can.
                let seats = self.game.seats;
                if let Some(game) = family.games().min_by_key(|g| g.seats.abs_diff(seats)) {
                    self.game = game;
                }
            }
            TableLine::Game => {
                let games: Vec<&'static GameInfo> = self.game.family.games().collect();
                self.game = cycle(&games, self.game, delta);
            }
            TableLine::Where => {
                self.online = !self.online;
                if self.online {
                    // The host sits at the first seat.
                    self.seats[0] = SeatKind::Person;
                }
            }
            TableLine::Clock => self.clock = cycle(&CLOCKS, self.clock, delta),
            TableLine::Spectators => self.spectators = !self.spectators,
            TableLine::Room => self.meeting = cycle(&self.meetings(), self.meeting, delta),
            // Online, the first seat is the host's.
            TableLine::Seat(0) if self.online => {}
            TableLine::Seat(i) => {
                if let Some(seat) = self.seats.get_mut(i) {
                    *seat = cycle(&SeatKind::ALL, *seat, delta);
                }
            }
            TableLine::Opener => {
                // Where the rules name the first mover, the choice is theirs or a draw of seats.
                let choosable = if self.game.opener_fixed { 1 } else { self.game.seats };
                let mut all: Vec<TableOpener> = (1..=choosable).map(TableOpener::Seat).collect();
                all.push(TableOpener::Draw);
                let current = match self.opener {
                    TableOpener::First => TableOpener::Seat(1),
                    other => other,
                };
                self.opener = cycle(&all, current, delta);
            }
            TableLine::Start | TableLine::Back => {}
        }
        // A seat that no longer sits at the table opens no more: seat 1 does.
        if matches!(self.opener, TableOpener::Seat(n) if n > self.game.seats) {
            self.opener = TableOpener::First;
        }
        if matches!(self.line(), TableLine::Family | TableLine::Game) {
            self.clock = default_clock(self.game);
        }
        if !self.meetings().contains(&self.meeting) {
            self.meeting = Meeting::Link;
        }
        self.selected = self.selected.min(self.lines().len() - 1);
    }

    /// The places the chosen game's table may be found: its link, a private room, and the
    /// lobby for 3–6 seats.
    #[must_use]
    pub fn meetings(&self) -> Vec<Meeting> {
        let mut all = vec![Meeting::Link, Meeting::Room];
        if self.game.seats > 2 {
            all.push(Meeting::Lobby);
        }
        all
    }

    /// The online table as set here: the offer (a room's table id when in a room; a listed
    /// table's is derived by the listing), the computers' levels in seat order, where it opens.
    #[must_use]
    pub fn online_table(&self) -> (TableOffer, Vec<u8>, Hosting) {
        let hosting = match self.meeting {
            Meeting::Link => Hosting::Link,
            Meeting::Room => Hosting::Room(RoomCode::random()),
            Meeting::Lobby => Hosting::Lobby,
        };
        let room = match hosting {
            Hosting::Room(code) => Some(code),
            Hosting::Link | Hosting::Lobby => None,
        };
        let offer = TableOffer {
            table: room.map_or_else(random_table_id, |code| TableId(code.table_id())),
            game: self.game.spec(),
            seats: self.game.seats,
            clock: self.clock,
            spectators: self.spectators,
        };
        let computers = self.seats[1..usize::from(self.game.seats).min(self.seats.len())]
            .iter()
            .filter_map(|kind| kind.level().map(Level::number))
            .collect();
        (offer, computers, hosting)
    }

    /// The game as set here: its start (its opener drawn if asked) and who sits at each seat.
    ///
    /// # Errors
    /// [`OpenError`]: the game cannot be opened (never for the games of the catalogue).
    pub fn start(&self) -> Result<(Box<dyn GameState>, Vec<SeatKind>), OpenError> {
        let mut seats = self.seats;
        let opener = match self.opener {
            TableOpener::First => None,
            TableOpener::Seat(n) => Some(Seat(n.saturating_sub(1))),
            TableOpener::Draw => draw_opener(self.game, &mut seats, rand::random()),
        };
        let state = EveryGame.open(&self.game.spec(), &Setup { opener, position: None })?;
        let seats = seats.iter().copied().take(usize::from(state.seat_count())).collect();
        Ok((state, seats))
    }
}

/// The clock of a game's table by default: its own custom (draughts: a minute a move), else none.
pub(crate) fn default_clock(game: &GameInfo) -> ClockRule {
    game.move_secs.map_or(ClockRule::None, |secs| ClockRule::PerMove { secs })
}

/// Never used: the catalogue is not empty (its tests say so); only for the types' sake.
static FALLBACK: GameInfo = GameInfo {
    name: "kawu-2",
    family: Family::Kawu,
    seats: 2,
    geometry: tripot_game::Geometry::Star121,
    title: tripot_game::catalogue::Words { fr: "kawu", en: "kawu" },
    description: tripot_game::catalogue::Words { fr: "", en: "" },
    opener_fixed: false,
    move_secs: None,
};

fn cycle<T: Copy + PartialEq>(all: &[T], current: T, delta: isize) -> T {
    let n = all.len().max(1) as isize;
    let i = all.iter().position(|x| *x == current).unwrap_or(0) as isize;
    all.get((i + delta).rem_euclid(n) as usize).copied().unwrap_or(current)
}

impl super::App {
    /// The table set-up page's state.
    #[must_use]
    pub fn table_menu(&self) -> &TableMenu {
        &self.table_menu
    }

    /// The set-up page of every game on this device.
    pub(crate) fn open_table_menu(&mut self) {
        self.message = None;
        self.page = super::Page::TableMenu;
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn every_game_of_the_catalogue_is_reached_and_starts_with_one_kind_per_seat() {
        let mut menu = TableMenu::default();
        let mut reached = Vec::new();
        for _ in Family::ALL {
            menu.selected = 0;
            menu.change(1);
            menu.selected = 1;
            for _ in 0..menu.game.family.games().count() {
                menu.change(1);
                reached.push(menu.game.name);
                let (state, seats) = menu.start().unwrap();
                assert_eq!(state.spec().as_str(), menu.game.name);
                assert_eq!(seats.len(), usize::from(menu.game.seats));
            }
        }
        for game in catalogue() {
            assert!(reached.contains(&game.name), "{} is not offered", game.name);
        }
    }

    #[test]
    fn changing_the_family_keeps_the_players_it_can_and_one_line_per_seat() {
        let mut menu = TableMenu::default();
        assert_eq!(menu.game.name, "kawu-3");
        menu.change(1);
        assert_eq!(menu.game.name, "halma-3");
        menu.selected = 1;
        menu.change(1);
        assert_eq!(menu.game.name, "halma-4");
        assert_eq!(menu.lines().len(), 3 + 4 + 3);
        menu.selected = menu.lines().iter().position(|&l| l == TableLine::Opener).unwrap();
        menu.change(-1);
        assert_eq!(menu.opener, TableOpener::Draw);
        menu.change(-1);
        assert_eq!(menu.opener, TableOpener::Seat(4));
        menu.selected = 1;
        menu.change(-1);
        assert_eq!(menu.game.name, "halma-3");
        assert_eq!(menu.opener, TableOpener::First, "seat 4 left the table");
    }

    #[test]
    fn the_opener_chosen_opens_and_draughts_opens_with_white_by_default() {
        let mut menu = TableMenu::preset("tripot-f2", &[SeatKind::Person, SeatKind::Person]);
        menu.opener = TableOpener::Seat(2);
        let (state, seats) = menu.start().unwrap();
        assert_eq!(state.to_move(), Some(Seat(1)));
        assert_eq!(seats, [SeatKind::Person, SeatKind::Person]);
        let draughts = TableMenu::preset("draughts", &[SeatKind::Person]);
        let (state, seats) = draughts.start().unwrap();
        assert_eq!(state.to_move(), Some(Seat(0)), "white opens");
        assert_eq!(seats, [SeatKind::Person, SeatKind::Computer(Level::Moyen)]);
    }

    #[test]
    fn online_the_form_hosts_with_our_seat_first_the_computers_levels_and_a_clock() {
        let mut menu = TableMenu::preset("kawu-3", &[SeatKind::Person]);
        menu.selected = menu.lines().iter().position(|&l| l == TableLine::Where).unwrap();
        menu.change(1);
        assert!(menu.online);
        let lines = menu.lines();
        assert!(lines.contains(&TableLine::Clock) && !lines.contains(&TableLine::Opener));
        menu.selected = lines.iter().position(|&l| l == TableLine::Seat(0)).unwrap();
        menu.change(1);
        assert_eq!(menu.seats[0], SeatKind::Person, "the host's seat stays ours");
        menu.selected = lines.iter().position(|&l| l == TableLine::Seat(1)).unwrap();
        for _ in 0..3 {
            menu.change(-1);
        }
        assert_eq!(menu.seats[1], SeatKind::Person, "a guest's seat");
        menu.selected = lines.iter().position(|&l| l == TableLine::Clock).unwrap();
        menu.change(1);
        menu.change(1);
        assert_eq!(menu.clock, ClockRule::PerMove { secs: 60 });
        let (offer, computers, hosting) = menu.online_table();
        assert_eq!((offer.game.as_str(), offer.seats), ("kawu-3", 3));
        assert_eq!(offer.clock, ClockRule::PerMove { secs: 60 });
        assert_eq!(computers, vec![Level::Moyen.number()]);
        assert!(hosting == Hosting::Link && offer.spectators);
        menu.selected = lines.iter().position(|&l| l == TableLine::Room).unwrap();
        menu.change(1);
        let (offer, _, hosting) = menu.online_table();
        let Hosting::Room(code) = hosting else { panic!("{hosting:?}") };
        assert_eq!(offer.table, TableId(code.table_id()));
        menu.change(1);
        assert_eq!(menu.online_table().2, Hosting::Lobby);
        menu.change(1);
        assert_eq!(menu.online_table().2, Hosting::Link, "back to the link");
        let draughts = TableMenu::preset("draughts", &[SeatKind::Person]);
        assert_eq!(draughts.clock, ClockRule::PerMove { secs: 60 }, "draughts' own clock");
    }

    #[test]
    fn the_lobby_is_offered_to_tables_of_three_seats_or_more_and_left_for_two() {
        let mut menu = TableMenu::preset("kawu-3", &[SeatKind::Person]);
        menu.online = true;
        assert_eq!(menu.meetings(), [Meeting::Link, Meeting::Room, Meeting::Lobby]);
        menu.selected = menu.lines().iter().position(|&l| l == TableLine::Room).unwrap();
        menu.change(-1);
        assert_eq!(menu.meeting, Meeting::Lobby);
        menu.selected = 1;
        while menu.game.seats != 2 {
            menu.change(-1);
        }
        assert_eq!(menu.meetings(), [Meeting::Link, Meeting::Room]);
        assert_eq!(menu.meeting, Meeting::Link, "a duel is not listed: the relay pairs those");
    }
}
