//! The paranoid search of the star games: the unit of the seat to choose maximises, every other
//! unit minimises its score, with alpha-beta, iterative deepening and a node budget.
//!
//! Why paranoid: the engine plays seats in their fixed order, so the "best reply" search of
//! Schadd & Winands (2011), which lets any one opponent answer out of turn, would need moves the
//! rules never produce; max-n cannot prune. Paranoid keeps alpha-beta's pruning, which is what
//! lets Impossible see a whole round of a six-seat table within its budget.

use tripot_engine::{Colour, GameKind, StarMove, StarPosition, partner};

use crate::geometry::GEOMETRY;
use crate::stop::Stop;

use super::eval::{DECIDED, evaluate, outcome_score};

/// A move at the root with the position it leads to and its score.
#[derive(Debug, Clone)]
pub(crate) struct RootMove {
    pub(crate) mv: StarMove,
    pub(crate) child: StarPosition,
    /// Set when the game ends right after the move (by repetition, say): no search needed.
    pub(crate) fixed: Option<i32>,
    /// Subtracted from the searched score: a move back into a position already seen.
    pub(crate) penalty: i32,
    pub(crate) score: i32,
}

/// How the search expects the other units to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OpponentModel {
    /// Paranoid: every other unit plays against us, as if they had formed a coalition.
    Paranoid,
    /// Each other unit plays the move that is best for itself a move ahead (by its own
    /// evaluation); only our own moves are searched in width. With two units this is the same
    /// tree as paranoid but shallower in its replies, so it is used from three units on.
    SelfInterest,
    /// The captures game from three seats on: each other seat takes its longest capture, and
    /// the position left is scored by a greedy play-out (see `capture_search`).
    LongestCapture,
}

/// What a search is for and how far it may go: the same for every search of one choice.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SearchSettings {
    /// The seat that chooses.
    pub(crate) me: Colour,
    /// How the others are expected to play.
    pub(crate) model: OpponentModel,
    /// Partners play as one unit (their seats maximise together).
    pub(crate) pairs: bool,
    /// Children searched per node, the most promising first.
    pub(crate) breadth: usize,
    /// Nodes at most.
    pub(crate) budget: u64,
}

/// One search of the tree.
pub(crate) struct StarSearcher {
    settings: SearchSettings,
    stop: Stop,
    nodes: u64,
    aborted: bool,
}

/// How much a move looks worth before any search: the mover's progress towards its goal's tip,
/// or the pieces a capture takes. Sorting by it puts the likely best moves first, which is what
/// makes alpha-beta prune and what the breadth keeps.
pub(crate) fn order_key(pos: &StarPosition, mv: &StarMove) -> i32 {
    match mv {
        StarMove::Capture(path) => path.len() as i32 - 1,
        StarMove::Pass => 0,
        StarMove::Step { from, to } | StarMove::Jump { from, to } => {
            let tip = &GEOMETRY.tip[pos.turn().index()];
            let gain = i32::from(tip[from.index()]) - i32::from(tip[to.index()]);
            // Leaving home first: in Stern-Halma the home deadline will ask for it anyway.
            let home = pos.home(pos.turn());
            let leaves = home.contains(*from) && !home.contains(*to);
            gain * 4 + i32::from(leaves)
        }
    }
}

/// The distinct children of `pos`, most promising first, at most `limit` of them. In the
/// captures game two paths that take the same pieces to the same hole lead to the same position:
/// one is kept.
pub(crate) fn children(pos: &StarPosition, limit: usize) -> Vec<(StarMove, StarPosition)> {
    let mut moves: Vec<(StarMove, i32)> =
        pos.legal_moves().into_iter().map(|mv| (mv.clone(), order_key(pos, &mv))).collect();
    // Stable: equal keys keep the engine's order, so the search is the same on every run.
    moves.sort_by_key(|(_, key)| std::cmp::Reverse(*key));
    let captures = pos.variant().game() == GameKind::Captures;
    if !captures {
        moves.truncate(limit);
    }
    let mut seen = std::collections::HashSet::new();
    let mut list = Vec::with_capacity(moves.len().min(limit));
    for (mv, _) in moves {
        if list.len() >= limit {
            break;
        }
        let mut child = *pos;
        child.play_unchecked(&mv);
        if captures && !seen.insert(child.hash()) {
            continue;
        }
        list.push((mv, child));
    }
    list
}

