//! What a page offers online and seeks: every game of two seats of the catalogue that the
//! online session opens (each with its title and one-line description), the host's offer of
//! one (`Offer { game, opens }`), and the quick match's seek of one game or of any.

use tripot_app::i18n::fill;
use tripot_engine::{Format, Rules};
use tripot_game::catalogue::{self, GameInfo};
use tripot_game::{GameSpec, Setup, TableSpec};
use tripot_net::online::matchmaking::quick::QuickSeek;
use tripot_net::session::Offer;
use tripot_protocol::Opens;

use super::messages::Opener;
use super::messages::ServerMessage;
use super::online_messages::{OnlineErrorCode, OnlineGameView, TableGameView, Words};
use super::online_words::{Refusal, refusal};

/// The name a quick match takes for "any game of two seats".
const ANY: &str = "any";

/// Every game of two seats the online session opens, in the catalogue's order.
fn online_games() -> impl Iterator<Item = &'static GameInfo> {
    catalogue::catalogue()
        .iter()
        .filter(|info| info.seats == 2 && tripot_net::linked_games(&info.spec(), &Setup::default()).is_ok())
}

/// The games the host forms offer: those of two seats, and every game at its seat count for a
/// table of 2–6 seats.
pub(crate) fn games_message() -> ServerMessage {
    let tables = catalogue::catalogue()
        .iter()
        .map(|info| TableGameView {
            name: info.name.to_owned(),
            title: Words { fr: info.title.fr.to_owned(), en: info.title.en.to_owned() },
            seats: info.seats,
        })
        .collect();
    ServerMessage::OnlineGames { games: games_view(), tables }
}

/// The games the host form offers.
pub(crate) fn games_view() -> Vec<OnlineGameView> {
    online_games()
        .map(|info| OnlineGameView {
            name: info.name.to_owned(),
            title: Words { fr: info.title.fr.to_owned(), en: info.title.en.to_owned() },
            description: Words { fr: info.description.fr.to_owned(), en: info.description.en.to_owned() },
            opener_fixed: info.opener_fixed,
        })
        .collect()
}

/// A game's title as the lists show it: the catalogue's, else its name (a game of a newer
/// program is still listed).
pub(crate) fn title(spec: &GameSpec) -> Words {
    catalogue::find(spec).map_or_else(
        || Words { fr: spec.as_str().to_owned(), en: spec.as_str().to_owned() },
        |info| Words { fr: info.title.fr.to_owned(), en: info.title.en.to_owned() },
    )
}

/// The game of two seats named `name`, if the session opens it.
fn online_game(name: &str) -> Result<&'static GameInfo, Refusal> {
    online_games().find(|info| info.name == name).ok_or_else(|| {
        let shown: String = name.chars().take(40).collect();
        refusal(OnlineErrorCode::UnknownGame, |l| fill(l.page().online_unknown_game, &[("name", &shown)]))
    })
}

pub(crate) fn parse_format(n: u8) -> Result<Format, Refusal> {
    Format::from_number(n).ok_or_else(|| {
        refusal(OnlineErrorCode::BadFormat, |l| fill(l.page().online_bad_format, &[("n", &n.to_string())]))
    })
}

/// The offer of a game hosted from the page: the game named, else the duel of `format`.
pub(crate) fn offer(game: Option<&str>, format: Option<u8>, opener: Opener) -> Result<Offer, Refusal> {
    let opens = match opener {
        Opener::First => Opens::Host,
        Opener::Second => Opens::Guest,
        Opener::Draw => Opens::Random,
    };
    if let Some(name) = game {
        return Ok(Offer { game: online_game(name)?.spec(), opens });
    }
    let format = parse_format(format.unwrap_or(1))?;
    Ok(Offer { game: duel(format)?, opens })
}

/// The Tripot duel of `format`, by its name in the catalogue.
fn duel(format: Format) -> Result<GameSpec, Refusal> {
    tripot_engine::duel_spec(format, Rules::Tripot).map_err(|e| {
        let text = e.to_string();
        refusal(OnlineErrorCode::NotNow, move |_| text.clone())
    })
}

/// The quick match's seek: the game named, or any game of two seats (`any`), else the duel of
/// `format` (any game of two seats when none).
pub(crate) fn seek(game: Option<&str>, format: Option<u8>) -> Result<QuickSeek, Refusal> {
    let two = |game| TableSpec { game, seats: 2 };
    match game {
        // Any game of two seats; the first format's duel when two seekers of any meet.
        Some(ANY) => Ok(QuickSeek::any(two(duel(Format::One)?))),
        Some(name) => Ok(QuickSeek::exactly(two(online_game(name)?.spec()))),
        None => Ok(match format.map(parse_format).transpose()? {
            Some(format) => QuickSeek::exactly(two(duel(format)?)),
            None => QuickSeek::any(two(duel(Format::One)?)),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_form_asks_who_plays_white_for_draughts_alone() {
        let games = games_view();
        let fixed: Vec<&str> = games.iter().filter(|g| g.opener_fixed).map(|g| g.name.as_str()).collect();
        assert_eq!(fixed, ["draughts"]);
        assert!(games.iter().any(|g| g.name == "tripot" && !g.opener_fixed));
    }
}
