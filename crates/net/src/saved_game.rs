//! The saved game: the engine's game record plus the tags a resume needs (game id, role, peer id,
//! addresses), written after every move, atomically (write, sync, rename).

use std::path::{Path, PathBuf};

use libp2p::{Multiaddr, PeerId};
use tripot_engine::{
    Camp, OpenerChoice, Record, RecordError, RecordResult, Termination as RecordTermination,
};
use tripot_protocol::{GameId, Role};

use crate::online_game::{EndReason, Ending, OnlineGame};

/// A game as saved on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedGame {
    /// The game.
    pub game: OnlineGame,
    /// Where the peer was last reachable.
    pub peer_addrs: Vec<Multiaddr>,
    /// Where this side listened (a restarted host listens there again).
    pub listen_addrs: Vec<Multiaddr>,
    /// Whether the opener was drawn at random.
    pub random_opener: bool,
}

/// Why a save could not be written or read back.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// File system.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// The record is not valid.
    #[error("{path}: {source}")]
    Record {
        /// The file.
        path: PathBuf,
        /// The error.
        source: RecordError,
    },
    /// A tag a resume needs is missing or wrong.
    #[error("{path}: tag {tag} missing or invalid; not an online game?")]
    Tag {
        /// The file.
        path: PathBuf,
        /// The tag.
        tag: &'static str,
    },
}

impl SavedGame {
    /// The game record, tags included.
    ///
    /// # Errors
    /// Only if a tag value cannot be stored (never for values this module writes).
    pub fn to_record(&self) -> Result<Record, RecordError> {
        let game = &self.game;
        let mut record = Record::new(game.format, game.rules, game.opener);
        record.opener_choice =
            Some(if self.random_opener { OpenerChoice::Random } else { OpenerChoice::Chosen });
        let (a, b) = match game.role {
            Role::Host => (&game.local_name, &game.peer_name),
            Role::Guest => (&game.peer_name, &game.local_name),
        };
        record.players = [Some(a.clone()), Some(b.clone())];
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0));
        record.date = Some(tripot_engine::date_from_unix(seconds));
        for notation in &game.moves {
            record.push(notation.clone());
        }
        if let Some(ending) = &game.ending {
            let termination = match &ending.termination {
                EndReason::Normal(outcome) => match outcome.reason {
                    tripot_engine::WinReason::Goal => RecordTermination::Goal,
                    tripot_engine::WinReason::Count { .. } => RecordTermination::Count,
                },
                EndReason::Resigned => RecordTermination::Resign,
                EndReason::Forfeit(why) => {
                    record.reason = Some(why.clone());
                    RecordTermination::Forfeit
                }
                EndReason::Abandoned => RecordTermination::Claim,
            };
            record.result = RecordResult::Won { winner: ending.winner, termination };
        }
        record.set_tag("GameId", &game.game_id.to_string())?;
        record.set_tag("Role", if game.role == Role::Host { "host" } else { "guest" })?;
        if let Ok(peer) = PeerId::from_bytes(&game.peer_id) {
            record.set_tag("Peer", &peer.to_string())?;
        }
        let join = |addrs: &[Multiaddr]| addrs.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
        record.set_tag("PeerAddrs", &join(&self.peer_addrs))?;
        record.set_tag("ListenAddrs", &join(&self.listen_addrs))?;
        Ok(record)
    }

    /// Rebuilds a saved game from its record: every move is verified again by the replay.
    ///
    /// # Errors
    /// An invalid record, or missing online tags (`path` is only for the messages).
    pub fn from_record(record: &Record, path: &Path) -> Result<SavedGame, SaveError> {
        let tag_error = |tag| SaveError::Tag { path: path.to_path_buf(), tag };
        let replay =
            record.replay().map_err(|source| SaveError::Record { path: path.to_path_buf(), source })?;
        let game_id: GameId = record.tag("GameId").and_then(|t| t.parse().ok()).ok_or(tag_error("GameId"))?;
        let role = match record.tag("Role") {
            Some("host") => Role::Host,
            Some("guest") => Role::Guest,
            _ => return Err(tag_error("Role")),
        };
        let peer: PeerId = record.tag("Peer").and_then(|t| t.parse().ok()).ok_or(tag_error("Peer"))?;
        let addrs = |tag| -> Vec<Multiaddr> {
            record.tag(tag).unwrap_or("").split_whitespace().filter_map(|a| a.parse().ok()).collect()
        };
        let [a, b] = record.players.clone();
        let (a, b) = (a.unwrap_or_default(), b.unwrap_or_default());
        let (local_name, peer_name) = if role == Role::Host { (a, b) } else { (b, a) };
        let mut game = OnlineGame::new(
            game_id,
            role,
            record.format(),
            record.rules(),
            record.opener(),
            local_name,
            peer_name,
            peer.to_bytes(),
        );
        for (verified, after) in replay.moves.iter().zip(replay.positions.iter().skip(1)) {
            game.push(verified.notation.clone(), *after);
        }
        if let RecordResult::Won { winner, termination } = replay.result {
            let termination = match termination {
                RecordTermination::Resign => Some(EndReason::Resigned),
                RecordTermination::Forfeit => {
                    Some(EndReason::Forfeit(record.reason.clone().unwrap_or_default()))
                }
                RecordTermination::Claim | RecordTermination::Abandon => Some(EndReason::Abandoned),
                // Decided by the moves: `push` already set it.
                RecordTermination::Goal | RecordTermination::Count => None,
            };
            if let Some(termination) = termination {
                game.ending = Some(Ending { winner, termination });
            }
        }
        Ok(SavedGame {
            game,
            peer_addrs: addrs("PeerAddrs"),
            listen_addrs: addrs("ListenAddrs"),
            random_opener: record.opener_choice == Some(OpenerChoice::Random),
        })
    }

    /// Writes the save atomically: a crash leaves either the old or the new file, never half.
    ///
    /// # Errors
    /// File system errors.
    pub fn write(&self, path: &Path) -> Result<(), SaveError> {
        use std::io::Write as _;
        let io = |source| SaveError::Io { path: path.to_path_buf(), source };
        let record =
            self.to_record().map_err(|source| SaveError::Record { path: path.to_path_buf(), source })?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let mut tmp_name = path.as_os_str().to_owned();
        tmp_name.push(".tmp");
        let tmp = PathBuf::from(tmp_name);
        let mut file = std::fs::File::create(&tmp).map_err(io)?;
        file.write_all(record.to_string().as_bytes()).map_err(io)?;
        file.sync_all().map_err(io)?;
        drop(file);
        std::fs::rename(&tmp, path).map_err(io)
    }

    /// Reads a save back.
    ///
    /// # Errors
    /// File system errors, an invalid record or missing tags.
    pub fn read(path: &Path) -> Result<SavedGame, SaveError> {
        let bytes =
            std::fs::read(path).map_err(|source| SaveError::Io { path: path.to_path_buf(), source })?;
        let record = Record::parse_bytes(&bytes)
            .map_err(|source| SaveError::Record { path: path.to_path_buf(), source })?;
        SavedGame::from_record(&record, path)
    }
}

