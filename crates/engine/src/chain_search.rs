//! The chain search (RULES.md §3.3) over any way of reading single jumps off the board: a
//! breadth-first walk of the single-jump graph with the jumping pawn lifted. The fast line words
//! of [`crate::lines`] and the old `u16` lines kept as a test reference read single jumps each
//! their own way and share this one walk, so that comparing them compares their jumps.

/// Lines of the board that can say where single jumps land; the chain searches come with it.
pub(crate) trait ChainSearch {
    /// Adds or removes the pawn on `hole`.
    fn toggle(&mut self, hole: usize);

    /// The landings of the single jumps from `at`, as a mask; the pivot may be at most `MAX`
    /// holes away.
    fn jumps_from<const MAX: u32>(&self, at: usize) -> u128;

    /// Every hole a chain of jumps can reach from the pawn on `from` (§3.3): the holes reachable
    /// in the single-jump graph of the board without that pawn, `from` itself excluded.
    #[inline(always)]
    fn chain_reach<const MAX: u32>(&mut self, from: usize) -> u128 {
        let start = 1u128 << from;
        // The first jumps never see the jumper's own hole, so they need no lifting; most pawns
        // have none, and skip the lifting altogether.
        let first = self.jumps_from::<MAX>(from);
        if first == 0 {
            return 0;
        }
        // The moving pawn is lifted for the rest of the chain.
        self.toggle(from);
        let mut reached = start | first;
        let mut todo = first;
        while todo != 0 {
            let at = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let new = self.jumps_from::<MAX>(at) & !reached;
            reached |= new;
            todo |= new;
        }
        self.toggle(from);
        reached & !start
    }

    /// [`ChainSearch::chain_reach`] for a pivot limit known only at run time: the presets have 1
    /// and 5.
    #[inline]
    fn chain_reach_within(&mut self, from: usize, max_pivot: usize) -> u128 {
        match max_pivot {
            1 => self.chain_reach::<1>(from),
            2 => self.chain_reach::<2>(from),
            3 => self.chain_reach::<3>(from),
            4 => self.chain_reach::<4>(from),
            _ => self.chain_reach::<5>(from),
        }
    }

    /// Whether a chain of jumps from the pawn on `from` can reach a hole of `targets`: the
    /// search of [`ChainSearch::chain_reach`], stopped as soon as it gets there.
    #[inline]
    fn chain_reaches(&mut self, from: usize, targets: u128, max_pivot: usize) -> bool {
        match max_pivot {
            1 => self.chain_reaches_within::<1>(from, targets),
            2 => self.chain_reaches_within::<2>(from, targets),
            3 => self.chain_reaches_within::<3>(from, targets),
            4 => self.chain_reaches_within::<4>(from, targets),
            _ => self.chain_reaches_within::<5>(from, targets),
        }
    }

    /// [`ChainSearch::chain_reaches`] for a pivot limit known at compile time.
    fn chain_reaches_within<const MAX: u32>(&mut self, from: usize, targets: u128) -> bool {
        let start = 1u128 << from;
        self.toggle(from);
        let mut reached = start;
        let mut todo = start;
        let mut found = false;
        while todo != 0 && !found {
            let at = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let new = self.jumps_from::<MAX>(at) & !reached;
            found = new & targets != 0;
            reached |= new;
            todo |= new;
        }
        self.toggle(from);
        found
    }

    /// The holes a chain of jumps from the pawn on `from` can reach when every landing must lie
    /// in `allowed` (RULES-STAR.md §4.4: a marble in its goal stays in it). Not on the duel's
    /// hot path, which uses [`ChainSearch::chain_reach`]; the star games know only short and
    /// symmetric jumps.
    fn chain_reach_inside(&mut self, from: usize, allowed: u128, max_pivot: usize) -> u128 {
        match max_pivot {
            1 => self.chain_reach_inside_within::<1>(from, allowed),
            _ => self.chain_reach_inside_within::<5>(from, allowed),
        }
    }

    /// [`ChainSearch::chain_reach_inside`] for a pivot limit known at compile time.
    fn chain_reach_inside_within<const MAX: u32>(&mut self, from: usize, allowed: u128) -> u128 {
        let start = 1u128 << from;
        self.toggle(from);
        let mut reached = start;
        let mut todo = start;
        while todo != 0 {
            let at = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let new = self.jumps_from::<MAX>(at) & !reached & allowed;
            reached |= new;
            todo |= new;
        }
        self.toggle(from);
        reached & !start
    }
}
