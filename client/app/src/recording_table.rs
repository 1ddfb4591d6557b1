//! A stand-in for a running table of seats, for tests of the controller and of the front-ends
//! that drive it: it writes down, as text, what the person's side sends (`play …`, `chat …`,
//! `resign`, `draw?`, `draw true`, `vote`, `claim 2`, `leave`) and hands out the events a test
//! gives it, in order. Clones share both, so a test keeps one while the controller owns another.
//! Built for this crate's tests and, with the `test-support` feature, for other crates' tests.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use tripot_game::Seat;
use tripot_net::table::TableEvent;
use tripot_net::table_online::TableNetEvent;
use tripot_protocol::table::PeerKey;

use crate::network::RunningTable;

/// A running table that records what is sent and replays what it is fed.
#[derive(Debug, Clone)]
pub struct RecordingTable {
    local: PeerKey,
    sent: Rc<RefCell<Vec<String>>>,
    events: Rc<RefCell<VecDeque<TableNetEvent>>>,
}

impl RecordingTable {
    /// A table where this side is the peer `local`, nothing sent and no event waiting.
    #[must_use]
    pub fn new(local: PeerKey) -> RecordingTable {
        RecordingTable { local, sent: Rc::default(), events: Rc::default() }
    }

    /// What was sent so far, oldest first.
    #[must_use]
    pub fn sent(&self) -> Vec<String> {
        self.sent.borrow().clone()
    }

    /// Queues `event` for the controller's next poll.
    pub fn feed(&self, event: TableNetEvent) {
        self.events.borrow_mut().push_back(event);
    }

    /// Queues an event of the table session.
    pub fn table(&self, event: TableEvent) {
        self.feed(TableNetEvent::Table(event));
    }

    fn write(&self, line: String) {
        self.sent.borrow_mut().push(line);
    }
}

impl RunningTable for RecordingTable {
    fn local_peer(&self) -> PeerKey {
        self.local.clone()
    }
    fn try_event(&mut self) -> Option<TableNetEvent> {
        self.events.borrow_mut().pop_front()
    }
    fn play(&mut self, text: String) {
        self.write(format!("play {text}"));
    }
    fn resign(&mut self) {
        self.write("resign".into());
    }
    fn offer_draw(&mut self) {
        self.write("draw?".into());
    }
    fn answer_draw(&mut self, accept: bool) {
        self.write(format!("draw {accept}"));
    }
    fn vote(&mut self) {
        self.write("vote".into());
    }
    fn chat(&mut self, text: String) {
        self.write(format!("chat {text}"));
    }
    fn claim(&mut self, seat: Seat) {
        self.write(format!("claim {}", seat.index()));
    }
    fn seat_computer(&mut self, seat: Seat, level: u8) {
        self.write(format!("computer {} {level}", seat.index()));
    }
    fn leave(&mut self) {
        self.write("leave".into());
    }
}
