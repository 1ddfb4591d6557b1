//! How each colour looks: a terminal colour and a glyph, so that colours stay distinguishable
//! on a monochrome terminal (camp A filled, camp B hollow; one shape per branch pair).

use ratatui::style::Color;
use tripot_engine::Colour;

/// The glyph of a pawn of `colour`.
pub(crate) const fn glyph(colour: Colour) -> char {
    match colour {
        Colour::S => '●',
        Colour::N => '○',
        Colour::SE => '▲',
        Colour::NW => '△',
        Colour::SW => '■',
        Colour::NE => '□',
    }
}

/// The terminal colour of `colour`.
pub(crate) const fn tint(colour: Colour) -> Color {
    match colour {
        Colour::S => Color::LightRed,
        Colour::N => Color::LightBlue,
        Colour::SE => Color::Yellow,
        Colour::NW => Color::LightGreen,
        Colour::SW => Color::LightMagenta,
        Colour::NE => Color::LightCyan,
    }
}

/// An empty hole.
pub(crate) const EMPTY: char = '·';
/// An empty hole of a goal branch (tinted with the colour that must arrive there).
pub(crate) const GOAL: char = '◦';
/// A step destination.
pub(crate) const STEP: char = '+';
/// A jump (chain end) destination.
pub(crate) const JUMP: char = '✱';
/// A hole the last move went through.
pub(crate) const TRAIL: char = '•';
