//! The player's words for what a game tells them: a blocked side's passed turn, what an online
//! game says ([`Notice`]) and the warning that stays on its panel ([`Warning`]).

use std::time::Duration;

use tripot_net::Refuser;
use tripot_protocol::RejectReason;

use super::Lang;
use crate::online_notice::{Notice, Warning};

impl Lang {
    /// What the online game tells the player, in this language.
    pub fn notice(self, notice: &Notice) -> String {
        let t = self.t();
        match notice {
            Notice::MoveRefused(error) => format!("{} : {}", t.move_refused, self.local_error(error)),
            Notice::ActionRefused(error) => self.local_error(error),
            Notice::Rejected { by, reason, ply, detail } => {
                let who = match by {
                    Refuser::Local => t.rejected_theirs,
                    Refuser::Peer => t.rejected_ours,
                };
                let at = ply.map(|p| format!(" ({} {p})", t.view_move.to_lowercase())).unwrap_or_default();
                let detail = if detail.is_empty() { String::new() } else { format!(" : {detail}") };
                format!("{who}{at} — {}{detail}", self.reject_reason(*reason))
            }
            Notice::GuestLeft => t.guest_left.to_owned(),
            Notice::HostRefused { reason, detail } => self.host_refused(*reason, detail, None),
            Notice::Resumed => t.resumed.to_owned(),
            Notice::PeerLeft => t.peer_left_notice.to_owned(),
            Notice::RematchOffered { name } => format!("{name} {}", t.rematch_offered),
            Notice::RematchDeclined { by: Refuser::Local } => t.rematch_declined_here.to_owned(),
            Notice::RematchDeclined { by: Refuser::Peer } => t.rematch_declined.to_owned(),
            Notice::RematchStarted(number) => format!("{} {number}", t.rematch_started),
            Notice::RematchAsked => t.rematch_asked.to_owned(),
            Notice::Rated { before: false } => self.ratings().rated_now.to_owned(),
            Notice::Rated { before: true } => self.ratings().rated_before.to_owned(),
            Notice::ResultKept => self.ratings().result_kept.to_owned(),
            Notice::NotRated(tripot_net::UnsignedCause::PeerDeclined) => {
                self.ratings().not_rated_declined.to_owned()
            }
            Notice::NotRated(tripot_net::UnsignedCause::NoAnswer) => {
                self.ratings().not_rated_no_answer.to_owned()
            }
            Notice::PeerBlocked { name } => format!("{name} {}", t.was_blocked),
            Notice::YouWereBlocked => t.you_were_blocked.to_owned(),
            Notice::ConfirmResign => t.confirm_resign.to_owned(),
            Notice::ConfirmLeave { saved: None, .. } => t.confirm_leave.to_owned(),
            Notice::ConfirmLeave { saved: Some(path), host } => {
                let command =
                    format!("tripot {} --resume {}", if *host { "host" } else { "join" }, path.display());
                // The instruction first: a long path may run past the line's end.
                match self {
                    Lang::Fr => {
                        format!("Quitter ? Encore q pour confirmer. La partie est sauvegardée : {command}")
                    }
                    Lang::En => format!("Leave? Press q again to confirm. The game is saved: {command}"),
                }
            }
            Notice::RoomFailed(error) => format!("{} : {}", t.online_failed, self.room_error(error)),
            Notice::NetworkFailed(error) => format!("{} : {}", t.online_failed, self.network_error(error)),
        }
    }

    /// A network warning, in this language (the details are libp2p's, in English; a failed dial
    /// is said by its cause alone, libp2p's text naming every address tried goes to the log).
    pub(crate) fn net_warning(self, warning: &tripot_net::online::NetWarning) -> String {
        use tripot_net::online::NetWarning as W;
        if let W::DialFailed { cause, .. } = warning {
            return self.dial_failed(*cause, true);
        }
        if self == Lang::En {
            return warning.to_string();
        }
        match warning {
            W::SaveFailed(why) => format!("sauvegarde impossible : {why}"),
            W::DialFailed { cause, .. } => self.dial_failed(*cause, true),
            W::StreamFailed(why) => format!("la partie n'a pas pu s'ouvrir sur la connexion : {why}"),
            W::TableRefused(why) => format!("le relais n'a pas pris la table : {why}"),
            W::ResultNotKept(why) => format!("le résultat signé n'a pas pu être gardé : {why}"),
            W::RatingsUnavailable(why) => {
                format!("classement : le relais n'a pas pris le résultat ({why}) ; il reste gardé")
            }
            W::RatingsRefused(reason) => format!("classement : le relais refuse le résultat ({reason})"),
        }
    }

