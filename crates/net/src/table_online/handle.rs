//! The front-end's side of an online table: commands in, [`TableNetEvent`]s out.

use libp2p::PeerId;
use tokio::sync::mpsc;
use tripot_game::Seat;

use super::TableNetEvent;

/// What the front-end asks of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Command {
    /// Play this move (the game's notation).
    Play(String),
    /// Resign the game.
    Resign,
    /// Offer a draw.
    OfferDraw,
    /// Answer the draw offered.
    AnswerDraw(bool),
    /// Vote for another game.
    Vote,
    /// Say something.
    Chat(String),
    /// Claim a seat away past its grace.
    Claim(Seat),
    /// Put a computer player of this level at an empty seat (the host, before a game).
    SeatComputer(Seat, u8),
    /// Leave the table.
    Leave,
}

/// A running online table: send commands, receive events. Dropping it stops the table.
#[derive(Debug)]
pub struct TableHandle {
    pub(super) events: mpsc::UnboundedReceiver<TableNetEvent>,
    pub(super) commands: mpsc::UnboundedSender<Command>,
    pub(super) local_peer: PeerId,
    pub(super) task: tokio::task::JoinHandle<()>,
}

impl TableHandle {
    /// The next event; `None` once the table's task has stopped.
    pub async fn next_event(&mut self) -> Option<TableNetEvent> {
        self.events.recv().await
    }

    /// The next event if one is ready, without waiting: what a front-end polls on its ticks;
    /// `None` when nothing is ready or the table's task has stopped.
    pub fn try_event(&mut self) -> Option<TableNetEvent> {
        self.events.try_recv().ok()
    }

    /// This peer's id.
    #[must_use]
    pub const fn local_peer(&self) -> PeerId {
        self.local_peer
    }

    /// Plays a move given in the game's notation (refusals come back as
    /// [`TableNetEvent::LocalError`]).
    pub fn play(&self, text: &str) {
        self.send(Command::Play(text.to_owned()));
    }

    /// Resigns the current game.
    pub fn resign(&self) {
        self.send(Command::Resign);
    }

    /// Offers a draw (two-seat games).
    pub fn offer_draw(&self) {
        self.send(Command::OfferDraw);
    }

    /// Accepts or declines the draw offered.
    pub fn answer_draw(&self, accept: bool) {
        self.send(Command::AnswerDraw(accept));
    }

    /// Votes for another game once the game is over.
    pub fn vote(&self) {
        self.send(Command::Vote);
    }

    /// Says something at the table.
    pub fn chat(&self, text: &str) {
        self.send(Command::Chat(text.to_owned()));
    }

    /// Claims a seat that has been away past its grace period.
    pub fn claim(&self, seat: Seat) {
        self.send(Command::Claim(seat));
    }

    /// Puts a computer player of `level` at the empty `seat` before a game: a host filling the
    /// seats no one took, or those its players left at a rematch (refusals come back as
    /// [`TableNetEvent::LocalError`]).
    pub fn seat_computer(&self, seat: Seat, level: u8) {
        self.send(Command::SeatComputer(seat, level));
    }

    /// Leaves the table (the others are told; the task stops shortly after).
    pub fn leave(&self) {
        self.send(Command::Leave);
    }

    /// Whether the table's task has stopped.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.task.is_finished()
    }

    fn send(&self, command: Command) {
        // The task is gone only when the table stopped: the event stream says so.
        let _ = self.commands.send(command);
    }
}

impl TableHandle {
    /// The same table with `first` handed out before whatever comes next: for a caller that
    /// read some of its events before giving it to the front-end (a quick match waiting to be
    /// settled).
    pub(super) fn with_first_events(mut self, first: Vec<TableNetEvent>) -> TableHandle {
        let (events_tx, events) = mpsc::unbounded_channel();
        for event in first {
            let _ = events_tx.send(event);
        }
        let (commands, local_peer) = (self.commands.clone(), self.local_peer);
        let task = tokio::spawn(async move {
            // Owning the inner handle keeps its table alive as long as this task.
            while let Some(event) = self.next_event().await {
                if events_tx.send(event).is_err() {
                    break;
                }
            }
        });
        TableHandle { events, commands, local_peer, task }
    }
}

impl Drop for TableHandle {
    fn drop(&mut self) {
        self.task.abort();
    }
}
