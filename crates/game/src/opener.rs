//! From a game's name to a game: the [`Opener`] an engine provides, and the [`Setup`] of a
//! game's start.

use crate::seat::Seat;
use crate::spec::{GameSpec, SpecError};
use crate::state::GameState;

/// How a game starts: the game's own start unless a position string is given, opened by the
/// game's first seat unless another is named.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Setup {
    /// The seat that moves first. With a position string, the string's seat to move (or its
    /// recorded opener) must be this one.
    pub opener: Option<Seat>,
    /// A set-up position in the game's position-string form.
    pub position: Option<String>,
}

/// Why a game could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The name is no game this opener plays.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The opener named is not a seat of the table.
    #[error("{game} has no {seat}")]
    NotASeat {
        /// The game.
        game: GameSpec,
        /// The seat.
        seat: Seat,
    },
    /// The position string is not one of this game's.
    #[error("not a position of {game}: {reason}")]
    Position {
        /// The game.
        game: GameSpec,
        /// The engine's typed reason (downcast it to the engine's error type to word it).
        #[source]
        reason: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The position string's opener is not the one asked for.
    #[error("the position was opened by {found}, not {asked}")]
    OpenerMismatch {
        /// The seat asked for.
        asked: Seat,
        /// The position's.
        found: Seat,
    },
}

/// Something that opens games by name: an engine (`tripot_engine::StarBoardGames`), or several
/// tried in turn (a slice of openers).
pub trait Opener {
    /// The game named `spec`, set up as `setup` says.
    fn open(&self, spec: &GameSpec, setup: &Setup) -> Result<Box<dyn GameState>, OpenError>;
}

impl Opener for [&dyn Opener] {
    /// The first opener that knows the game opens it.
    fn open(&self, spec: &GameSpec, setup: &Setup) -> Result<Box<dyn GameState>, OpenError> {
        for opener in self {
            match opener.open(spec, setup) {
                Err(OpenError::Spec(SpecError::Unknown(_))) => {}
                other => return other,
            }
        }
        Err(SpecError::Unknown(spec.clone()).into())
    }
}

/// A list of openers held by reference (a `const` list of a crate's linked engines) is an
/// opener too, so that it can be passed where one `&dyn Opener` is asked for.
impl Opener for &[&dyn Opener] {
    fn open(&self, spec: &GameSpec, setup: &Setup) -> Result<Box<dyn GameState>, OpenError> {
        (**self).open(spec, setup)
    }
}
