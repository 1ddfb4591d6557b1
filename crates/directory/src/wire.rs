//! Directory messages on the wire: a big-endian `u16` length, then a tag byte and fields.
//!
//! A game travels as its name (a length byte, then the [`GameSpec`]'s bytes, checked when read)
//! and its seat count: the directory carries names it need not understand.
//!
//! Version 2 (`/tripot/rooms/2.0.0`) seeks and pairs by game. A relay still accepts streams of
//! version 1 (`/tripot/rooms/1.0.0`, whose seeks named duel formats and rules presets) only to
//! answer each request with a refusal such a client decodes and stops on ([`Request::Outdated`]);
//! a client of this version meeting a relay of version 1 hears that the relay supports none of
//! its protocols, and says so.

use crate::QuickSeek;
use futures::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use libp2p::{PeerId, StreamProtocol};
use std::fmt;
use std::io;
use tripot_game::{GameSpec, TableSpec};

/// The directory's protocol name.
pub const PROTOCOL: StreamProtocol = StreamProtocol::new("/tripot/rooms/2.0.0");

/// The protocol of clients from before games had names on the directory: a relay answers every
/// request on it with [`RefuseReason::Outdated`].
pub const PROTOCOL_V1: StreamProtocol = StreamProtocol::new("/tripot/rooms/1.0.0");

/// The largest directory frame either side accepts, length prefix excluded. Directory messages
/// are a few dozen bytes; a game frame's cap (`tripot_protocol::MAX_FRAME`) is another limit.
pub const MAX_DIRECTORY_FRAME: usize = 256;

/// The directory key of a room: a 32-byte hash of its code, never the code itself.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoomKey(pub [u8; 32]);

impl fmt::Debug for RoomKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A prefix is enough to tell keys apart in logs.
        write!(f, "RoomKey(")?;
        for b in &self.0[..4] {
            write!(f, "{b:02x}")?;
        }
        write!(f, "…)")
    }
}

/// What a client asks the directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// Open (or refresh) a room held by the sender for `ttl_secs` seconds.
    Open {
        /// The room's key.
        key: RoomKey,
        /// How long the room stays open without a refresh.
        ttl_secs: u32,
    },
    /// Close a room the sender holds (its game started, or the host left).
    Close {
        /// The room's key.
        key: RoomKey,
    },
    /// Who holds this room?
    Find {
        /// The room's key.
        key: RoomKey,
    },
    /// Quick match: pair me with a waiting player of a compatible seek ([`QuickSeek::agree`]).
    /// The relay holds the request a few seconds and answers [`Response::Matched`] as soon as it
    /// pairs the sender, or [`Response::Waiting`] when the hold ends (the client asks again at
    /// once).
    Seek(QuickSeek),
    /// Quick match: stop seeking.
    Unseek,
    /// Any request of an older version of this protocol ([`PROTOCOL_V1`]), as the relay reads
    /// it: answered with [`RefuseReason::Outdated`]. A client never sends it (it encodes as tag
    /// 0, which no version decodes).
    Outdated,
}

/// Why the directory refused a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefuseReason {
    /// Too many lookups that missed: try again later.
    Throttled,
    /// The directory holds as many rooms as it may.
    Full,
    /// Another peer holds this key.
    Taken,
    /// The TTL is outside the directory's bounds.
    BadTtl,
    /// A request the directory cannot serve as asked.
    Invalid,
    /// Only a host holding a reservation on this relay may open a room: a room promises that
    /// its host can be reached here.
    NoReservation,
    /// The client speaks an older version of the directory: it must be updated. Written to a
    /// client of [`PROTOCOL_V1`] as `Invalid`, the refusal it knows that makes it stop.
    Outdated,
}

/// The directory's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Response {
    /// The room is open for this many seconds.
    Opened {
        /// The TTL granted (the one asked for, clamped).
        ttl_secs: u32,
    },
    /// The room is closed (or was not open).
    Closed,
    /// The room's host.
    Found {
        /// The host's peer id; dial it through the relay's circuit.
        host: PeerId,
    },
    /// No such room.
    NotFound,
    /// Quick match: not paired yet; ask again to keep your place.
    Waiting {
        /// Other seekers waiting at the relay as it answers (for display).
        seekers: u32,
    },
    /// Quick match: paired with `peer` for one game.
    Matched {
        /// The opponent.
        peer: PeerId,
        /// Whether the sender hosts (waits for the opponent on its relay address) or dials
        /// `<relay>/p2p-circuit/p2p/<peer>`.
        you_host: bool,
        /// The game agreed, with its seats.
        table: TableSpec,
    },
    /// Refused.
    Refused {
        /// Why.
        reason: RefuseReason,
        /// When to try again, in milliseconds (0 if retrying will not help).
        retry_after_ms: u32,
    },
}

