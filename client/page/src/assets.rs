//! The page's files, embedded in the binary (`client/page/assets/`), so that `tripot web` needs nothing
//! beside it; and the rules pages of every game, made from the same texts as the terminal's.

use tripot_app::i18n::Lang;
use tripot_app::rules::{RulesBlock, rules};
use tripot_game::catalogue::Family;

/// One file the server hands out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Asset {
    /// Its name under the page's address (`app.js`).
    pub(crate) name: &'static str,
    /// Its `Content-Type`.
    pub(crate) content_type: &'static str,
    /// Its text.
    pub(crate) body: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// Every file of `client/page/assets/`; `index.html` is also the page's root.
pub(crate) const ASSETS: [Asset; 19] = [
    Asset { name: "index.html", content_type: HTML, body: include_str!("../assets/index.html") },
    Asset { name: "style.css", content_type: CSS, body: include_str!("../assets/style.css") },
    Asset { name: "app.js", content_type: JS, body: include_str!("../assets/app.js") },
    Asset { name: "board.js", content_type: JS, body: include_str!("../assets/board.js") },
    Asset { name: "board_cells.js", content_type: JS, body: include_str!("../assets/board_cells.js") },
    Asset { name: "board_squares.js", content_type: JS, body: include_str!("../assets/board_squares.js") },
    Asset { name: "words.js", content_type: JS, body: include_str!("../assets/words.js") },
    Asset { name: "online.js", content_type: JS, body: include_str!("../assets/online.js") },
    Asset { name: "seats.js", content_type: JS, body: include_str!("../assets/seats.js") },
    Asset { name: "seat_token.js", content_type: JS, body: include_str!("../assets/seat_token.js") },
    Asset { name: "saves.js", content_type: JS, body: include_str!("../assets/saves.js") },
    Asset { name: "ratings.js", content_type: JS, body: include_str!("../assets/ratings.js") },
    Asset { name: "play.js", content_type: JS, body: include_str!("../assets/play.js") },
    Asset { name: "play_form.js", content_type: JS, body: include_str!("../assets/play_form.js") },
    Asset { name: "home.js", content_type: JS, body: include_str!("../assets/home.js") },
    Asset { name: "play_panel.js", content_type: JS, body: include_str!("../assets/play_panel.js") },
    Asset { name: "sound.js", content_type: JS, body: include_str!("../assets/sound.js") },
    Asset { name: "board_view.js", content_type: JS, body: include_str!("../assets/board_view.js") },
    Asset { name: "icon.svg", content_type: "image/svg+xml", body: include_str!("../assets/icon.svg") },
];

/// The address of `family`'s rules page in `lang` (`rules-fr-draughts.html`).
pub(crate) fn rules_address(lang: Lang, family: Family) -> String {
    format!("rules-{}-{}.html", lang.code(), family.key())
}

/// The rules page of `family` in `lang`: the text of `tripot_app::rules` (the terminal's
/// « Règles » page shows the same) as HTML, under links to every other game's rules.
pub(crate) fn rules_page(lang: Lang, family: Family) -> String {
    let t = lang.t();
    let (code, back) = (lang.code(), lang.page().rules_back);
    let mut games = String::new();
    for other in Family::ALL {
        let name = escape(lang.words(&other.name()));
        if other == family {
            games.push_str(&format!("<strong aria-current=\"page\">{name}</strong> "));
        } else {
            games.push_str(&format!("<a href=\"{}\">{name}</a> ", rules_address(lang, other)));
        }
    }
    let mut body = String::new();
    let mut in_list = false;
    for part in rules(family, lang) {
        let is_item = matches!(part, RulesBlock::Item(_));
        if in_list && !is_item {
            body.push_str("</ul>\n");
        }
        if is_item && !in_list {
            body.push_str("<ul>\n");
        }
        in_list = is_item;
        let tag = match part {
            RulesBlock::Title(_) => "h1",
            RulesBlock::Heading(_) => "h2",
            RulesBlock::Item(_) => "li",
            RulesBlock::Paragraph(_) => "p",
        };
        body.push_str(&format!("<{tag}>{}</{tag}>\n", escape(part.text())));
    }
    if in_list {
        body.push_str("</ul>\n");
    }
    format!(
        "<!doctype html>\n<html lang=\"{code}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Tripot — {title} — {game}</title><link rel=\"stylesheet\" href=\"style.css\"></head>\
         <body class=\"rules\"><main><nav aria-label=\"{title}\">{games}</nav>\n{body}<p><a href=\"./\">{back}</a></p></main></body></html>\n",
        title = escape(t.rules),
        game = escape(lang.words(&family.name())),
    )
}

/// The page's words in `lang`, as the JSON table its script looks keys up in
/// (`words-fr.json`): every field of the catalogue's [`tripot_app::i18n::PageTexts`].
pub(crate) fn words_table(lang: Lang) -> String {
    let table: serde_json::Map<String, serde_json::Value> = lang
        .page()
        .entries()
        .into_iter()
        .map(|(key, text)| (key.to_owned(), serde_json::Value::from(text)))
        .collect();
    serde_json::Value::Object(table).to_string()
}

/// Text made safe inside HTML.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_games_rules_page_holds_every_line_of_its_rules_escaped_in_both_languages() {
        for lang in [Lang::Fr, Lang::En] {
            for family in Family::ALL {
                let page = rules_page(lang, family);
                for part in rules(family, lang) {
                    assert!(page.contains(&escape(part.text())), "{family:?} {lang:?}: {part:?} missing");
                }
                for other in Family::ALL.into_iter().filter(|&f| f != family) {
                    assert!(page.contains(&rules_address(lang, other)), "{family:?} links to {other:?}");
                }
                assert!(!page.contains("<script"));
                assert_eq!(page.matches("<ul>").count(), page.matches("</ul>").count());
            }
        }
        assert_eq!(escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}

