//! The main menu's state: which line is chosen and the settings of each mode.

use tripot_ai::Level;
use tripot_engine::Format;

use tripot_app::setup::OpenerChoice;

/// A line of the main menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuItem {
    /// Start a solo game.
    Solo,
    /// The computer's level (and its named opponent).
    Level,
    /// Solo format.
    SoloFormat,
    /// Solo: who opens.
    SoloOpener,
    /// Start a hot-seat duel.
    Duel,
    /// Duel format.
    DuelFormat,
    /// Duel: who opens.
    DuelOpener,
    /// A star table of 2–6 seats: opens its set-up page.
    Table,
    /// Online: host a game and wait for someone to join.
    Host,
    /// Hosted game's format.
    HostFormat,
    /// Hosted game: who opens.
    HostOpener,
    /// Hosted game: in a private room on the relay (with a code) or by address.
    HostRoom,
    /// Online: join a host by its address or a room code.
    Join,
    /// Online: the players hosting on the local network.
    Lan,
    /// Online: the open tables at the relay.
    Lobby,
    /// Online: quick match through the relay.
    Quick,
    /// Quick match: the formats accepted.
    QuickFormat,
    /// Online: quick match for a table of 3–6 seats over the relay's lobby.
    QuickTable,
    /// Quick match for a table: the game, or any game of a seat count.
    QuickTableGame,
    /// A relay's ratings tables.
    Ratings,
    /// The rules page.
    Rules,
    /// Leave.
    Quit,
}

impl MenuItem {
    /// Every line, top to bottom.
    pub const ALL: [MenuItem; 22] = [
        MenuItem::Solo,
        MenuItem::Level,
        MenuItem::SoloFormat,
        MenuItem::SoloOpener,
        MenuItem::Duel,
        MenuItem::DuelFormat,
        MenuItem::DuelOpener,
        MenuItem::Table,
        MenuItem::Host,
        MenuItem::HostFormat,
        MenuItem::HostOpener,
        MenuItem::HostRoom,
        MenuItem::Join,
        MenuItem::Lan,
        MenuItem::Lobby,
        MenuItem::Quick,
        MenuItem::QuickFormat,
        MenuItem::QuickTable,
        MenuItem::QuickTableGame,
        MenuItem::Ratings,
        MenuItem::Rules,
        MenuItem::Quit,
    ];

    /// Whether the line can be chosen.
    #[must_use]
    pub const fn enabled(self) -> bool {
        true
    }

    /// The first line of a group, drawn after a blank line.
    #[must_use]
    pub const fn starts_group(self) -> bool {
        matches!(self, MenuItem::Duel | MenuItem::Host | MenuItem::Ratings)
    }

    /// A setting changed with ←/→ (drawn indented under its mode).
    #[must_use]
    pub const fn is_setting(self) -> bool {
        self.mode().is_some()
    }

    /// The mode a setting belongs to (Enter on a setting starts it, as the footer says).
    #[must_use]
    pub const fn mode(self) -> Option<MenuItem> {
        match self {
            MenuItem::Level | MenuItem::SoloFormat | MenuItem::SoloOpener => Some(MenuItem::Solo),
            MenuItem::DuelFormat | MenuItem::DuelOpener => Some(MenuItem::Duel),
            MenuItem::HostFormat | MenuItem::HostOpener | MenuItem::HostRoom => Some(MenuItem::Host),
            MenuItem::QuickFormat => Some(MenuItem::Quick),
            MenuItem::QuickTableGame => Some(MenuItem::QuickTable),
            _ => None,
        }
    }
}

/// What a hosted game offers: the duel in a format, or another game of two seats of the
/// catalogue that the online session plays (kawu, Stern-Halma, the captures game… for two).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostGame {
    /// The Tripot duel in this format.
    Duel(Format),
    /// Another game of the catalogue.
    Other(&'static tripot_game::GameInfo),
}

impl HostGame {
    /// Every game a host can offer, in the order the menu cycles through them: the duel's
    /// formats first, then the catalogue's other games of two seats the session can open.
    #[must_use]
    pub fn all() -> Vec<HostGame> {
        let duels = Format::ALL.into_iter().map(HostGame::Duel);
        let others = tripot_game::catalogue::catalogue()
            .iter()
            .filter(|info| info.seats == 2 && info.family != tripot_game::Family::Tripot)
            .filter(|info| tripot_net::linked_games(&info.spec(), &tripot_game::Setup::default()).is_ok())
            .map(HostGame::Other);
        duels.chain(others).collect()
    }

    /// Its name: the duel of its format under the Tripot rules, or the catalogue's game.
    ///
    /// # Errors
    /// Never in practice: every format of the duel has a name.
    pub fn spec(self) -> Result<tripot_game::GameSpec, tripot_game::SpecError> {
        match self {
            HostGame::Duel(format) => tripot_engine::duel_spec(format, tripot_engine::Rules::Tripot),
            HostGame::Other(info) => Ok(info.spec()),
        }
    }
}

