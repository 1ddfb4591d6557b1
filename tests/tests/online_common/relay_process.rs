//! The one way every test starts a real `tripot-relay`: on loopback or in a network namespace,
//! with its identity from a seed, read up to its `READY` line, its log kept if asked, killed
//! when dropped, restartable on the same port with the same identity.
//!
//! Self-contained (the binary is a parameter), so that the relay crate's own process tests use
//! this file too.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

/// How to start a relay; [`RelayLaunch::start`] starts it.
#[derive(Debug, Clone)]
pub(crate) struct RelayLaunch {
    bin: PathBuf,
    /// The identity's seed; none: the relay's identity file (`--identity`).
    seed: Option<u8>,
    listen: String,
    args: Vec<String>,
    namespace: Option<String>,
    dir: Option<PathBuf>,
    log_level: String,
    keep_log: bool,
    timeout: Duration,
}

impl RelayLaunch {
    /// The relay binary `bin` with its identity derived from `seed`, listening on a free
    /// loopback TCP port, logging warnings only.
    pub(crate) fn new(bin: &Path, seed: u8) -> RelayLaunch {
        RelayLaunch {
            bin: bin.to_path_buf(),
            seed: Some(seed),
            listen: "/ip4/127.0.0.1/tcp/0".into(),
            args: Vec::new(),
            namespace: None,
            dir: None,
            log_level: std::env::var("TRIPOT_RELAY_LOG").unwrap_or_else(|_| "warn".into()),
            keep_log: false,
            timeout: Duration::from_secs(20),
        }
    }

    /// Listens on these addresses (comma-separated) instead.
    pub(crate) fn listen(mut self, listen: &str) -> RelayLaunch {
        self.listen = listen.into();
        self
    }

    /// Its identity from the key file `path` (created on first start) instead of a seed.
    pub(crate) fn identity_file(mut self, path: &Path) -> RelayLaunch {
        self.seed = None;
        self.args(&["--identity", &path.to_string_lossy()])
    }

    /// More command-line arguments.
    pub(crate) fn args(mut self, args: &[&str]) -> RelayLaunch {
        self.args.extend(args.iter().map(|a| a.to_string()));
        self
    }

    /// Serves `/health` and `/metrics` on a free loopback port.
    pub(crate) fn http(self) -> RelayLaunch {
        self.args(&["--http", "127.0.0.1:0"])
    }

    /// Lifts the per-IP reservation and circuit limits: every test player shares one address.
    pub(crate) fn no_per_ip_limits(self) -> RelayLaunch {
        self.args(&["--reservations-per-ip-per-minute", "0", "--circuits-per-ip-per-minute", "0"])
    }

    /// Runs it inside network namespace `ns` (`ip netns exec`), allowing more time to start.
    pub(crate) fn in_namespace(mut self, ns: &str) -> RelayLaunch {
        self.namespace = Some(ns.into());
        self.timeout = Duration::from_secs(30);
        self
    }

    /// Runs it in `dir` (created if needed), where it would write files.
    pub(crate) fn in_dir(mut self, dir: &Path) -> RelayLaunch {
        self.dir = Some(dir.to_path_buf());
        self
    }

    /// Keeps its log (stderr) at `level`, readable with [`RelayProcess::log`].
    pub(crate) fn keep_log(mut self, level: &str) -> RelayLaunch {
        self.log_level = level.into();
        self.keep_log = true;
        self
    }

    /// Starts the relay and waits for its `READY` line.
    pub(crate) fn start(self) -> RelayProcess {
        let mut command = match &self.namespace {
            Some(ns) => {
                let mut command = Command::new("ip");
                command.args(["netns", "exec", ns]).arg(&self.bin);
                command
            }
            None => Command::new(&self.bin),
        };
        command.args(["--listen", &self.listen]);
        if let Some(seed) = self.seed {
            command.args(["--secret-key-seed", &seed.to_string()]);
        }
        command
            .args(&self.args)
            .env("TRIPOT_RELAY_LOG", &self.log_level)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(if self.keep_log { Stdio::piped() } else { Stdio::inherit() });
        if let Some(dir) = &self.dir {
            std::fs::create_dir_all(dir).unwrap();
            command.current_dir(dir);
        }
        let mut child = command.spawn().expect("start tripot-relay");
        let log = Arc::new(Mutex::new(String::new()));
        if let Some(stderr) = child.stderr.take() {
            let sink = Arc::clone(&log);
            std::thread::spawn(move || {
                for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                    let mut sink = sink.lock().unwrap();
                    // Bounded: a log that floods is a failure the assertions will show anyway.
                    if sink.len() < 4 << 20 {
                        sink.push_str(&line);
                        sink.push('\n');
                    }
                }
            });
        }
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        let printed = Arc::new(Mutex::new(String::new()));
        let after_ready = Arc::clone(&printed);
        // Reads every line, so that the relay never blocks on a full pipe; what follows READY is
        // kept (the relay says STOPPED there).
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(ready) = line.trim().strip_prefix("READY ") {
                    let _ = tx.send(ready.to_owned());
                } else {
                    let mut kept = after_ready.lock().unwrap();
                    if kept.len() < 1 << 20 {
                        kept.push_str(&line);
                        kept.push('\n');
                    }
                }
            }
        });
        let ready = rx.recv_timeout(self.timeout).expect("tripot-relay printed no READY line");
        // "READY <peer id> <http or -> <address>…", each address ending in /p2p/<peer id>.
        let mut parts = ready.split_whitespace();
        let peer_id = parts.next().unwrap().to_owned();
        let http = parts.next().filter(|h| *h != "-").map(str::to_owned);
        let addrs: Vec<String> = parts.map(str::to_owned).collect();
        let addr = addrs.iter().find(|a| a.contains("/tcp/")).cloned().unwrap_or_default();
        RelayProcess { child, peer_id, http, addrs, addr, log, printed, launch: self }
    }
}