    /// A failed dial to the opponent, by its cause; while `retrying`, that the session tries
    /// again by itself.
    fn dial_failed(self, cause: tripot_net::online::DialCause, retrying: bool) -> String {
        use tripot_net::online::DialCause as C;
        let why = match (self, cause) {
            (Lang::Fr, C::Refused) => {
                "personne n'attend à cette adresse (connexion refusée) : l'hôte est peut-être parti, ou \
                 l'adresse n'est pas la sienne"
            }
            (Lang::Fr, C::TimedOut) => "pas de réponse de l'hôte (pare-feu, ou hôte parti)",
            (Lang::Fr, C::Unreachable) => "cette adresse n'est pas joignable d'ici (autre réseau ?)",
            (Lang::Fr, C::WrongPeer) => "un autre joueur que l'hôte attendu a répondu à cette adresse",
            (Lang::Fr, C::NoAddress) => "aucune adresse où joindre l'hôte",
            (Lang::Fr, C::Other) => "la connexion a échoué",
            (Lang::En, C::Refused) => {
                "nobody is waiting at this address (connection refused): the host may have left, or \
                 the address is not theirs"
            }
            (Lang::En, C::TimedOut) => "no answer from the host (a firewall, or the host left)",
            (Lang::En, C::Unreachable) => "this address cannot be reached from here (another network?)",
            (Lang::En, C::WrongPeer) => "another player than the expected host answered at this address",
            (Lang::En, C::NoAddress) => "no address to reach the host at",
            (Lang::En, C::Other) => "the connection failed",
        };
        match (self, retrying) {
            (Lang::Fr, true) => format!("Appel de l'hôte : {why}. Nouvel essai dans quelques secondes."),
            (Lang::Fr, false) => format!("Appel de l'hôte : {why}."),
            (Lang::En, true) => format!("Calling the host: {why}. Trying again in a few seconds."),
            (Lang::En, false) => format!("Calling the host: {why}."),
        }
    }

    /// Why a visitor of our room was refused, in this language.
    fn guest_refusal(self, why: tripot_net::online::GuestRefusal) -> String {
        use tripot_net::online::GuestRefusal as R;
        match (self, why) {
            (Lang::En, why) => why.to_string(),
            (Lang::Fr, R::WrongCode) => "mauvais code".into(),
            (Lang::Fr, R::Throttled(wait)) => {
                format!("trop d'essais, prié d'attendre {} s", wait.as_secs().max(1))
            }
            (Lang::Fr, R::Broken) => "la preuve du code a échoué".into(),
        }
    }

    /// What stays shown about the connection, in this language.
    pub fn warning(self, warning: &Warning) -> String {
        match warning {
            Warning::Net(warning) => self.net_warning(warning),
            Warning::RoomRefused(why) => format!("{} : {}", self.t().room_refused, self.guest_refusal(*why)),
            Warning::RelayBusy => self.t().relay_busy.to_owned(),
            Warning::RoomFailed(error) => self.room_error(error),
            Warning::HostRefused { reason, detail, retry_in } => {
                self.host_refused(*reason, detail, *retry_in)
            }
        }
    }

    /// Why an online game never started, once the player has left it (no « trying again »).
    pub fn failure(self, warning: &Warning) -> String {
        match warning {
            Warning::Net(tripot_net::online::NetWarning::DialFailed { cause, .. }) => {
                self.dial_failed(*cause, false)
            }
            _ => self.warning(warning),
        }
    }

    /// "The host refused the game: …", or "… trying again in N s: …".
    fn host_refused(self, reason: RejectReason, detail: &str, retry_in: Option<Duration>) -> String {
        let t = self.t();
        let reason = self.reject_reason(reason);
        let detail = if detail.is_empty() { String::new() } else { format!(" ({detail})") };
        match retry_in {
            Some(wait) => format!("{} {} s : {reason}{detail}", t.host_refused_retry, wait.as_secs()),
            None => format!("{} : {reason}{detail}", t.host_refused),
        }
    }
}
