//! The host's side: one link per guest or spectator, the hellos and seats, and the dispatch of
//! what the links send. What the host does with entries is in `host_game.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use tripot_game::Seat;
use tripot_protocol::FrameError;
use tripot_protocol::table::{
    Channel, ChatLine, PeerKey, SeatHolder, TABLE_VERSION, TableHello, TableMessage, TableReject,
    TableRejectReason, Wants,
};

use super::events::{LinkId, TableEvent, TableInput, TableOutput};
use super::rate::RateWindow;
use super::{Role, Table};

/// Malformed frames a link may send before it is dropped.
const MAX_STRIKES: u8 = 3;

/// How long a link may stay without a hello (a LAN query is answered at once): a stranger's
/// silent stream is not kept.
pub(super) const HELLO_WAIT: Duration = Duration::from_secs(10);

/// Links without a hello a host keeps at once; a newer one is refused.
pub(super) const MAX_UNWELCOMED: usize = 16;

/// What the host knows of one link.
#[derive(Debug)]
pub(super) struct Link {
    pub(super) peer: PeerKey,
    /// Whether its hello was taken: it is then seated or watching.
    pub(super) welcomed: bool,
    /// When it came up (one without a hello is dropped after [`HELLO_WAIT`]).
    since: Instant,
    flood: RateWindow,
    chat: RateWindow,
    strikes: u8,
    /// A sync asked of it (after a hand-over): until the record holds this many entries it may
    /// send entries signed by others, as fast as it likes.
    pub(super) syncing_until: u32,
    /// The record's length at the link's last sync request: another is served only once the
    /// record grew (a sync costs the host many messages).
    last_sync: Option<u32>,
    ping: Option<(u32, Instant)>,
    pub(super) rtt: Duration,
}

/// The host's own state.
#[derive(Debug)]
pub(super) struct HostSide {
    pub(super) links: BTreeMap<LinkId, Link>,
    /// Seats whose peer is away during the game, since when.
    pub(super) away: BTreeMap<Seat, Instant>,
    /// Seats already reported claimable.
    pub(super) claimable: BTreeSet<Seat>,
    last_ping: Instant,
    seq: u32,
    /// When the table opened (a LAN listing says how long it has been waiting).
    pub(super) opened: Instant,
}

impl HostSide {
    pub(super) fn new(now: Instant) -> HostSide {
        HostSide {
            links: BTreeMap::new(),
            away: BTreeMap::new(),
            claimable: BTreeSet::new(),
            last_ping: now,
            seq: 0,
            opened: now,
        }
    }
}

impl HostSide {
    /// The links whose hello was taken.
    pub(super) fn welcomed_links(&self) -> Vec<LinkId> {
        self.links.iter().filter(|(_, l)| l.welcomed).map(|(&id, _)| id).collect()
    }
}

impl Table {
    pub(super) fn host_side(&mut self) -> Option<&mut HostSide> {
        match &mut self.role {
            Role::Host(host) => Some(host),
            Role::Member(_) => None,
        }
    }

    fn link(&mut self, link: LinkId) -> Option<&mut Link> {
        self.host_side()?.links.get_mut(&link)
    }

    pub(super) fn send(&mut self, link: LinkId, message: TableMessage) {
        self.outputs.push(TableOutput::Send { link, message });
    }

    pub(super) fn reject(&mut self, link: LinkId, reason: TableRejectReason, index: Option<u32>) {
        self.send(link, TableMessage::Reject(TableReject { reason, index }));
    }

    /// Refuses and drops a link.
    pub(super) fn drop_link(&mut self, link: LinkId, reason: TableRejectReason, now: Instant) {
        self.reject(link, reason, None);
        self.outputs.push(TableOutput::Close { link });
        self.events.push(TableEvent::LinkClosed { link, reason });
        self.host_link_down(link, now);
    }

    /// Refuses and closes a link that never said hello, with no news for the host's screen.
    pub(super) fn forget_link(&mut self, link: LinkId, reason: TableRejectReason, now: Instant) {
        self.reject(link, reason, None);
        self.outputs.push(TableOutput::Close { link });
        self.host_link_down(link, now);
    }

    /// Every welcomed link, with whether its peer is seated.
    fn welcomed(&self) -> Vec<(LinkId, bool)> {
        let Role::Host(host) = &self.role else { return Vec::new() };
        host.welcomed_links()
            .into_iter()
            .map(|id| (id, host.links.get(&id).is_some_and(|l| self.seat_of(&l.peer).is_some())))
            .collect()
    }

