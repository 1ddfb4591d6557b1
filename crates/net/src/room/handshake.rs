//! The room handshake: the guest proves it knows the code before the host shows anything,
//! then the host proves it too.
//!
//! ```text
//! host  → guest   CHALLENGE  host's challenge (32 bytes)
//! guest → host    PROOF      guest's proof over it (32) + guest's challenge (32)
//! host  → guest   ACCEPTED   host's proof over the guest's challenge (32)
//!              or REFUSED    reason (1) + retry after, ms (4)
//! ```
//! Order matters: a MAC keyed by a short code can be brute-forced offline by whoever receives
//! one, so the host never sends a proof before the guest's proof has checked out. The guest
//! only answers on a noise-authenticated connection to the peer id the relay's directory gave
//! for the code. Attempts are throttled by [`ProofThrottle`] before any proof is read.

use super::proof::{Challenge, Proof, Role};
use super::{ProofThrottle, RoomCode};
use futures::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use libp2p::{PeerId, StreamProtocol};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The stream protocol the handshake runs on.
pub const PROTOCOL: StreamProtocol = StreamProtocol::new("/tripot/room-proof/1.0.0");

const CHALLENGE: u8 = 1;
const PROOF: u8 = 2;
const ACCEPTED: u8 = 3;
const REFUSED: u8 = 4;

/// Why the host refused a guest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The proof did not match: wrong code.
    WrongCode,
    /// Too many wrong proofs lately.
    Throttled,
}

/// How a handshake failed.
#[derive(Debug, thiserror::Error)]
pub enum HandshakeError {
    /// The stream failed.
    #[error("room handshake: {0}")]
    Io(#[from] std::io::Error),
    /// The other side sent something else than the next handshake message.
    #[error("room handshake: unexpected message {0}")]
    Unexpected(u8),
    /// (Guest) the host refused us.
    #[error("the host refused: {}", match .reason { Refusal::WrongCode => "wrong room code", Refusal::Throttled => "too many attempts, try again later" })]
    Refused {
        /// Why.
        reason: Refusal,
        /// When trying again may help.
        retry_after: Duration,
    },
    /// (Guest) the peer does not know the code: not the room's host.
    #[error("this peer is not the host of that room")]
    NotTheHost,
    /// (Host) the guest's proof was wrong.
    #[error("wrong room code from the guest")]
    WrongCode,
    /// (Host) the guest is throttled and was told to wait.
    #[error("guest throttled for {0:?}")]
    Throttled(Duration),
}

async fn read_array<const N: usize, S: AsyncRead + Unpin>(io: &mut S) -> std::io::Result<[u8; N]> {
    let mut buf = [0u8; N];
    io.read_exact(&mut buf).await?;
    Ok(buf)
}

async fn refuse<S: AsyncWrite + Unpin>(io: &mut S, reason: Refusal, wait: Duration) -> std::io::Result<()> {
    let code = match reason {
        Refusal::WrongCode => 1,
        Refusal::Throttled => 2,
    };
    let ms = u32::try_from(wait.as_millis()).unwrap_or(u32::MAX).to_be_bytes();
    io.write_all(&[REFUSED, code, ms[0], ms[1], ms[2], ms[3]]).await?;
    io.close().await
}

/// The host's side. `Ok` means the guest knows the code (and has our proof in return).
pub async fn host<S: AsyncRead + AsyncWrite + Unpin>(
    io: &mut S,
    code: &RoomCode,
    throttle: &Mutex<ProofThrottle>,
    host: PeerId,
    guest: PeerId,
) -> Result<(), HandshakeError> {
    let check = lock(throttle).check(&guest, Instant::now());
    if let Err(wait) = check {
        refuse(io, Refusal::Throttled, wait).await?;
        return Err(HandshakeError::Throttled(wait));
    }
    let challenge = Challenge::random();
    let mut hello = [0u8; 33];
    hello[0] = CHALLENGE;
    hello[1..].copy_from_slice(&challenge.0);
    io.write_all(&hello).await?;
    io.flush().await?;
    let [tag] = read_array::<1, _>(io).await?;
    if tag != PROOF {
        lock(throttle).failed(guest, Instant::now());
        return Err(HandshakeError::Unexpected(tag));
    }
    let proof = Proof(read_array(io).await?);
    let theirs = Challenge(read_array(io).await?);
    if !proof.verify(code, Role::Guest, &challenge, &guest, &host) {
        let now = Instant::now();
        let wait = {
            let mut throttle = lock(throttle);
            throttle.failed(guest, now);
            throttle.check(&guest, now).err().unwrap_or_default()
        };
        refuse(io, Refusal::WrongCode, wait).await?;
        return Err(HandshakeError::WrongCode);
    }
    lock(throttle).succeeded(&guest);
    let mine = Proof::new(code, Role::Host, &theirs, &host, &guest);
    let mut accepted = [0u8; 33];
    accepted[0] = ACCEPTED;
    accepted[1..].copy_from_slice(&mine.0);
    io.write_all(&accepted).await?;
    io.flush().await?;
    Ok(())
}

/// The guest's side. `Ok` means both sides know the code.
pub async fn guest<S: AsyncRead + AsyncWrite + Unpin>(
    io: &mut S,
    code: &RoomCode,
    guest: PeerId,
    host: PeerId,
) -> Result<(), HandshakeError> {
    let [tag] = read_array::<1, _>(io).await?;
    match tag {
        CHALLENGE => {}
        REFUSED => return Err(read_refusal(io).await?),
        other => return Err(HandshakeError::Unexpected(other)),
    }
    let challenge = Challenge(read_array(io).await?);
    let mine = Challenge::random();
    let proof = Proof::new(code, Role::Guest, &challenge, &guest, &host);
    let mut answer = [0u8; 65];
    answer[0] = PROOF;
    answer[1..33].copy_from_slice(&proof.0);
    answer[33..].copy_from_slice(&mine.0);
    io.write_all(&answer).await?;
    io.flush().await?;
    let [tag] = read_array::<1, _>(io).await?;
    match tag {
        ACCEPTED => {
            let theirs = Proof(read_array(io).await?);
            if theirs.verify(code, Role::Host, &mine, &host, &guest) {
                Ok(())
            } else {
                Err(HandshakeError::NotTheHost)
            }
        }
        REFUSED => Err(read_refusal(io).await?),
        other => Err(HandshakeError::Unexpected(other)),
    }
}

async fn read_refusal<S: AsyncRead + Unpin>(io: &mut S) -> Result<HandshakeError, HandshakeError> {
    let [reason, a, b, c, d] = read_array::<5, _>(io).await?;
    let reason = match reason {
        1 => Refusal::WrongCode,
        2 => Refusal::Throttled,
        other => return Err(HandshakeError::Unexpected(other)),
    };
    let retry_after = Duration::from_millis(u64::from(u32::from_be_bytes([a, b, c, d])));
    Ok(HandshakeError::Refused { reason, retry_after })
}

fn lock(throttle: &Mutex<ProofThrottle>) -> std::sync::MutexGuard<'_, ProofThrottle> {
    // The throttle holds no invariant a panic elsewhere could break halfway.
    throttle.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use tokio_util::compat::TokioAsyncReadCompatExt;

