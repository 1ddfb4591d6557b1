//! A table stream's two halves: a reader task that always runs (yamux can deadlock when both
//! sides only write) and a writer task fed by a bounded queue. The same shape as the game
//! stream's (`online/link.rs`), over [`TableMessage`]s.

use futures::{AsyncReadExt as _, AsyncWriteExt as _};
use libp2p::Stream;
use tokio::sync::mpsc;
use tripot_protocol::FrameError;
use tripot_protocol::table::{TableMessage, decode_table_body, encode_table};

use crate::online::link::read_frame_with;
use crate::table::LinkId;

/// Messages a writer may hold before the link counts as stuck and is dropped.
const WRITE_QUEUE: usize = 256;

/// What a table stream's reader saw.
#[derive(Debug)]
pub(super) enum LinkNews {
    /// A whole message.
    Message(TableMessage),
    /// A frame that is not a message.
    Malformed(FrameError),
    /// The stream ended.
    Down,
}

/// The write side of a running stream; dropping it ends both tasks.
#[derive(Debug)]
pub(super) struct Writer {
    queue: mpsc::Sender<TableMessage>,
    reader: tokio::task::JoinHandle<()>,
}

impl Writer {
    /// Queues a message; `false` when the queue is full or the stream is gone.
    pub(super) fn send(&self, message: TableMessage) -> bool {
        self.queue.try_send(message).is_ok()
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        self.reader.abort();
    }
}

/// Starts the reader and writer of `stream`; what it reads goes to `news` under `link`.
pub(super) fn spawn(stream: Stream, link: LinkId, news: mpsc::Sender<(LinkId, LinkNews)>) -> Writer {
    let (mut read, mut write) = stream.split();
    let (queue, mut outgoing) = mpsc::channel::<TableMessage>(WRITE_QUEUE);
    let reader = tokio::spawn(async move {
        let mut body = Vec::new();
        loop {
            let event = match read_frame_with(&mut read, &mut body, decode_table_body).await {
                Ok(Ok(message)) => LinkNews::Message(message),
                Ok(Err(error @ FrameError::TooLarge(_))) => {
                    // No way to find the next frame: report it, then the stream ends.
                    let _ = news.send((link, LinkNews::Malformed(error))).await;
                    break;
                }
                Ok(Err(error)) => LinkNews::Malformed(error),
                Err(_) => break,
            };
            // A bounded queue: a flooding peer is slowed down by its own stream's flow control.
            if news.send((link, event)).await.is_err() {
                return;
            }
        }
        let _ = news.send((link, LinkNews::Down)).await;
    });
    tokio::spawn(async move {
        while let Some(message) = outgoing.recv().await {
            let Ok(frame) = encode_table(&message) else { continue };
            if write.write_all(&frame).await.is_err() || write.flush().await.is_err() {
                break;
            }
        }
        let _ = write.close().await;
    });
    Writer { queue, reader }
}

/// Asks a table's host what it offers, on a stream of its own: the query, then its one answer.
pub(crate) async fn query_table(stream: &mut Stream) -> std::io::Result<Result<TableMessage, FrameError>> {
    let frame = encode_table(&TableMessage::Query).map_err(std::io::Error::other)?;
    stream.write_all(&frame).await?;
    stream.flush().await?;
    let mut body = Vec::new();
    read_frame_with(stream, &mut body, decode_table_body).await
}
