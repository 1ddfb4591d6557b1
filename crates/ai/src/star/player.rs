//! The computer player of the star games: a level's paranoid search, its human-like mistakes,
//! the hint, and the greedy yardstick of the captures game.

use std::time::{Duration, Instant};

use tripot_engine::{GameKind, Hole, Rules, StarGame, StarMove, StarPosition};
use tripot_game::Cancel;

use crate::level::Level;
use crate::race::{MAX_MOVES, PlanStep, RaceProfile, plan};
use crate::rng::Rng;
use crate::stop::Stop;

use super::capture_search::{CaptureSearcher, Replies};
use super::eval::outcome_score;
use super::eval::units;
use super::foresight::Foresight;
use super::profile::StarProfile;
use super::search::{OpponentModel, RootMove, SearchSettings, StarSearcher, children, decided, order_key};
use super::table_reading::{TableReading, read_table};

/// What the last search did, for tournaments and curious users.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StarSearchInfo {
    /// Deepest completed iteration, in plies (0 when the move was forced).
    pub depth: u8,
    /// Positions visited.
    pub nodes: u64,
    /// The chosen move's score for the mover's unit.
    pub score: i32,
    /// Wall-clock time spent.
    pub elapsed: Duration,
}

/// A repeated position costs this much at the root, in tenths of a row: shuffling the same
/// marbles back and forth is never progress, and a third occurrence ends a Stern-Halma game.
const REPEAT_PENALTY: i32 = 40;

/// How many positions of the next seats' longest captures one careful answer may weigh: the
/// width of the careful answer times the seats after it.
const CAREFUL_WORK: usize = 12;

/// The widest beam of a star seat's race plan: the duel's Impossible keeps 12,000 positions a
/// move, which took 4 s for a whole halma-2 race under load 5; 3,000 found the same 27 moves
/// in 0.5 s (docs/ai.md).
const STAR_BEAM: usize = 3_000;

/// How much worse than the search's best (tenths of a row) the race planner's move may score
/// near the end of a race and still be played: a row, as in the duel.
const RACE_MARGIN: i32 = 10;

/// The race planner's beam near the end of a race with long jumps, where each position has
/// many more moves: with 3,000, halma-long-2 and halma-long-6 moves took 2.5 s (docs/ai.md).
const LONG_RACE_END_BEAM: usize = 300;

/// A computer player of a star game at a given level, for any seat. Deterministic: the same
/// level, seed and sequence of games give the same moves (unless the wall-clock safety net cuts
/// a search short on a far slower machine).
pub struct StarAi {
    level: Level,
    profile: StarProfile,
    rng: Rng,
    last: Option<StarSearchInfo>,
    /// Forces a model of the other units instead of the default for the table: for measurements.
    model: Option<OpponentModel>,
    /// The race planned for a seat alone, as the position (hash) before each move and the
    /// move: followed while the game goes as planned.
    plan: Vec<(u64, StarMove)>,
    /// The choices of the levels below, for the seats recognised as playing as one of them.
    foresight: Foresight,
}

impl StarAi {
    /// A player of `level` whose choices among near-equal moves follow `seed`.
    #[must_use]
    pub fn new(level: Level, seed: u64) -> StarAi {
        StarAi {
            level,
            profile: StarProfile::of(level),
            rng: Rng::new(seed),
            last: None,
            model: None,
            plan: Vec::new(),
            foresight: Foresight::default(),
        }
    }

    /// A player of `level` whose wall-clock safety net is lifted: its node budget alone decides,
    /// so that a seed plays the same moves on any machine, however loaded (the arena's measured
    /// games and the tests; a player facing a person keeps the net, [`StarAi::new`]).
    #[must_use]
    pub fn unhurried(level: Level, seed: u64) -> StarAi {
        StarAi::new(level, seed).without_time_cap()
    }

