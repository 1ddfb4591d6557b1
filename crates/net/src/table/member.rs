//! A member's side (a guest seated, or a spectator): one link to the host, every entry checked
//! before it is applied, the host's time decisions checked against this peer's own clock, and
//! the hand-over when the host is gone.

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use tripot_game::Seat;
use tripot_protocol::FrameError;
use tripot_protocol::table::{
    Act, Channel, ClockRule, Entry, HostWhy, LeaveHow, SeatHolder, Signer, TABLE_VERSION, TableHello,
    TableMessage, TableRejectReason, TableState, Wants,
};

use super::error::EntryError;
use super::events::{LinkId, TableEvent, TableInput, TableOutput};
use super::host::HostSide;
use super::{Role, Table};

/// Malformed frames the host may send before the link is dropped.
const MAX_STRIKES: u8 = 3;

/// A member's own state.
#[derive(Debug)]
pub(super) struct MemberSide {
    wants: Wants,
    link: Option<LinkId>,
    /// Since when the host has been gone (its link down, or dropped).
    host_lost: Option<Instant>,
    /// The host sent a bad entry: ruled out as forfeited by whoever takes over.
    host_forfeited: bool,
    /// Seats away, as the host reported them, since when.
    away: BTreeMap<Seat, Instant>,
    /// Seats away already reported claimable.
    claimable: BTreeSet<Seat>,
    /// Entries the host held when it last announced the table: those are caught up on.
    catch_up_until: u32,
    sync_asked: bool,
    strikes: u8,
    last_ping: Instant,
    seq: u32,
    ping: Option<(u32, Instant)>,
    rtt: Duration,
}

impl MemberSide {
    pub(super) fn new(wants: Wants, now: Instant) -> MemberSide {
        MemberSide {
            wants,
            link: None,
            host_lost: None,
            host_forfeited: false,
            away: BTreeMap::new(),
            claimable: BTreeSet::new(),
            catch_up_until: 0,
            sync_asked: false,
            strikes: 0,
            last_ping: now,
            seq: 0,
            ping: None,
            rtt: Duration::ZERO,
        }
    }

    /// The link to the host, while it is up.
    pub(super) const fn link(&self) -> Option<LinkId> {
        self.link
    }
}

impl Table {
    fn member_side(&mut self) -> Option<&mut MemberSide> {
        match &mut self.role {
            Role::Member(member) => Some(member),
            Role::Host(_) => None,
        }
    }

    pub(super) fn member_handle(&mut self, input: TableInput, now: Instant) {
        let current = match &self.role {
            Role::Member(member) => member.link,
            Role::Host(_) => return,
        };
        match input {
            TableInput::Up { link, .. } => self.member_up(link),
            TableInput::Down { link } if Some(link) == current => self.host_lost(now, false),
            TableInput::Malformed { link, error } if Some(link) == current => {
                let fatal = matches!(error, FrameError::Version(_) | FrameError::TooLarge(_));
                let Some(member) = self.member_side() else { return };
                member.strikes += 1;
                if fatal || member.strikes >= MAX_STRIKES {
                    self.member_drop(link, TableRejectReason::Malformed, now);
                }
            }
            TableInput::Message { link, message } if Some(link) == current => {
                self.member_message(link, message, now)
            }
            _ => {}
        }
    }

    /// A link to the host (or the next host) is up: hello.
    fn member_up(&mut self, link: LinkId) {
        let holds = self.record.as_ref().map_or(0, |r| r.len());
        let Some(member) = self.member_side() else { return };
        // A host that sent a bad entry is passed over: the driver redials whoever hosts, and
        // letting the liar back in would call the hand-over off for as long as it keeps the
        // link up and says nothing.
        if member.host_forfeited {
            self.outputs.push(TableOutput::Close { link });
            return;
        }
        member.link = Some(link);
        member.host_lost = None;
        member.strikes = 0;
        member.sync_asked = false;
        let wants = member.wants;
        let hello = TableHello {
            protocol: TABLE_VERSION,
            app: self.config.app.clone(),
            table: self.table.table,
            name: self.config.name.clone(),
            wants,
            addrs: self.config.addrs.clone(),
            holds,
        };
        self.outputs.push(TableOutput::Send { link, message: TableMessage::Hello(hello) });
        // Signatures the host (a new one, after a hand-over) may lack.
        self.send_signatures(link);
    }

