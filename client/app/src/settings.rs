//! The network settings of online play, as a plain value: who we are, where to listen, which
//! relay, how long to wait. The command line fills it from its flags (the `tripot` binary), the
//! terminal game from the environment and the config file ([`NetworkSettings::from_environment`]);
//! nothing here parses a command line.

use std::path::PathBuf;
use std::time::Duration;

use tripot_net::identity::IdentityError;
use tripot_net::multiaddr::Protocol;
use tripot_net::session::SessionConfig;
use tripot_net::table::TableConfig;
use tripot_net::table_online::TableNetConfig;
use tripot_net::{Multiaddr, NetConfig, OnlineConfig};

use super::config_file::{ClientConfig, ConfigError};

/// The environment variable naming the player.
pub const NAME_ENV: &str = "TRIPOT_NAME";
/// The environment variable giving the relay.
pub const RELAY_ENV: &str = "TRIPOT_RELAY";

/// Why the settings cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    /// No config directory (for the config file, the identity and the saves).
    #[error(transparent)]
    ConfigDir(#[from] IdentityError),
    /// The config file cannot be read or does not parse.
    #[error(transparent)]
    ConfigFile(#[from] ConfigError),
    /// `TRIPOT_RELAY` is not an address.
    #[error("{RELAY_ENV}={value} is not an address: {reason}")]
    RelayEnv {
        /// The variable's value.
        value: String,
        /// Why it does not parse.
        reason: String,
    },
    /// The relay's address does not say which peer the relay is.
    #[error("the relay address {0} must end in /p2p/<the relay's peer id> (tripot-relay prints it at start)")]
    RelayWithoutPeerId(Multiaddr),
}

/// Everything an online session or scan needs to know besides what to start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NetworkSettings {
    /// Our name as the opponent sees it.
    pub name: String,
    /// Addresses to listen on (empty: every IPv4 interface, TCP and QUIC).
    pub listen: Vec<Multiaddr>,
    /// Announce and discover on the LAN (mDNS).
    pub mdns: bool,
    /// The tripot-relay for rooms, the lobby and quick match (checked to end in a peer id).
    pub relay: Option<Multiaddr>,
    /// How long to wait for a vanished opponent before the game may be claimed.
    pub grace: Duration,
    /// Keep-alive interval.
    pub keep_alive: Duration,
    /// Silence after which the link counts as dead.
    pub peer_timeout: Duration,
    /// Idle connection timeout.
    pub idle_timeout: Duration,
    /// Where to save the game (`None`: a new file in the config directory's `games/`).
    pub save: Option<PathBuf>,
    /// Play with a fresh key for this game only (`--guest`): nothing is signed, the game is not
    /// rated, and the opponent cannot tell it from the player's usual key.
    pub guest: bool,
}

impl Default for NetworkSettings {
    fn default() -> NetworkSettings {
        NetworkSettings {
            name: player_name(None),
            listen: Vec::new(),
            mdns: true,
            relay: None,
            grace: Duration::from_secs(120),
            keep_alive: Duration::from_millis(5000),
            peer_timeout: Duration::from_millis(20_000),
            idle_timeout: Duration::from_millis(60_000),
            save: None,
            guest: false,
        }
    }
}

impl NetworkSettings {
    /// The defaults, with the environment's name and relay (`TRIPOT_NAME`, `TRIPOT_RELAY`), else
    /// the config file's relay: what the terminal game's menu plays with.
    ///
    /// # Errors
    /// A `TRIPOT_RELAY` that is not a relay's address, or a config file that cannot be used.
    pub fn from_environment() -> Result<NetworkSettings, SettingsError> {
        let relay = match std::env::var(RELAY_ENV).ok().filter(|v| !v.is_empty()) {
            Some(value) => Some(value.parse().map_err(|e: tripot_net::multiaddr::Error| {
                SettingsError::RelayEnv { value: value.clone(), reason: e.to_string() }
            })?),
            None => None,
        };
        Ok(NetworkSettings {
            name: player_name(std::env::var(NAME_ENV).ok()),
            relay: configured_relay(relay)?,
            ..NetworkSettings::default()
        })
    }

    /// The settings of the network layer (transports, mDNS, timeouts), without the relay: a
    /// LAN scan needs none, and a session's comes with [`NetworkSettings::online_config`].
    #[must_use]
    pub fn net(&self) -> NetConfig {
        let mut net = NetConfig {
            mdns: self.mdns,
            idle_timeout: self.idle_timeout,
            ping_interval: self.keep_alive.max(Duration::from_secs(1)),
            ..NetConfig::default()
        };
        if !self.listen.is_empty() {
            net.listen.clone_from(&self.listen);
        }
        net
    }

