//! The rendezvous protocol's wire (`/rendezvous/1.0.0`), as the libp2p spec defines it: one
//! protobuf message per stream direction, preceded by its length as an unsigned varint.
//!
//! Why our own copy of the server side: libp2p's rendezvous server accepts every registration
//! by itself and offers no way to refuse one or take one down. The relay must refuse lobby
//! tables from peers without a reservation and remove them when the reservation ends (issue
//! #11), so it serves the protocol itself. The wire is the spec's, so any stock libp2p
//! rendezvous client (ours included) talks to it unchanged; only the server's messages are
//! decoded here (client requests in, answers out).

use futures::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use libp2p::core::{PeerRecord, SignedEnvelope};
use libp2p::rendezvous::{Cookie, ErrorCode, Namespace, Registration, Ttl};
use libp2p::{StreamProtocol, request_response};
use prost::Message as _;
use std::io;

/// The protocol name.
pub(crate) const PROTOCOL: StreamProtocol = libp2p::rendezvous::PROTOCOL_NAME;

/// The longest message read or written (libp2p's own limit).
const MAX_MESSAGE: usize = 1024 * 1024;

/// What a client asks.
#[derive(Debug, Clone)]
pub(crate) enum Request {
    /// List `namespace` under the signed peer record.
    Register {
        /// The namespace.
        namespace: Namespace,
        /// Who, signed by it: the envelope as received, checked by [`peer_record`] only once
        /// the relay would keep it (a signature check is the dearest part of a request, and a
        /// peer without a reservation is refused without one).
        signed: Vec<u8>,
        /// Lifetime asked for (the spec's default when absent).
        ttl: Option<Ttl>,
    },
    /// Take `namespace` down (no answer is sent, as in the spec).
    Unregister(Namespace),
    /// List registrations of one namespace or all, from where the cookie left off.
    Discover {
        /// One namespace, or all.
        namespace: Option<Namespace>,
        /// Where a previous page ended.
        cookie: Option<Cookie>,
        /// At most this many.
        limit: Option<u64>,
    },
}

/// What the server answers.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Response {
    /// To a registration.
    Register(Result<Ttl, ErrorCode>),
    /// To a discover.
    Discover(Result<(Vec<Registration>, Cookie), ErrorCode>),
}

/// `/rendezvous/1.0.0`, server side.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Codec;

impl request_response::Codec for Codec {
    type Protocol = StreamProtocol;
    type Request = Request;
    type Response = Response;

    async fn read_request<T>(&mut self, _: &StreamProtocol, io: &mut T) -> io::Result<Request>
    where
        T: AsyncRead + Unpin + Send,
    {
        let bytes = read_frame(io).await?;
        let message = pb::Message::decode(bytes.as_slice()).map_err(invalid)?;
        request_from(message).map_err(invalid)
    }

    async fn read_response<T>(&mut self, _: &StreamProtocol, _: &mut T) -> io::Result<Response>
    where
        T: AsyncRead + Unpin + Send,
    {
        Err(io::Error::new(io::ErrorKind::Unsupported, "the relay sends no rendezvous request"))
    }

    async fn write_request<T>(&mut self, _: &StreamProtocol, _: &mut T, _: Request) -> io::Result<()>
    where
        T: AsyncWrite + Unpin + Send,
    {
        Err(io::Error::new(io::ErrorKind::Unsupported, "the relay sends no rendezvous request"))
    }

    async fn write_response<T>(
        &mut self,
        _: &StreamProtocol,
        io: &mut T,
        response: Response,
    ) -> io::Result<()>
    where
        T: AsyncWrite + Unpin + Send,
    {
        let bytes = pb::Message::from(response).encode_length_delimited_to_vec();
        io.write_all(&bytes).await?;
        // The request-response handler closes the stream after this.
        io.flush().await
    }
}

fn invalid(e: impl std::error::Error + Send + Sync + 'static) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, e)
}

