//! What the page draws of a table: the state sent after every change (seats, marbles, what may
//! be picked, the goals and greyed branches, the turned view), and moves and events in the
//! protocol's words. Read-only over the table.

use tripot_engine::{Colour, GameKind, Hole, HoleSet, StarEnd, StarNotation, view_of};

use super::{PageTable, id_of};
use crate::table_messages::{
    PlaceView, SeatGoalView, SeatView, TableEventView, TableMoveView, TableNext, TableOutcomeView,
    TablePawnView, TableSelectionView, TableStateView,
};
use tripot_app::star_selection::next_hops;
use tripot_app::star_table::{StarPlayed, StarTable, TableEvent};
use tripot_app::table_setup::SeatPlayer;

impl PageTable {
    /// The state the page draws.
    pub(crate) fn state(&self) -> Option<TableStateView> {
        let table = self.table.as_ref()?;
        let position = table.position();
        let variant = position.variant();
        let seats = variant.seats();
        let names = |set: HoleSet| set.iter().map(|h| h.to_string()).collect::<Vec<_>>();
        let outcome = table.outcome();
        let mut pawns: Vec<TablePawnView> = seats
            .iter()
            .flat_map(|&seat| {
                position
                    .marbles(seat)
                    .iter()
                    .map(move |hole| TablePawnView { hole: hole.to_string(), colour: seat.code().to_owned() })
            })
            .collect();
        pawns.extend(
            position.pieces().iter().map(|hole| TablePawnView { hole: hole.to_string(), colour: "P".into() }),
        );
        let human = table.human_to_move() && self.thinking.is_none();
        let next = if outcome.is_some() {
            TableNext::Over
        } else if human {
            TableNext::Human
        } else {
            TableNext::Computer
        };
        let selection = table.selection_path().map(|path| {
            let targets = table.targets();
            let star_path: tripot_engine::StarPath = path.iter().copied().collect();
            TableSelectionView {
                path: path.iter().map(ToString::to_string).collect(),
                steps: names(targets.steps),
                jumps: names(targets.jumps),
                hops: names(next_hops(position, &star_path)),
            }
        });
        let focus = if human { position.turn() } else { table.viewer() };
        let game = variant.game();
        let goals = if game == GameKind::Captures {
            Vec::new()
        } else {
            seats
                .iter()
                .map(|&s| SeatGoalView { seat: s.code().to_owned(), holes: names(position.goal(s)) })
                .collect()
        };
        let forbidden = if game == GameKind::Halma {
            let allowed = position.home(focus) | position.goal(focus);
            Hole::all()
                .filter(|&h| Colour::of_hole(h).is_some() && !allowed.contains(h))
                .map(|h| h.to_string())
                .collect()
        } else {
            Vec::new()
        };
        let history: Vec<TableMoveView> = table.moves().iter().map(|p| move_view(table, p)).collect();
        Some(TableStateView {
            variant: variant.name(),
            game: game_name(game).to_owned(),
            seats: seats
                .iter()
                .enumerate()
                .map(|(i, &seat)| {
                    let player = table.setup().player(seat).unwrap_or(SeatPlayer::Human);
                    SeatView {
                        seat: seat.code().to_owned(),
                        number: (i + 1) as u8,
                        player: player.key().to_owned(),
                        opponent: match player {
                            SeatPlayer::Human => None,
                            SeatPlayer::Computer(level) => Some(level.opponent().to_owned()),
                        },
                        arrived: position.arrived(seat),
                        marbles: variant.marbles() as u8,
                        distance: position.total_distance(seat),
                        taken: position.taken(seat),
                        place: outcome.and_then(|o| o.place(seat)).or(position.place(seat)),
                        out: position.is_out(seat),
                        finished: position.is_finished(seat),
                    }
                })
                .collect(),
            turn: position.turn().code().to_owned(),
            next,
            viewer: table.viewer().code().to_owned(),
            rotation: rotation(table.viewer()),
            pawns,
            pickable: if human && table.pending().is_none() { names(table.pickable()) } else { Vec::new() },
            selection,
            goals,
            focus: focus.code().to_owned(),
            forbidden,
            last_move: history.last().map(|m| m.path.clone()).unwrap_or_default(),
            hint: table.hint().map(|h| move_view(table, h)),
            hint_pending: self.hint_request.is_some(),
            pending: table.pending().map(|p| move_view(table, p)),
            can_undo: outcome.is_none() && table.undo_count().is_some(),
            news: self.news.clone(),
            outcome: outcome.map(|o| TableOutcomeView {
                places: o
                    .standings()
                    .into_iter()
                    .map(|(seat, place)| PlaceView { seat: seat.code().to_owned(), place })
                    .collect(),
                end: end_name(o.end).to_owned(),
            }),
            // Once a record is written in its file (claimed empty at the start).
            saved_as: self
                .file
                .as_ref()
                .map(super::GameFile::path)
                .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.len() > 0))
                .and_then(id_of),
            history,
        })
    }
}

/// How far `viewer`'s view turns the board, in degrees counter-clockwise: measured on a hole of
/// its branch and where the engine's view draws it, so the page turns exactly as the terminal.
pub(super) fn rotation(viewer: Colour) -> i16 {
    let Some(hole) = viewer.branch().first() else { return 0 };
    let angle = |h: Hole| {
        let (x, y) = h.screen();
        (f64::from(y) * 3f64.sqrt()).atan2(f64::from(x))
    };
    let turn = (angle(view_of(hole, viewer)) - angle(hole)).to_degrees();
    let sixths = (turn / 60.0).round() as i16;
    sixths.rem_euclid(6) * 60
}

pub(super) fn move_view(table: &StarTable, played: &StarPlayed) -> TableMoveView {
    let path = match &played.notation {
        StarNotation::Path(path) => path.iter().map(ToString::to_string).collect(),
        StarNotation::Pass => Vec::new(),
    };
    TableMoveView {
        seat: played.seat.code().to_owned(),
        by_computer: !table.setup().is_human(played.seat),
        notation: played.notation.to_string(),
        path,
    }
}

pub(super) fn event_view(event: &TableEvent) -> TableEventView {
    let (kind, seat, place, pieces) = match *event {
        TableEvent::Passed(seat) => ("passed", Some(seat), None, None),
        TableEvent::Finished { seat, place } => ("finished", Some(seat), place, None),
        TableEvent::Eliminated { seat, place } => ("eliminated", Some(seat), place, None),
        TableEvent::Captured { seat, pieces } => ("captured", Some(seat), None, Some(pieces)),
        TableEvent::Over(_) => ("over", None, None, None),
    };
    TableEventView { kind: kind.to_owned(), seat: seat.map(|s| s.code().to_owned()), place, pieces }
}

pub(super) const fn game_name(game: GameKind) -> &'static str {
    match game {
        GameKind::Kawu => "kawu",
        GameKind::Halma => "halma",
        GameKind::Captures => "captures",
    }
}

const fn end_name(end: StarEnd) -> &'static str {
    match end {
        StarEnd::Finished => "finished",
        StarEnd::MoveLimit => "move_limit",
        StarEnd::Blocked => "blocked",
        StarEnd::Repetition => "repetition",
        StarEnd::NoJump => "no_jump",
        StarEnd::Left(_) => "left",
    }
}