    /// This player with its wall-clock safety net lifted (see [`StarAi::unhurried`]).
    pub(crate) fn without_time_cap(mut self) -> StarAi {
        self.profile.time_cap = Duration::from_secs(3600);
        self
    }

    /// Lends this player a cache of the levels' choices (a simulated player shares its
    /// foreseer's)…
    pub(crate) fn lend_foresight(&mut self, foresight: Foresight) {
        self.foresight = foresight;
    }

    /// …and hands it back.
    pub(crate) fn take_foresight(&mut self) -> Foresight {
        std::mem::take(&mut self.foresight)
    }

    /// The seeded first round of the arena's games: a Débutant whose mistakes in the captures
    /// game are its races' (a few tenths of a piece, the second best one move in five), as
    /// before the captures beginner grabbed almost any capture. The openings, and so the games
    /// the measurements of docs/ai.md compare, stay those of the earlier figures.
    pub(crate) fn opening(seed: u64) -> StarAi {
        let mut ai = StarAi::new(Level::Debutant, seed);
        ai.profile.capture_noise = ai.profile.noise;
        ai.profile.capture_second_best = ai.profile.second_best;
        ai
    }

    /// A player that models the other units this way whatever the table: to compare the models.
    #[must_use]
    pub fn with_model(level: Level, seed: u64, model: OpponentModel) -> StarAi {
        StarAi { model: Some(model), ..StarAi::new(level, seed) }
    }

    /// The model of the other units used in `game` at a table of `units` units: paranoid
    /// between two (it is then exact minimax), each for itself in the races from three units on,
    /// and in the captures game from three seats on each other seat answering as it plays
    /// (`capture_search`; see docs/ai.md's measurements).
    #[must_use]
    pub fn default_model(game: GameKind, units: usize) -> OpponentModel {
        if game == GameKind::Captures && units > 2 {
            OpponentModel::LongestCapture
        } else if units <= 2 || game == GameKind::Captures {
            OpponentModel::Paranoid
        } else {
            OpponentModel::SelfInterest
        }
    }

    /// The level.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// What the last [`StarAi::choose`] did.
    #[must_use]
    pub fn last_search(&self) -> Option<StarSearchInfo> {
        self.last
    }

    /// The move this level plays for the seat to move in `game`. Always legal; `Pass` when that
    /// is the only move, or when the game is over (then it is not playable).
    ///
    /// A move that would eliminate the seat by the home rule (§4.6) is never chosen while
    /// another move exists.
    pub fn choose(&mut self, game: &StarGame) -> StarMove {
        self.choose_stoppable(game, None, None)
    }

