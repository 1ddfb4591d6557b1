//! A game being played: the moves so far, and the player's selection while choosing a move.
//!
//! Nothing here draws or reads the terminal; the handlers call these methods and the UI reads
//! the state back.

use tripot_engine::{Camp, Hole, HoleSet, Move, Notation, Outcome, Path, Position};

use super::setup::Setup;

/// A move that was played, as it will be written in the history and the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// Its full path (or swap, or pass).
    pub notation: Notation,
}

/// The pawn a player has picked, and the hops of a chain being built from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    /// The holes visited so far, the pawn's start first. One hole: nothing played yet.
    pub path: Path,
}

impl Selection {
    /// The pawn picked: the hole its move starts from.
    pub fn from(&self) -> Hole {
        self.path[0]
    }

    /// Where the pawn stands now: its start, or the end of the hops made so far.
    pub fn end(&self) -> Hole {
        self.path[self.path.len() - 1]
    }

    /// Whether a hop has been made already (the pawn can no longer be changed).
    pub fn chain_started(&self) -> bool {
        self.path.len() > 1
    }
}

/// Why a typed move was not played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TypedMoveError {
    /// Not the player's turn.
    #[error("it is not your turn")]
    NotYourTurn,
    /// Not a move in notation.
    #[error("{0}")]
    Notation(tripot_engine::NotationError),
    /// Not a legal move here.
    #[error("{0}")]
    Illegal(tripot_engine::IllegalMove),
}

/// The item after (or before, `step` -1) `from` in `list`, cycling; the first when `from` is
/// not in it.
fn next_in_cycle(list: &[Hole], from: Hole, step: i8) -> Option<Hole> {
    if list.is_empty() {
        return None;
    }
    let n = list.len() as isize;
    let i = match list.iter().position(|&h| h == from) {
        Some(i) => (i as isize + isize::from(step)).rem_euclid(n),
        None if step < 0 => n - 1,
        None => 0,
    };
    list.get(i as usize).copied()
}

/// What a selected pawn can do, for drawing and for clicks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Targets {
    /// Empty neighbours (a step), before any hop.
    pub steps: HoleSet,
    /// Ends of jump chains (before any hop: every chain-reachable hole; during a chain: the
    /// next hops).
    pub jumps: HoleSet,
    /// Enemy pawns the selected pawn may swap with.
    pub swaps: HoleSet,
}

impl Targets {
    /// Whether the pawn has anywhere to go.
    pub fn any(&self) -> bool {
        !(self.steps | self.jumps | self.swaps).is_empty()
    }
}

/// What a click or Enter on a hole did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Nothing happened (not the player's pawn, not a target).
    Nothing,
    /// A pawn was picked (or another one instead).
    Selected,
    /// The selection was dropped.
    Deselected,
    /// A hop was added to the chain being built.
    Hopped,
    /// A move is ready to be played.
    Play(Played),
}

/// One game: its set-up, every position reached, every move played, and the UI state that
/// belongs to the game (cursor, selection, hint).
#[derive(Debug, Clone)]
pub struct Game {
    /// Mode, format, rules, who opened.
    pub setup: Setup,
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    pub positions: Vec<Position>,
    /// The moves played.
    pub moves: Vec<Played>,
    /// The hole the keyboard cursor is on.
    pub cursor: Hole,
    /// The pawn picked and the hops made, while a move is being built.
    pub selection: Option<Selection>,
    /// The computer's suggestion, shown until the next move.
    pub hint: Option<Played>,
    /// Whether the board's coordinates are drawn.
    pub show_coords: bool,
    /// The opponent's name, online.
    pub opponent: Option<String>,
}

impl Game {
    /// A game starting from `start` (normally `Position::start`, or any position for tests).
    #[must_use]
    pub fn new(setup: Setup, start: Position) -> Game {
        let cursor = start_cursor(&start, setup.first_human(start.turn()));
        Game {
            setup,
            positions: vec![start],
            moves: Vec::new(),
            cursor,
            selection: None,
            hint: None,
            show_coords: false,
            opponent: None,
        }
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        // `positions` is never empty: it starts with the start position.
        &self.positions[self.positions.len() - 1]
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played so far.
    #[must_use]
    pub fn moves(&self) -> &[Played] {
        &self.moves
    }

    /// The hole under the keyboard cursor.
    #[must_use]
    pub fn cursor(&self) -> Hole {
        self.cursor
    }

    /// The holes of the chain being built (the selected pawn first), if a pawn is selected.
    #[must_use]
    pub fn selection_path(&self) -> Option<Vec<Hole>> {
        self.selection.as_ref().map(|s| s.path.to_vec())
    }

    /// Who won, once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.position().outcome()
    }

