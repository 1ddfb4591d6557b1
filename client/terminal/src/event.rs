//! One channel of events for the game loop: terminal input and ticks from an input thread, and
//! the computer's moves from its search threads. The loop only ever waits on this channel, so a
//! long search never freezes the interface.

use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

use crossterm::event::{self as term, KeyEvent, MouseEvent};

/// How often the loop wakes up with no input, to animate moves and blink the "thinking" sign.
pub const TICK: Duration = Duration::from_millis(100);

/// Something the game must react to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A key press.
    Key(KeyEvent),
    /// A click, a drag, a hover.
    Mouse(MouseEvent),
    /// The terminal changed size.
    Resize,
    /// Text pasted at once (bracketed paste): an address copied over two lines arrives whole,
    /// its line break no Enter.
    Paste(String),
    /// Time passed.
    Tick,
    /// A search of the one table answered (a computer's move or a hint).
    TableAnswer {
        /// Which request this answers; an answer to a table left is dropped.
        request: u64,
        /// The answer, checked by the table against its generation.
        answer: tripot_app::table_computer::Answer,
    },
}

/// The sending and receiving ends of the game's event channel.
#[derive(Debug)]
pub struct Events {
    sender: Sender<Event>,
    receiver: Receiver<Event>,
}

impl Events {
    /// A channel with no input thread: tests push events themselves; computer moves still
    /// arrive from their threads.
    #[must_use]
    pub fn new() -> Events {
        let (sender, receiver) = mpsc::channel();
        Events { sender, receiver }
    }

    /// A channel fed by a thread that reads the terminal and ticks every [`TICK`].
    #[must_use]
    pub fn with_terminal_input() -> Events {
        let events = Events::new();
        let sender = events.sender.clone();
        thread::spawn(move || input_loop(&sender));
        events
    }

    /// A sender for threads that report back (the computer's search).
    #[must_use]
    pub fn sender(&self) -> Sender<Event> {
        self.sender.clone()
    }

    /// Waits for the next event.
    pub fn next(&self) -> Option<Event> {
        self.receiver.recv().ok()
    }

    /// Waits at most `timeout` for the next event.
    pub fn next_timeout(&self, timeout: Duration) -> Option<Event> {
        self.receiver.recv_timeout(timeout).ok()
    }
}

impl Default for Events {
    fn default() -> Events {
        Events::new()
    }
}

fn input_loop(sender: &Sender<Event>) {
    let mut last_tick = Instant::now();
    loop {
        let event = match term::poll(TICK.saturating_sub(last_tick.elapsed())) {
            Ok(true) => match term::read() {
                Ok(term::Event::Key(key)) if key.kind != term::KeyEventKind::Release => Some(Event::Key(key)),
                Ok(term::Event::Mouse(mouse)) => Some(Event::Mouse(mouse)),
                Ok(term::Event::Resize(..)) => Some(Event::Resize),
                Ok(term::Event::Paste(text)) => Some(Event::Paste(text)),
                Ok(_) => None,
                Err(_) => return,
            },
            Ok(false) => None,
            Err(_) => return,
        };
        // Ticks keep coming while the mouse moves, so an animation never stalls.
        let tick = (last_tick.elapsed() >= TICK).then(|| {
            last_tick = Instant::now();
            Event::Tick
        });
        for event in event.into_iter().chain(tick) {
            if sender.send(event).is_err() {
                return;
            }
        }
    }
}
