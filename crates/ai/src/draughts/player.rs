//! The draughts computer player: iterative-deepening alpha-beta (negamax) with a
//! transposition table, captures searched to the end (they are forced), repetitions scored as
//! draws, and each level's blur and random moves.

use std::time::{Duration, Instant};

use tripot_draughts::{Game, Move, Position};
use tripot_game::Cancel;

use super::eval::evaluate;
use super::level::DraughtsLevel;
use crate::eval::{WIN, WIN_THRESHOLD};
use crate::rng::Rng;
use crate::stop::Stop;
use crate::tt::{Bound, Table};

/// The transposition table's size: 2^18 entries, a few MiB a player.
const TABLE_BITS: u32 = 18;

/// The table of the draughts search: each position's best move is kept as its index in the
/// position's legal move list (always listed in the same order).
type DraughtsTable = Table<u16>;

/// What the last search did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DraughtsSearchInfo {
    /// The deepest iteration completed, in plies.
    pub depth: u8,
    /// Positions visited.
    pub nodes: u64,
    /// The chosen move's score for the player (a man is 100), before any blur.
    pub score: i32,
}

/// A computer player of international draughts.
///
/// Deterministic: the same level, seed and game give the same moves on every machine. It
/// refuses draw offers ([`DraughtsAi::accepts_draw`]).
#[derive(Debug, Clone)]
pub struct DraughtsAi {
    level: DraughtsLevel,
    rng: Rng,
    table: DraughtsTable,
    last: Option<DraughtsSearchInfo>,
}

impl DraughtsAi {
    /// A player of `level`, its chance drawn from `seed`.
    pub fn new(level: DraughtsLevel, seed: u64) -> DraughtsAi {
        DraughtsAi { level, rng: Rng::new(seed), table: Table::new(TABLE_BITS), last: None }
    }

    /// Its level.
    pub fn level(&self) -> DraughtsLevel {
        self.level
    }

    /// What the last search did (`None` before the first, or after a move chosen without one:
    /// a forced move or a random one).
    pub fn last_search(&self) -> Option<DraughtsSearchInfo> {
        self.last
    }

    /// The computer player never accepts a draw offer (the tables' rule).
    pub fn accepts_draw(&self) -> bool {
        false
    }

    /// Every legal move of `position` with its exact score at `depth` plies for the side to
    /// move (a man is 100), best first, within the level's node budget (`None` if it ran out):
    /// for hints, analysis and tests. `history` as in [`DraughtsAi::choose_in`].
    pub fn analyse(&mut self, position: &Position, history: &[u64], depth: u8) -> Option<Vec<(Move, i32)>> {
        let moves = position.legal_moves();
        let mut search = Search::new(&mut self.table, self.level.profile().nodes, position, history, None);
        let order: Vec<usize> = (0..moves.len()).collect();
        let scores = search.root(position, &moves, &order, depth, true)?;
        let mut scored: Vec<(Move, i32)> = moves.iter().cloned().zip(scores).collect();
        scored.sort_by_key(|(_, score)| std::cmp::Reverse(*score));
        Some(scored)
    }

    /// Its move in `game`, or `None` once the game is over.
    pub fn choose(&mut self, game: &Game) -> Option<Move> {
        if game.outcome().is_some() {
            return None;
        }
        self.choose_in(game.position(), game.repetition_hashes())
    }

    /// Its move in `position`; `history` holds the hashes of the positions that can still come
    /// back ([`Game::repetition_hashes`]), the current one last. `None` without a legal move.
    pub fn choose_in(&mut self, position: &Position, history: &[u64]) -> Option<Move> {
        self.search_move(position, history, None)
    }

    /// [`DraughtsAi::choose_in`] stopped early: after `time` at most (never longer than the
    /// level's own cap) or when `cancel` is raised, with the best move of the deepest iteration
    /// completed by then. Without either it is [`DraughtsAi::choose_in`], node for node.
    pub fn choose_stoppable(
        &mut self,
        position: &Position,
        history: &[u64],
        time: Option<Duration>,
        cancel: Option<Cancel>,
    ) -> Option<Move> {
        let stop = (time.is_some() || cancel.is_some())
            .then(|| Stop::new(Instant::now(), self.level.profile().time_cap, time, cancel));
        self.search_move(position, history, stop)
    }

