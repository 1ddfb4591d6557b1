//! Tripot wire protocol: messages and their codec.
#![forbid(unsafe_code)]
