//! The captures game from three seats on: our own moves in width, each other seat's answer as
//! it would choose it looking a round ahead, and the score at our next turn.
//!
//! Why not paranoid here: with two opponents, a coalition that minimises our score lets one of
//! them hand the other the board's longest chain, a move nobody who plays for the score makes;
//! the paranoid search was first in only 38 of 100 captures-3 games against two greedy players.
//! What the next seats take is decided by the chains a move leaves them, so the search models
//! each of them as a player of the game: one that takes one of its long captures (Moyen's
//! model, the mean over a few), or one that weighs its few longest captures by what the seats
//! after it would then take (read and hedged at the upper levels). Few answers per seat buy our
//! own moves the depth. Measured
//! (docs/ai.md): scoring the leaves after a greedy play-out to the end, instead of at our next turn,
//! made the search weaker, since players who look ahead do not grab as the play-out does.

use tripot_engine::{Colour, StarMove, StarPosition};

use crate::stop::Stop;

use super::eval::{evaluate, outcome_score};
use super::player::greedy_capture;
use super::search::{RootMove, children};

/// How the search expects the other seats to answer in the captures game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Replies {
    /// Not at all: a move is worth the pieces it takes (the beginner's view).
    Ignored,
    /// Each seat takes its longest capture, the first in the engine's order on a tie (as the
    /// greedy yardstick and a player who always plays the same way in the same spot do).
    Longest,
    /// Each seat takes one of its long captures (at most `slack` pieces shorter than its
    /// longest), which one unknown: the mean over up to `spread` of them, the longest first.
    AnyLong { spread: usize, slack: usize },
    /// Either of `Longest` and `Considered(width)`, weighed by how often each foretold the seat's
    /// moves: the mean of the two answers' values, so that the search hedges its reading.
    Hedged { longest: u8, careful: u8, width: usize },
    /// Each seat weighs this many of its longest captures by the longest captures the seats
    /// after it would take before its next turn, and plays the best for itself.
    Considered(usize),
}

/// One search of the captures game for the seat `me`.
pub(crate) struct CaptureSearcher {
    me: Colour,
    /// How each seat is expected to answer, by seat index.
    replies: [Replies; 6],
    breadth: usize,
    budget: u64,
    stop: Stop,
    nodes: u64,
    aborted: bool,
}

/// The position after the longest capture of the seat to move (the greedy player's move: the
/// first in the engine's order on a tie), or `None` when no piece can jump.
pub(crate) fn after_longest(pos: &StarPosition) -> Option<StarPosition> {
    let mv = greedy_capture(pos);
    if !matches!(mv, StarMove::Capture(_)) {
        return None;
    }
    let mut child = *pos;
    child.play_unchecked(&mv);
    Some(child)
}

/// The positions after up to `limit` distinct long captures of the seat to move: those at most
/// `slack` pieces shorter than its longest, the longest first and, among equal lengths, the
/// engine's first one first.
pub(crate) fn long_children(pos: &StarPosition, limit: usize, slack: usize) -> Vec<StarPosition> {
    let mut captures: Vec<(usize, StarMove)> = pos
        .legal_moves()
        .into_iter()
        .filter_map(|m| if let StarMove::Capture(p) = &m { Some((p.len(), m)) } else { None })
        .collect();
    // Stable: the engine's order stays among equal lengths.
    captures.sort_by_key(|(len, _)| std::cmp::Reverse(*len));
    let longest = captures.first().map_or(0, |(len, _)| *len);
    let mut kids: Vec<StarPosition> = Vec::new();
    for (len, mv) in &captures {
        if kids.len() >= limit || len + slack < longest {
            break;
        }
        let mut child = *pos;
        child.play_unchecked(mv);
        if kids.iter().all(|k| k.hash() != child.hash()) {
            kids.push(child);
        }
    }
    kids
}

impl CaptureSearcher {
    pub(crate) fn new(me: Colour, replies: [Replies; 6], breadth: usize, budget: u64, stop: Stop) -> Self {
        CaptureSearcher { me, replies, breadth, budget, stop, nodes: 0, aborted: false }
    }

    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the budget ran out during the last iteration.
    pub(crate) fn aborted(&self) -> bool {
        self.aborted
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.budget || self.stop.poll(self.nodes, 256) {
            self.aborted = true;
        }
        self.aborted
    }

    /// Scores every root move with `own` more moves of ours searched after it. Returns false
    /// when the budget ran out before the last root move: that iteration is not to be trusted.
    pub(crate) fn iterate(&mut self, moves: &mut [RootMove], own: u8) -> bool {
        for rm in moves.iter_mut() {
            let score = self.value(&rm.child, own);
            if self.aborted {
                return false;
            }
            rm.score = score - rm.penalty;
        }
        true
    }

