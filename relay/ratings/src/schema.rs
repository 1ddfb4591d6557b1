//! The SQLite file: its settings and its tables.
//!
//! WAL, so that the page and the tables read while a result is written; `synchronous = FULL`,
//! so that a result answered `Accepted` survives a crash of the process or of the machine.

use rusqlite::Connection;
use std::time::Duration;

/// The layout written here; a file of another version is refused rather than misread.
const VERSION: i64 = 1;

const TABLES: &str = "
CREATE TABLE IF NOT EXISTS results (
    game_id BLOB PRIMARY KEY,      -- 16 bytes: one result per game
    content_hash BLOB NOT NULL,    -- SHA-256 of the signed bytes: the same result, or another
    game TEXT NOT NULL,
    month TEXT NOT NULL,           -- YYYY-MM of finished_unix, UTC
    finished_unix INTEGER NOT NULL,
    received_unix INTEGER NOT NULL,
    signed BLOB NOT NULL           -- the signed result as received (postcard): the evidence
) STRICT;
CREATE TABLE IF NOT EXISTS ratings (
    game TEXT NOT NULL,
    period TEXT NOT NULL,          -- 'all' or YYYY-MM
    peer_id TEXT NOT NULL,
    name TEXT NOT NULL,            -- the last name played under
    rating REAL NOT NULL,
    games INTEGER NOT NULL,
    opponents INTEGER NOT NULL,    -- distinct opponents met: the rows of `opponents` for it
    PRIMARY KEY (game, period, peer_id)
) STRICT;
CREATE INDEX IF NOT EXISTS ratings_by_rating ON ratings (game, period, rating DESC);
CREATE TABLE IF NOT EXISTS opponents (
    game TEXT NOT NULL,
    period TEXT NOT NULL,
    peer_id TEXT NOT NULL,
    opponent TEXT NOT NULL,
    PRIMARY KEY (game, period, peer_id, opponent)
) STRICT, WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS pair_games (
    low TEXT NOT NULL,             -- the pair's two peer ids, in order
    high TEXT NOT NULL,
    received_unix INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS pair_games_by_pair ON pair_games (low, high, received_unix);
CREATE INDEX IF NOT EXISTS pair_games_by_time ON pair_games (received_unix);
CREATE TABLE IF NOT EXISTS meetings (
    low TEXT NOT NULL,
    high TEXT NOT NULL,
    last_unix INTEGER NOT NULL,    -- the last circuit between them through this relay
    PRIMARY KEY (low, high)
) STRICT, WITHOUT ROWID;
";

/// A file that cannot serve as the ratings store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused.
    #[error("ratings store: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The file holds another layout.
    #[error("ratings store of layout version {found}, this relay writes version {VERSION}")]
    Version {
        /// What the file says.
        found: i64,
    },
    /// A lock was poisoned by a panic elsewhere.
    #[error("ratings store lock poisoned")]
    Poisoned,
}

/// Opens (or creates) the store and sets a connection up.
pub(crate) fn open(path: &std::path::Path) -> Result<Connection, StoreError> {
    let connection = Connection::open(path)?;
    connection.busy_timeout(Duration::from_secs(5))?;
    connection.pragma_update(None, "journal_mode", "WAL")?;
    connection.pragma_update(None, "synchronous", "FULL")?;
    Ok(connection)
}

/// Creates the tables of a new file, or checks the version of an existing one.
pub(crate) fn prepare(connection: &mut Connection) -> Result<(), StoreError> {
    let found: i64 = connection.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    match found {
        0 => {
            let transaction = connection.transaction()?;
            transaction.execute_batch(TABLES)?;
            transaction.pragma_update(None, "user_version", VERSION)?;
            transaction.commit()?;
            Ok(())
        }
        VERSION => Ok(()),
        found => Err(StoreError::Version { found }),
    }
}