    /// [`StarAi::choose`] that also stops at `at_most` (never later than the level's own time
    /// cap) or when `cancel` is raised: what `Player::choose` runs.
    pub(crate) fn choose_stoppable(
        &mut self,
        game: &StarGame,
        at_most: Option<Duration>,
        cancel: Option<Cancel>,
    ) -> StarMove {
        let started = Instant::now();
        let stop = Stop::new(started, self.profile.time_cap, at_most, cancel);
        let pos = game.position();
        let me = pos.turn();
        let mut roots = self.root_moves(game);
        if roots.len() <= 1 {
            self.last = Some(StarSearchInfo { depth: 0, nodes: 0, score: 0, elapsed: started.elapsed() });
            return roots.pop().map_or(StarMove::Pass, |rm| rm.mv);
        }
        if let Some(mv) = self.planned(pos, &roots) {
            self.last = Some(StarSearchInfo { depth: 0, nodes: 0, score: 0, elapsed: started.elapsed() });
            return mv;
        }
        let p = self.profile;
        let playing = pos.playing().count();
        let model =
            self.model.unwrap_or_else(|| StarAi::default_model(pos.variant().game(), units(pos).len()));
        // Each for itself, the others' replies are one move each: the same time buys a round
        // more, which the budget and the depth cap grow to spend.
        let (max_depth, budget) = match model {
            OpponentModel::Paranoid => (p.depth_for(playing), p.node_budget),
            OpponentModel::SelfInterest => (p.depth_for_self(playing), p.node_budget * p.self_budget),
            OpponentModel::LongestCapture => {
                return self.choose_capture(game, roots, started, &stop);
            }
        };
        let settings = SearchSettings { me, model, pairs: pos.variant().pairs(), breadth: p.breadth, budget };
        let mut searcher = StarSearcher::new(settings, stop.clone());
        // Weak levels need every root move's true score: their mistakes pick among them.
        let exact = p.noise > 0 || p.second_best > 0;
        let mut done = 0;
        let mut best_scores: Vec<(usize, i32)> = Vec::new();
        for depth in 1..=max_depth {
            if !searcher.iterate(&mut roots, depth, exact) && depth > 1 {
                break;
            }
            done = depth;
            // Best first, ties in the previous order: the next iteration looks at it first.
            let mut order: Vec<usize> = (0..roots.len()).collect();
            order.sort_by_key(|&i| std::cmp::Reverse(roots[i].score));
            roots = order.iter().map(|&i| roots[i].clone()).collect();
            best_scores = roots.iter().enumerate().map(|(i, rm)| (i, rm.score)).collect();
            if roots.first().is_some_and(|rm| decided(rm.score)) {
                break;
            }
        }
        let (mut index, mut score) = self.pick(&best_scores, p.noise, p.second_best);
        // Near the end of a race, the planner's move if the search (the others moving as it
        // expects) scores it within a row of its best.
        if done > 0
            && let Some(planned) = self.race_end(pos, &roots)
        {
            let mut check = StarSearcher::new(settings, stop);
            let mut line = [roots[planned].clone()];
            if check.iterate(&mut line, done, true) && line[0].score >= score - RACE_MARGIN {
                (index, score) = (planned, line[0].score);
            }
        }
        self.last =
            Some(StarSearchInfo { depth: done, nodes: searcher.nodes(), score, elapsed: started.elapsed() });
        roots.get(index).map_or(StarMove::Pass, |rm| rm.mv.clone())
    }

    /// A Stern-Halma seat alone (no other marble can move: the others have finished, or are
    /// stuck for good) races as the duel's race planner plans it, at Difficile and Impossible
    /// (as in the duel): a beam search over its own moves to fill its goal, the other marbles
    /// as obstacles. Each planned move is played only if it is one of the legal root moves
    /// (which keep the rules of ends, of the goal and of the home); otherwise the search
    /// chooses, and the next move is planned again.
    fn planned(&mut self, pos: &StarPosition, roots: &[RootMove]) -> Option<StarMove> {
        let variant = pos.variant();
        if variant.game() != GameKind::Halma
            || variant.fifteen()
            || variant.pairs()
            || !matches!(self.level, Level::Difficile | Level::Impossible)
        {
            return None;
        }
        let me = pos.turn();
        let others = variant.seats().iter().filter(|&&s| s != me);
        let mut obstacles = 0u128;
        for &seat in others {
            let marbles = pos.marbles(seat);
            if marbles.iter().any(|h| !pos.destinations(h).is_empty()) {
                self.plan.clear();
                return None;
            }
            obstacles |= marbles.bits();
        }
        if self.plan.first().is_none_or(|(hash, _)| *hash != pos.hash()) {
            self.plan = self.plan_race(pos, obstacles).unwrap_or_default();
        }
        let (hash, mv) = self.plan.first().cloned()?;
        if hash != pos.hash() || !roots.iter().any(|rm| rm.mv == mv) {
            self.plan.clear();
            return None;
        }
        self.plan.remove(0);
        Some(mv)
    }

