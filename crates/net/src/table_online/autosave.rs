//! Autosave: the table's record is written after every entry, each game of the table to its
//! own file, as a [`GameRecord`] `tripot replay` reads: the game's moves and result, the table's
//! id, each seat's player, and the link a restarted peer rejoins its seat by
//! ([`TABLE_LINK_TAG`]); a finished game's signed result is kept beside its file.

use std::path::PathBuf;

use libp2p::Multiaddr;
use tripot_game::{GameRecord, Seat};
use tripot_protocol::table::SeatHolder;

use super::driver::TableDriver;
use super::{TableLink, TableNetEvent};
use crate::online::NetWarning;
use crate::result_keeper::keep_and_submit;
use crate::saved_game::write_atomically;
use crate::session::rematch_save_path;
use crate::table::{Table, table_game_id};
use tripot_ratings_wire::SignedResult;

/// The tag naming the table (its id in hex) in a table's record.
pub const TABLE_TAG: &str = "Table";

/// The tag of the link that rejoins the table after a restart (`tripot://table/…`): the host's
/// address, or for the host itself the next host's in the hand-over order, since the others go
/// on there once it is gone. A seated peer that comes back gets its own seat back, keyed by its
/// identity.
pub const TABLE_LINK_TAG: &str = "TableLink";

/// Where and what was last saved.
pub(super) struct Autosave {
    /// The first game's file (none: not saved).
    pub(super) path: Option<PathBuf>,
    /// (game number, entries) at the last save.
    pub(super) saved_at: Option<(u16, u32)>,
}

/// The record of the table's current game as this peer verified it, with the table's tags;
/// `None` before the first game.
#[must_use]
pub fn record_of(table: &Table) -> Option<GameRecord> {
    let record = table.record()?;
    let state = record.state();
    let mut out = record.game_record();
    let id: String = table.state().table.0.iter().map(|b| format!("{b:02x}")).collect();
    // Tag values are written escaped: these cannot fail on hex and names.
    let _ = out.set_tag(TABLE_TAG, &id);
    if let Some(chain) = crate::table::chain_tag(record) {
        let _ = out.set_tag(crate::table::CHAIN_TAG, &chain);
    }
    if let Some(link) = rejoin_link(table) {
        let _ = out.set_tag(TABLE_LINK_TAG, &link.to_string());
    }
    for (index, holder) in table.state().seats.iter().enumerate() {
        let Ok(index) = u8::try_from(index) else { continue };
        let name = match holder {
            SeatHolder::Human { name, .. } => name.clone(),
            SeatHolder::Computer { level } => format!("computer {level}"),
            SeatHolder::Empty => continue,
        };
        let _ = out.set_player(&state.seat_name(Seat(index)), &name);
    }
    Some(out)
}

/// The link a restarted peer rejoins the table by: the host's first announced address, or for
/// the host the next host's; none when that peer announced none (or there is no next host).
fn rejoin_link(table: &Table) -> Option<TableLink> {
    let state = table.state();
    let epoch = usize::from(state.epoch);
    let host = if table.is_host() { state.hosts.get(epoch + 1)? } else { state.hosts.get(epoch)? };
    let seat = table.seat_of(host)?;
    let SeatHolder::Human { addrs, .. } = state.seats.get(seat.index())? else { return None };
    // The addresses were announced with the peer's `/p2p/` id.
    let host = addrs.iter().find_map(|bytes| Multiaddr::try_from(bytes.clone()).ok())?;
    Some(TableLink { spec: state.spec.clone(), table: state.table, host })
}

impl TableDriver {
    /// Keeps a finished game's complete signed result beside that game's save, and submits it
    /// to the relay in use.
    pub(super) fn keep_result(&self, signed: &SignedResult) {
        let save = self.autosave.path.as_deref().map(|first| {
            // The result's game is the current one, or the one before when a rematch began.
            let current = self.table.record().map(|r| (table_game_id(r.key()), r.key().game));
            let number = match current {
                Some((id, number)) if id == signed.result.game_id => number,
                Some((_, number)) => number.saturating_sub(1),
                None => 1,
            };
            rematch_save_path(first, u32::from(number.max(1)))
        });
        let events = self.events.clone();
        keep_and_submit(signed, save.as_deref(), self.ratings_relay.clone(), move |news| {
            let _ = events.send(news.map_or_else(TableNetEvent::Warning, TableNetEvent::Rating));
        });
    }

    /// Saves the record if it changed since the last save.
    pub(super) fn save_if_changed(&mut self) {
        let Some(first) = self.autosave.path.clone() else { return };
        let Some(entries) = self.table.record().map(crate::table::Record::len) else { return };
        let at = (self.table.state().game, entries);
        if self.autosave.saved_at == Some(at) {
            return;
        }
        let Some(record) = record_of(&self.table) else { return };
        // Each game of the table (numbered from 1) to its own file: a finished game's record
        // stays as it was.
        let path = rematch_save_path(&first, u32::from(at.0));
        match write_atomically(&path, &record.to_string()) {
            Ok(()) => {
                self.autosave.saved_at = Some(at);
                self.emit(TableNetEvent::Saved { entries, path });
            }
            Err(error) => self.emit(TableNetEvent::Warning(NetWarning::SaveFailed(error.to_string()))),
        }
    }
}