/// Reads one varint-length-prefixed frame, its length checked before any allocation.
async fn read_frame<T: AsyncRead + Unpin>(io: &mut T) -> io::Result<Vec<u8>> {
    let mut len: u64 = 0;
    // A length under MAX_MESSAGE fits in 3 varint bytes; more is garbage.
    for shift in [0u32, 7, 14, 21] {
        let mut byte = [0u8; 1];
        io.read_exact(&mut byte).await?;
        len |= u64::from(byte[0] & 0x7f) << shift;
        if byte[0] & 0x80 == 0 {
            let len = usize::try_from(len).unwrap_or(usize::MAX);
            if len > MAX_MESSAGE {
                return Err(io::Error::new(io::ErrorKind::InvalidData, "rendezvous message too long"));
            }
            let mut bytes = vec![0u8; len];
            io.read_exact(&mut bytes).await?;
            return Ok(bytes);
        }
    }
    Err(io::Error::new(io::ErrorKind::InvalidData, "rendezvous message length too long"))
}

/// Why a message read is not a request.
#[derive(Debug, thiserror::Error)]
pub(crate) enum WireError {
    /// The type and the fields disagree, or the type is not a request.
    #[error("not a rendezvous request")]
    NotARequest,
    /// No namespace where one is needed, or one too long.
    #[error("bad namespace")]
    Namespace,
    /// The signed peer record does not verify.
    #[error("bad signed peer record: {0}")]
    Record(String),
    /// The cookie does not parse.
    #[error("bad cookie")]
    Cookie,
}

/// The peer record of a registration's signed envelope, its signature checked.
pub(crate) fn peer_record(signed: &[u8]) -> Result<PeerRecord, WireError> {
    let envelope =
        SignedEnvelope::from_protobuf_encoding(signed).map_err(|e| WireError::Record(e.to_string()))?;
    PeerRecord::from_signed_envelope(envelope).map_err(|e| WireError::Record(e.to_string()))
}

fn namespace(ns: Option<String>) -> Result<Namespace, WireError> {
    Namespace::new(ns.ok_or(WireError::Namespace)?).map_err(|_| WireError::Namespace)
}

fn request_from(message: pb::Message) -> Result<Request, WireError> {
    match message.r#type.and_then(|t| pb::MessageType::try_from(t).ok()) {
        Some(pb::MessageType::Register) => {
            let register = message.register.ok_or(WireError::NotARequest)?;
            let signed = register.signed_peer_record.ok_or(WireError::Record("missing".into()))?;
            Ok(Request::Register { namespace: namespace(register.ns)?, signed, ttl: register.ttl })
        }
        Some(pb::MessageType::Unregister) => {
            let unregister = message.unregister.ok_or(WireError::NotARequest)?;
            Ok(Request::Unregister(namespace(unregister.ns)?))
        }
        Some(pb::MessageType::Discover) => {
            let discover = message.discover.ok_or(WireError::NotARequest)?;
            let namespace = discover.ns.map(|ns| namespace(Some(ns))).transpose()?;
            let cookie =
                discover.cookie.map(Cookie::from_wire_encoding).transpose().map_err(|_| WireError::Cookie)?;
            Ok(Request::Discover { namespace, cookie, limit: discover.limit })
        }
        _ => Err(WireError::NotARequest),
    }
}

fn status(error: ErrorCode) -> pb::ResponseStatus {
    match error {
        ErrorCode::InvalidNamespace => pb::ResponseStatus::EInvalidNamespace,
        ErrorCode::InvalidSignedPeerRecord => pb::ResponseStatus::EInvalidSignedPeerRecord,
        ErrorCode::InvalidTtl => pb::ResponseStatus::EInvalidTtl,
        ErrorCode::InvalidCookie => pb::ResponseStatus::EInvalidCookie,
        ErrorCode::NotAuthorized => pb::ResponseStatus::ENotAuthorized,
        ErrorCode::InternalError => pb::ResponseStatus::EInternalError,
        ErrorCode::Unavailable => pb::ResponseStatus::EUnavailable,
    }
}

