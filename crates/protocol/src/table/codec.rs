//! The table messages to frames and back, every bounded field checked both ways.

use crate::frame::{FrameDecoder, FrameError, frame_of, hello_version};
use crate::message::{MAX_NAME, MAX_PATH_TEXT};

use super::{
    Act, MAX_ADDR, MAX_ADDRS, MAX_CHAT, MAX_HOSTS, MAX_PEER_KEY, MAX_SEATS, MAX_SIGNATURE, PeerKey,
    SeatHolder, TABLE_VERSION, TableMessage,
};

fn bounded(ok: bool, field: &'static str) -> Result<(), FrameError> {
    if ok { Ok(()) } else { Err(FrameError::FieldTooLong(field)) }
}

fn check_key(key: &PeerKey) -> Result<(), FrameError> {
    bounded(key.0.len() <= MAX_PEER_KEY, "peer id")
}

fn check_addrs(addrs: &[Vec<u8>]) -> Result<(), FrameError> {
    bounded(addrs.len() <= MAX_ADDRS && addrs.iter().all(|a| a.len() <= MAX_ADDR), "addresses")
}

/// Checks every bounded field of a table message.
fn check_fields(message: &TableMessage) -> Result<(), FrameError> {
    match message {
        TableMessage::Hello(hello) => {
            bounded(hello.name.len() <= MAX_NAME, "name")?;
            bounded(hello.app.len() <= MAX_NAME, "version")?;
            check_addrs(&hello.addrs)
        }
        TableMessage::State(state) => {
            bounded(state.seats.len() <= MAX_SEATS, "seats")?;
            bounded(state.hosts.len() <= MAX_HOSTS, "hosts")?;
            for key in &state.hosts {
                check_key(key)?;
            }
            for holder in &state.seats {
                if let SeatHolder::Human { peer, name, addrs } = holder {
                    check_key(peer)?;
                    bounded(name.len() <= MAX_NAME, "name")?;
                    check_addrs(addrs)?;
                }
            }
            Ok(())
        }
        TableMessage::Entry { entry, .. } => {
            check_key(&entry.key)?;
            bounded(entry.sig.len() <= MAX_SIGNATURE, "signature")?;
            match &entry.act {
                Act::Move(text) => bounded(text.len() <= MAX_PATH_TEXT, "move"),
                _ => Ok(()),
            }
        }
        TableMessage::ResultSigned(signature) => {
            check_key(&signature.signer)?;
            bounded(signature.sig.len() <= MAX_SIGNATURE, "signature")
        }
        TableMessage::ResultDeclined { signer, .. } => check_key(signer),
        TableMessage::Listing(listing) => bounded(listing.name.len() <= MAX_NAME, "name"),
        TableMessage::Votes { seats } => bounded(seats.len() <= MAX_SEATS, "seats"),
        TableMessage::Away { seats } => bounded(seats.len() <= MAX_SEATS, "seats"),
        TableMessage::Chat(line) => {
            check_key(&line.from)?;
            bounded(line.text.len() <= MAX_CHAT, "chat")
        }
        _ => Ok(()),
    }
}

/// Encodes a table message as a frame (length prefix included).
///
/// # Errors
/// [`FrameError::FieldTooLong`] when a field is over its bound, [`FrameError::TooLarge`] when
/// the body is over [`crate::MAX_FRAME`].
pub fn encode_table(message: &TableMessage) -> Result<Vec<u8>, FrameError> {
    check_fields(message)?;
    frame_of(message)
}

/// Decodes a table frame's body: the whole body must be one message, its fields in bounds.
///
/// # Errors
/// [`FrameError::Version`] for a hello of another version, [`FrameError::Malformed`],
/// [`FrameError::TooLarge`], [`FrameError::FieldTooLong`].
pub fn decode_table_body(body: &[u8]) -> Result<TableMessage, FrameError> {
    if body.len() > crate::MAX_FRAME {
        return Err(FrameError::TooLarge(body.len()));
    }
    let version = hello_version(body);
    if let Some(version) = version.filter(|&v| v != TABLE_VERSION) {
        return Err(FrameError::Version(version));
    }
    let (message, rest) =
        postcard::take_from_bytes::<TableMessage>(body).map_err(|e| FrameError::Malformed(e.to_string()))?;
    if !rest.is_empty() {
        return Err(FrameError::Malformed(format!("{} trailing bytes", rest.len())));
    }
    check_fields(&message)?;
    Ok(message)
}

