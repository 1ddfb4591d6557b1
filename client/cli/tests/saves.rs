//! Persistence: every move saved as a game record, an unfinished game offered at start and
//! resumed as it was at the one table (an older duel's record too), a corrupt file moved aside
//! and reported, a finished game replayed by `tripot view`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../terminal/tests/common/mod.rs"]
mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{ch, key};
use crossterm::event::KeyCode;
use tripot_app::i18n::Lang;
use tripot_app::save_store::SaveStore;
use tripot_app::seat_kind::SeatKind;
use tripot_engine::{DuelState, Format, Position, Rules, duel_spec};
use tripot_game::{GameRecord, GameState};
use tripot_terminal::app::{App, Page};
use tripot_terminal::event::Events;

fn fresh_dir(name: &str) -> PathBuf {
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("tripot-saves-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn game_files(store: &SaveStore) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(store.dir())
        .map_or_else(|_| Vec::new(), |entries| entries.map(|e| e.unwrap().path()).collect());
    files.sort();
    files
}

/// A duel of one colour a side between two people at the one table, A opening.
fn start_duel(app: &mut App) {
    let state = tripot_engine::open(&duel_spec(Format::One, Rules::Tripot).unwrap()).unwrap();
    app.start_game_table(state, vec![SeatKind::Person, SeatKind::Person], 0);
    assert_eq!(app.page(), Page::GameTable, "{:?}", app.message());
}

/// Plays `text` typed in notation, as a player would with `:`.
fn play(app: &mut App, text: &str) {
    let before = moves(app).len();
    app.handle_event(ch(':'));
    for c in text.chars() {
        app.handle_event(ch(c));
    }
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(moves(app).len(), before + 1, "{text}: {:?}", app.message());
}

fn moves(app: &App) -> Vec<String> {
    let state = app.game_table().unwrap().table().state();
    state.moves().iter().map(|m| state.move_text(m)).collect()
}

fn record(path: &Path) -> GameRecord {
    GameRecord::parse(&fs::read_to_string(path).unwrap()).unwrap()
}

fn recorded(path: &Path) -> Vec<String> {
    record(path).moves().iter().map(|m| m.text.clone()).collect()
}

#[test]
fn every_move_is_saved_and_an_unfinished_game_is_resumed() {
    let store = SaveStore::new(&fresh_dir("resume"));
    let events = Events::new();
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    assert_eq!(app.page(), Page::Menu);
    start_duel(&mut app);
    // Its file is claimed at once (no other game can take the name), empty until its first move.
    let claimed = game_files(&store);
    assert_eq!(claimed.len(), 1);
    assert_eq!(fs::metadata(&claimed[0]).unwrap().len(), 0, "nothing written before the first move");
    play(&mut app, "k4-k5");
    let files = game_files(&store);
    assert_eq!(files.len(), 1);
    assert_eq!(recorded(&files[0]), ["k4-k5"]);
    play(&mut app, "f14-f13");
    assert_eq!(recorded(&files[0]), ["k4-k5", "f14-f13"]);
    assert!(!record(&files[0]).result.is_finished());
    let hash = app.game_table().unwrap().table().state().hash();
    drop(app);

    // Next start: the game is offered, and resumed exactly, at the one table.
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    assert_eq!(app.page(), Page::Resume);
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::GameTable);
    let table = app.game_table().unwrap().table();
    assert_eq!(table.state().hash(), hash);
    assert_eq!(table.seats(), [SeatKind::Person, SeatKind::Person]);
    // It goes on in the same file.
    play(&mut app, "j4-j5");
    assert_eq!(game_files(&store).len(), 1);
    assert_eq!(recorded(&files[0]).len(), 3);
    drop(app);

    // A new game is asked for: the unfinished one would be lost, so the prompt asks first.
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    assert_eq!(app.page(), Page::Resume);
    app.handle_event(ch('n'));
    assert_eq!(app.page(), Page::Resume);
    assert_eq!(
        app.message(),
        Some("La partie en cours sera abandonnée : n encore pour confirmer, r pour la reprendre.")
    );
    assert_eq!(record(&files[0]).tag("Reason"), None);
    // Declined for good: marked abandoned, kept, never offered again.
    app.handle_event(ch('n'));
    assert_eq!(app.page(), Page::Menu);
    assert_eq!(app.message(), None);
    assert_eq!(recorded(&files[0]).len(), 3);
    assert_eq!(record(&files[0]).tag("Reason"), Some("abandoned"));
    let app = App::new(Lang::Fr, Some(store), events.sender());
    assert_eq!(app.page(), Page::Menu);
}

