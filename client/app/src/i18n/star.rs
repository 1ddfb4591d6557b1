//! The words of the star tables (RULES-STAR.md), in French and English: the set-up page, the
//! table's screen, what each move brings (a place, an elimination, captures), the end.

use tripot_ai::Level;

use super::Lang;
use crate::table_setup::TableOpener;

/// The fixed texts of the star tables.
// Each field is named for the text it holds; its words are in the French and English values below.
#[allow(missing_docs)]
#[derive(Debug)]
pub struct StarTexts {
    pub menu_line: &'static str,
    pub page_title: &'static str,
    pub game: &'static str,
    pub players: &'static str,
    pub variant: &'static str,
    pub seat: &'static str,
    pub opener: &'static str,
    pub start: &'static str,
    pub back: &'static str,
    pub human: &'static str,
    /// A person's seat in a short list of who sits where (the resume prompt's lines).
    pub human_short: &'static str,
    pub draw_lots: &'static str,
    pub page_keys: &'static str,
    pub table: &'static str,
    pub view_of: &'static str,
    pub captures: &'static str,
    pub eliminated: &'static str,
    pub cursor: &'static str,
    pub any_game_keys: &'static str,
    pub online_table_keys: &'static str,
    pub end_keys: &'static str,
    pub end_title: &'static str,
    pub draw_result: &'static str,
    pub confirm_title: &'static str,
    pub confirm_keys: &'static str,
    pub no_place: &'static str,
    pub passed: &'static str,
    pub takes: &'static str,
    pub is_eliminated: &'static str,
    pub finished_waits: &'static str,
    pub took: &'static str,
}

const FR: StarTexts = StarTexts {
    menu_line: "Table de 2 à 6 joueurs (kawu, Stern-Halma, prises)",
    page_title: "Table de 2 à 6 joueurs",
    game: "Jeu",
    players: "Joueurs",
    variant: "Variante",
    seat: "Siège",
    opener: "Qui ouvre",
    start: "Commencer",
    back: "Retour au menu",
    human: "Humain (à ce clavier)",
    human_short: "humain",
    draw_lots: "Tirage au sort",
    page_keys: "↑↓ choisir · ←→ changer · Entrée commencer · ? règles · Échap retour",
    table: "Table",
    view_of: "vue de",
    captures: "prises",
    eliminated: "éliminé",
    cursor: "Curseur",
    any_game_keys: "Flèches, Tab, d, Entrée jouer · Espace saut à saut · f fin · : taper · n numéros · ? règles · u i q",
    online_table_keys: "Flèches, Tab, d, Entrée jouer · Espace saut à saut · f fin · : taper · n · ? règles · a abandonner · q",
    end_keys: "r revanche · n numéros · q menu",
    end_title: "Fin de la partie",
    draw_result: "nulle",
    confirm_title: "Ce coup vous élimine",
    confirm_keys: "Le jouer quand même ? o : oui · n ou Échap : non",
    no_place: "sans place",
    passed: "ne peut pas jouer — tour passé",
    takes: "prend la",
    is_eliminated: "est éliminé",
    finished_waits: "a fini et attend son partenaire",
    took: "prend",
};

const EN: StarTexts = StarTexts {
    menu_line: "Table of 2 to 6 players (kawu, Stern-Halma, captures)",
    page_title: "Table of 2 to 6 players",
    game: "Game",
    players: "Players",
    variant: "Variant",
    seat: "Seat",
    opener: "Who opens",
    start: "Start",
    back: "Back to the menu",
    human: "Human (at this keyboard)",
    human_short: "human",
    draw_lots: "Draw lots",
    page_keys: "↑↓ choose · ←→ change · Enter start · ? rules · Esc back",
    table: "Table",
    view_of: "view of",
    captures: "captures",
    eliminated: "eliminated",
    cursor: "Cursor",
    any_game_keys: "Arrows, Tab, d, Enter play · Space hop by hop · f end · : type · n numbers · ? rules · u i q",
    online_table_keys: "Arrows, Tab, d, Enter play · Space hop by hop · f end · : type · n · ? rules · a resign · q",
    end_keys: "r rematch · n numbers · q menu",
    end_title: "Game over",
    draw_result: "draw",
    confirm_title: "This move eliminates you",
    confirm_keys: "Play it anyway? y: yes · n or Esc: no",
    no_place: "no place",
    passed: "cannot move — turn passed",
    takes: "takes",
    is_eliminated: "is eliminated",
    finished_waits: "is done and waits for its partner",
    took: "takes",
};

impl Lang {
    /// The fixed texts of the star tables in this language.
    pub fn s(self) -> &'static StarTexts {
        match self {
            Lang::Fr => &FR,
            Lang::En => &EN,
        }
    }

    /// The colour of seat `number` (1-based), seed 003's order.
    pub fn seat_colour(self, number: usize) -> &'static str {
        const FR_NAMES: [&str; 6] = ["blanc", "rouge", "bleu", "noir", "jaune", "vert"];
        const EN_NAMES: [&str; 6] = ["white", "red", "blue", "black", "yellow", "green"];
        let names = if self == Lang::Fr { FR_NAMES } else { EN_NAMES };
        names[number.clamp(1, 6) - 1]
    }

    /// A level's label.
    pub fn level_label(self, level: Level) -> &'static str {
        match self {
            Lang::Fr => level.label_fr(),
            Lang::En => level.label_en(),
        }
    }

    /// Who opens, on the set-up page.
    pub fn table_opener(self, opener: TableOpener) -> String {
        match opener {
            TableOpener::First => self.seat_label(1),
            TableOpener::Seat(n) => self.seat_label(usize::from(n)),
            TableOpener::Draw => self.s().draw_lots.to_owned(),
        }
    }

    /// "Siège 2 (rouge)".
    pub fn seat_label(self, number: usize) -> String {
        format!("{} {number} ({})", self.s().seat, self.seat_colour(number))
    }

    /// "1re place" / "1st place".
    pub fn place(self, place: u8) -> String {
        match (self, place) {
            (Lang::Fr, 1) => "1re place".into(),
            (Lang::Fr, n) => format!("{n}e place"),
            (Lang::En, n) => {
                let suffix = match (n % 10, n % 100) {
                    (1, p) if p != 11 => "st",
                    (2, p) if p != 12 => "nd",
                    (3, p) if p != 13 => "rd",
                    _ => "th",
                };
                format!("{n}{suffix} place")
            }
        }
    }
}