    /// Hashes of every position so far, for the computer's repetition avoidance.
    pub fn history_hashes(&self) -> Vec<u64> {
        self.positions.iter().map(Position::hash).collect()
    }

    /// The camp that played move `i`.
    pub fn mover_of(&self, i: usize) -> Camp {
        self.positions[i].turn()
    }

    /// The last move, if any, with the position it was played from.
    pub fn last_move(&self) -> Option<(&Position, &Played)> {
        let n = self.moves.len();
        if n == 0 { None } else { Some((&self.positions[n - 1], &self.moves[n - 1])) }
    }

    /// Whether a human plays now (and the game is not over).
    pub fn human_to_move(&self) -> bool {
        !self.position().is_over() && self.setup.is_human(self.position().turn())
    }

    /// Appends a move; the caller has checked it is legal.
    pub fn push(&mut self, played: Played) {
        let mut next = *self.position();
        next.play_unchecked(played.mv);
        self.positions.push(next);
        self.moves.push(played);
        self.selection = None;
        self.hint = None;
    }

    /// What the selected pawn can do now.
    pub fn targets(&self) -> Targets {
        let Some(selection) = &self.selection else { return Targets::default() };
        let position = self.position();
        if selection.chain_started() {
            return Targets { jumps: next_hops(position, &selection.path), ..Targets::default() };
        }
        let from = selection.from();
        let steps = position.empty_neighbours(from);
        let swaps = position
            .swaps()
            .iter()
            .filter_map(|m| match *m {
                Move::Swap { mine, theirs } if mine == from => Some(theirs),
                _ => None,
            })
            .collect();
        Targets { steps, jumps: position.destinations(from) - steps, swaps }
    }

    /// The path shown while the cursor rests on a target: the hops so far, then the way to the
    /// cursor.
    pub fn preview(&self) -> Option<Path> {
        let selection = self.selection.as_ref()?;
        let targets = self.targets();
        let to = self.cursor;
        if targets.steps.contains(to) {
            return Some([selection.from(), to].into_iter().collect());
        }
        if !targets.jumps.contains(to) {
            return None;
        }
        if selection.chain_started() {
            let mut path = selection.path.clone();
            path.try_push(to).ok()?;
            return Some(path);
        }
        self.position().jump_path(selection.from(), to)
    }

    /// The player acts on `hole` (Enter or a click): pick a pawn, hop, or choose a destination.
    pub fn act_on(&mut self, hole: Hole) -> Action {
        if !self.human_to_move() {
            return Action::Nothing;
        }
        let position = *self.position();
        let mine = position.camp_pawns(position.turn());
        let Some(selection) = self.selection.clone() else {
            if mine.contains(hole) {
                self.selection = Some(Selection { path: [hole].into_iter().collect() });
                return Action::Selected;
            }
            return Action::Nothing;
        };
        let targets = self.targets();
        if selection.chain_started() {
            if hole == selection.end() {
                return self.end_chain();
            }
            if targets.jumps.contains(hole) {
                let mut path = selection.path.clone();
                if path.try_push(hole).is_err() {
                    return Action::Nothing;
                }
                return self.hop_to(path);
            }
            return Action::Nothing;
        }
        let from = selection.from();
        if hole == from {
            self.selection = None;
            return Action::Deselected;
        }
        if targets.steps.contains(hole) {
            let mv = Move::Step { from, to: hole };
            return Action::Play(Played { mv, notation: position.notation(mv) });
        }
        if targets.swaps.contains(hole) {
            let mv = Move::Swap { mine: from, theirs: hole };
            return Action::Play(Played { mv, notation: position.notation(mv) });
        }
        // A ✱ is where the move ends, near or far: building a chain hop by hop is `hop_on`.
        if targets.jumps.contains(hole) {
            let mv = Move::Jump { from, to: hole };
            return Action::Play(Played { mv, notation: position.notation(mv) });
        }
        if mine.contains(hole) {
            self.selection = Some(Selection { path: [hole].into_iter().collect() });
            return Action::Selected;
        }
        Action::Nothing
    }

