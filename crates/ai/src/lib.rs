//! Tripot computer opponent: search, levels, hint.
#![forbid(unsafe_code)]
