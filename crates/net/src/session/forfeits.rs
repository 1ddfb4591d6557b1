//! Host: the guests that walked away from an opening draw after seeing our reveal.
//!
//! Bounded, oldest forgotten first: a stranger churning peer ids can only push out entries of
//! others, and an id pushed out has merely lost its penalty, not gained a draw it could steer.

use std::collections::{HashSet, VecDeque};

/// Peer ids remembered at once.
const CAPACITY: usize = 16_384;

/// The set of guests whose next game at this table opens with the host.
#[derive(Debug, Default)]
pub(super) struct Forfeits {
    ids: HashSet<Vec<u8>>,
    order: VecDeque<Vec<u8>>,
}

impl Forfeits {
    /// Remembers `peer` (again).
    pub(super) fn insert(&mut self, peer: &[u8]) {
        if self.ids.contains(peer) {
            return;
        }
        if self.order.len() >= CAPACITY
            && let Some(oldest) = self.order.pop_front()
        {
            self.ids.remove(&oldest);
        }
        self.ids.insert(peer.to_vec());
        self.order.push_back(peer.to_vec());
    }

    /// Whether `peer` walked away from a draw here.
    pub(super) fn contains(&self, peer: &[u8]) -> bool {
        self.ids.contains(peer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oldest_is_forgotten_first_when_full() {
        let mut forfeits = Forfeits::default();
        for i in 0..=CAPACITY {
            forfeits.insert(&(i as u64).to_be_bytes());
        }
        assert!(!forfeits.contains(&0u64.to_be_bytes()));
        assert!(forfeits.contains(&1u64.to_be_bytes()));
        assert!(forfeits.contains(&(CAPACITY as u64).to_be_bytes()));
        assert_eq!(forfeits.order.len(), CAPACITY);
    }
}
