//! The words of the game, in French (the Tripot's language, the default) and in English; the
//! words for errors (`errors.rs`) and for what an online game tells the player (`notices.rs`)
//! are matched on their typed causes, beside; the web page's own words are `page.rs`'s
//! [`PageTexts`].

use std::sync::OnceLock;

use tripot_engine::Format;

mod console;
mod end_words;
mod errors;
mod game_words;
mod matchmaking;
mod move_refusal;
mod notices;
mod page;
mod page_en;
mod page_fr;
mod ratings;
mod seats;
mod star;

pub use page::{PageTexts, fill};
pub use ratings::RatingsTexts;
pub use seats::SeatsTexts;

/// The language the command line asked for, for screens opened by a subcommand.
static CHOSEN: OnceLock<Lang> = OnceLock::new();

/// The language of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    /// Français, as at the Tripot.
    #[default]
    Fr,
    /// English.
    En,
}

impl Lang {
    /// English when the `LANG` environment variable asks for it (`en_GB.UTF-8`, `en`…), French
    /// otherwise: the Tripot is in Nice.
    #[must_use]
    pub fn from_env() -> Lang {
        match std::env::var("LANG") {
            Ok(value) if value.to_ascii_lowercase().starts_with("en") => Lang::En,
            _ => Lang::Fr,
        }
    }

    /// Remembers the language of this run (`--lang`), for the subcommands that open screens.
    pub fn remember(self) {
        let _ = CHOSEN.set(self);
    }

    /// The language remembered by [`Lang::remember`], or the environment's.
    pub fn current() -> Lang {
        CHOSEN.get().copied().unwrap_or_else(Lang::from_env)
    }

    /// The fixed texts of this language.
    #[must_use]
    pub fn t(self) -> &'static Texts {
        match self {
            Lang::Fr => &FR,
            Lang::En => &EN,
        }
    }

    /// "1 couleur par camp (10 pions)".
    pub fn format_label(self, format: Format) -> String {
        let n = format.number();
        let pawns = 10 * u32::from(n);
        match (self, n) {
            (Lang::Fr, 1) => format!("1 couleur par camp ({pawns} pions)"),
            (Lang::Fr, _) => format!("{n} couleurs par camp ({pawns} pions)"),
            (Lang::En, 1) => format!("1 colour per side ({pawns} pawns)"),
            (Lang::En, _) => format!("{n} colours per side ({pawns} pawns)"),
        }
    }

    /// Why a move or a message was refused, in this language.
    pub fn reject_reason(self, reason: tripot_protocol::RejectReason) -> &'static str {
        use tripot_protocol::RejectReason as R;
        if self == Lang::En {
            return reason.describe();
        }
        match reason {
            R::Version => "version du protocole incompatible",
            R::IllegalMove => "coup illégal",
            R::OutOfTurn => "coup joué hors de son tour",
            R::WrongPly => "mauvais numéro de coup",
            R::HashMismatch => "les positions ne concordent pas",
            R::Malformed => "message illisible",
            R::TooLarge => "message trop long",
            R::Unexpected => "message inattendu",
            R::Flood => "trop de messages",
            R::UnknownGame => "partie inconnue",
            R::Busy => "l'hôte joue déjà",
            R::BadReveal => "tirage au sort truqué",
            R::GameOver => "la partie est finie",
            R::FieldTooLong => "un champ dépasse sa longueur permise",
            R::NoCommitment => "tirage au sort sans engagement",
            R::Unsupported => "format ou règles inconnus ici",
            R::Claimed => "l'adversaire a réclamé la partie pendant votre absence",
            R::BadSignature => "la signature du résultat ne correspond pas",
            #[allow(unreachable_patterns)]
            _ => reason.describe(),
        }
    }

    /// Why the session refused a local action, in this language.
    pub fn local_error(self, error: &tripot_net::LocalError) -> String {
        use tripot_net::LocalError as E;
        // The game's refusal is worded from its typed cause, in either language (its `Display`
        // is English: « (e14 is occupied) » inside a French message).
        if let E::Illegal(why) = error {
            return self.move_error(why);
        }
        if self == Lang::En {
            return error.to_string();
        }
        match error {
            E::NotStarted => "la partie n'a pas commencé".into(),
            E::Over => "la partie est finie".into(),
            E::NotYourTurn => "ce n'est pas votre tour".into(),
            E::CannotClaim => {
                "la partie ne se réclame qu'après le délai de grâce, l'adversaire absent".into()
            }
            E::GameInProgress => "la revanche se propose une fois la partie finie".into(),
            E::NotConnected => "l'adversaire n'est pas connecté".into(),
            E::RematchPending => "une revanche est déjà proposée".into(),
            E::NoRematchOffer => "l'adversaire n'a pas proposé de revanche".into(),
            E::DrawForfeited => {
                "l'adversaire a quitté un tirage au sort après notre révélation : pas de nouveau tirage avec lui"
                    .into()
            }
            #[allow(unreachable_patterns)]
            _ => error.to_string(),
        }
    }

    /// "Joueur 1" / "Player 2": the hot-seat names of the seats, counted from 1.
    pub fn player(self, seat: tripot_game::Seat) -> String {
        let n = seat.number();
        match self {
            Lang::Fr => format!("Joueur {n}"),
            Lang::En => format!("Player {n}"),
        }
    }
}

