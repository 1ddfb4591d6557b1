//! Why a dial failed, as far as a player can act on it. libp2p's own text names every address
//! and transport tried, in English; a front-end words the cause in the player's language and
//! keeps libp2p's text for the log.

use std::error::Error;
use std::io;

use libp2p::TransportError;
use libp2p::swarm::DialError;

/// The cause of a failed dial.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum DialCause {
    /// Something answered at the address, but nothing listens there (a closed port: the host
    /// has left, or the address is not the host's).
    #[error("connection refused")]
    Refused,
    /// Nothing answered in time (a firewall, or a host gone without a word).
    #[error("no answer")]
    TimedOut,
    /// The address cannot be reached from here (no route to that network).
    #[error("unreachable address")]
    Unreachable,
    /// Something answered, but not the peer the address names.
    #[error("another peer answered")]
    WrongPeer,
    /// No address to dial.
    #[error("no address")]
    NoAddress,
    /// Any other failure (its details are in libp2p's text).
    #[error("connection failed")]
    Other,
}

impl DialCause {
    /// Reads the cause out of libp2p's error: the most telling of the addresses tried.
    #[must_use]
    pub fn of(error: &DialError) -> DialCause {
        match error {
            DialError::WrongPeerId { .. } => DialCause::WrongPeer,
            DialError::NoAddresses => DialCause::NoAddress,
            DialError::Transport(tries) => tries
                .iter()
                .map(|(_, error)| match error {
                    TransportError::Other(error) => io_cause(error),
                    TransportError::MultiaddrNotSupported(_) => DialCause::Other,
                })
                .min_by_key(|cause| rank(*cause))
                .unwrap_or(DialCause::Other),
            _ => DialCause::Other,
        }
    }
}

/// Lower is more telling: a refusal says more than a silence.
const fn rank(cause: DialCause) -> u8 {
    match cause {
        DialCause::WrongPeer => 0,
        DialCause::Refused => 1,
        DialCause::Unreachable => 2,
        DialCause::TimedOut => 3,
        DialCause::NoAddress => 4,
        DialCause::Other => 5,
    }
}

/// Walks the chain of causes for the operating system's answer. An `io::Error` wrapping
/// another error hides it from `source()`, so its inner error is followed too.
fn io_cause(error: &io::Error) -> DialCause {
    let mut next: Option<&(dyn Error + 'static)> = Some(error);
    let mut deepest = error.to_string();
    for _ in 0..16 {
        let Some(current) = next else { break };
        deepest = current.to_string();
        if let Some(io) = current.downcast_ref::<io::Error>() {
            match io.kind() {
                io::ErrorKind::ConnectionRefused => return DialCause::Refused,
                io::ErrorKind::TimedOut => return DialCause::TimedOut,
                io::ErrorKind::HostUnreachable | io::ErrorKind::NetworkUnreachable => {
                    return DialCause::Unreachable;
                }
                _ => {}
            }
            if let Some(inner) = io.get_ref() {
                next = Some(inner);
                continue;
            }
        }
        next = current.source();
    }
    by_words(&deepest)
}

/// The last resort: libp2p's `Either` (transport A or B) hands its inner error's source on
/// instead of the inner error itself, so the system's error may never be reached as a type;
/// its words, which are the system's own (`strerror`), still are.
fn by_words(text: &str) -> DialCause {
    let text = text.to_ascii_lowercase();
    if text.contains("connection refused") {
        DialCause::Refused
    } else if text.contains("timed out") {
        DialCause::TimedOut
    } else if text.contains("unreachable") || text.contains("no route to host") {
        DialCause::Unreachable
    } else {
        DialCause::Other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_systems_answer_is_found_under_libp2ps_wrapping() {
        let refused = io::Error::other(io::Error::from(io::ErrorKind::ConnectionRefused));
        assert_eq!(io_cause(&refused), DialCause::Refused);
        let silent = io::Error::from(io::ErrorKind::TimedOut);
        assert_eq!(io_cause(&silent), DialCause::TimedOut);
        assert_eq!(io_cause(&io::Error::other("noise")), DialCause::Other);
        assert_eq!(DialCause::of(&DialError::NoAddresses), DialCause::NoAddress);
        // What libp2p's TCP transport gives on a closed port, the error hidden by its Either.
        assert_eq!(by_words("Connection refused (os error 111)"), DialCause::Refused);
    }
}
