//! The table's chats: the players' and the spectators', short lines at a bounded rate, mutes.
//!
//! A line is at most [`MAX_CHAT`] bytes; each sender may write [`ChatConfig::rate`] lines (five
//! in ten seconds by default): the host drops what goes over and tells the sender. Players write
//! in the players' chat and read it; spectators write and read theirs. A mute is one peer's
//! own: lines from a muted peer are dropped on arrival and never shown. The lines kept are
//! the record's optional chat log and nothing else keeps them.

use std::collections::BTreeSet;

use tripot_protocol::table::{ChatLine, MAX_CHAT, PeerKey};

use super::rate::RateLimit;

/// Most lines a chat log keeps (the oldest go first).
pub const MAX_CHAT_LOG: usize = 500;

/// The chat's limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChatConfig {
    /// Lines a sender may write in a window.
    pub rate: RateLimit,
}

impl Default for ChatConfig {
    fn default() -> ChatConfig {
        ChatConfig { rate: RateLimit { count: 5, window: std::time::Duration::from_secs(10) } }
    }
}

/// What one peer keeps of the chats: the lines shown, and whom it muted.
#[derive(Debug, Clone, Default)]
pub struct ChatLog {
    lines: Vec<ChatLine>,
    muted: BTreeSet<PeerKey>,
}

impl ChatLog {
    /// Keeps `line` unless its sender is muted or it is too long; whether it was kept.
    pub fn receive(&mut self, line: ChatLine) -> bool {
        if self.muted.contains(&line.from) || line.text.len() > MAX_CHAT {
            return false;
        }
        if self.lines.len() == MAX_CHAT_LOG {
            self.lines.remove(0);
        }
        self.lines.push(line);
        true
    }

    /// Mutes `peer` (or unmutes it).
    pub fn mute(&mut self, peer: PeerKey, muted: bool) {
        if muted {
            self.muted.insert(peer);
        } else {
            self.muted.remove(&peer);
        }
    }

    /// Whether `peer` is muted.
    #[must_use]
    pub fn is_muted(&self, peer: &PeerKey) -> bool {
        self.muted.contains(peer)
    }

    /// The lines kept, oldest first: the record's chat log.
    #[must_use]
    pub fn lines(&self) -> &[ChatLine] {
        &self.lines
    }
}