    /// The score of `pos` for us, with `own` more of our moves searched in width.
    fn value(&mut self, pos: &StarPosition, own: u8) -> i32 {
        self.nodes += 1;
        if let Some(outcome) = pos.outcome() {
            return outcome_score(&outcome, pos, self.me);
        }
        // Checked at every node, the others' included: at a table of six their answers are
        // most of the work.
        if self.out_of_budget() {
            return evaluate(pos, self.me);
        }
        if pos.turn() != self.me {
            let reply = match self.replies[pos.turn().index()] {
                Replies::Ignored => return evaluate(pos, self.me),
                Replies::AnyLong { spread, slack } => {
                    // Which of its long captures it takes is its own business: the mean over a
                    // few of them, so that the search does not bet on one.
                    let kids = long_children(pos, spread, slack);
                    if kids.is_empty() {
                        return evaluate(pos, self.me);
                    }
                    let n = kids.len() as i64;
                    let sum: i64 = kids.iter().map(|child| i64::from(self.value(child, own))).sum();
                    return (sum / n) as i32;
                }
                Replies::Hedged { longest, careful, width } => {
                    let grab = after_longest(pos);
                    let thought = considered_reply(pos, width, &mut self.nodes);
                    match (grab, thought) {
                        (Some(a), Some(b)) if a.hash() != b.hash() => {
                            let (wa, wb) = (i64::from(longest), i64::from(careful));
                            let va = i64::from(self.value(&a, own));
                            let vb = i64::from(self.value(&b, own));
                            return ((va * wa + vb * wb) / (wa + wb).max(1)) as i32;
                        }
                        (grab, thought) => grab.or(thought),
                    }
                }
                Replies::Longest => after_longest(pos),
                Replies::Considered(width) => considered_reply(pos, width, &mut self.nodes),
            };
            // Pieces belong to nobody: a seat without a capture means a board without one,
            // which the outcome above has already ended. The evaluation is only a fallback.
            return match reply {
                Some(child) => self.value(&child, own),
                None => evaluate(pos, self.me),
            };
        }
        if own == 0 {
            return evaluate(pos, self.me);
        }
        let mut best = -i32::MAX;
        for (_, child) in children(pos, self.breadth) {
            best = best.max(self.value(&child, own - 1));
            if self.aborted {
                break;
            }
        }
        if best == -i32::MAX { evaluate(pos, self.me) } else { best }
    }
}

/// The answer of a seat that looks a round ahead: of its `width` longest captures, the one that
/// leaves it best placed once the seats after it have taken their longest captures. `nodes`
/// counts the positions visited.
pub(crate) fn considered_reply(pos: &StarPosition, width: usize, nodes: &mut u64) -> Option<StarPosition> {
    let mover = pos.turn();
    let others = pos.variant().seats().len().saturating_sub(1);
    let mut best: Option<(i32, StarPosition)> = None;
    for (_, child) in children(pos, width) {
        let score = round_for(&child, mover, others, nodes);
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, child));
        }
    }
    best.map(|(_, child)| child)
}

/// `seat`'s score once the next `plies` seats have each taken their longest capture.
fn round_for(pos: &StarPosition, seat: Colour, plies: usize, nodes: &mut u64) -> i32 {
    let mut at = *pos;
    for _ in 0..plies {
        *nodes += 1;
        match after_longest(&at) {
            Some(child) => at = child,
            None => break,
        }
    }
    match at.outcome() {
        Some(outcome) => outcome_score(&outcome, &at, seat),
        None => evaluate(&at, seat),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use tripot_engine::Variant;

    use super::*;

    /// The pieces the seat to move takes from `pos` to `child`.
    fn taken(pos: &StarPosition, child: &StarPosition) -> u32 {
        u32::from(child.taken(pos.turn())) - u32::from(pos.taken(pos.turn()))
    }

    #[test]
    fn long_captures_are_the_longest_first_within_the_slack() {
        let variant: Variant = "captures-3".parse().unwrap();
        let mut pos = StarPosition::start(variant, Colour::S).unwrap();
        // A few greedy moves, so that chains of several lengths are on the board.
        for _ in 0..3 {
            pos = after_longest(&pos).unwrap();
        }
        let longest = taken(&pos, &after_longest(&pos).unwrap());
        let exact = long_children(&pos, 50, 0);
        assert!(!exact.is_empty());
        assert!(exact.iter().all(|k| taken(&pos, k) == longest));
        let long = long_children(&pos, 50, 1);
        let lengths: Vec<u32> = long.iter().map(|k| taken(&pos, k)).collect();
        assert!(lengths.iter().all(|&n| n + 1 >= longest), "{lengths:?}");
        assert!(lengths.windows(2).all(|w| w[0] >= w[1]), "{lengths:?}");
        assert!(lengths.contains(&(longest - 1)), "no capture a piece shorter: {lengths:?}");
        assert_eq!(long_children(&pos, 2, 1).len(), 2);
    }
}