/// The camp of the winner of a record, if decided (for tools and tests).
#[must_use]
pub fn winner(record: &Record) -> Option<Camp> {
    record.result.winner()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use tripot_engine::{Format, Rules};

    use super::*;

    fn sample(moves: usize) -> SavedGame {
        let peer = libp2p::identity::Keypair::generate_ed25519().public().to_peer_id();
        let mut game = OnlineGame::new(
            GameId([5; 16]),
            Role::Guest,
            Format::One,
            Rules::Tripot,
            Camp::B,
            "Marie".into(),
            "Edmonde \"la reine\"".into(),
            peer.to_bytes(),
        );
        for _ in 0..moves {
            let position = game.position;
            let mv = position.legal_moves()[0];
            let mut after = position;
            after.play_unchecked(mv);
            game.push(position.notation(mv), after);
        }
        SavedGame {
            game,
            peer_addrs: vec!["/ip4/127.0.0.1/tcp/4001".parse().unwrap()],
            listen_addrs: vec![],
            random_opener: true,
        }
    }

    #[test]
    fn a_save_reads_back_identical() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.tripot");
        for saved in [sample(0), sample(7)] {
            saved.write(&path).unwrap();
            assert_eq!(SavedGame::read(&path).unwrap(), saved);
        }
    }

    #[test]
    fn a_forfeit_is_recorded_with_its_reason() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.tripot");
        let mut saved = sample(3);
        saved.game.ending =
            Some(Ending { winner: Camp::B, termination: EndReason::Forfeit("e17-i9: illegal".into()) });
        saved.write(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("[Termination \"forfeit\"]"), "{text}");
        assert_eq!(SavedGame::read(&path).unwrap(), saved);
    }

    #[test]
    fn a_corrupt_save_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.tripot");
        std::fs::write(&path, b"\xff\xfe not a record").unwrap();
        assert!(SavedGame::read(&path).is_err());
    }
}