    fn search_move(&mut self, position: &Position, history: &[u64], stop: Option<Stop>) -> Option<Move> {
        let moves = position.legal_moves();
        self.last = None;
        match moves.len() {
            0 => return None,
            1 => return moves.first().cloned(),
            _ => {}
        }
        let profile = self.level.profile();
        if self.rng.chance(profile.random_move) {
            return moves.get(self.rng.below(moves.len() as u64) as usize).cloned();
        }
        let mut search = Search::new(&mut self.table, profile.nodes, position, history, stop);
        let exact_root = profile.noise > 0;
        let mut order: Vec<usize> = (0..moves.len()).collect();
        let mut scores = vec![0; moves.len()];
        let mut depth_done = 0;
        // Even depths only past the first: the opponent then has the last quiet move, and a
        // threat it sets up is seen (and met, by the threat extension) rather than missed.
        for depth in (1..=profile.depth).filter(|&d| d == 1 || d.is_multiple_of(2)) {
            let Some(found) = search.root(position, &moves, &order, depth, exact_root) else {
                break;
            };
            scores = found;
            depth_done = depth;
            order.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
            if scores.iter().any(|&s| s > WIN_THRESHOLD) {
                break;
            }
        }
        let blurred: Vec<i32> = scores.iter().map(|&s| s + self.rng.symmetric(profile.noise)).collect();
        let best = (0..moves.len()).max_by_key(|&i| (blurred[i], std::cmp::Reverse(i))).unwrap_or(0);
        self.last = Some(DraughtsSearchInfo { depth: depth_done, nodes: search.nodes, score: scores[best] });
        moves.get(best).cloned()
    }
}

/// How many plies past an iteration's depth the threat extension may reach.
const THREAT_EXTENSIONS: u32 = 4;

/// One search: the table, the budget, and the positions on the way (for repetitions).
struct Search<'t> {
    table: &'t mut DraughtsTable,
    nodes: u64,
    budget: u64,
    aborted: bool,
    /// Hashes of the game's positions since its last irreversible move, then of the search's.
    stack: Vec<u64>,
    /// Positions before `floor` cannot come back (a man moved or a piece was taken since).
    floor: usize,
    /// Cut-offs per (from, to) square: moves that refuted before are tried first.
    history: [[u32; 50]; 50],
    /// Plies from the root below which a threatened side at the horizon gets one more move.
    extend_below: u32,
    /// The caller's time and cancel flag, if any.
    stop: Option<Stop>,
}

/// Nodes between two looks at the clock and the cancel flag.
const POLL_EVERY: u64 = 1024;

