//! Headless mode: the computer plays the local side; every event is one JSON line on stdout.

use std::io::Write as _;
use std::time::Duration;

use tripot_ai::Level;
use tripot_game::{Budget, GameState, Player, Seat};
use tripot_net::{NetEvent, OnlineGame, SessionEvent, SessionHandle};

use super::{OnlineArgs, json};
use crate::CliError;

/// What the headless player knows of the game: any game of two seats, as the session verified
/// it.
struct View {
    state: Box<dyn GameState>,
    local: Seat,
    over: bool,
    /// Our last move, not yet acknowledged.
    unacked: Option<u32>,
}

/// Longest wait, after a game, for its signed result to be exchanged and counted.
const RATING_WAIT: Duration = Duration::from_secs(40);

/// Whether `event` settles what becomes of the finished game's result: counted, refused, not
/// signed, or signed with no relay to send it to.
fn rating_settled(event: &NetEvent) -> bool {
    use tripot_net::online::{NetWarning, RatingNews};
    matches!(
        event,
        NetEvent::Session(SessionEvent::ResultUnsigned(_))
            | NetEvent::Rating(RatingNews::Kept { submitting: false, .. } | RatingNews::Counted { .. })
            | NetEvent::Warning(NetWarning::RatingsRefused(_) | NetWarning::RatingsUnavailable(_))
    )
}

fn print(event: &NetEvent, game: Option<&dyn GameState>) {
    if let Some(line) = json::event(event, game) {
        let mut out = std::io::stdout().lock();
        // A closed stdout (the script went away) must not stop the game.
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

pub(crate) async fn run(
    mut handle: SessionHandle,
    level: Level,
    args: &OnlineArgs,
    restored: Option<OnlineGame>,
) -> Result<(), CliError> {
    // The computer player of the game played, once the game is known.
    let mut player: Option<Box<dyn Player>> = None;
    let mut view = restored.map(|game| View {
        state: game.state().clone_box(),
        local: game.local_seat(),
        over: game.ending().is_some(),
        unacked: None,
    });
    let mut thinking = false;
    let mut linger_until: Option<tokio::time::Instant> = None;
    // Games still to play after this one, and whether a rematch is being settled.
    let mut rematches_left = args.rematch;
    let mut rematch_pending = false;
    // A finished game's result on its way to the relay's table: the process stays until it is
    // counted, refused or given up (at most until this instant).
    let mut rating_until: Option<tokio::time::Instant> = None;
    loop {
        if let Some(v) = &view
            && !v.over
            && !thinking
            && v.state.to_move() == Some(v.local)
        {
            if args.move_delay_ms > 0 {
                tokio::time::sleep(Duration::from_millis(args.move_delay_ms)).await;
            }
            let player = match &mut player {
                Some(player) => player,
                None => player.insert(tripot_ai::player(v.state.spec(), level, args.seed)?),
            };
            let chosen = tokio::task::block_in_place(|| player.choose(v.state.as_ref(), &Budget::default()))?;
            handle.play(v.state.move_text(&chosen));
            thinking = true;
        }
        let deadline = match (linger_until, rating_until) {
            (Some(linger), Some(rating)) => Some(linger.max(rating)),
            (linger, _) => linger,
        };
        let event = match deadline {
            Some(deadline) => match tokio::time::timeout_at(deadline, handle.next_event()).await {
                Ok(event) => event,
                Err(_) => return Ok(()),
            },
            None => handle.next_event().await,
        };
        let Some(event) = event else {
            return Err(CliError::SessionStopped);
        };
        // An action that crossed the peer's on the way is no error of ours: a move chosen while
        // the peer resigned (the end was reported as `game_over`), an answer to a rematch offer
        // it withdrew (reported as `rematch_declined`).
        let crossed = match &event {
            NetEvent::LocalError(tripot_net::LocalError::NoRematchOffer) => true,
            NetEvent::LocalError(tripot_net::LocalError::Over) => view.as_ref().is_some_and(|v| v.over),
            _ => false,
        };
        if !crossed {
            print(&event, view.as_ref().map(|v| v.state.as_ref()));
        }
        if let NetEvent::Room(tripot_net::online::RoomEvent::Failed(error)) = &event {
            return Err(CliError::Room(error.clone()));
        }
        if let Some(refusal) = super::final_refusal(&event) {
            return Err(refusal);
        }
        if rating_settled(&event) {
            rating_until = None;
        }
        let NetEvent::Session(session) = &event else {
            if let NetEvent::LocalError(_) = event {
                thinking = false;
                if rematch_pending {
                    // No rematch possible (the opponent is gone): the last game is over.
                    rematch_pending = false;
                    linger_until = Some(tokio::time::Instant::now() + Duration::from_secs(1));
                }
            }
            continue;
        };
        match session {
            SessionEvent::Connected { local_seat, state, .. } => {
                let over = state.0.to_move().is_none();
                view = Some(View { state: state.0.clone_box(), local: *local_seat, over, unacked: None });
            }
            SessionEvent::MoveSent { ply, state, .. } => {
                thinking = false;
                if let Some(v) = &mut view {
                    v.state = state.0.clone_box();
                    v.unacked = Some(*ply);
                }
            }
            SessionEvent::MoveReceived { state, .. } => {
                if let Some(v) = &mut view {
                    v.state = state.0.clone_box();
                }
            }
            SessionEvent::MoveAcknowledged { ply, .. } => {
                if let Some(v) = &mut view
                    && v.unacked == Some(*ply)
                {
                    v.unacked = None;
                    if v.over && !rematch_pending {
                        // The peer has our last move: we may go.
                        linger_until = Some(tokio::time::Instant::now() + Duration::from_millis(300));
                    }
                }
            }
            SessionEvent::GraceExpired { .. } if args.claim => handle.claim(),
            SessionEvent::GameOver(ending) => {
                // After a claim the opponent is gone: nothing to wait for.
                let claimed = matches!(ending.left(), Some((_, tripot_game::Leaving::Abandoned)));
                let waiting_for_ack = !claimed && view.as_ref().is_some_and(|v| v.unacked.is_some());
                if let Some(v) = &mut view {
                    v.over = true;
                }
                // A player with their own key signs the result, then the relay counts it.
                if !args.guest && !claimed {
                    rating_until = Some(tokio::time::Instant::now() + RATING_WAIT);
                }
                if rematches_left > 0 && !claimed {
                    // Our last move (if any) travels before the offer: the peer sees the end first.
                    handle.offer_rematch();
                    rematch_pending = true;
                }
                // Give the last acknowledgement (or the rematch answer) time to travel.
                let linger = if waiting_for_ack || rematch_pending {
                    Duration::from_secs(30)
                } else {
                    Duration::from_secs(1)
                };
                linger_until = Some(tokio::time::Instant::now() + linger);
            }
            // Our own offer, if already sent, accepts theirs by itself.
            SessionEvent::RematchOffered if !rematch_pending => {
                let accept = rematches_left > 0;
                handle.answer_rematch(accept);
                rematch_pending = accept;
            }
            SessionEvent::RematchStarted { .. } => {
                rematches_left = rematches_left.saturating_sub(1);
                rematch_pending = false;
                linger_until = None;
            }
            SessionEvent::RematchDeclined { .. } => {
                rematch_pending = false;
                linger_until = Some(tokio::time::Instant::now() + Duration::from_millis(300));
            }
            _ => {}
        }
    }
}
