//! The ratings a game gives, with skillratings' Elo: with two seats, one Elo game; with three
//! to six, each pair of seats is a game decided by their places (the better place wins, equal
//! places draw). Every pair game is rated from the ratings before the game and a seat's changes
//! are added up, so that the order of the seats changes nothing and seats tied in place with
//! equal ratings stay equal.

use skillratings::Outcomes;
use skillratings::elo::{EloConfig, EloRating, elo};

/// The rating of a player new to a table. 1500, the usual start of public tables, rather than
/// skillratings' 1000: a newcomer reads as average there.
pub const START_RATING: f64 = 1500.0;

/// Elo's K: how far one duel moves a rating (skillratings' and FIDE's usual 32).
pub const K: f64 = 32.0;

fn outcome(mine: u8, theirs: u8) -> Outcomes {
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Less => Outcomes::WIN,
        std::cmp::Ordering::Equal => Outcomes::DRAW,
        std::cmp::Ordering::Greater => Outcomes::LOSS,
    }
}

/// The ratings after a game, seat by seat, from `before` and the places (1 = first).
///
/// With n seats each seat plays n − 1 pair games; K is shared among them (K / (n − 1)), so
/// that one table game moves a rating about as far as one duel, not five times as far.
#[must_use]
pub fn ratings_after(before: &[f64], places: &[u8]) -> Vec<f64> {
    let others = before.len().saturating_sub(1).max(1);
    let config = EloConfig { k: K / f64::from(u32::try_from(others).unwrap_or(u32::MAX)) };
    let mut after = before.to_vec();
    for (seat, &rating) in before.iter().enumerate() {
        for other in seat + 1..before.len() {
            let (mine, theirs) = (EloRating { rating }, EloRating { rating: before[other] });
            let (mine_after, theirs_after) =
                elo(&mine, &theirs, &outcome(places[seat], places[other]), &config);
            after[seat] += mine_after.rating - rating;
            after[other] += theirs_after.rating - before[other];
        }
    }
    after
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn a_duel_is_one_elo_game() {
        let after = ratings_after(&[1500.0, 1600.0], &[1, 2]);
        let (a, b) = skillratings::elo::elo(
            &EloRating { rating: 1500.0 },
            &EloRating { rating: 1600.0 },
            &Outcomes::WIN,
            &EloConfig { k: K },
        );
        assert_eq!(after, vec![a.rating, b.rating]);
        assert!(after[0] > 1500.0 && after[1] < 1600.0);
        let drawn = ratings_after(&[1500.0, 1500.0], &[1, 1]);
        assert_eq!(drawn, vec![1500.0, 1500.0]);
    }

    #[test]
    fn at_a_table_the_better_places_gain_and_equal_players_keep_the_sum() {
        let after = ratings_after(&[START_RATING; 4], &[2, 1, 4, 3]);
        assert!(after[1] > after[0] && after[0] > after[3] && after[3] > after[2], "{after:?}");
        let sum: f64 = after.iter().sum();
        assert!((sum - 4.0 * START_RATING).abs() < 1e-9, "{sum}");
        // Tied seats of equal ratings stay equal, wherever they sit.
        let tied = ratings_after(&[START_RATING; 3], &[2, 1, 2]);
        assert_eq!(tied[0], tied[2]);
        // The winner of a table gains about what a duel's winner does against equals.
        let duel = ratings_after(&[START_RATING; 2], &[1, 2])[0] - START_RATING;
        let table = after[1] - START_RATING;
        assert!((table - duel).abs() < 1.0, "{table} vs {duel}");
    }
}
