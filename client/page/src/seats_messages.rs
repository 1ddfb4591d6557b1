//! The online table of 2–6 seats as the page draws it ([`SeatsTableView`], sent as
//! `{"type":"online_seats","table":…}` after every change): the board as every table sends it,
//! and around it the seats (who holds each, host, away, clocks), whose turn, the invitation to
//! share, the chat, the draw offered, the rematch vote. Every sentence comes as [`Words`] worded
//! by the catalogue (`tripot_app::i18n`, `seats.rs`), never by the page.

use serde::{Deserialize, Serialize};

use super::online_messages::Words;
use super::play_messages::PlayStateView;

/// One seat of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SeatLine {
    /// The seat, from 0.
    pub(crate) seat: u8,
    /// `empty`, `you`, `person` or `computer`.
    pub(crate) holder: String,
    /// Who holds it, in words (« vous (Ana) », « ordinateur moyen », « libre »).
    pub(crate) words: Words,
    /// The player's link is down during the game.
    pub(crate) away: bool,
    /// Away past the grace period: it may be claimed.
    pub(crate) claimable: bool,
    /// Its player hosts the table now.
    pub(crate) host: bool,
    /// Its clock, in whole seconds left, if it has one.
    pub(crate) clock_secs: Option<u64>,
    /// Whether its clock runs now.
    pub(crate) clock_running: bool,
    /// The person here muted its chat.
    pub(crate) muted: bool,
}

/// A chat line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ChatLine {
    /// `players` or `spectators`.
    pub(crate) channel: String,
    /// The writer's seat; none: the person here, or a spectator.
    pub(crate) seat: Option<u8>,
    /// Written here.
    pub(crate) you: bool,
    /// Who wrote it, in words.
    pub(crate) from: Words,
    /// What they wrote.
    pub(crate) text: String,
}

/// The rematch vote, while open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct VoteView {
    /// The seats that voted.
    pub(crate) votes: Vec<u8>,
    /// The person here voted.
    pub(crate) voted: bool,
    /// Whole seconds until it closes.
    pub(crate) secs_left: u64,
}

/// The online table as the page draws it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SeatsTableView {
    /// The game's name (`kawu-3`) and its title.
    pub(crate) game: String,
    /// Its title, from the catalogue.
    pub(crate) title: Words,
    /// The game's number at the table (0: seats being taken).
    pub(crate) number: u16,
    /// Under way.
    pub(crate) started: bool,
    /// Every seat, in order.
    pub(crate) seats: Vec<SeatLine>,
    /// Our seat; none: watching, or not seated yet.
    pub(crate) my_seat: Option<u8>,
    /// Whose turn it is.
    pub(crate) to_move: Option<u8>,
    /// A move of ours is awaited now.
    pub(crate) your_turn: bool,
    /// The clock's rule, in words.
    pub(crate) clock: Words,
    /// Spectators let in.
    pub(crate) spectators: bool,
    /// The person here hosts the table.
    pub(crate) hosting: bool,
    /// The empty seats the host may give a computer now (from 0; none for a guest or in a game).
    pub(crate) computer_seats: Vec<u8>,
    /// The link to share (the table's or its room's).
    pub(crate) invitation: Option<String>,
    /// How many watch, in words (« 2 spectateurs »); none while nobody does.
    pub(crate) watching: Option<Words>,
    /// The last chat lines, oldest first.
    pub(crate) chat: Vec<ChatLine>,
    /// A draw offered and not answered, by this seat.
    pub(crate) draw_offer: Option<u8>,
    /// The person may offer a draw now (two seats, its turn or not, the game on).
    pub(crate) may_offer_draw: bool,
    /// The person may answer the draw offered.
    pub(crate) may_answer_draw: bool,
    /// The person may vote for another game.
    pub(crate) may_vote: bool,
    /// The seats the person may claim.
    pub(crate) claimable: Vec<u8>,
    /// How the game ended (its places and reason), in words.
    pub(crate) end: Option<Words>,
    /// The rematch vote, while open.
    pub(crate) vote: Option<VoteView>,
    /// The board; none before the game starts.
    pub(crate) board: Option<Box<PlayStateView>>,
}
