//! At most so many events in a sliding window: the flood limit of a link, the chat's.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// How many events a window allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimit {
    /// Events allowed in a window.
    pub count: u32,
    /// The window.
    pub window: Duration,
}

/// The times of the latest events, at most the limit's count of them.
#[derive(Debug, Clone, Default)]
pub struct RateWindow {
    times: VecDeque<Instant>,
}

impl RateWindow {
    /// Counts an event at `now`: `false` (and not counted) when the window is full.
    pub fn allow(&mut self, limit: RateLimit, now: Instant) -> bool {
        while self.times.front().is_some_and(|&t| now.saturating_duration_since(t) >= limit.window) {
            self.times.pop_front();
        }
        if self.times.len() >= usize::try_from(limit.count).unwrap_or(usize::MAX) {
            return false;
        }
        self.times.push_back(now);
        true
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn a_full_window_refuses_until_it_slides() {
        let limit = RateLimit { count: 2, window: Duration::from_secs(10) };
        let (mut window, start) = (RateWindow::default(), Instant::now());
        assert!(window.allow(limit, start));
        assert!(window.allow(limit, start + Duration::from_secs(1)));
        assert!(!window.allow(limit, start + Duration::from_secs(9)));
        assert!(window.allow(limit, start + Duration::from_secs(10)));
    }
}
