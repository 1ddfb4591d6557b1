//! The words of an online table of 2–6 seats: its notices ([`SeatsNotice`]), its refusals
//! ([`TableError`], [`TableRejectReason`]), why it could not start ([`TableNetError`]) or why
//! an invitation does not read, and the labels a front-end puts around the seats.

use std::time::Duration;

use tripot_game::Seat;
use tripot_net::table::TableError;
use tripot_net::table_online::TableNetError;
use tripot_protocol::table::{ClockRule, TableRejectReason, Wants};

use super::Lang;
use crate::online_seats::{SeatHolderView, SeatsNotice, Who};
use crate::table_invitation::TableInvitationError;

impl Lang {
    /// What an online table tells the person, in this language.
    #[must_use]
    pub fn seats_notice(self, notice: &SeatsNotice) -> String {
        let fr = self == Lang::Fr;
        let who = |who: &Who| self.seats_who(who);
        match notice {
            SeatsNotice::MoveRefused(error) if fr => format!("Coup refusé : {}", self.table_error(error)),
            SeatsNotice::MoveRefused(error) => format!("Move refused: {}", self.table_error(error)),
            SeatsNotice::ActionRefused(error) => self.table_error(error),
            SeatsNotice::Started { game: 1 } if fr => "La partie commence.".into(),
            SeatsNotice::Started { game: 1 } => "The game starts.".into(),
            SeatsNotice::Started { game } if fr => format!("La partie n° {game} commence."),
            SeatsNotice::Started { game } => format!("Game {game} starts."),
            SeatsNotice::SeatAway(w) if fr => format!("{} s'est absenté.", who(w)),
            SeatsNotice::SeatAway(w) => format!("{} went away.", who(w)),
            SeatsNotice::SeatBack(w) if fr => format!("{} est de retour.", who(w)),
            SeatsNotice::SeatBack(w) => format!("{} is back.", who(w)),
            SeatsNotice::Claimable(w) if fr => {
                format!("{} est absent depuis trop longtemps : vous pouvez réclamer sa place.", who(w))
            }
            SeatsNotice::Claimable(w) => {
                format!("{} has been away too long: you may claim the seat.", who(w))
            }
            SeatsNotice::DrawOffered(w) if fr => format!("{} propose la nulle.", who(w)),
            SeatsNotice::DrawOffered(w) => format!("{} offers a draw.", who(w)),
            SeatsNotice::DrawOfferSent if fr => "Nulle proposée.".into(),
            SeatsNotice::DrawOfferSent => "Draw offered.".into(),
            SeatsNotice::DrawDeclined(w) if fr => format!("{} refuse la nulle.", who(w)),
            SeatsNotice::DrawDeclined(w) => format!("{} declines the draw.", who(w)),
            SeatsNotice::HandOver { to: Who::You } if fr => "L'hôte est parti ; vous tenez la table.".into(),
            SeatsNotice::HandOver { to: Who::You } => "The host left; you host the table now.".into(),
            SeatsNotice::HandOver { to } if fr => format!("L'hôte est parti ; {} tient la table.", who(to)),
            SeatsNotice::HandOver { to } => format!("The host left; {} hosts now.", who(to)),
            SeatsNotice::TableLost if fr => "Plus d'hôte : la table est perdue.".into(),
            SeatsNotice::TableLost => "No host is left: the table is over.".into(),
            SeatsNotice::VoteClosed { rematch: true } if fr => "Vote clos : on rejoue.".into(),
            SeatsNotice::VoteClosed { rematch: true } => "Vote closed: another game follows.".into(),
            SeatsNotice::VoteClosed { rematch: false } if fr => "Vote clos : pas d'autre partie.".into(),
            SeatsNotice::VoteClosed { rematch: false } => "Vote closed: no other game.".into(),
            SeatsNotice::Voted if fr => "Vous votez pour rejouer.".into(),
            SeatsNotice::Voted => "You vote for another game.".into(),
            SeatsNotice::EntryRefused(error) if fr => format!("Entrée refusée par la table : {error}"),
            SeatsNotice::EntryRefused(error) => format!("Entry refused by the table: {error}"),
            SeatsNotice::Refused(reason) if fr => {
                format!("Refusé par la table : {}", self.table_reject(*reason))
            }
            SeatsNotice::Refused(reason) => format!("Refused by the table: {}", self.table_reject(*reason)),
            SeatsNotice::LinkClosed(reason) if fr => {
                format!("Liaison coupée avec un pair : {}", self.table_reject(*reason))
            }
            SeatsNotice::LinkClosed(reason) => {
                format!("Link to a peer closed: {}", self.table_reject(*reason))
            }
            SeatsNotice::ChatTooLong { max } if fr => format!("Message trop long ({max} octets au plus)."),
            SeatsNotice::ChatTooLong { max } => format!("Message too long (at most {max} bytes)."),
            SeatsNotice::YouWereBlocked => self.t().you_were_blocked.to_owned(),
            SeatsNotice::ConfirmResign => self.t().confirm_resign.to_owned(),
            SeatsNotice::ConfirmLeave { saved: None } => self.t().confirm_leave.to_owned(),
            SeatsNotice::ConfirmLeave { saved: Some(path) } if fr => {
                format!("Quitter ? Encore q pour confirmer. La partie est sauvegardée : {}", path.display())
            }
            SeatsNotice::ConfirmLeave { saved: Some(path) } => {
                format!("Leave? Press q again to confirm. The game is saved: {}", path.display())
            }
            SeatsNotice::Warning(warning) => self.net_warning(warning),
            SeatsNotice::RoomFailed(error) => self.room_error(error),
        }
    }

