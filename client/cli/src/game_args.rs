//! The game an analysis tool (`moves`, `apply`, `perft`, `bestmove`) works on: one
//! `--game SPEC`, any name of the catalogue (`tripot`, `tripot-classic-f2`, `kawu-3`, `draughts`…),
//! with `--variant NAME` and `--rules PRESET` kept as the aliases the manual has always shown.
//! The name is resolved once, here, to the engine that reads its positions.

use tripot_app::table_save::EveryGame;
use tripot_engine::{
    Format, FormatMismatch, Position, PositionError, Rules, StarBoardGame, StarPositionError, Variant,
};
use tripot_game::catalogue::Family;
use tripot_game::{GameSpec, GameState, OpenError, Opener, Setup, SpecError};

use super::CliError;

/// The flags that name the game; flattened into each analysis subcommand.
#[derive(Debug, clap::Args)]
pub(crate) struct GameArgs {
    /// The game, by its catalogue name: tripot, tripot-f2, tripot-classic-f3, kawu-3, halma-6,
    /// captures-4, draughts… (the position is then that game's position string, or `start` for
    /// a star game or draughts).
    #[arg(long, value_name = "SPEC", conflicts_with_all = ["variant", "rules"])]
    pub(crate) game: Option<GameSpec>,
    /// A star game of RULES-STAR.md §2 (the same as --game NAME): kawu-3, halma-6, captures-4…;
    /// the position is then a star position string (RULES-STAR.md §6), or `start`.
    #[arg(long)]
    pub(crate) variant: Option<Variant>,
    /// The rules preset of the duel: tripot or classic (the same as --game tripot or
    /// tripot-classic, the format then read from the position).
    #[arg(long, conflicts_with = "variant")]
    pub(crate) rules: Option<Rules>,
}

/// The game the flags name, as the tools run it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ChosenGame {
    /// The duel of RULES.md under `rules`; `format` when the name fixed it (else the position's).
    Duel {
        /// The rules preset.
        rules: Rules,
        /// The format the name gives, if it gives one.
        format: Option<Format>,
    },
    /// A star game of RULES-STAR.md.
    Star(Variant),
    /// International draughts.
    Draughts,
}

impl GameArgs {
    /// The game named: `--game`, else `--variant`, else the duel under `--rules` (tripot by
    /// default). A name of the catalogue that no tool here plays is an error (exit 2).
    pub(crate) fn chosen(&self) -> Result<ChosenGame, CliError> {
        if let Some(variant) = self.variant {
            return Ok(ChosenGame::Star(variant));
        }
        let Some(spec) = &self.game else {
            return Ok(ChosenGame::Duel { rules: self.rules.unwrap_or(Rules::Tripot), format: None });
        };
        let info = tripot_game::catalogue::find(spec).ok_or_else(|| SpecError::Unknown(spec.clone()))?;
        match (info.family, StarBoardGame::of(spec)) {
            (Family::Draughts, _) => Ok(ChosenGame::Draughts),
            (_, Some(StarBoardGame::Duel(format, rules))) => {
                Ok(ChosenGame::Duel { rules, format: Some(format) })
            }
            (_, Some(StarBoardGame::Star(variant))) => Ok(ChosenGame::Star(variant)),
            (_, None) => Err(SpecError::Unknown(spec.clone()).into()),
        }
    }

    /// The game named, set up at `position` (`start` for its start), opened by the engines'
    /// [`Opener`]: from here on a tool sees only the game interface.
    pub(crate) fn open(&self, position: &str) -> Result<Box<dyn GameState>, CliError> {
        self.open_at(position, Format::One)
    }

    /// As [`GameArgs::open`], the duel's `start` being of `start_format` unless the name gives one
    /// (`perft --format`).
    pub(crate) fn open_at(
        &self,
        position: &str,
        start_format: Format,
    ) -> Result<Box<dyn GameState>, CliError> {
        let position = position.trim();
        let at_start = position == "start";
        let chosen = self.chosen()?;
        let spec = match chosen {
            ChosenGame::Draughts => GameSpec::new(tripot_draughts::DRAUGHTS)?,
            ChosenGame::Star(variant) => GameSpec::new(&variant.name())?,
            // The aliases name the duel's rules only: its format is the position's.
            ChosenGame::Duel { rules, format } => {
                let format = match format {
                    Some(format) => format,
                    None if at_start => start_format,
                    None => duel_position(position, rules, None)?.format(),
                };
                tripot_engine::duel_spec(format, rules)?
            }
        };
        let setup = Setup { opener: None, position: (!at_start).then(|| position.to_owned()) };
        EveryGame.open(&spec, &setup).map_err(|error| open_error(error, chosen))
    }
}

/// The engine's own reason for a position it refused, worded as the tools always have
/// (`bad position: …`, `bad kawu-3 position: …`, `bad draughts position: …`).
fn open_error(error: OpenError, chosen: ChosenGame) -> CliError {
    if let OpenError::Position { reason, .. } = &error {
        if let Some(error) = reason.downcast_ref::<PositionError>() {
            return CliError::BadPosition(error.clone());
        }
        if let Some(error) = reason.downcast_ref::<FormatMismatch>() {
            return CliError::FormatMismatch(*error);
        }
        if let (Some(error), ChosenGame::Star(variant)) = (reason.downcast_ref::<StarPositionError>(), chosen)
        {
            return CliError::BadStarPosition { variant, error: error.clone() };
        }
        if let Some(error) = reason.downcast_ref::<tripot_draughts::FenError>() {
            return super::draughts::DraughtsError::Position(error.clone()).into();
        }
    }
    CliError::Open(error)
}

/// The duel's position `text` under `rules`; of `format` when the game's name fixed one.
pub(crate) fn duel_position(text: &str, rules: Rules, format: Option<Format>) -> Result<Position, CliError> {
    let position = Position::parse(text.trim(), rules)?;
    match format {
        Some(expected) if expected != position.format() => {
            Err(FormatMismatch { expected, found: position.format() }.into())
        }
        _ => Ok(position),
    }
}