    /// Near the end of a Stern-Halma race (its marbles' total distance to the goal at most the
    /// level's `race_from`), the index among `roots` of the race planner's first move (the other
    /// marbles as fixed obstacles), unless it is already the first: as the duel's Impossible,
    /// since a search does not plan the last ladders (the solitaire took 35 moves by search, 27
    /// planned). The caller plays it if the search scores it within `RACE_MARGIN` of the best.
    fn race_end(&self, pos: &StarPosition, roots: &[RootMove]) -> Option<usize> {
        let variant = pos.variant();
        if self.profile.race_from == 0
            || variant.game() != GameKind::Halma
            || variant.fifteen()
            || variant.pairs()
        {
            return None;
        }
        let me = pos.turn();
        if pos.total_distance(me) > self.profile.race_from {
            return None;
        }
        let obstacles =
            variant.seats().iter().filter(|&&s| s != me).fold(0u128, |all, &s| all | pos.marbles(s).bits());
        let beam = if variant.long_jumps() { LONG_RACE_END_BEAM } else { STAR_BEAM };
        let steps = self.race_steps(pos, obstacles, beam)?;
        let &(from, to, _) = steps.first()?;
        let index = roots.iter().position(|rm| {
            rm.mv.from().map(Hole::index) == Some(from) && rm.mv.to().map(Hole::index) == Some(to)
        })?;
        (index != 0).then_some(index)
    }

    /// The duel's race planner on the star board: the seat to move's race to its goal around
    /// the fixed `obstacles`, with this level's beam (at most `beam`) and chain length.
    fn race_steps(&self, pos: &StarPosition, obstacles: u128, beam: usize) -> Option<Vec<PlanStep>> {
        let me = pos.turn();
        let pivot = pos.variant().max_pivot_distance();
        let rules = Rules::ALL.into_iter().find(|r| r.max_pivot_distance() == pivot)?;
        let race = RaceProfile::of(self.level);
        plan(&[(me, pos.marbles(me).bits())], obstacles, rules, race.beam.min(beam), race.max_hops, MAX_MOVES)
    }

    /// The race of the seat to move alone, as positions and moves, or `None` when the planner
    /// finds none or plans a move the engine does not list.
    fn plan_race(&self, pos: &StarPosition, obstacles: u128) -> Option<Vec<(u64, StarMove)>> {
        let me = pos.turn();
        let steps = self.race_steps(pos, obstacles, STAR_BEAM)?;
        let mut at = *pos;
        let mut moves = Vec::with_capacity(steps.len());
        for (from, to, _) in steps {
            // The other seats pass meanwhile; the planned move is one the engine lists.
            while at.turn() != me {
                at = at.play(&StarMove::Pass).ok()?;
            }
            let mv = at
                .legal_moves()
                .into_iter()
                .find(|m| m.from().map(Hole::index) == Some(from) && m.to().map(Hole::index) == Some(to))?;
            moves.push((at.hash(), mv.clone()));
            at = at.play(&mv).ok()?;
        }
        Some(moves)
    }