    /// The host is at fault (or garbage came from it): drop the link and hand over at once.
    fn member_drop(&mut self, link: LinkId, reason: TableRejectReason, now: Instant) {
        self.outputs.push(TableOutput::Send {
            link,
            message: TableMessage::Reject(tripot_protocol::table::TableReject { reason, index: None }),
        });
        self.outputs.push(TableOutput::Close { link });
        self.events.push(TableEvent::LinkClosed { link, reason });
        self.host_lost(now, true);
    }

    /// The host is gone; `at_once`: no waiting for it to come back.
    fn host_lost(&mut self, now: Instant, at_once: bool) {
        let after = self.config.handover_after;
        let Some(member) = self.member_side() else { return };
        member.link = None;
        member.host_lost = Some(if at_once { now.checked_sub(after).unwrap_or(now) } else { now });
    }

    fn member_message(&mut self, link: LinkId, message: TableMessage, now: Instant) {
        match message {
            TableMessage::State(state) => self.member_state(link, state, now),
            TableMessage::Entry { entry, clock_ms } => self.member_entry(link, entry, clock_ms, now),
            TableMessage::Sync { from } => {
                let entries: Vec<Entry> = self.record.as_ref().map_or_else(Vec::new, |r| {
                    r.entries().iter().skip(usize::try_from(from).unwrap_or(usize::MAX)).cloned().collect()
                });
                for entry in entries {
                    self.outputs.push(TableOutput::Send {
                        link,
                        message: TableMessage::Entry { entry, clock_ms: None },
                    });
                }
            }
            TableMessage::DrawDeclined { seat } => self.events.push(TableEvent::DrawDeclined { seat }),
            TableMessage::Votes { seats } => self.events.push(TableEvent::Votes(seats)),
            TableMessage::Chat(line) => {
                let mine = if self.my_seat().is_some() { Channel::Players } else { Channel::Spectators };
                if line.channel == mine && self.chat.receive(line.clone()) {
                    self.events.push(TableEvent::Chat(line));
                }
            }
            TableMessage::Ping { seq } => {
                self.outputs.push(TableOutput::Send { link, message: TableMessage::Pong { seq } })
            }
            TableMessage::Pong { seq } => {
                if let Some(member) = self.member_side()
                    && let Some((sent_seq, sent)) = member.ping
                    && sent_seq == seq
                {
                    member.rtt = now.saturating_duration_since(sent);
                    member.ping = None;
                }
            }
            TableMessage::Away { seats } => self.member_away(&seats, now),
            TableMessage::Reject(reject) => self.events.push(TableEvent::Refused(reject)),
            TableMessage::Bye => self.host_lost(now, true),
            TableMessage::ResultSigned(signature) => self.on_result_signed(link, None, signature, now),
            TableMessage::ResultDeclined { game, signer } => {
                self.on_result_declined(link, None, game, signer, now);
            }
            TableMessage::Hello(_)
            | TableMessage::Claim { .. }
            | TableMessage::Vote
            | TableMessage::Query
            | TableMessage::Listing(_) => {
                self.outputs.push(TableOutput::Send {
                    link,
                    message: TableMessage::Reject(tripot_protocol::table::TableReject {
                        reason: TableRejectReason::Unexpected,
                        index: None,
                    }),
                });
            }
        }
    }

