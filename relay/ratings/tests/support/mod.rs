//! Shared by the ratings tests.
pub(crate) mod games;
