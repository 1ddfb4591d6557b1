//! A PDN game read into the platform's one record format ([`GameRecord`]), so that a record
//! reader asked for a PDN replays it like any of our records.

use tripot_game::record::RecordError;
use tripot_game::{GameRecord, GameState, Leaving, MoveError, RecordResult};

use super::state::DraughtsState;
use crate::color::Color;
use crate::pdn::{PdnError, PdnResult, Record};

/// Why a PDN text could not become a record of ours.
#[derive(Debug, thiserror::Error)]
pub enum PdnImportError {
    /// The PDN text itself is refused (with its line).
    #[error(transparent)]
    Pdn(#[from] PdnError),
    /// A move the PDN reader accepted is refused by the game (played after the game ended by
    /// one of our draw rules, say).
    #[error("move {ply}: {error}")]
    Move {
        /// The move, from 1.
        ply: usize,
        /// Why it is refused.
        error: MoveError,
    },
    /// A tag the record format cannot hold.
    #[error(transparent)]
    Record(#[from] RecordError),
}

/// PDN tags the record writes from its own fields.
const PDN_OWN_TAGS: [&str; 5] = ["GameType", "FEN", "Result", "White", "Black"];

/// Whether a text looks like PDN rather than our record format: it has no `[Game "…"]` tag (nor
/// an older record's `Variant` or `Format`) and a draughts `GameType` or move.
#[must_use]
pub fn looks_like_pdn(text: &str) -> bool {
    let has_tag = |name: &str| text.lines().any(|l| l.trim_start().starts_with(&format!("[{name} ")));
    !(has_tag("Game") || has_tag("Variant") || has_tag("Format"))
        && (has_tag("GameType") || Record::parse_pdn(text).is_ok())
}

/// The first game of a PDN text as a record of ours: its moves played through the game, its
/// players and other tags kept, its result recorded — a decisive result the moves do not reach
/// as the loser's resignation, a draw they do not reach as an agreement (PDN says no more).
pub fn record_of_pdn(text: &str) -> Result<GameRecord, PdnImportError> {
    let pdn = Record::parse_pdn(text)?;
    let mut state = DraughtsState::new(pdn.start).map_err(|_| PdnError::NoGame)?;
    for (index, m) in pdn.moves.iter().enumerate() {
        let game_move = state.game_move(m);
        state.play(&game_move).map_err(|error| PdnImportError::Move { ply: index + 1, error })?;
    }
    if state.outcome().is_none() {
        // Declaring an end cannot fail while the game goes on.
        let declared = match pdn.result {
            PdnResult::WhiteWins => state.leave(super::seat(Color::Black), Leaving::Resigned),
            PdnResult::BlackWins => state.leave(super::seat(Color::White), Leaving::Resigned),
            PdnResult::Draw => state.agree_draw(),
            PdnResult::Unknown => Ok(()),
        };
        declared.map_err(|error| PdnImportError::Move { ply: pdn.moves.len(), error })?;
    }
    let mut record = GameRecord::of_game(&state);
    if pdn.result == PdnResult::Unknown {
        record.result = RecordResult::Unfinished;
    }
    for (colour, tag) in [(Color::White, "White"), (Color::Black, "Black")] {
        if let Some(name) = pdn.tag(tag) {
            record.set_player(&colour.letter().to_string(), name)?;
        }
    }
    let written = |name: &str| PDN_OWN_TAGS.contains(&name) || tripot_game::record::OWN_TAGS.contains(&name);
    for tag in pdn.tags.iter().filter(|t| !written(&t.name)) {
        record.set_tag(&tag.name, &tag.value)?;
    }
    Ok(record)
}