    fn member_away(&mut self, seats: &[(Seat, u32)], now: Instant) {
        let grace = self.config.grace;
        let Some(member) = self.member_side() else { return };
        let before = std::mem::take(&mut member.away);
        for &(seat, secs) in seats {
            let since = now.checked_sub(Duration::from_secs(u64::from(secs))).unwrap_or(now);
            member.away.insert(seat, since);
        }
        let mut events = Vec::new();
        for (&seat, &since) in &member.away {
            if !before.contains_key(&seat) {
                events.push(TableEvent::SeatAway { seat });
            }
            if now.saturating_duration_since(since) >= grace && member.claimable.insert(seat) {
                events.push(TableEvent::Claimable { seat });
            }
        }
        let away = &member.away;
        member.claimable.retain(|seat| away.contains_key(seat));
        events.extend(
            before.keys().filter(|s| !member.away.contains_key(s)).map(|&seat| TableEvent::SeatBack { seat }),
        );
        self.events.extend(events);
    }

    /// The host's table: taken when it is the table expected and well formed.
    fn member_state(&mut self, link: LinkId, state: TableState, now: Instant) {
        let well_formed = state.table == self.table.table
            && state.spec == self.table.spec
            && state.seats.len() == usize::from(state.spec.seats)
            && (state.hosts.is_empty() || usize::from(state.epoch) < state.hosts.len())
            && state.epoch >= self.table.epoch;
        // A new game only once this one is over: a host cannot wipe a game it is losing.
        let new_game = state.started && self.record.as_ref().is_none_or(|r| r.key().game != state.game);
        let game_on = self.record.as_ref().is_some_and(|r| r.ending().is_none());
        if !well_formed || (new_game && game_on) {
            self.outputs.push(TableOutput::Send {
                link,
                message: TableMessage::Reject(tripot_protocol::table::TableReject {
                    reason: TableRejectReason::UnknownTable,
                    index: None,
                }),
            });
            return;
        }
        let held = state.held;
        self.table = state;
        if new_game && self.open_record(now).is_err() {
            self.events.push(TableEvent::EntryRefused { from: None, error: EntryError::NoGame });
        }
        if let Some(member) = self.member_side() {
            member.catch_up_until = if new_game { held } else { member.catch_up_until.max(held) };
        }
        self.events.push(TableEvent::Table(self.table.clone()));
    }

    fn member_entry(&mut self, link: LinkId, entry: Entry, clock_ms: Option<u32>, now: Instant) {
        let Some(record) = self.record.as_ref() else { return };
        let held = record.len();
        if entry.index < held {
            return; // Already held (a sync overlapping a forward).
        }
        if entry.index > held {
            if let Some(member) = self.member_side()
                && !member.sync_asked
            {
                member.sync_asked = true;
                self.outputs.push(TableOutput::Send { link, message: TableMessage::Sync { from: held } });
            }
            return;
        }
        if let Some(member) = self.member_side() {
            member.sync_asked = false;
        }
        let live = match &self.role {
            Role::Member(member) => entry.index >= member.catch_up_until,
            Role::Host(_) => false,
        };
        let result = if live { self.check_time(&entry, clock_ms, now) } else { Ok(()) }.and_then(|()| {
            let record = self.record.as_mut().ok_or(EntryError::NoGame)?;
            record.apply(entry)
        });
        match result {
            Ok(applied) => {
                let seat = applied.seat;
                self.after_entry(applied, now);
                self.sign_if_over(now);
                if let (true, Some(reported)) = (live, clock_ms) {
                    let slack = self.slack();
                    self.clock.accept_report(seat, reported, slack);
                }
            }
            Err(error) => {
                let from = self.table.host().cloned();
                self.events.push(TableEvent::EntryRefused { from, error: error.clone() });
                if error.is_out_of_step() {
                    return;
                }
                if let Some(member) = self.member_side() {
                    member.host_forfeited = true;
                }
                self.member_drop(link, TableRejectReason::BadEntry, now);
            }
        }
    }

    /// The round trip to the host plus the margin.
    fn slack(&self) -> Duration {
        let rtt = match &self.role {
            Role::Member(member) => member.rtt,
            Role::Host(_) => Duration::ZERO,
        };
        rtt + self.config.clock_slack
    }

