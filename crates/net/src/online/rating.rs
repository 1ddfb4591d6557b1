//! A finished game's signed result, as the driver handles it: kept beside the game's save and,
//! when the relay in use is given, submitted to its ratings service on a task of its own. A
//! relay that does not offer ratings, or refuses the result, is a warning: the result stays
//! kept, and `tripot ratings submit` may send it again.

use std::path::PathBuf;

use tripot_protocol::GameId;
use tripot_ratings_wire::SignedResult;

use super::driver::Driver;
use super::{NetEvent, NetWarning};
use crate::kept_result::KeptResult;
use crate::ratings::{Counted, RatingsClientError, submit_kept};
use crate::session::rematch_save_path;

/// What became of a finished game's signed result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RatingNews {
    /// Signed by both seats and kept at `path` (none: the game is not saved); `submitting`: on
    /// its way to the relay's ratings service.
    Kept {
        /// The kept result's file.
        path: Option<PathBuf>,
        /// Whether it is being submitted.
        submitting: bool,
    },
    /// The relay counted it.
    Counted {
        /// `true`: it had been counted before (a submission by the opponent, or an earlier one).
        before: bool,
    },
}

impl Driver {
    /// Keeps `signed` beside its game's save and submits it to the relay, if there is one.
    pub(super) fn on_result_signed(&mut self, signed: &SignedResult) {
        let path = self.autosave.path.as_deref().map(|first| {
            // The result's game is the current one, or the one before when a rematch already began.
            let current = self.session.game().map(|g| g.game_id);
            let number = self.session.game_number();
            let number = if current == Some(GameId(signed.result.game_id)) {
                number
            } else {
                number.saturating_sub(1)
            };
            KeptResult::path_beside(&rematch_save_path(first, number.max(1)))
        });
        let mut kept = KeptResult::new(signed.clone());
        let path = match path.map(|p| kept.write(&p).map(|()| p)) {
            Some(Ok(p)) => Some(p),
            Some(Err(error)) => {
                self.emit(NetEvent::Warning(NetWarning::ResultNotKept(error.to_string())));
                None
            }
            None => None,
        };
        let relay = self.ratings_relay.clone();
        self.emit(NetEvent::Rating(RatingNews::Kept { path: path.clone(), submitting: relay.is_some() }));
        let Some(relay) = relay else { return };
        let events = self.events.clone();
        tokio::spawn(async move {
            let event = match submit_kept(&relay, &mut kept, path.as_deref()).await {
                Ok(counted) => NetEvent::Rating(RatingNews::Counted { before: counted == Counted::Before }),
                Err(RatingsClientError::Refused(reason)) => {
                    NetEvent::Warning(NetWarning::RatingsRefused(reason))
                }
                Err(error) => NetEvent::Warning(NetWarning::RatingsUnavailable(error.to_string())),
            };
            let _ = events.send(event);
        });
    }
}