    /// Picks the pawn on `hole` outright, dropping any selection or chain being built (a page's
    /// tap on a pawn, which cannot mean a hop: hops go through `hop_on`). False, and nothing
    /// changes, if it is not a pawn of the side to move or no player is to move.
    pub fn select(&mut self, hole: Hole) -> bool {
        let position = self.position();
        if !self.human_to_move() || !position.camp_pawns(position.turn()).contains(hole) {
            return false;
        }
        self.set_cursor(hole);
        self.selection = Some(Selection { path: [hole].into_iter().collect() });
        true
    }

    /// Space (or a shift-click): the selected pawn hops to `hole`, one jump from where it stands,
    /// and the chain goes on from there; "Fin du saut" ends it. Elsewhere it acts as `act_on`.
    pub fn hop_on(&mut self, hole: Hole) -> Action {
        if !self.human_to_move() {
            return Action::Nothing;
        }
        let Some(selection) = self.selection.clone() else { return self.act_on(hole) };
        if hole == selection.end() && selection.chain_started() {
            return self.end_chain();
        }
        if !next_hops(self.position(), &selection.path).contains(hole) {
            return self.act_on(hole);
        }
        let mut path = selection.path;
        if path.try_push(hole).is_err() {
            return Action::Nothing;
        }
        self.hop_to(path)
    }

    /// Adds a hop; when no further hop exists the chain ends by itself.
    fn hop_to(&mut self, path: Path) -> Action {
        let more = !next_hops(self.position(), &path).is_empty();
        self.selection = Some(Selection { path });
        if more { Action::Hopped } else { self.end_chain() }
    }

    /// "Fin du saut": plays the chain built so far, checked hop by hop by the engine's verifier.
    pub fn end_chain(&mut self) -> Action {
        let Some(selection) = &self.selection else { return Action::Nothing };
        if !selection.chain_started() {
            return Action::Nothing;
        }
        let notation = Notation::Path(selection.path.clone());
        match self.position().verify(&notation) {
            Ok(verified) => Action::Play(Played { mv: verified.mv, notation }),
            Err(_) => Action::Nothing,
        }
    }

    /// Esc: takes back the last hop of a chain being built, or drops the selection.
    pub fn cancel(&mut self) -> bool {
        match &mut self.selection {
            Some(selection) if selection.chain_started() => {
                selection.path.pop();
                true
            }
            Some(_) => {
                self.selection = None;
                true
            }
            None => false,
        }
    }

    /// How many moves to take back so that the player whose turn it was gets it back: in solo,
    /// back to the human's previous move (the computer's replies go with it); in hot-seat, the
    /// last move. Automatic passes are never left on top.
    pub fn undo_count(&self) -> Option<usize> {
        let target = (0..self.moves.len())
            .rev()
            .find(|&i| self.moves[i].mv != Move::Pass && self.setup.is_human(self.mover_of(i)))?;
        Some(self.moves.len() - target)
    }

    /// Takes back `count` moves.
    pub fn take_back(&mut self, count: usize) {
        let keep = self.moves.len().saturating_sub(count);
        self.moves.truncate(keep);
        self.positions.truncate(keep + 1);
        self.selection = None;
        self.hint = None;
    }

    /// Moves the cursor one hole in a screen direction. Left and right go along the row. Up and
    /// down have two neighbours drawn equally near (╱ and ╲); they follow the ╱ line, the one
    /// the letter of the notation names, so ↑ from k4 is k5 and ↓ takes it back. Where that
    /// line ends the other neighbour is taken, and past the star's edge the nearest hole of the
    /// next row.
    pub fn move_cursor(&mut self, dx: i8, dy: i8) {
        let (x, y) = self.cursor.screen();
        if dx != 0 {
            let next = Hole::all()
                .filter(|h| h.screen().1 == y && (h.screen().0 - x).signum() == dx.signum())
                .min_by_key(|h| (h.screen().0 - x).abs());
            if let Some(hole) = next {
                self.cursor = hole;
            }
            return;
        }
        let (q, r) = self.cursor.axial();
        let dy = dy.signum();
        // Up: (q, r + 1) then (q - 1, r + 1); down: (q, r - 1) then (q + 1, r - 1).
        let along = Hole::from_axial(q, r + dy);
        let across = Hole::from_axial(q - dy, r + dy);
        let nearest =
            || Hole::all().filter(|h| h.screen().1 == y + dy).min_by_key(|h| (h.screen().0 - x).abs());
        if let Some(hole) = along.or(across).or_else(nearest) {
            self.cursor = hole;
        }
    }