impl<'t> Search<'t> {
    fn new(
        table: &'t mut DraughtsTable,
        budget: u64,
        position: &Position,
        history: &[u64],
        stop: Option<Stop>,
    ) -> Search<'t> {
        let mut stack = history.to_vec();
        if stack.last() != Some(&position.hash_key()) {
            stack.push(position.hash_key());
        }
        Search {
            table,
            nodes: 0,
            budget,
            aborted: false,
            stack,
            floor: 0,
            history: [[0; 50]; 50],
            extend_below: 0,
            stop,
        }
    }

    /// Scores of every root move at `depth` (each exact if `exact`, else only the best one), or
    /// `None` if the budget ran out.
    fn root(
        &mut self,
        position: &Position,
        moves: &[Move],
        order: &[usize],
        depth: u8,
        exact: bool,
    ) -> Option<Vec<i32>> {
        let mut scores = vec![-WIN; moves.len()];
        let mut alpha = -WIN;
        self.extend_below = u32::from(depth) + THREAT_EXTENSIONS;
        for &i in order {
            let m = moves.get(i)?;
            let score = if exact || alpha == -WIN {
                -self.child(position, m, depth, -WIN, WIN, 1)
            } else {
                // A null window first: most moves only need to be shown no better.
                let bound = -self.child(position, m, depth, -alpha - 1, -alpha, 1);
                if bound > alpha && !self.aborted {
                    -self.child(position, m, depth, -WIN, -alpha, 1)
                } else {
                    // Shown no better than the best so far (maybe equal): keep it strictly
                    // below, so that the choice falls on the move that set alpha.
                    bound.min(alpha - 1)
                }
            };
            if self.aborted {
                return None;
            }
            if let Some(slot) = scores.get_mut(i) {
                *slot = score;
            }
            alpha = alpha.max(score);
        }
        Some(scores)
    }

    /// Plays `m` in `position` and searches the position after it `depth - 1` plies deep with
    /// the window `(alpha, beta)` of the side that then moves.
    fn child(&mut self, position: &Position, m: &Move, depth: u8, alpha: i32, beta: i32, ply: u32) -> i32 {
        let next = position.play_unchecked(m);
        let irreversible = m.is_capture() || position.men(position.turn()).contains(m.from());
        let floor = self.floor;
        if irreversible {
            self.floor = self.stack.len();
        }
        self.stack.push(next.hash_key());
        let score = self.negamax(&next, depth.saturating_sub(1), alpha, beta, ply);
        self.stack.pop();
        self.floor = floor;
        score
    }

    fn negamax(&mut self, position: &Position, depth: u8, mut alpha: i32, beta: i32, ply: u32) -> i32 {
        self.nodes += 1;
        let nodes = self.nodes;
        if nodes > self.budget || self.stop.as_mut().is_some_and(|stop| stop.poll(nodes, POLL_EVERY)) {
            self.aborted = true;
            return 0;
        }
        let key = position.hash_key();
        let earlier = self.stack.get(self.floor..self.stack.len().saturating_sub(1)).unwrap_or(&[]);
        if earlier.contains(&key) {
            return 0;
        }
        let moves = position.legal_moves();
        let Some(first) = moves.first() else {
            return -(WIN - ply as i32);
        };
        let capturing = first.is_capture();
        // At the horizon, a side whose piece hangs (the opponent could take it, were it its
        // turn) gets one more move to save it, so that a quiet move that sets up a capture is
        // not mistaken for a safe one.
        let threatened = || position.with_turn(position.turn().opponent()).must_capture();
        if depth == 0 && !capturing && (ply >= self.extend_below || !threatened()) {
            return evaluate(position);
        }
        let mut best_index = 0;
        if let Some(hit) = self.table.probe(key, ply as usize) {
            let usable = hit.depth >= depth
                && match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                    Bound::Empty => false,
                };
            if usable {
                return hit.score;
            }
            best_index = hit.best.map_or(0, usize::from).min(moves.len() - 1);
        }
        let mut order: Vec<(u32, usize)> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| (if i == best_index { u32::MAX } else { self.history_of(m) }, i))
            .collect();
        order.sort_by_key(|&(weight, i)| (std::cmp::Reverse(weight), i));

        let original_alpha = alpha;
        let mut best = -WIN;
        // Captures at the horizon are played out: the depth stays 0 below (`child` saturates).
        let child_depth = depth.max(1);
        for &(_, i) in &order {
            let Some(m) = moves.get(i) else { continue };
            let score = -self.child(position, m, child_depth, -beta, -alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_index = i;
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                self.reward(m, depth);
                break;
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(key, ply as usize, depth, best, bound, u16::try_from(best_index).ok());
        best
    }

    fn cell(m: &Move) -> (usize, usize) {
        (usize::from(m.from().number() - 1), usize::from(m.to().number() - 1))
    }

    fn history_of(&self, m: &Move) -> u32 {
        let (from, to) = Search::cell(m);
        self.history.get(from).and_then(|row| row.get(to)).copied().unwrap_or(0)
    }

    fn reward(&mut self, m: &Move, depth: u8) {
        let (from, to) = Search::cell(m);
        if let Some(cell) = self.history.get_mut(from).and_then(|row| row.get_mut(to)) {
            *cell = cell.saturating_add(u32::from(depth) * u32::from(depth));
        }
    }
}
