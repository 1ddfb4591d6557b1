//! Framing: a big-endian `u16` length, then a postcard body of that many bytes.

use crate::message::{MAX_NAME, MAX_PATH_TEXT, MAX_SIGNATURE, Message};

/// The hard cap on a frame body, in bytes. Anything longer is refused from its length prefix.
pub const MAX_FRAME: usize = 4096;

/// Bytes of the length prefix.
pub const LENGTH_BYTES: usize = 2;

/// Why bytes could not become a message, or a message a frame.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FrameError {
    /// The length prefix announces more than [`MAX_FRAME`] bytes.
    #[error("frame of {0} bytes exceeds the {MAX_FRAME}-byte cap")]
    TooLarge(usize),
    /// The body is not a valid message (unknown kind, truncated, trailing bytes).
    #[error("malformed message: {0}")]
    Malformed(String),
    /// A field exceeds its limit (a name or move text too long).
    #[error("field too long: {0}")]
    FieldTooLong(&'static str),
    /// A hello of another protocol version, whose body this version cannot read: its version
    /// is all that could be read (it comes first in every version).
    #[error("a hello of protocol {0}")]
    Version(u16),
}

/// Checks the bounded fields of a message.
fn check_fields(message: &Message) -> Result<(), FrameError> {
    match message {
        Message::Hello(hello) if hello.name.len() > MAX_NAME => Err(FrameError::FieldTooLong("name")),
        Message::Hello(hello) if hello.app.len() > MAX_NAME => Err(FrameError::FieldTooLong("version")),
        Message::Move(m) if m.path.len() > MAX_PATH_TEXT => Err(FrameError::FieldTooLong("move")),
        Message::Reject(r) if r.detail.len() > 4 * MAX_NAME => Err(FrameError::FieldTooLong("detail")),
        Message::Listing { name, .. } if name.len() > MAX_NAME => Err(FrameError::FieldTooLong("name")),
        Message::ResultSigned(r) if r.signature.len() > MAX_SIGNATURE => {
            Err(FrameError::FieldTooLong("signature"))
        }
        _ => Ok(()),
    }
}

/// Encodes one message as a frame (length prefix included).
///
/// # Errors
/// [`FrameError::FieldTooLong`] when a field exceeds its limit (so a peer would refuse it),
/// [`FrameError::TooLarge`] when the body exceeds [`MAX_FRAME`].
pub fn encode(message: &Message) -> Result<Vec<u8>, FrameError> {
    check_fields(message)?;
    frame_of(message)
}

/// Any message in postcard behind its length prefix: the framing every Tripot stream shares.
pub(crate) fn frame_of<T: serde::Serialize>(message: &T) -> Result<Vec<u8>, FrameError> {
    let body = postcard::to_allocvec(message).map_err(|e| FrameError::Malformed(e.to_string()))?;
    let length = u16::try_from(body.len())
        .ok()
        .filter(|&n| usize::from(n) <= MAX_FRAME)
        .ok_or(FrameError::TooLarge(body.len()))?;
    let mut frame = Vec::with_capacity(LENGTH_BYTES + body.len());
    frame.extend_from_slice(&length.to_be_bytes());
    frame.extend_from_slice(&body);
    Ok(frame)
}

/// Decodes a frame body (without its length prefix): the whole body must be one message.
///
/// # Errors
/// [`FrameError::TooLarge`], [`FrameError::Malformed`] or [`FrameError::FieldTooLong`];
/// [`FrameError::Version`] for a hello of another version that does not decode as this one's.
pub fn decode_body(body: &[u8]) -> Result<Message, FrameError> {
    if body.len() > MAX_FRAME {
        return Err(FrameError::TooLarge(body.len()));
    }
    let (message, rest) =
        postcard::take_from_bytes::<Message>(body).map_err(|e| match hello_version(body) {
            Some(version) if version != crate::PROTOCOL_VERSION => FrameError::Version(version),
            _ => FrameError::Malformed(e.to_string()),
        })?;
    if !rest.is_empty() {
        return Err(FrameError::Malformed(format!("{} trailing bytes", rest.len())));
    }
    check_fields(&message)?;
    Ok(message)
}

