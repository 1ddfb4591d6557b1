//! A game stream's two halves: a reader task that is always running (yamux can deadlock when
//! both sides only write) and a writer task fed by a bounded queue.

use futures::{AsyncReadExt as _, AsyncWriteExt as _};
use libp2p::Stream;
use tokio::sync::mpsc;
use tripot_protocol::{FrameError, LENGTH_BYTES, MAX_FRAME, Message, decode_body, encode};

use crate::transport::LinkEvent;

/// Messages a writer may hold before the link counts as stuck and is dropped.
pub(crate) const WRITE_QUEUE: usize = 256;

/// An event of the stream number `generation`.
pub(crate) type Tagged = (u64, LinkEvent);

/// The write side of a running stream; dropping it ends both tasks.
#[derive(Debug)]
pub(crate) struct Writer {
    queue: mpsc::Sender<Message>,
    reader: tokio::task::JoinHandle<()>,
}

impl Writer {
    /// Queues a message; `false` when the queue is full or the stream is gone.
    pub(crate) fn send(&self, message: Message) -> bool {
        self.queue.try_send(message).is_ok()
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        self.reader.abort();
    }
}

/// Starts the reader and writer of `stream`; events go to `events` tagged with `generation`.
pub(crate) fn spawn(stream: Stream, generation: u64, events: mpsc::Sender<Tagged>) -> Writer {
    let (mut read, mut write) = stream.split();
    let (queue, mut outgoing) = mpsc::channel::<Message>(WRITE_QUEUE);
    let reader = tokio::spawn(async move {
        let mut body = Vec::new();
        loop {
            let event = match read_frame(&mut read, &mut body).await {
                Ok(Ok(message)) => LinkEvent::Message(message),
                Ok(Err(error @ FrameError::TooLarge(_))) => {
                    // No way to find the next frame: report it, then the stream ends.
                    let _ = events.send((generation, LinkEvent::Malformed(error))).await;
                    break;
                }
                Ok(Err(error)) => LinkEvent::Malformed(error),
                Err(_) => break,
            };
            // A bounded queue: a flooding peer is slowed down by its own stream's flow control.
            if events.send((generation, event)).await.is_err() {
                return;
            }
        }
        let _ = events.send((generation, LinkEvent::Down)).await;
    });
    tokio::spawn(async move {
        while let Some(message) = outgoing.recv().await {
            let Ok(frame) = encode(&message) else { continue };
            if write.write_all(&frame).await.is_err() || write.flush().await.is_err() {
                break;
            }
        }
        let _ = write.close().await;
    });
    Writer { queue, reader }
}

/// Reads one game-stream frame.
async fn read_frame<R: futures::AsyncRead + Unpin>(
    read: &mut R,
    body: &mut Vec<u8>,
) -> std::io::Result<Result<Message, FrameError>> {
    read_frame_with(read, body, decode_body).await
}

/// Reads one frame of any stream framed like the game stream (a `u16` length, then a body
/// `decode` reads): the length is checked against the cap before the body is allocated.
pub(crate) async fn read_frame_with<R: futures::AsyncRead + Unpin, M>(
    read: &mut R,
    body: &mut Vec<u8>,
    decode: fn(&[u8]) -> Result<M, FrameError>,
) -> std::io::Result<Result<M, FrameError>> {
    let mut prefix = [0u8; LENGTH_BYTES];
    read.read_exact(&mut prefix).await?;
    let length = usize::from(u16::from_be_bytes(prefix));
    if length > MAX_FRAME {
        return Ok(Err(FrameError::TooLarge(length)));
    }
    body.resize(length, 0);
    read.read_exact(body).await?;
    Ok(decode(body))
}

/// Writes one message and reads one reply on a fresh stream (LAN probes).
pub(crate) async fn request(
    stream: &mut Stream,
    message: &Message,
) -> std::io::Result<Result<Message, FrameError>> {
    let frame = encode(message).map_err(std::io::Error::other)?;
    stream.write_all(&frame).await?;
    stream.flush().await?;
    let mut body = Vec::new();
    read_frame(stream, &mut body).await
}