/// A frame that is not a directory message.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum WireError {
    /// Empty frame.
    #[error("empty directory frame")]
    Empty,
    /// Unknown message tag.
    #[error("unknown directory message tag {0}")]
    UnknownTag(u8),
    /// Fields missing or left over.
    #[error("directory frame of the wrong length")]
    BadLength,
    /// A game name that is not one ([`GameSpec::new`] refuses it), or a table of no seat.
    #[error("invalid game in directory frame")]
    BadGame,
    /// A peer id that does not parse.
    #[error("invalid peer id in directory frame")]
    BadPeerId,
    /// Larger than [`MAX_DIRECTORY_FRAME`].
    #[error("directory frame of {0} bytes is over the limit")]
    TooLarge(usize),
}

impl From<WireError> for io::Error {
    fn from(e: WireError) -> Self {
        io::Error::new(io::ErrorKind::InvalidData, e)
    }
}

fn key_at(body: &[u8]) -> Result<RoomKey, WireError> {
    let bytes: [u8; 32] = body.get(..32).and_then(|s| s.try_into().ok()).ok_or(WireError::BadLength)?;
    Ok(RoomKey(bytes))
}

fn flag(byte: u8) -> Result<bool, WireError> {
    match byte {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(WireError::BadLength),
    }
}

/// Writes a table: its seats, the name's length, the name.
fn put_table(out: &mut Vec<u8>, table: &TableSpec) {
    let name = table.game.as_str().as_bytes();
    out.push(table.seats);
    // A `GameSpec` holds at most `MAX_SPEC_LEN` (32) bytes.
    out.push(u8::try_from(name.len()).unwrap_or(u8::MAX));
    out.extend_from_slice(name);
}

/// Reads a table written by [`put_table`]; returns it and what follows.
fn take_table(body: &[u8]) -> Result<(TableSpec, &[u8]), WireError> {
    let [seats, len, rest @ ..] = body else { return Err(WireError::BadLength) };
    let (name, rest) = rest.split_at_checked(usize::from(*len)).ok_or(WireError::BadLength)?;
    let name = std::str::from_utf8(name).map_err(|_| WireError::BadGame)?;
    let game = GameSpec::new(name).map_err(|_| WireError::BadGame)?;
    if *seats == 0 {
        return Err(WireError::BadGame);
    }
    Ok((TableSpec { game, seats: *seats }, rest))
}

impl Request {
    /// The frame body.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(37);
        match self {
            Request::Open { key, ttl_secs } => {
                out.push(1);
                out.extend_from_slice(&key.0);
                out.extend_from_slice(&ttl_secs.to_be_bytes());
            }
            Request::Close { key } => {
                out.push(2);
                out.extend_from_slice(&key.0);
            }
            Request::Find { key } => {
                out.push(3);
                out.extend_from_slice(&key.0);
            }
            Request::Seek(seek) => {
                out.push(4);
                out.push(u8::from(seek.any_game));
                put_table(&mut out, &seek.table);
            }
            Request::Unseek => out.push(5),
            Request::Outdated => out.push(0),
        }
        out
    }

    /// Parses a frame body; any byte string gives a message or an error, never a panic.
    pub fn decode(frame: &[u8]) -> Result<Self, WireError> {
        let (&tag, body) = frame.split_first().ok_or(WireError::Empty)?;
        match (tag, body.len()) {
            (1, 36) => {
                let ttl = body.get(32..36).and_then(|s| s.try_into().ok()).ok_or(WireError::BadLength)?;
                Ok(Request::Open { key: key_at(body)?, ttl_secs: u32::from_be_bytes(ttl) })
            }
            (2, 32) => Ok(Request::Close { key: key_at(body)? }),
            (3, 32) => Ok(Request::Find { key: key_at(body)? }),
            (4, _) => {
                let (&any_game, rest) = body.split_first().ok_or(WireError::BadLength)?;
                let (table, rest) = take_table(rest)?;
                if !rest.is_empty() {
                    return Err(WireError::BadLength);
                }
                Ok(Request::Seek(QuickSeek { table, any_game: flag(any_game)? }))
            }
            (5, 0) => Ok(Request::Unseek),
            (1..=5, _) => Err(WireError::BadLength),
            (t, _) => Err(WireError::UnknownTag(t)),
        }
    }
}

