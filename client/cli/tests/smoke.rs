//! The real binary in a real terminal (tmux): open the menu, start a duel, play two moves with
//! the keyboard, quit, and check the terminal settings are back as they were. Where tmux is
//! missing it fails under CI and says it did not run elsewhere (`scripts/install-test-deps.sh`
//! installs it).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

mod tmux_common;

use tmux_common::{Session, prerequisite_missing, screen};

fn wait_for(session: &str, text: &str) -> String {
    tmux_common::wait_for(session, text, Duration::from_secs(20))
}

fn keys(session: &str, keys: &[&str]) {
    tmux_common::keys(session, keys, Duration::from_millis(60));
}

/// The real binary running in a detached tmux session, with its data and the terminal settings
/// before and after it in `dir`.
struct Run {
    dir: PathBuf,
    session: Session,
}

/// Starts `tripot --lang LANG` in a `width` × `height` tmux session named after `label`, or
/// `None` (with a message) where tmux is missing.
fn start(label: &str, lang: &str, width: u16, height: u16) -> Option<Run> {
    start_with(label, lang, width, height, |_| {})
}

/// As [`start`], with `prepare` given the data folder first (to leave a saved game there).
fn start_with(label: &str, lang: &str, width: u16, height: u16, prepare: impl FnOnce(&Path)) -> Option<Run> {
    if Command::new("tmux").arg("-V").output().is_err() {
        prerequisite_missing(label, "tmux is not installed (scripts/install-test-deps.sh installs it)");
        return None;
    }
    let name = format!("{label}-{}", std::process::id());
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(&name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    prepare(&dir.join("data"));
    let d = dir.display();
    let script = format!(
        "stty -a > {d}/before; TRIPOT_DATA_DIR={d}/data TRIPOT_CONFIG_DIR={d}/config {bin} --lang {lang}; \
         echo $? > {d}/exit; \
         stty -a > {d}/after; sleep 60",
        bin = env!("CARGO_BIN_EXE_tripot"),
    );
    Some(Run { dir, session: Session::start(name, width, height, &script) })
}

impl Run {
    /// Waits for the binary to exit, then checks it exited 0 with the terminal settings restored.
    fn exited_cleanly(&self, timeout_message: &str) {
        let s = self.session.0.as_str();
        let start = Instant::now();
        while !self.dir.join("after").exists() {
            assert!(start.elapsed() < Duration::from_secs(10), "{timeout_message}:\n{}", screen(s));
            sleep(Duration::from_millis(50));
        }
        sleep(Duration::from_millis(100));
        assert_eq!(fs::read_to_string(self.dir.join("exit")).unwrap().trim(), "0");
        assert_eq!(
            fs::read_to_string(self.dir.join("before")).unwrap(),
            fs::read_to_string(self.dir.join("after")).unwrap(),
            "terminal settings restored"
        );
    }
}

#[test]
fn the_real_binary_plays_two_moves_in_tmux_and_restores_the_terminal() {
    let Some(run) = start("tripot-smoke", "fr", 100, 32) else { return };
    let (dir, s) = (&run.dir, run.session.0.as_str());

    wait_for(s, "Solo contre l'IA");
    keys(s, &["Down", "Down", "Down", "Down", "Enter"]);
    // The duel plays at the one table.
    wait_for(s, "vue de Joueur 1");
    // Player 1: Enter picks the piece under the cursor, d goes to its first destination, Enter
    // plays there.
    keys(s, &["Enter"]);
    wait_for(s, "Choisissez une destination");
    keys(s, &["d", "Enter"]);
    wait_for(s, "Historique — 1 coup");
    // Player 2, the same in its own view.
    keys(s, &["Enter"]);
    wait_for(s, "Choisissez une destination");
    keys(s, &["d", "Enter"]);
    let shown = wait_for(s, "Historique — 2 coups");
    assert!(shown.contains("vue de Joueur 1"), "{shown}");
    keys(s, &["q"]);
    wait_for(s, "Quitter");
    keys(s, &["q"]);

    run.exited_cleanly("tripot did not exit");
    // The game was saved in the one record format, two moves long.
    let games: Vec<_> = fs::read_dir(dir.join("data/games")).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(games.len(), 1);
    let saved = tripot_app::save_store::SaveStore::read_game(&games[0]).unwrap();
    assert!(saved.one_format);
    assert_eq!(saved.replay.state.spec().as_str(), "tripot");
    assert_eq!(saved.replay.moves.len(), 2);
}

#[test]
fn ctrl_c_in_the_middle_of_a_game_quits_and_restores_the_terminal() {
    let Some(run) = start("tripot-smoke-ctrlc", "en", 90, 30) else { return };
    let s = run.session.0.as_str();
    wait_for(s, "Two-player duel");
    keys(s, &["Down", "Down", "Down", "Down", "Enter"]);
    wait_for(s, "History");
    keys(s, &["Enter"]);
    wait_for(s, "Pick a destination");
    keys(s, &["C-c"]);
    run.exited_cleanly("Ctrl-C did not quit");
    // Back on the normal screen: the shell's output is visible, the game's screen is gone.
    let shown = screen(s);
    assert!(!shown.contains("History"), "{shown}");
}

/// Presses `d` (the next destination) until the cursor is on `cell`.
fn destination_by_d(s: &str, cell: &str) {
    for _ in 0..8 {
        let before = cursor_line(&screen(s));
        if before == cell {
            return;
        }
        keys(s, &["d"]);
        let start = Instant::now();
        while cursor_line(&screen(s)) == before && start.elapsed() < Duration::from_secs(10) {
            sleep(Duration::from_millis(20));
        }
    }
    wait_for(s, &format!("Curseur : {cell}"));
}

/// The panel's « Curseur : … » line of a screen.
fn cursor_line(shown: &str) -> String {
    let rest = shown.lines().find_map(|l| l.split("Curseur : ").nth(1)).unwrap_or_default();
    rest.split_whitespace().next().unwrap_or_default().to_owned()
}

/// A duel where S's m1 has the chain m1-m3-m5-m7 over m2, m4 and m6, left unfinished in the
/// data folder: the binary offers it at start.
fn three_hop_lane(data: &Path) {
    fs::create_dir_all(data.join("games")).unwrap();
    let record = "[Format \"1\"]\n[Rules \"tripot\"]\n[Opener \"A\"]\n[OpenerChoice \"chosen\"]\n\
        [PlayerA \"Joueur 1\"]\n[PlayerB \"Joueur 2\"]\n[Date \"2026.12.01\"]\n[Result \"*\"]\n\
        [Start \"A:Ne17,e16,f16,e15,f15,g15,e14,f14,g14,h14:Sm1,m2,m4,m6,j4,k4,l4,k3,l3,l2\"]\n\
        [Mode \"duel\"]\n\n*\n";
    fs::write(data.join("games").join("2026-12-01-120000.tripot"), record).unwrap();
}

/// Resumes the lane game and waits for its board.
fn resume_lane(s: &str) {
    wait_for(s, "Reprendre");
    keys(s, &["r"]);
    wait_for(s, "Historique — 0 coups");
}

/// At the one table, the lane's resumed duel: Enter picks m1 under the cursor (the pawn of the
/// most promising move), the cursor goes to that move's end (m7) and `d` walks the destinations
/// to m3, one hop away with more hops after it; Enter hops there and the chain goes on; Esc takes
/// back that one hop (the pawn stays picked), « Fin du saut » plays m1-m3.
#[test]
fn chains_by_keyboard_enter_hops_on_and_esc_takes_back_one_hop() {
    let Some(run) = start_with("tripot-chains", "fr", 120, 40, three_hop_lane) else { return };
    let s = run.session.0.as_str();
    resume_lane(s);
    wait_for(s, "Curseur : m1");
    keys(s, &["Enter"]);
    wait_for(s, "Choisissez une destination");
    // The destinations come most promising first (m7 first): `d` walks them to m3.
    wait_for(s, "Curseur : m7");
    destination_by_d(s, "m3");
    keys(s, &["Enter"]);
    wait_for(s, "Sautez encore");
    // Esc takes back the hop: the pawn stays picked, the cursor back on the best destination.
    keys(s, &["Escape"]);
    wait_for(s, "Choisissez une destination");
    assert!(screen(s).contains("Historique — 0 coups"), "{}", screen(s));
    wait_for(s, "Curseur : m7");
    destination_by_d(s, "m3");
    keys(s, &["Enter"]);
    wait_for(s, "Sautez encore");
    keys(s, &["f"]);
    wait_for(s, "Historique — 1 coup");
    assert!(screen(s).contains("1. m1-m3 "), "{}", screen(s));
    keys(s, &["q"]);
    wait_for(s, "Quitter");
    keys(s, &["q"]);
    run.exited_cleanly("tripot did not exit");
}

/// A chain built hop by hop (Space, d to the next targets) loses only its last hop to Esc; a
/// whole chain typed in notation is played at once.
#[test]
fn a_chain_built_hop_by_hop_loses_only_its_last_hop_to_esc_and_a_typed_chain_plays_whole() {
    let Some(run) = start_with("tripot-hops", "fr", 120, 40, three_hop_lane) else { return };
    let s = run.session.0.as_str();
    resume_lane(s);
    wait_for(s, "Curseur : m1");
    keys(s, &["Enter", "D", "Space"]);
    wait_for(s, "Sautez encore");
    // The next targets in turn: k5, where a chain ends, then m5.
    keys(s, &["d"]);
    wait_for(s, "Curseur : k5");
    keys(s, &["d"]);
    wait_for(s, "Curseur : m5");
    keys(s, &["Space"]);
    wait_for(s, "Sautez encore");
    keys(s, &["Escape"]);
    wait_for(s, "Sautez encore");
    keys(s, &["f"]);
    wait_for(s, "Historique — 1 coup");
    assert!(screen(s).contains("1. m1-m3 "), "{}", screen(s));
    // Player 2 answers by typing its move; then player 1 types the whole chain.
    keys(s, &[":", "e", "1", "4", "-", "e", "1", "3", "Enter"]);
    wait_for(s, "Historique — 2 coups");
    keys(s, &[":", "m", "3", "-", "m", "5", "-", "m", "7", "Enter"]);
    wait_for(s, "Historique — 3 coups");
    assert!(screen(s).contains("m3-m5-m7"), "{}", screen(s));
    keys(s, &["q"]);
    wait_for(s, "Quitter");
    keys(s, &["q"]);
    run.exited_cleanly("tripot did not exit");
}
