//! What the resume prompt offers at start: each unfinished game of the one table (the older duel
//! and star table records among them), then each online game, newest first. A game of the table
//! is resumed here; an online one by the command that starts its session again; a game of an
//! online table of 2–6 seats is rejoined by the link its save names.

use super::online_saves::{OnlineSaved, TableSaved};

/// One unfinished game the player may take up again.
#[derive(Debug, Clone)]
pub enum ResumeChoice {
    /// An online game saved by its session.
    Online(Box<OnlineSaved>),
    /// A game of any kind at the one table ([`crate::table::Table`]), read again from its file
    /// when resumed.
    Game(Box<GameOffered>),
    /// A game of an online table of 2–6 seats, rejoined by its saved link.
    Table(Box<TableSaved>),
}

/// An unfinished game of the one table, as the resume prompt shows it.
#[derive(Debug, Clone)]
pub struct GameOffered {
    /// Its file.
    pub path: std::path::PathBuf,
    /// The game.
    pub game: tripot_game::GameSpec,
    /// Who sat at each seat (`human,moyen,…`).
    pub players: String,
    /// The moves played.
    pub moves: usize,
    /// When its file was last written, in seconds since 1970 (UTC), if the system says.
    pub saved_at: Option<i64>,
}

impl GameOffered {
    /// What the prompt shows of `saved`.
    #[must_use]
    pub fn of(saved: &crate::table_save::SavedGame) -> GameOffered {
        GameOffered {
            path: saved.path.clone(),
            game: saved.record.game().clone(),
            // The seats as the `Table` tag writes them, an older duel's read from its `Mode`.
            players: saved.seats().map(|(seats, _)| crate::seat_kind::seats_tag(&seats)).unwrap_or_default(),
            moves: saved.record.moves().len(),
            saved_at: std::fs::metadata(&saved.path)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .and_then(|d| i64::try_from(d.as_secs()).ok()),
        }
    }
}