impl RefuseReason {
    fn code(self) -> u8 {
        match self {
            RefuseReason::Throttled => 1,
            RefuseReason::Full => 2,
            RefuseReason::Taken => 3,
            RefuseReason::BadTtl => 4,
            RefuseReason::Invalid => 5,
            RefuseReason::NoReservation => 6,
            RefuseReason::Outdated => 7,
        }
    }

    fn from_code(code: u8) -> Option<Self> {
        Some(match code {
            1 => RefuseReason::Throttled,
            2 => RefuseReason::Full,
            3 => RefuseReason::Taken,
            4 => RefuseReason::BadTtl,
            5 => RefuseReason::Invalid,
            6 => RefuseReason::NoReservation,
            7 => RefuseReason::Outdated,
            _ => return None,
        })
    }
}

/// The one answer a client of [`PROTOCOL_V1`] gets: `Refused { Invalid, 0 }` in its layout.
const OUTDATED_V1_ANSWER: [u8; 6] = [5, 5, 0, 0, 0, 0];

impl Response {
    /// The frame body.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(48);
        match self {
            Response::Opened { ttl_secs } => {
                out.push(1);
                out.extend_from_slice(&ttl_secs.to_be_bytes());
            }
            Response::Closed => out.push(2),
            Response::Found { host } => {
                out.push(3);
                out.extend_from_slice(&host.to_bytes());
            }
            Response::NotFound => out.push(4),
            Response::Refused { reason, retry_after_ms } => {
                out.push(5);
                out.push(reason.code());
                out.extend_from_slice(&retry_after_ms.to_be_bytes());
            }
            Response::Waiting { seekers } => {
                out.push(6);
                out.extend_from_slice(&seekers.to_be_bytes());
            }
            Response::Matched { peer, you_host, table } => {
                out.push(7);
                out.push(u8::from(*you_host));
                put_table(&mut out, table);
                out.extend_from_slice(&peer.to_bytes());
            }
        }
        out
    }

    /// Parses a frame body; any byte string gives a message or an error, never a panic.
    pub fn decode(frame: &[u8]) -> Result<Self, WireError> {
        let (&tag, body) = frame.split_first().ok_or(WireError::Empty)?;
        match tag {
            1 => {
                let ttl: [u8; 4] = body.try_into().map_err(|_| WireError::BadLength)?;
                Ok(Response::Opened { ttl_secs: u32::from_be_bytes(ttl) })
            }
            2 if body.is_empty() => Ok(Response::Closed),
            3 => Ok(Response::Found { host: PeerId::from_bytes(body).map_err(|_| WireError::BadPeerId)? }),
            4 if body.is_empty() => Ok(Response::NotFound),
            5 => {
                let (&code, rest) = body.split_first().ok_or(WireError::BadLength)?;
                let retry: [u8; 4] = rest.try_into().map_err(|_| WireError::BadLength)?;
                let reason = RefuseReason::from_code(code).ok_or(WireError::UnknownTag(code))?;
                Ok(Response::Refused { reason, retry_after_ms: u32::from_be_bytes(retry) })
            }
            6 => {
                let seekers: [u8; 4] = body.try_into().map_err(|_| WireError::BadLength)?;
                Ok(Response::Waiting { seekers: u32::from_be_bytes(seekers) })
            }
            7 => {
                let (&you_host, rest) = body.split_first().ok_or(WireError::BadLength)?;
                let you_host = flag(you_host)?;
                let (table, peer) = take_table(rest)?;
                let peer = PeerId::from_bytes(peer).map_err(|_| WireError::BadPeerId)?;
                Ok(Response::Matched { peer, you_host, table })
            }
            2 | 4 => Err(WireError::BadLength),
            t => Err(WireError::UnknownTag(t)),
        }
    }
}

async fn read_frame<T: AsyncRead + Unpin + Send>(io: &mut T) -> io::Result<Vec<u8>> {
    let mut len = [0u8; 2];
    io.read_exact(&mut len).await?;
    let len = usize::from(u16::from_be_bytes(len));
    if len > MAX_DIRECTORY_FRAME {
        return Err(WireError::TooLarge(len).into());
    }
    let mut frame = vec![0u8; len];
    io.read_exact(&mut frame).await?;
    Ok(frame)
}

