//! Who opens a game set up on this device: the first seat, a seat chosen, or a draw among the
//! seats — the set-up form's choice, for any game of the catalogue.

/// Who opens a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TableOpener {
    /// Seat 1, the rules' default.
    #[default]
    First,
    /// The seat numbered `n` (1-based) in playing order.
    Seat(u8),
    /// A draw among the seats.
    Draw,
}
