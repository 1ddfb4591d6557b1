//! The online screens on the real network: a headless `tripot host --ai` on loopback (mDNS off)
//! and `tripot join` in the full-screen interface under tmux. Two moves are played by keys; the
//! screen shows the computer's answers; leaving asks first, then restores the terminal.
//! Where tmux is missing it fails under CI and says it did not run elsewhere
//! (`scripts/install-test-deps.sh` installs it).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// Killed when the test ends, whatever happens.
struct Host(Child);

impl Drop for Host {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

mod tmux_common;

use tmux_common::{Session, prerequisite_missing, screen};

fn wait_for(session: &str, text: &str) -> String {
    tmux_common::wait_for(session, text, Duration::from_secs(30))
}

fn keys(session: &str, keys: &[&str]) {
    tmux_common::keys(session, keys, Duration::from_millis(80));
}

/// The next JSON line of the host whose `event` is `name`, within 30 s (other events, such as a
/// waiting host's countdown, do not extend the wait).
fn next_event(lines: &mpsc::Receiver<serde_json::Value>, name: &str) -> serde_json::Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = lines.recv_timeout(left).unwrap_or_else(|_| panic!("no {name} event within 30 s"));
        if line["event"] == name {
            return line;
        }
    }
}

#[test]
fn a_game_joined_in_the_terminal_interface_against_a_headless_host() {
    if Command::new("tmux").arg("-V").output().is_err() {
        return prerequisite_missing(
            "a_game_joined_in_the_terminal_interface_against_a_headless_host",
            "tmux is not installed (scripts/install-test-deps.sh installs it)",
        );
    }
    let name = format!("tripot-online-{}", std::process::id());
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(&name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("host")).unwrap();
    fs::create_dir_all(dir.join("guest")).unwrap();
    let bin = env!("CARGO_BIN_EXE_tripot");

    // The guest opens, so the player at the keyboard moves first.
    let mut host = Command::new(bin)
        .args(["host", "--headless", "--ai", "1", "--no-mdns", "--listen", "/ip4/127.0.0.1/tcp/0"])
        .args(["--opens", "guest", "--name", "Robot", "--move-delay-ms", "300"])
        .env("TRIPOT_CONFIG_DIR", dir.join("host"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = host.stdout.take().unwrap();
    let _host = Host(host);
    let (sender, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { return };
            if let Ok(value) = serde_json::from_str::<serde_json::Value>(&line)
                && sender.send(value).is_err()
            {
                return;
            }
        }
    });
    let addr = next_event(&lines, "listening")["addr"].as_str().unwrap().to_owned();

    let d = dir.display();
    let script = format!(
        "stty -a > {d}/before; TRIPOT_CONFIG_DIR={d}/guest {bin} --lang fr join {addr} --no-mdns \
         --listen /ip4/127.0.0.1/tcp/0 --name Moi; echo $? > {d}/exit; stty -a > {d}/after; sleep 60"
    );
    let session = Session::start(name, 120, 40, &script);
    let s = session.0.as_str();

    // The game's screen may be drawn a frame before the connection's status line: wait for both.
    let shown = wait_for(s, "connecté");
    assert!(shown.contains("contre Robot"), "{shown}");
    next_event(&lines, "connected");
    // The first pawn that can move, to its first destination (`d`), twice; the computer
    // answers each move, and its moves appear in the history.
    for round in 1..=2 {
        keys(s, &["Enter"]);
        wait_for(s, "Choisissez une destination");
        keys(s, &["d", "Enter"]);
        let theirs = next_event(&lines, "move_sent")["move"].as_str().unwrap().to_owned();
        let shown = wait_for(s, &format!("Historique — {} coups", 2 * round));
        assert!(shown.contains(&theirs), "the computer's {theirs} is not shown:\n{shown}");
    }
    keys(s, &["q"]);
    wait_for(s, "Encore q pour confirmer");
    keys(s, &["q"]);

    let start = Instant::now();
    while !dir.join("after").exists() {
        assert!(start.elapsed() < Duration::from_secs(10), "tripot did not exit:\n{}", screen(s));
        sleep(Duration::from_millis(50));
    }
    sleep(Duration::from_millis(100));
    assert_eq!(fs::read_to_string(dir.join("exit")).unwrap().trim(), "0");
    // The host was told the guest left on purpose (not a cut link to reconnect).
    next_event(&lines, "peer_left");
    assert_eq!(
        fs::read_to_string(dir.join("before")).unwrap(),
        fs::read_to_string(dir.join("after")).unwrap(),
        "terminal settings restored"
    );
    // The guest's game was saved by its session: four moves.
    let games: Vec<_> = fs::read_dir(dir.join("guest/games")).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(games.len(), 1, "{games:?}");
    let saved = tripot_net::SavedGame::read(&games[0]).unwrap();
    assert_eq!(saved.game.moves().len(), 4);
}

/// A newcomer's case: `tripot join` an address where nobody listens, at 80 × 30. The screen says
/// why in French, whole; `q` then ends the program with status 1 and the reason on stderr.
#[test]
fn joining_where_nobody_listens_says_why_and_q_exits_1() {
    if Command::new("tmux").arg("-V").output().is_err() {
        return prerequisite_missing(
            "joining_where_nobody_listens_says_why_and_q_exits_1",
            "tmux is not installed (scripts/install-test-deps.sh installs it)",
        );
    }
    let name = format!("tripot-nobody-{}", std::process::id());
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(&name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let bin = env!("CARGO_BIN_EXE_tripot");
    let peer = tripot_net::PeerId::random();
    let d = dir.display();
    // Port 1 on loopback: refused at once.
    let script = format!(
        "TRIPOT_CONFIG_DIR={d}/config {bin} --lang fr join /ip4/127.0.0.1/tcp/1/p2p/{peer} --no-mdns \
         --listen /ip4/127.0.0.1/tcp/0 2> {d}/stderr; echo $? > {d}/exit; sleep 60"
    );
    let session = Session::start(name, 80, 30, &script);
    let s = session.0.as_str();
    let shown = wait_for(s, "quelques secondes.");
    assert!(shown.contains("connexion refusée"), "{shown}");
    assert!(!shown.contains("Failed") && !shown.contains("dial failed"), "{shown}");
    keys(s, &["q"]);
    let start = Instant::now();
    while !dir.join("exit").exists() {
        assert!(start.elapsed() < Duration::from_secs(10), "tripot did not exit:\n{}", screen(s));
        sleep(Duration::from_millis(50));
    }
    sleep(Duration::from_millis(100));
    assert_eq!(fs::read_to_string(dir.join("exit")).unwrap().trim(), "1");
    let stderr = fs::read_to_string(dir.join("stderr")).unwrap();
    assert!(
        stderr.contains("tripot: no game: Calling the host: nobody is waiting at this address"),
        "{stderr}"
    );
}
