//! The computer opponent: a level's search plus its human-like mistakes.

use std::time::{Duration, Instant};

use tripot_engine::{Colour, Format, Hole, Move, Position};
use tripot_game::Cancel;

use crate::eval::{ROW, WIN_THRESHOLD, Weights};
use crate::level::Level;
use crate::race::plan;
use crate::rng::Rng;
use crate::search::{Searcher, Settings};
use crate::stop::Stop;

/// Optional limits on one search, on top of the level's own.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time for the move. A search stopped by time is no longer reproducible.
    pub time: Option<Duration>,
    /// Nodes, replacing the level's budget.
    pub nodes: Option<u64>,
    /// Deepest iteration in plies, replacing the level's.
    pub depth: Option<u8>,
}

/// What the last search did, for tournaments and curious users.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchInfo {
    /// Deepest completed iteration, in plies (0 when the move was forced).
    pub depth: u8,
    /// Positions visited.
    pub nodes: u64,
    /// The chosen move's score for the mover, in tenths of a row.
    pub score: i32,
    /// Wall-clock time spent.
    pub elapsed: Duration,
}

/// How a level plays: its search and its mistakes.
#[derive(Debug, Clone, Copy)]
struct Profile {
    search: Settings,
    /// Misjudgement added to each root move's score, up to this many tenths of a row.
    noise: i32,
    /// Chance, per thousand moves, of playing the second best move instead of the best.
    second_best: u32,
    /// Transposition table size, as a power of two.
    tt_bits: u32,
    /// Wall-clock safety net, reached only on a machine far slower than expected.
    time_cap: Duration,
    /// Beam width of the race planner once the armies have passed each other (0: never).
    race_beam: usize,
    /// Distance to the goal, in rows per colour, from which the race planner proposes moves
    /// even before the armies have passed (0: only once they have).
    race_from: u16,
    /// How much worse than its own choice, in tenths of a row, the search may score a move the
    /// planner proposes before the armies have passed, and still let it be played.
    race_margin: i32,
    /// The evaluation's weights.
    weights: Weights,
}

impl Profile {
    fn of(level: Level) -> Profile {
        let s = |max_depth, node_budget, max_hops, root_breadth, breadth, exact_root| Settings {
            max_depth,
            node_budget,
            max_hops,
            root_breadth,
            breadth,
            exact_root,
        };
        let ms = Duration::from_millis;
        match level {
            Level::Debutant => Profile {
                search: s(1, 2_000, 2, 40, 1, true),
                noise: 20,
                second_best: 200,
                tt_bits: 10,
                time_cap: ms(200),
                race_beam: 0,
                race_from: 0,
                race_margin: 0,
                weights: Weights::STANDARD,
            },
            Level::Facile => Profile {
                search: s(2, 20_000, 3, 60, 10, true),
                noise: 10,
                second_best: 100,
                tt_bits: 14,
                time_cap: ms(500),
                race_beam: 0,
                race_from: 0,
                race_margin: 0,
                weights: Weights::STANDARD,
            },
            Level::Moyen => Profile {
                search: s(3, 15_000, 4, 40, 6, true),
                noise: 5,
                second_best: 60,
                tt_bits: 16,
                time_cap: ms(1000),
                race_beam: 0,
                race_from: 0,
                race_margin: 0,
                weights: Weights::STANDARD,
            },
            Level::Difficile => Profile {
                search: s(3, 20_000, u32::MAX, 400, 16, false),
                noise: 0,
                second_best: 0,
                tt_bits: 18,
                time_cap: ms(1000),
                race_beam: 300,
                race_from: 0,
                race_margin: 0,
                weights: Weights::STANDARD,
            },
            Level::Impossible => Profile {
                search: s(7, 250_000, u32::MAX, 400, 12, false),
                noise: 0,
                second_best: 0,
                tt_bits: 20,
                time_cap: ms(2500),
                race_beam: 3000,
                race_from: 30,
                race_margin: ROW,
                weights: Weights::LOOKAHEAD,
            },
        }
    }
}

