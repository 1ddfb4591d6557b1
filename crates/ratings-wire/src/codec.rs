//! The protocol's frames: a big-endian `u32` length, then a postcard body, refused from the
//! length alone when over the limit, and refused when bytes are left over after the message.

use futures::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use libp2p::StreamProtocol;
use libp2p::request_response::{self, ProtocolSupport};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::io;
use std::time::Duration;

use crate::game_result::MAX_RECORD_TEXT;
use crate::protocol::{PROTOCOL, Request, Response};

/// Largest request body: a result with the longest record, its seats and signatures.
pub const MAX_REQUEST_FRAME: usize = MAX_RECORD_TEXT + 8 * 1024;
/// Largest response body: a full table (500 entries of at most ~190 bytes).
pub const MAX_RESPONSE_FRAME: usize = 128 * 1024;

/// A frame that is not a ratings message.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    /// Over the frame limit.
    #[error("ratings frame of {len} bytes is over the limit of {max}")]
    TooLarge {
        /// Its length.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// Not a message of this protocol.
    #[error("not a ratings message: {0}")]
    Decode(#[from] postcard::Error),
    /// A message followed by more bytes.
    #[error("bytes left after a ratings message")]
    Trailing,
}

impl From<FrameError> for io::Error {
    fn from(e: FrameError) -> Self {
        io::Error::new(io::ErrorKind::InvalidData, e)
    }
}

/// Encodes a message as a frame body, refusing one over `max`.
pub fn encode<T: Serialize>(message: &T, max: usize) -> Result<Vec<u8>, FrameError> {
    let body = postcard::to_stdvec(message)?;
    if body.len() > max {
        return Err(FrameError::TooLarge { len: body.len(), max });
    }
    Ok(body)
}

/// Decodes a frame body: exactly one message, nothing after it.
pub fn decode<T: DeserializeOwned>(body: &[u8]) -> Result<T, FrameError> {
    let (message, rest) = postcard::take_from_bytes(body)?;
    if rest.is_empty() { Ok(message) } else { Err(FrameError::Trailing) }
}

async fn read_frame<T: AsyncRead + Unpin + Send>(io: &mut T, max: usize) -> io::Result<Vec<u8>> {
    let mut len = [0u8; 4];
    io.read_exact(&mut len).await?;
    let len = usize::try_from(u32::from_be_bytes(len)).unwrap_or(usize::MAX);
    if len > max {
        return Err(FrameError::TooLarge { len, max }.into());
    }
    let mut body = vec![0u8; len];
    io.read_exact(&mut body).await?;
    Ok(body)
}

async fn write_frame<T: AsyncWrite + Unpin + Send>(io: &mut T, body: &[u8]) -> io::Result<()> {
    let len = u32::try_from(body.len()).map_err(|_| FrameError::TooLarge { len: body.len(), max: 0 })?;
    io.write_all(&len.to_be_bytes()).await?;
    io.write_all(body).await?;
    io.close().await
}

/// The request-response codec of the ratings protocol.
#[derive(Debug, Clone, Copy, Default)]
pub struct Codec;

impl request_response::Codec for Codec {
    type Protocol = StreamProtocol;
    type Request = Request;
    type Response = Response;

    async fn read_request<T>(&mut self, _: &StreamProtocol, io: &mut T) -> io::Result<Request>
    where
        T: AsyncRead + Unpin + Send,
    {
        Ok(decode(&read_frame(io, MAX_REQUEST_FRAME).await?)?)
    }

    async fn read_response<T>(&mut self, _: &StreamProtocol, io: &mut T) -> io::Result<Response>
    where
        T: AsyncRead + Unpin + Send,
    {
        Ok(decode(&read_frame(io, MAX_RESPONSE_FRAME).await?)?)
    }

    async fn write_request<T>(&mut self, _: &StreamProtocol, io: &mut T, req: Request) -> io::Result<()>
    where
        T: AsyncWrite + Unpin + Send,
    {
        write_frame(io, &encode(&req, MAX_REQUEST_FRAME)?).await
    }

    async fn write_response<T>(&mut self, _: &StreamProtocol, io: &mut T, res: Response) -> io::Result<()>
    where
        T: AsyncWrite + Unpin + Send,
    {
        write_frame(io, &encode(&res, MAX_RESPONSE_FRAME)?).await
    }
}

/// The request-response behaviour of the ratings protocol.
pub type Behaviour = request_response::Behaviour<Codec>;

fn config() -> request_response::Config {
    request_response::Config::default()
        .with_request_timeout(Duration::from_secs(20))
        .with_max_concurrent_streams(64)
}

/// The protocol as a relay runs it: answers requests, sends none.
#[must_use]
pub fn server_behaviour() -> Behaviour {
    request_response::Behaviour::with_codec(Codec, [(PROTOCOL, ProtocolSupport::Inbound)], config())
}

/// The protocol as a client runs it: sends requests, answers none.
#[must_use]
pub fn client_behaviour() -> Behaviour {
    request_response::Behaviour::with_codec(Codec, [(PROTOCOL, ProtocolSupport::Outbound)], config())
}
