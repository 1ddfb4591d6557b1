//! Why a subcommand failed, one variant per cause, each with its exit code: 0 success, 1 an
//! illegal move (or a record whose moves or result are impossible) or a failure of the system
//! or the network, 2 malformed input (a position, a move, a file, a flag or a setting that does
//! not parse). The message is one line for stderr.

use tripot_engine::{
    IllegalMove, NotationError, PositionError, RecordError, StarIllegal, StarNotationError,
    StarPositionError, StarRecordError, Variant,
};
use tripot_net::multiaddr;
use tripot_net::room::ParseRoomCodeError;

use tripot_app::network::NetworkError;
use tripot_app::save_store::SaveError;
use tripot_app::settings::SettingsError;

/// A failed subcommand.
#[derive(Debug, thiserror::Error)]
pub(crate) enum CliError {
    /// A position that does not parse: exit 2.
    #[error("bad position: {0}")]
    BadPosition(#[from] PositionError),
    /// A star game's position that does not parse: exit 2.
    #[error("bad {variant} position: {error}")]
    BadStarPosition {
        /// The variant it was read for.
        variant: Variant,
        /// Why it does not parse.
        error: StarPositionError,
    },
    /// A move that does not parse: exit 2.
    #[error("bad move: {0}")]
    BadMove(#[from] NotationError),
    /// A star game's move that does not parse: exit 2.
    #[error("bad move: {0}")]
    BadStarMove(#[from] StarNotationError),
    /// A move the position does not allow: exit 1.
    #[error("illegal move {text}: {reason}")]
    IllegalMove {
        /// The move as given.
        text: String,
        /// Why the engine refuses it.
        reason: IllegalMove,
    },
    /// A move a star game's position does not allow: exit 1.
    #[error("illegal move {text}: {reason}")]
    IllegalStarMove {
        /// The move as given.
        text: String,
        /// Why the engine refuses it.
        reason: StarIllegal,
    },
    /// A record file that cannot be read: exit 1.
    #[error("{name}: {error}")]
    ReadRecord {
        /// The file as named.
        name: String,
        /// Why.
        error: std::io::Error,
    },
    /// A record that is not text: exit 2.
    #[error("{name}: not a text file: {error}")]
    NotText {
        /// The file as named.
        name: String,
        /// Where the text breaks.
        error: std::str::Utf8Error,
    },
    /// A record that does not parse (exit 2) or whose moves or result are impossible (exit 1).
    #[error("{name}: {error}")]
    Record {
        /// The file as named (or what was being written).
        name: String,
        /// What is wrong.
        error: RecordError,
    },
    /// A star game's record that does not parse (exit 2) or whose moves or result are
    /// impossible (exit 1).
    #[error("{name}: {error}")]
    StarRecord {
        /// The file as named.
        name: String,
        /// What is wrong.
        error: StarRecordError,
    },
    /// A record of the one format that does not read (exit 2) or whose moves do not replay
    /// (exit 1).
    #[error("{0}")]
    GameRecord(#[from] tripot_app::table_save::TableSaveError),
    /// A table's record whose signed chain does not check (a signature, the chain, a seat, a
    /// turn, other moves than the record's): exit 1; unreadable: exit 2.
    #[error("{path}: {error}")]
    SignedChain {
        /// The record's file.
        path: std::path::PathBuf,
        /// Why.
        error: Box<tripot_net::table::SavedChainError>,
    },
    /// A duel tournament without its two levels: exit 2.
    #[error("--a and --b are needed (or --variant and --seats)")]
    NoPlayers,
    /// A player of `--seats` that is not one: exit 2.
    #[error("--seats: {0} (or greedy)")]
    BadSeat(tripot_ai::LevelError),
    /// `--seats` does not name one player per seat: exit 2.
    #[error("--seats: {variant} has {seats} seats, {players} players given")]
    SeatCount {
        /// The variant.
        variant: Variant,
        /// Its seats.
        seats: usize,
        /// The players given.
        players: usize,
    },
    /// A star game's start or record could not be set up: exit 1.
    #[error("{variant}: cannot set up game {game}")]
    StarSetup {
        /// The variant.
        variant: Variant,
        /// The game's number.
        game: usize,
    },
    /// A format that is not 1, 2 or 3: exit 2.
    #[error("bad format {0}: expected 1, 2 or 3")]
    BadFormat(u8),
    /// `--games 0`: exit 2.
    #[error("--games must be at least 1")]
    NoGames,
    /// `join`'s target starts like an address and is not one: exit 2.
    #[error("not an address: {text} ({error})")]
    BadAddress {
        /// What was given.
        text: String,
        /// Why it does not parse.
        error: multiaddr::Error,
    },
    /// `join`'s target is neither an address nor a room code: exit 2.
    #[error("{text} is neither an address (/ip4/…/p2p/…) nor a room code: {error}")]
    NeitherAddressNorCode {
        /// What was given.
        text: String,
        /// Why it is no room code.
        error: ParseRoomCodeError,
    },
    /// A number was asked for: exit 2.
    #[error("not a number: {0}")]
    NotANumber(String),
    /// `lan --pick N` past the list: exit 2.
    #[error("no host number {0}")]
    NoSuchHost(usize),
    /// `lan --pick N` of a table with no free seat: exit 2.
    #[error("host number {0} has no free seat")]
    NoSeatAt(usize),
    /// `lan --pick N --watch` of a host that lets no spectator in: exit 2.
    #[error("host number {0} lets no spectator watch")]
    NoSpectatorsAt(usize),
    /// A lobby table number past the page: exit 2.
    #[error("no table number {0} on this page")]
    NoSuchTable(usize),
    /// `lobby --join N` of a table whose game is under way: exit 2.
    #[error("table number {0} is under way: no free seat (watch it with --watch {0})")]
    TableUnderWay(usize),
    /// `lobby --watch N` of a two-seat game, which the lobby does not let anyone watch: exit 2.
    #[error("table number {0} is a two-seat game: it cannot be watched from the lobby")]
    NotWatchable(usize),
    /// `lan` found nobody to join: exit 1.
    #[error("no Tripot host found on the LAN")]
    NoHostOnLan,
    /// The network settings cannot be used: exit 2 (1 when there is no config directory).
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// The network failed: exit 1 (2 for settings that cannot be used).
    #[error(transparent)]
    Network(#[from] NetworkError),
    /// A private room was asked for and there is no relay, neither configured nor on the LAN:
    /// exit 2.
    #[error("{}, or start a tripot-relay --mdns on this network", NetworkError::NoRelayForRoom)]
    NoRelayForRoom,
    /// The lobby or quick match needs a relay: none is configured and none answered on the
    /// LAN: exit 2.
    #[error(
        "no relay: give one with --relay /ip4/…/tcp/4001/p2p/… (or TRIPOT_RELAY), or start a tripot-relay --mdns on this network"
    )]
    NoRelay,
    /// A month that is not `YYYY-MM` (`--month`): exit 2.
    #[error(transparent)]
    BadMonth(#[from] tripot_ratings_wire::MonthError),
    /// A relay's ratings service could not answer: exit 1.
    #[error(transparent)]
    Ratings(#[from] tripot_net::ratings::RatingsClientError),
    /// The saved online game to resume cannot be read: exit 2.
    #[error(transparent)]
    SavedOnlineGame(tripot_net::saved_game::SaveError),
    /// A saved game cannot be read: exit 2 if it does not parse, 1 if its moves are illegal or
    /// the file cannot be read.
    #[error(transparent)]
    SavedGame(#[from] SaveError),
    /// The session's task ended before the game did: exit 1.
    #[error("the network task stopped")]
    SessionStopped,
    /// The private room cannot be used: exit 1.
    #[error(transparent)]
    Room(tripot_net::online::RoomError),
    /// The player left the online screen before the game started, after a failure: exit 1.
    #[error("no game: {}", tripot_app::i18n::Lang::En.failure(.0))]
    NotStarted(tripot_app::online_notice::Warning),
    /// The host refused the game for good: exit 1.
    #[error("the host refused the game: {reason}{}", if detail.is_empty() { String::new() } else { format!(" ({detail})") })]
    Refused {
        /// Why.
        reason: tripot_protocol::RejectReason,
        /// The host's words, if any.
        detail: String,
    },
    /// A tournament's records cannot be written: exit 1.
    #[error("cannot save in {}: {error}", dir.display())]
    CannotSave {
        /// The directory.
        dir: std::path::PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// A tournament's games failed: exit 1.
    #[error("{0} game(s) failed")]
    GamesFailed(usize),
    /// The solitaire race did not reach its goal: exit 1.
    #[error("the race did not finish")]
    RaceUnfinished,
    /// A table link that does not read: exit 2.
    #[error(transparent)]
    BadTableLink(#[from] tripot_net::table_online::TableLinkError),
    /// `--headless` for a player without `--ai` to play its seat: exit 2.
    #[error("--headless plays with the computer: give --ai LEVEL (only watch needs none)")]
    HeadlessWithoutAi,
    /// `tripot host --lobby` of a game of two seats, which the lobby lists as a two-seat game:
    /// exit 2.
    #[error("--lobby lists a table of 3–6 seats: a game of two seats opens with `tripot lobby --open`")]
    LobbyTableOfTwo,
    /// `tripot quick --seats N` with no game of N seats in the catalogue: exit 2.
    #[error("no game is played at {0} seats")]
    NoGameOfSeats(u8),
    /// A table's room link that does not read: exit 2.
    #[error(transparent)]
    BadTableRoomLink(#[from] tripot_net::table_online::TableRoomLinkError),
    /// `tripot join --seat N` with a two-seat host's address or room code: exit 2.
    #[error(
        "--seat is for a table's link (tripot://table/… or tripot://room/…): a two-seat host's offer says who sits where"
    )]
    SeatAtTablesOnly,
    /// `--seat N` past the table's seat count: exit 2.
    #[error(transparent)]
    NoSuchSeat(#[from] tripot_app::seat_choice::NoSuchSeat),
    /// The table would not let this peer in: exit 1.
    #[error("the table refused: {}", table_refusal(*.0))]
    TableRefused(tripot_protocol::table::TableRejectReason),
    /// An online table could not start: exit 1.
    #[error(transparent)]
    Table(#[from] tripot_net::table_online::TableNetError),
    /// A clock that is not `move:SECS` or `fischer:SECS+INC`: exit 2.
    #[error("'{0}' is not a clock: give move:60 (seconds a move) or fischer:300+5 (reserve + increment)")]
    BadClock(String),
    /// The terminal cannot be used: exit 1.
    #[error("terminal: {0}")]
    Terminal(std::io::Error),
    /// The web server could not start or stopped: exit 1.
    #[error("{0}")]
    Web(#[from] tripot_web::WebError),
    /// A draughts subcommand failed: its own exit code (2 malformed, 1 illegal or failed).
    #[error(transparent)]
    Draughts(Box<super::draughts::DraughtsError>),
    /// Reading stdin, writing stdout or a file failed: exit 1.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// A game name no engine plays, or not a game of two seats online (`--variant`): exit 2.
    #[error(transparent)]
    BadGame(#[from] tripot_game::SpecError),
    /// A duel's position of another format than the game named (`--game tripot-f2`): exit 2.
    #[error("bad position: {0}")]
    FormatMismatch(#[from] tripot_engine::FormatMismatch),
    /// A game the engines would not open as asked: exit 2.
    #[error(transparent)]
    Open(#[from] tripot_game::OpenError),
    /// The position given to `bestmove` is already decided: exit 1.
    #[error("the game is over: {0}")]
    Decided(String),
    /// A game whose engine has no perft here: exit 2.
    #[error("no perft for {0}")]
    NoPerft(tripot_game::GameSpec),
    /// `--engine` (a Hub engine) for another game than draughts: exit 2.
    #[error("--engine asks a draughts engine: add --game draughts")]
    EngineForDraughtsOnly,
    /// `--time-ms` for another game than the duel: exit 2.
    #[error("--time-ms is for the duel only: the other games' levels keep their own budget")]
    TimeForDuelOnly,
    /// The computer player could not choose a move: exit 1.
    #[error(transparent)]
    Player(#[from] tripot_game::PlayerError),
}

/// Why a table turned a peer away, as the command line says it.
fn table_refusal(reason: tripot_protocol::table::TableRejectReason) -> &'static str {
    use tripot_protocol::table::TableRejectReason as R;
    match reason {
        R::NoSeat => "the seat asked for is taken, or no seat is free (the game may have started)",
        R::NoSpectators => "the host lets no spectator in",
        R::UnknownTable => "the host has no such table (the link is an old one?)",
        R::Version => "the host speaks another version of the table's messages",
        R::Malformed | R::Unexpected | R::BadEntry | R::Flood | R::GameOver | R::BadSignature => {
            "the host refused what this peer sent"
        }
    }
}

impl From<super::draughts::DraughtsError> for CliError {
    fn from(error: super::draughts::DraughtsError) -> CliError {
        CliError::Draughts(Box::new(error))
    }
}

impl CliError {
    /// The process exit code for this error.
    #[must_use]
    pub(crate) fn exit_code(&self) -> u8 {
        match self {
            CliError::BadPosition(_)
            | CliError::FormatMismatch(_)
            | CliError::Open(_)
            | CliError::TimeForDuelOnly
            | CliError::NoPerft(_)
            | CliError::EngineForDraughtsOnly
            | CliError::BadStarPosition { .. }
            | CliError::BadMove(_)
            | CliError::BadStarMove(_)
            | CliError::NotText { .. }
            | CliError::BadFormat(_)
            | CliError::NoGames
            | CliError::NoPlayers
            | CliError::BadSeat(_)
            | CliError::SeatCount { .. }
            | CliError::BadAddress { .. }
            | CliError::NeitherAddressNorCode { .. }
            | CliError::NotANumber(_)
            | CliError::NoSuchHost(_)
            | CliError::NoSeatAt(_)
            | CliError::NoSpectatorsAt(_)
            | CliError::NoSuchTable(_)
            | CliError::TableUnderWay(_)
            | CliError::NotWatchable(_)
            | CliError::NoRelayForRoom
            | CliError::NoRelay
            | CliError::BadGame(_)
            | CliError::BadMonth(_)
            | CliError::SavedOnlineGame(_)
            | CliError::BadTableLink(_)
            | CliError::BadTableRoomLink(_)
            | CliError::HeadlessWithoutAi
            | CliError::LobbyTableOfTwo
            | CliError::NoGameOfSeats(_)
            | CliError::SeatAtTablesOnly
            | CliError::NoSuchSeat(_)
            | CliError::BadClock(_) => 2,
            CliError::Player(_) => 1,
            CliError::Settings(error) | CliError::Network(NetworkError::Settings(error)) => match error {
                SettingsError::ConfigDir(_) => 1,
                _ => 2,
            },
            CliError::Draughts(error) => error.exit_code(),
            CliError::Record { error, .. } if error.is_malformed() => 2,
            CliError::GameRecord(error) => match error {
                tripot_app::table_save::TableSaveError::Replay { .. } => 1,
                _ => 2,
            },
            CliError::SignedChain { error, .. } => match **error {
                tripot_net::table::SavedChainError::Malformed => 2,
                _ => 1,
            },
            CliError::StarRecord { error, .. } => match error {
                StarRecordError::Illegal { .. } | StarRecordError::ResultMismatch { .. } => 1,
                _ => 2,
            },
            CliError::IllegalMove { .. }
            | CliError::IllegalStarMove { .. }
            | CliError::ReadRecord { .. }
            | CliError::Record { .. }
            | CliError::Decided(_)
            | CliError::StarSetup { .. }
            | CliError::NoHostOnLan
            | CliError::Network(_)
            | CliError::SavedGame(_)
            | CliError::SessionStopped
            | CliError::Room(_)
            | CliError::NotStarted(_)
            | CliError::Refused { .. }
            | CliError::CannotSave { .. }
            | CliError::GamesFailed(_)
            | CliError::RaceUnfinished
            | CliError::Terminal(_)
            | CliError::Table(_)
            | CliError::TableRefused(_)
            | CliError::Web(_)
            | CliError::Ratings(_)
            | CliError::Io(_) => 1,
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn malformed_input_exits_2_and_failures_exit_1() {
        let bare: tripot_net::Multiaddr = "/ip4/192.0.2.7/tcp/4001".parse().unwrap();
        assert_eq!(CliError::BadFormat(4).exit_code(), 2);
        assert_eq!(CliError::NoRelay.exit_code(), 2);
        assert_eq!(CliError::Settings(SettingsError::RelayWithoutPeerId(bare.clone())).exit_code(), 2);
        assert_eq!(CliError::Network(SettingsError::RelayWithoutPeerId(bare).into()).exit_code(), 2);
        assert_eq!(CliError::Network(NetworkError::NoRelay).exit_code(), 1);
        assert_eq!(CliError::NoHostOnLan.exit_code(), 1);
        assert_eq!(CliError::SessionStopped.exit_code(), 1);
    }
}