/// A move of the race planner, and whether the search must check it first.
#[derive(Debug, Clone, Copy)]
struct Planned {
    mv: Move,
    checked: bool,
}

/// A computer player of a given level. Deterministic: the same level, seed and sequence of
/// positions give the same moves (unless a wall-clock limit cuts a search short).
pub struct Ai {
    level: Level,
    profile: Profile,
    rng: Rng,
    searcher: Searcher,
    last: Option<SearchInfo>,
    /// The position after each of our recent moves, with the move: undoing one is shuffling.
    recent: Vec<(u64, Move)>,
    /// The position after each of our last moves, and whether the move brought a pawn closer to
    /// its goal: a run of moves that did not is stalling, which a game cannot afford forever.
    progress: Vec<(u64, bool)>,
}

impl Ai {
    /// A player of `level` whose choices among near-equal moves follow `seed`.
    #[must_use]
    pub fn new(level: Level, seed: u64) -> Ai {
        Ai::with_weights(level, seed, Profile::of(level).weights)
    }

    /// A player of `level` whose wall-clock safety net is lifted: its node budget alone decides,
    /// so that a seed plays the same moves on any machine, however loaded (tests and
    /// measurements; a player facing a person keeps the net, [`Ai::new`]).
    #[must_use]
    pub fn unhurried(level: Level, seed: u64) -> Ai {
        Ai::new(level, seed).without_time_cap()
    }

    /// This player with its wall-clock safety net lifted (see [`Ai::unhurried`]); a caller's
    /// own time limit ([`Limits::time`]) still holds.
    pub(crate) fn without_time_cap(mut self) -> Ai {
        self.profile.time_cap = Duration::from_secs(3600);
        self
    }

    /// The evaluation weights a level uses.
    #[must_use]
    pub fn weights_of(level: Level) -> Weights {
        Profile::of(level).weights
    }

    /// A player of `level` evaluating positions with other weights: for tuning by measurement.
    #[must_use]
    pub fn with_weights(level: Level, seed: u64, weights: Weights) -> Ai {
        let profile = Profile::of(level);
        Ai {
            level,
            profile,
            rng: Rng::new(seed),
            searcher: Searcher::new(profile.tt_bits, profile.search, weights),
            last: None,
            recent: Vec::new(),
            progress: Vec::new(),
        }
    }

    /// The level.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// What the last [`Ai::choose`] did.
    #[must_use]
    pub fn last_search(&self) -> Option<SearchInfo> {
        self.last
    }

    /// The move this level plays in `position`.
    ///
    /// `history` holds the hashes ([`Position::hash`]) of the game's positions so far, oldest
    /// first (the current one may be included): moves back into them are avoided, so the
    /// computer never shuffles. The position must not be over; if it is, `Move::Pass` comes
    /// back. The move is always legal; it is `Move::Pass` only when that is the only move.
    pub fn choose(&mut self, position: &Position, history: &[u64]) -> Move {
        self.choose_with_limits(position, history, Limits::default())
    }

    /// [`Ai::choose`] with extra limits (a time budget for `tripot bestmove --time-ms`).
    pub fn choose_with_limits(&mut self, position: &Position, history: &[u64], limits: Limits) -> Move {
        self.choose_stoppable(position, history, limits, None, None)
    }