    /// A seat as a notice names it: « vous », or its player's name, else « place N ».
    #[must_use]
    pub fn seats_who(self, who: &Who) -> String {
        match (who, self) {
            (Who::You, Lang::Fr) => "vous".into(),
            (Who::You, Lang::En) => "you".into(),
            (Who::Seat { seat, name }, _) if name.is_empty() => self.seat_label(seat.index() + 1),
            (Who::Seat { name, .. }, _) => name.clone(),
        }
    }

    /// Who holds a seat, in a few words: « vous (Ana) », « Ana », « ordinateur moyen », « libre ».
    #[must_use]
    pub fn seat_holder(self, holder: &SeatHolderView) -> String {
        let fr = self == Lang::Fr;
        match holder {
            SeatHolderView::Empty if fr => "libre".into(),
            SeatHolderView::Empty => "free".into(),
            SeatHolderView::You { name } if fr => format!("vous ({name})"),
            SeatHolderView::You { name } => format!("you ({name})"),
            SeatHolderView::Person { name } => name.clone(),
            SeatHolderView::Computer { level } => {
                let level = tripot_ai::Level::from_number(*level).map_or("?", |l| self.level_label(l));
                if fr { format!("ordinateur {level}") } else { format!("computer {level}") }
            }
        }
    }

    /// A table's clock rule: « sans pendule », « 1 min par coup », « 5 min + 3 s ».
    #[must_use]
    pub fn clock_rule(self, rule: ClockRule) -> String {
        let fr = self == Lang::Fr;
        match rule {
            ClockRule::None if fr => "sans pendule".into(),
            ClockRule::None => "no clock".into(),
            ClockRule::PerMove { secs } if fr => format!("{} par coup", duration_words(u64::from(secs))),
            ClockRule::PerMove { secs } => format!("{} a move", duration_words(u64::from(secs))),
            ClockRule::Reserve { secs, increment_secs } => {
                format!("{} + {increment_secs} s", duration_words(u64::from(secs)))
            }
        }
    }