/// Every fixed text of the interface.
// Each field is named for the text it holds; its words are in the French and English values below.
#[allow(missing_docs)]
#[derive(Debug)]
pub struct Texts {
    pub title: &'static str,
    pub subtitle: &'static str,
    pub solo: &'static str,
    pub duel: &'static str,
    pub level: &'static str,
    pub format: &'static str,
    pub opener: &'static str,
    pub opener_me: &'static str,
    pub opener_computer: &'static str,
    pub opener_draw: &'static str,
    pub rules: &'static str,
    pub quit: &'static str,
    pub menu_keys: &'static str,
    pub too_small: &'static str,
    pub you: &'static str,
    pub thinking: &'static str,
    pub history: &'static str,
    pub swap_word: &'static str,
    pub pass_word: &'static str,
    pub you_were_blocked: &'static str,
    pub was_blocked: &'static str,
    pub end_jump: &'static str,
    pub hint: &'static str,
    pub undo: &'static str,
    pub coords: &'static str,
    pub menu: &'static str,
    pub rematch: &'static str,
    pub arrived: &'static str,
    pub distance: &'static str,
    pub wins: &'static str,
    pub you_win: &'static str,
    pub you_lose: &'static str,
    pub by_goal: &'static str,
    pub by_count: &'static str,
    pub moves_count: &'static str,
    pub one_move: &'static str,
    pub select_pawn: &'static str,
    pub not_your_pawn: &'static str,
    pub choose_destination: &'static str,
    pub chain_running: &'static str,
    pub nothing_to_undo: &'static str,
    pub hint_is: &'static str,
    pub hint_enter_plays: &'static str,
    pub no_destination: &'static str,
    pub resume_title: &'static str,
    pub resume_question: &'static str,
    pub resume_questions: &'static str,
    pub resume_online_with: &'static str,
    pub resume_keys: &'static str,
    pub resume_keys_one: &'static str,
    pub menu_resume: &'static str,
    pub game_saved_left: &'static str,
    pub resume: &'static str,
    pub new_game: &'static str,
    pub save_failed: &'static str,
    pub corrupt_moved: &'static str,
    pub rules_keys: &'static str,
    pub view_keys: &'static str,
    pub view_unfinished: &'static str,
    pub confirm_new_game: &'static str,
    pub view_move: &'static str,
    pub view_start: &'static str,
    pub host_game: &'static str,
    pub join_game: &'static str,
    pub lan_players: &'static str,
    pub opener_opponent: &'static str,
    pub online_failed: &'static str,
    pub join_title: &'static str,
    pub join_prompt: &'static str,
    pub join_help: &'static str,
    pub join_keys: &'static str,
    pub join_invalid: &'static str,
    pub join_go: &'static str,
    pub back: &'static str,
    pub lan_title: &'static str,
    pub lan_searching: &'static str,
    pub lan_none: &'static str,
    pub lan_keys: &'static str,
    pub waiting_since: &'static str,
    pub waiting_title: &'static str,
    pub share_addresses: &'static str,
    pub no_address_yet: &'static str,
    pub share_code: &'static str,
    pub copy_hint: &'static str,
    pub joining: &'static str,
    pub resuming: &'static str,
    pub connection: &'static str,
    pub connected: &'static str,
    pub reconnecting: &'static str,
    pub peer_left_state: &'static str,
    pub peer_left_notice: &'static str,
    pub opponent_away: &'static str,
    pub game_over_state: &'static str,
    pub direct: &'static str,
    pub via_relay: &'static str,
    pub round_trip: &'static str,
    pub grace_title: &'static str,
    pub grace_text: &'static str,
    pub claim: &'static str,
    pub keep_waiting: &'static str,
    pub resign: &'static str,
    pub confirm_resign: &'static str,
    pub confirm_leave: &'static str,
    pub move_refused: &'static str,
    pub type_move: &'static str,
    pub rejected_theirs: &'static str,
    pub rejected_ours: &'static str,
    pub resumed: &'static str,
    pub by_resign: &'static str,
    pub by_forfeit: &'static str,
    pub by_claim: &'static str,
    pub online_mode: &'static str,
    pub opponent_label: &'static str,
    pub room: &'static str,
    pub room_setting: &'static str,
    pub room_yes: &'static str,
    pub room_no: &'static str,
    pub room_opening: &'static str,
    pub room_refused: &'static str,
    pub host_refused_retry: &'static str,
    pub host_refused: &'static str,
    pub guest_left: &'static str,
    /// A guest's room lookup was throttled by a busy relay; it is retried by itself.
    pub relay_busy: &'static str,
    pub relay_word: &'static str,
    pub relay_connecting: &'static str,
    pub relay_connected: &'static str,
    pub relay_reserved: &'static str,
    pub relay_lost: &'static str,
    pub waiting_opponent: &'static str,
    pub lobby: &'static str,
    pub lobby_title: &'static str,
    pub lobby_reading: &'static str,
    pub lobby_empty: &'static str,
    pub lobby_keys: &'static str,
    pub open_table: &'static str,
    pub table_open: &'static str,
    pub page_word: &'static str,
    pub rematch_offered: &'static str,
    pub rematch_declined: &'static str,
    pub rematch_declined_here: &'static str,
    pub rematch_started: &'static str,
    pub rematch_asked: &'static str,
    pub accept: &'static str,
    pub decline: &'static str,
    pub quick_match: &'static str,
    pub any_format: &'static str,
    pub seeking: &'static str,
    pub seekers: &'static str,
    pub matched: &'static str,
    /// The lines `tripot web` prints: the first line is always the bare address (tests read
    /// it), the last starts with `Ctrl-C` in both languages.
    pub web_lan_open: &'static str,
    pub web_on_this_computer: &'static str,
    pub web_no_lan: &'static str,
    pub web_keep_it: &'static str,
    pub web_local_only: &'static str,
    pub web_open_yourself: &'static str,
    pub web_stop: &'static str,
}