    /// Checks the host's time decisions and rulings against this peer's own view.
    fn check_time(&self, entry: &Entry, clock_ms: Option<u32>, now: Instant) -> Result<(), EntryError> {
        let seat = entry.seat;
        let slack = self.slack();
        match (entry.signer, &entry.act) {
            (Signer::Host { why: HostWhy::Clock, .. }, _)
                if !self.clock.may_have_run_out(seat, now, slack) =>
            {
                return Err(EntryError::TimeNotUp(seat));
            }
            (Signer::Host { why: HostWhy::Ruling, .. }, Act::Leave(LeaveHow::Abandoned)) => {
                let grace = self.config.grace;
                let away = match &self.role {
                    Role::Member(member) => member.away.get(&seat).copied(),
                    Role::Host(_) => None,
                };
                let long_enough =
                    away.is_some_and(|since| now.saturating_duration_since(since) + slack >= grace);
                if self.my_seat() == Some(seat) || !long_enough {
                    return Err(EntryError::NotAway(seat));
                }
            }
            _ => {}
        }
        if let (Some(reported), Act::Move(_), ClockRule::Reserve { .. }) =
            (clock_ms, &entry.act, self.clock.rule())
        {
            let mut view = self.clock.clone();
            view.charge(seat, now);
            if !view.accept_report(seat, reported, slack) {
                return Err(EntryError::TimeNotUp(seat));
            }
        }
        Ok(())
    }

    pub(super) fn member_tick(&mut self, now: Instant) {
        let keep_alive = self.config.keep_alive;
        let after = self.config.handover_after;
        let Some(member) = self.member_side() else { return };
        if let Some(link) = member.link
            && now.saturating_duration_since(member.last_ping) >= keep_alive
        {
            member.last_ping = now;
            member.seq = member.seq.wrapping_add(1);
            member.ping = Some((member.seq, now));
            let seq = member.seq;
            self.outputs.push(TableOutput::Send { link, message: TableMessage::Ping { seq } });
        }
        let Some(member) = self.member_side() else { return };
        let Some(lost) = member.host_lost.filter(|&lost| now.saturating_duration_since(lost) >= after) else {
            return;
        };
        member.host_lost = Some(now);
        let forfeited = std::mem::take(&mut member.host_forfeited);
        if self.table.hosts.is_empty() {
            return;
        }
        let _ = lost;
        let old_host = self.table.host().cloned();
        self.table.epoch = self.table.epoch.saturating_add(1);
        match self.table.host().cloned() {
            Some(next) if next == self.me => self.become_host(old_host.filter(|_| forfeited), now),
            Some(next) => {
                let addrs = self.addrs_of(&next);
                self.events.push(TableEvent::HostGone { next, addrs });
            }
            None => {
                if let Some(member) = self.member_side() {
                    member.host_lost = None;
                }
                self.events.push(TableEvent::TableLost);
            }
        }
    }

    /// This member takes the host's role: the others are away until they reconnect, the
    /// computer seats are its to play, and a host that sent a bad entry is ruled out.
    fn become_host(&mut self, forfeited_host: Option<tripot_protocol::table::PeerKey>, now: Instant) {
        let mut host = HostSide::new(now);
        let live = self.record.as_ref().is_some_and(|r| r.ending().is_none());
        if live {
            for (i, holder) in self.table.seats.iter().enumerate() {
                if let (SeatHolder::Human { peer, .. }, Ok(seat)) = (holder, u8::try_from(i))
                    && *peer != self.me
                {
                    host.away.insert(Seat(seat), now);
                }
            }
        }
        self.role = Role::Host(host);
        self.events.push(TableEvent::BecameHost { epoch: self.table.epoch });
        self.events.push(TableEvent::Table(self.table.clone()));
        if let Some(seat) = forfeited_host.and_then(|peer| self.seat_of(&peer)) {
            self.rule_out(seat, LeaveHow::Forfeited, now);
        }
        self.ask_computer();
        self.sign_if_over(now);
    }
}
