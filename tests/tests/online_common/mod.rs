//! Helpers for the online end-to-end tests: build and run `tripot` processes, read their JSON
//! event lines, check their saved records.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use serde_json::Value;
use tripot_game::GameRecord as Record;
use tripot_game::record::RecordResult;

pub(crate) mod netns;
pub(crate) mod reads_messages;
pub(crate) mod relay_process;

use relay_process::RelayProcess;

/// The `tripot` binary of this workspace: `$TRIPOT_BIN`, else the one `cargo test --workspace`
/// built beside this test (the client package's own tests make cargo build it), else built now.
pub(crate) fn tripot_bin() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| workspace_bin("TRIPOT_BIN", "tripot")).clone()
}

/// The `tripot-relay` binary of this workspace: `$TRIPOT_RELAY_BIN`, else the one beside this
/// test (`cargo test --workspace` builds it for the relay's own tests), else built now.
pub(crate) fn relay_bin() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| workspace_bin("TRIPOT_RELAY_BIN", "tripot-relay")).clone()
}

/// The binary `name` of the package of the same name: from `$env`, else beside this test in
/// target/<profile>/, else built there now with the same profile.
fn workspace_bin(env: &str, name: &str) -> PathBuf {
    if let Some(bin) = std::env::var_os(env) {
        return PathBuf::from(bin);
    }
    // target/<profile>/deps/this-test → target/<profile>/<name>
    let exe = std::env::current_exe().unwrap();
    let profile_dir = exe.parent().unwrap().parent().unwrap().to_path_buf();
    let bin = profile_dir.join(name);
    if bin.exists() {
        return bin;
    }
    let target_dir = profile_dir.parent().unwrap().to_path_buf();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut build = Command::new(cargo);
    build.args(["build", "-q", "-p", name, "--bin", name]).env("CARGO_TARGET_DIR", &target_dir);
    if profile_dir.file_name().is_some_and(|n| n == "release") {
        build.arg("--release");
    }
    let status = build.status().unwrap_or_else(|e| panic!("cargo build -p {name}: {e}"));
    assert!(status.success(), "building {name} failed");
    bin
}

/// A running `tripot` process whose stdout JSON lines are collected.
pub(crate) struct Player {
    pub(crate) child: Child,
    lines: mpsc::Receiver<Value>,
    pub(crate) seen: Arc<Mutex<Vec<Value>>>,
    pub(crate) save: PathBuf,
    pub(crate) config_dir: PathBuf,
    stderr: Arc<Mutex<String>>,
    /// The thread reading stderr: done once the process's stderr closed.
    err_reader: Option<std::thread::JoinHandle<()>>,
}

/// Options every test player gets: loopback only, no mDNS, fast timers.
pub(crate) fn loopback_args() -> Vec<String> {
    ["--headless", "--no-mdns", "--listen", "/ip4/127.0.0.1/tcp/0"].iter().map(|s| s.to_string()).collect()
}

/// A headless player on loopback with the relay, saving to `<name>.tripot` in `dir`; `extra`
/// are the command's own arguments.
pub(crate) fn relay_player(dir: &Path, name: &str, relay: &RelayProcess, extra: &[&str]) -> Player {
    relay_player_saving(dir, name, &format!("{name}.tripot"), relay, extra)
}

/// As [`relay_player`], saving to `save` in `dir`.
pub(crate) fn relay_player_saving(
    dir: &Path,
    name: &str,
    save: &str,
    relay: &RelayProcess,
    extra: &[&str],
) -> Player {
    let mut list = args(extra);
    list.extend(loopback_args());
    list.extend(args(&["--relay", &relay.addr, "--name", name]));
    Player::spawn(&list, &dir.join(name), &dir.join(save))
}

impl Player {
    /// Starts `tripot ARGS… --save SAVE` with its own config directory.
    pub(crate) fn spawn(args: &[String], config_dir: &Path, save: &Path) -> Player {
        Player::spawn_with(Command::new(tripot_bin()), args, config_dir, save)
    }

