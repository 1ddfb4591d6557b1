//! The player's words for every error the game can meet: the network's, the settings', the
//! saves', a private room's. English is the errors' own text; French is matched variant by
//! variant (a new variant of the client's own errors does not compile until it has its words).

use tripot_net::identity::IdentityError;
use tripot_net::online::matchmaking::MatchError;
use tripot_net::online::{OnlineError, RoomError};
use tripot_net::ratings::RatingsClientError;
use tripot_net::swarm::SwarmError;

use super::Lang;
use crate::config_file::{ConfigError, SyntaxError, ValueError};
use crate::network::NetworkError;
use crate::record_file::RecordFileError;
use crate::save_store::{DATA_DIR_ENV, SaveError};
use crate::settings::{RELAY_ENV, SettingsError};

impl Lang {
    /// Why the network could not do what was asked, in this language.
    pub fn network_error(self, error: &NetworkError) -> String {
        if self == Lang::En {
            return error.to_string();
        }
        match error {
            NetworkError::Settings(error) => self.settings_error(error),
            NetworkError::Runtime(error) => format!("impossible de démarrer le réseau : {error}"),
            NetworkError::Identity(error) => identity_error_fr(error),
            NetworkError::NoRelayForRoom => NO_RELAY_FOR_ROOM_FR.into(),
            NetworkError::NoRelay => {
                "pas de relais : définissez TRIPOT_RELAY=/ip4/…/tcp/4001/p2p/…, ou lancez un \
                 tripot-relay --mdns sur ce réseau"
                    .into()
            }
            NetworkError::Session(error) => online_error_fr(error),
            NetworkError::Swarm(error) => swarm_error_fr(error),
            NetworkError::Match(error) => match_error_fr(error),
            NetworkError::Ratings(error) => ratings_error_fr(error),
            NetworkError::Table(error) => self.table_net_error(error),
        }
    }

    /// Why the game sought (`tripot quick --variant TEXT`) was refused, in this language.
    #[must_use]
    pub fn quick_game_refused(self, text: &str) -> String {
        match self {
            Lang::Fr => format!("« {text} » : un nom de jeu (kawu-2, tripot-f2, draughts…) ou any"),
            Lang::En => format!("\"{text}\": a game's name (kawu-2, tripot-f2, draughts…) or any"),
        }
    }

    /// Why the network settings cannot be used, in this language.
    pub fn settings_error(self, error: &SettingsError) -> String {
        if self == Lang::En {
            return error.to_string();
        }
        match error {
            SettingsError::ConfigDir(error) => identity_error_fr(error),
            SettingsError::ConfigFile(ConfigError::Read { path, error }) => {
                format!("impossible de lire {} : {error}", path.display())
            }
            SettingsError::ConfigFile(ConfigError::Syntax { path, line, reason }) => {
                format!("{}:{line} : {}", path.display(), syntax_error_fr(reason))
            }
            SettingsError::RelayEnv { value, reason } => {
                format!("{RELAY_ENV}={value} n'est pas une adresse : {reason}")
            }
            SettingsError::RelayWithoutPeerId(addr) => format!(
                "l'adresse du relais {addr} doit finir par /p2p/<identifiant du relais> (tripot-relay \
                 l'affiche au démarrage)"
            ),
        }
    }

    /// Why a game could not be saved or read back, in this language.
    pub fn save_error(self, error: &SaveError) -> String {
        if self == Lang::En {
            return error.to_string();
        }
        match error {
            SaveError::Io { path, source } => format!("{} : {source}", path.display()),
            SaveError::Unreadable { path, source } => {
                format!("{} : {}", path.display(), self.record_file_error(source))
            }
            SaveError::NoDataDir => {
                format!("pas de dossier de données sur ce système ; définissez {DATA_DIR_ENV}")
            }
        }
    }

