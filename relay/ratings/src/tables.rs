//! The store's reads and writes, each inside the caller's transaction or connection.

use libp2p::PeerId;
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use tripot_ratings_wire::{GameResult, MAX_STANDINGS, Month, Period, StandingEntry, Standings};

use crate::elo::{START_RATING, ratings_after};

/// What the store holds for a game id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Previous {
    /// Nothing: the game was never counted.
    None,
    /// This very result.
    Same,
    /// Another result of the same game id.
    Other,
}

/// A number of seconds as SQLite stores it.
fn sql_time(seconds: u64) -> i64 {
    i64::try_from(seconds).unwrap_or(i64::MAX)
}

/// A pair of keys in the order the pair tables keep them.
fn ordered(a: &PeerId, b: &PeerId) -> (String, String) {
    let (a, b) = (a.to_base58(), b.to_base58());
    if a <= b { (a, b) } else { (b, a) }
}

pub(crate) fn previous(
    tx: &Transaction<'_>,
    game_id: &[u8; 16],
    content_hash: &[u8; 32],
) -> rusqlite::Result<Previous> {
    let stored: Option<Vec<u8>> = tx
        .query_row("SELECT content_hash FROM results WHERE game_id = ?1", [&game_id[..]], |row| row.get(0))
        .optional()?;
    Ok(match stored {
        None => Previous::None,
        Some(hash) if hash == content_hash[..] => Previous::Same,
        Some(_) => Previous::Other,
    })
}

/// A count about the pair `a`, `b` since a time: `sql` takes the pair's two ids and the time.
fn pair_count(tx: &Transaction<'_>, sql: &str, a: &PeerId, b: &PeerId, since: u64) -> rusqlite::Result<u32> {
    let (low, high) = ordered(a, b);
    tx.query_row(sql, params![low, high, sql_time(since)], |row| row.get(0))
}

/// Whether `a` and `b` had a circuit through this relay at `since` or later.
pub(crate) fn met_since(tx: &Transaction<'_>, a: &PeerId, b: &PeerId, since: u64) -> rusqlite::Result<bool> {
    let sql = "SELECT count(*) FROM meetings WHERE low = ?1 AND high = ?2 AND last_unix >= ?3";
    Ok(pair_count(tx, sql, a, b, since)? > 0)
}

/// Rated games of the pair received at `since` or later.
pub(crate) fn pair_games_since(
    tx: &Transaction<'_>,
    a: &PeerId,
    b: &PeerId,
    since: u64,
) -> rusqlite::Result<u32> {
    let sql = "SELECT count(*) FROM pair_games WHERE low = ?1 AND high = ?2 AND received_unix >= ?3";
    pair_count(tx, sql, a, b, since)
}

/// Remembers a circuit between `a` and `b` at `at`.
pub(crate) fn record_meeting(
    connection: &Connection,
    a: &PeerId,
    b: &PeerId,
    at: u64,
) -> rusqlite::Result<()> {
    let (low, high) = ordered(a, b);
    connection.execute(
        "INSERT INTO meetings (low, high, last_unix) VALUES (?1, ?2, ?3)
         ON CONFLICT (low, high) DO UPDATE SET last_unix = max(last_unix, excluded.last_unix)",
        params![low, high, sql_time(at)],
    )?;
    Ok(())
}

/// Counts a checked result: stores it, updates the all-time and the monthly table of its game,
/// and notes each pair's game for the daily cap. Pair games older than a day go.
pub(crate) fn count(
    tx: &Transaction<'_>,
    result: &GameResult,
    signed: &[u8],
    content_hash: &[u8; 32],
    now: u64,
) -> rusqlite::Result<()> {
    let month = Month::from_unix(result.finished_unix);
    tx.execute(
        "INSERT INTO results (game_id, content_hash, game, month, finished_unix, received_unix, signed)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            &result.game_id[..],
            &content_hash[..],
            result.game,
            month.to_string(),
            sql_time(result.finished_unix),
            sql_time(now),
            signed
        ],
    )?;
    for period in [Period::AllTime, Period::Month(month)] {
        update_table(tx, result, period)?;
    }
    for (index, seat) in result.seats.iter().enumerate() {
        for other in &result.seats[index + 1..] {
            let (low, high) = ordered(&seat.peer_id, &other.peer_id);
            tx.execute(
                "INSERT INTO pair_games (low, high, received_unix) VALUES (?1, ?2, ?3)",
                params![low, high, sql_time(now)],
            )?;
        }
    }
    tx.execute(
        "DELETE FROM pair_games WHERE received_unix < ?1",
        [sql_time(now.saturating_sub(24 * 60 * 60))],
    )?;
    Ok(())
}

