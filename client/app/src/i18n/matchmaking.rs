//! The words of the command line's matchmaking (`tripot lobby`, `tripot quick`, `tripot lan`)
//! when it talks to a person (not `--headless`): the lobby's pages and prompt, the games on the
//! local network, the quick match's progress.

use tripot_game::GameSpec;

use super::Lang;

impl Lang {
    /// A game's title by its name, from the catalogue (its name if this client does not know it).
    #[must_use]
    pub fn title_of(self, game: &GameSpec) -> String {
        tripot_game::catalogue::find(game)
            .map_or_else(|| game.to_string(), |info| self.words(&info.title).to_owned())
    }

    /// An open table of 3–6 seats in a list: its game and free seats, "kawu à trois · 2 places
    /// libres sur 3".
    #[must_use]
    pub fn open_table_terms(self, game: &GameSpec, seats: u8, free: u8) -> String {
        let title = self.title_of(game);
        match (self, free) {
            (Lang::Fr, 1) => format!("{title} · 1 place libre sur {seats}"),
            (Lang::Fr, _) => format!("{title} · {free} places libres sur {seats}"),
            (Lang::En, 1) => format!("{title} · 1 of {seats} seats free"),
            (Lang::En, _) => format!("{title} · {free} of {seats} seats free"),
        }
    }

    /// The head of a lobby page: "Tables ouvertes — page 1/3 (27 en tout)".
    #[must_use]
    pub fn lobby_page_head(self, page: usize, pages: usize, total: usize) -> String {
        match self {
            Lang::Fr => format!("Tables ouvertes — page {page}/{pages} ({total} en tout)"),
            Lang::En => format!("Open tables — page {page}/{pages} ({total} in all)"),
        }
    }