    /// Why a file was not read as a record, in this language.
    pub(crate) fn record_file_error(self, error: &RecordFileError) -> String {
        match (self, error) {
            (Lang::En, error) => error.to_string(),
            (Lang::Fr, RecordFileError::NotAFile) => "ce n'est pas un fichier ordinaire".to_owned(),
            (Lang::Fr, RecordFileError::TooLarge { len, max }) => {
                format!("{len} octets, plus que les {max} d'une partie")
            }
            (Lang::Fr, RecordFileError::Io(source)) => source.to_string(),
        }
    }

    /// Why a private room cannot be used, in this language.
    pub fn room_error(self, error: &RoomError) -> String {
        if self == Lang::En {
            return error.to_string();
        }
        match error {
            RoomError::NotFound(code) => format!(
                "pas de salle {code} sur ce relais : vérifiez le code (une salle ferme quand sa partie \
                 commence ou que son hôte s'en va)"
            ),
            RoomError::WrongCode(code) => format!("l'hôte a refusé le code {code} : mauvais code de salle"),
            RoomError::Throttled(secs) => format!("trop d'essais : réessayez dans {secs} s"),
            RoomError::RelayBusy(secs) => format!(
                "le relais est encore saturé après 30 s d'essais (trop de mauvais codes de salle ces derniers temps) : réessayez dans {secs} s"
            ),
            RoomError::NotTheHost => {
                "le pair trouvé pour ce code ne le connaît pas : ce n'est pas l'hôte de la salle".into()
            }
            RoomError::Directory(why) => format!("l'annuaire des salles du relais : {why}"),
            RoomError::Unreachable(why) => {
                format!("impossible de joindre l'hôte de la salle par le relais : {why}")
            }
            RoomError::Handshake(why) => format!("échange avec la salle interrompu : {why}"),
            RoomError::RelayOutdated => {
                "le relais parle une version plus ancienne de l'annuaire des salles : il doit être mis à jour"
                    .into()
            }
            #[allow(unreachable_patterns)]
            _ => error.to_string(),
        }
    }
}

/// What to tell a player who asked for a private room without a relay.
const NO_RELAY_FOR_ROOM_FR: &str = "une salle privée demande un tripot-relay : donnez --relay \
     /ip4/…/tcp/4001/p2p/<identifiant>, définissez TRIPOT_RELAY, ou écrivez relay = \"/ip4/…/p2p/…\" \
     dans le fichier de configuration (<dossier de configuration>/config.toml)";

fn identity_error_fr(error: &IdentityError) -> String {
    match error {
        IdentityError::NoConfigDir => "pas de dossier de configuration : définissez TRIPOT_CONFIG_DIR".into(),
        IdentityError::Io { path, source } => format!("clé d'identité {} : {source}", path.display()),
        IdentityError::Corrupt(path) => format!(
            "la clé d'identité {} est corrompue ; supprimez-la pour en créer une nouvelle",
            path.display()
        ),
        #[allow(unreachable_patterns)]
        _ => error.to_string(),
    }
}

fn syntax_error_fr(error: &SyntaxError) -> String {
    match error {
        SyntaxError::Section(line) => {
            format!("pas une clé : {line} (les sections ne sont pas prises en charge)")
        }
        SyntaxError::NoEquals => "attendu : clé = \"valeur\"".into(),
        SyntaxError::BadKey(key) => {
            format!("pas une clé : {key:?} (les sections et les clés pointées ne sont pas prises en charge)")
        }
        SyntaxError::Value { key, reason } => format!("{key} : {}", value_error_fr(reason)),
        SyntaxError::Relay { value, reason } => format!("relay : pas une multiaddr ({reason}) : {value}"),
    }
}

fn value_error_fr(error: &ValueError) -> String {
    match error {
        ValueError::NotQuoted(text) => format!("attendu : une chaîne entre guillemets, trouvé {text}"),
        ValueError::Unterminated => "chaîne sans guillemet final".into(),
        ValueError::Escape(c) => format!("échappement non pris en charge \\{c}"),
        ValueError::Trailing(rest) => format!("texte inattendu après la valeur : {rest}"),
    }
}