    /// The captures game from three seats on: our moves `0..=own` more deep in width, the
    /// others' answers as each is expected to play (read from the table at the upper levels,
    /// which foresee the next answers of a seat they recognise as a level below by running
    /// it), scored at our next turn.
    fn choose_capture(
        &mut self,
        game: &StarGame,
        mut roots: Vec<RootMove>,
        started: Instant,
        stop: &Stop,
    ) -> StarMove {
        let pos = game.position();
        let p = self.profile;
        let seats = pos.variant().seats().len();
        // Up to four seats only: at five and six, reading every seat by running Moyen cost
        // Impossible a median 1.2–1.3 s a move in captures-long-6 and did not place it better
        // (docs/ai.md).
        let known = if seats <= 4 { Foresight::known_below(self.level) } else { &[] };
        // Each other seat's careful answer costs its width times a round of longest captures:
        // narrower as the table grows, and hedging (both answers, at every seat) only up to
        // four seats, where it costs at most eight lines a round.
        let reading = match p.capture_replies {
            Replies::Considered(width) => {
                let width = width.min(CAREFUL_WORK / seats.saturating_sub(1).max(1)).max(2);
                if p.capture_reads {
                    read_table(
                        game,
                        pos.turn(),
                        width,
                        p.capture_hedges && seats <= 4,
                        known,
                        &mut self.foresight,
                    )
                } else {
                    TableReading::expecting(Replies::Considered(width))
                }
            }
            other => TableReading::expecting(other),
        };
        let replies = reading.replies;
        let mut searcher =
            CaptureSearcher::new(pos.turn(), replies, p.breadth, p.capture_budget, stop.clone());
        // A root move the first iteration could not score (the budget ran out) is not played
        // unless none was scored; they come longest first.
        for rm in &mut roots {
            rm.score = -i32::MAX / 2;
        }
        // The seats that answer next and were recognised: their answers to our best few moves
        // (by the cheap models) are foreseen by running their level, and the search goes on
        // from there. The other root moves are dropped.
        let next = roots.first().map(|rm| rm.child.turn());
        if p.capture_foresee > 0 && next.is_some_and(|s| reading.plays_as[s.index()].is_some()) {
            searcher.iterate(&mut roots, 0);
            roots.sort_by_key(|rm| std::cmp::Reverse(rm.score));
            roots.truncate(p.capture_foresee);
            // A safety net as the searches' own: past half the wall-clock cap (a far slower
            // machine), the moves not foreseen yet are dropped, the best first kept.
            let mut foreseen = 0;
            for rm in &mut roots {
                if foreseen > 0 && stop.halfway() {
                    break;
                }
                rm.child = self.foreseen(game, &rm.mv, &reading.plays_as);
                rm.score = -i32::MAX / 2;
                foreseen += 1;
            }
            roots.truncate(foreseen);
        }
        let mut done = 0;
        let mut best_scores: Vec<(usize, i32)> = Vec::new();
        for own in 0..=p.capture_own {
            if !searcher.iterate(&mut roots, own) && own > 0 {
                break;
            }
            done = own + 1;
            let mut order: Vec<usize> = (0..roots.len()).collect();
            order.sort_by_key(|&i| std::cmp::Reverse(roots[i].score));
            roots = order.iter().map(|&i| roots[i].clone()).collect();
            best_scores = roots.iter().enumerate().map(|(i, rm)| (i, rm.score)).collect();
            if searcher.aborted() {
                break;
            }
        }
        let (index, score) = self.pick(&best_scores, p.capture_noise, p.capture_second_best);
        self.last =
            Some(StarSearchInfo { depth: done, nodes: searcher.nodes(), score, elapsed: started.elapsed() });
        roots.get(index).map_or(StarMove::Pass, |rm| rm.mv.clone())
    }

    /// The position after our move `mv` and the answers of the seats after us that were
    /// recognised as playing as a level below, up to the first that was not (or our turn).
    fn foreseen(&mut self, game: &StarGame, mv: &StarMove, plays_as: &[Option<Level>; 6]) -> StarPosition {
        let me = game.position().turn();
        let mut line = game.clone();
        if line.play(mv).is_err() {
            return *game.position();
        }
        while line.outcome().is_none() {
            let seat = line.position().turn();
            let Some(level) = plays_as[seat.index()].filter(|_| seat != me) else {
                break;
            };
            let answer = self.foresight.choice(level, &line);
            if line.play(&answer).is_err() {
                break;
            }
        }
        *line.position()
    }

