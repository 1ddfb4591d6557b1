//! A finished game's complete signed result, as every driver handles it (the two-seat session's
//! and the table's alike): kept beside the game's save and, when the relay in use is given,
//! submitted to its ratings service on a task of its own. A relay that does not offer ratings,
//! or refuses the result, is a warning: the result stays kept, and `tripot ratings submit` may
//! send it again.

use std::path::{Path, PathBuf};

use libp2p::Multiaddr;
use tripot_ratings_wire::SignedResult;

use crate::kept_result::KeptResult;
use crate::online::NetWarning;
use crate::ratings::{Counted, RatingsClientError, submit_kept};

/// What became of a finished game's signed result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RatingNews {
    /// Signed by every human seat and kept at `path` (none: the game is not saved);
    /// `submitting`: on its way to the relay's ratings service.
    Kept {
        /// The kept result's file.
        path: Option<PathBuf>,
        /// Whether it is being submitted.
        submitting: bool,
    },
    /// The relay counted it.
    Counted {
        /// `true`: it had been counted before (a submission by another seat, or an earlier one).
        before: bool,
    },
}

/// Keeps `signed` beside `save` (the file of the game it is the result of; none: not saved)
/// and submits it to `relay`, if there is one, on a task of the current tokio runtime.
/// `report` hears each piece of news, or the warning that took its place, in order.
pub(crate) fn keep_and_submit(
    signed: &SignedResult,
    save: Option<&Path>,
    relay: Option<Multiaddr>,
    report: impl Fn(Result<RatingNews, NetWarning>) + Send + 'static,
) {
    let mut kept = KeptResult::new(signed.clone());
    let path = save.map(KeptResult::path_beside).and_then(|path| match kept.write(&path) {
        Ok(()) => Some(path),
        Err(error) => {
            report(Err(NetWarning::ResultNotKept(error.to_string())));
            None
        }
    });
    report(Ok(RatingNews::Kept { path: path.clone(), submitting: relay.is_some() }));
    let Some(relay) = relay else { return };
    tokio::spawn(async move {
        let news = match submit_kept(&relay, &mut kept, path.as_deref()).await {
            Ok(counted) => Ok(RatingNews::Counted { before: counted == Counted::Before }),
            Err(RatingsClientError::Refused(reason)) => Err(NetWarning::RatingsRefused(reason)),
            Err(error) => Err(NetWarning::RatingsUnavailable(error.to_string())),
        };
        report(news);
    });
}
