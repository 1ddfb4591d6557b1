//! Why `tripot web` stopped.

use std::net::SocketAddr;

/// A failure of the web server.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// The async runtime could not start.
    #[error("cannot start the runtime: {0}")]
    Runtime(std::io::Error),
    /// The address could not be bound (the port is taken, or not allowed).
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
}
