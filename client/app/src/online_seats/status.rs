//! What an online table holds beside the board: the host's announcement, who is away, the
//! clocks, the chat, the draw offer, the rematch vote, the game's end. Fed by the table
//! session's events; read back as a [`SeatsView`].

use std::collections::{BTreeSet, VecDeque};
use std::path::PathBuf;
use std::time::Instant;

use tripot_game::{Outcome, Seat, TableSpec};
use tripot_net::table::{Applied, REMATCH_WINDOW, TableClock};
use tripot_protocol::table::{Act, ChatLine, ClockRule, HostWhy, PeerKey, SeatHolder, Signer, TableState};

use super::LobbyWay;
use super::notice::Who;
use super::view::{ChatEntry, ChatFrom, RematchView, SeatClock, SeatHolderView, SeatView, SeatsView};

/// How many chat lines are kept for the view.
pub const CHAT_KEPT: usize = 50;

/// The table beside the board.
#[derive(Debug)]
pub(super) struct SeatsStatus {
    pub(super) me: PeerKey,
    pub(super) spec: TableSpec,
    pub(super) announced: Option<TableState>,
    pub(super) my_seat: Option<Seat>,
    pub(super) to_move: Option<Seat>,
    pub(super) invitation: Option<String>,
    pub(super) lobby: Option<LobbyWay>,
    pub(super) away: BTreeSet<Seat>,
    pub(super) claimable: BTreeSet<Seat>,
    pub(super) clock: TableClock,
    pub(super) timeouts: Vec<u8>,
    pub(super) chat: VecDeque<ChatEntry>,
    pub(super) muted: BTreeSet<Seat>,
    pub(super) draw_offer: Option<Seat>,
    pub(super) votes: Vec<Seat>,
    pub(super) voted: bool,
    pub(super) vote_until: Option<Instant>,
    pub(super) end: Option<Outcome>,
    pub(super) saved_to: Option<PathBuf>,
    pub(super) stopped: bool,
}

impl SeatsStatus {
    pub(super) fn new(me: PeerKey, spec: TableSpec) -> SeatsStatus {
        let seats = spec.seats;
        SeatsStatus {
            me,
            spec,
            announced: None,
            my_seat: None,
            to_move: None,
            invitation: None,
            lobby: None,
            away: BTreeSet::new(),
            claimable: BTreeSet::new(),
            clock: TableClock::new(ClockRule::None, seats),
            timeouts: vec![0; usize::from(seats)],
            chat: VecDeque::new(),
            muted: BTreeSet::new(),
            draw_offer: None,
            votes: Vec::new(),
            voted: false,
            vote_until: None,
            end: None,
            saved_to: None,
            stopped: false,
        }
    }

    /// Who holds `seat`, as the host announced it.
    pub(super) fn holder(&self, seat: Seat) -> Option<&SeatHolder> {
        self.announced.as_ref()?.seats.get(seat.index())
    }

    /// The seat of `peer`, if it holds one.
    pub(super) fn seat_of(&self, peer: &PeerKey) -> Option<Seat> {
        let state = self.announced.as_ref()?;
        state.seats.iter().zip(0u8..).find_map(|(holder, i)| match holder {
            SeatHolder::Human { peer: p, .. } if p == peer => Some(Seat(i)),
            _ => None,
        })
    }

    /// `seat` as a notice names it.
    pub(super) fn who(&self, seat: Seat) -> Who {
        if Some(seat) == self.my_seat {
            return Who::You;
        }
        let name = match self.holder(seat) {
            Some(SeatHolder::Human { name, .. }) => name.clone(),
            _ => String::new(),
        };
        Who::Seat { seat, name }
    }

    /// The peer hosting now, by the announcement.
    fn host_peer(&self) -> Option<&PeerKey> {
        self.announced.as_ref()?.host()
    }

    /// Whether this peer hosts now.
    pub(super) fn hosting(&self) -> bool {
        self.host_peer() == Some(&self.me)
    }

    /// The host's announcement; the new host if it changed (a hand-over).
    pub(super) fn announce(&mut self, state: TableState) -> Option<Who> {
        let before = self.announced.as_ref().map(|s| (s.epoch, s.game));
        let rule_changed = self.announced.as_ref().is_none_or(|s| s.clock != state.clock);
        self.spec = state.spec.clone();
        self.announced = Some(state);
        // Our seat before the game's first position names it: the one the host gave our key.
        if self.my_seat.is_none() {
            self.my_seat = self.seat_of(&self.me);
        }
        if rule_changed {
            self.clock = TableClock::new(
                self.announced.as_ref().map_or(ClockRule::None, |s| s.clock),
                self.spec.seats,
            );
        }
        let state = self.announced.as_ref()?;
        let (epoch, game) = before?;
        if state.epoch <= epoch || state.game != game {
            return None;
        }
        // This peer becoming the host is told by the table's own event, once.
        let host = self.host_peer().filter(|host| **host != self.me)?;
        self.seat_of(host).map(|seat| self.who(seat))
    }

    /// A game starts: what belonged to the last one goes.
    pub(super) fn started(&mut self) {
        self.end = None;
        self.votes.clear();
        self.voted = false;
        self.vote_until = None;
        self.draw_offer = None;
        self.away.clear();
        self.claimable.clear();
        self.timeouts = vec![0; usize::from(self.spec.seats)];
        let rule = self.announced.as_ref().map_or(ClockRule::None, |s| s.clock);
        self.clock = TableClock::new(rule, self.spec.seats);
    }

