//! The quick match's seek of a game of two seats, in the catalogue's words: one game, or any
//! game of two seats. Every front-end's menu names its choice as a `GameSpec`; the seek does not
//! care which game it is.

use tripot_game::{GameSpec, TableSpec, catalogue};
use tripot_net::online::matchmaking::quick::QuickSeek;
use tripot_net::online::matchmaking::{MatchError, playable};

/// The seek of `game` and nothing else, or (`None`) of any game of two seats — the catalogue's
/// first game of two seats being played when two seekers of any meet.
///
/// # Errors
/// [`MatchError::Unsupported`]: `game` is not a game of two seats of the catalogue (or the
/// catalogue has none, for any).
pub fn two_seat_seek(game: Option<&GameSpec>) -> Result<QuickSeek, MatchError> {
    let Some(game) = game else {
        let first = catalogue::catalogue()
            .iter()
            .find(|info| info.seats == 2)
            .ok_or_else(|| MatchError::Unsupported(String::from("no game of two seats")))?;
        return Ok(QuickSeek::any(first.table()));
    };
    let table = TableSpec { game: game.clone(), seats: 2 };
    playable(&table)?;
    Ok(QuickSeek::exactly(table))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_game_of_two_seats_is_sought_exactly() {
        let kawu: GameSpec = "kawu-2".parse().unwrap();
        let seek = two_seat_seek(Some(&kawu)).unwrap();
        assert_eq!(seek, QuickSeek::exactly(TableSpec { game: kawu, seats: 2 }));
    }

    #[test]
    fn any_game_falls_back_on_the_catalogues_first_game_of_two_seats() {
        let seek = two_seat_seek(None).unwrap();
        assert!(seek.any_game);
        assert_eq!(seek.table, TableSpec { game: "tripot".parse().unwrap(), seats: 2 });
    }

    #[test]
    fn a_game_of_more_seats_or_unknown_is_refused() {
        for name in ["kawu-3", "chess"] {
            let refused = two_seat_seek(Some(&name.parse().unwrap()));
            assert!(matches!(refused, Err(MatchError::Unsupported(_))), "{name}: {refused:?}");
        }
    }
}
