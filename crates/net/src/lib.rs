//! Tripot online play over libp2p: game sessions, discovery, rooms.
#![forbid(unsafe_code)]