    /// An entry was applied at `now`: the clock charged, the time-outs in a row counted.
    pub(super) fn applied(&mut self, applied: &Applied, now: Instant) {
        if matches!(applied.act, Act::Leave(_)) {
            // A seat ruled out (or resigned) is claimed no more.
            self.away.remove(&applied.seat);
            self.claimable.remove(&applied.seat);
        }
        if applied.game_move.is_some() {
            self.draw_offer = None;
            self.clock.charge(applied.seat, now);
            // Every move starts a turn, even one of the seat that was to move before.
            self.to_move = None;
            if let Some(count) = self.timeouts.get_mut(applied.seat.index()) {
                *count = match applied.signer {
                    Signer::Host { why: HostWhy::Clock, .. } => count.saturating_add(1),
                    _ => 0,
                };
            }
        }
    }

    /// The turn is `to_move`'s from `now` (a person's clock runs; a computer's has none).
    pub(super) fn turn(&mut self, to_move: Option<Seat>, now: Instant) {
        if to_move == self.to_move {
            return;
        }
        self.to_move = to_move;
        let human = to_move.filter(|s| matches!(self.holder(*s), Some(SeatHolder::Human { .. })));
        self.clock.start_turn(human, now);
    }

    /// The game ended at `now`: the clock stops, the rematch vote opens.
    pub(super) fn ended(&mut self, outcome: Outcome, now: Instant) {
        self.end = Some(outcome);
        self.to_move = None;
        self.clock.stop();
        self.draw_offer = None;
        self.votes.clear();
        self.voted = false;
        self.vote_until = Some(now + REMATCH_WINDOW);
    }

    /// A chat line arrived; whether it is shown (ours come back from the host: already shown).
    pub(super) fn heard(&mut self, line: ChatLine) -> bool {
        if line.from == self.me {
            return false;
        }
        let from = match self.seat_of(&line.from) {
            Some(seat) if self.muted.contains(&seat) => return false,
            Some(seat) => match self.who(seat) {
                Who::You => ChatFrom::You,
                Who::Seat { seat, name } => ChatFrom::Seat { seat, name },
            },
            None => ChatFrom::Spectator,
        };
        self.keep(ChatEntry { channel: line.channel, from, text: line.text });
        true
    }

    /// Keeps a chat line, the oldest going past [`CHAT_KEPT`].
    pub(super) fn keep(&mut self, entry: ChatEntry) {
        if self.chat.len() == CHAT_KEPT {
            self.chat.pop_front();
        }
        self.chat.push_back(entry);
    }

    /// The view at `now`.
    pub(super) fn view(&self, now: Instant) -> SeatsView {
        let state = self.announced.as_ref();
        let host = self.host_peer();
        let seats = (0..self.spec.seats)
            .map(Seat)
            .map(|seat| {
                let holder = match self.holder(seat) {
                    None | Some(SeatHolder::Empty) => SeatHolderView::Empty,
                    Some(SeatHolder::Computer { level }) => SeatHolderView::Computer { level: *level },
                    Some(SeatHolder::Human { name, .. }) if Some(seat) == self.my_seat => {
                        SeatHolderView::You { name: name.clone() }
                    }
                    Some(SeatHolder::Human { name, .. }) => SeatHolderView::Person { name: name.clone() },
                };
                let is_host =
                    matches!(self.holder(seat), Some(SeatHolder::Human { peer, .. }) if Some(peer) == host);
                let clock = self.seat_clock(seat, &holder, now);
                SeatView {
                    seat,
                    holder,
                    away: self.away.contains(&seat),
                    claimable: self.claimable.contains(&seat),
                    host: is_host,
                    clock,
                    timeouts: self.timeouts.get(seat.index()).copied().unwrap_or(0),
                    muted: self.muted.contains(&seat),
                }
            })
            .collect();
        let rematch = self.vote_until.filter(|until| *until > now).map(|until| RematchView {
            votes: self.votes.clone(),
            voted: self.voted,
            left: until.saturating_duration_since(now),
        });
        SeatsView {
            spec: self.spec.clone(),
            game: state.map_or(0, |s| s.game),
            started: state.is_some_and(|s| s.started) && self.end.is_none(),
            seats,
            my_seat: self.my_seat,
            to_move: self.to_move,
            clock: state.map_or(ClockRule::None, |s| s.clock),
            spectators: state.is_some_and(|s| s.spectators),
            watching: state.map_or(0, |s| s.watching),
            hosting: self.hosting(),
            invitation: self.invitation.clone(),
            lobby: self.lobby,
            chat: self.chat.iter().cloned().collect(),
            draw_offer: self.draw_offer,
            rematch,
            end: self.end.clone(),
            computer_seats: self.computer_seats(),
        }
    }

    /// The empty seats a computer may take now: hosting, no game under way.
    pub(super) fn computer_seats(&self) -> Vec<Seat> {
        let Some(state) = self.announced.as_ref().filter(|s| !s.started && self.hosting()) else {
            return Vec::new();
        };
        state.free_seats().collect()
    }

    /// A seat's clock at `now`: none without a clock, for a computer or an empty seat.
    fn seat_clock(&self, seat: Seat, holder: &SeatHolderView, now: Instant) -> Option<SeatClock> {
        if matches!(holder, SeatHolderView::Empty | SeatHolderView::Computer { .. }) {
            return None;
        }
        let left = self.clock.left(seat, now)?;
        let running = self.end.is_none() && self.clock.deadline().is_some_and(|(s, _)| s == seat);
        let per_move = matches!(self.clock.rule(), ClockRule::PerMove { .. });
        Some(SeatClock { left, running, per_move })
    }
}
