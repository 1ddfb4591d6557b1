//! What the service demands of a result beyond its signatures and record: the guards an
//! identity-only rating can have (docs/ratings.md says what each is worth).

use std::time::Duration;

/// The service's rules for counting a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    /// A rating is provisional until its player has met this many distinct opponents in the
    /// table; provisional ratings are listed after the others.
    pub provisional_opponents: u32,
    /// Rated games two keys may have together in 24 hours (by the time the service received
    /// them); further results are refused.
    pub pair_daily_cap: u32,
    /// Whether every human seat must have met another seat of the game through this relay (a
    /// circuit between them) shortly before the game ended or since.
    pub require_meeting: bool,
    /// How long before the end of a game its players' circuit may have opened (a game lasts
    /// less than this).
    pub meeting_window: Duration,
    /// How long after a game ended its result is still counted.
    pub max_age: Duration,
    /// How far in the future a finishing time may be (the players' clocks may run ahead).
    pub clock_skew: Duration,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            provisional_opponents: 5,
            pair_daily_cap: 3,
            require_meeting: true,
            meeting_window: Duration::from_secs(24 * 60 * 60),
            max_age: Duration::from_secs(48 * 60 * 60),
            clock_skew: Duration::from_secs(10 * 60),
        }
    }
}