    /// Why the table refused an action of ours, in this language.
    #[must_use]
    pub fn table_error(self, error: &TableError) -> String {
        if self == Lang::En {
            return error.to_string();
        }
        match error {
            TableError::NotHost => "seul l'hôte peut le faire".into(),
            TableError::NoSeat => "vous n'avez pas de place à cette table".into(),
            TableError::SeatTaken(seat) => format!("la place {} n'est pas libre", seat.index() + 1),
            TableError::Open(why) => format!("le jeu ne peut pas s'ouvrir : {why}"),
            TableError::NotComputersTurn(seat) => {
                format!("ce n'est pas à l'ordinateur de jouer à la place {}", seat.index() + 1)
            }
            TableError::CannotClaim(seat) => {
                format!("la place {} ne peut pas être réclamée", seat.index() + 1)
            }
            TableError::NoVote => "aucun vote pour rejouer n'est ouvert".into(),
            TableError::ChatTooLong => "message refusé : trop long".into(),
            TableError::ChatTooFast => "message refusé : trop de messages trop vite".into(),
            TableError::Entry(error) => format!("entrée refusée : {error}"),
            TableError::Move(error) => format!("coup illisible : {}", self.move_error(error)),
        }
    }

    /// Why a peer refused what this side sent (or why a link was dropped), in this language.
    #[must_use]
    pub const fn table_reject(self, reason: TableRejectReason) -> &'static str {
        let fr = matches!(self, Lang::Fr);
        match reason {
            TableRejectReason::Version if fr => "version du programme différente",
            TableRejectReason::Version => "another version of the program",
            TableRejectReason::UnknownTable if fr => "table inconnue",
            TableRejectReason::UnknownTable => "unknown table",
            TableRejectReason::NoSeat if fr => "plus de place libre, ou la place demandée est prise",
            TableRejectReason::NoSeat => "no free seat, or the seat asked for is taken",
            TableRejectReason::NoSpectators if fr => "pas de spectateurs à cette table",
            TableRejectReason::NoSpectators => "no spectators at this table",
            TableRejectReason::Malformed if fr => "message illisible",
            TableRejectReason::Malformed => "unreadable message",
            TableRejectReason::Unexpected if fr => "message inattendu",
            TableRejectReason::Unexpected => "unexpected message",
            TableRejectReason::BadEntry if fr => "entrée invalide",
            TableRejectReason::BadEntry => "invalid entry",
            TableRejectReason::Flood if fr => "trop de messages",
            TableRejectReason::Flood => "too many messages",
            TableRejectReason::GameOver if fr => "la partie est finie",
            TableRejectReason::GameOver => "the game is over",
            TableRejectReason::BadSignature if fr => "signature invalide",
            TableRejectReason::BadSignature => "invalid signature",
        }
    }

    /// How many watch the table: « 2 spectateurs » (the screens show it only when some do).
    #[must_use]
    pub fn spectators_watching(self, count: u16) -> String {
        match (self, count) {
            (Lang::Fr, 1) => "1 spectateur".into(),
            (Lang::Fr, _) => format!("{count} spectateurs"),
            (Lang::En, 1) => "1 spectator".into(),
            (Lang::En, _) => format!("{count} spectators"),
        }
    }

    /// A seat's chat muted here, or heard again: « Discussion de la place 2 coupée. ».
    #[must_use]
    pub fn seat_muted(self, seat: Seat, muted: bool) -> String {
        let n = seat.index() + 1;
        match (self, muted) {
            (Lang::Fr, true) => format!("Discussion de la place {n} coupée."),
            (Lang::Fr, false) => format!("Discussion de la place {n} rétablie."),
            (Lang::En, true) => format!("Seat {n}'s chat muted."),
            (Lang::En, false) => format!("Seat {n}'s chat heard again."),
        }
    }

    /// Why an online table could not start, in this language.
    #[must_use]
    pub fn table_net_error(self, error: &TableNetError) -> String {
        if self == Lang::En {
            return error.to_string();
        }
        match error {
            TableNetError::Swarm(error) => format!("mise en place du réseau : {error}"),
            TableNetError::Table(error) => self.table_error(error),
            TableNetError::Dial { addr, reason } => format!("impossible de joindre {addr} : {reason}"),
            TableNetError::NoPeerId(addr) => {
                format!("l'adresse {addr} ne finit pas par l'identifiant /p2p/ de l'hôte")
            }
            TableNetError::NoRelay => "une salle privée demande un relais (--relay)".into(),
            TableNetError::RelayAddr(error) => format!("adresse du relais : {error}"),
            TableNetError::NoComputers => "pas de joueur ordinateur pour les places demandées".into(),
            TableNetError::Lobby(error) => format!("impossible d'inscrire la table au lobby : {error}"),
            TableNetError::LobbyTwoSeats => {
                "une table de deux places ne s'inscrit pas au lobby (ouvrez-y une partie à deux)".into()
            }
        }
    }

    /// Why a text is not a table's invitation, in this language.
    #[must_use]
    pub fn invitation_error(self, error: &TableInvitationError) -> String {
        if self == Lang::En {
            return error.to_string();
        }
        match error {
            TableInvitationError::Prefix => {
                "une invitation à une table commence par tripot://table/ ou tripot://room/".into()
            }
            TableInvitationError::Table(error) => format!("lien de table illisible : {error}"),
            TableInvitationError::Room(error) => format!("lien de salle illisible : {error}"),
        }
    }

    /// A clock's time left: « 0:42 », « 12:05 ».
    #[must_use]
    pub fn clock_left(self, left: Duration) -> String {
        let secs = left.as_secs() + u64::from(left.subsec_nanos() > 0);
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

/// Seconds as « 30 s », « 2 min », « 1 min 30 s ».
fn duration_words(secs: u64) -> String {
    match (secs / 60, secs % 60) {
        (0, s) => format!("{s} s"),
        (m, 0) => format!("{m} min"),
        (m, s) => format!("{m} min {s} s"),
    }
}

/// The fixed words a front-end puts around an online table of 2–6 seats.
#[derive(Debug)]
pub struct SeatsTexts {
    /// The set-up form's line: where the game is played.
    pub where_label: &'static str,
    /// On this device.
    pub here: &'static str,
    /// Online, hosting the table.
    pub online: &'static str,
    /// A seat left to a guest online.
    pub guest: &'static str,
    /// The set-up form's line: the clock.
    pub clock: &'static str,
    /// The set-up form's line: spectators.
    pub spectators: &'static str,
    /// The set-up form's line: where the others find the table.
    pub room: &'static str,
    /// Found by the table's link.
    pub meet_link: &'static str,
    /// Found in a private room on the relay.
    pub meet_room: &'static str,
    /// Found in the relay's lobby.
    pub meet_lobby: &'static str,
    /// The waiting page of a table listed in the lobby, where others see its link.
    pub listed: &'static str,
    /// How the others find a listed table.
    pub listed_note: &'static str,
    /// The waiting page of a table come to by quick match.
    pub quick_match: &'static str,
    /// How the others find a table of a quick match.
    pub quick_match_note: &'static str,
    /// Yes.
    pub yes: &'static str,
    /// No.
    pub no: &'static str,
    /// The host's seat on the form.
    pub host_seat: &'static str,
    /// The form's note: computers sit right after the host.
    pub computers_first: &'static str,
    /// The form's last line but one, online: open the table.
    pub host_start: &'static str,
    /// Above the invitation.
    pub share: &'static str,
    /// The invitation is not known yet.
    pub share_pending: &'static str,
    /// Before the game: seats being taken.
    pub waiting_title: &'static str,
    /// The seats' panel title.
    pub seats_title: &'static str,
    /// The chat's title.
    pub chat_title: &'static str,
    /// The chat's field.
    pub chat_prompt: &'static str,
    /// A seat's marks.
    pub host_mark: &'static str,
    /// A seat away.
    pub away: &'static str,
    /// A seat away past its grace.
    pub claimable: &'static str,
    /// The clock's moves in a row.
    pub timeouts: &'static str,
    /// A muted seat.
    pub muted: &'static str,
    /// `x` pressed: which seat's chat to mute or unmute.
    pub mute_which: &'static str,
    /// A spectator in the chat.
    pub spectator: &'static str,
    /// Watching, not seated.
    pub watching: &'static str,
    /// A draw offered to us.
    pub draw_offered: &'static str,
    /// The button offering a draw.
    pub draw: &'static str,
    /// The rematch vote.
    pub vote: &'static str,
    /// Votes so far.
    pub votes: &'static str,
    /// We voted.
    pub voted: &'static str,
    /// The keys of the table while a game is under way.
    pub keys: &'static str,
    /// The keys of a table of two seats while a game is under way (the draw among them).
    pub keys_two_seats: &'static str,
    /// The keys once the game is over.
    pub end_keys: &'static str,
    /// The keys before the game.
    pub waiting_keys: &'static str,
    /// The keys while a chat line is typed.
    pub chat_keys: &'static str,
    /// The join page's choice: the first free seat.
    pub join_seat: &'static str,
    /// The join page's choice: a given seat (its number follows).
    pub join_seat_at: &'static str,
    /// The join page's keys for its choice.
    pub join_choice_keys: &'static str,
    /// The resume list's word for a game of an online table.
    pub online_table: &'static str,
    /// The key giving an empty seat to a computer (the host, before a game).
    pub computer_key: &'static str,
    /// The join page's choice: watch.
    pub join_watch: &'static str,
    /// The main menu's line: a quick match for a table of 3–6 seats.
    pub quick_table: &'static str,
    /// The quick match's wait: reading the relay's lobby.
    pub seek_reading: &'static str,
    /// The quick match's wait: sitting at an open table.
    pub seek_joining: &'static str,
    /// The quick match's wait: our own table open in the lobby.
    pub seek_hosting: &'static str,
    /// The quick match's wait: its keys.
    pub seek_keys: &'static str,
}

static FR: SeatsTexts = SeatsTexts {
    where_label: "Où",
    here: "sur cet appareil",
    online: "en ligne (héberger)",
    guest: "un invité",
    clock: "Pendule",
    spectators: "Spectateurs",
    room: "Rendez-vous",
    meet_link: "le lien de la table",
    meet_room: "une salle privée (code)",
    meet_lobby: "le lobby du relais",
    listed: "Inscrite au lobby du relais",
    listed_note: "Les joueurs la trouvent dans la liste du lobby tant qu'une place est libre.",
    quick_match: "Partie rapide",
    quick_match_note: "Les joueurs qui cherchent ce jeu sont menés ici, par le lobby du relais.",
    yes: "oui",
    no: "non",
    host_seat: "vous (hôte)",
    computers_first: "Les ordinateurs s'assoient juste après vous.",
    host_start: "Ouvrir la table en ligne",
    share: "À partager",
    share_pending: "(en attente de l'adresse…)",
    waiting_title: "Table en ligne : on attend les joueurs",
    seats_title: "Places",
    chat_title: "Discussion",
    chat_prompt: "Message : ",
    host_mark: "hôte",
    away: "absent",
    claimable: "réclamable (r)",
    timeouts: "coups joués par la pendule",
    muted: "muet",
    mute_which: "Couper ou rétablir la discussion de quelle place ? Son numéro (Échap : aucune)",
    spectator: "spectateur",
    watching: "Vous regardez la partie.",
    draw_offered: "Nulle proposée : y accepter · n refuser",
    draw: "Nulle",
    vote: "Rejouer",
    votes: "vote(s)",
    voted: "vous avez voté",
    keys: "Entrée jouer · : taper · t discuter · a abandonner · r réclamer · ? règles · q",
    keys_two_seats: "Entrée jouer · : taper · t discuter · a abandonner · = nulle · r réclamer · q",
    end_keys: "v rejouer · t discuter · n numéros · q quitter",
    waiting_keys: "t discuter · q quitter",
    chat_keys: "Entrée envoyer · Échap annuler",
    join_seat: "prendre la première place libre",
    join_seat_at: "prendre la place",
    join_choice_keys: "(Tab : une autre place, ou regarder)",
    online_table: "Table en ligne",
    computer_key: "c un ordinateur",
    join_watch: "regarder",
    quick_table: "Partie rapide : une table",
    seek_reading: "Lecture du lobby du relais…",
    seek_joining: "Une table ouverte : on s'y assoit…",
    seek_hosting: "Votre table est ouverte au lobby : on attend un autre joueur…",
    seek_keys: "Échap annuler",
};

static EN: SeatsTexts = SeatsTexts {
    where_label: "Where",
    here: "on this device",
    online: "online (host)",
    guest: "a guest",
    clock: "Clock",
    spectators: "Spectators",
    room: "Meeting place",
    meet_link: "the table's link",
    meet_room: "a private room (code)",
    meet_lobby: "the relay's lobby",
    listed: "Listed in the relay's lobby",
    listed_note: "Players find it in the lobby's list while a seat is free.",
    quick_match: "Quick match",
    quick_match_note: "Players seeking this game are brought here, through the relay's lobby.",
    yes: "yes",
    no: "no",
    host_seat: "you (host)",
    computers_first: "The computers sit right after you.",
    host_start: "Open the table online",
    share: "To share",
    share_pending: "(waiting for the address…)",
    waiting_title: "Online table: waiting for the players",
    seats_title: "Seats",
    chat_title: "Chat",
    chat_prompt: "Message: ",
    host_mark: "host",
    away: "away",
    claimable: "claimable (r)",
    timeouts: "moves played by the clock",
    muted: "muted",
    mute_which: "Mute or unmute the chat of which seat? Its number (Esc: none)",
    spectator: "spectator",
    watching: "You are watching the game.",
    draw_offered: "Draw offered: y accept · n decline",
    draw: "Draw",
    vote: "Play again",
    votes: "vote(s)",
    voted: "you voted",
    keys: "Enter play · : type · t chat · a resign · r claim · ? rules · q leave",
    keys_two_seats: "Enter play · : type · t chat · a resign · = draw · r claim · ? rules · q leave",
    end_keys: "v play again · t chat · n numbers · q leave",
    waiting_keys: "t chat · q leave",
    chat_keys: "Enter send · Esc cancel",
    join_seat: "take the first free seat",
    join_seat_at: "take seat",
    join_choice_keys: "(Tab: another seat, or watch)",
    online_table: "Online table",
    computer_key: "c a computer",
    join_watch: "watch",
    quick_table: "Quick match: a table",
    seek_reading: "Reading the relay's lobby…",
    seek_joining: "An open table: taking a seat…",
    seek_hosting: "Your table is open in the lobby: waiting for another player…",
    seek_keys: "Esc cancel",
};

impl Lang {
    /// A join form's choice: « prendre la place 2 », « regarder »…
    #[must_use]
    pub fn join_choice(self, wants: Wants) -> String {
        let w = self.seats_words();
        match wants {
            Wants::Seat(None) => w.join_seat.to_owned(),
            Wants::Seat(Some(seat)) => format!("{} {}", w.join_seat_at, seat.0 + 1),
            Wants::Watch => w.join_watch.to_owned(),
        }
    }

    /// The question after `c`: which empty seat a computer of `level` takes.
    #[must_use]
    pub fn computer_which(self, level: u8) -> String {
        match self {
            Lang::Fr => {
                format!("Un ordinateur (niveau {level}) à quelle place ? Son numéro (Échap : aucune)")
            }
            Lang::En => format!("A computer (level {level}) at which seat? Its number (Esc: none)"),
        }
    }

    /// A seat asked for that the table does not have.
    #[must_use]
    pub fn no_such_seat(self, error: &crate::seat_choice::NoSuchSeat) -> String {
        let (seat, seats) = (error.number, error.seats);
        match self {
            Lang::Fr => format!("la place {seat} n'est pas à cette table : elle en a {seats}"),
            Lang::En => format!("seat {seat} is not at this table: it has {seats}"),
        }
    }

    /// A quick match's game: « n'importe quel jeu à 4 » for any game of that many seats.
    #[must_use]
    pub fn any_game_of(self, seats: u8) -> String {
        match self {
            Lang::Fr => format!("n'importe quel jeu à {seats}"),
            Lang::En => format!("any game for {seats}"),
        }
    }

    /// The fixed words around an online table of 2–6 seats.
    #[must_use]
    pub fn seats_words(self) -> &'static SeatsTexts {
        match self {
            Lang::Fr => &FR,
            Lang::En => &EN,
        }
    }
}