impl From<Response> for pb::Message {
    fn from(response: Response) -> Self {
        match response {
            Response::Register(result) => pb::Message {
                r#type: Some(pb::MessageType::RegisterResponse as i32),
                register_response: Some(match result {
                    Ok(ttl) => pb::RegisterResponse {
                        status: Some(pb::ResponseStatus::Ok as i32),
                        status_text: None,
                        ttl: Some(ttl),
                    },
                    Err(error) => pb::RegisterResponse {
                        status: Some(status(error) as i32),
                        status_text: None,
                        ttl: None,
                    },
                }),
                ..pb::Message::default()
            },
            Response::Discover(result) => pb::Message {
                r#type: Some(pb::MessageType::DiscoverResponse as i32),
                discover_response: Some(match result {
                    Ok((registrations, cookie)) => pb::DiscoverResponse {
                        registrations: registrations
                            .into_iter()
                            .map(|r| pb::Register {
                                ns: Some(r.namespace.into()),
                                signed_peer_record: Some(
                                    r.record.into_signed_envelope().into_protobuf_encoding(),
                                ),
                                ttl: Some(r.ttl),
                            })
                            .collect(),
                        cookie: Some(cookie.into_wire_encoding()),
                        status: Some(pb::ResponseStatus::Ok as i32),
                        status_text: None,
                    },
                    Err(error) => pb::DiscoverResponse {
                        registrations: Vec::new(),
                        cookie: None,
                        status: Some(status(error) as i32),
                        status_text: None,
                    },
                }),
                ..pb::Message::default()
            },
        }
    }
}

/// The spec's `rendezvous.proto` (proto2), field for field.
mod pb {
    #[derive(Clone, PartialEq, prost::Message)]
    pub(super) struct Message {
        #[prost(enumeration = "MessageType", optional, tag = "1")]
        pub(super) r#type: Option<i32>,
        #[prost(message, optional, tag = "2")]
        pub(super) register: Option<Register>,
        #[prost(message, optional, tag = "3")]
        pub(super) register_response: Option<RegisterResponse>,
        #[prost(message, optional, tag = "4")]
        pub(super) unregister: Option<Unregister>,
        #[prost(message, optional, tag = "5")]
        pub(super) discover: Option<Discover>,
        #[prost(message, optional, tag = "6")]
        pub(super) discover_response: Option<DiscoverResponse>,
    }

    #[derive(Clone, PartialEq, prost::Message)]
    pub(super) struct Register {
        #[prost(string, optional, tag = "1")]
        pub(super) ns: Option<String>,
        #[prost(bytes = "vec", optional, tag = "2")]
        pub(super) signed_peer_record: Option<Vec<u8>>,
        #[prost(uint64, optional, tag = "3")]
        pub(super) ttl: Option<u64>,
    }

    #[derive(Clone, PartialEq, prost::Message)]
    pub(super) struct RegisterResponse {
        #[prost(enumeration = "ResponseStatus", optional, tag = "1")]
        pub(super) status: Option<i32>,
        #[prost(string, optional, tag = "2")]
        pub(super) status_text: Option<String>,
        #[prost(uint64, optional, tag = "3")]
        pub(super) ttl: Option<u64>,
    }

    #[derive(Clone, PartialEq, prost::Message)]
    pub(super) struct Unregister {
        #[prost(string, optional, tag = "1")]
        pub(super) ns: Option<String>,
        #[prost(bytes = "vec", optional, tag = "2")]
        pub(super) id: Option<Vec<u8>>,
    }

    #[derive(Clone, PartialEq, prost::Message)]
    pub(super) struct Discover {
        #[prost(string, optional, tag = "1")]
        pub(super) ns: Option<String>,
        #[prost(uint64, optional, tag = "2")]
        pub(super) limit: Option<u64>,
        #[prost(bytes = "vec", optional, tag = "3")]
        pub(super) cookie: Option<Vec<u8>>,
    }

