//! The « Classements » view: a relay's Elo table for one game, asked of the relay the page's
//! online play uses (`tripot web --relay`, else the config file's) through
//! `tripot_net::ratings::standings`, its rows as `tripot_app::ratings_table` makes them for
//! every front-end. Nothing is computed here.

use serde::{Deserialize, Serialize};
use tripot_app::ratings_table::rows;
use tripot_app::settings::configured_relay;
use tripot_game::GameSpec;
use tripot_net::Multiaddr;
use tripot_net::ratings::standings;
use tripot_ratings_wire::{Period, StandingsQuery};

use crate::messages::{ErrorCode, ServerMessage};

/// The table asked for.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub(crate) struct RatingsRequest {
    /// The game's name (`tripot`, `kawu-3`…).
    pub(crate) game: String,
    /// A month `YYYY-MM`; none (or empty) for all time.
    #[serde(default)]
    pub(crate) month: Option<String>,
}

/// A relay's table as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RatingsView {
    /// The game.
    pub(crate) game: String,
    /// The month `YYYY-MM`, none for all time.
    pub(crate) month: Option<String>,
    /// How many players the whole table has (more than the rows shown, maybe).
    pub(crate) players: u32,
    /// The rows, best first.
    pub(crate) rows: Vec<RatingRowView>,
}

/// One player of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RatingRowView {
    /// 1 for the first row.
    pub(crate) rank: u32,
    /// The name the player last played under.
    pub(crate) name: String,
    /// Their identity, the peer id.
    pub(crate) peer_id: String,
    /// The Elo rating, rounded.
    pub(crate) rating: i64,
    /// Rated games in the period.
    pub(crate) games: u32,
    /// Distinct opponents in the period.
    pub(crate) opponents: u32,
    /// Too few distinct opponents yet.
    pub(crate) provisional: bool,
}

/// The answer to `request`: the table of `relay` (or the config file's), or a refusal saying
/// why — a malformed request is refused before anything is sent to the relay.
pub(crate) async fn answer(relay: Option<Multiaddr>, request: RatingsRequest) -> ServerMessage {
    let refuse = |code: ErrorCode, detail: String| ServerMessage::Error { code, detail };
    let game = match GameSpec::new(&request.game) {
        Ok(spec) if tripot_game::catalogue::find(&spec).is_some() => spec,
        _ => {
            return refuse(
                ErrorCode::BadRatingsQuery,
                format!("not a game of the catalogue: {:?}", request.game),
            );
        }
    };
    let month = request.month.filter(|m| !m.trim().is_empty());
    let period = match &month {
        None => Period::AllTime,
        Some(text) => match text.trim().parse() {
            Ok(month) => Period::Month(month),
            Err(error) => return refuse(ErrorCode::BadRatingsQuery, error.to_string()),
        },
    };
    let relay = match configured_relay(relay) {
        Ok(Some(relay)) => relay,
        Ok(None) => return refuse(ErrorCode::NoRelay, "no relay is configured".to_owned()),
        Err(error) => return refuse(ErrorCode::NoRelay, error.to_string()),
    };
    let query = StandingsQuery { game: game.as_str().to_owned(), period };
    match standings(&relay, query).await {
        Ok(table) => ServerMessage::Ratings(RatingsView {
            game: table.game.clone(),
            month: match table.period {
                Period::AllTime => None,
                Period::Month(month) => Some(month.to_string()),
            },
            players: table.players,
            rows: rows(&table)
                .into_iter()
                .map(|r| RatingRowView {
                    rank: r.rank,
                    name: r.name,
                    peer_id: r.peer_id,
                    rating: r.rating,
                    games: r.games,
                    opponents: r.opponents,
                    provisional: r.provisional,
                })
                .collect(),
        }),
        Err(error) => refuse(ErrorCode::RatingsUnavailable, error.to_string()),
    }
}