    /// Puts the cursor on `hole` (a click or a hover).
    /// Tab: picks the next pawn of the player's that can move (`step` 1), or the previous one
    /// (-1), in the board's reading order from the one picked or under the cursor.
    pub fn cycle_pawn(&mut self, step: i8) -> Action {
        if !self.human_to_move() {
            return Action::Nothing;
        }
        let position = *self.position();
        let movable: Vec<Hole> = position
            .camp_pawns(position.turn())
            .iter()
            .filter(|&pawn| {
                !position.destinations(pawn).is_empty()
                    || position.swaps().iter().any(|m| m.from() == Some(pawn))
            })
            .collect();
        let from = self.selection.as_ref().map_or(self.cursor, Selection::from);
        let Some(next) = next_in_cycle(&movable, from, step) else { return Action::Nothing };
        self.set_cursor(next);
        self.selection = Some(Selection { path: [next].into_iter().collect() });
        Action::Selected
    }

    /// `d`: moves the cursor to the selected pawn's next destination, the farthest first (a
    /// long chain is one key away); Enter then plays it.
    pub fn cycle_destination(&mut self, step: i8) {
        let Some(selection) = &self.selection else { return };
        let from = selection.end();
        let targets = self.targets();
        let mut all: Vec<Hole> = (targets.jumps | targets.steps | targets.swaps).iter().collect();
        // Farthest first; at the same distance the longer chain first, so that the nearest hop
        // comes last (shift-D reaches it at once).
        let position = *self.position();
        let hops = |to: Hole| position.jump_path(from, to).map_or(1, |p| p.len());
        all.sort_by_key(|&to| {
            (std::cmp::Reverse(from.distance(to)), std::cmp::Reverse(hops(to)), to.index())
        });
        let current = all.iter().position(|&h| h == self.cursor);
        let next = match current {
            Some(i) => {
                all.get((i as isize + isize::from(step)).rem_euclid(all.len().max(1) as isize) as usize)
            }
            None if step < 0 => all.last(),
            None => all.first(),
        };
        if let Some(&next) = next {
            self.set_cursor(next);
        }
    }

    /// A move typed in notation (`m1-k5`, a chain by its ends, `m1<>l2`, `pass`): checked by the
    /// engine's verifier, as a peer's move would be.
    pub fn typed_move(&mut self, text: &str) -> Result<Played, TypedMoveError> {
        if !self.human_to_move() {
            return Err(TypedMoveError::NotYourTurn);
        }
        let notation: Notation = text.trim().parse().map_err(TypedMoveError::Notation)?;
        let verified = self.position().verify(&notation).map_err(TypedMoveError::Illegal)?;
        Ok(Played { mv: verified.mv, notation: verified.notation })
    }

    /// Puts the keyboard cursor on `hole`.
    pub fn set_cursor(&mut self, hole: Hole) {
        self.cursor = hole;
    }

    /// Puts the cursor on a pawn of the side to move, if it is human: used when the turn
    /// changes, so the keyboard player starts from their own pawns.
    pub fn cursor_to_mover(&mut self) {
        let position = *self.position();
        if !self.setup.is_human(position.turn()) {
            return;
        }
        if !position.camp_pawns(position.turn()).contains(self.cursor) {
            self.set_cursor(start_cursor(&position, position.turn()));
        }
    }
}

/// Where one more jump can go from the end of `path` (a chain being built from `path[0]`): the
/// engine lifts the moving pawn from its start square, which must count as empty; later hops
/// are checked by its hop-by-hop verifier, which also forbids landing twice on a hole.
pub fn next_hops(position: &Position, path: &Path) -> HoleSet {
    let from = path[0];
    if path.len() == 1 {
        return position.single_jumps(from);
    }
    if path.len() >= tripot_engine::MAX_PATH {
        return HoleSet::EMPTY;
    }
    let candidates = position.destinations(from) | HoleSet::single(from);
    candidates
        .iter()
        .filter(|&to| {
            let mut longer = path.clone();
            longer.push(to);
            position.verify(&Notation::Path(longer)).is_ok()
        })
        .collect()
}

/// The centre hole `i9`, index 60 (rows 1–8 hold 56 holes, `i9` is the fifth of row 9).
const CENTRE: Hole = match Hole::new(60) {
    Some(hole) => hole,
    None => unreachable!(),
};

/// A pawn of `camp` near the centre, as the keyboard cursor's first stop.
fn start_cursor(position: &Position, camp: Camp) -> Hole {
    let centre = |h: &Hole| {
        let (x, y) = h.screen();
        (i32::from(x).abs() + i32::from(y).abs() * 2, h.index())
    };
    position.camp_pawns(camp).iter().min_by_key(centre).unwrap_or(CENTRE)
}