async fn write_frame<T: AsyncWrite + Unpin + Send>(io: &mut T, body: &[u8]) -> io::Result<()> {
    let len = u16::try_from(body.len()).map_err(|_| WireError::TooLarge(body.len()))?;
    if body.len() > MAX_DIRECTORY_FRAME {
        return Err(WireError::TooLarge(body.len()).into());
    }
    io.write_all(&len.to_be_bytes()).await?;
    io.write_all(body).await?;
    io.close().await
}

/// The request-response codec of the directory.
#[derive(Debug, Clone, Copy, Default)]
pub struct Codec;

impl libp2p::request_response::Codec for Codec {
    type Protocol = StreamProtocol;
    type Request = Request;
    type Response = Response;

    async fn read_request<T>(&mut self, protocol: &StreamProtocol, io: &mut T) -> io::Result<Request>
    where
        T: AsyncRead + Unpin + Send,
    {
        let frame = read_frame(io).await?;
        if *protocol == PROTOCOL_V1 {
            return Ok(Request::Outdated);
        }
        Ok(Request::decode(&frame)?)
    }

    async fn read_response<T>(&mut self, _: &StreamProtocol, io: &mut T) -> io::Result<Response>
    where
        T: AsyncRead + Unpin + Send,
    {
        Ok(Response::decode(&read_frame(io).await?)?)
    }

    async fn write_request<T>(&mut self, _: &StreamProtocol, io: &mut T, req: Request) -> io::Result<()>
    where
        T: AsyncWrite + Unpin + Send,
    {
        write_frame(io, &req.encode()).await
    }

