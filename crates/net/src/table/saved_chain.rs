//! The signed chain in a table's save: the table as its record opened (seats, hosts, clock,
//! game number) and every signed entry, in one record tag, so that a replay checks what every
//! peer checked — signatures, the chain, seats and turns — and not only the moves' legality.

use serde::{Deserialize, Serialize};
use tripot_game::{GameRecord, TableSpec};
use tripot_protocol::table::{Entry, TableState};

use super::error::{EntryError, TableError};
use super::record::Record;
use crate::session::OpenGame;

/// The record tag holding the signed chain (hex of its postcard bytes).
pub const CHAIN_TAG: &str = "TableChain";

/// What the tag holds.
#[derive(Serialize, Deserialize)]
struct SavedChain {
    table: TableState,
    entries: Vec<Entry>,
}

/// Why a saved chain was refused.
#[derive(Debug, thiserror::Error)]
pub enum SavedChainError {
    /// The record has no signed chain.
    #[error("the record holds no signed chain")]
    Missing,
    /// The tag is not a chain's encoding.
    #[error("the signed chain cannot be read")]
    Malformed,
    /// The chain's table does not open.
    #[error(transparent)]
    Open(#[from] TableError),
    /// An entry refused (a signature, the chain, a seat, a turn, a move).
    #[error("entry {index} of the signed chain refused: {error}")]
    Entry {
        /// Its index.
        index: u32,
        /// Why.
        error: EntryError,
    },
    /// The chain plays other moves than the record's.
    #[error("the signed chain and the record's moves differ")]
    Differs,
}

/// The tag's value for `record` (as this peer verified it).
#[must_use]
pub fn chain_tag(record: &Record) -> Option<String> {
    let key = record.key();
    let table = TableState {
        table: key.table,
        spec: TableSpec { game: record.state().spec().clone(), seats: record.state().seat_count() },
        seats: record.seats().to_vec(),
        hosts: record.hosts().to_vec(),
        epoch: 0,
        clock: record.clock_rule(),
        spectators: false,
        game: key.game,
        started: true,
        held: 0,
        watching: 0,
    };
    let saved = SavedChain { table, entries: record.entries().to_vec() };
    let bytes = postcard::to_allocvec(&saved).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Checks a saved record's signed chain from its first entry, as a peer would have, and that
/// it plays the record's very moves.
///
/// # Errors
/// [`SavedChainError`]: no chain, unreadable, an entry refused, or other moves.
pub fn verify_saved_chain(saved: &GameRecord, open_game: OpenGame) -> Result<(), SavedChainError> {
    let hex = saved.tag(CHAIN_TAG).ok_or(SavedChainError::Missing)?;
    let bytes = from_hex(hex).ok_or(SavedChainError::Malformed)?;
    let chain: SavedChain = postcard::from_bytes(&bytes).map_err(|_| SavedChainError::Malformed)?;
    let mut record = Record::open(&chain.table, open_game)?;
    for entry in chain.entries {
        let index = entry.index;
        record.apply(entry).map_err(|error| SavedChainError::Entry { index, error })?;
    }
    if GameRecord::of_game(record.state()).moves() != saved.moves() {
        return Err(SavedChainError::Differs);
    }
    Ok(())
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| text.get(i..i + 2).and_then(|pair| u8::from_str_radix(pair, 16).ok()))
        .collect()
}