    /// [`Ai::choose_with_limits`] that also stops at `at_most` (never later than the level's
    /// own time) or when `cancel` is raised: what `Player::choose` runs.
    pub(crate) fn choose_stoppable(
        &mut self,
        position: &Position,
        history: &[u64],
        limits: Limits,
        at_most: Option<Duration>,
        cancel: Option<Cancel>,
    ) -> Move {
        let start = Instant::now();
        let mut settings = self.profile.search;
        // A node costs more with more pawns (longer move lists, more chains): keep the time
        // per move about the same in every format.
        settings.node_budget = match position.format() {
            Format::One => settings.node_budget,
            Format::Two => settings.node_budget * 2 / 3,
            Format::Three => settings.node_budget / 2,
        };
        if let Some(nodes) = limits.nodes {
            settings.node_budget = nodes.max(1);
        }
        if let Some(depth) = limits.depth {
            settings.max_depth = depth.max(1);
        }
        let budget = limits.time.map_or(self.profile.time_cap, |t| t.min(self.profile.time_cap.max(t)));
        if limits.time.is_some() {
            // A caller's time budget replaces the node budget: search as deep as the time allows.
            settings.node_budget = limits.nodes.unwrap_or(u64::MAX / 4);
            settings.max_depth = limits.depth.unwrap_or(settings.max_depth.max(12));
        }
        let stop = Some(Stop::new(start, budget, at_most, cancel));
        // Our own recent moves still on the record of this game (the opponent may have moved
        // other pawns since, so the position itself would not repeat).
        let window = &history[history.len().saturating_sub(8)..];
        let undo: Vec<(usize, usize)> = self
            .recent
            .iter()
            .filter(|(after, _)| window.contains(after))
            .filter_map(|(_, m)| Some((m.to()?.index(), m.from()?.index())))
            .collect();
        let planned = self.race_move(position, history);
        if let Some(Planned { mv, checked: false }) = planned {
            self.last = Some(SearchInfo { depth: 0, nodes: 0, score: 0, elapsed: start.elapsed() });
            self.note_progress(position, mv);
            return mv;
        }
        let stall = self.stall(history);
        // Two idle moves in a row are allowed (waiting can be right); after that every idle
        // move costs more, so that two players each waiting for the other cannot stall a game.
        let idle_penalty = if stall >= 2 { (stall as i32 - 1) * 3 * ROW } else { 0 };
        let result = self.searcher.search(position, history, &undo, idle_penalty, settings, stop);
        let (mut mv, mut score) = self.pick(position, &result.moves);
        // The planned move, unless the search sees it give the opponent too much.
        if let Some(Planned { mv: planned, .. }) = planned
            && planned != mv
            && result.depth > 0
            && let Some(planned_score) = self.searcher.score_move(position, planned, result.depth)
            && planned_score >= score - self.profile.race_margin
        {
            (mv, score) = (planned, planned_score);
        }
        self.note_progress(position, mv);
        if !matches!(mv, Move::Pass | Move::Swap { .. }) {
            let mut after = *position;
            after.play_unchecked(mv);
            self.recent.push((after.hash(), mv));
            if self.recent.len() > 4 {
                self.recent.remove(0);
            }
        }
        self.last = Some(SearchInfo {
            depth: result.depth,
            nodes: self.searcher.nodes(),
            score,
            elapsed: start.elapsed(),
        });
        mv
    }

    /// How many of our last moves in a row, in this game, brought no pawn closer to its goal.
    fn stall(&self, history: &[u64]) -> usize {
        let window = &history[history.len().saturating_sub(40)..];
        self.progress
            .iter()
            .rev()
            .take_while(|(after, progressed)| !progressed && window.contains(after))
            .count()
    }

    fn note_progress(&mut self, position: &Position, mv: Move) {
        let mut after = *position;
        after.play_unchecked(mv);
        self.progress.push((after.hash(), is_progress(position, mv)));
        if self.progress.len() > 16 {
            self.progress.remove(0);
        }
    }