/// The protocol version of a hello's body, read as every version writes it: the variant index
/// of [`Message::Hello`] (0, one byte), then the version as postcard's varint `u16`.
pub(crate) fn hello_version(body: &[u8]) -> Option<u16> {
    let (&variant, rest) = body.split_first()?;
    if variant != 0 {
        return None;
    }
    let mut version: u32 = 0;
    for (i, &byte) in rest.iter().take(3).enumerate() {
        version |= u32::from(byte & 0x7f) << (7 * i);
        if byte & 0x80 == 0 {
            return u16::try_from(version).ok();
        }
    }
    None
}

/// Incremental decoder: feed it bytes as they arrive, take whole messages out.
///
/// It holds at most one frame plus its prefix. A too-large length prefix poisons the stream
/// (there is no way to find the next frame boundary safely): [`FrameDecoder::extend`] then
/// refuses further bytes and the caller should close the stream after telling the peer.
#[derive(Debug, Default)]
pub struct FrameDecoder {
    buffer: Vec<u8>,
    poisoned: Option<usize>,
}

impl FrameDecoder {
    /// An empty decoder.
    #[must_use]
    pub fn new() -> FrameDecoder {
        FrameDecoder::default()
    }

    /// The body length announced by the buffered prefix, if complete.
    fn announced(&self) -> Option<usize> {
        match self.buffer.as_slice() {
            [hi, lo, ..] => Some(usize::from(u16::from_be_bytes([*hi, *lo]))),
            _ => None,
        }
    }

    /// Appends bytes. Bytes are taken only up to the end of the current frame's need, so that the
    /// buffer never grows past one frame: the rest is returned as the count of bytes consumed.
    ///
    /// # Errors
    /// [`FrameError::TooLarge`] as soon as a length prefix exceeds [`MAX_FRAME`] (the bytes that
    /// follow are not buffered).
    pub fn extend(&mut self, mut bytes: &[u8]) -> Result<usize, FrameError> {
        let mut consumed = 0;
        while !bytes.is_empty() {
            if let Some(length) = self.poisoned {
                return Err(FrameError::TooLarge(length));
            }
            let need = match self.announced() {
                None => LENGTH_BYTES - self.buffer.len(),
                Some(length) => LENGTH_BYTES + length - self.buffer.len(),
            };
            if need == 0 {
                // A whole frame waits to be taken out; stop here.
                break;
            }
            let take = need.min(bytes.len());
            self.buffer.extend_from_slice(&bytes[..take]);
            bytes = &bytes[take..];
            consumed += take;
            if let Some(length) = self.announced()
                && length > MAX_FRAME
            {
                self.poisoned = Some(length);
                self.buffer.clear();
                return Err(FrameError::TooLarge(length));
            }
        }
        Ok(consumed)
    }

    /// Takes out the next whole message, if one is buffered.
    pub fn next_message(&mut self) -> Option<Result<Message, FrameError>> {
        self.next_decoded(decode_body)
    }

    /// Takes out the next whole frame, if one is buffered, read by `decode`: the streams that
    /// share this framing (the game's, a table's) each bring their own body decoder.
    pub fn next_decoded<T>(
        &mut self,
        decode: impl FnOnce(&[u8]) -> Result<T, FrameError>,
    ) -> Option<Result<T, FrameError>> {
        let length = self.announced()?;
        if self.buffer.len() < LENGTH_BYTES + length {
            return None;
        }
        let result = decode(&self.buffer[LENGTH_BYTES..LENGTH_BYTES + length]);
        self.buffer.clear();
        Some(result)
    }

    /// Feeds bytes and collects every whole message they complete (for tests and simple readers).
    ///
    /// # Errors
    /// [`FrameError::TooLarge`] when a length prefix exceeds the cap; messages decoded before it
    /// are lost with the stream.
    pub fn feed_all(&mut self, bytes: &[u8]) -> Result<Vec<Result<Message, FrameError>>, FrameError> {
        self.feed_all_decoded(bytes, decode_body)
    }

