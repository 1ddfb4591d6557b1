//! The words of the star tables (RULES-STAR.md), in French and English: the set-up page, the
//! table's screen, what each move brings (a place, an elimination, captures), the end.

use tripot_ai::Level;
use tripot_engine::{Colour, StarEnd, StarIllegal};

use super::Lang;
use crate::star_save::TableSaveError;
use crate::star_table::{StarTable, TableMoveError};
use crate::table_setup::{SeatPlayer, TableOpener, TableSetupError};

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
    pub waiting_partner: &'static str,
    pub legend_forbidden: &'static str,
    pub legend_goal: &'static str,
    pub cursor: &'static str,
    pub choose_marble: &'static str,
    pub choose_piece: &'static str,
    pub game_keys: &'static str,
    pub any_game_keys: &'static str,
    pub online_table_keys: &'static str,
    pub draw_result: &'static str,
    pub confirm_title: &'static str,
    pub confirm_keys: &'static str,
    pub ranking: &'static str,
    pub draw_between: &'static str,
    pub no_place: &'static str,
    pub passed: &'static str,
    pub takes: &'static str,
    pub is_eliminated: &'static str,
    pub finished_waits: &'static str,
    pub took: &'static str,
    pub pieces_total: &'static str,
    pub resume_table: &'static str,
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
    waiting_partner: "fini, attend son partenaire",
    legend_forbidden: "on ne s'y arrête pas",
    legend_goal: "votre but",
    cursor: "Curseur",
    choose_marble: "choisissez une bille (Tab : la suivante).",
    choose_piece: "choisissez une pièce qui saute (Tab : la suivante).",
    game_keys: "Flèches, Tab, d, Entrée jouer · Espace saut à saut · f fin · : taper · u i c q",
    any_game_keys: "Flèches, Tab, d, Entrée jouer · Espace saut à saut · f fin · : taper · n numéros · ? règles · u i q",
    online_table_keys: "Flèches, Tab, d, Entrée jouer · Espace saut à saut · f fin · : taper · n · ? règles · a abandonner · q",
    draw_result: "nulle",
    confirm_title: "Ce coup vous élimine",
    confirm_keys: "Le jouer quand même ? o : oui · n ou Échap : non",
    ranking: "Classement",
    draw_between: "Partie nulle entre",
    no_place: "sans place",
    passed: "ne peut pas jouer — tour passé",
    takes: "prend la",
    is_eliminated: "est éliminé",
    finished_waits: "a fini et attend son partenaire",
    took: "prend",
    pieces_total: "au total",
    resume_table: "Table",
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
    waiting_partner: "done, waits for its partner",
    legend_forbidden: "no stopping here",
    legend_goal: "your goal",
    cursor: "Cursor",
    choose_marble: "choose a marble (Tab: the next one).",
    choose_piece: "choose a piece that can jump (Tab: the next one).",
    game_keys: "Arrows, Tab, d, Enter play · Space hop by hop · f end · : type · u i c q",
    any_game_keys: "Arrows, Tab, d, Enter play · Space hop by hop · f end · : type · n numbers · ? rules · u i q",
    online_table_keys: "Arrows, Tab, d, Enter play · Space hop by hop · f end · : type · n · ? rules · a resign · q",
    draw_result: "draw",
    confirm_title: "This move eliminates you",
    confirm_keys: "Play it anyway? y: yes · n or Esc: no",
    ranking: "Ranking",
    draw_between: "Draw between",
    no_place: "no place",
    passed: "cannot move — turn passed",
    takes: "takes",
    is_eliminated: "is eliminated",
    finished_waits: "is done and waits for its partner",
    took: "takes",
    pieces_total: "in all",
    resume_table: "Table",
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

    /// Who sits at a seat, on the set-up page.
    pub fn seat_player(self, player: SeatPlayer) -> String {
        match player {
            SeatPlayer::Human => self.s().human.to_owned(),
            SeatPlayer::Computer(level) => format!("{} · {}", self.level_label(level), level.opponent()),
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

    /// The name of the player of `seat` at `table`: "Joueur 2" for a person, the computer's
    /// named opponent otherwise, with its seat's colour when another seat has the same level.
    pub fn seat_name(self, table: &StarTable, seat: Colour) -> String {
        let number = table.setup().number(seat).unwrap_or(1);
        match table.setup().player(seat) {
            Some(player @ SeatPlayer::Computer(level)) => {
                let twins = table.setup().players.iter().filter(|&&p| p == player).count();
                if twins > 1 {
                    format!("{} ({})", level.opponent(), self.seat_colour(number))
                } else {
                    level.opponent().to_owned()
                }
            }
            _ if self == Lang::Fr => format!("Joueur {number}"),
            _ => format!("Player {number}"),
        }
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

    /// Why a star game ended.
    pub fn star_end(self, end: StarEnd, table: &StarTable) -> String {
        let fr = self == Lang::Fr;
        match end {
            StarEnd::Finished if fr => "but atteint".into(),
            StarEnd::Finished => "goal complete".into(),
            StarEnd::MoveLimit if fr => "limite de coups : au compte".into(),
            StarEnd::MoveLimit => "move limit, by count".into(),
            StarEnd::Blocked if fr => "plus personne ne peut jouer : au compte".into(),
            StarEnd::Blocked => "no seat can move, by count".into(),
            StarEnd::Repetition if fr => "position répétée trois fois : au compte".into(),
            StarEnd::Repetition => "threefold repetition, by count".into(),
            StarEnd::NoJump if fr => "plus aucun saut possible".into(),
            StarEnd::NoJump => "no jump left".into(),
            StarEnd::Left(seat) if fr => format!("{} a quitté la table", self.seat_name(table, seat)),
            StarEnd::Left(seat) => format!("{} left the table", self.seat_name(table, seat)),
        }
    }

    /// Why a move at a table was refused, in this language (the engine's reason is English).
    pub fn table_move_error(self, error: &TableMoveError) -> String {
        match (self, error) {
            (Lang::Fr, TableMoveError::NotYourTurn) => "ce n'est pas votre tour".into(),
            (Lang::Fr, TableMoveError::Notation(why)) => format!("ce n'est pas un coup en notation ({why})"),
            (Lang::Fr, TableMoveError::Illegal(why)) => self.star_illegal(why),
            (Lang::En, error) => error.to_string(),
        }
    }

    /// Why the engine refused a move.
    pub fn star_illegal(self, why: &StarIllegal) -> String {
        match (self, why) {
            (Lang::Fr, StarIllegal::EndsInBranch { to, .. }) => {
                format!("on ne s'arrête pas en {to} : ni l'hexagone, ni votre maison, ni votre but")
            }
            (Lang::Fr, StarIllegal::LeavesGoal { to, .. }) => {
                format!("une bille arrivée reste dans son but ({to} n'en est pas)")
            }
            (Lang::Fr, StarIllegal::StepInCaptures { .. }) => "aux prises, on ne fait que sauter".into(),
            (Lang::Fr, other) => format!("coup illégal ({other})"),
            (Lang::En, other) => other.to_string(),
        }
    }

    /// Why a table cannot be set up as asked.
    pub fn table_setup_error(self, error: &TableSetupError) -> String {
        match (self, error) {
            (Lang::Fr, TableSetupError::Players(n)) => format!("ce jeu ne se joue pas à {n}"),
            (Lang::Fr, TableSetupError::SeatCount { variant, seats, .. }) => {
                format!("{variant} se joue à {seats} : un joueur par siège")
            }
            (Lang::Fr, TableSetupError::Opener(seat, variant)) => {
                format!("le siège {seat} n'est pas à la table de {variant}")
            }
            (Lang::Fr, TableSetupError::Player(word)) => format!("joueur inconnu « {word} »"),
            (Lang::En, error) => error.to_string(),
        }
    }

    /// Why a table could not be saved.
    pub fn table_save_error(self, error: &TableSaveError) -> String {
        match (self, error) {
            (Lang::Fr, TableSaveError::Io { path, source }) => {
                format!("écriture impossible dans {} ({source})", path.display())
            }
            (Lang::Fr, TableSaveError::Unreadable { path, source }) => {
                format!("{} : {}", path.display(), self.record_file_error(source))
            }
            (Lang::Fr, other) => format!("enregistrement illisible ({other})"),
            (Lang::En, other) => other.to_string(),
        }
    }
}
