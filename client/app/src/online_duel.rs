//! The duel as the online screens still see it: camps, format and rules, a `Position`. The
//! session plays any game of two seats (`tripot_net`); the screens of the duel draw these until
//! they draw any game from its state.

use tripot_engine::{Camp, DuelState, Format, Position, Rules};
use tripot_game::Leaving;
use tripot_game::{Seat, SpecError, TableSpec};
use tripot_net::online::matchmaking::MatchError;
use tripot_net::online::matchmaking::quick::QuickSeek;
use tripot_net::{Ending, GameSnapshot, Offer, OnlineGame, SessionEvent};
use tripot_protocol::Opens;

/// The duel's camp at `seat`: the first seat is camp A.
#[must_use]
pub const fn camp(seat: Seat) -> Camp {
    if seat.0 == 0 { Camp::A } else { Camp::B }
}

/// The duel's position in a game state, when the game is a duel.
#[must_use]
pub fn position(state: &GameSnapshot) -> Option<Position> {
    state.0.as_any().downcast_ref::<DuelState>().map(|duel| *duel.position())
}

/// The duel's position of an online game, when it is a duel.
#[must_use]
pub fn game_position(game: &OnlineGame) -> Option<Position> {
    game.state().as_any().downcast_ref::<DuelState>().map(|duel| *duel.position())
}

/// The offer of the duel of `format` under `rules`.
///
/// # Errors
/// Never in practice: every format and rules preset has a name (`tripot_engine::duel_spec`).
pub fn offer(format: Format, rules: Rules, opens: Opens) -> Result<Offer, SpecError> {
    Offer::duel(format, rules, opens)
}

/// The quick-match seek of the duel's screens: the duel of `format` under the Tripot rules, or
/// (`None`) any game of two seats, the first format's duel when two seekers of any meet.
///
/// # Errors
/// Never in practice (every format has a name); a [`NetworkError`] all the same.
pub fn quick_seek(format: Option<Format>) -> Result<QuickSeek, crate::network::NetworkError> {
    let spec = tripot_engine::duel_spec(format.unwrap_or(Format::One), Rules::Tripot)
        .map_err(|e| MatchError::Unsupported(e.to_string()))?;
    let table = TableSpec { game: spec, seats: 2 };
    Ok(if format.is_some() { QuickSeek::exactly(table) } else { QuickSeek::any(table) })
}

/// The duel's format and rules of an offer; the first format under the Tripot rules for a game
/// that is not a duel (the duel's screens show no other).
#[must_use]
pub fn terms(offer: &Offer) -> (Format, Rules) {
    spec_terms(&offer.game)
}

/// The duel's format and rules of an online game (as [`terms`]).
#[must_use]
pub fn game_terms(game: &OnlineGame) -> (Format, Rules) {
    spec_terms(game.spec())
}

/// The duel's format and rules of a game's name (as [`terms`]).
#[must_use]
pub fn spec_terms(spec: &tripot_game::GameSpec) -> (Format, Rules) {
    match tripot_engine::StarBoardGame::of(spec) {
        Some(tripot_engine::StarBoardGame::Duel(format, rules)) => (format, rules),
        _ => (Format::One, Rules::Tripot),
    }
}

/// How a duel ended, as its screens word it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EndReason {
    /// A goal completed.
    Goal,
    /// Decided by count (two passes in a row, or any end by the count of the star games).
    Count,
    /// A camp resigned.
    Resigned,
    /// A camp sent a move the other's game refused; the text says why.
    Forfeit(String),
    /// A camp left and the other claimed the game.
    Abandoned,
}

/// How `ending` came about, in the duel's words.
#[must_use]
pub fn end_reason(ending: &Ending) -> EndReason {
    match ending.left() {
        Some((_, Leaving::Resigned)) => EndReason::Resigned,
        Some((_, Leaving::Forfeited)) => EndReason::Forfeit(ending.forfeit.clone().unwrap_or_default()),
        Some((_, Leaving::Abandoned | Leaving::TimedOut)) => EndReason::Abandoned,
        None if ending.outcome.reason == tripot_game::EndReason::Finished => EndReason::Goal,
        None => EndReason::Count,
    }
}

/// The winning camp of a duel's `ending` (a duel always has one; a draw of another game shows
/// camp A's side, which the duel's screens never meet).
#[must_use]
pub fn winner(ending: &Ending) -> Camp {
    camp(ending.winner().unwrap_or(Seat(0)))
}

/// The board as text: the duel's drawing, or the position string of another game.
#[must_use]
pub fn board_text(state: &GameSnapshot) -> String {
    position(state).map_or_else(|| state.0.position_string(), |p| p.to_string())
}

/// The moves of a duel as the duel's screens replay them (none for another game).
#[must_use]
pub fn notations(game: &OnlineGame) -> Vec<tripot_engine::Notation> {
    game.moves().iter().filter_map(|m| game.state().move_text(m).parse().ok()).collect()
}

/// The session's snapshot of a duel at `position` (for stand-in sessions: a driver without a
/// network, the screens' tests).
#[must_use]
pub fn snapshot(position: Position) -> Option<GameSnapshot> {
    DuelState::new(position).ok().map(|state| GameSnapshot(Box::new(state)))
}

/// The session's game-over of a duel won by `winner` as `reason` says (for stand-in sessions).
#[must_use]
pub fn ending(winner: Camp, reason: EndReason) -> Option<Ending> {
    let loser = if winner == Camp::A { Seat(1) } else { Seat(0) };
    let mut state = tripot_engine::open(&tripot_engine::duel_spec(Format::One, Rules::Tripot).ok()?).ok()?;
    let (how, forfeit) = match reason {
        EndReason::Resigned => (Leaving::Resigned, None),
        EndReason::Forfeit(why) => (Leaving::Forfeited, Some(why)),
        EndReason::Abandoned => (Leaving::Abandoned, None),
        // The rules' ends are reached by moves: a stand-in says only how a camp left.
        EndReason::Goal | EndReason::Count => return None,
    };
    state.leave(loser, how).ok()?;
    let seat_names = vec![state.seat_name(Seat(0)), state.seat_name(Seat(1))];
    Some(Ending { outcome: state.outcome()?, seat_names, forfeit })
}

/// The session's `Connected` of a duel at `position` (for stand-in sessions).
#[must_use]
pub fn connected(
    game_id: tripot_protocol::GameId,
    local: Camp,
    opener: Camp,
    peer_name: String,
    position: Position,
) -> Option<SessionEvent> {
    let state = snapshot(position)?;
    Some(SessionEvent::Connected {
        game_id,
        game: state.0.spec().clone(),
        local_seat: Seat(u8::from(local == Camp::B)),
        opener: Seat(u8::from(opener == Camp::B)),
        peer_name,
        ply: 0,
        state,
    })
}

/// The session's `MoveSent` (`sent`) or `MoveReceived` of a duel's move, at `position` after
/// it (for stand-in sessions).
#[must_use]
pub fn moved(
    sent: bool,
    ply: u32,
    notation: &tripot_engine::Notation,
    position: Position,
) -> Option<SessionEvent> {
    let state = snapshot(position)?;
    let (text, hash) = (notation.to_string(), position.hash());
    // The move as the game holds it, read from the game before it when the duel's history
    // gives it; the screens read the text.
    let game_move = state.0.parse_move(&text).unwrap_or_else(|_| tripot_game::GameMove::pass());
    Some(if sent {
        SessionEvent::MoveSent { ply, seat: Seat(0), game_move, text, hash, state }
    } else {
        SessionEvent::MoveReceived { ply, seat: Seat(1), game_move, text, hash, state }
    })
}
