//! An open game one can join, wherever it was found: a player hosting on the LAN (found by
//! mDNS) or a table in a relay's lobby. The front-ends list both the same way.

use tripot_net::online::matchmaking::lobby::TableEntry;
use tripot_net::{LanHost, Multiaddr};

/// A game waiting for an opponent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenGame {
    /// The host's name.
    pub name: String,
    /// Colours per camp.
    pub format: u8,
    /// The rules preset.
    pub rules: tripot_engine::Rules,
    /// Seconds the host has been waiting.
    pub waiting_secs: u64,
    /// Where to join it: the host itself on the LAN, through the relay for a lobby table.
    pub addr: Multiaddr,
}

/// The open games as last listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenGames {
    /// The relay whose lobby this is; `None` for the LAN.
    pub relay: Option<Multiaddr>,
    /// Every open game, longest waiting first for a lobby.
    pub games: Vec<OpenGame>,
}

impl From<LanHost> for OpenGame {
    fn from(host: LanHost) -> OpenGame {
        OpenGame {
            name: host.name,
            format: crate::online_duel::spec_terms(&host.game).0.number(),
            rules: crate::online_duel::spec_terms(&host.game).1,
            waiting_secs: u64::from(host.waiting_secs),
            addr: host.addr,
        }
    }
}

impl From<TableEntry> for OpenGame {
    fn from(entry: TableEntry) -> OpenGame {
        OpenGame {
            name: entry.table.name,
            format: entry.table.format,
            rules: entry.table.rules,
            waiting_secs: entry.waiting_secs,
            addr: entry.addr,
        }
    }
}
