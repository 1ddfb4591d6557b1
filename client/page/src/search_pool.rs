//! The computer's searches of every page, on [`SEARCH_THREADS`] threads of their own and never
//! on the server's async runtime: however many pages ask, no more searches think at once, and
//! the runtime that answers the pages is never the one thinking.
//!
//! A socket hands a search in and keeps the [`Ticket`] it gets; the queue holds only weak
//! references to tickets. A socket drops the ticket of a search no longer wanted (a new game,
//! an undo) and all of its tickets when it closes: the search, with the computer player it
//! holds, is then freed at once, and is skipped when its turn comes. A search already thinking
//! cannot be stopped; it ends within its level's time, and its answer is dropped with the
//! socket's channel. When other pages' searches are ahead, the page is told it is busy
//! ([`BusyWith::Searches`](super::messages::BusyWith)) and its search keeps its place.
//!
//! The pool lives as long as the server (the process): its threads wait on the queue.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError, Weak};
use std::thread;

use tokio::sync::mpsc::UnboundedSender;

use super::page::{Answer, Search};

/// Searches thinking at once, for every page together.
pub(crate) const SEARCH_THREADS: usize = 2;

/// A search handed in, held by the socket that asked it: dropping it withdraws the search.
pub(crate) struct Ticket {
    /// The socket that asked.
    owner: u64,
    /// The search and where its answer goes; taken by the thread that runs it.
    job: Mutex<Option<Job>>,
}

struct Job {
    search: Search,
    answers: UnboundedSender<Answer>,
}

impl Ticket {
    /// Whether the socket must go on holding this ticket: its search still waits and is still
    /// `wanted`. One that started thinking, or is no longer wanted, is let go.
    pub(crate) fn keep(&self, wanted: impl Fn(&Search) -> bool) -> bool {
        lock(&self.job).as_ref().is_some_and(|job| wanted(&job.search))
    }
}

/// The queue and the threads that empty it (cloned for every page: one pool per server).
#[derive(Clone)]
pub(crate) struct SearchPool {
    shared: Arc<Shared>,
}

struct Shared {
    queue: Mutex<Queue>,
    ready: Condvar,
}

#[derive(Default)]
struct Queue {
    waiting: VecDeque<Weak<Ticket>>,
    /// The owners of the searches thinking now.
    running: Vec<u64>,
}

impl SearchPool {
    /// Starts the pool's threads.
    pub(crate) fn start() -> SearchPool {
        let shared = Arc::new(Shared { queue: Mutex::new(Queue::default()), ready: Condvar::new() });
        for n in 0..SEARCH_THREADS {
            let shared = Arc::clone(&shared);
            // A thread that cannot start leaves the others to do the work (at least one
            // always does: the first failure is the system's, reported by the next).
            let _ = thread::Builder::new().name(format!("tripot-search-{n}")).spawn(move || work(&shared));
        }
        SearchPool { shared }
    }

    /// Queues `search` of the socket `owner`, its answer to go to `answers`. Returns the ticket
    /// to hold while it is wanted, and, when the search must wait behind other pages' ones, how
    /// many searches are before it.
    pub(crate) fn submit(
        &self,
        owner: u64,
        search: Search,
        answers: UnboundedSender<Answer>,
    ) -> (Arc<Ticket>, Option<usize>) {
        let ticket = Arc::new(Ticket { owner, job: Mutex::new(Some(Job { search, answers })) });
        let mut queue = lock(&self.shared.queue);
        // Searches withdrawn since are forgotten here rather than when their turn comes.
        queue.waiting.retain(|waiting| waiting.strong_count() > 0);
        let before: Vec<u64> = queue.waiting.iter().filter_map(Weak::upgrade).map(|t| t.owner).collect();
        let free = SEARCH_THREADS.saturating_sub(queue.running.len());
        let others = before.iter().chain(&queue.running).any(|&o| o != owner);
        let busy = (before.len() >= free && others).then_some(before.len() + queue.running.len());
        queue.waiting.push_back(Arc::downgrade(&ticket));
        drop(queue);
        self.shared.ready.notify_one();
        (ticket, busy)
    }
}

/// One search thread: takes the next search still wanted, runs it, sends its answer.
fn work(shared: &Shared) {
    loop {
        let (owner, job) = {
            let mut queue = lock(&shared.queue);
            loop {
                let next = queue.waiting.pop_front();
                match next {
                    Some(waiting) => {
                        let Some(ticket) = waiting.upgrade() else { continue };
                        let Some(job) = lock(&ticket.job).take() else { continue };
                        queue.running.push(ticket.owner);
                        break (ticket.owner, job);
                    }
                    None => queue = shared.ready.wait(queue).unwrap_or_else(PoisonError::into_inner),
                }
            }
        };
        let Job { search, answers } = job;
        // Dropped with the socket: the answer then goes nowhere.
        let _ = answers.send(run(search));
        let mut queue = lock(&shared.queue);
        if let Some(i) = queue.running.iter().position(|&o| o == owner) {
            queue.running.swap_remove(i);
        }
    }
}

/// Runs a search on this thread.
fn run(search: Search) -> Answer {
    search.search.run()
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
