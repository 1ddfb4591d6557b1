//! `tripot web` serves the rules of every game in both languages, the real binary on loopback:
//! each family's page (`rules-fr-draughts.html`) holds that game's rules — the texts the
//! terminal's « Règles » page shows — and links to the others'; the older address
//! (`rules-fr.html`) still gives the duel's; a family the program does not know is not found.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../../tests/web/page_server.rs"]
mod page_server;

use tripot_app::i18n::Lang;
use tripot_app::rules::{RulesBlock, rules};
use tripot_game::catalogue::Family;

use page_server::WebServer;

#[test]
fn every_games_rules_are_served_in_french_and_english() {
    let server = WebServer::start(env!("CARGO_BIN_EXE_tripot"), &[]);
    for (lang, code) in [(Lang::Fr, "fr"), (Lang::En, "en")] {
        for family in Family::ALL {
            let (status, page) = server.get(&format!("/rules-{code}-{}.html", family.key()));
            assert_eq!(status, 200, "{code} {family:?}");
            assert!(page.contains(&format!("<html lang=\"{code}\">")), "{page}");
            let headings = rules(family, lang)
                .into_iter()
                .filter(|b| matches!(b, RulesBlock::Title(_) | RulesBlock::Heading(_)));
            for heading in headings {
                assert!(page.contains(heading.text()), "{code} {family:?}: {heading:?} missing");
            }
            for other in Family::ALL.into_iter().filter(|&f| f != family) {
                assert!(
                    page.contains(&format!("href=\"rules-{code}-{}.html\"", other.key())),
                    "{code} {family:?}"
                );
            }
        }
    }
    let (_, draughts_fr) = server.get("/rules-fr-draughts.html");
    for needed in [
        "Les Blancs commencent",
        "la rafle qui prend le plus de pièces",
        "Règle des 16 coups",
        "il reste un pion",
    ] {
        assert!(draughts_fr.contains(needed), "{needed}");
    }
    let (_, draughts_en) = server.get("/rules-en-draughts.html");
    for needed in ["White moves first", "the flying king", "The 5-move rule", "25 king moves"] {
        assert!(draughts_en.contains(needed), "{needed}");
    }
    assert!(server.get("/rules-en-kawu.html").1.contains("The full goal"));
    assert!(server.get("/rules-fr-halma.html").1.contains("La règle de la maison"));
    assert!(server.get("/rules-en-captures.html").1.contains("most captures wins"));
    let (status, duel) = server.get("/rules-fr.html");
    assert_eq!(status, 200);
    assert!(duel.contains("L'échange du pion bloqué"), "the older address is the duel's");
    assert_eq!(server.get("/rules-fr-chess.html").0, 404);
}
