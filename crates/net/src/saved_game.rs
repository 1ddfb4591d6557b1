//! The saved game: the game's record in the one record format of every game
//! (`tripot_game::GameRecord`) plus the tags a resume needs (game id, role, peer id, addresses),
//! written after every move, atomically (write, sync, rename). Saves written before it (the
//! duel's own record format) still read.

use std::path::{Path, PathBuf};

use libp2p::{Multiaddr, PeerId};
use tripot_game::record::{RecordError, RecordResult, ReplayError};
use tripot_game::{GameRecord, Leaving, Seat};
use tripot_protocol::{GameId, Role};

use crate::online_game::OnlineGame;

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
    /// The record's moves or result are not the game's.
    #[error("{path}: {source}")]
    Replay {
        /// The file.
        path: PathBuf,
        /// The error.
        source: ReplayError,
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

/// The tag that says why a game was forfeited (the duel's records of before wrote it too).
const REASON_TAG: &str = "Reason";

/// How a record's `Termination` says a seat left, in every word a save has used.
fn leaving_of(termination: &str) -> Option<Leaving> {
    match termination {
        "resign" => Some(Leaving::Resigned),
        "forfeit" => Some(Leaving::Forfeited),
        "claim" | "abandon" | "abandoned" => Some(Leaving::Abandoned),
        "time" => Some(Leaving::TimedOut),
        _ => None,
    }
}

impl SavedGame {
    /// The game record, tags included.
    ///
    /// # Errors
    /// Only if a tag value cannot be stored (never for values this module writes).
    pub fn to_record(&self) -> Result<GameRecord, RecordError> {
        let game = &self.game;
        let state = game.state();
        let mut record = GameRecord::of_game(state);
        record.set_tag("OpenerChoice", if self.random_opener { "random" } else { "chosen" })?;
        record.set_player(&state.seat_name(game.local_seat()), &game.local_name)?;
        record.set_player(&state.seat_name(game.peer_seat()), &game.peer_name)?;
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0));
        record.set_tag("Date", &tripot_engine::date_from_unix(seconds))?;
        if let Some(why) = game.ending().and_then(|e| e.forfeit.as_deref()) {
            record.set_tag(REASON_TAG, why)?;
        }
        record.set_tag("GameId", &game.game_id.to_string())?;
        record.set_tag("Role", if game.role == Role::Host { "host" } else { "guest" })?;
        // Where the draw seated this side (draughts' colours); the role alone says it elsewhere.
        record.set_tag("Seat", &state.seat_name(game.local_seat()))?;
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
    pub fn from_record(record: &GameRecord, path: &Path) -> Result<SavedGame, SaveError> {
        let tag_error = |tag| SaveError::Tag { path: path.to_path_buf(), tag };
        let replay = record
            .replay(&crate::game_openers::LINKED_OPENERS.as_slice())
            .map_err(|source| SaveError::Replay { path: path.to_path_buf(), source })?;
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
        let start = replay.state.initial();
        let name = |seat: Seat| record.player(&start.seat_name(seat)).unwrap_or_default().to_owned();
        // Saves written before the `Seat` tag: the role's seat, as it always was then.
        let local = record
            .tag("Seat")
            .and_then(|name| start.seat_named(name))
            .unwrap_or_else(|| crate::online_game::seat_of(role));
        let peer_seat = Seat(1 - local.0);
        let (local_name, peer_name) = (name(local), name(peer_seat));
        let mut game =
            OnlineGame::new(game_id, role, start, local_name, peer_name, peer.to_bytes()).seated_at(local);
        for m in &replay.moves {
            let Some(seat) = game.state().to_move() else { break };
            // Verified by the replay just now, on the same game.
            if let Err(source) = game.play(seat, m) {
                let error = ReplayError::Move {
                    ply: game.moves().len() + 1,
                    seat: game.state().seat_name(seat),
                    text: game.state().move_text(m),
                    at: None,
                    error: Box::new(source),
                };
                return Err(SaveError::Replay { path: path.to_path_buf(), source: error });
            }
        }
        // A game the moves leave open and the record says is over: a seat left (the one that
        // did not win), as the termination says.
        let how = record.termination.as_deref().and_then(leaving_of);
        let winner = match &replay.result {
            RecordResult::Winner(name) => game.state().seat_named(name),
            RecordResult::Places(places) => places
                .iter()
                .find(|(_, place)| *place == 1)
                .and_then(|(name, _)| game.state().seat_named(name)),
            RecordResult::Unfinished => None,
        };
        if replay.outcome.is_none()
            && let (Some(how), Some(winner)) = (how, winner)
        {
            let leaver = Seat::all(game.state().seat_count()).find(|&s| s != winner).unwrap_or(peer_seat);
            let forfeit =
                (how == Leaving::Forfeited).then(|| record.tag(REASON_TAG).unwrap_or("").to_owned());
            game.leave(leaver, how, forfeit);
        }
        Ok(SavedGame {
            game,
            peer_addrs: addrs("PeerAddrs"),
            listen_addrs: addrs("ListenAddrs"),
            random_opener: record.tag("OpenerChoice") == Some("random"),
        })
    }

    /// Writes the save atomically: a crash leaves either the old or the new file, never half.
    ///
    /// # Errors
    /// File system errors.
    pub fn write(&self, path: &Path) -> Result<(), SaveError> {
        let record =
            self.to_record().map_err(|source| SaveError::Record { path: path.to_path_buf(), source })?;
        write_atomically(path, &record.to_string())
    }

    /// Reads a save back.
    ///
    /// # Errors
    /// File system errors, an invalid record or missing tags.
    pub fn read(path: &Path) -> Result<SavedGame, SaveError> {
        let bytes =
            std::fs::read(path).map_err(|source| SaveError::Io { path: path.to_path_buf(), source })?;
        let record = GameRecord::parse_bytes(&bytes)
            .map_err(|source| SaveError::Record { path: path.to_path_buf(), source })?;
        SavedGame::from_record(&record, path)
    }
}

