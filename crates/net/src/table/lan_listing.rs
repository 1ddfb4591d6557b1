//! The host's answer to a stranger on the LAN: what the table offers, kept true as seats fill,
//! in one short message on a stream of its own, which the host then closes. A stranger gets
//! nothing else out of a query: no hello was taken, so the stream is no link of the table.

use std::time::Instant;

use tripot_protocol::table::{TableListing, TableMessage, TableRejectReason};

use super::events::{LinkId, TableOutput};
use super::{Role, Table};

impl Table {
    /// The table as a host lists it on the LAN: its game, free seats and whether spectators
    /// may watch. `None` when there is nothing to offer (this peer is not the host, the table
    /// is a private room's, or the game started and spectators are not let in: it is full).
    #[must_use]
    pub fn lan_listing(&self, now: Instant) -> Option<TableListing> {
        let Role::Host(host) = &self.role else { return None };
        if self.config.unlisted || (self.table.started && !self.table.spectators) {
            return None;
        }
        let waiting = now.saturating_duration_since(host.opened).as_secs();
        let free = if self.table.started { 0 } else { self.table.free_seats().count() };
        Some(TableListing {
            table: self.table.table,
            spec: self.table.spec.clone(),
            name: within_bytes(&self.config.name, tripot_protocol::MAX_NAME).to_owned(),
            free: u8::try_from(free).unwrap_or(u8::MAX),
            spectators: self.table.spectators,
            started: self.table.started,
            waiting_secs: u32::try_from(waiting).unwrap_or(u32::MAX),
        })
    }

    /// A query instead of a hello: one listing (or the refusal of a full table), and the
    /// stream is closed after it, whatever the stranger sends next.
    pub(super) fn answer_query(&mut self, link: LinkId, now: Instant) {
        // Never welcomed: the stranger leaves no trace at the table, nor on its screens.
        match self.lan_listing(now) {
            Some(listing) => {
                self.send(link, TableMessage::Listing(listing));
                self.outputs.push(TableOutput::Close { link });
                self.host_link_down(link, now);
            }
            None => self.forget_link(link, TableRejectReason::NoSeat, now),
        }
    }
}

/// The longest start of `text` of at most `max` bytes, cut between characters.
fn within_bytes(text: &str, max: usize) -> &str {
    let end = text.char_indices().map(|(i, c)| i + c.len_utf8()).take_while(|&end| end <= max).last();
    &text[..end.unwrap_or(0)]
}