static FR: Texts = Texts {
    title: "TRIPOT",
    subtitle: "la dame chinoise du Tripot d'Edmonde",
    solo: "Solo contre l'IA",
    duel: "Duel à deux",
    level: "Niveau",
    format: "Format",
    opener: "Qui ouvre",
    opener_me: "Moi",
    opener_computer: "L'ordinateur",
    opener_draw: "Tirage au sort",
    rules: "Règles",
    quit: "Quitter",
    menu_keys: "↑↓ choisir · ←→ régler · Entrée valider · q quitter",
    too_small: "Agrandissez la fenêtre : il faut au moins 80 × 30 caractères.",
    you: "Vous",
    thinking: "réfléchit…",
    history: "Historique",
    swap_word: "Échange",
    pass_word: "tour passé",
    you_were_blocked: "Vous étiez bloqué — tour passé",
    was_blocked: "était bloqué — tour passé",
    end_jump: "Fin du saut",
    hint: "Indice",
    undo: "Annuler",
    coords: "Coordonnées",
    menu: "Menu",
    rematch: "Revanche",
    arrived: "arrivés",
    distance: "distance",
    wins: "gagne",
    you_win: "Vous avez gagné !",
    you_lose: "Vous avez perdu.",
    by_goal: "pointe d'arrivée complète",
    by_count: "au compte, après deux tours passés",
    moves_count: "coups",
    one_move: "coup",
    select_pawn: "Choisissez un de vos pions.",
    not_your_pawn: "Ce n'est pas un de vos pions.",
    choose_destination: "Choisissez une destination (Échap pour annuler).",
    chain_running: "Sautez encore, ou « Fin du saut ».",
    nothing_to_undo: "Rien à annuler.",
    hint_is: "Indice",
    hint_enter_plays: "(Entrée le joue)",
    no_destination: "Ce pion ne peut pas bouger.",
    resume_title: "Partie en cours",
    resume_question: "Une partie n'est pas terminée. La reprendre ?",
    resume_questions: "Des parties ne sont pas terminées. Laquelle reprendre ?",
    resume_online_with: "Une partie en ligne reprend par la commande :",
    resume_keys: "↑↓ choisir · Entrée reprendre · n nouvelle partie · Échap garder pour plus tard",
    resume_keys_one: "Entrée reprendre · n nouvelle partie · Échap la garder pour plus tard",
    menu_resume: "Reprendre (r) : une partie n'est pas finie",
    game_saved_left: "Partie enregistrée : Reprendre (r) au menu la reprend.",
    resume: "Reprendre",
    new_game: "Nouvelle partie",
    save_failed: "Sauvegarde impossible",
    corrupt_moved: "Sauvegarde illisible, mise de côté sous",
    rules_keys: "←→ autre jeu · ↑↓ faire défiler · Échap retour",
    view_keys: "←→ coup par coup · Début/Fin · q quitter",
    view_unfinished: "Partie non terminée",
    confirm_new_game: "La partie en cours sera abandonnée : n encore pour confirmer, r pour la reprendre.",
    view_move: "Coup",
    view_start: "Départ",
    host_game: "Héberger une partie",
    join_game: "Rejoindre une partie",
    lan_players: "Joueurs sur le réseau local",
    opener_opponent: "L'adversaire",
    online_failed: "Jeu en ligne impossible",
    join_title: "Rejoindre une partie",
    join_prompt: "Adresse de l'hôte, code du salon ou lien de table :",
    join_help: "Collez l'adresse que l'hôte vous a donnée (/ip4/…/tcp/…/p2p/…), tapez son code (K7M-4QP) ou collez le lien d'une table (tripot://table/… ou tripot://room/…).",
    join_keys: "Entrée rejoindre · Échap retour · Ctrl-U effacer",
    join_invalid: "Ni une adresse ni un code de salon",
    join_go: "Rejoindre",
    back: "Retour",
    lan_title: "Joueurs sur le réseau local",
    lan_searching: "Recherche sur le réseau local…",
    lan_none: "Personne n'attend sur le réseau local pour l'instant.",
    lan_keys: "↑↓ choisir · Entrée rejoindre · Échap retour · la liste se met à jour seule",
    waiting_since: "attend depuis",
    waiting_title: "En attente d'un adversaire",
    share_addresses: "Adresses à donner à votre adversaire (tripot join ADRESSE) :",
    no_address_yet: "(ouverture des adresses…)",
    share_code: "Code du salon à donner :",
    copy_hint: "Maj + souris pour sélectionner et copier.",
    joining: "Connexion à l'hôte…",
    resuming: "Reprise de la partie sauvegardée…",
    connection: "Connexion",
    connected: "connecté",
    reconnecting: "reconnexion…",
    peer_left_state: "adversaire parti, attendu",
    peer_left_notice: "Votre adversaire a quitté la partie. Elle reste sauvegardée : il peut revenir la \
                       reprendre, ou vous pourrez la réclamer.",
    opponent_away: "l'adversaire ne revient pas",
    game_over_state: "partie terminée",
    direct: "direct",
    via_relay: "via le relais",
    round_trip: "aller-retour",
    grace_title: "L'adversaire ne revient pas",
    grace_text: "Vous pouvez réclamer la partie (elle est gagnée pour vous) ou attendre encore.",
    claim: "Réclamer la partie",
    keep_waiting: "Attendre",
    resign: "Abandonner",
    confirm_resign: "Abandonner la partie ? Appuyez encore sur a pour confirmer.",
    confirm_leave: "Quitter ? La partie est sauvegardée et reprend avec --resume. Encore q pour confirmer.",
    move_refused: "Coup refusé",
    type_move: "Coup en notation (Entrée jouer, Échap annuler) :",
    rejected_theirs: "Coup de l'adversaire refusé",
    rejected_ours: "L'adversaire a refusé votre coup",
    resumed: "Reconnecté : la partie reprend.",
    by_resign: "par abandon",
    by_forfeit: "par forfait",
    by_claim: "l'adversaire est parti, partie réclamée",
    online_mode: "En ligne",
    opponent_label: "contre",
    room: "Salon privé",
    room_setting: "Salon privé",
    room_yes: "oui, avec un code",
    room_no: "non, par adresse",
    room_opening: "(ouverture du salon au relais…)",
    room_refused: "Code refusé à un visiteur",
    host_refused_retry: "L'hôte refuse pour l'instant — nouvel essai dans",
    host_refused: "L'hôte a refusé la partie",
    guest_left: "Un invité est reparti avant le début : la table est de nouveau libre",
    relay_busy: "Relais saturé, nouvel essai…",
    relay_word: "Relais",
    relay_connecting: "connexion…",
    relay_connected: "connecté",
    relay_reserved: "connecté, joignable",
    relay_lost: "perdu, nouvel essai…",
    waiting_opponent: "En attente de l'adversaire…",
    lobby: "Lobby : les tables ouvertes",
    lobby_title: "Lobby — tables ouvertes",
    lobby_reading: "Lecture du lobby au relais…",
    lobby_empty: "Aucune table ouverte : ouvrez la vôtre (o).",
    lobby_keys: "↑↓ choisir · ←→ page · Entrée rejoindre · o ouvrir ma table · Échap retour",
    open_table: "Ouvrir ma table",
    table_open: "Votre table est ouverte au lobby : le premier qui la rejoint joue.",
    page_word: "page",
    rematch_offered: "propose une revanche : r pour accepter, n pour refuser.",
    rematch_declined: "Pas de revanche : l'adversaire a refusé ou est parti.",
    rematch_declined_here: "Revanche refusée.",
    rematch_started: "Revanche : partie n°",
    rematch_asked: "Revanche proposée — en attente de la réponse…",
    accept: "Accepter",
    decline: "Refuser",
    quick_match: "Partie rapide",
    any_format: "tout format accepté",
    seeking: "Recherche d'un adversaire…",
    seekers: "en salle d'attente",
    matched: "Adversaire trouvé — connexion…",
    web_lan_open: "Ouvrez cette adresse sur une tablette ou un téléphone du même réseau, ou scannez le code :",
    web_on_this_computer: "Sur cet ordinateur :",
    web_no_lan: "Aucune adresse de réseau local trouvée : seul cet ordinateur peut l'ouvrir.",
    web_keep_it: "Seule cette adresse sert la partie : gardez-la entre joueurs.",
    web_local_only: "Tripot est servi sur cet ordinateur seulement (tripot web --lan pour une tablette).",
    web_open_yourself: "Ouvrez l'adresse ci-dessus dans votre navigateur.",
    web_stop: "Ctrl-C arrête le serveur.",
};

