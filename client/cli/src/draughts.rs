//! The analysis subcommands for international draughts (`--game draughts`, `tripot-draughts`):
//! `apply`, `replay` and `bestmove --engine` call here when the game is named (and
//! `replay` when the file is a draughts record or a PDN); `moves` and `bestmove` go through the
//! game interface.
//! Positions are FEN (`W:W31-50:B1-20`) or `start`; moves are written `32-28`, `19x30`.

use std::io::Write;

use tripot_draughts::{
    Draughts, FenError, Game, GameError, NotationError, Outcome, PdnError, PdnImportError, Position,
    looks_like_pdn, record_of_pdn,
};
use tripot_game::record::{RecordError, ReplayError};
use tripot_game::{GameRecord, GameState, RecordResult};

use super::CliError;

/// The only game `--game` names so far.
pub(crate) const GAME_NAMES: [&str; 1] = [tripot_draughts::DRAUGHTS];

/// Why a draughts subcommand failed; each cause with its exit code (see [`DraughtsError::exit_code`]).
#[derive(Debug, thiserror::Error)]
pub(crate) enum DraughtsError {
    /// A FEN that does not parse: exit 2.
    #[error("bad draughts position: {0}")]
    Position(#[from] FenError),
    /// A move not written as draughts moves are (`32-28`, `19x30`): exit 2.
    #[error("bad move {0:?}: write it as 32-28, 19x30 or 19x28x30, squares 1 to 50")]
    Malformed(String),
    /// A move the position does not allow (or does not name alone): exit 1.
    #[error("illegal move {text}: {reason}")]
    Illegal {
        /// The move as given.
        text: String,
        /// Why the rules refuse it.
        reason: NotationError,
    },
    /// The position given is already decided: exit 1.
    #[error("the game is over: {}", outcome_text(.0))]
    GameOver(Outcome),
    /// The game's name is unknown to a component (a build without draughts): exit 2.
    #[error(transparent)]
    Spec(#[from] tripot_game::SpecError),
    /// The external Hub engine failed: exit 1.
    #[error("hub engine: {0}")]
    Engine(#[from] super::hub_engine::HubEngineError),
    /// The computer player found no move: exit 1.
    #[error("no legal move")]
    NoMove,
    /// A PDN that does not parse (exit 2) or whose moves the game refuses (exit 1).
    #[error("{name}: {error}")]
    Pdn {
        /// The file as named.
        name: String,
        /// What is wrong.
        error: PdnImportError,
    },
    /// A record of ours that does not parse: exit 2.
    #[error("{name}: {error}")]
    RecordText {
        /// The file as named.
        name: String,
        /// What is wrong.
        error: RecordError,
    },
    /// A record whose moves or result the game refuses (exit 1; 2 when malformed).
    #[error("{name}: {error}")]
    Replay {
        /// The file as named.
        name: String,
        /// What is wrong.
        error: ReplayError,
    },
}

impl DraughtsError {
    /// 2 for malformed input, 1 for an illegal move, a decided game or an impossible record.
    pub(crate) fn exit_code(&self) -> u8 {
        match self {
            DraughtsError::Position(_)
            | DraughtsError::Malformed(_)
            | DraughtsError::RecordText { .. }
            | DraughtsError::Spec(_) => 2,
            // A move of the PDN that the rules refuse is an illegal move (1), not a bad file.
            DraughtsError::Pdn {
                error:
                    PdnImportError::Pdn(PdnError::Move {
                        error: NotationError::NoSuchMove { .. } | NotationError::Ambiguous { .. },
                        ..
                    }),
                ..
            } => 1,
            DraughtsError::Pdn { error: PdnImportError::Pdn(_) | PdnImportError::Record(_), .. } => 2,
            DraughtsError::Replay { error, .. } if error.is_malformed() => 2,
            DraughtsError::Illegal { .. }
            | DraughtsError::GameOver(_)
            | DraughtsError::NoMove
            | DraughtsError::Engine(_)
            | DraughtsError::Pdn { .. }
            | DraughtsError::Replay { .. } => 1,
        }
    }
}

/// `White wins (no piece left)`, `draw (25 king moves without capture)`.
fn outcome_text(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => format!("{winner} wins ({})", reason.label_en()),
        Outcome::Draw(reason) => format!("draw ({})", reason.label_en()),
    }
}

/// The position `text`: a FEN, or `start`.
pub(crate) fn position(text: &str) -> Result<Position, CliError> {
    let text = text.trim();
    if text == "start" {
        Ok(Position::start())
    } else {
        Position::from_fen(text).map_err(|e| DraughtsError::Position(e).into())
    }
}

/// Whether `text` is written as a draughts move: squares 1–50 joined by `-` or `x`.
fn well_formed(text: &str) -> bool {
    let squares: Vec<&str> = text.split(['-', 'x']).collect();
    squares.len() >= 2 && squares.iter().all(|s| s.parse::<u8>().is_ok_and(|n| (1..=50).contains(&n)))
}

/// Plays the moves in turn (under every rule of a game: the draws by rule too); prints the FEN
/// reached, and the result if the game is over.
pub(crate) fn apply(text: &str, moves: &[String]) -> Result<(), CliError> {
    let mut game = Game::from_position(position(text)?);
    let texts: Vec<&str> = moves.iter().flat_map(|arg| arg.split_whitespace()).collect();
    // Every move must be well formed before any is played: a typo is reported as such even
    // after an illegal move.
    if let Some(bad) = texts.iter().find(|t| !well_formed(t)) {
        return Err(DraughtsError::Malformed((*bad).to_owned()).into());
    }
    for text in texts {
        game.play_notation(text).map_err(|error| match error {
            GameError::Over(outcome) => DraughtsError::GameOver(outcome),
            GameError::Notation(reason) => DraughtsError::Illegal { text: text.to_owned(), reason },
            GameError::Illegal(reason) => DraughtsError::Illegal {
                text: text.to_owned(),
                reason: NotationError::NoSuchMove { text: text.to_owned(), reason },
            },
        })?;
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", game.position().fen())?;
    if let Some(outcome) = game.outcome() {
        writeln!(out, "result: {}", outcome_text(&outcome))?;
    }
    Ok(())
}

/// Whether a record's text is a draughts game: ours (`[Game "draughts"]`) or a PDN.
pub(crate) fn is_draughts_record(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok_and(|text| text.contains("[Game \"draughts\"]") || looks_like_pdn(text))
}

/// Replays a draughts record (ours or a PDN), every move verified; prints the final FEN and the
/// result.
pub(crate) fn replay(bytes: &[u8], name: &str) -> Result<(), CliError> {
    let text =
        std::str::from_utf8(bytes).map_err(|error| CliError::NotText { name: name.to_owned(), error })?;
    let record = if text.contains("[Game ") {
        GameRecord::parse(text).map_err(|error| DraughtsError::RecordText { name: name.to_owned(), error })?
    } else {
        record_of_pdn(text).map_err(|error| DraughtsError::Pdn { name: name.to_owned(), error })?
    };
    let replay =
        record.replay(&Draughts).map_err(|error| DraughtsError::Replay { name: name.to_owned(), error })?;
    let result = match (&replay.outcome, &record.result) {
        (Some(outcome), _) => {
            format!("{} ({})", RecordResult::of(outcome, replay.state.as_ref()), outcome.reason.termination())
        }
        (None, RecordResult::Unfinished) => "unfinished".to_owned(),
        (None, recorded) => match &record.termination {
            Some(termination) => format!("{recorded} ({termination})"),
            None => recorded.to_string(),
        },
    };
    let mut out = std::io::stdout().lock();
    Ok(writeln!(out, "{}\nresult: {result}", replay.state.position_string())?)
}

/// Prints the move the level would play (the star board's five levels mapped onto draughts'
/// Prints the move the external Hub engine `command` plays in the position, `nodes` nodes deep.
pub(crate) fn engine_bestmove(text: &str, command: &str, nodes: u64) -> Result<(), CliError> {
    let state = tripot_draughts::DraughtsState::new(position(text)?).map_err(DraughtsError::Spec)?;
    if let Some(outcome) = state.game().outcome() {
        return Err(DraughtsError::GameOver(outcome).into());
    }
    let mut engine = super::hub_engine::HubEngine::start(command, &format!("nodes={nodes}"))
        .map_err(DraughtsError::Engine)?;
    let m = engine.search(&state).map_err(DraughtsError::Engine)?;
    Ok(writeln!(std::io::stdout().lock(), "{}", state.move_text(&m))?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_checked_for_form_before_the_position_is_asked() {
        assert!(well_formed("32-28") && well_formed("19x30") && well_formed("4x15x38x25"));
        for bad in ["", "32", "32-", "0-5", "51-46", "a-b", "32--28", "32-28 "] {
            assert!(!well_formed(bad), "{bad:?}");
        }
        assert_eq!(DraughtsError::Malformed("x".into()).exit_code(), 2);
    }
}
