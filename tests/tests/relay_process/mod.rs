//! Helpers for the end-to-end tests that need a `tripot-relay`: start the real binary on
//! loopback, read its READY line, stop and restart it on the same port with the same identity.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::Duration;

pub(crate) use crate::online_common::relay_bin;
use crate::online_common::spawn_relay_until_ready;

/// A `tripot-relay` process on loopback, killed when dropped.
pub(crate) struct RelayProcess {
    child: Child,
    /// Its peer id.
    pub(crate) peer_id: String,
    /// Its TCP address, ending in `/p2p/<peer id>`.
    pub(crate) addr: String,
    seed: u8,
    port: u16,
    dir: PathBuf,
}

impl RelayProcess {
    /// Starts a relay whose identity comes from `seed`, on a port the system picks; its files
    /// (none expected) go to `dir`.
    pub(crate) fn start(seed: u8, dir: &Path) -> RelayProcess {
        RelayProcess::start_on(seed, 0, dir)
    }

    fn start_on(seed: u8, port: u16, dir: &Path) -> RelayProcess {
        std::fs::create_dir_all(dir).unwrap();
        let mut relay = Command::new(relay_bin());
        relay
            .args(["--listen", &format!("/ip4/127.0.0.1/tcp/{port}")])
            .args(["--secret-key-seed", &seed.to_string()])
            .current_dir(dir)
            .env("TRIPOT_RELAY_LOG", std::env::var("TRIPOT_RELAY_LOG").unwrap_or_else(|_| "warn".into()));
        let (child, ready) = spawn_relay_until_ready(relay, Duration::from_secs(20));
        let mut parts = ready.split(' ');
        let peer_id = parts.next().unwrap().to_owned();
        let _http = parts.next();
        let addr = parts.find(|a| a.contains("/tcp/")).expect("a TCP address").to_owned();
        let port = addr.split('/').skip_while(|p| *p != "tcp").nth(1).unwrap().parse().unwrap();
        RelayProcess { child, peer_id, addr, seed, port, dir: dir.to_path_buf() }
    }

    /// Kills the relay (SIGKILL: no goodbye to anyone).
    pub(crate) fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Starts it again with the same identity on the same port (so the same address).
    pub(crate) fn restart(&mut self) {
        self.kill();
        // The port was just freed; on a busy machine the bind can race a moment.
        for attempt in 0.. {
            let relay = std::panic::catch_unwind(|| RelayProcess::start_on(self.seed, self.port, &self.dir));
            match relay {
                Ok(mut relay) => {
                    assert_eq!(relay.addr, self.addr, "the restarted relay has another address");
                    std::mem::swap(&mut self.child, &mut relay.child);
                    return;
                }
                Err(_) if attempt < 5 => std::thread::sleep(Duration::from_millis(200)),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    }
}

impl Drop for RelayProcess {
    fn drop(&mut self) {
        self.kill();
    }
}