static EN: Texts = Texts {
    title: "TRIPOT",
    subtitle: "Chinese checkers of the Tripot d'Edmonde",
    solo: "Solo against the computer",
    duel: "Two-player duel",
    level: "Level",
    format: "Format",
    opener: "Who opens",
    opener_me: "Me",
    opener_computer: "The computer",
    opener_draw: "A draw",
    rules: "Rules",
    quit: "Quit",
    menu_keys: "↑↓ choose · ←→ change · Enter confirm · q quit",
    too_small: "Please enlarge the window: at least 80 × 30 characters are needed.",
    you: "You",
    thinking: "thinking…",
    history: "History",
    swap_word: "Swap",
    pass_word: "turn passed",
    you_were_blocked: "You were blocked — turn passed",
    was_blocked: "was blocked — turn passed",
    end_jump: "End jump",
    hint: "Hint",
    undo: "Undo",
    coords: "Coordinates",
    menu: "Menu",
    rematch: "Rematch",
    arrived: "arrived",
    distance: "distance",
    wins: "wins",
    you_win: "You won!",
    you_lose: "You lost.",
    by_goal: "goal complete",
    by_count: "by count, after two passes in a row",
    moves_count: "moves",
    one_move: "move",
    select_pawn: "Pick one of your pawns.",
    not_your_pawn: "That is not one of your pawns.",
    choose_destination: "Pick a destination (Esc to cancel).",
    chain_running: "Jump again, or \"End jump\".",
    nothing_to_undo: "Nothing to undo.",
    hint_is: "Hint",
    hint_enter_plays: "(Enter plays it)",
    no_destination: "This pawn cannot move.",
    resume_title: "Unfinished game",
    resume_question: "A game was left unfinished. Resume it?",
    resume_questions: "Games were left unfinished. Which one to resume?",
    resume_online_with: "An online game resumes with the command:",
    resume_keys: "↑↓ choose · Enter resume · n new game · Esc keep for later",
    resume_keys_one: "Enter resume · n new game · Esc keep it for later",
    menu_resume: "Resume (r): a game is unfinished",
    game_saved_left: "Game saved: Resume (r) in the menu picks it up.",
    resume: "Resume",
    new_game: "New game",
    save_failed: "Cannot save",
    corrupt_moved: "Unreadable save moved aside to",
    rules_keys: "←→ another game · ↑↓ scroll · Esc back",
    view_keys: "←→ move by move · Home/End · q quit",
    view_unfinished: "Unfinished game",
    confirm_new_game: "The unfinished game will be abandoned: n again to confirm, r to resume it.",
    view_move: "Move",
    view_start: "Start",
    host_game: "Host a game",
    join_game: "Join a game",
    lan_players: "Players on the local network",
    opener_opponent: "The opponent",
    online_failed: "Cannot play online",
    join_title: "Join a game",
    join_prompt: "Host's address, room code or table link:",
    join_help: "Paste the address the host gave you (/ip4/…/tcp/…/p2p/…), type its room code (K7M-4QP) or paste a table's link (tripot://table/… or tripot://room/…).",
    join_keys: "Enter join · Esc back · Ctrl-U clear",
    join_invalid: "Neither an address nor a room code",
    join_go: "Join",
    back: "Back",
    lan_title: "Players on the local network",
    lan_searching: "Looking on the local network…",
    lan_none: "Nobody is waiting on the local network yet.",
    lan_keys: "↑↓ choose · Enter join · Esc back · the list refreshes by itself",
    waiting_since: "waiting for",
    waiting_title: "Waiting for an opponent",
    share_addresses: "Addresses to give your opponent (tripot join ADDRESS):",
    no_address_yet: "(opening addresses…)",
    share_code: "Room code to give:",
    copy_hint: "Shift + mouse to select and copy.",
    joining: "Connecting to the host…",
    resuming: "Resuming the saved game…",
    connection: "Connection",
    connected: "connected",
    reconnecting: "reconnecting…",
    peer_left_state: "opponent left, awaited",
    peer_left_notice: "Your opponent left the game. It stays saved: they may come back to resume it, \
                       or you may claim it.",
    opponent_away: "the opponent has not come back",
    game_over_state: "game over",
    direct: "direct",
    via_relay: "via relay",
    round_trip: "round trip",
    grace_title: "The opponent has not come back",
    grace_text: "You may claim the game (you win it) or keep waiting.",
    claim: "Claim the game",
    keep_waiting: "Wait",
    resign: "Resign",
    confirm_resign: "Resign the game? Press a again to confirm.",
    confirm_leave: "Leave? The game is saved and resumes with --resume. Press q again to confirm.",
    move_refused: "Move refused",
    type_move: "Move in notation (Enter plays, Esc cancels):",
    rejected_theirs: "Opponent's move refused",
    rejected_ours: "The opponent refused your move",
    resumed: "Reconnected: the game goes on.",
    by_resign: "by resignation",
    by_forfeit: "by forfeit",
    by_claim: "the opponent left, game claimed",
    online_mode: "Online",
    opponent_label: "against",
    room: "Private room",
    room_setting: "Room",
    room_yes: "private, with a code",
    room_no: "no, by address",
    room_opening: "(opening the room at the relay…)",
    room_refused: "A visitor's code was refused",
    host_refused_retry: "The host refuses for now — trying again in",
    host_refused: "The host refused the game",
    guest_left: "A guest left before the start: the table is free again",
    relay_busy: "Relay busy, retrying…",
    relay_word: "Relay",
    relay_connecting: "connecting…",
    relay_connected: "connected",
    relay_reserved: "connected, reachable",
    relay_lost: "lost, trying again…",
    waiting_opponent: "Waiting for the opponent…",
    lobby: "Lobby: the open tables",
    lobby_title: "Lobby — open tables",
    lobby_reading: "Reading the lobby at the relay…",
    lobby_empty: "No open table: open yours (o).",
    lobby_keys: "↑↓ choose · ←→ page · Enter join · o open my table · Esc back",
    open_table: "Open my table",
    table_open: "Your table is open in the lobby: the first to join plays.",
    page_word: "page",
    rematch_offered: "offers a rematch: r to accept, n to decline.",
    rematch_declined: "No rematch: the opponent declined or left.",
    rematch_declined_here: "Rematch declined.",
    rematch_started: "Rematch: game",
    rematch_asked: "Rematch offered — waiting for the answer…",
    accept: "Accept",
    decline: "Decline",
    quick_match: "Quick match",
    any_format: "any format",
    seeking: "Looking for an opponent…",
    seekers: "in the waiting room",
    matched: "Opponent found — connecting…",
    web_lan_open: "Open this address on a tablet or phone on the same network, or scan the code:",
    web_on_this_computer: "On this computer:",
    web_no_lan: "No local network address was found: only this computer can open it.",
    web_keep_it: "Only this address serves the game: keep it among the players.",
    web_local_only: "Tripot is served on this computer only (tripot web --lan for a tablet).",
    web_open_yourself: "Open the address above in your browser.",
    web_stop: "Ctrl-C stops the server.",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn french_is_the_default_and_english_is_complete() {
        assert_eq!(Lang::default(), Lang::Fr);
        assert_eq!(Lang::Fr.t().end_jump, "Fin du saut");
        assert_eq!(Lang::En.t().end_jump, "End jump");
        assert_eq!(Lang::Fr.format_label(Format::Two), "2 couleurs par camp (20 pions)");
    }
}
