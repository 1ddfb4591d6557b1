//! The engine's games behind the one interface of `tripot-game`: the duel ([`DuelState`]) and
//! every star variant ([`StarState`]) implement [`GameState`], and [`open`] turns a game's
//! name into one. The fast types stay as they are underneath; everything above the engine
//! holds a `Box<dyn GameState>`.
//!
//! Names: the duel is `tripot`, `tripot-f2`, `tripot-f3` (its format, RULES.md §2) and the same
//! under the classic rules, `tripot-classic`, `tripot-classic-f2`, `tripot-classic-f3` (§9); a
//! star game is its variant's name (RULES-STAR.md §2). `tripot_game::catalogue` lists them.

mod cells;
mod duel;
mod errors;
mod star;

use tripot_game::{GameSpec, GameState, OpenError, Opener, Seat, Setup, SpecError};

use crate::colour::{Camp, Format};
use crate::position::Position;
use crate::rules::Rules;
use crate::star::{StarPosition, Variant};

pub use duel::DuelState;
pub use star::StarState;

/// A game of the star board, as the engine knows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StarBoardGame {
    /// The duel of RULES.md: its format and rules preset.
    Duel(Format, Rules),
    /// A star game of RULES-STAR.md.
    Star(Variant),
}

impl StarBoardGame {
    /// The game a name stands for, if the engine plays it.
    #[must_use]
    pub fn of(spec: &GameSpec) -> Option<StarBoardGame> {
        if let Ok(variant) = spec.as_str().parse::<Variant>() {
            return Some(StarBoardGame::Star(variant));
        }
        Format::ALL
            .into_iter()
            .flat_map(|f| Rules::ALL.into_iter().map(move |r| (f, r)))
            .find(|&(f, r)| duel_name(f, r) == spec.as_str())
            .map(|(f, r)| StarBoardGame::Duel(f, r))
    }

    /// Its name.
    pub fn spec(self) -> Result<GameSpec, SpecError> {
        match self {
            StarBoardGame::Duel(format, rules) => GameSpec::new(&duel_name(format, rules)),
            StarBoardGame::Star(variant) => GameSpec::new(&variant.name()),
        }
    }

    /// How many seats it has.
    #[must_use]
    pub fn seats(self) -> u8 {
        match self {
            StarBoardGame::Duel(..) => 2,
            StarBoardGame::Star(variant) => variant.players(),
        }
    }

    /// Every game the engine plays: the six duels, then the star variants in their order.
    #[must_use]
    pub fn all() -> Vec<StarBoardGame> {
        let duels = Rules::ALL
            .into_iter()
            .flat_map(|r| Format::ALL.into_iter().map(move |f| StarBoardGame::Duel(f, r)));
        duels.chain(Variant::ALL.into_iter().map(StarBoardGame::Star)).collect()
    }
}

/// `tripot`, `tripot-f2`, `tripot-classic-f3`…
fn duel_name(format: Format, rules: Rules) -> String {
    let rules_part = match rules {
        Rules::Tripot => "",
        Rules::Classic => "-classic",
    };
    match format {
        Format::One => format!("tripot{rules_part}"),
        other => format!("tripot{rules_part}-f{}", other.number()),
    }
}

/// The name of the duel of `format` under `rules`.
pub fn duel_spec(format: Format, rules: Rules) -> Result<GameSpec, SpecError> {
    StarBoardGame::Duel(format, rules).spec()
}

/// The game named `spec` at its start, opened by its first seat (camp A, seat `S`).
pub fn open(spec: &GameSpec) -> Result<Box<dyn GameState>, SpecError> {
    match StarBoardGames.open(spec, &Setup::default()) {
        Ok(state) => Ok(state),
        Err(OpenError::Spec(error)) => Err(error),
        // The default set-up of a game the engine knows always opens.
        Err(_) => Err(SpecError::Unknown(spec.clone())),
    }
}

/// The game named `spec` at a set-up position, in its position-string form (RULES.md §7,
/// RULES-STAR.md §6).
pub fn open_at(spec: &GameSpec, position: &str) -> Result<Box<dyn GameState>, OpenError> {
    StarBoardGames.open(spec, &Setup { opener: None, position: Some(position.to_owned()) })
}

/// The engine's games as an [`Opener`]: the duels and the star games, by name.
#[derive(Debug, Clone, Copy, Default)]
pub struct StarBoardGames;

impl Opener for StarBoardGames {
    fn open(&self, spec: &GameSpec, setup: &Setup) -> Result<Box<dyn GameState>, OpenError> {
        let game = StarBoardGame::of(spec).ok_or_else(|| SpecError::Unknown(spec.clone()))?;
        let seat_of = |seat: Seat| -> Result<usize, OpenError> {
            if seat.index() < usize::from(game.seats()) {
                Ok(seat.index())
            } else {
                Err(OpenError::NotASeat { game: spec.clone(), seat })
            }
        };
        let opener = setup.opener.map(seat_of).transpose()?;
        let position_error = |reason: Box<dyn std::error::Error + Send + Sync>| OpenError::Position {
            game: spec.clone(),
            reason,
        };
        match game {
            StarBoardGame::Duel(format, rules) => {
                let camp = |index: usize| if index == 0 { Camp::A } else { Camp::B };
                let state = match &setup.position {
                    None => DuelState::new(Position::start(format, rules, camp(opener.unwrap_or(0))))?,
                    Some(text) => {
                        let position =
                            Position::parse(text, rules).map_err(|e| position_error(Box::new(e)))?;
                        if position.format() != format {
                            let mismatch = FormatMismatch { expected: format, found: position.format() };
                            return Err(position_error(Box::new(mismatch)));
                        }
                        DuelState::new(position)?
                    }
                };
                check_opener(state, setup.opener)
            }
            StarBoardGame::Star(variant) => {
                let seats = variant.seats();
                let state = match &setup.position {
                    None => {
                        let seat = seats.get(opener.unwrap_or(0)).copied().unwrap_or(crate::Colour::S);
                        let start =
                            StarPosition::start(variant, seat).map_err(|e| position_error(Box::new(e)))?;
                        StarState::new(start)?
                    }
                    Some(text) => {
                        let position =
                            StarPosition::parse(text, variant).map_err(|e| position_error(Box::new(e)))?;
                        StarState::new(position)?
                    }
                };
                check_opener(state, setup.opener)
            }
        }
    }
}

/// Refuses a set-up position opened by another seat than the one asked for.
fn check_opener<S: GameState>(state: S, asked: Option<Seat>) -> Result<Box<dyn GameState>, OpenError> {
    match asked {
        Some(asked) if asked != state.opener() => {
            Err(OpenError::OpenerMismatch { asked, found: state.opener() })
        }
        _ => Ok(Box::new(state)),
    }
}

/// A duel's position string of another format than its name's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a format-{found} position, but the game is format {expected}")]
pub struct FormatMismatch {
    /// The game's format.
    pub expected: Format,
    /// The position's.
    pub found: Format,
}
