//! Rendezvous namespaces the relay counts in its metrics. Clients register open lobby tables
//! and quick-match seekers under namespaces starting with these prefixes.

/// Open lobby tables: `tripot/lobby/...`.
pub const LOBBY_NAMESPACE_PREFIX: &str = "tripot/lobby";
/// Quick-match seekers: `tripot/quick/...`.
pub const QUICK_NAMESPACE_PREFIX: &str = "tripot/quick";