    /// [`FrameDecoder::feed_all`] for a stream whose bodies `decode` reads.
    ///
    /// # Errors
    /// [`FrameError::TooLarge`] when a length prefix exceeds the cap.
    pub fn feed_all_decoded<T>(
        &mut self,
        mut bytes: &[u8],
        decode: impl Fn(&[u8]) -> Result<T, FrameError>,
    ) -> Result<Vec<Result<T, FrameError>>, FrameError> {
        let mut out = Vec::new();
        loop {
            let used = self.extend(bytes)?;
            bytes = &bytes[used..];
            match self.next_decoded(&decode) {
                Some(result) => out.push(result),
                None if bytes.is_empty() => return Ok(out),
                None => {}
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::{
        Commitment, GameId, GameSpec, Hello, MoveMsg, Opens, Place, Reject, RejectReason, ResultSignature,
        ResumePoint, Role, Seat, TableSpec,
    };

    fn kawu() -> GameSpec {
        "kawu-2".parse().unwrap()
    }

    fn samples() -> Vec<Message> {
        let game_id = GameId([7; 16]);
        vec![
            Message::Hello(Hello {
                protocol: crate::PROTOCOL_VERSION,
                app: "0.1.0".into(),
                game_id,
                role: Role::Host,
                table: Some(TableSpec { game: kawu(), seats: 2 }),
                place: Place::Seat(Seat(0)),
                opens: Opens::Random,
                name: "Edmonde".into(),
                commitment: Some(Commitment([3; 32])),
            }),
            Message::Reveal { value: [9; 32] },
            Message::Move(MoveMsg { ply: 12, seat: Seat(1), path: "m1-m3-k5".into(), hash: u64::MAX }),
            Message::Ack { ply: 12, hash: 5 },
            Message::Resign { ply: 3 },
            Message::RematchOffer { game_id },
            Message::RematchAnswer { accept: true },
            Message::Resume(ResumePoint { game_id, ply: 40, hash: 1 }),
            Message::KeepAlive { seq: 1 },
            Message::Reject(Reject { reason: RejectReason::WrongPly, ply: Some(4), detail: "x".into() }),
            Message::Query,
            Message::Leaving,
            Message::Listing { name: "Edmonde".into(), game: kawu(), seats: 2, waiting_secs: 9 },
            Message::ResultSigned(ResultSignature {
                game_id,
                finished_unix: 1_796_083_200,
                signature: vec![5; MAX_SIGNATURE],
            }),
            Message::ResultDeclined { game_id },
        ]
    }

    #[test]
    fn a_signature_longer_than_an_ed25519_one_is_refused_both_ways() {
        let long = Message::ResultSigned(ResultSignature {
            game_id: GameId([1; 16]),
            finished_unix: 0,
            signature: vec![0; MAX_SIGNATURE + 1],
        });
        assert_eq!(encode(&long), Err(FrameError::FieldTooLong("signature")));
        let body = postcard::to_allocvec(&long).unwrap();
        assert_eq!(decode_body(&body), Err(FrameError::FieldTooLong("signature")));
    }

    #[test]
    fn every_message_round_trips_through_a_frame() {
        for message in samples() {
            let frame = encode(&message).unwrap();
            assert!(frame.len() <= LENGTH_BYTES + MAX_FRAME);
            let mut decoder = FrameDecoder::new();
            let decoded = decoder.feed_all(&frame).unwrap();
            assert_eq!(decoded, vec![Ok(message)]);
        }
    }

    #[test]
    fn frames_split_anywhere_decode_the_same() {
        let stream: Vec<u8> = samples().iter().flat_map(|m| encode(m).unwrap()).collect();
        for chunk in [1, 2, 3, 7, 64] {
            let mut decoder = FrameDecoder::new();
            let mut out = Vec::new();
            for piece in stream.chunks(chunk) {
                out.extend(decoder.feed_all(piece).unwrap());
            }
            assert_eq!(out, samples().into_iter().map(Ok).collect::<Vec<_>>());
        }
    }

    #[test]
    fn an_oversized_prefix_is_refused_before_buffering() {
        let mut decoder = FrameDecoder::new();
        let mut bytes = vec![0xff, 0xff];
        bytes.extend(std::iter::repeat_n(0u8, 100));
        assert_eq!(decoder.extend(&bytes), Err(FrameError::TooLarge(0xffff)));
        assert!(decoder.buffer.capacity() <= 64);
        assert_eq!(decoder.extend(&[0]), Err(FrameError::TooLarge(0xffff)));
    }

    #[test]
    fn an_unknown_message_kind_is_malformed() {
        assert!(matches!(decode_body(&[200]), Err(FrameError::Malformed(_))));
        assert!(matches!(decode_body(&[]), Err(FrameError::Malformed(_))));
    }

    /// A hello as protocol 1 wrote it (variant 0; protocol, app, game id, role, format, rules,
    /// opens, name, commitment), encoded by hand so that the test does not depend on today's
    /// types.
    fn v1_hello() -> Vec<u8> {
        let mut body = vec![0, 1, 5];
        body.extend_from_slice(b"0.1.0");
        body.extend_from_slice(&[7; 16]);
        body.extend_from_slice(&[1, 2, 6]); // guest, format 2, "tripot" (6 bytes)
        body.extend_from_slice(b"tripot");
        body.extend_from_slice(&[2, 7]); // opens random, "Edmonde" (7 bytes)
        body.extend_from_slice(b"Edmonde");
        body.push(1); // a commitment
        body.extend_from_slice(&[3; 32]);
        body
    }

    #[test]
    fn a_v1_hello_is_read_as_its_version() {
        assert_eq!(decode_body(&v1_hello()), Err(FrameError::Version(1)));
        // The same through the framing.
        let mut frame = u16::try_from(v1_hello().len()).unwrap().to_be_bytes().to_vec();
        frame.extend(v1_hello());
        assert_eq!(FrameDecoder::new().feed_all(&frame).unwrap(), vec![Err(FrameError::Version(1))]);
        // Anything else that fails is malformed, this version's hello included.
        let mut ours = encode(&samples()[0]).unwrap().split_off(LENGTH_BYTES);
        ours.truncate(ours.len() - 3);
        assert!(matches!(decode_body(&ours), Err(FrameError::Malformed(_))));
        assert!(matches!(decode_body(&[0]), Err(FrameError::Malformed(_))));
    }

    #[test]
    fn a_version_refusal_keeps_the_v1_encoding() {
        // Protocol 1 decodes a reject as variant 9, then the reason (0: version), the ply
        // (an option) and the detail: this version must still write exactly that.
        let reject = Reject { reason: RejectReason::Version, ply: None, detail: "v2".into() };
        let frame = encode(&Message::Reject(reject)).unwrap();
        assert_eq!(&frame[LENGTH_BYTES..], &[9, 0, 0, 2, b'v', b'2']);
    }

    #[test]
    fn trailing_bytes_are_malformed() {
        let mut frame = encode(&Message::Query).unwrap();
        frame.push(0);
        assert!(matches!(decode_body(&frame[LENGTH_BYTES..]), Err(FrameError::Malformed(_))));
    }

    #[test]
    fn long_fields_are_refused_both_ways() {
        let long =
            Message::Move(MoveMsg { ply: 1, seat: Seat(0), path: "m".repeat(MAX_PATH_TEXT + 1), hash: 0 });
        assert_eq!(encode(&long), Err(FrameError::FieldTooLong("move")));
        let body = postcard::to_allocvec(&long).unwrap();
        assert_eq!(decode_body(&body), Err(FrameError::FieldTooLong("move")));
    }

    #[test]
    fn random_bytes_never_panic() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(0x0072_1907);
        for _ in 0..20_000 {
            let len = rng.random_range(0..300);
            let bytes: Vec<u8> = (0..len).map(|_| rng.random()).collect();
            let _ = decode_body(&bytes);
            let mut decoder = FrameDecoder::new();
            let _ = decoder.feed_all(&bytes);
        }
    }

    proptest! {
        #[test]
        fn arbitrary_bytes_decode_or_fail_cleanly(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
            let mut decoder = FrameDecoder::new();
            if let Ok(results) = decoder.feed_all(&bytes) {
                for message in results.into_iter().flatten() {
                    // Whatever decodes must encode back to a valid frame.
                    prop_assert!(encode(&message).is_ok());
                }
            }
        }

        #[test]
        fn moves_round_trip(ply in any::<u32>(), path in "[a-q][0-9]{1,2}(-[a-q][0-9]{1,2}){0,30}", hash in any::<u64>()) {
            let message = Message::Move(MoveMsg { ply, seat: Seat(1), path, hash });
            let frame = encode(&message).unwrap();
            prop_assert_eq!(decode_body(&frame[LENGTH_BYTES..]), Ok(message));
        }
    }
}