fn update_table(tx: &Transaction<'_>, result: &GameResult, period: Period) -> rusqlite::Result<()> {
    let period = period.to_string();
    let ids: Vec<String> = result.seats.iter().map(|s| s.peer_id.to_base58()).collect();
    let mut before = Vec::with_capacity(ids.len());
    for id in &ids {
        let rating: Option<f64> = tx
            .query_row(
                "SELECT rating FROM ratings WHERE game = ?1 AND period = ?2 AND peer_id = ?3",
                params![result.game, period, id],
                |row| row.get(0),
            )
            .optional()?;
        before.push(rating.unwrap_or(START_RATING));
    }
    let after = ratings_after(&before, &result.places);
    for ((id, seat), rating) in ids.iter().zip(&result.seats).zip(after) {
        tx.execute(
            "INSERT INTO ratings (game, period, peer_id, name, rating, games, opponents)
             VALUES (?1, ?2, ?3, ?4, ?5, 1, 0)
             ON CONFLICT (game, period, peer_id) DO UPDATE
             SET name = excluded.name, rating = excluded.rating, games = games + 1",
            params![result.game, period, id, seat.name, rating],
        )?;
        let mut new_opponents = 0;
        for opponent in ids.iter().filter(|o| *o != id) {
            new_opponents += tx.execute(
                "INSERT OR IGNORE INTO opponents (game, period, peer_id, opponent) VALUES (?1, ?2, ?3, ?4)",
                params![result.game, period, id, opponent],
            )?;
        }
        if new_opponents > 0 {
            tx.execute(
                "UPDATE ratings SET opponents = opponents + ?4 WHERE game = ?1 AND period = ?2 AND peer_id = ?3",
                params![result.game, period, id, i64::try_from(new_opponents).unwrap_or(i64::MAX)],
            )?;
        }
    }
    Ok(())
}

/// The best [`MAX_STANDINGS`] of a table: established ratings first, then provisional ones
/// (fewer than `provisional_below` distinct opponents), each by rating.
pub(crate) fn standings(
    connection: &Connection,
    game: &str,
    period: Period,
    provisional_below: u32,
) -> rusqlite::Result<Standings> {
    let period_text = period.to_string();
    let players: u32 = connection.query_row(
        "SELECT count(*) FROM ratings WHERE game = ?1 AND period = ?2",
        params![game, period_text],
        |row| row.get(0),
    )?;
    let mut statement = connection.prepare_cached(
        "SELECT peer_id, name, rating, games, opponents FROM ratings WHERE game = ?1 AND period = ?2
         ORDER BY (opponents < ?3), rating DESC, games DESC, peer_id
         LIMIT ?4",
    )?;
    let limit = i64::try_from(MAX_STANDINGS).unwrap_or(i64::MAX);
    let rows = statement.query_map(params![game, period_text, provisional_below, limit], |row| {
        let peer: String = row.get(0)?;
        let opponents: u32 = row.get(4)?;
        Ok((peer, row.get(1)?, row.get(2)?, row.get(3)?, opponents))
    })?;
    let mut entries = Vec::new();
    for row in rows {
        let (peer, name, rating, games, opponents): (String, String, f64, u32, u32) = row?;
        // Only the service writes this table, with peer ids it parsed: a row that does not parse
        // is skipped rather than shown wrong.
        let Ok(peer_id) = peer.parse() else { continue };
        entries.push(StandingEntry {
            peer_id,
            name,
            rating,
            games,
            opponents,
            provisional: opponents < provisional_below,
        });
    }
    Ok(Standings { game: game.to_owned(), period, entries, players })
}

/// Every table the store holds: each game with its periods, the all-time one first, then the
/// months from the latest (`all` sorts after any `YYYY-MM` as text, so one `DESC` does both).
pub(crate) fn index(connection: &Connection) -> rusqlite::Result<Vec<(String, Vec<Period>)>> {
    let mut statement =
        connection.prepare_cached("SELECT DISTINCT game, period FROM ratings ORDER BY game, period DESC")?;
    let rows = statement.query_map([], |row| Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?)))?;
    let mut games: Vec<(String, Vec<Period>)> = Vec::new();
    for row in rows {
        let (game, period) = row?;
        let Ok(period) = period.parse::<Period>() else { continue };
        match games.last_mut() {
            Some((last, periods)) if *last == game => periods.push(period),
            _ => games.push((game, vec![period])),
        }
    }
    Ok(games)
}

/// How many results the store counted.
pub(crate) fn results(connection: &Connection) -> rusqlite::Result<u64> {
    connection.query_row("SELECT count(*) FROM results", [], |row| row.get(0))
}
