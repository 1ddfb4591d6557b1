//! Iterative-deepening alpha-beta (principal variation search) over engine positions, with a
//! transposition table, move ordering (table move, forward progress, killers, history) and
//! forward pruning of the least promising moves, which in a race game are the backward ones.

use std::collections::HashMap;

use tripot_engine::{HOLE_COUNT, Move, Position};

use crate::ai::is_progress;
use crate::eval::{ROW, WIN, WIN_THRESHOLD, Weights, evaluate, gain};
use crate::geometry::{GEOMETRY, Geometry};
use crate::stop::Stop;
use crate::tt::{Bound, Table};

/// Above every score.
const INFINITY: i32 = WIN + 1;

/// What moving into a position already seen costs the mover: shuffling wastes tempo, and a
/// game must not loop.
pub(crate) const REPEAT_PENALTY: i32 = 5 * ROW;

/// Deepest ply the killer table covers.
const MAX_PLY: usize = 64;

/// How a level searches.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Settings {
    /// Deepest iteration, in plies.
    pub(crate) max_depth: u8,
    /// Nodes a search may use (deterministic, unlike time): no deeper iteration is started once
    /// the next answer is foreseen to cost more, and one that overruns it twice is abandoned.
    pub(crate) node_budget: u64,
    /// Longest chain considered, in hops (`u32::MAX`: every chain).
    pub(crate) max_hops: u32,
    /// Moves considered at the root, best ordered first.
    pub(crate) root_breadth: usize,
    /// Moves considered below the root.
    pub(crate) breadth: usize,
    /// Whether every root move gets an exact score (needed to pick a second best).
    pub(crate) exact_root: bool,
}

/// One root move and what the search thinks of it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RootMove {
    pub(crate) mv: Move,
    pub(crate) score: i32,
}

/// The outcome of a search.
#[derive(Debug, Clone)]
pub(crate) struct SearchResult {
    /// Root moves, best first (scores exact only with `exact_root`).
    pub(crate) moves: Vec<RootMove>,
    /// Deepest completed iteration.
    pub(crate) depth: u8,
    /// Nodes visited.
    pub(crate) nodes: u64,
}

/// Search state kept across the moves of a game.
pub(crate) struct Searcher {
    tt: Table,
    history: Box<[[i32; HOLE_COUNT]; HOLE_COUNT]>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    buffers: Vec<Vec<(i32, Move)>>,
    weights: Weights,
    // Per search:
    settings: Settings,
    seen: HashMap<u64, u32>,
    undo: Vec<(usize, usize)>,
    idle_penalty: i32,
    path: Vec<u64>,
    nodes: u64,
    stop: Option<Stop>,
    aborted: bool,
}

impl Searcher {
    pub(crate) fn new(tt_bits: u32, settings: Settings, weights: Weights) -> Searcher {
        Searcher {
            tt: Table::new(tt_bits),
            history: Box::new([[0; HOLE_COUNT]; HOLE_COUNT]),
            killers: [[None; 2]; MAX_PLY],
            buffers: Vec::new(),
            weights,
            settings,
            seen: HashMap::new(),
            undo: Vec::new(),
            idle_penalty: 0,
            path: Vec::new(),
            nodes: 0,
            stop: None,
            aborted: false,
        }
    }