/// A solo duel saved by the older duel screen (`[Mode "solo"]`, `[Level …]`, no `[Game …]`) is
/// offered and resumed at the one table, the computer in its seat, and saved on in the one
/// record format.
#[test]
fn an_older_duel_record_is_resumed_at_the_one_table() {
    let store = SaveStore::new(&fresh_dir("older-duel"));
    fs::create_dir_all(store.dir()).unwrap();
    let path = store.dir().join("2026-01-01-000000.tripot");
    fs::write(
        &path,
        "[Format \"1\"]\n[Rules \"tripot\"]\n[Mode \"solo\"]\n[Level \"facile\"]\n[Seed \"3\"]\n\n1. k4-k5 f14-f13 *\n",
    )
    .unwrap();
    let events = Events::new();
    let mut app = App::new(Lang::Fr, Some(store), events.sender());
    assert_eq!(app.page(), Page::Resume, "{:?}", app.message());
    let screen = common::render(&mut app, 100, 30);
    assert!(screen.contains(" · humain, Catherine Ségurane · 2 coups"), "{screen}");
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::GameTable, "{:?}", app.message());
    let table = app.game_table().unwrap().table();
    assert_eq!(table.seats()[0], SeatKind::Person);
    assert!(matches!(table.seats()[1], SeatKind::Computer(_)));
    assert_eq!(moves(&app), ["k4-k5", "f14-f13"]);
    play(&mut app, "j4-j5");
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("[Game "), "saved on in the one format:\n{text}");
    assert_eq!(recorded(&path)[..3], ["k4-k5", "f14-f13", "j4-j5"]);
}

#[test]
fn undo_rewrites_the_save() {
    let store = SaveStore::new(&fresh_dir("undo"));
    let events = Events::new();
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    start_duel(&mut app);
    play(&mut app, "k4-k5");
    play(&mut app, "f14-f13");
    app.handle_event(ch('u'));
    let files = game_files(&store);
    assert_eq!(recorded(&files[0]), ["k4-k5"]);
}

#[test]
fn a_corrupt_save_is_moved_aside_and_reported() {
    let store = SaveStore::new(&fresh_dir("corrupt"));
    fs::create_dir_all(store.dir()).unwrap();
    let bad = store.dir().join("2026-01-01-000000.tripot");
    fs::write(&bad, "[Format \"1\"]\n[Rules \"tripot\"]\n\n1. m4-m9 *\n").unwrap();
    let garbage = store.dir().join("2026-01-02-000000.tripot");
    fs::write(&garbage, [0xff, 0xfe, 0x00, 0x13]).unwrap();
    let events = Events::new();
    let app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    assert_eq!(app.page(), Page::Menu);
    let message = app.message().unwrap_or_default().to_owned();
    assert!(message.contains("mise de côté"), "{message}");
    let files = game_files(&store);
    let names: Vec<String> =
        files.iter().map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
    assert_eq!(names, ["2026-01-01-000000.tripot.corrupt", "2026-01-02-000000.tripot.corrupt"]);
    // Moved, not rewritten.
    assert_eq!(fs::read(&files[1]).unwrap(), [0xff, 0xfe, 0x00, 0x13]);
    // A new game gets a file of its own.
    let mut app = app;
    start_duel(&mut app);
    play(&mut app, "k4-k5");
    assert_eq!(game_files(&store).len(), 3);
}

#[test]
fn a_finished_game_is_saved_with_its_result_and_replays_in_tripot_view() {
    let dir = fresh_dir("view");
    let store = SaveStore::new(&dir);
    let events = Events::new();
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    let start = Position::parse(
        "A:Nm1,l2,m2,k3,l3,m3,j4,k4,l4,m6:Se17,e16,f16,e15,f15,g15,e14,f14,g14,h13",
        Rules::Tripot,
    )
    .unwrap();
    let state: Box<dyn GameState> = Box::new(DuelState::new(start).unwrap());
    app.start_game_table(state, vec![SeatKind::Person, SeatKind::Person], 0);
    play(&mut app, "h13-h14");
    assert!(app.game_table().unwrap().table().state().outcome().is_some());
    let file = game_files(&store).pop().unwrap();
    assert!(record(&file).result.is_finished());
    // A finished game is not offered for resumption.
    assert_eq!(App::new(Lang::Fr, Some(store), events.sender()).page(), Page::Menu);

    let tripot = env!("CARGO_BIN_EXE_tripot");
    let out = Command::new(tripot).args(["--lang", "fr", "view", "--print"]).arg(&file).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let screen = String::from_utf8(out.stdout).unwrap();
    assert!(screen.contains("h13-h14"), "{screen}");
    assert!(screen.contains("1re place"), "{screen}");
    let out = Command::new(tripot)
        .args(["--lang", "en", "view", "--print", "--at", "0"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

    // A broken file: a clear error and exit code 2, nothing else.
    let broken = dir.join("broken.tripot");
    fs::write(&broken, "not a record").unwrap();
    let out = Command::new(tripot).args(["view", "--print"]).arg(&broken).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("tripot: "));
}

#[test]
fn the_resume_prompt_counts_one_move_in_the_singular() {
    let store = SaveStore::new(&fresh_dir("one-move"));
    let events = Events::new();
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    start_duel(&mut app);
    play(&mut app, "k4-k5");
    drop(app);
    let mut app = App::new(Lang::Fr, Some(store), events.sender());
    assert_eq!(app.page(), Page::Resume);
    let screen = common::render(&mut app, 100, 30);
    assert!(screen.contains(" · 1 coup"), "{screen}");
}

#[test]
fn the_viewer_says_a_game_is_unfinished_in_words() {
    let store = SaveStore::new(&fresh_dir("view-unfinished"));
    let events = Events::new();
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    start_duel(&mut app);
    play(&mut app, "k4-k5");
    let file = game_files(&store).pop().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tripot"))
        .args(["--lang", "fr", "view", "--print"])
        .arg(&file)
        .output()
        .unwrap();
    let screen = String::from_utf8(out.stdout).unwrap();
    assert!(screen.contains("Partie non terminée"), "{screen}");
    assert!(!screen.lines().any(|l| l.trim() == "*"), "{screen}");
}

/// Every unfinished game is offered, newest first, and ↓ then Enter resumes an older one.
#[test]
fn resume_offers_every_unfinished_game_and_resumes_the_one_chosen() {
    let store = SaveStore::new(&fresh_dir("choice"));
    let events = Events::new();
    // An older duel of one move, then a newer one of two.
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    start_duel(&mut app);
    play(&mut app, "k4-k5");
    drop(app);
    std::thread::sleep(std::time::Duration::from_millis(20));
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    assert_eq!(app.page(), Page::Resume);
    start_duel(&mut app);
    play(&mut app, "j4-j5");
    play(&mut app, "f14-f13");
    drop(app);

    let mut app = App::new(Lang::Fr, Some(store), events.sender());
    assert_eq!(app.page(), Page::Resume);
    let screen = common::render(&mut app, 80, 30);
    assert!(screen.contains("Laquelle reprendre"), "{screen}");
    let newest = screen.find("· 2 coups").unwrap_or_else(|| panic!("{screen}"));
    let older = screen.find("· 1 coup").unwrap_or_else(|| panic!("{screen}"));
    assert!(newest < older, "newest first:\n{screen}");
    assert!(screen.contains("▶ "), "{screen}");
    app.handle_event(key(KeyCode::Down));
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::GameTable);
    assert_eq!(moves(&app), ["k4-k5"], "the older game, chosen");
}

