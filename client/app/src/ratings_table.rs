//! A relay's Elo table as every front-end shows it: the rows (rank, name, rating rounded,
//! games, opponents, provisional or not, the peer id that is the player's identity) and the
//! table as lines of text for the command line and the terminal. The table itself comes from
//! the relay (`tripot_net::ratings::standings`); nothing here is computed.

use tripot_ratings_wire::{Standings, StandingsQuery};

use crate::i18n::Lang;

/// Longest name shown, in characters (the relay keeps up to 32).
const NAME_WIDTH: usize = 20;

/// One player of a table, as shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingRow {
    /// 1 for the first row.
    pub rank: u32,
    /// The name the player last played under (shown, never trusted).
    pub name: String,
    /// The player's identity: their peer id.
    pub peer_id: String,
    /// The Elo rating, rounded.
    pub rating: i64,
    /// Rated games in the period.
    pub games: u32,
    /// Distinct opponents in the period.
    pub opponents: u32,
    /// Too few distinct opponents yet.
    pub provisional: bool,
}

/// The rows of `standings`, in the relay's order (established ratings first, best first).
#[must_use]
pub fn rows(standings: &Standings) -> Vec<RatingRow> {
    (1..)
        .zip(&standings.entries)
        .map(|(rank, entry)| RatingRow {
            rank,
            name: entry.name.chars().filter(|c| !c.is_control()).collect(),
            peer_id: entry.peer_id.to_string(),
            // Elo ratings stay within a few thousand: the cast cannot overflow.
            #[allow(clippy::cast_possible_truncation)]
            rating: entry.rating.round() as i64,
            games: entry.games,
            opponents: entry.opponents,
            provisional: entry.provisional,
        })
        .collect()
}

/// The heading of a table: the game, its period, its number of players.
#[must_use]
pub fn heading(lang: Lang, query: &StandingsQuery, players: u32) -> String {
    format!(
        "{} — {} — {} — {}",
        lang.ratings().title,
        query.game,
        lang.period(query.period),
        lang.players_count(players)
    )
}

/// The table as lines of text: a header, then one line per player (name, rating, games,
/// opponents, « provisoire »), then each player's peer id in full under their line.
#[must_use]
pub fn table_lines(lang: Lang, standings: &Standings) -> Vec<String> {
    let t = lang.ratings();
    let query = StandingsQuery { game: standings.game.clone(), period: standings.period };
    let mut lines = vec![heading(lang, &query, standings.players)];
    let rows = rows(standings);
    if rows.is_empty() {
        lines.push(t.nobody.to_owned());
        return lines;
    }
    lines.push(format!(
        "{:>4}  {:<NAME_WIDTH$}  {:>5}  {:>7}  {:>11}",
        t.rank, t.player, t.rating, t.games, t.opponents
    ));
    for row in rows {
        let name: String = row.name.chars().take(NAME_WIDTH).collect();
        let provisional = if row.provisional { t.provisional } else { "" };
        lines.push(
            format!(
                "{:>4}  {:<NAME_WIDTH$}  {:>5}  {:>7}  {:>11}  {provisional}",
                row.rank, name, row.rating, row.games, row.opponents
            )
            .trim_end()
            .to_owned(),
        );
        lines.push(format!("      {}", row.peer_id));
    }
    lines
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use tripot_net::Keypair;
    use tripot_ratings_wire::{Month, Period, StandingEntry};

    use super::*;

    fn standings(entries: Vec<StandingEntry>) -> Standings {
        let players = u32::try_from(entries.len()).unwrap();
        Standings {
            game: "tripot".into(),
            period: Period::Month(Month::new(2026, 12).unwrap()),
            entries,
            players,
        }
    }

    fn entry(name: &str, rating: f64, provisional: bool) -> StandingEntry {
        StandingEntry {
            peer_id: Keypair::generate_ed25519().public().to_peer_id(),
            name: name.into(),
            rating,
            games: 7,
            opponents: 5,
            provisional,
        }
    }

    #[test]
    fn a_table_lists_each_player_with_rating_games_and_peer_id() {
        let table = standings(vec![entry("Ana", 1516.4, false), entry("Ben\u{1b}[31m", 1483.6, true)]);
        let lines = table_lines(Lang::Fr, &table);
        assert_eq!(lines[0], "Classements — tripot — 2026-12 — 2 joueurs");
        assert!(lines[1].contains("Joueur") && lines[1].contains("Elo"), "{}", lines[1]);
        assert!(lines[2].starts_with("   1  Ana") && lines[2].contains(" 1516 "), "{}", lines[2]);
        assert!(!lines[2].contains("provisoire"));
        assert_eq!(lines[3].trim(), table.entries[0].peer_id.to_string());
        // A name's control characters are not sent to the terminal.
        assert!(lines[4].contains("Ben[31m") && lines[4].ends_with("provisoire"), "{}", lines[4]);
        assert!(!lines[4].contains('\u{1b}'));
        let english = table_lines(Lang::En, &table);
        assert_eq!(english[0], "Ratings — tripot — 2026-12 — 2 players");
        assert!(english[4].ends_with("provisional"));
    }

    #[test]
    fn an_empty_table_says_so() {
        let lines = table_lines(Lang::En, &Standings { period: Period::AllTime, ..standings(vec![]) });
        assert_eq!(
            lines,
            vec![
                "Ratings — tripot — all time — 0 players",
                "Nobody is rated in this game on this relay yet."
            ]
        );
    }
}
