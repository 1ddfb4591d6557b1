//! International draughts as a game of the platform: [`DraughtsState`] implements
//! `tripot_game::GameState`, [`Draughts`] opens it by its name, `draughts`, and
//! [`record_of_pdn`] reads a PDN game into the platform's record format.

mod errors;
mod pdn_import;
mod state;

use tripot_game::{GameSpec, GameState, OpenError, Opener, Seat, Setup, SpecError};

use crate::color::Color;
use crate::position::Position;

pub use pdn_import::{PdnImportError, looks_like_pdn, record_of_pdn};
pub use state::DraughtsState;

/// The game's name in the catalogue.
pub const DRAUGHTS: &str = "draughts";

/// The game's name as a [`GameSpec`].
pub fn draughts_spec() -> Result<GameSpec, SpecError> {
    GameSpec::new(DRAUGHTS)
}

/// The seat of a side: White is seat 0, Black seat 1.
pub(crate) fn seat(colour: Color) -> Seat {
    Seat(colour.index() as u8)
}

/// The side of a seat, if the table has it.
pub(crate) fn color(seat: Seat) -> Option<Color> {
    match seat.0 {
        0 => Some(Color::White),
        1 => Some(Color::Black),
        _ => None,
    }
}

/// The game named `spec` at its start (White to move).
pub fn open(spec: &GameSpec) -> Result<Box<dyn GameState>, SpecError> {
    match Draughts.open(spec, &Setup::default()) {
        Ok(state) => Ok(state),
        Err(OpenError::Spec(error)) => Err(error),
        // The default set-up always opens.
        Err(_) => Err(SpecError::Unknown(spec.clone())),
    }
}

/// The game named `spec` at a position string (FEN: `W:W31-50:B1-20`).
pub fn open_at(spec: &GameSpec, fen: &str) -> Result<Box<dyn GameState>, OpenError> {
    Draughts.open(spec, &Setup { opener: None, position: Some(fen.to_owned()) })
}

/// International draughts as an [`Opener`]: `draughts`, from its start or a FEN.
#[derive(Debug, Clone, Copy, Default)]
pub struct Draughts;

impl Opener for Draughts {
    fn open(&self, spec: &GameSpec, setup: &Setup) -> Result<Box<dyn GameState>, OpenError> {
        if spec.as_str() != DRAUGHTS {
            return Err(SpecError::Unknown(spec.clone()).into());
        }
        let asked = match setup.opener {
            Some(seat) => Some(color(seat).ok_or_else(|| OpenError::NotASeat { game: spec.clone(), seat })?),
            None => None,
        };
        let start = match &setup.position {
            // White moves first (seed 001, « les Blancs commencent »): a set-up may draw the
            // colours, never hand the first move to Black.
            None => Position::start(),
            Some(text) => Position::from_fen(text)
                .map_err(|e| OpenError::Position { game: spec.clone(), reason: Box::new(e) })?,
        };
        if let Some(asked) = asked
            && asked != start.turn()
        {
            return Err(OpenError::OpenerMismatch { asked: seat(asked), found: seat(start.turn()) });
        }
        Ok(Box::new(DraughtsState::new(start)?))
    }
}