/// The menu: the chosen line and every setting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Menu {
    /// Index in [`MenuItem::ALL`].
    pub selected: usize,
    /// Solo: the computer's level.
    pub level: Level,
    /// Solo: format.
    pub solo_format: Format,
    /// Solo: who opens.
    pub solo_opener: OpenerChoice,
    /// Duel: format.
    pub duel_format: Format,
    /// Duel: who opens.
    pub duel_opener: OpenerChoice,
    /// Hosted game: the duel's format, or another game.
    pub host_game: HostGame,
    /// Hosted game: who opens (first: the host).
    pub host_opener: OpenerChoice,
    /// Quick match: the format wanted (`None`: any).
    pub quick_format: Option<Format>,
    /// Hosted game: in a private room with a code.
    pub host_room: bool,
    /// Quick match for a table: the game sought.
    pub quick_table: super::QuickTableGame,
}

impl Default for Menu {
    fn default() -> Menu {
        Menu {
            selected: 0,
            level: Level::Moyen,
            solo_format: Format::One,
            solo_opener: OpenerChoice::First,
            duel_format: Format::One,
            duel_opener: OpenerChoice::First,
            host_game: HostGame::Duel(Format::One),
            host_opener: OpenerChoice::Draw,
            quick_format: None,
            host_room: false,
            quick_table: super::QuickTableGame::default(),
        }
    }
}

impl Menu {
    /// The chosen line.
    #[must_use]
    pub fn item(&self) -> MenuItem {
        MenuItem::ALL[self.selected.min(MenuItem::ALL.len() - 1)]
    }

    /// Moves the choice up (`-1`) or down (`1`), skipping lines that cannot be chosen.
    pub(crate) fn move_selection(&mut self, delta: isize) {
        let n = MenuItem::ALL.len() as isize;
        let mut i = self.selected as isize;
        for _ in 0..n {
            i = (i + delta).rem_euclid(n);
            if MenuItem::ALL[i as usize].enabled() {
                self.selected = i as usize;
                return;
            }
        }
    }

    /// The game the host settings offer (also one's own table at the lobby).
    ///
    /// # Errors
    /// Never in practice: every format of the duel has a name (`tripot_engine::duel_spec`).
    pub fn host_offer(&self) -> Result<tripot_net::Offer, tripot_game::SpecError> {
        let opens = match self.host_opener {
            OpenerChoice::First => tripot_protocol::Opens::Host,
            OpenerChoice::Second => tripot_protocol::Opens::Guest,
            OpenerChoice::Draw => tripot_protocol::Opens::Random,
        };
        Ok(tripot_net::Offer { game: self.host_game.spec()?, opens })
    }

    /// The game the quick match seeks: the duel of the format chosen, or (`None`) any game of
    /// two seats.
    ///
    /// # Errors
    /// Never in practice: every format of the duel has a name.
    pub fn quick_game(&self) -> Result<Option<tripot_game::GameSpec>, tripot_game::SpecError> {
        self.quick_format
            .map(|format| tripot_engine::duel_spec(format, tripot_engine::Rules::Tripot))
            .transpose()
    }

    /// Changes the setting on the chosen line, forward (`1`) or back (`-1`).
    pub(crate) fn change(&mut self, delta: isize) {
        match self.item() {
            MenuItem::Level => self.level = cycle(&Level::ALL, self.level, delta),
            MenuItem::SoloFormat => self.solo_format = cycle(&Format::ALL, self.solo_format, delta),
            MenuItem::SoloOpener => self.solo_opener = cycle(&OpenerChoice::ALL, self.solo_opener, delta),
            MenuItem::DuelFormat => self.duel_format = cycle(&Format::ALL, self.duel_format, delta),
            MenuItem::DuelOpener => self.duel_opener = cycle(&OpenerChoice::ALL, self.duel_opener, delta),
            MenuItem::HostFormat => self.host_game = cycle(&HostGame::all(), self.host_game, delta),
            MenuItem::HostOpener => self.host_opener = cycle(&OpenerChoice::ALL, self.host_opener, delta),
            MenuItem::HostRoom => self.host_room = !self.host_room,
            MenuItem::QuickFormat => {
                let all = [None, Some(Format::One), Some(Format::Two), Some(Format::Three)];
                self.quick_format = cycle(&all, self.quick_format, delta);
            }
            MenuItem::QuickTableGame => {
                self.quick_table = cycle(&super::QuickTableGame::all(), self.quick_table, delta);
            }
            _ => {}
        }
    }
}

fn cycle<T: Copy + PartialEq>(all: &[T], current: T, delta: isize) -> T {
    let n = all.len() as isize;
    let i = all.iter().position(|x| *x == current).unwrap_or(0) as isize;
    all[(i + delta).rem_euclid(n) as usize]
}