    /// Sends `message` to every welcomed link (players and spectators).
    pub(super) fn broadcast(&mut self, message: &TableMessage) {
        for (link, _) in self.welcomed() {
            self.send(link, message.clone());
        }
    }

    /// The spectators watching: peers with a welcomed link and no seat, each once.
    fn count_watching(&self) -> u16 {
        let Role::Host(host) = &self.role else { return self.table.watching };
        let watchers: BTreeSet<&PeerKey> = host
            .links
            .values()
            .filter(|l| l.welcomed && self.seat_of(&l.peer).is_none())
            .map(|l| &l.peer)
            .collect();
        u16::try_from(watchers.len()).unwrap_or(u16::MAX)
    }

    /// Announces the table to everyone, and to the local front-end.
    pub(super) fn announce(&mut self) {
        self.table.watching = self.count_watching();
        self.table.held = self.record.as_ref().filter(|_| self.table.started).map_or(0, |r| r.len());
        self.broadcast(&TableMessage::State(self.table.clone()));
        self.events.push(TableEvent::Table(self.table.clone()));
    }

    pub(super) fn host_handle(&mut self, input: TableInput, now: Instant) {
        match input {
            TableInput::Up { link, peer } => {
                let fresh = Link {
                    peer,
                    welcomed: false,
                    since: now,
                    flood: RateWindow::default(),
                    chat: RateWindow::default(),
                    strikes: 0,
                    syncing_until: 0,
                    last_sync: None,
                    ping: None,
                    rtt: Duration::ZERO,
                };
                let Some(host) = self.host_side() else { return };
                let waiting = host.links.values().filter(|l| !l.welcomed).count();
                if waiting >= MAX_UNWELCOMED {
                    self.reject(link, TableRejectReason::Flood, None);
                    self.outputs.push(TableOutput::Close { link });
                    return;
                }
                host.links.insert(link, fresh);
            }
            TableInput::Down { link } => self.host_link_down(link, now),
            TableInput::Malformed { link, error } => self.host_malformed(link, &error, now),
            TableInput::Message { link, message } => {
                let flood = self.config.flood;
                let held = self.record.as_ref().map_or(0, |r| r.len());
                let Some(state) = self.link(link) else { return };
                let synced = matches!(message, TableMessage::Entry { .. }) && held < state.syncing_until;
                if !synced && !state.flood.allow(flood, now) {
                    self.drop_link(link, TableRejectReason::Flood, now);
                    return;
                }
                self.host_message(link, message, now);
            }
        }
    }

    fn host_malformed(&mut self, link: LinkId, error: &FrameError, now: Instant) {
        match error {
            FrameError::Version(_) => self.drop_link(link, TableRejectReason::Version, now),
            FrameError::TooLarge(_) => self.drop_link(link, TableRejectReason::Malformed, now),
            FrameError::Malformed(_) | FrameError::FieldTooLong(_) => {
                let Some(state) = self.link(link) else { return };
                state.strikes += 1;
                if state.strikes >= MAX_STRIKES {
                    self.drop_link(link, TableRejectReason::Malformed, now);
                } else {
                    self.reject(link, TableRejectReason::Malformed, None);
                }
            }
        }
    }

    /// A link is gone: a seat before the game is freed; during the game its seat is away.
    pub(super) fn host_link_down(&mut self, link: LinkId, now: Instant) {
        let Some(host) = self.host_side() else { return };
        let Some(gone) = host.links.remove(&link) else { return };
        let still_linked = host.links.values().any(|l| l.peer == gone.peer && l.welcomed);
        if !gone.welcomed || still_linked {
            return;
        }
        let Some(seat) = self.seat_of(&gone.peer) else {
            // A spectator gone: one fewer on every screen.
            return self.announce();
        };
        let live = self.record.as_ref().is_some_and(|r| r.ending().is_none());
        if live {
            if let Some(host) = self.host_side() {
                host.away.insert(seat, now);
            }
            self.events.push(TableEvent::SeatAway { seat });
            self.report_away(now);
        } else if !self.table.started {
            self.table.seats[seat.index()] = SeatHolder::Empty;
            self.announce();
        }
    }

