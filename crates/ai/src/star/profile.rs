//! How each level plays a star game: how far and how wide it looks, and its mistakes. The same
//! character as in the duel: deeper, wider and steadier as the level rises.

use std::time::Duration;

use crate::level::Level;

use super::capture_search::Replies;

/// A level's search and mistakes in the star games.
#[derive(Debug, Clone, Copy)]
pub(crate) struct StarProfile {
    /// Deepest iteration, in plies, as a number of rounds of the table (a ply per seat still
    /// playing), at least `min_depth`.
    pub(crate) rounds: u8,
    /// Shallowest iteration searched, however many seats play.
    pub(crate) min_depth: u8,
    /// Cap on the depth in plies, whatever the table.
    pub(crate) max_depth: u8,
    /// Positions visited per move before the deepening stops: what keeps think times bounded.
    pub(crate) node_budget: u64,
    /// Moves kept at each inner node, the most forward (or the longest captures) first.
    pub(crate) breadth: usize,
    /// Misjudgement added to each root move's score, up to this many tenths of a row.
    pub(crate) noise: i32,
    /// Chance, per thousand moves, of playing the second best move.
    pub(crate) second_best: u32,
    /// Wall-clock safety net, reached only on a machine far slower than expected.
    pub(crate) time_cap: Duration,
    /// Plies added to the depth cap when the others are modelled each for itself.
    pub(crate) self_extra: u8,
    /// Multiple of the node budget then.
    pub(crate) self_budget: u64,
    /// The captures game from three seats on: how many more of our own moves are searched in
    /// width after the root's (the others answer with their longest capture)…
    pub(crate) capture_own: u8,
    /// …and how it expects the other seats to answer.
    pub(crate) capture_replies: Replies,
    /// Whether it reads from the moves already played which seats take their longest capture.
    pub(crate) capture_reads: bool,
    /// Whether it weighs both readings of a seat by how often each was right, rather than
    /// betting on the better one.
    pub(crate) capture_hedges: bool,
    /// Positions visited per move in that search (a position there costs a move generation,
    /// several in the captures game's chains: far more than in the races).
    pub(crate) capture_budget: u64,
    /// How many of our best root moves (by the cheap models) get the recognised seats'
    /// answers foreseen by running their level (`Foresight`); 0: none.
    pub(crate) capture_foresee: usize,
    /// Stern-Halma: the race planner's move is weighed once the seat's marbles are this close
    /// to its goal in all (hex distance to its nearest hole, summed); 0: never.
    pub(crate) race_from: u16,
    /// The captures game from three seats on: misjudgement of each root move, in hundredths of
    /// a piece, and the chance per thousand of the second best. Apart from the races' mistakes,
    /// whose scale (tenths of a row) is not a piece's.
    pub(crate) capture_noise: i32,
    pub(crate) capture_second_best: u32,
}

impl StarProfile {
    pub(crate) fn of(level: Level) -> StarProfile {
        let ms = Duration::from_millis;
        let p =
            |rounds, min_depth, max_depth, node_budget, breadth, noise, second_best, time_cap| StarProfile {
                rounds,
                min_depth,
                max_depth,
                node_budget,
                breadth,
                noise,
                second_best,
                time_cap,
                self_extra: 0,
                self_budget: 1,
                capture_own: 0,
                capture_replies: Replies::Longest,
                capture_reads: false,
                capture_hedges: false,
                capture_budget: node_budget,
                capture_foresee: 0,
                race_from: 0,
                capture_noise: noise,
                capture_second_best: second_best,
            };
        match level {
            // One ply: its own move only, misjudged by up to three rows. In the captures game
            // (three seats or more) each level's view of the others is its `capture_*` fields:
            // none, any of their long captures, read from the table, hedged. The steps are
            // large there on purpose: between players of near strength the seat order and the
            // chains handed on decide more than skill (docs/ai.md). Débutant grabs almost any
            // capture: its misjudgement (up to ten pieces) swamps what a move takes.
            Level::Debutant => StarProfile {
                capture_replies: Replies::Ignored,
                capture_noise: 1_000,
                capture_second_best: 200,
                ..p(0, 1, 1, 2_000, 6, 30, 200, ms(50))
            },
            // Its move and the next seat's reply. In the captures game from three seats on, greedy
            // but sloppy: a long capture, misjudged by up to two pieces, the second best three
            // times in ten, and not what it leaves.
            Level::Facile => StarProfile {
                capture_replies: Replies::Ignored,
                capture_noise: 200,
                capture_second_best: 300,
                ..p(0, 2, 2, 8_000, 6, 15, 100, ms(300))
            },
            // A round of the table, narrow. In the captures game from three seats on, what its move
            // leaves the others (one of their long captures each: at most a piece shorter than
            // their longest, the mean over up to six) and its own next capture, without
            // deliberate mistakes: the others' answers are what it misjudges.
            Level::Moyen => StarProfile {
                capture_own: 1,
                capture_replies: Replies::AnyLong { spread: 6, slack: 1 },
                capture_noise: 0,
                capture_second_best: 0,
                capture_budget: 5_000,
                ..p(1, 2, 4, 20_000, 6, 6, 50, ms(600))
            },
            // A round and its own next move, wider, no deliberate mistake.
            Level::Difficile => StarProfile {
                self_extra: 2,
                self_budget: 2,
                capture_own: 1,
                capture_replies: Replies::Considered(4),
                capture_reads: true,
                capture_foresee: 8,
                ..p(1, 3, 5, 60_000, 8, 0, 0, ms(1500))
            },
            // As deep as the budget allows.
            Level::Impossible => StarProfile {
                self_extra: 4,
                self_budget: 3,
                capture_own: 1,
                capture_replies: Replies::Considered(6),
                capture_reads: true,
                capture_hedges: true,
                capture_budget: 100_000,
                capture_foresee: 4,
                race_from: 30,
                ..p(2, 3, 8, 150_000, 10, 0, 0, ms(2500))
            },
        }
    }

    /// Deepest iteration for a table of `playing` seats when the others are modelled each for
    /// itself: a round more, and a cap `self_extra` plies deeper.
    pub(crate) fn depth_for_self(&self, playing: usize) -> u8 {
        let rounds = usize::from(self.rounds) + usize::from(self.rounds > 0);
        let cap = usize::from(self.max_depth + self.self_extra);
        let plies = (rounds * playing + 1).min(cap) as u8;
        plies.max(self.min_depth).min(cap as u8)
    }

    /// Deepest iteration for a table of `playing` seats.
    pub(crate) fn depth_for(&self, playing: usize) -> u8 {
        let plies = (usize::from(self.rounds) * playing + 1).min(usize::from(self.max_depth)) as u8;
        plies.max(self.min_depth).min(self.max_depth)
    }
}