    /// The settings of a session: the network's, the session's timings, the save file.
    ///
    /// # Errors
    /// No config directory to put the save file in.
    pub fn online_config(&self) -> Result<OnlineConfig, SettingsError> {
        let save = self.save_path()?;
        Ok(OnlineConfig {
            session: SessionConfig {
                name: self.name.clone(),
                keep_alive: self.keep_alive,
                peer_timeout: self.peer_timeout,
                grace: self.grace,
                // A handshake takes a round trip or two: never longer than a silence would.
                handshake_timeout: self.peer_timeout.min(SessionConfig::default().handshake_timeout),
                ..SessionConfig::default()
            },
            net: NetConfig { relay: self.relay.clone(), ..self.net() },
            save: Some(save),
            sign_results: !self.guest,
        })
    }

    /// The settings of an online table of 2–6 seats played with `keypair`: the name, the grace
    /// and keep-alive, the network, the save file, the computer players a host runs. A guest's
    /// key of one game signs nothing: its tables are not rated.
    ///
    /// # Errors
    /// The config directory cannot be found (for the save file).
    pub fn table_config(&self, keypair: &tripot_net::Keypair) -> Result<TableNetConfig, SettingsError> {
        let mut table = TableConfig {
            grace: self.grace,
            keep_alive: self.keep_alive,
            ..TableConfig::new(&self.name, keypair.clone())
        };
        if self.guest {
            table.signer = None;
        }
        Ok(TableNetConfig {
            table,
            net: NetConfig { relay: self.relay.clone(), ..self.net() },
            save: Some(self.save_path()?),
            computers: Some(computer_player),
        })
    }

    /// The file an online game is saved to: the one given, else a new one in the config
    /// directory's `games/`.
    fn save_path(&self) -> Result<PathBuf, SettingsError> {
        Ok(match &self.save {
            Some(path) => path.clone(),
            None => {
                let dir = tripot_net::identity::config_dir()?;
                let stamp = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs());
                // Sessions started in the same second (two pages) must not share a file: 64
                // random bits beside the second. Not claimed with `create_new` as the local
                // games are, because the session derives its rematches' files from this name
                // (`…-2.tripot`), which a counter suffix of another session could take.
                dir.join("games").join(format!("online-{stamp}-{:016x}.tripot", rand::random::<u64>()))
            }
        })
    }
}

/// The computer player of a table's computer seat: `level` is [`tripot_ai::Level::number`].
fn computer_player(
    spec: &tripot_game::GameSpec,
    level: u8,
    seed: u64,
) -> Option<Box<dyn tripot_game::Player>> {
    tripot_ai::player(spec, tripot_ai::Level::from_number(level)?, seed).ok()
}

/// The name given, else `$USER`, else "joueur" (a blank name counts as none).
#[must_use]
pub fn player_name(given: Option<String>) -> String {
    given
        .or_else(|| std::env::var("USER").ok())
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| String::from("joueur"))
}

/// The relay `given` (a flag or `TRIPOT_RELAY`), else the config file's; checked to end in the
/// relay's peer id, which a session needs to reach it.
///
/// # Errors
/// No config directory, a config file that cannot be used, or a relay without a peer id.
pub fn configured_relay(given: Option<Multiaddr>) -> Result<Option<Multiaddr>, SettingsError> {
    let relay = match given {
        Some(addr) => Some(addr),
        None => ClientConfig::load(&tripot_net::identity::config_dir()?)?.relay,
    };
    if let Some(addr) = &relay
        && !matches!(addr.iter().last(), Some(Protocol::P2p(_)))
    {
        return Err(SettingsError::RelayWithoutPeerId(addr.clone()));
    }
    Ok(relay)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn the_network_settings_carry_every_value_into_the_session_config() {
        let relay: Multiaddr =
            "/ip4/192.0.2.7/tcp/4001/p2p/12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN"
                .parse()
                .unwrap();
        let settings = NetworkSettings {
            name: "Alice".into(),
            mdns: false,
            relay: Some(relay.clone()),
            peer_timeout: Duration::from_millis(3000),
            save: Some(PathBuf::from("/tmp/x.tripot")),
            ..NetworkSettings::default()
        };
        let config = settings.online_config().unwrap();
        assert_eq!(config.session.name, "Alice");
        assert_eq!(config.session.handshake_timeout, Duration::from_millis(3000));
        assert!(!config.net.mdns);
        assert_eq!(config.net.relay, Some(relay));
        assert_eq!(config.save, Some(PathBuf::from("/tmp/x.tripot")));
    }

    #[test]
    fn a_relay_without_a_peer_id_is_refused_and_a_blank_name_is_no_name() {
        let bare: Multiaddr = "/ip4/192.0.2.7/tcp/4001".parse().unwrap();
        assert!(matches!(configured_relay(Some(bare)), Err(SettingsError::RelayWithoutPeerId(_))));
        assert_ne!(player_name(Some("  ".into())).trim(), "");
        assert_eq!(player_name(Some("Bruno".into())), "Bruno");
    }
}