    async fn write_response<T>(
        &mut self,
        protocol: &StreamProtocol,
        io: &mut T,
        res: Response,
    ) -> io::Result<()>
    where
        T: AsyncWrite + Unpin + Send,
    {
        if *protocol == PROTOCOL_V1 {
            return write_frame(io, &OUTDATED_V1_ANSWER).await;
        }
        write_frame(io, &res.encode()).await
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use libp2p::request_response::Codec as _;
    use proptest::prelude::*;

    fn key(b: u8) -> RoomKey {
        RoomKey([b; 32])
    }

    fn table(name: &str, seats: u8) -> TableSpec {
        TableSpec { game: GameSpec::new(name).unwrap(), seats }
    }

    #[test]
    fn requests_round_trip() {
        for r in [
            Request::Open { key: key(1), ttl_secs: 90 },
            Request::Close { key: key(2) },
            Request::Find { key: key(3) },
            Request::Seek(QuickSeek::exactly(table("kawu-2", 2))),
            Request::Seek(QuickSeek::any(table("tripot", 2))),
            Request::Seek(QuickSeek::exactly(table(&"h".repeat(tripot_game::MAX_SPEC_LEN), 6))),
            Request::Unseek,
        ] {
            assert_eq!(Request::decode(&r.encode()), Ok(r));
        }
        assert_eq!(Request::decode(&Request::Outdated.encode()), Err(WireError::UnknownTag(0)));
    }

    #[test]
    fn responses_round_trip() {
        for r in [
            Response::Opened { ttl_secs: 60 },
            Response::Closed,
            Response::Found { host: PeerId::random() },
            Response::NotFound,
            Response::Refused { reason: RefuseReason::Throttled, retry_after_ms: 1500 },
            Response::Refused { reason: RefuseReason::Taken, retry_after_ms: 0 },
            Response::Refused { reason: RefuseReason::Invalid, retry_after_ms: 0 },
            Response::Refused { reason: RefuseReason::NoReservation, retry_after_ms: 0 },
            Response::Refused { reason: RefuseReason::Outdated, retry_after_ms: 0 },
            Response::Waiting { seekers: 3 },
            Response::Matched { peer: PeerId::random(), you_host: true, table: table("kawu-2", 2) },
            Response::Matched {
                peer: PeerId::random(),
                you_host: false,
                table: table("tripot-classic-f3", 2),
            },
        ] {
            assert_eq!(Response::decode(&r.encode()), Ok(r));
        }
    }

    #[test]
    fn a_seek_names_its_game_and_seats() {
        assert_eq!(
            Request::Seek(QuickSeek::exactly(table("kawu-2", 2))).encode(),
            [&[4u8, 0, 2, 6][..], b"kawu-2"].concat()
        );
        assert_eq!(
            Request::Seek(QuickSeek::any(table("tripot", 2))).encode(),
            [&[4u8, 1, 2, 6][..], b"tripot"].concat()
        );
    }

    #[test]
    fn bad_frames_are_errors() {
        assert_eq!(Request::decode(&[]), Err(WireError::Empty));
        assert_eq!(Request::decode(&[9]), Err(WireError::UnknownTag(9)));
        assert_eq!(Request::decode(&[3, 1, 2]), Err(WireError::BadLength));
        assert_eq!(Response::decode(&[3, 1, 2]), Err(WireError::BadPeerId));
        assert_eq!(Response::decode(&[5, 9, 0, 0, 0, 0]), Err(WireError::UnknownTag(9)));
        // A version-1 seek: a format mask and a rules preset.
        assert_eq!(Request::decode(&[4, 0b111, 0]), Err(WireError::BadLength));
        assert_eq!(Request::decode(&[4, 0, 2, 2, b'K', b'w']), Err(WireError::BadGame));
        assert_eq!(Request::decode(&[4, 0, 0, 1, b'k']), Err(WireError::BadGame));
        assert_eq!(Request::decode(&[4, 0, 2, 3, b'k']), Err(WireError::BadLength));
        assert_eq!(Request::decode(&[4, 2, 2, 1, b'k']), Err(WireError::BadLength));
        assert_eq!(Request::decode(&[4, 0, 2, 2, 0xff, 0xfe]), Err(WireError::BadGame));
        assert_eq!(Request::decode(&[4, 0, 2, 1, b'k', 0]), Err(WireError::BadLength));
        assert_eq!(Request::decode(&[5, 1]), Err(WireError::BadLength));
        assert_eq!(Response::decode(&[7, 2, 2, 1, b'k']), Err(WireError::BadLength));
        assert_eq!(Response::decode(&[7, 1, 2, 1, b'k']), Err(WireError::BadPeerId));
        assert_eq!(Response::decode(&[6, 0]), Err(WireError::BadLength));
    }

    /// What a client of version 1 reads: the frame the relay writes, decoded by the version-1
    /// reader's rule (tag 5 refused, code 5 `Invalid`, 4 bytes of wait).
    #[test]
    fn a_version_one_client_is_answered_with_a_refusal_it_reads() {
        futures::executor::block_on(async {
            let mut codec = Codec;
            // A version-1 seek: formats "any", the Tripot rules.
            let mut asked = futures::io::Cursor::new(vec![0, 3, 4, 0b111, 0]);
            let request = codec.read_request(&PROTOCOL_V1, &mut asked).await.unwrap();
            assert_eq!(request, Request::Outdated);
            let mut written = futures::io::Cursor::new(Vec::new());
            let answer = Response::Refused { reason: RefuseReason::Outdated, retry_after_ms: 0 };
            codec.write_response(&PROTOCOL_V1, &mut written, answer).await.unwrap();
            assert_eq!(written.into_inner(), [0, 6, 5, 5, 0, 0, 0, 0]);
            // The same request on version 2 is refused as malformed, never misread.
            let mut asked = futures::io::Cursor::new(vec![0, 3, 4, 0b111, 0]);
            let error = codec.read_request(&PROTOCOL, &mut asked).await.unwrap_err();
            assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        });
    }

    #[test]
    fn oversized_frames_are_refused_before_allocation() {
        let mut bytes = Vec::from(u16::MAX.to_be_bytes());
        bytes.extend_from_slice(&[0; 16]);
        let mut io = futures::io::Cursor::new(bytes);
        let err = futures::executor::block_on(read_frame(&mut io)).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
    }

    proptest! {
        #[test]
        fn decoding_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            let _ = Request::decode(&bytes);
            let _ = Response::decode(&bytes);
        }

        #[test]
        fn open_round_trips(k in any::<[u8; 32]>(), ttl in any::<u32>()) {
            let r = Request::Open { key: RoomKey(k), ttl_secs: ttl };
            prop_assert_eq!(Request::decode(&r.encode()), Ok(r));
        }

        #[test]
        fn seeks_round_trip(game in "[a-z][a-z0-9]{0,9}(-[a-z0-9]{1,9}){0,2}", seats in 1u8..=255, any_game: bool) {
            let r = Request::Seek(QuickSeek { table: table(&game, seats), any_game });
            prop_assert!(r.encode().len() <= MAX_DIRECTORY_FRAME);
            prop_assert_eq!(Request::decode(&r.encode()), Ok(r));
        }
    }
}