    fn host_message(&mut self, link: LinkId, message: TableMessage, now: Instant) {
        let Some(state) = self.link(link) else { return };
        let (peer, welcomed) = (state.peer.clone(), state.welcomed);
        match message {
            TableMessage::Hello(hello) if !welcomed => self.host_hello(link, peer, hello, now),
            TableMessage::Query if !welcomed => self.answer_query(link, now),
            TableMessage::Ping { seq } => self.send(link, TableMessage::Pong { seq }),
            TableMessage::Pong { seq } => {
                if let Some(state) = self.link(link)
                    && let Some((sent_seq, sent)) = state.ping
                    && sent_seq == seq
                {
                    state.rtt = now.saturating_duration_since(sent);
                    state.ping = None;
                }
            }
            TableMessage::Reject(reject) => self.events.push(TableEvent::Refused(reject)),
            TableMessage::Bye => self.host_link_down(link, now),
            _ if !welcomed => self.reject(link, TableRejectReason::Unexpected, None),
            TableMessage::Entry { entry, .. } => self.host_entry_from(link, peer, entry, now),
            TableMessage::Sync { from } => self.serve_sync(link, from),
            TableMessage::DrawDeclined { seat } if self.seat_of(&peer) == Some(seat) => {
                self.decline_draw(seat);
            }
            TableMessage::Claim { seat } if self.seat_of(&peer).is_some() => {
                if self.host_claim(seat, now).is_err() {
                    self.reject(link, TableRejectReason::Unexpected, None);
                }
            }
            TableMessage::Vote => match self.seat_of(&peer) {
                Some(seat) if self.vote_until.is_some_and(|until| now < until) => self.take_vote(seat, now),
                _ => self.reject(link, TableRejectReason::Unexpected, None),
            },
            TableMessage::Chat(line) => self.host_chat_from(link, peer, line, now),
            TableMessage::ResultSigned(signature) => {
                self.on_result_signed(link, Some(peer), signature, now);
            }
            // A seat declines for itself only.
            TableMessage::ResultDeclined { game, signer } if signer == peer => {
                self.on_result_declined(link, Some(peer), game, signer, now);
            }
            _ => self.reject(link, TableRejectReason::Unexpected, None),
        }
    }

    fn host_hello(&mut self, link: LinkId, peer: PeerKey, hello: TableHello, now: Instant) {
        if hello.protocol != TABLE_VERSION {
            return self.drop_link(link, TableRejectReason::Version, now);
        }
        if hello.table != self.table.table {
            return self.drop_link(link, TableRejectReason::UnknownTable, now);
        }
        if let Some(seat) = self.seat_of(&peer) {
            // A restart, or a member after a hand-over: its own seat back.
            if let Some(host) = self.host_side() {
                host.away.remove(&seat);
                host.claimable.remove(&seat);
            }
            self.events.push(TableEvent::SeatBack { seat });
            self.welcome(link, hello.holds);
            self.report_away(now);
            return;
        }
        match hello.wants {
            Wants::Watch if !self.table.spectators => {
                self.drop_link(link, TableRejectReason::NoSpectators, now)
            }
            Wants::Watch => {
                self.welcome(link, hello.holds);
                // Every screen counts the spectators: one more.
                self.announce();
            }
            Wants::Seat(choice) => {
                let free = |s: &Seat| matches!(self.table.seats.get(s.index()), Some(SeatHolder::Empty));
                let seat = match choice {
                    Some(seat) => Some(seat).filter(free),
                    None => Seat::all(self.table.spec.seats).find(free),
                };
                let Some(seat) = seat.filter(|_| !self.table.started) else {
                    return self.drop_link(link, TableRejectReason::NoSeat, now);
                };
                let addrs = hello.addrs;
                self.table.seats[seat.index()] = SeatHolder::Human { peer, name: hello.name, addrs };
                self.welcome(link, hello.holds);
                self.announce();
                self.maybe_start(now);
            }
        }
    }

    /// Takes a link in: the table, then the entries it lacks (or a sync of those it has more).
    fn welcome(&mut self, link: LinkId, holds: u32) {
        let held = self.record.as_ref().map_or(0, |r| r.len());
        if let Some(state) = self.link(link) {
            state.welcomed = true;
            state.syncing_until = holds;
        }
        self.table.watching = self.count_watching();
        self.table.held = if self.table.started { held } else { 0 };
        self.send(link, TableMessage::State(self.table.clone()));
        if holds > held {
            self.send(link, TableMessage::Sync { from: held });
        } else {
            self.send_entries(link, holds.min(held));
        }
        let seated = self.host_side().and_then(|h| h.links.get(&link)).map(|l| l.peer.clone());
        if seated.is_some_and(|peer| self.seat_of(&peer).is_some()) {
            self.send_signatures(link);
        }
    }

