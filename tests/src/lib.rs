//! End-to-end tests across processes: relay and clients.
#![forbid(unsafe_code)]
