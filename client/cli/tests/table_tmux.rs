//! The real binary in a real terminal (tmux) plays a `kawu-3` table to its end: one person (who
//! follows the hint, typed after « : ») against two computer players at Moyen, every seat placed, set up on the
//! form from the catalogue and played on the one game screen. Where tmux is missing it fails under CI and says it
//! did not run elsewhere (`scripts/install-test-deps.sh` installs it).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::Path;
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

mod tmux_common;

use tmux_common::{Session, keys, prerequisite_missing, screen, tmux, wait_for};

/// The screen once it shows `text`, or `None` after `timeout`.
fn poll_for(session: &str, text: &str, timeout: Duration) -> Option<String> {
    let start = Instant::now();
    while start.elapsed() < timeout {
        let shown = screen(session);
        if shown.contains(text) {
            return Some(shown);
        }
        sleep(Duration::from_millis(50));
    }
    None
}

const PAUSE: Duration = Duration::from_millis(60);

#[test]
fn a_kawu_3_table_of_one_person_and_two_computers_is_played_to_the_end_in_tmux() {
    let label = "tripot-table";
    if Command::new("tmux").arg("-V").output().is_err() {
        prerequisite_missing(label, "tmux is not installed (scripts/install-test-deps.sh installs it)");
        return;
    }
    let name = format!("{label}-{}", std::process::id());
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(&name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let d = dir.display();
    let script = format!(
        "TRIPOT_DATA_DIR={d}/data {bin} --lang fr; echo $? > {d}/exit; sleep 60",
        bin = env!("CARGO_BIN_EXE_tripot"),
    );
    let session = Session::start(name, 120, 40, &script);
    let s = session.0.as_str();
    wait_for(s, "Solo contre l'IA", Duration::from_secs(20));
    // The menu's table line, then its form: kawu for three, seat 1 a person, two at Moyen.
    keys(s, &["Down"; 7], PAUSE);
    keys(s, &["Enter"], PAUSE);
    let page = wait_for(s, "Table de 2 à 6 joueurs", Duration::from_secs(10));
    assert!(page.contains("◀ kawu à trois ▶") && page.contains("Moyen · Giuseppe Garibaldi"), "{page}");
    keys(s, &["Enter"], PAUSE);
    wait_for(s, "vue de Joueur 1", Duration::from_secs(10));

    let started = Instant::now();
    let mut own_moves = 0;
    let end = loop {
        assert!(started.elapsed() < Duration::from_secs(600), "no end after 10 minutes:\n{}", screen(s));
        let shown = screen(s);
        if shown.contains("Fin de la partie") {
            break shown;
        }
        if shown.contains("▶ ● Joueur 1") && !shown.contains("réfléchit") {
            // The screen may lag behind a move just sent: a hint asked while a computer still
            // plays is refused, and asked again on the next turn of the loop.
            keys(s, &["i"], PAUSE);
            let Some(hinted) = poll_for(s, "Indice : ", Duration::from_secs(10)) else { continue };
            let hint =
                hinted.split("Indice : ").nth(1).and_then(|rest| rest.split_whitespace().next()).unwrap();
            keys(s, &[":"], PAUSE);
            tmux(&["send-keys", "-t", s, "-l", hint]);
            sleep(PAUSE);
            keys(s, &["Enter"], PAUSE);
            own_moves += 1;
            let moved = Instant::now();
            while screen(s).contains("▶ ● Joueur 1") && moved.elapsed() < Duration::from_secs(5) {
                sleep(Duration::from_millis(50));
            }
            continue;
        }
        sleep(Duration::from_millis(150));
    };
    // Every seat is named with where it ended. Who wins is not asserted: the hint the person
    // follows searches under a wall-clock net, so on a loaded machine it may lose to Moyen.
    assert!(end.contains("Fin de la partie") && end.contains("1re place"), "{end}");
    assert!(
        ["Joueur 1 (S)", "Garibaldi (NW)", "Masséna (NE)"].iter().all(|seat| end.contains(seat)),
        "{end}"
    );
    assert!(own_moves >= 10, "the person played {own_moves} moves:\n{end}");
    // The finished table is saved with its result.
    let games: Vec<_> = fs::read_dir(dir.join("data/games")).unwrap().filter_map(Result::ok).collect();
    assert_eq!(games.len(), 1);
    let record = fs::read_to_string(games[0].path()).unwrap();
    assert!(record.contains("[Game \"kawu-3\"]") && !record.contains("[Result \"*\"]"), "{record}");
    keys(s, &["m"], PAUSE);
    wait_for(s, "Solo contre l'IA", Duration::from_secs(10));
    keys(s, &["q"], PAUSE);
    let start = Instant::now();
    while !dir.join("exit").exists() {
        assert!(start.elapsed() < Duration::from_secs(10), "tripot did not exit:\n{}", screen(s));
        sleep(Duration::from_millis(50));
    }
    assert_eq!(fs::read_to_string(dir.join("exit")).unwrap().trim(), "0");
}
