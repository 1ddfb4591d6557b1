//! The service's own thread: requests and meetings in one queue, in the order they came, so
//! that a circuit is remembered before a result submitted after it is read. Answers go back to
//! the event loop, which holds the peers' response channels.

use libp2p::PeerId;
use std::sync::Arc;
use std::sync::mpsc::{self, SyncSender, TrySendError};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tripot_ratings_wire::{Request, Response};

use super::{RatingsService, now_unix};

/// Work for the service.
pub(crate) enum Job {
    /// Answer request `id`.
    Answer { id: u64, request: Box<Request> },
    /// Two peers had a circuit through the relay.
    Met { a: PeerId, b: PeerId },
}

/// The service's queue had no room for a job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct QueueFull;

/// The queue to the service's thread, and its answers.
pub(crate) struct Worker {
    jobs: SyncSender<Job>,
    pub(crate) answers: UnboundedReceiver<(u64, Response)>,
}

fn serve(service: &dyn RatingsService, job: Job, answers: &UnboundedSender<(u64, Response)>) -> bool {
    match job {
        Job::Answer { id, request } => {
            let response = match *request {
                Request::Submit(signed) => service.submit(&signed, now_unix()),
                Request::Standings(query) => {
                    service.standings(&query).map_or_else(Response::Refused, Response::Standings)
                }
            };
            answers.send((id, response)).is_ok()
        }
        Job::Met { a, b } => {
            service.met(&a, &b, now_unix());
            true
        }
    }
}

impl Worker {
    /// Starts the thread, with room for `queue` jobs waiting. It ends when the worker is
    /// dropped (the relay stops).
    pub(crate) fn spawn(service: Arc<dyn RatingsService>, queue: usize) -> std::io::Result<Worker> {
        let (jobs, inbox) = mpsc::sync_channel::<Job>(queue);
        let (answer_tx, answers) = unbounded_channel();
        std::thread::Builder::new().name("ratings".into()).spawn(move || {
            while let Ok(job) = inbox.recv() {
                if !serve(service.as_ref(), job, &answer_tx) {
                    return;
                }
            }
        })?;
        Ok(Worker { jobs, answers })
    }

    /// Queues a job; refuses it when the queue is full (or the thread is gone).
    pub(crate) fn send(&self, job: Job) -> Result<(), QueueFull> {
        self.jobs.try_send(job).map_err(|e| match e {
            TrySendError::Full(_) | TrySendError::Disconnected(_) => QueueFull,
        })
    }
}
