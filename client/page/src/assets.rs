//! The page's files, embedded in the binary (`client/page/assets/`), so that `tripot web` needs nothing
//! beside it; and the rules page, made from the same words as the terminal's rules.

use tripot_app::i18n::Lang;

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
pub(crate) const ASSETS: [Asset; 9] = [
    Asset { name: "index.html", content_type: HTML, body: include_str!("../assets/index.html") },
    Asset { name: "style.css", content_type: CSS, body: include_str!("../assets/style.css") },
    Asset { name: "app.js", content_type: JS, body: include_str!("../assets/app.js") },
    Asset { name: "board.js", content_type: JS, body: include_str!("../assets/board.js") },
    Asset { name: "words.js", content_type: JS, body: include_str!("../assets/words.js") },
    Asset { name: "table.js", content_type: JS, body: include_str!("../assets/table.js") },
    Asset { name: "online.js", content_type: JS, body: include_str!("../assets/online.js") },
    Asset { name: "saves.js", content_type: JS, body: include_str!("../assets/saves.js") },
    Asset { name: "icon.svg", content_type: "image/svg+xml", body: include_str!("../assets/icon.svg") },
];

/// The rules page in `lang`: the terminal's rules text as HTML.
pub(crate) fn rules_page(lang: Lang) -> String {
    let t = lang.t();
    let (code, back) = match lang {
        Lang::Fr => ("fr", "Retour au jeu"),
        Lang::En => ("en", "Back to the game"),
    };
    let mut body = String::new();
    for &line in t.rules_text {
        if line.is_empty() {
            continue;
        }
        let tag = if tripot_app::i18n::is_heading(line) { "h2" } else { "p" };
        body.push_str(&format!("<{tag}>{}</{tag}>\n", escape(line)));
    }
    format!(
        "<!doctype html>\n<html lang=\"{code}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Tripot — {title}</title><link rel=\"stylesheet\" href=\"style.css\"></head>\
         <body class=\"rules\"><main><h1>{title}</h1>\n{body}<p><a href=\"./\">{back}</a></p></main></body></html>\n",
        title = escape(t.rules),
    )
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
    fn the_rules_page_holds_every_rule_line_escaped_in_both_languages() {
        for lang in [Lang::Fr, Lang::En] {
            let page = rules_page(lang);
            let lines = lang.t().rules_text.iter().filter(|l| !l.is_empty());
            for line in lines {
                assert!(page.contains(&escape(line)), "{line:?} missing");
            }
            assert!(!page.contains("<script"));
        }
        assert_eq!(escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}