fn online_error_fr(error: &OnlineError) -> String {
    match error {
        OnlineError::Swarm(error) => swarm_error_fr(error),
        OnlineError::Save(error) => format!("sauvegarde : {error}"),
        OnlineError::NoRelay => NO_RELAY_FOR_ROOM_FR.into(),
        OnlineError::RelayAddr(error) => format!("adresse du relais : {error}"),
        OnlineError::Dial { addr, reason } => format!("impossible de joindre {addr} : {reason}"),
        #[allow(unreachable_patterns)]
        _ => error.to_string(),
    }
}

fn swarm_error_fr(error: &SwarmError) -> String {
    match error {
        SwarmError::Setup(why) => format!("mise en place du réseau : {why}"),
        SwarmError::Listen { addr, reason } => format!("impossible d'écouter sur {addr} : {reason}"),
        #[allow(unreachable_patterns)]
        _ => error.to_string(),
    }
}

fn match_error_fr(error: &MatchError) -> String {
    match error {
        MatchError::Swarm(error) => swarm_error_fr(error),
        MatchError::NoRelayPeer(addr) => {
            format!("l'adresse du relais {addr} ne finit pas par /p2p/<identifiant du relais>")
        }
        MatchError::RelayUnreachable(why) => format!("relais injoignable : {why}"),
        MatchError::Refused(why) => format!("le relais a refusé : {why}"),
        MatchError::Online(error) => online_error_fr(error),
        MatchError::Unsupported(why) => format!("pas un jeu qui se joue en ligne ici : {why}"),
        MatchError::RelayOutdated => {
            "le relais parle une version plus ancienne de l'annuaire : il doit être mis à jour pour la \
             partie rapide"
                .into()
        }
        #[allow(unreachable_patterns)]
        _ => error.to_string(),
    }
}

/// A relay's ratings service failing, in French.
fn ratings_error_fr(error: &RatingsClientError) -> String {
    match error {
        RatingsClientError::NoPeerId(addr) => {
            format!("l'adresse du relais {addr} ne finit pas par /p2p/<identifiant du relais>")
        }
        RatingsClientError::Transport(reason) => format!("impossible d'établir la connexion : {reason}"),
        RatingsClientError::Unreachable(reason) => format!("relais injoignable : {reason}"),
        RatingsClientError::Request(reason) => {
            format!("la demande de classement a échoué (le relais tient-il les classements ?) : {reason}")
        }
        RatingsClientError::Timeout(wait) => format!("pas de réponse du relais en {} s", wait.as_secs()),
        RatingsClientError::Refused(reason) => format!("le service de classement refuse : {reason}"),
        RatingsClientError::Unexpected => "le service de classement a répondu hors de propos".into(),
        RatingsClientError::Keep(reason) => {
            format!("compté, mais le résultat gardé n'a pu être noté : {reason}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn network_errors_are_said_in_the_players_language() {
        let bare: tripot_net::Multiaddr =
            "/ip4/192.0.2.7/tcp/4001".parse().unwrap_or_else(|_| unreachable!());
        let error = NetworkError::Settings(SettingsError::RelayWithoutPeerId(bare));
        assert!(
            Lang::Fr.network_error(&error).starts_with("l'adresse du relais /ip4/192.0.2.7/tcp/4001 doit")
        );
        assert!(Lang::En.network_error(&error).starts_with("the relay address /ip4/192.0.2.7/tcp/4001 must"));
        assert!(Lang::Fr.network_error(&NetworkError::NoRelay).starts_with("pas de relais"));
        assert!(Lang::En.network_error(&NetworkError::NoRelay).starts_with("no relay"));
    }

    #[test]
    fn a_bad_settings_line_is_said_in_the_players_language() {
        let reason = SyntaxError::Value { key: "relay".into(), reason: ValueError::Unterminated };
        let error =
            SettingsError::ConfigFile(ConfigError::Syntax { path: "config.toml".into(), line: 3, reason });
        assert_eq!(Lang::Fr.settings_error(&error), "config.toml:3 : relay : chaîne sans guillemet final");
        assert_eq!(Lang::En.settings_error(&error), "config.toml:3: relay: unterminated string");
    }
}