/// A running `tripot-relay`, killed when dropped.
pub(crate) struct RelayProcess {
    child: Child,
    /// Its peer id.
    pub(crate) peer_id: String,
    /// Where `/metrics` is served, if asked.
    pub(crate) http: Option<String>,
    /// Its addresses, each ending in `/p2p/<peer id>`.
    pub(crate) addrs: Vec<String>,
    /// Its first TCP address, with `/p2p/<peer id>`.
    pub(crate) addr: String,
    log: Arc<Mutex<String>>,
    printed: Arc<Mutex<String>>,
    launch: RelayLaunch,
}

impl RelayProcess {
    /// Its TCP address over IPv4 or IPv6, with `/p2p/<peer id>`.
    pub(crate) fn tcp_addr_of(&self, ip6: bool) -> String {
        let family = if ip6 { "/ip6/" } else { "/ip4/" };
        self.addrs.iter().find(|a| a.starts_with(family) && a.contains("/tcp/")).cloned().expect("an address")
    }

    /// What it logged so far (with [`RelayLaunch::keep_log`]).
    pub(crate) fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// Its QUIC address, with `/p2p/<peer id>`.
    pub(crate) fn quic_addr(&self) -> String {
        self.addrs.iter().find(|a| a.contains("/quic-v1")).cloned().expect("a QUIC address")
    }

    /// Its exit status, if it has exited.
    pub(crate) fn try_wait(&mut self) -> Option<std::process::ExitStatus> {
        self.child.try_wait().unwrap()
    }

    /// Asks it to stop (SIGTERM), as an operator's service manager would.
    pub(crate) fn terminate(&self) {
        let status = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().unwrap();
        assert!(status.success());
    }

    /// Waits (up to `timeout`) for it to exit; returns what it printed after its READY line.
    pub(crate) fn printed_until_exit(&mut self, timeout: Duration) -> String {
        let start = std::time::Instant::now();
        while self.child.try_wait().unwrap().is_none() {
            assert!(start.elapsed() < timeout, "tripot-relay did not exit");
            std::thread::sleep(Duration::from_millis(50));
        }
        // The reader has the last lines a moment after the exit.
        std::thread::sleep(Duration::from_millis(100));
        self.printed.lock().unwrap().clone()
    }

    /// Kills it (SIGKILL: no goodbye to anyone).
    pub(crate) fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Kills it and starts it again with the same identity on the same addresses.
    pub(crate) fn restart(&mut self) {
        self.kill();
        let mut launch = self.launch.clone();
        // Port 0 asked for any port: now it must be the one the peers know.
        let listen: Vec<String> =
            self.addrs.iter().map(|a| a.split("/p2p/").next().unwrap_or(a).to_owned()).collect();
        launch.listen = listen.join(",");
        // The port was just freed; on a busy machine the bind can race a moment.
        for attempt in 0.. {
            match std::panic::catch_unwind(|| launch.clone().start()) {
                Ok(relay) => {
                    assert_eq!(relay.addrs, self.addrs, "the restarted relay has other addresses");
                    let old = std::mem::replace(self, relay);
                    drop(old);
                    return;
                }
                Err(_) if attempt < 10 => std::thread::sleep(Duration::from_millis(200)),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    }

    /// The metrics page, as text.
    pub(crate) fn metrics(&self) -> String {
        self.http_get("/metrics")
    }

    /// The whole response to `GET path` on the `--http` address, as text.
    pub(crate) fn http_get(&self, path: &str) -> String {
        let http = self.http.as_deref().expect("started with .http()");
        let mut stream = std::net::TcpStream::connect(http).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        write!(stream, "GET {path} HTTP/1.1\r\nHost: {http}\r\nConnection: close\r\n\r\n").unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        response
    }

    /// The value of a metric line (`name value`), if present.
    pub(crate) fn metric(&self, name: &str) -> Option<f64> {
        self.metrics().lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
    }
}

impl Drop for RelayProcess {
    fn drop(&mut self) {
        self.kill();
    }
}