    #[derive(Clone, PartialEq, prost::Message)]
    pub(super) struct DiscoverResponse {
        #[prost(message, repeated, tag = "1")]
        pub(super) registrations: Vec<Register>,
        #[prost(bytes = "vec", optional, tag = "2")]
        pub(super) cookie: Option<Vec<u8>>,
        #[prost(enumeration = "ResponseStatus", optional, tag = "3")]
        pub(super) status: Option<i32>,
        #[prost(string, optional, tag = "4")]
        pub(super) status_text: Option<String>,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, prost::Enumeration)]
    #[repr(i32)]
    pub(super) enum MessageType {
        Register = 0,
        RegisterResponse = 1,
        Unregister = 2,
        Discover = 3,
        DiscoverResponse = 4,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, prost::Enumeration)]
    #[repr(i32)]
    pub(super) enum ResponseStatus {
        Ok = 0,
        EInvalidNamespace = 100,
        EInvalidSignedPeerRecord = 101,
        EInvalidTtl = 102,
        EInvalidCookie = 103,
        ENotAuthorized = 200,
        EInternalError = 300,
        EUnavailable = 400,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use futures::executor::block_on;
    use libp2p::identity::Keypair;
    use libp2p::request_response::Codec as _;

    fn framed(message: &pb::Message) -> Vec<u8> {
        message.encode_length_delimited_to_vec()
    }

    #[test]
    fn a_register_request_is_read_with_its_signed_record() {
        let key = Keypair::generate_ed25519();
        let record = PeerRecord::new(&key, vec!["/ip4/127.0.0.1/tcp/1".parse().unwrap()]).unwrap();
        let message = pb::Message {
            r#type: Some(pb::MessageType::Register as i32),
            register: Some(pb::Register {
                ns: Some("tripot/lobby/kawu-2/2/1/5/a".into()),
                signed_peer_record: Some(record.clone().into_signed_envelope().into_protobuf_encoding()),
                ttl: Some(20),
            }),
            ..pb::Message::default()
        };
        let bytes = framed(&message);
        let request = block_on(Codec.read_request(&PROTOCOL, &mut bytes.as_slice())).unwrap();
        let Request::Register { namespace, signed, ttl } = request else { panic!("{request:?}") };
        let read = peer_record(&signed).unwrap();
        assert_eq!(namespace.to_string(), "tripot/lobby/kawu-2/2/1/5/a");
        assert_eq!(read, record);
        let mut forged = signed.clone();
        let last = forged.len() - 1;
        forged[last] ^= 1;
        assert!(peer_record(&forged).is_err(), "a broken signature is caught");
        assert_eq!(ttl, Some(20));
    }

    #[test]
    fn a_refusal_is_written_as_the_spec_says() {
        let mut out = Vec::new();
        let refusal = Response::Register(Err(ErrorCode::NotAuthorized));
        block_on(Codec.write_response(&PROTOCOL, &mut futures::io::Cursor::new(&mut out), refusal)).unwrap();
        let message = pb::Message::decode_length_delimited(out.as_slice()).unwrap();
        assert_eq!(message.r#type, Some(pb::MessageType::RegisterResponse as i32));
        assert_eq!(message.register_response.unwrap().status, Some(200), "E_NOT_AUTHORIZED");
    }

    #[test]
    fn oversized_and_garbage_frames_are_refused_before_allocating() {
        // A length of 2 GiB, then nothing: refused from the length alone.
        let huge = [0x80, 0x80, 0x80, 0x80, 0x08];
        assert!(block_on(Codec.read_request(&PROTOCOL, &mut huge.as_slice())).is_err());
        let too_long = [0x81, 0x80, 0x40];
        assert!(block_on(Codec.read_request(&PROTOCOL, &mut too_long.as_slice())).is_err());
        // A response type is not a request.
        let message =
            pb::Message { r#type: Some(pb::MessageType::RegisterResponse as i32), ..pb::Message::default() };
        assert!(block_on(Codec.read_request(&PROTOCOL, &mut framed(&message).as_slice())).is_err());
        // Random bytes never panic.
        for seed in 0u8..=255 {
            let bytes: Vec<u8> = (0..64u8).map(|i| i.wrapping_mul(seed).wrapping_add(seed)).collect();
            let _ = block_on(Codec.read_request(&PROTOCOL, &mut bytes.as_slice()));
        }
    }
}