    /// As [`Player::spawn`], from a prepared command (e.g. `ip netns exec … tripot`).
    pub(crate) fn spawn_with(
        mut command: Command,
        args: &[String],
        config_dir: &Path,
        save: &Path,
    ) -> Player {
        std::fs::create_dir_all(config_dir).unwrap();
        let mut child = command
            .args(args)
            .arg("--save")
            .arg(save)
            .env("TRIPOT_CONFIG_DIR", config_dir)
            .env("RUST_LOG", "off")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start tripot");
        let (tx, lines) = mpsc::channel();
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Ok(value) = serde_json::from_str::<Value>(&line)
                    && tx.send(value).is_err()
                {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let err_pipe = child.stderr.take().unwrap();
        let err_sink = Arc::clone(&stderr);
        let err_reader = std::thread::spawn(move || {
            for line in BufReader::new(err_pipe).lines().map_while(Result::ok) {
                let mut sink = err_sink.lock().unwrap();
                if sink.len() < 64 * 1024 {
                    sink.push_str(&line);
                    sink.push('\n');
                }
            }
        });
        Player {
            child,
            lines,
            seen: Arc::new(Mutex::new(Vec::new())),
            save: save.to_path_buf(),
            config_dir: config_dir.to_path_buf(),
            stderr,
            err_reader: Some(err_reader),
        }
    }

    /// Waits for an event line matching `pred` (earlier lines are kept in `seen`).
    pub(crate) fn wait_for(&mut self, what: &str, timeout: Duration, pred: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(value) => {
                    self.seen.lock().unwrap().push(value.clone());
                    if pred(&value) {
                        return value;
                    }
                }
                Err(_) => panic!(
                    "timed out waiting for {what}; seen: {:#?}\nstderr: {}",
                    self.seen.lock().unwrap().iter().rev().take(12).collect::<Vec<_>>(),
                    self.stderr.lock().unwrap()
                ),
            }
        }
    }

    /// Waits for an event by name.
    pub(crate) fn wait_event(&mut self, event: &str, timeout: Duration) -> Value {
        self.wait_for(event, timeout, |v| v["event"] == event)
    }

    /// The first TCP address it listens on.
    pub(crate) fn address(&mut self) -> String {
        let v = self.wait_for("a listening address", Duration::from_secs(20), |v| {
            v["event"] == "listening" && v["addr"].as_str().is_some_and(|a| a.contains("/tcp/"))
        });
        v["addr"].as_str().unwrap().to_owned()
    }

    /// Waits for the process to exit by itself; returns its exit status code.
    pub(crate) fn finish(&mut self, timeout: Duration) -> i32 {
        let deadline = Instant::now() + timeout;
        loop {
            // Keep draining lines so that nothing blocks.
            while let Ok(value) = self.lines.try_recv() {
                self.seen.lock().unwrap().push(value);
            }
            if let Some(status) = self.child.try_wait().unwrap() {
                while let Ok(value) = self.lines.recv_timeout(Duration::from_millis(200)) {
                    self.seen.lock().unwrap().push(value);
                }
                // Its last words on stderr are read before anyone asks for them (bounded: a
                // child of its own holding the pipe would keep it open).
                if let Some(reader) = self.err_reader.take() {
                    let until = Instant::now() + Duration::from_secs(5);
                    while !reader.is_finished() && Instant::now() < until {
                        std::thread::sleep(Duration::from_millis(20));
                    }
                }
                return status.code().unwrap_or(-1);
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!(
                    "process did not finish; last events: {:#?}\nstderr: {}",
                    self.seen.lock().unwrap().iter().rev().take(12).collect::<Vec<_>>(),
                    self.stderr.lock().unwrap()
                );
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// What the process wrote on stderr so far (its first 64 KiB).
    pub(crate) fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    /// Every event seen so far with this name.
    pub(crate) fn events(&self, event: &str) -> Vec<Value> {
        self.seen.lock().unwrap().iter().filter(|v| v["event"] == event).cloned().collect()
    }

    /// Sends a signal to the process.
    pub(crate) fn signal(&self, signal: &str) {
        let status =
            Command::new("kill").args([format!("-{signal}"), self.child.id().to_string()]).status().unwrap();
        assert!(status.success());
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads a saved record and replays it (every move verified); returns it.
pub(crate) fn replayed_record(path: &Path) -> Record {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let record = Record::parse(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()));
    record
        .replay(&tripot_net::LINKED_OPENERS.as_slice())
        .unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()));
    record
}

/// What two records of the same game must share: game, opener, moves, result, players, game id.
pub(crate) fn same_game(a: &Record, b: &Record) {
    assert_eq!((a.game(), &a.opener), (b.game(), &b.opener));
    assert_eq!(a.moves(), b.moves());
    assert_eq!((&a.result, &a.termination), (&b.result, &b.termination));
    for seat in ["A", "B", "S", "N"] {
        assert_eq!(a.player(seat), b.player(seat), "player {seat}");
    }
    assert_eq!(a.tag("GameId"), b.tag("GameId"));
}

/// The host and the guest of one game both finish, the game ended normally, every move was
/// verified by the other side, and both saves are the same finished game of `game`.
pub(crate) fn played_to_the_end(host: &mut Player, guest: &mut Player, game: &str) {
    assert_eq!(guest.finish(Duration::from_secs(240)), 0, "{}", guest.stderr());
    assert_eq!(host.finish(Duration::from_secs(30)), 0, "{}", host.stderr());
    let rejected = [host.events("rejected"), guest.events("rejected")];
    assert!(rejected.iter().all(Vec::is_empty), "moves rejected (host's, guest's): {rejected:?}");
    let over = host.events("game_over");
    assert_eq!(over.len(), 1, "{over:?}");
    assert_eq!(over[0]["termination"], "normal", "{over:?}");
    assert_eq!(over[0]["winner"], guest.events("game_over")[0]["winner"]);
    // Every move verified by the other side's game: as many received as the other sent.
    assert_eq!(host.events("move_received").len(), guest.events("move_sent").len());
    assert_eq!(guest.events("move_received").len(), host.events("move_sent").len());
    let (a, b) = (replayed_record(&host.save), replayed_record(&guest.save));
    same_game(&a, &b);
    assert_eq!(a.game().as_str(), game);
    assert!(a.result.is_finished(), "{}", a.result);
}

/// The seat that won a record's game, by name, if one did.
pub(crate) fn winner(record: &Record) -> Option<&str> {
    match &record.result {
        RecordResult::Places(places) => {
            places.iter().find(|(_, place)| *place == 1).map(|(name, _)| name.as_str())
        }
        RecordResult::Winner(name) => Some(name),
        RecordResult::Unfinished => None,
    }
}

/// Converts string slices to owned arguments.
pub(crate) fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// A prerequisite of `test` is missing (`what`, and how to get it). Under CI (`CI` set) that is a
/// failure: CI runs as root and installs every prerequisite (`scripts/install-test-deps.sh`), so
/// a missing one means a broken set-up, never a pass. Elsewhere the test is reported as skipped,
/// straight to the terminal (not through the test harness's captured output, which a passing test
/// never shows), and returns.
pub(crate) fn prerequisite_missing(test: &str, what: &str) {
    if std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0") {
        panic!("{test}: {what}; CI must provide it (scripts/install-test-deps.sh, as root)");
    }
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {what}");
}