/// A table stream's incremental decoder: the game stream's framing, the table's messages.
#[derive(Debug, Default)]
pub struct TableDecoder(FrameDecoder);

impl TableDecoder {
    /// An empty decoder.
    #[must_use]
    pub fn new() -> TableDecoder {
        TableDecoder::default()
    }

    /// Appends bytes, at most up to the end of the frame being read; returns how many were taken.
    ///
    /// # Errors
    /// [`FrameError::TooLarge`] once a length prefix is over the cap (the stream is then done).
    pub fn extend(&mut self, bytes: &[u8]) -> Result<usize, FrameError> {
        self.0.extend(bytes)
    }

    /// The next whole message, if one is buffered.
    pub fn next_message(&mut self) -> Option<Result<TableMessage, FrameError>> {
        self.0.next_decoded(decode_table_body)
    }

    /// Feeds bytes and collects every message they complete.
    ///
    /// # Errors
    /// [`FrameError::TooLarge`] when a length prefix is over the cap.
    pub fn feed_all(&mut self, bytes: &[u8]) -> Result<Vec<Result<TableMessage, FrameError>>, FrameError> {
        self.0.feed_all_decoded(bytes, decode_table_body)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use proptest::prelude::*;
    use tripot_game::{Seat, TableSpec};

    use super::*;
    use crate::LENGTH_BYTES;
    use crate::table::{
        Channel, ChatLine, ClockRule, Entry, HostWhy, LeaveHow, ResultSignature, Signer, TableHello, TableId,
        TableListing, TableReject, TableRejectReason, TableState, Wants,
    };

    fn key() -> PeerKey {
        PeerKey(vec![0, 36, 8, 1, 18, 32, 7, 7, 7])
    }

    fn samples() -> Vec<TableMessage> {
        let entry = Entry {
            index: 3,
            seat: Seat(2),
            act: Act::Move("i7-i9".into()),
            signer: Signer::Host { epoch: 1, why: HostWhy::Computer },
            key: key(),
            prev: [4; 32],
            sig: vec![5; 64],
        };
        vec![
            TableMessage::Hello(TableHello {
                protocol: TABLE_VERSION,
                app: "0.1.0".into(),
                table: TableId([1; 16]),
                name: "Edmonde".into(),
                wants: Wants::Seat(Some(Seat(1))),
                addrs: vec![vec![4, 127, 0, 0, 1]],
                holds: 0,
            }),
            TableMessage::Reject(TableReject { reason: TableRejectReason::BadEntry, index: Some(4) }),
            TableMessage::State(TableState {
                table: TableId([1; 16]),
                spec: TableSpec { game: "kawu-3".parse().unwrap(), seats: 3 },
                seats: vec![
                    SeatHolder::Human { peer: key(), name: "A".into(), addrs: vec![] },
                    SeatHolder::Computer { level: 2 },
                    SeatHolder::Empty,
                ],
                hosts: vec![key()],
                epoch: 0,
                clock: ClockRule::Reserve { secs: 300, increment_secs: 5 },
                spectators: true,
                game: 1,
                started: false,
                held: 0,
                watching: 0,
            }),
            TableMessage::Entry { entry: entry.clone(), clock_ms: Some(1000) },
            TableMessage::Entry {
                entry: Entry { act: Act::Leave(LeaveHow::Resigned), ..entry },
                clock_ms: None,
            },
            TableMessage::Sync { from: 7 },
            TableMessage::DrawDeclined { seat: Seat(1) },
            TableMessage::Claim { seat: Seat(0) },
            TableMessage::Vote,
            TableMessage::Votes { seats: vec![Seat(0), Seat(2)] },
            TableMessage::Chat(ChatLine { channel: Channel::Spectators, from: key(), text: "bravo".into() }),
            TableMessage::Ping { seq: 1 },
            TableMessage::Pong { seq: 1 },
            TableMessage::Bye,
            TableMessage::Away { seats: vec![(Seat(1), 30)] },
            TableMessage::ResultSigned(ResultSignature {
                game: 1,
                finished_unix: 1_780_000_000,
                signer: key(),
                sig: vec![6; 64],
            }),
            TableMessage::ResultDeclined { game: 1, signer: key() },
            TableMessage::Query,
            TableMessage::Listing(TableListing {
                table: TableId([3; 16]),
                spec: TableSpec { game: "kawu-3".parse().unwrap(), seats: 3 },
                name: "Edmonde".into(),
                free: 1,
                spectators: true,
                started: false,
                waiting_secs: 42,
            }),
        ]
    }

    #[test]
    fn every_table_message_round_trips_through_a_frame() {
        for message in samples() {
            let frame = encode_table(&message).unwrap();
            assert_eq!(TableDecoder::new().feed_all(&frame).unwrap(), vec![Ok(message)]);
        }
    }

    #[test]
    fn a_hello_of_another_version_is_refused_by_its_version() {
        let TableMessage::Hello(mut hello) = samples().remove(0) else { panic!() };
        hello.protocol = 9;
        let frame = encode_table(&TableMessage::Hello(hello)).unwrap();
        assert_eq!(decode_table_body(&frame[LENGTH_BYTES..]), Err(FrameError::Version(9)));
        // The refusal keeps its place (variant 1) in every version.
        let reject = TableMessage::Reject(TableReject { reason: TableRejectReason::Version, index: None });
        assert_eq!(&encode_table(&reject).unwrap()[LENGTH_BYTES..], &[1, 0, 0]);
    }

    #[test]
    fn the_lan_query_comes_after_every_older_variant() {
        // A host of version 3 knows 16 variants: the query is none of them, so it refuses it
        // as malformed instead of taking it for something else.
        assert_eq!(&encode_table(&TableMessage::Query).unwrap()[LENGTH_BYTES..], &[16]);
        let Some(TableMessage::Listing(mut listing)) = samples().pop() else { panic!() };
        listing.name = "x".repeat(MAX_NAME + 1);
        let long = TableMessage::Listing(listing);
        assert_eq!(encode_table(&long), Err(FrameError::FieldTooLong("name")));
        assert_eq!(
            decode_table_body(&postcard::to_allocvec(&long).unwrap()),
            Err(FrameError::FieldTooLong("name"))
        );
    }

    #[test]
    fn fields_over_their_bounds_are_refused_both_ways() {
        let long = TableMessage::Chat(ChatLine {
            channel: Channel::Players,
            from: key(),
            text: "x".repeat(MAX_CHAT + 1),
        });
        assert_eq!(encode_table(&long), Err(FrameError::FieldTooLong("chat")));
        let body = postcard::to_allocvec(&long).unwrap();
        assert_eq!(decode_table_body(&body), Err(FrameError::FieldTooLong("chat")));
        let big_key = TableMessage::Chat(ChatLine {
            channel: Channel::Players,
            from: PeerKey(vec![0; 65]),
            text: String::new(),
        });
        assert_eq!(
            decode_table_body(&postcard::to_allocvec(&big_key).unwrap()),
            Err(FrameError::FieldTooLong("peer id"))
        );
        let long_signature = TableMessage::ResultSigned(ResultSignature {
            game: 1,
            finished_unix: 0,
            signer: key(),
            sig: vec![0; MAX_SIGNATURE + 1],
        });
        assert_eq!(
            decode_table_body(&postcard::to_allocvec(&long_signature).unwrap()),
            Err(FrameError::FieldTooLong("signature"))
        );
    }

    proptest! {
        #[test]
        fn arbitrary_bytes_decode_or_fail_cleanly(bytes in proptest::collection::vec(any::<u8>(), 0..800)) {
            if let Ok(results) = TableDecoder::new().feed_all(&bytes) {
                for message in results.into_iter().flatten() {
                    prop_assert!(encode_table(&message).is_ok());
                }
            }
        }
    }
}