    /// Searches `pos` (not over) with iterative deepening. Root moves that take a pawn from
    /// `undo.0` to `undo.1` (undoing one of the mover's recent moves) pay the repetition penalty;
    /// root moves that bring no pawn closer to its goal pay `idle_penalty`.
    pub(crate) fn search(
        &mut self,
        pos: &Position,
        game: &[u64],
        undo: &[(usize, usize)],
        idle_penalty: i32,
        settings: Settings,
        stop: Option<Stop>,
    ) -> SearchResult {
        self.settings = settings;
        self.undo.clear();
        self.undo.extend_from_slice(undo);
        self.idle_penalty = idle_penalty;
        self.stop = stop;
        self.aborted = false;
        self.nodes = 0;
        self.seen.clear();
        for &h in game {
            *self.seen.entry(h).or_insert(0) += 1;
        }
        self.path.clear();
        self.path.push(pos.hash());
        self.killers = [[None; 2]; MAX_PLY];
        for row in self.history.iter_mut() {
            for v in row.iter_mut() {
                *v /= 4;
            }
        }

        let mut moves: Vec<RootMove> = self
            .ordered_moves(pos, None, 0, settings.root_breadth)
            .into_iter()
            .map(|(_, mv)| RootMove { mv, score: -INFINITY })
            .collect();
        let mut result = SearchResult { moves: moves.clone(), depth: 0, nodes: 0 };
        if moves.len() <= 1 {
            return result;
        }
        // Nodes used when each iteration completed, to foresee the cost of the next ones.
        let mut used = [0u64; 256];
        for depth in 1..=settings.max_depth {
            let completed = self.search_root(pos, &mut moves, i32::from(depth));
            if !completed {
                break;
            }
            used[usize::from(depth)] = self.nodes;
            // Stable: ties keep the order of the previous iteration.
            moves.sort_by_key(|m| std::cmp::Reverse(m.score));
            let decisive = moves[0].score.abs() > WIN_THRESHOLD;
            if settings.max_depth < 4 {
                result.moves.clone_from(&moves);
                result.depth = depth;
                if decisive || self.nodes >= settings.node_budget / 2 {
                    break;
                }
                continue;
            }
            // A deep search answers from odd depths only (ending on its own move), so that its
            // choices do not swing with the parity its budget happened to reach; a win counts
            // whatever the depth. The even iteration in between only orders the moves for the
            // next odd one, so it is started only if that one is expected to finish: its cost
            // is foreseen from how much the last two plies multiplied the nodes.
            if depth % 2 == 1 || decisive {
                result.moves.clone_from(&moves);
                result.depth = depth;
                // The first plies, with their short move lists, say little about the later ones.
                let foreseen = if depth >= 5 {
                    self.nodes.saturating_mul((self.nodes / used[usize::from(depth) - 2].max(1)).max(2))
                } else {
                    self.nodes * 2
                };
                if decisive || foreseen > settings.node_budget {
                    break;
                }
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// One iteration at the root; false when aborted midway.
    fn search_root(&mut self, pos: &Position, moves: &mut [RootMove], depth: i32) -> bool {
        let mut alpha = -INFINITY;
        for (i, root) in moves.iter_mut().enumerate() {
            let mv = root.mv;
            let mut child = *pos;
            child.play_unchecked(mv);
            let score = if let Some(s) = self.repetition_score(&child) {
                s
            } else if self.settings.exact_root || i == 0 {
                self.child_score(&child, depth - 1, -INFINITY, INFINITY)
            } else {
                let s = self.child_score(&child, depth - 1, -alpha - 1, -alpha);
                if s > alpha && !self.aborted {
                    self.child_score(&child, depth - 1, -INFINITY, -alpha)
                } else {
                    s
                }
            };
            if self.aborted {
                return false;
            }
            let score = self.with_root_penalties(pos, mv, score);
            // A move that failed low keeps a score just below the best, in its old order.
            root.score = if score > alpha || self.settings.exact_root { score } else { alpha - 1 - i as i32 };
            if score > alpha {
                alpha = score;
            }
        }
        true
    }

    /// A root move's score with what undoing a recent move or idling costs.
    fn with_root_penalties(&self, pos: &Position, mv: Move, score: i32) -> i32 {
        let score = if let (Some(from), Some(to)) = (mv.from(), mv.to())
            && self.undo.contains(&(from.index(), to.index()))
        {
            score - REPEAT_PENALTY
        } else {
            score
        };
        if self.idle_penalty > 0 && !is_progress(pos, mv) { score - self.idle_penalty } else { score }
    }

    /// The exact score of one root move of the last search's position, searched `depth` plies
    /// deep with that search's game history, penalties and table (so mostly from the table):
    /// how a move proposed by other means is checked against the search's choice. `None` when
    /// the budget or the deadline ran out first. Its nodes are added to the last search's.
    pub(crate) fn score_move(&mut self, pos: &Position, mv: Move, depth: u8) -> Option<i32> {
        self.aborted = false;
        // A budget of its own: the search may have used all of its.
        let searched = std::mem::take(&mut self.nodes);
        let mut child = *pos;
        child.play_unchecked(mv);
        let score = match self.repetition_score(&child) {
            Some(s) => s,
            None => self.child_score(&child, i32::from(depth) - 1, -INFINITY, INFINITY),
        };
        self.nodes += searched;
        (!self.aborted).then(|| self.with_root_penalties(pos, mv, score))
    }

    /// Nodes visited since the last search started.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The score of `child` for the player who moved into it.
    fn child_score(&mut self, child: &Position, depth: i32, alpha: i32, beta: i32) -> i32 {
        self.path.push(child.hash());
        let s = -self.negamax(child, depth, -beta, -alpha, 1);
        self.path.pop();
        s
    }

    /// When the mover steps into a position seen in the game or on the search path: its value
    /// for the mover, with the penalty.
    fn repetition_score(&self, child: &Position) -> Option<i32> {
        let h = child.hash();
        // The penalty doubles with each time the game has already been there, so that no
        // evaluation, however much it likes a position, can hold a game in a cycle.
        let times = self.seen.get(&h).copied().unwrap_or(0);
        if times > 0 || self.path.contains(&h) {
            if child.is_over() {
                return None;
            }
            let penalty = REPEAT_PENALTY << times.saturating_sub(1).min(8);
            Some(-evaluate(child, &self.weights) - penalty)
        } else {
            None
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.settings.node_budget.saturating_mul(2) {
            // An iteration that started within the budget may overrun it, but not by more than this.
            self.aborted = true;
        } else if let Some(stop) = &mut self.stop
            && stop.poll(self.nodes, 1024)
        {
            self.aborted = true;
        }
        self.aborted
    }

    fn negamax(&mut self, pos: &Position, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        if let Some(outcome) = pos.outcome() {
            let win = WIN - ply as i32;
            return if outcome.winner == pos.turn() { win } else { -win };
        }
        if depth <= 0 {
            return evaluate(pos, &self.weights);
        }
        let key = pos.hash();
        let mut tt_move = None;
        if let Some(p) = self.tt.probe(key, ply) {
            tt_move = p.best;
            if i32::from(p.depth) >= depth {
                match p.bound {
                    Bound::Exact => return p.score,
                    Bound::Lower if p.score >= beta => return p.score,
                    Bound::Upper if p.score <= alpha => return p.score,
                    _ => {}
                }
            }
        }
        let original_alpha = alpha;
        let moves = self.ordered_moves(pos, tt_move, ply, self.settings.breadth);
        let mut best = -INFINITY;
        let mut best_move = None;
        for (i, &(_, mv)) in moves.iter().enumerate() {
            let mut child = *pos;
            child.play_unchecked(mv);
            let score = if let Some(s) = self.repetition_score(&child) {
                s
            } else {
                self.path.push(child.hash());
                let s = if i == 0 {
                    -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    let s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                    if s > alpha && s < beta && !self.aborted {
                        -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
                    } else {
                        s
                    }
                };
                self.path.pop();
                s
            };
            if self.aborted {
                self.recycle(moves);
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                self.reward(mv, ply, depth);
                break;
            }
        }
        self.recycle(moves);
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(key, ply, depth.clamp(0, 255) as u8, best, bound, best_move);
        best
    }

    fn reward(&mut self, mv: Move, ply: usize, depth: i32) {
        if let (Some(from), Some(to)) = (mv.from(), mv.to()) {
            let h = &mut self.history[from.index()][to.index()];
            *h = (*h + depth * depth).min(1 << 20);
        }
        if ply < MAX_PLY {
            let k = &mut self.killers[ply];
            if k[0] != Some(mv) {
                k[1] = k[0];
                k[0] = Some(mv);
            }
        }
    }

    fn recycle(&mut self, mut buffer: Vec<(i32, Move)>) {
        buffer.clear();
        self.buffers.push(buffer);
    }

    /// The legal moves worth searching, best first, at most `breadth` of them (the table move
    /// always kept). Ordering: table move, then forward progress, then killers and history.
    fn ordered_moves(
        &mut self,
        pos: &Position,
        tt_move: Option<Move>,
        ply: usize,
        breadth: usize,
    ) -> Vec<(i32, Move)> {
        let g: &Geometry = &GEOMETRY;
        let mut list = self.buffers.pop().unwrap_or_default();
        let legal = pos.legal_moves();
        let max_pivot = pos.rules().max_pivot_distance();
        let occupied = pos.occupied().bits();
        let limited = self.settings.max_hops < 64;
        let mut reach_cache = [None::<u128>; HOLE_COUNT];
        let killers = if ply < MAX_PLY { self.killers[ply] } else { [None; 2] };
        for &mv in &legal {
            let key = match mv {
                Move::Step { from, to } | Move::Jump { from, to } => {
                    if limited && matches!(mv, Move::Jump { .. }) {
                        let reach = *reach_cache[from.index()].get_or_insert_with(|| {
                            g.chain_reach(from.index(), occupied, max_pivot, self.settings.max_hops)
                        });
                        if reach >> to.index() & 1 == 0 {
                            continue;
                        }
                    }
                    let c = pos.colour_at(from).map_or(0, |c| c.index());
                    gain(g, c, from.index(), to.index())
                }
                Move::Swap { mine, theirs } => {
                    let c = pos.colour_at(mine).map_or(0, |c| c.index());
                    let e = pos.colour_at(theirs).map_or(0, |c| c.index());
                    gain(g, c, mine.index(), theirs.index()) + gain(g, e, mine.index(), theirs.index())
                }
                Move::Pass => 0,
            };
            let mut order = key * 4096;
            if Some(mv) == tt_move {
                order = i32::MAX;
            } else {
                if killers.contains(&Some(mv)) {
                    order += 2 * ROW * 4096;
                }
                if let (Some(from), Some(to)) = (mv.from(), mv.to()) {
                    order += self.history[from.index()][to.index()].min(4095);
                }
            }
            list.push((order, mv));
        }
        if list.is_empty() {
            // Every move was a long chain this level does not see: it still has to play.
            list.extend(legal.iter().map(|&mv| (0, mv)));
        }
        list.sort_by_key(|m| std::cmp::Reverse(m.0));
        list.truncate(breadth.max(1));
        list
    }
}
