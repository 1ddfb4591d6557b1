//! The board of an online duel as the page draws it (a `tripot_app::local_game::Game`, held
//! by `page_online`), in the duel's messages (`StateView`, `MoveView`). Only the online duel
//! still runs on that controller (issue #22): this goes with it.

use tripot_engine::{Camp, HoleSet, Notation, WinReason};

use super::messages::{
    ColourView, GameMode, MoveKind, MoveView, Next, OutcomeView, PawnView, SelectionView, StateView,
};
use tripot_app::local_game::{Game, next_hops};

/// The board of an online duel as the page draws it.
pub(crate) fn board_view(game: &Game) -> StateView {
    let position = game.position();
    let names = |set: HoleSet| set.iter().map(|h| h.to_string()).collect::<Vec<_>>();
    let colours = position.format().all_colours();
    let pawns = colours
        .iter()
        .flat_map(|&colour| {
            position
                .pawns(colour)
                .iter()
                .map(move |hole| PawnView { hole: hole.to_string(), colour: colour.code().to_owned() })
        })
        .collect();
    let selection = game.selection.as_ref().map(|selection| {
        let targets = game.targets();
        SelectionView {
            path: selection.path.iter().map(ToString::to_string).collect(),
            steps: names(targets.steps),
            jumps: names(targets.jumps),
            swaps: names(targets.swaps),
            hops: names(next_hops(position, &selection.path)),
        }
    });
    let history: Vec<MoveView> = game
        .moves()
        .iter()
        .enumerate()
        .map(|(i, played)| {
            let camp = game.mover_of(i);
            move_view(camp, !game.setup.is_human(camp), &played.notation)
        })
        .collect();
    let next = if position.is_over() {
        Next::Over
    } else if game.setup.is_human(position.turn()) {
        Next::Player
    } else {
        Next::Computer
    };
    let level = game.setup.level();
    StateView {
        mode: if level.is_some() { GameMode::Solo } else { GameMode::Duel },
        level: level.map(|l| l.key().to_owned()),
        opponent: level.map(|l| l.opponent().to_owned()),
        format: position.format().number(),
        position: position.to_string(),
        turn: position.turn().to_string(),
        next,
        pawns,
        colours: colours
            .iter()
            .map(|c| ColourView {
                colour: c.code().to_owned(),
                camp: c.camp().to_string(),
                goal: c.opposite().code().to_owned(),
            })
            .collect(),
        selection,
        last_move: history.last().map(|m| m.path.clone()).unwrap_or_default(),
        hint: game.hint.as_ref().map(|h| move_view(position.turn(), false, &h.notation)),
        hint_pending: false,
        arrived: [position.arrived(Camp::A), position.arrived(Camp::B)],
        distance: [position.total_distance(Camp::A), position.total_distance(Camp::B)],
        can_undo: !position.is_over() && game.undo_count().is_some(),
        outcome: position.outcome().map(|o| OutcomeView {
            winner: o.winner.to_string(),
            reason: match o.reason {
                WinReason::Goal => "goal",
                WinReason::Count { .. } => "count",
            }
            .to_owned(),
        }),
        history,
    }
}

/// A move as the page shows it.
pub(super) fn move_view(camp: Camp, by_computer: bool, notation: &Notation) -> MoveView {
    let (kind, path) = match notation {
        Notation::Path(path) => (MoveKind::Path, path.iter().map(ToString::to_string).collect()),
        Notation::Swap { mine, theirs } => (MoveKind::Swap, vec![mine.to_string(), theirs.to_string()]),
        Notation::Pass => (MoveKind::Pass, Vec::new()),
    };
    MoveView { camp: camp.to_string(), by_computer, kind, notation: notation.to_string(), path }
}
