//! Who opens a game started from the main menu (Solo, Duel): the person, the other seat, or a
//! draw — the menu's setting, handed to the one table as a seat.

/// Who opens, as chosen in the menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OpenerChoice {
    /// Player 1 ("me" in solo).
    #[default]
    First,
    /// Player 2 (the computer in solo).
    Second,
    /// A random draw.
    Draw,
}

impl OpenerChoice {
    /// All three, in menu order.
    pub const ALL: [OpenerChoice; 3] = [OpenerChoice::First, OpenerChoice::Second, OpenerChoice::Draw];
}
