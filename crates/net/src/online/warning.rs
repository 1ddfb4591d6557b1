//! What goes wrong without ending a session: reported to the player, who may go on playing.

/// A problem that does not end the session.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetWarning {
    /// The game could not be written after a change (it is kept in memory and written at the
    /// next change).
    #[error("save failed: {0}")]
    SaveFailed(String),
    /// A dial to the opponent failed (it is tried again): why, and libp2p's own text.
    #[error("dial failed ({cause}): {detail}")]
    DialFailed {
        /// The cause, for the player.
        cause: super::DialCause,
        /// libp2p's text: every address and transport tried.
        detail: String,
    },
    /// Opening the game stream on a connection failed (it is tried again).
    #[error("opening the game stream failed: {0}")]
    StreamFailed(String),
    /// The relay did not take our lobby table (why, as libp2p says it).
    #[error("lobby: the relay refused the table: {0}")]
    TableRefused(String),
    /// A signed result could not be kept beside the game's save.
    #[error("the signed result could not be kept: {0}")]
    ResultNotKept(String),
    /// The relay does not offer ratings, or could not be reached to submit a result (kept:
    /// `tripot ratings submit` sends it again).
    #[error("ratings: the relay did not take the result: {0}")]
    RatingsUnavailable(String),
    /// The relay's ratings service refused the result.
    #[error("ratings: the relay refused the result: {0}")]
    RatingsRefused(tripot_ratings_wire::RefuseReason),
}