    /// The root moves: every distinct move, those that break the home rule left out unless
    /// nothing else is left, each with the repetition it would make.
    fn root_moves(&self, game: &StarGame) -> Vec<RootMove> {
        let pos = game.position();
        let me = pos.turn();
        let all = children(pos, usize::MAX);
        let safe: Vec<(StarMove, StarPosition)> =
            all.iter().filter(|(mv, _)| !pos.eliminates(mv)).cloned().collect();
        let kept = if safe.is_empty() { all } else { safe };
        kept.into_iter()
            .map(|(mv, child)| {
                let mut after = game.clone();
                // The move comes from the legal list, so it plays; if it did not, it is simply
                // judged by its position.
                let played = after.play(&mv).is_ok();
                let fixed = if played && pos.variant().game() == GameKind::Halma {
                    after.outcome().map(|o| outcome_score(&o, after.position(), me))
                } else {
                    None
                };
                let penalty = if played && after.occurrences() >= 2 { REPEAT_PENALTY } else { 0 };
                RootMove { mv, child, fixed, penalty, score: 0 }
            })
            .collect()
    }

    /// The level's choice among the scored root moves (best first): the best, unless its
    /// misjudgement or a slip picks another.
    fn pick(&mut self, scored: &[(usize, i32)], noise: i32, second_best: u32) -> (usize, i32) {
        let Some(&best) = scored.first() else {
            return (0, 0);
        };
        if noise == 0 && second_best == 0 {
            return best;
        }
        // A decided game is not misjudged: even a beginner takes a win it sees.
        if decided(best.1) {
            return best;
        }
        let mut noisy: Vec<(usize, i32)> =
            scored.iter().map(|&(i, s)| (i, s.saturating_add(self.rng.symmetric(noise)))).collect();
        noisy.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        if noisy.len() > 1 && self.rng.chance(second_best) {
            return noisy[1];
        }
        noisy[0]
    }
}

/// The hint for a human in a star game: the move Difficile would play (seed 0, so the same
/// position always gets the same hint).
#[must_use]
pub fn star_hint(game: &StarGame) -> StarMove {
    StarAi::new(Level::Difficile, 0).choose(game)
}

/// The greedy player: the longest capture in the captures game (the most forward move in the
/// race games), the first of the engine's list on a tie. The yardstick Impossible must beat.
#[must_use]
pub fn greedy_capture(pos: &StarPosition) -> StarMove {
    let moves = pos.legal_moves();
    let mut best: Option<(StarMove, i32)> = None;
    for mv in moves {
        let key = order_key(pos, &mv);
        if best.as_ref().is_none_or(|(_, k)| key > *k) {
            best = Some((mv, key));
        }
    }
    best.map_or(StarMove::Pass, |(mv, _)| mv)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use tripot_engine::{Colour, Variant};

    use super::*;

    /// S's marbles, 30 or less from its goal in all, in a seeded halma-3 game (Impossible in S
    /// against two Moyen, seed 0, ply 141).
    const NEAR_THE_END: &str = "S:NEi10,f9,h9,e7,f7,e6,g6,i6,g5,k5:Se17,e16,f15,e14,f13,h13,e12,g11,f8,j6:\
                                NWi13,l10,i9,l8,l7,n6,o6,l5,n5,p5 moves=47";

    #[test]
    fn near_the_end_of_a_stern_halma_race_impossible_weighs_the_race_planners_move() {
        let variant: Variant = "halma-3".parse().unwrap();
        let pos = StarPosition::parse(NEAR_THE_END, variant).unwrap();
        assert!(pos.total_distance(Colour::S) <= StarProfile::of(Level::Impossible).race_from);
        let game = StarGame::new(pos);
        // The node budget alone decides, not the wall-clock safety net: on a loaded machine the
        // net cuts the searches short and the moves would depend on the load.
        let mut plain = StarAi::unhurried(Level::Impossible, 0);
        plain.profile.race_from = 0;
        let searched = plain.choose(&game);
        let planned = StarAi::unhurried(Level::Impossible, 0).choose(&game);
        assert_eq!(planned.to_string(), "e12-f11");
        assert_ne!(searched, planned, "the search alone chose the planned move too");
        // Difficile does not plan the end of a race.
        assert_eq!(StarProfile::of(Level::Difficile).race_from, 0);
    }
}