/// Writes `text` to `path` atomically: a crash leaves either the old or the new file, never half.
///
/// # Errors
/// File system errors.
pub(crate) fn write_atomically(path: &Path, text: &str) -> Result<(), SaveError> {
    use std::io::Write as _;
    let io = |source| SaveError::Io { path: path.to_path_buf(), source };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let mut tmp_name = path.as_os_str().to_owned();
    tmp_name.push(".tmp");
    let tmp = PathBuf::from(tmp_name);
    let mut file = std::fs::File::create(&tmp).map_err(io)?;
    file.write_all(text.as_bytes()).map_err(io)?;
    file.sync_all().map_err(io)?;
    drop(file);
    std::fs::rename(&tmp, path).map_err(io)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use tripot_game::{Opener as _, Setup};

    use super::*;

    fn sample_of(game: &str, moves: usize) -> SavedGame {
        let peer = libp2p::identity::Keypair::generate_ed25519().public().to_peer_id();
        let setup = Setup { opener: Some(Seat(1)), position: None };
        let state = tripot_engine::StarBoardGames.open(&game.parse().unwrap(), &setup).unwrap();
        let mut game = OnlineGame::new(
            GameId([5; 16]),
            Role::Guest,
            state,
            "Marie".into(),
            "Edmonde \"la reine\"".into(),
            peer.to_bytes(),
        );
        for _ in 0..moves {
            let seat = game.state().to_move().unwrap();
            let m = game.state().legal_moves()[0].clone();
            game.play(seat, &m).unwrap();
        }
        SavedGame {
            game,
            peer_addrs: vec!["/ip4/127.0.0.1/tcp/4001".parse().unwrap()],
            listen_addrs: vec![],
            random_opener: true,
        }
    }

    fn sample(moves: usize) -> SavedGame {
        sample_of("tripot", moves)
    }

    #[test]
    fn a_save_reads_back_identical() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.tripot");
        for saved in [sample(0), sample(7), sample_of("kawu-2", 9), sample_of("captures-2", 4)] {
            saved.write(&path).unwrap();
            assert_eq!(SavedGame::read(&path).unwrap(), saved);
        }
    }

    #[test]
    fn a_game_is_in_progress_once_begun_and_until_it_ends() {
        assert!(!sample(0).game.in_progress(), "left before any move: nothing to take up");
        let begun = sample(1);
        assert!(begun.game.in_progress());
        let mut left = begun.game.clone();
        let seat = left.local_seat();
        left.leave(seat, Leaving::Resigned, None);
        assert!(!left.in_progress(), "resigned");
    }

    #[test]
    fn a_draughts_save_keeps_the_colour_the_draw_gave_this_side() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.tripot");
        let peer = libp2p::identity::Keypair::generate_ed25519().public().to_peer_id();
        let state =
            crate::game_openers::linked_games(&"draughts".parse().unwrap(), &Setup::default()).unwrap();
        // The guest drew White: it sits at the first seat, which opens.
        let mut game = OnlineGame::new(
            GameId([6; 16]),
            Role::Guest,
            state,
            "Marie".into(),
            "Edmonde".into(),
            peer.to_bytes(),
        )
        .seated_at(Seat(0));
        for _ in 0..5 {
            let seat = game.state().to_move().unwrap();
            let m = game.state().legal_moves()[0].clone();
            game.play(seat, &m).unwrap();
        }
        let saved = SavedGame { game, peer_addrs: vec![], listen_addrs: vec![], random_opener: true };
        saved.write(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("[Seat \"W\"]") && text.contains("[PlayerW \"Marie\"]"), "{text}");
        let read = SavedGame::read(&path).unwrap();
        assert_eq!(read, saved);
        assert_eq!((read.game.local_seat(), read.game.peer_seat()), (Seat(0), Seat(1)));
        assert!(!read.game.host_opened(), "the guest opened");
    }

    #[test]
    fn a_save_is_written_in_the_record_format_of_every_game() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.tripot");
        sample_of("kawu-2", 3).write(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("[Game \"kawu-2\"]"), "{text}");
        assert!(text.contains("[Role \"guest\"]"), "{text}");
    }

    #[test]
    fn a_forfeit_is_recorded_with_its_reason() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.tripot");
        let mut saved = sample(3);
        saved.game.leave(Seat(0), Leaving::Forfeited, Some("e17-i9: illegal".into()));
        saved.write(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("[Termination \"forfeit\"]"), "{text}");
        let read = SavedGame::read(&path).unwrap();
        assert_eq!(read, saved);
        assert_eq!(read.game.ending().unwrap().winner(), Some(Seat(1)));
    }

    /// A save written by the online client before the one record format: the duel's own
    /// record, written by the engine's record writer as the client did, with the online tags.
    #[test]
    fn an_old_online_save_still_loads() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.tripot");
        let text = include_str!("../tests/fixtures/online-save-v1.tripot");
        std::fs::write(&path, text).unwrap();
        let saved = SavedGame::read(&path).unwrap();
        assert_eq!(saved.game.spec().as_str(), "tripot");
        assert_eq!(saved.game.role, Role::Guest);
        assert_eq!((saved.game.local_name.as_str(), saved.game.peer_name.as_str()), ("Marie", "Edmonde"));
        assert_eq!(saved.game.ply(), 4);
        assert!(saved.random_opener);
        assert_eq!(saved.game.game_id.to_string(), "05050505050505050505050505050505");
        let ending = saved.game.ending().unwrap();
        assert_eq!((ending.winner(), ending.tag()), (Some(Seat(1)), "resign"));
        // And it saves back in today's format, the same game.
        saved.write(&path).unwrap();
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
