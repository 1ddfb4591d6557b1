//! Online games saved by the network session (`<config dir>/games/online-*.tripot`, apart from
//! the local games' folder), found again from plain `tripot`: the resume prompt lists the
//! unfinished ones beside the local games and gives the command that resumes each
//! (`tripot host|join --resume FILE`), since a session resumes from the command line. The
//! games of online tables of 2–6 seats are found there too ([`unfinished_tables`]), each
//! rejoined by the link its save names.

use std::fs;
use std::path::{Path, PathBuf};

use tripot_game::GameRecord;
use tripot_net::{OnlineGame, SavedGame};
use tripot_protocol::Role;

/// An unfinished online game on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnlineSaved {
    /// Its file.
    pub path: PathBuf,
    /// The game as saved.
    pub game: OnlineGame,
}

impl OnlineSaved {
    /// The command that resumes it: as host or guest, as it was played.
    #[must_use]
    pub fn command(&self) -> String {
        let side = match self.game.role {
            Role::Host => "host",
            Role::Guest => "join",
        };
        format!("tripot {side} --resume {}", self.path.display())
    }
}

/// The folder the network session saves to by default, if there is a config directory.
#[must_use]
pub fn default_dir() -> Option<PathBuf> {
    tripot_net::identity::config_dir().ok().map(|dir| dir.join("games"))
}

/// The unfinished online games in `dir`, newest first: begun and not ended (one left before any
/// move is not offered: `OnlineGame::in_progress`). A file that does not read back is left alone
/// (it is the network session's, and `--resume` says what is wrong with it).
#[must_use]
pub fn unfinished(dir: &Path) -> Vec<OnlineSaved> {
    newest_records(dir, |path, record| {
        let saved = SavedGame::from_record(record, &path).ok()?;
        saved.game.in_progress().then_some(OnlineSaved { path, game: saved.game })
    })
}

/// What `keep` makes of each record in `dir` that reads, newest first.
fn newest_records<T>(dir: &Path, keep: impl Fn(PathBuf, &GameRecord) -> Option<T>) -> Vec<T> {
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "tripot"))
        .collect();
    // `online-<seconds>-<random>[-<n>]`: the newest sorts last once compared by modification time.
    files.sort_by_key(|p| fs::metadata(p).and_then(|m| m.modified()).ok());
    files
        .into_iter()
        .rev()
        .filter_map(|path| {
            // Read once, and only a regular file of a record's size (a FIFO would block).
            let bytes = super::record_file::read_record_file(&path).ok()?;
            let record = GameRecord::parse_bytes(&bytes).ok()?;
            keep(path, &record)
        })
        .collect()
}

/// An unfinished game of an online table of 2–6 seats on disk: its table driver's autosave,
/// rejoined by the link saved in it (the seat comes back to the same identity).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableSaved {
    /// Its file.
    pub path: PathBuf,
    /// The link that rejoins the table.
    pub link: tripot_net::table_online::TableLink,
    /// The moves played so far.
    pub moves: usize,
}

impl TableSaved {
    /// The invitation that rejoins the table, for a seat.
    #[must_use]
    pub fn invitation(&self) -> crate::table_invitation::TableInvitation {
        crate::table_invitation::TableInvitation::Table(self.link.clone())
    }
}

/// The unfinished games of online tables in `dir` (records with a table's rejoin link whose
/// game is not over), newest first. A file that does not read or replay is left alone.
#[must_use]
pub fn unfinished_tables(dir: &Path) -> Vec<TableSaved> {
    newest_records(dir, |path, record| {
        let link = record.tag(tripot_net::table_online::TABLE_LINK_TAG)?.parse().ok()?;
        // Replayed through the rules: a record that does not replay is not offered.
        let replay = record.replay(&crate::table_save::EveryGame).ok()?;
        replay.state.outcome().is_none().then(|| TableSaved { path, link, moves: replay.moves.len() })
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use tripot_game::{Opener as _, Setup};
    use tripot_net::OnlineGame;
    use tripot_protocol::{GameId, Role};

    use super::*;

    /// Writes an online save of the duel after `moves` moves into `dir`.
    fn write_online(dir: &Path, id: u8, moves: usize) -> PathBuf {
        let state =
            tripot_engine::StarBoardGames.open(&"tripot".parse().unwrap(), &Setup::default()).unwrap();
        // A peer id that reads back: the save keeps it for the resume.
        let peer = tripot_net::Keypair::generate_ed25519().public().to_peer_id().to_bytes();
        let mut game =
            OnlineGame::new(GameId([id; 16]), Role::Host, state, "Alice".into(), "Bruno".into(), peer);
        for _ in 0..moves {
            let seat = game.state().to_move().unwrap();
            let m = game.state().legal_moves()[0].clone();
            game.play(seat, &m).unwrap();
        }
        let path = dir.join(format!("online-{id}.tripot"));
        SavedGame { game, peer_addrs: vec![], listen_addrs: vec![], random_opener: false }
            .write(&path)
            .unwrap();
        path
    }

    #[test]
    fn a_game_left_before_any_move_is_not_offered_to_resume() {
        let dir = tempfile::tempdir().unwrap();
        write_online(dir.path(), 1, 0);
        let begun = write_online(dir.path(), 2, 1);
        let offered: Vec<PathBuf> = unfinished(dir.path()).into_iter().map(|s| s.path).collect();
        assert_eq!(offered, vec![begun]);
    }
}