    /// Answers a link's sync request, once per length of the record.
    fn serve_sync(&mut self, link: LinkId, from: u32) {
        let held = self.record.as_ref().map_or(0, |r| r.len());
        let Some(state) = self.link(link) else { return };
        if state.last_sync.is_some_and(|last| last >= held) {
            return;
        }
        state.last_sync = Some(held);
        self.send_entries(link, from);
    }

    /// Sends the entries of the current game from `from` on.
    pub(super) fn send_entries(&mut self, link: LinkId, from: u32) {
        let Some(record) = self.record.as_ref() else { return };
        let entries: Vec<_> =
            record.entries().iter().skip(usize::try_from(from).unwrap_or(usize::MAX)).cloned().collect();
        for entry in entries {
            self.send(link, TableMessage::Entry { entry, clock_ms: None });
        }
    }

    fn host_chat_from(&mut self, link: LinkId, peer: PeerKey, line: ChatLine, now: Instant) {
        let seated = self.seat_of(&peer).is_some();
        let channel = if seated { Channel::Players } else { Channel::Spectators };
        let rate = self.config.chat.rate;
        let Some(state) = self.link(link) else { return };
        if line.channel != channel || !state.chat.allow(rate, now) {
            return self.reject(link, TableRejectReason::Flood, None);
        }
        self.host_chat(ChatLine { from: peer, ..line });
    }

    /// Forwards a chat line to its channel, and keeps it if the host reads that channel.
    fn host_chat(&mut self, line: ChatLine) {
        let players = line.channel == Channel::Players;
        for (link, seated) in self.welcomed() {
            if seated == players {
                self.send(link, TableMessage::Chat(line.clone()));
            }
        }
        if players && self.chat.receive(line.clone()) {
            self.events.push(TableEvent::Chat(line));
        }
    }

    /// What the host itself says to the table.
    pub(super) fn host_own_message(&mut self, message: TableMessage, now: Instant) {
        match message {
            TableMessage::Chat(line) => self.host_chat(line),
            TableMessage::Vote => {
                if let Some(seat) = self.my_seat() {
                    self.take_vote(seat, now);
                }
            }
            TableMessage::DrawDeclined { seat } => self.decline_draw(seat),
            _ => {}
        }
    }

    fn decline_draw(&mut self, seat: Seat) {
        let offered_by_other = self.record.as_ref().and_then(|r| r.draw_offer()).is_some_and(|s| s != seat);
        if offered_by_other {
            self.broadcast(&TableMessage::DrawDeclined { seat });
            self.events.push(TableEvent::DrawDeclined { seat });
        }
    }

    /// Tells everyone which seats are away and since when.
    pub(super) fn report_away(&mut self, now: Instant) {
        let Some(host) = self.host_side() else { return };
        let seats = host
            .away
            .iter()
            .map(|(&seat, &since)| {
                (seat, u32::try_from(now.saturating_duration_since(since).as_secs()).unwrap_or(u32::MAX))
            })
            .collect();
        self.broadcast(&TableMessage::Away { seats });
    }

    pub(super) fn host_tick(&mut self, now: Instant) {
        let keep_alive = self.config.keep_alive;
        let grace = self.config.grace;
        let Some(host) = self.host_side() else { return };
        let silent: Vec<LinkId> = host
            .links
            .iter()
            .filter(|(_, l)| !l.welcomed && now.saturating_duration_since(l.since) >= HELLO_WAIT)
            .map(|(&id, _)| id)
            .collect();
        for link in silent {
            self.forget_link(link, TableRejectReason::Unexpected, now);
        }
        let Some(host) = self.host_side() else { return };
        let mut pings = Vec::new();
        if now.saturating_duration_since(host.last_ping) >= keep_alive {
            host.last_ping = now;
            host.seq = host.seq.wrapping_add(1);
            let seq = host.seq;
            for (&id, link) in &mut host.links {
                link.ping = Some((seq, now));
                pings.push((id, seq));
            }
        }
        let newly_claimable: Vec<Seat> = host
            .away
            .iter()
            .filter(|&(seat, &since)| {
                now.saturating_duration_since(since) >= grace && !host.claimable.contains(seat)
            })
            .map(|(&seat, _)| seat)
            .collect();
        host.claimable.extend(newly_claimable.iter().copied());
        let report = !pings.is_empty() && !host.away.is_empty();
        for (link, seq) in pings {
            self.send(link, TableMessage::Ping { seq });
        }
        if report {
            self.report_away(now);
        }
        for seat in newly_claimable {
            self.events.push(TableEvent::Claimable { seat });
        }
        self.host_clock_tick(now);
        self.vote_tick(now);
    }
}
