//! tripot-relay: circuit relay v2 and rendezvous node for Tripot players.
#![forbid(unsafe_code)]