    async fn run(
        host_code: &str,
        guest_code: &str,
        throttle: &Mutex<ProofThrottle>,
        guest_id: PeerId,
    ) -> (Result<(), HandshakeError>, Result<(), HandshakeError>) {
        let (a, b) = tokio::io::duplex(256);
        let (mut a, mut b) = (a.compat(), b.compat());
        let host_id = PeerId::random();
        let hc: RoomCode = host_code.parse().unwrap();
        let gc: RoomCode = guest_code.parse().unwrap();
        tokio::join!(host(&mut a, &hc, throttle, host_id, guest_id), guest(&mut b, &gc, guest_id, host_id))
    }

    #[tokio::test]
    async fn the_right_code_opens_the_room() {
        let throttle = Mutex::new(ProofThrottle::default());
        let (h, g) = run("K7M-4QP", "k7m4qp", &throttle, PeerId::random()).await;
        h.unwrap();
        g.unwrap();
    }

    #[tokio::test]
    async fn a_wrong_code_is_refused_then_throttled() {
        let throttle = Mutex::new(ProofThrottle::default());
        let stranger = PeerId::random();
        let (h, g) = run("K7M-4QP", "K7M-4QR", &throttle, stranger).await;
        assert!(matches!(h, Err(HandshakeError::WrongCode)));
        assert!(
            matches!(g, Err(HandshakeError::Refused { reason: Refusal::WrongCode, retry_after }) if retry_after > Duration::ZERO)
        );
        // The stranger's next try is refused before any proof is read...
        let (h, g) = run("K7M-4QP", "K7M-4QP", &throttle, stranger).await;
        assert!(matches!(h, Err(HandshakeError::Throttled(_))));
        assert!(matches!(g, Err(HandshakeError::Refused { reason: Refusal::Throttled, .. })));
        // ...while the friend gets in.
        let (h, g) = run("K7M-4QP", "K7M-4QP", &throttle, PeerId::random()).await;
        h.unwrap();
        g.unwrap();
    }

    #[tokio::test]
    async fn a_host_without_the_code_is_found_out() {
        // The host's side is played by someone with another code: it refuses the guest, and
        // never sends a proof the guest would accept.
        let throttle = Mutex::new(ProofThrottle::default());
        let (h, g) = run("AAA-AAA", "K7M-4QP", &throttle, PeerId::random()).await;
        assert!(h.is_err());
        assert!(g.is_err());
    }

    #[tokio::test]
    async fn garbage_is_an_error_not_a_panic() {
        let (a, b) = tokio::io::duplex(256);
        let (mut a, mut b) = (a.compat(), b.compat());
        let code: RoomCode = "K7M-4QP".parse().unwrap();
        let (w, g) = tokio::join!(
            async {
                a.write_all(&[9, 1, 2, 3]).await.unwrap();
                a.close().await.unwrap();
            },
            guest(&mut b, &code, PeerId::random(), PeerId::random())
        );
        let () = w;
        assert!(matches!(g, Err(HandshakeError::Unexpected(9))));
    }
}
