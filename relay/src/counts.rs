//! Counts by key (peer, address) that vanish at zero, so that a map holds only who holds
//! something.

use std::collections::HashMap;
use std::hash::Hash;

/// Adds one to `key`'s count.
pub(crate) fn count_one<K: Hash + Eq>(counts: &mut HashMap<K, usize>, key: K) {
    *counts.entry(key).or_insert(0) += 1;
}

/// How many `key` holds.
pub(crate) fn held<K: Hash + Eq>(counts: &HashMap<K, usize>, key: &K) -> usize {
    counts.get(key).copied().unwrap_or(0)
}

/// Takes one off `key`'s count, dropping the entry at zero; false when there was none to take.
pub(crate) fn forget_one<K: Hash + Eq>(counts: &mut HashMap<K, usize>, key: &K) -> bool {
    let Some(count) = counts.get_mut(key) else {
        return false;
    };
    *count -= 1;
    if *count == 0 {
        counts.remove(key);
    }
    true
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn a_count_never_goes_below_zero() {
        // libp2p may report one circuit closed twice: the second report takes nothing.
        let mut open = HashMap::new();
        *open.entry('a').or_insert(0) += 2;
        assert!(forget_one(&mut open, &'a'));
        assert!(forget_one(&mut open, &'a'));
        assert!(open.is_empty());
        assert!(!forget_one(&mut open, &'a'));
        assert!(!forget_one(&mut open, &'b'));
    }
}