#[cfg(test)]
#[allow(clippy::panic)]
mod words_tests {
    use std::collections::BTreeSet;

    use super::*;

    /// Every key the page looks up: `t("key"…)` in its scripts, `data-w="key"` and
    /// `data-w-label="key"` in its markup; and the prefixes of keys made from a code
    /// (`` t(`error_${code}`) ``).
    fn looked_up() -> (BTreeSet<String>, BTreeSet<String>) {
        let (mut keys, mut prefixes) = (BTreeSet::new(), BTreeSet::new());
        for asset in ASSETS.iter().filter(|a| a.name.ends_with(".js") || a.name.ends_with(".html")) {
            for opening in ["t(\"", "data-w=\"", "data-w-label=\""] {
                for piece in lookups(asset.body, opening) {
                    if let Some((key, _)) = piece.split_once('"') {
                        keys.insert(key.to_owned());
                    }
                }
            }
            for piece in lookups(asset.body, "t(`") {
                if let Some((prefix, _)) = piece.split_once("${") {
                    prefixes.insert(prefix.to_owned());
                }
            }
        }
        (keys, prefixes)
    }

    /// What follows each `opening` in `body` that starts a word (`t(` but not `at(`).
    fn lookups<'a>(body: &'a str, opening: &str) -> Vec<&'a str> {
        let mut out = Vec::new();
        let mut rest = body;
        while let Some(at) = rest.find(opening) {
            let before = rest[..at].chars().next_back();
            let after = &rest[at + opening.len()..];
            if !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.' || c == '-') {
                out.push(after);
            }
            rest = after;
        }
        out
    }

    /// The snake_case names of the variants of `enum name` in `source` (as serde names them).
    fn variants(source: &str, name: &str) -> Vec<String> {
        let Some((_, body)) = source.split_once(&format!("enum {name} {{")) else { return Vec::new() };
        let body = body.split_once("\n}").map_or(body, |(b, _)| b);
        body.lines()
            .map(str::trim)
            .filter(|l| !l.starts_with("///") && !l.is_empty())
            .filter_map(|l| l.strip_suffix(','))
            .map(|variant| {
                let mut snake = String::new();
                for (i, c) in variant.chars().enumerate() {
                    if c.is_uppercase() && i > 0 {
                        snake.push('_');
                    }
                    snake.push(c.to_ascii_lowercase());
                }
                snake
            })
            .collect()
    }

    fn table(lang: Lang) -> serde_json::Map<String, serde_json::Value> {
        match serde_json::from_str(&words_table(lang)) {
            Ok(serde_json::Value::Object(map)) => map,
            other => panic!("not a table: {other:?}"),
        }
    }

    #[test]
    fn every_key_the_page_looks_up_is_served_in_french_and_english() {
        let (keys, prefixes) = looked_up();
        assert!(keys.len() > 120, "the scan found the page's lookups ({})", keys.len());
        let mut wanted = keys;
        // Keys made from a code: each code the program can send has its words.
        let expected: BTreeSet<String> =
            ["error_", "play_error_", "play_end_", "counter_"].iter().map(|p| (*p).to_owned()).collect();
        assert_eq!(prefixes, expected, "a new computed key needs its codes checked here");
        for code in variants(include_str!("messages.rs"), "ErrorCode") {
            wanted.insert(format!("error_{code}"));
        }
        for code in variants(include_str!("play_messages.rs"), "PlayErrorCode") {
            wanted.insert(format!("play_error_{code}"));
        }
        // Every way a game ends, as the records' `Termination` words the table sends.
        let ends = tripot_game::DECIDED_BY_MOVES.iter().chain(&[
            "agreement",
            "resign",
            "time",
            "forfeit",
            "abandon",
        ]);
        for end in ends {
            wanted.insert(format!("play_end_{}", end.replace('-', "_")));
        }
        let play_view = include_str!("page_play_view.rs");
        let counters = play_view
            .split_once("fn counter_name")
            .map_or("", |(_, rest)| rest.split_once("\n}").map_or("", |(b, _)| b));
        for kind in counters.split("=> \"").skip(1).filter_map(|p| p.split_once('"')).map(|(e, _)| e) {
            wanted.insert(format!("counter_{kind}"));
        }
        assert!(wanted.contains("error_unknown_record") && wanted.contains("play_end_no_piece"));
        assert!(wanted.contains("play_error_not_pickable") && wanted.contains("counter_lone_king_moves"));
        for lang in [Lang::Fr, Lang::En] {
            let served = table(lang);
            let missing: Vec<&String> = wanted.iter().filter(|k| !served.contains_key(*k)).collect();
            assert!(missing.is_empty(), "{lang:?} lacks {missing:?}");
        }
    }

    #[test]
    fn the_tables_have_the_same_keys_and_no_script_holds_a_sentence() {
        let (fr, en) = (table(Lang::Fr), table(Lang::En));
        assert_eq!(fr.keys().collect::<Vec<_>>(), en.keys().collect::<Vec<_>>());
        assert_eq!(fr["end_jump"], "Fin du saut");
        assert_eq!(en["end_jump"], "End the jump");
        // A few words that the old scripts held: none is left in them.
        for asset in ASSETS.iter().filter(|a| a.name.ends_with(".js")) {
            for text in ["Fin du saut", "End the jump", "Nouvelle partie", "New game", "Abandonner", "Resign"]
            {
                assert!(!asset.body.contains(text), "{} still says {text:?}", asset.name);
            }
        }
    }
}
