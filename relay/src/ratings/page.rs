//! The tables on the relay's HTTP endpoint: `GET /ratings` (a page, in French or English, every
//! name escaped) and `GET /ratings.json` (`?game=kawu-3&month=2026-12`; without `month`, all
//! time; without `game`, the list of tables).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use std::fmt::Write as _;
use std::sync::Arc;
use tripot_ratings_wire::{Month, Period, RefuseReason, Standings, StandingsQuery, is_game_name};

use super::RatingsService;
use crate::http::HttpState;

/// What a query asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Query {
    game: Option<String>,
    period: Period,
    french: Option<bool>,
}

/// Reads `game`, `month` and `lang` from the query string. Values are plain ASCII (game names,
/// months, `fr`/`en`): anything percent-encoded or unknown is refused, not guessed.
fn parse_query(query: Option<&str>) -> Option<Query> {
    let mut parsed = Query { game: None, period: Period::AllTime, french: None };
    for pair in query.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=')?;
        match key {
            "game" if is_game_name(value) => parsed.game = Some(value.to_owned()),
            "month" => parsed.period = Period::Month(value.parse::<Month>().ok()?),
            "lang" if value == "fr" || value == "en" => parsed.french = Some(value == "fr"),
            _ => return None,
        }
    }
    Some(parsed)
}

/// The table or the index, read on a blocking thread (the store may be writing).
async fn read(service: Arc<dyn RatingsService>, query: &Query) -> Result<Tables, RefuseReason> {
    let game = query.game.clone();
    let period = query.period;
    let read = tokio::task::spawn_blocking(move || match game {
        Some(game) => service.standings(&StandingsQuery { game, period }).map(Tables::One),
        None => service.index().map(Tables::Index),
    });
    read.await.unwrap_or(Err(RefuseReason::Unavailable))
}

enum Tables {
    One(Standings),
    Index(Vec<(String, Vec<Period>)>),
}

fn plain(status: StatusCode, body: &'static str) -> Response {
    (status, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
}

/// `GET /ratings.json`.
pub(crate) async fn json(State(state): State<HttpState>, uri: Uri) -> Response {
    let Some(service) = state.ratings.clone() else {
        return plain(StatusCode::NOT_FOUND, "ratings are off on this relay\n");
    };
    let Some(query) = parse_query(uri.query()) else {
        return plain(StatusCode::BAD_REQUEST, "expected ?game=NAME&month=YYYY-MM\n");
    };
    let body = match read(service, &query).await {
        Ok(Tables::One(standings)) => serde_json::to_string(&standings),
        Ok(Tables::Index(index)) => {
            let games: Vec<serde_json::Value> = index
                .into_iter()
                .map(|(game, periods)| {
                    let periods: Vec<String> = periods.iter().map(ToString::to_string).collect();
                    serde_json::json!({ "game": game, "periods": periods })
                })
                .collect();
            serde_json::to_string(&serde_json::json!({ "games": games }))
        }
        Err(_) => return plain(StatusCode::SERVICE_UNAVAILABLE, "the ratings are unavailable\n"),
    };
    match body {
        Ok(body) => ([(header::CONTENT_TYPE, "application/json")], body).into_response(),
        Err(_) => plain(StatusCode::INTERNAL_SERVER_ERROR, "the ratings do not encode\n"),
    }
}

/// `GET /ratings`.
pub(crate) async fn html(State(state): State<HttpState>, uri: Uri, headers: HeaderMap) -> Response {
    let Some(service) = state.ratings.clone() else {
        return plain(StatusCode::NOT_FOUND, "ratings are off on this relay\n");
    };
    let Some(query) = parse_query(uri.query()) else {
        return plain(StatusCode::BAD_REQUEST, "expected ?game=NAME&month=YYYY-MM&lang=fr|en\n");
    };
    let french = query.french.unwrap_or_else(|| prefers_french(&headers));
    let words = if french { &FRENCH } else { &ENGLISH };
    let body = match read(service, &query).await {
        Ok(Tables::One(standings)) => table_page(words, &standings),
        Ok(Tables::Index(index)) => index_page(words, &index),
        Err(_) => return plain(StatusCode::SERVICE_UNAVAILABLE, "the ratings are unavailable\n"),
    };
    let page = format!(
        "<!doctype html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
         content=\"width=device-width\"><title>{}</title><style>{STYLE}</style></head><body>\n{body}</body></html>\n",
        words.lang, words.title
    );
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response()
}

/// A little layout: a readable column, the table's numbers aligned.
const STYLE: &str = "body{font-family:sans-serif;max-width:48rem;margin:1rem auto;padding:0 1rem}\
table{border-collapse:collapse}th,td{padding:.25rem .75rem;border-bottom:1px solid #ddd}\
td:nth-child(n+3),th:nth-child(n+3){text-align:right}i{color:#777}";

/// The game's title for players in the page's language (the catalogue's), or its name.
fn title(words: &Words, game: &str) -> String {
    let info = tripot_game::GameSpec::new(game).ok().and_then(|spec| tripot_game::catalogue::find(&spec));
    match info {
        Some(info) if words.lang == "fr" => escape(info.title.fr),
        Some(info) => escape(info.title.en),
        None => escape(game),
    }
}

/// Whether the browser's first language is French.
fn prefers_french(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
        .is_some_and(|first| first.trim().to_ascii_lowercase().starts_with("fr"))
}

/// The page's words in one language.
struct Words {
    lang: &'static str,
    title: &'static str,
    all_time: &'static str,
    rank: &'static str,
    player: &'static str,
    rating: &'static str,
    games: &'static str,
    opponents: &'static str,
    provisional: &'static str,
    empty: &'static str,
    no_tables: &'static str,
    players: &'static str,
    back: &'static str,
    note: &'static str,
}

const FRENCH: Words = Words {
    lang: "fr",
    title: "Classements",
    all_time: "depuis le début",
    rank: "Rang",
    player: "Joueur",
    rating: "Elo",
    games: "Parties",
    opponents: "Adversaires",
    provisional: "provisoire",
    empty: "Aucune partie classée sur cette période.",
    no_tables: "Aucune partie classée pour l’instant.",
    players: "joueurs",
    back: "Tous les classements",
    note: "Un Elo par jeu, remis à zéro le 1er de chaque mois (UTC). Les parties contre l’ordinateur, \
           avec un invité ou en équipes ne comptent pas. Un classement reste provisoire tant que le \
           joueur n’a pas rencontré assez d’adversaires différents.",
};

const ENGLISH: Words = Words {
    lang: "en",
    title: "Ratings",
    all_time: "all time",
    rank: "Rank",
    player: "Player",
    rating: "Elo",
    games: "Games",
    opponents: "Opponents",
    provisional: "provisional",
    empty: "No rated game in this period.",
    no_tables: "No rated game yet.",
    players: "players",
    back: "All tables",
    note: "One Elo per game, reset on the 1st of each month (UTC). Games against the computer, with a \
           guest or in teams do not count. A rating stays provisional until its player has met enough \
           different opponents.",
};

/// Text made safe for HTML content and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn period_words(words: &Words, period: Period) -> String {
    match period {
        Period::AllTime => words.all_time.to_owned(),
        Period::Month(month) => month.to_string(),
    }
}