/// Online games, saved by their session in another folder, are offered too, with the command
/// that resumes them; declining one leaves its file alone.
#[test]
fn online_games_saved_elsewhere_are_offered_with_their_command() {
    use tripot_net::{OnlineGame, SavedGame};
    use tripot_protocol::{GameId, Role};
    let data = fresh_dir("online-data");
    let online = fresh_dir("online-games");
    let mut game = OnlineGame::new(
        GameId([3; 16]),
        Role::Guest,
        tripot_engine::open(&tripot_engine::duel_spec(Format::Two, Rules::Tripot).unwrap()).unwrap(),
        "Moi".into(),
        "Alice".into(),
        tripot_net::PeerId::random().to_bytes(),
    );
    // One move played: a game left before any is not offered (nothing to take up).
    let seat = game.state().to_move().unwrap();
    let first = game.state().legal_moves()[0].clone();
    game.play(seat, &first).unwrap();
    let path = online.join("online-1764000000.tripot");
    SavedGame { game, peer_addrs: Vec::new(), listen_addrs: Vec::new(), random_opener: false }
        .write(&path)
        .unwrap();
    let before = fs::read_to_string(&path).unwrap();
    let store = SaveStore::new(&data).with_online_dir(online);
    let events = Events::new();
    let mut app = App::new(Lang::Fr, Some(store), events.sender());
    assert_eq!(app.page(), Page::Resume);
    let command = format!("tripot join --resume {}", path.display());
    let screen = common::render(&mut app, 120, 40);
    // The game by its catalogue title, as every other line of the list names its game.
    assert!(screen.contains("En ligne · contre Alice · Tripot à deux couleurs · 1 coup"), "{screen}");
    assert!(screen.contains(&command), "the command shown with the game:\n{screen}");
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::Resume);
    assert_eq!(
        app.message(),
        Some(format!("Une partie en ligne reprend par la commande : {command}").as_str())
    );
    app.handle_event(ch('n'));
    assert_eq!(app.page(), Page::Menu);
    assert_eq!(fs::read_to_string(&path).unwrap(), before);
}

#[test]
fn fifty_terminal_games_started_together_each_claim_a_file_and_an_unplayed_one_gives_it_back() {
    let store = SaveStore::new(&fresh_dir("fifty-apps"));
    let events = Events::new();
    let mut apps: Vec<App> =
        (0..50).map(|_| App::new(Lang::Fr, Some(store.clone()), events.sender())).collect();
    for app in &mut apps {
        start_duel(app);
    }
    assert_eq!(game_files(&store).len(), 50, "fifty games, fifty names");
    for app in apps.iter_mut().take(49) {
        play(app, "k4-k5");
    }
    // The last one is left before its first move: its empty file goes with it.
    drop(apps);
    let files = game_files(&store);
    assert_eq!(files.len(), 49);
    for file in &files {
        assert_eq!(recorded(file), ["k4-k5"]);
    }
}
