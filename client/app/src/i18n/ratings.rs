//! The words of the ratings: a relay's Elo tables (`tripot ratings`), what became of the kept
//! results (`tripot ratings submit`) and of a finished online game's result (the notices of both
//! front-ends), in French and English.

use tripot_ratings_wire::Period;

use super::Lang;

/// The fixed texts of the ratings.
// Each field is named for the text it holds; its words are in the French and English values below.
#[allow(missing_docs)]
#[derive(Debug)]
pub struct RatingsTexts {
    pub title: &'static str,
    pub rank: &'static str,
    pub player: &'static str,
    pub rating: &'static str,
    pub games: &'static str,
    pub opponents: &'static str,
    pub provisional: &'static str,
    pub all_time: &'static str,
    pub nobody: &'static str,
    pub counted: &'static str,
    pub counted_before: &'static str,
    pub refused: &'static str,
    pub not_sent: &'static str,
    pub unreadable: &'static str,
    pub nothing_to_send: &'static str,
    pub rated_now: &'static str,
    pub rated_before: &'static str,
    pub result_kept: &'static str,
    pub not_rated_declined: &'static str,
    pub not_rated_no_answer: &'static str,
    pub reading: &'static str,
    pub keys: &'static str,
}

const FR: RatingsTexts = RatingsTexts {
    title: "Classements",
    rank: "Rang",
    player: "Joueur",
    rating: "Elo",
    games: "Parties",
    opponents: "Adversaires",
    provisional: "provisoire",
    all_time: "depuis toujours",
    nobody: "Personne n'est encore classé à ce jeu sur ce relais.",
    counted: "compté",
    counted_before: "déjà compté",
    refused: "refusé",
    not_sent: "non envoyé",
    unreadable: "illisible",
    nothing_to_send: "Aucun résultat gardé à envoyer.",
    rated_now: "Résultat signé par les deux joueurs et compté au classement du relais.",
    rated_before: "Résultat signé par les deux joueurs, déjà compté au classement du relais.",
    result_kept: "Résultat signé par les deux joueurs et gardé : tripot ratings submit l'enverra à un relais.",
    not_rated_declined: "L'adversaire ne signe pas le résultat (invité) : partie non classée.",
    not_rated_no_answer: "Pas de signature de l'adversaire : partie non classée.",
    reading: "Lecture du classement au relais…",
    keys: "←→ jeu · Tab période · r relire · Échap menu",
};

const EN: RatingsTexts = RatingsTexts {
    title: "Ratings",
    rank: "Rank",
    player: "Player",
    rating: "Elo",
    games: "Games",
    opponents: "Opponents",
    provisional: "provisional",
    all_time: "all time",
    nobody: "Nobody is rated in this game on this relay yet.",
    counted: "counted",
    counted_before: "already counted",
    refused: "refused",
    not_sent: "not sent",
    unreadable: "unreadable",
    nothing_to_send: "No kept result to send.",
    rated_now: "Result signed by both players and counted in the relay's ratings.",
    rated_before: "Result signed by both players, already counted in the relay's ratings.",
    result_kept: "Result signed by both players and kept: tripot ratings submit will send it to a relay.",
    not_rated_declined: "The opponent does not sign the result (a guest): the game is not rated.",
    not_rated_no_answer: "No signature from the opponent: the game is not rated.",
    reading: "Reading the ratings at the relay…",
    keys: "←→ game · Tab period · r read again · Esc menu",
};

impl Lang {
    /// The ratings' texts in this language.
    #[must_use]
    pub const fn ratings(self) -> &'static RatingsTexts {
        match self {
            Lang::Fr => &FR,
            Lang::En => &EN,
        }
    }

    /// A table's period: « depuis toujours », or its month (`2026-12`).
    #[must_use]
    pub fn period(self, period: Period) -> String {
        match period {
            Period::AllTime => self.ratings().all_time.to_owned(),
            Period::Month(month) => month.to_string(),
        }
    }

    /// How many players a table has: « 12 joueurs », "1 player".
    #[must_use]
    pub fn players_count(self, count: u32) -> String {
        match (self, count) {
            (Lang::Fr, 0 | 1) => format!("{count} joueur"),
            (Lang::Fr, _) => format!("{count} joueurs"),
            (Lang::En, 1) => format!("{count} player"),
            (Lang::En, _) => format!("{count} players"),
        }
    }
}