/// A link to a table; game names and periods are `[a-z0-9-]` by construction.
fn link(words: &Words, game: &str, period: Period) -> String {
    let month = match period {
        Period::AllTime => String::new(),
        Period::Month(month) => format!("&amp;month={month}"),
    };
    format!(
        "<a href=\"/ratings?game={game}{month}&amp;lang={}\">{}</a>",
        words.lang,
        period_words(words, period)
    )
}

fn index_page(words: &Words, index: &[(String, Vec<Period>)]) -> String {
    let mut body = format!("<h1>{}</h1>\n<p>{}</p>\n", words.title, words.note);
    if index.is_empty() {
        let _ = writeln!(body, "<p>{}</p>", words.no_tables);
    }
    body.push_str("<ul>\n");
    for (game, periods) in index {
        let links: Vec<String> = periods.iter().map(|p| link(words, game, *p)).collect();
        let _ = writeln!(
            body,
            "<li><b>{}</b> ({}) — {}</li>",
            title(words, game),
            escape(game),
            links.join(" · ")
        );
    }
    body.push_str("</ul>\n");
    body
}

fn table_page(words: &Words, standings: &Standings) -> String {
    let game = title(words, &standings.game);
    let mut body = format!(
        "<h1>{} — {game} — {}</h1>\n<p><a href=\"/ratings?lang={}\">{}</a> · {} {}</p>\n",
        words.title,
        period_words(words, standings.period),
        words.lang,
        words.back,
        standings.players,
        words.players
    );
    if standings.entries.is_empty() {
        let _ = writeln!(body, "<p>{}</p>", words.empty);
        return body;
    }
    let _ = writeln!(
        body,
        "<table>\n<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
        words.rank, words.player, words.rating, words.games, words.opponents
    );
    for (rank, entry) in standings.entries.iter().enumerate() {
        let provisional =
            if entry.provisional { format!(" <i>({})</i>", words.provisional) } else { String::new() };
        let _ = writeln!(
            body,
            "<tr><td>{}</td><td title=\"{}\">{}</td><td>{:.0}{provisional}</td><td>{}</td><td>{}</td></tr>",
            rank + 1,
            escape(&entry.peer_id.to_base58()),
            escape(&entry.name),
            entry.rating,
            entry.games,
            entry.opponents
        );
    }
    body.push_str("</table>\n");
    body
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use libp2p::PeerId;
    use tripot_ratings_wire::StandingEntry;

    #[test]
    fn queries_take_a_game_a_month_and_a_language_and_nothing_else() {
        let december = Period::Month("2026-12".parse().unwrap());
        assert_eq!(
            parse_query(Some("game=kawu-3&month=2026-12")),
            Some(Query { game: Some("kawu-3".into()), period: december, french: None })
        );
        assert_eq!(parse_query(None), Some(Query { game: None, period: Period::AllTime, french: None }));
        assert_eq!(parse_query(Some("lang=fr")).unwrap().french, Some(true));
        for bad in ["game=Kawu", "game=%3Cscript", "month=2026-13", "month=all", "x=1", "game", "lang=de"] {
            assert_eq!(parse_query(Some(bad)), None, "{bad}");
        }
    }

    #[test]
    fn names_are_escaped_and_provisional_ratings_marked_in_both_languages() {
        let standings = Standings {
            game: "tripot".into(),
            period: Period::AllTime,
            entries: vec![StandingEntry {
                peer_id: PeerId::random(),
                name: "<script>alert('x')</script> & co".into(),
                rating: 1516.4,
                games: 1,
                opponents: 1,
                provisional: true,
            }],
            players: 1,
        };
        for (words, provisional) in [(&FRENCH, "provisoire"), (&ENGLISH, "provisional")] {
            let page = table_page(words, &standings);
            assert!(!page.contains("<script>"), "{page}");
            assert!(page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co"), "{page}");
            assert!(page.contains("1516") && page.contains(provisional), "{page}");
        }
    }
}