    /// Once the armies have passed each other (format 1: every S pawn above every N pawn), the
    /// game is two separate races: the best move is the first of the shortest race, which a
    /// depth-limited search does not find. A level with a `race_from` also plans, in every
    /// format, once its camp is that close to its goals: the enemy pawns still about are taken
    /// as fixed and the plan is made again at each move, but since they still move, the planned
    /// move must then pass the search (`checked`). `None` when not in such an ending, or no plan
    /// (an enemy pawn in a goal, say: the search handles the swap).
    fn race_move(&self, position: &Position, history: &[u64]) -> Option<Planned> {
        if self.profile.race_beam == 0 {
            return None;
        }
        let me = position.turn();
        let colours = position.format().colours(me);
        let rows = |c: Colour| position.pawns(c).iter().map(|h| h.axial().1);
        let passed = position.format() == Format::One && rows(Colour::S).min() > rows(Colour::N).max();
        let race_from = usize::from(self.profile.race_from);
        let near = race_from > 0 && usize::from(position.total_distance(me)) <= race_from * colours.len();
        if !passed && !near {
            return None;
        }
        let runners: Vec<(Colour, u128)> = colours.iter().map(|&c| (c, position.pawns(c).bits())).collect();
        let theirs = position.camp_pawns(me.other()).bits();
        // Wider camps have more moves per position: the same beam would take twice or three
        // times as long.
        let beam = self.profile.race_beam / colours.len();
        let steps = plan(&runners, theirs, position.rules(), beam, u32::MAX, 60)?;
        let &(from, to, _) = steps.first()?;
        let (from, to) = (Hole::new(from as u8)?, Hole::new(to as u8)?);
        let mv = if from.distance(to) == 1 { Move::Step { from, to } } else { Move::Jump { from, to } };
        let mut after = *position;
        after.play_unchecked(mv);
        (position.is_legal(mv) && !history.contains(&after.hash()))
            .then_some(Planned { mv, checked: !passed })
    }

    /// The best move, or with this level's misjudgement, a close one.
    fn pick(&mut self, position: &Position, moves: &[crate::search::RootMove]) -> (Move, i32) {
        let Some(best) = moves.first() else { return (Move::Pass, 0) };
        // Every level sees a win in one, and nobody blunders into a lost position on purpose.
        if best.score > WIN_THRESHOLD || moves.len() == 1 || self.profile.noise == 0 {
            return (best.mv, best.score);
        }
        let mut judged: Vec<(i32, usize)> = moves
            .iter()
            .enumerate()
            .filter(|(i, m)| *i == 0 || (m.score > -WIN_THRESHOLD && is_natural(position, m.mv)))
            .map(|(i, m)| (m.score + self.rng.symmetric(self.profile.noise), i))
            .collect();
        if judged.is_empty() {
            return (best.mv, best.score);
        }
        judged.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let pick = if judged.len() > 1 && self.rng.chance(self.profile.second_best) { 1 } else { 0 };
        let chosen = &moves[judged[pick].1];
        (chosen.mv, chosen.score)
    }
}

/// Whether a move is one a player might plausibly prefer by mistake: forward or sideways, and
/// not out of the goal. Mistakes are chosen among those only, so that a weak level misjudges
/// races instead of shuffling backwards.
fn is_natural(position: &Position, mv: Move) -> bool {
    let g: &crate::geometry::Geometry = &crate::geometry::GEOMETRY;
    match mv {
        Move::Step { from, to } | Move::Jump { from, to } => {
            let c = position.colour_at(from).map_or(0, |c| c.index());
            let leaves_goal =
                g.goal_mask[c] >> from.index() & 1 == 1 && g.goal_mask[c] >> to.index() & 1 == 0;
            crate::eval::gain(g, c, from.index(), to.index()) >= 0 && !leaves_goal
        }
        Move::Swap { .. } | Move::Pass => true,
    }
}

/// Whether a move brings one of the mover's pawns closer to its goal (a swap always does: it is
/// only offered to free a stuck pawn or to finish).
pub(crate) fn is_progress(position: &Position, mv: Move) -> bool {
    let g: &crate::geometry::Geometry = &crate::geometry::GEOMETRY;
    match mv {
        Move::Step { from, to } | Move::Jump { from, to } => {
            let c = position.colour_at(from).map_or(0, |c| c.index());
            crate::eval::gain(g, c, from.index(), to.index()) > 0
        }
        Move::Swap { .. } => true,
        Move::Pass => false,
    }
}

/// The hint ("Indice"): the move the Difficile level would play for the side to move, found in
/// well under a second. `history` as for [`Ai::choose`].
#[must_use]
pub fn hint(position: &Position, history: &[u64]) -> Move {
    let mut ai = Ai::new(Level::Difficile, 0);
    ai.profile.time_cap = Duration::from_millis(900);
    ai.choose(position, history)
}