impl StarSearcher {
    pub(crate) fn new(settings: SearchSettings, stop: Stop) -> StarSearcher {
        StarSearcher { settings, stop, nodes: 0, aborted: false }
    }

    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    fn ours(&self, seat: Colour) -> bool {
        seat == self.settings.me || (self.settings.pairs && seat == partner(self.settings.me))
    }

    /// Searches every root move to `depth` plies, scores first-to-last. Returns false (and leaves
    /// the scores half updated) when the budget ran out: that iteration is not to be trusted.
    /// `exact`: every root move gets its true score (the levels whose mistakes need them), not
    /// just a bound once a better one is known.
    pub(crate) fn iterate(&mut self, moves: &mut [RootMove], depth: u8, exact: bool) -> bool {
        let mut best = -i32::MAX;
        for rm in moves.iter_mut() {
            let score = match rm.fixed {
                Some(score) => score,
                None => {
                    let alpha = if exact { -i32::MAX } else { best.saturating_add(rm.penalty) };
                    self.search(&rm.child, depth - 1, alpha, i32::MAX) - rm.penalty
                }
            };
            if self.aborted {
                return false;
            }
            rm.score = score;
            best = best.max(score);
        }
        true
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.settings.budget || self.stop.poll(self.nodes, 1024) {
            self.aborted = true;
        }
        self.aborted
    }

    /// The score of `pos` for our unit, `depth` plies deep.
    fn search(&mut self, pos: &StarPosition, depth: u8, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if depth == 0 || self.out_of_budget() {
            return self.leaf(pos);
        }
        let kids = children(pos, self.settings.breadth);
        if kids.is_empty() {
            return match pos.outcome() {
                Some(outcome) => outcome_score(&outcome, pos, self.settings.me),
                None => evaluate(pos, self.settings.me),
            };
        }
        if self.settings.model == OpponentModel::SelfInterest && !self.ours(pos.turn()) {
            // The other unit's own best move a move ahead: its score for itself.
            let mover = pos.turn();
            let reply = kids.iter().map(|(_, child)| child).max_by_key(|child| {
                self.nodes += 1;
                let settled = child.variant().game() != GameKind::Captures && child.place(mover).is_some();
                if settled { i32::MAX } else { evaluate(child, mover) }
            });
            return match reply {
                Some(child) => {
                    let child = *child;
                    self.search(&child, depth - 1, alpha, beta)
                }
                None => evaluate(pos, self.settings.me),
            };
        }
        // Our seats raise alpha, the others (paranoid) lower beta: one loop for both.
        let ours = self.ours(pos.turn());
        let mut best = if ours { -i32::MAX } else { i32::MAX };
        for (_, child) in &kids {
            let score = self.search(child, depth - 1, alpha, beta);
            if ours {
                best = best.max(score);
                alpha = alpha.max(best);
            } else {
                best = best.min(score);
                beta = beta.min(best);
            }
            if alpha >= beta || self.aborted {
                break;
            }
        }
        best
    }

    /// A leaf: the evaluation, or the outcome when the places already decide the game. The
    /// ends that need move generation (a blocked table, no capture left) are left to the
    /// evaluation: asking for them at every leaf would cost a move generation each.
    fn leaf(&self, pos: &StarPosition) -> i32 {
        let settled = pos.playing().next().is_none()
            || (pos.variant().game() == GameKind::Kawu
                && pos.variant().seats().iter().any(|&s| pos.place(s).is_some()));
        if settled && let Some(outcome) = pos.outcome() {
            return outcome_score(&outcome, pos, self.settings.me);
        }
        evaluate(pos, self.settings.me)
    }
}

/// Whether a score means the game is decided.
pub(crate) fn decided(score: i32) -> bool {
    score.abs() >= DECIDED
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use tripot_engine::{StarPosition, Variant};

    use super::*;

    #[test]
    fn capture_children_are_distinct_positions() {
        let variant: Variant = "captures-2".parse().unwrap();
        let start = StarPosition::start(variant, Colour::S).unwrap();
        let kids = children(&start, usize::MAX);
        let mut hashes: Vec<u64> = kids.iter().map(|(_, c)| c.hash()).collect();
        hashes.sort_unstable();
        hashes.dedup();
        assert_eq!(hashes.len(), kids.len());
        assert!(!kids.is_empty());
    }
}