    /// A lobby with no table.
    #[must_use]
    pub const fn lobby_empty(self) -> &'static str {
        match self {
            Lang::Fr => "  (aucune table ouverte)",
            Lang::En => "  (no open table)",
        }
    }

    /// A page asked for past the last.
    #[must_use]
    pub fn lobby_no_such_page(self, page: usize, pages: usize) -> String {
        match self {
            Lang::Fr => format!("  (pas de page {page} : {pages} en tout)"),
            Lang::En => format!("  (no page {page}: {pages} in all)"),
        }
    }

    /// One table of a lobby page: its number, name, game, free seats and wait; no free seat:
    /// its game is under way, to be watched.
    #[must_use]
    pub fn lobby_table_line(
        self,
        number: usize,
        name: &str,
        game: &GameSpec,
        free: u8,
        waiting_secs: u64,
    ) -> String {
        let (title, waited) = (self.title_of(game), self.waited(waiting_secs));
        if free == 0 {
            let watch = self.table_under_way();
            return match self {
                Lang::Fr => format!("{number:>3}. {name:<24} {title:<28} {watch}  depuis {waited}"),
                Lang::En => format!("{number:>3}. {name:<24} {title:<28} {watch}  for {waited}"),
            };
        }
        match self {
            Lang::Fr => format!(
                "{number:>3}. {name:<24} {title:<28} {free} place(s) libre(s)  attend depuis {waited}"
            ),
            Lang::En => {
                format!("{number:>3}. {name:<24} {title:<28} {free} free seat(s)  waiting for {waited}")
            }
        }
    }

    /// A listed table whose game is under way, which one may watch.
    #[must_use]
    pub const fn table_under_way(self) -> &'static str {
        match self {
            Lang::Fr => "en cours · à regarder",
            Lang::En => "under way · to watch",
        }
    }

    /// How long a table has waited: "42 s", "3 min 05 s", "1 h 02 min" (the same in both
    /// languages).
    #[must_use]
    pub fn waited(self, secs: u64) -> String {
        match secs {
            0..60 => format!("{secs} s"),
            60..3600 => format!("{} min {:02} s", secs / 60, secs % 60),
            _ => format!("{} h {:02} min", secs / 3600, secs / 60 % 60),
        }
    }

    /// The lobby's prompt, with the keys of the pages there are.
    #[must_use]
    pub fn lobby_prompt(self, has_next: bool, has_previous: bool) -> String {
        let fr = self == Lang::Fr;
        let mut prompt =
            String::from(if fr { "Numéro de la table à rejoindre" } else { "Number of the table to join" });
        if has_next {
            prompt.push_str(if fr { ", n (suivante)" } else { ", n (next)" });
        }
        if has_previous {
            prompt.push_str(if fr { ", p (précédente)" } else { ", p (previous)" });
        }
        prompt.push_str(if fr { ", r (actualiser), q (quitter) : " } else { ", r (refresh), q (quit): " });
        prompt
    }

    /// An answer to the lobby's prompt that is none of its choices.
    #[must_use]
    pub fn lobby_bad_choice(self, text: &str) -> String {
        match self {
            Lang::Fr => format!("« {text} » : un numéro, n, p, r ou q."),
            Lang::En => format!("\"{text}\": a number, n, p, r or q."),
        }
    }

    /// Joining a lobby table.
    #[must_use]
    pub fn lobby_joining(self, name: &str, game: &GameSpec) -> String {
        let title = self.title_of(game);
        match self {
            Lang::Fr => format!("On rejoint la table de {name} ({title})…"),
            Lang::En => format!("Joining {name}'s table ({title})…"),
        }
    }

    /// A table opened in the lobby.
    #[must_use]
    pub fn lobby_opened(self, game: &GameSpec) -> String {
        let title = self.title_of(game);
        match self {
            Lang::Fr => format!("Table ouverte au lobby ({title}) : on attend un adversaire…"),
            Lang::En => format!("Table open in the lobby ({title}): waiting for an opponent…"),
        }
    }

    /// One game announced on the local network: its number, host, game and wait.
    #[must_use]
    pub fn lan_game_line(self, number: usize, name: &str, game: &GameSpec, waiting_secs: u64) -> String {
        let (title, waited) = (self.title_of(game), self.waited(waiting_secs));
        match self {
            Lang::Fr => format!("{number:>2}. {name:<16} {title:<28} attend depuis {waited}"),
            Lang::En => format!("{number:>2}. {name:<16} {title:<28} waiting for {waited}"),
        }
    }

    /// A table on the LAN, numbered for `tripot lan`: its free seats (`seats`: the seat count
    /// and the free ones), or, started, that it may be watched.
    #[must_use]
    pub fn lan_table_line(
        self,
        number: usize,
        name: &str,
        game: &GameSpec,
        (seats, free): (u8, u8),
        waiting_secs: u64,
    ) -> String {
        let terms =
            if free == 0 { self.lan_table_watchable(game) } else { self.open_table_terms(game, seats, free) };
        let waited = self.waited(waiting_secs);
        match self {
            Lang::Fr => format!("{number:>2}. {name:<16} {terms} · attend depuis {waited}"),
            Lang::En => format!("{number:>2}. {name:<16} {terms} · waiting for {waited}"),
        }
    }

    /// A table whose game is under way, open to spectators.
    #[must_use]
    pub fn lan_table_watchable(self, game: &GameSpec) -> String {
        let title = self.title_of(game);
        match self {
            Lang::Fr => format!("{title} · partie en cours, spectateurs admis"),
            Lang::En => format!("{title} · game under way, spectators welcome"),
        }
    }

    /// The prompt of `tripot lan`.
    #[must_use]
    pub const fn lan_prompt(self) -> &'static str {
        match self {
            Lang::Fr => "Numéro de la partie à rejoindre : ",
            Lang::En => "Number of the game to join: ",
        }
    }

    /// A relay found on the local network.
    #[must_use]
    pub fn relay_found_on_lan(self, relay: &str) -> String {
        match self {
            Lang::Fr => format!("Relais trouvé sur le réseau local : {relay}"),
            Lang::En => format!("Relay found on the local network: {relay}"),
        }
    }

    /// Quick match: others waiting at the relay.
    #[must_use]
    pub fn quick_waiting(self, others: u32) -> String {
        match self {
            Lang::Fr => format!("En attente… ({others} autre(s) joueur(s) en salle d'attente)"),
            Lang::En => format!("Waiting… ({others} other player(s) in the waiting room)"),
        }
    }

    /// Quick match: paired, hosting or joining.
    #[must_use]
    pub fn quick_matched(self, game: &GameSpec, you_host: bool) -> String {
        let title = self.title_of(game);
        match (self, you_host) {
            (Lang::Fr, true) => format!("Adversaire trouvé : {title} (vous recevez)."),
            (Lang::Fr, false) => format!("Adversaire trouvé : {title} (vous rejoignez)."),
            (Lang::En, true) => format!("Opponent found: {title} (you host)."),
            (Lang::En, false) => format!("Opponent found: {title} (you join)."),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_wait_reads_in_seconds_minutes_or_hours() {
        assert_eq!(Lang::Fr.waited(42), "42 s");
        assert_eq!(Lang::En.waited(185), "3 min 05 s");
        assert_eq!(Lang::Fr.waited(3720), "1 h 02 min");
    }

    #[test]
    fn an_open_table_says_its_game_and_free_seats_in_each_language() {
        let kawu = GameSpec::new("kawu-3").unwrap();
        assert_eq!(Lang::Fr.open_table_terms(&kawu, 3, 2), "kawu à trois · 2 places libres sur 3");
        assert_eq!(Lang::Fr.open_table_terms(&kawu, 3, 1), "kawu à trois · 1 place libre sur 3");
        assert_eq!(Lang::En.open_table_terms(&kawu, 3, 2), "kawu for three · 2 of 3 seats free");
    }

    #[test]
    fn a_lobby_line_names_the_game_by_its_title_in_each_language() {
        let game = GameSpec::new("draughts").unwrap();
        let fr = Lang::Fr.lobby_table_line(1, "Ana", &game, 1, 185);
        let en = Lang::En.lobby_table_line(1, "Ana", &game, 1, 185);
        assert!(fr.contains("attend depuis 3 min 05 s"), "{fr}");
        assert!(en.contains("waiting for 3 min 05 s"), "{en}");
        assert_ne!(fr, en);
        let kawu3 = GameSpec::new("kawu-3").unwrap();
        let fr = Lang::Fr.lobby_table_line(2, "Ana", &kawu3, 0, 185);
        let en = Lang::En.lobby_table_line(2, "Ana", &kawu3, 0, 185);
        assert!(fr.contains("en cours · à regarder") && !fr.contains("place"), "{fr}");
        assert!(en.contains("under way · to watch") && !en.contains("seat"), "{en}");
        let unknown = GameSpec::new("ghost-1").unwrap();
        assert!(Lang::En.lobby_joining("Ben", &unknown).contains("(ghost-1)"));
        assert!(Lang::En.lobby_prompt(true, false).contains("n (next)"));
        assert!(!Lang::Fr.lobby_prompt(false, false).contains("(suivante)"));
    }
}
