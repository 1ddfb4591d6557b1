//! A game between two peers as each side keeps it: set-up, moves, hashes, how it ended.

use tripot_engine::{Camp, Format, Notation, Outcome, Position, Rules};
use tripot_protocol::{GameId, ResumePoint, Role};

/// How a game ended, seen from one side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EndReason {
    /// The rules ended it (goal complete, or the count after two passes).
    Normal(Outcome),
    /// A camp resigned.
    Resigned,
    /// A camp sent a move its opponent's engine refused: it forfeits. The text says why.
    Forfeit(String),
    /// A camp left and its opponent claimed the game after the grace period.
    Abandoned,
}

/// The end of a game: the winner and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// The winning camp.
    pub winner: Camp,
    /// Why the game ended.
    pub termination: EndReason,
}

impl Ending {
    /// The record's termination tag value: `normal`, `resign`, `forfeit`, `abandoned`.
    #[must_use]
    pub const fn tag(&self) -> &'static str {
        match self.termination {
            EndReason::Normal(_) => "normal",
            EndReason::Resigned => "resign",
            EndReason::Forfeit(_) => "forfeit",
            EndReason::Abandoned => "abandoned",
        }
    }
}

impl std::fmt::Display for Ending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.termination {
            EndReason::Normal(outcome) => write!(f, "{outcome}"),
            EndReason::Resigned => write!(f, "{} wins (resignation)", self.winner),
            EndReason::Forfeit(why) => write!(f, "{} wins (forfeit: {why})", self.winner),
            EndReason::Abandoned => write!(f, "{} wins (opponent left, game claimed)", self.winner),
        }
    }
}

/// One side's copy of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnlineGame {
    /// The game's id (chosen by the host).
    pub game_id: GameId,
    /// This side's role: the host plays camp A, the guest camp B.
    pub role: Role,
    /// Format.
    pub format: Format,
    /// Rules preset.
    pub rules: Rules,
    /// The camp that made the first move.
    pub opener: Camp,
    /// This side's display name.
    pub local_name: String,
    /// The opponent's display name.
    pub peer_name: String,
    /// The opponent's peer id (bytes), to recognise it on a reconnection.
    pub peer_id: Vec<u8>,
    /// The moves played, in order.
    pub moves: Vec<Notation>,
    /// `hashes[i]` = hash of the position after `i` moves (`hashes[0]` = the start).
    pub hashes: Vec<u64>,
    /// The current position.
    pub position: Position,
    /// How it ended, once it has.
    pub ending: Option<Ending>,
}

impl OnlineGame {
    /// A new game at its start position.
    #[must_use]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        game_id: GameId,
        role: Role,
        format: Format,
        rules: Rules,
        opener: Camp,
        local_name: String,
        peer_name: String,
        peer_id: Vec<u8>,
    ) -> OnlineGame {
        let position = Position::start(format, rules, opener);
        OnlineGame {
            game_id,
            role,
            format,
            rules,
            opener,
            local_name,
            peer_name,
            peer_id,
            moves: Vec::new(),
            hashes: vec![position.hash()],
            position,
            ending: None,
        }
    }

    /// This side's camp.
    #[must_use]
    pub const fn local_camp(&self) -> Camp {
        camp_of(self.role)
    }

    /// Number of moves played.
    #[must_use]
    pub fn ply(&self) -> u32 {
        u32::try_from(self.moves.len()).unwrap_or(u32::MAX)
    }

    /// Where this side stands, for a resume exchange.
    #[must_use]
    pub fn resume_point(&self) -> ResumePoint {
        ResumePoint { game_id: self.game_id, ply: self.ply(), hash: self.position.hash() }
    }

    /// Appends a verified move and its resulting position; ends the game if the rules say so.
    pub fn push(&mut self, notation: Notation, after: Position) {
        self.moves.push(notation);
        self.hashes.push(after.hash());
        self.position = after;
        if self.ending.is_none()
            && let Some(outcome) = after.outcome()
        {
            self.ending = Some(Ending { winner: outcome.winner, termination: EndReason::Normal(outcome) });
        }
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> Position {
        Position::start(self.format, self.rules, self.opener)
    }
}

/// The camp a role plays: the host is player 1 (camp A).
#[must_use]
pub const fn camp_of(role: Role) -> Camp {
    match role {
        Role::Host => Camp::A,
        Role::Guest => Camp::B,
    }
}
