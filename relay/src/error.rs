//! What can stop the relay from starting.

use std::path::PathBuf;

/// Why the relay could not start (or its identity could not be loaded).
#[derive(Debug, thiserror::Error)]
pub enum RelayError {
    /// The identity key file could not be read or written.
    #[error("identity key file {path}: {source}")]
    IdentityIo {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The identity key file holds something that is not a key.
    #[error("identity key file {path} is not a libp2p key (delete it to make a new identity): {reason}")]
    IdentityCorrupt {
        /// The file.
        path: PathBuf,
        /// The decoder's complaint.
        reason: String,
    },
    /// The transport (TCP, QUIC, noise, yamux) could not be set up.
    #[error("cannot set up the transport: {0}")]
    Transport(String),
    /// A listen address was refused.
    #[error("cannot listen on {addr}: {reason}")]
    Listen {
        /// The address.
        addr: libp2p::Multiaddr,
        /// The cause.
        reason: String,
    },
    /// No listen address was given.
    #[error("no listen address: give at least one --listen")]
    NoListenAddress,
    /// The HTTP address for /health and /metrics could not be bound.
    #[error("cannot serve HTTP on {addr}: {source}")]
    Http {
        /// The address.
        addr: std::net::SocketAddr,
        /// The cause.
        source: std::io::Error,
    },
    /// `--ratings` was asked of a relay built without the `ratings` feature.
    #[error("this tripot-relay was built without the ratings service (cargo feature `ratings`)")]
    RatingsNotBuilt,
    /// The ratings store could not be opened.
    #[error("ratings store {path}: {reason}")]
    Ratings {
        /// The file.
        path: PathBuf,
        /// The cause.
        reason: String,
    },
    /// The node stopped before it was listening.
    #[error("the relay stopped before it was listening")]
    Stopped,
}
