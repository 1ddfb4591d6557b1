//! Star tables in the terminal (RULES-STAR.md) on the one game screen: the set-up form from the
//! catalogue reached from the menu, which starts any game (a Stern-Halma table, a duel); six
//! seats turned to the seat to move, at 80×30 too; a chain's last hop taken back by Esc; a click
//! on the turned board; tables saved, offered at start, resumed and replayed by `tripot view`.
//! (`client/terminal/tests/game_table.rs` has the captures, the elimination question, the
//! places and the computers' undo.) Snapshots are text (`cargo insta review` after a deliberate
//! change).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../terminal/tests/common/mod.rs"]
mod common;

use common::{ch, key, render};
use crossterm::event::KeyCode;
use tripot_ai::Level;
use tripot_app::i18n::Lang;
use tripot_app::seat_kind::SeatKind;
use tripot_app::table_save::EveryGame;
use tripot_game::{Cell, GameState, Opener, Seat, Setup};
use tripot_terminal::app::{App, MenuItem, Page};
use tripot_terminal::event::Events;

const H: SeatKind = SeatKind::Person;

fn app(lang: Lang) -> (App, Events) {
    let events = Events::new();
    (App::new(lang, None, events.sender()), events)
}

/// The star game `name` opened with `opener` (a colour's name) to move first, or from
/// `position` (its string, the side to move opening).
fn star(name: &str, opener: &str, position: Option<&str>) -> Box<dyn GameState> {
    let spec = name.parse().unwrap();
    if let Some(position) = position {
        return EveryGame.open(&spec, &Setup { opener: None, position: Some(position.to_owned()) }).unwrap();
    }
    let seat = EveryGame.open(&spec, &Setup::default()).unwrap().seat_named(opener).unwrap();
    EveryGame.open(&spec, &Setup { opener: Some(seat), position: None }).unwrap()
}

fn cell(app: &App, name: &str) -> Cell {
    app.game_table().unwrap().table().state().board().named(name).unwrap().cell
}

fn moves_played(app: &App) -> Vec<String> {
    let state = app.game_table().unwrap().table().state();
    state.moves().iter().map(|m| state.move_text(m)).collect()
}

/// Ticks and feeds the computers' answers until a person is to move or the game is over.
fn wait_for_table_computers(app: &mut App, events: &Events) {
    for _ in 0..4000 {
        let screen = app.game_table().unwrap();
        if !screen.is_thinking() && !screen.is_animating() {
            return;
        }
        if let Some(event) = events.next_timeout(std::time::Duration::from_millis(10)) {
            app.handle_event(event);
        }
        app.handle_event(tripot_terminal::event::Event::Tick);
    }
    panic!("the computers never played");
}

#[test]
fn a_six_seat_kawu_table_in_the_fourth_persons_view_and_at_80_by_30() {
    let (mut app, _events) = app(Lang::Fr);
    app.start_game_table(star("kawu-6", "N", None), vec![H; 6], 3);
    let screen = render(&mut app, 120, 40);
    for glyph in ['●', '■', '△', '○', '□', '▲'] {
        assert!(screen.contains(glyph), "{glyph} missing:\n{screen}");
    }
    insta::assert_snapshot!("one_table_kawu_6", screen);
    let (mut app, _events) = self::app(Lang::En);
    app.start_game_table(star("kawu-6", "S", None), vec![H; 6], 3);
    insta::assert_snapshot!("one_table_kawu_6_80x30_en", render(&mut app, 80, 30));
}

fn type_move(app: &mut App, text: &str) {
    app.handle_event(ch(':'));
    for c in text.chars() {
        app.handle_event(ch(c));
    }
    app.handle_event(key(KeyCode::Enter));
}

#[test]
fn the_menu_opens_the_table_page_whose_settings_start_the_table() {
    let (mut app, events) = app(Lang::Fr);
    let i = MenuItem::ALL.iter().position(|&x| x == MenuItem::Table).unwrap();
    while app.menu().selected != i {
        app.handle_event(key(KeyCode::Down));
    }
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::TableMenu);
    insta::assert_snapshot!("table_menu", render(&mut app, 120, 40));
    // Stern-Halma, 4 players, on this device, seat 2 Difficile, seat 3 a person, who opens:
    // seat 3.
    app.handle_event(key(KeyCode::Right));
    app.handle_event(key(KeyCode::Down));
    app.handle_event(key(KeyCode::Right));
    app.handle_event(key(KeyCode::Down));
    app.handle_event(key(KeyCode::Down));
    app.handle_event(key(KeyCode::Down));
    app.handle_event(key(KeyCode::Right));
    app.handle_event(key(KeyCode::Down));
    for _ in 0..3 {
        app.handle_event(key(KeyCode::Left));
    }
    for _ in 0..2 {
        app.handle_event(key(KeyCode::Down));
    }
    app.handle_event(key(KeyCode::Right));
    app.handle_event(key(KeyCode::Right));
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::GameTable);
    let table = app.game_table().unwrap().table();
    let want = [
        SeatKind::Person,
        SeatKind::Computer(Level::Difficile),
        SeatKind::Person,
        SeatKind::Computer(Level::Moyen),
    ];
    assert_eq!(table.state().spec().as_str(), "halma-4");
    assert_eq!(table.seats(), want);
    assert_eq!(table.state().to_move(), Some(Seat(2)), "seat 3 opens");
    assert_eq!(table.viewer(), Seat(2));
    // Back to the menu, and back to the page: Esc leaves it.
    wait_for_table_computers(&mut app, &events);
    app.handle_event(ch('q'));
    assert_eq!(app.page(), Page::Menu);
    app.handle_event(key(KeyCode::Enter));
    app.handle_event(key(KeyCode::Esc));
    assert_eq!(app.page(), Page::Menu);
}

#[test]
fn esc_takes_back_the_last_hop_of_a_chain_built_hop_by_hop() {
    let (mut app, _events) = app(Lang::Fr);
    // m1 can hop over m2 to m3, over m4 to m5, over m6 to m7.
    let lane = "S:Ne17,e16,f16,e15,f15,g15,e14,f14,g14,h14:Sm1,m2,m4,m6,j4,k4,l4,k3,l3,l2";
    app.start_game_table(star("kawu-2", "S", Some(lane)), vec![H, H], 3);
    type_move(&mut app, "m1-m3");
    assert_eq!(moves_played(&app), ["m1-m3"]);
    app.handle_event(ch('u'));
    assert!(moves_played(&app).is_empty());
    // m1 picked under the cursor; Space on m3 then m5 builds the chain; Esc takes back m5 only.
    while app.game_table().unwrap().cursor() != cell(&app, "m1") {
        app.handle_event(key(KeyCode::Tab));
    }
    app.handle_event(key(KeyCode::Enter));
    for target in ["m3", "m5"] {
        while app.game_table().unwrap().cursor() != cell(&app, target) {
            app.handle_event(ch('d'));
        }
        app.handle_event(ch(' '));
    }
    let picked = app.game_table().unwrap().table().picker().picked().to_vec();
    assert_eq!(picked, [cell(&app, "m1"), cell(&app, "m3"), cell(&app, "m5")]);
    app.handle_event(key(KeyCode::Esc));
    assert_eq!(app.game_table().unwrap().table().picker().picked(), &picked[..2]);
    assert!(app.message().unwrap().contains("Sautez encore"), "{:?}", app.message());
    app.handle_event(ch('f'));
    assert_eq!(moves_played(&app), ["m1-m3"]);
}

#[test]
fn a_table_is_saved_after_every_move_and_offered_back_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let store = tripot_app::save_store::SaveStore::new(dir.path());
    let events = Events::new();
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    app.start_game_table(star("halma-3", "S", None), vec![H, H, SeatKind::Computer(Level::Facile)], 3);
    type_move(&mut app, "k3-k5");
    type_move(&mut app, "c11-e11");
    wait_for_table_computers(&mut app, &events);
    let played = moves_played(&app);
    assert_eq!(played.len(), 3);
    let mut again = App::new(Lang::Fr, Some(store.clone()), events.sender());
    assert_eq!(again.page(), Page::Resume);
    let screen = render(&mut again, 120, 40);
    assert!(
        screen.contains("Stern-Halma à trois · humain, humain, Catherine Ségurane · 3 coups"),
        "{screen}"
    );
    // It comes back at the one table, with its moves and players.
    again.handle_event(ch('r'));
    assert_eq!(again.page(), Page::GameTable);
    assert_eq!(moves_played(&again), played);
    assert_eq!(again.game_table().unwrap().table().seats()[2], SeatKind::Computer(Level::Facile));
    // Declining twice marks it abandoned: it is not offered again.
    let mut third = App::new(Lang::Fr, Some(store.clone()), events.sender());
    third.handle_event(ch('n'));
    third.handle_event(ch('n'));
    assert_eq!(third.page(), Page::Menu);
    let fourth = App::new(Lang::Fr, Some(store), events.sender());
    assert_eq!(fourth.page(), Page::Menu);
}

#[test]
fn a_finished_table_is_saved_with_its_result_and_replays_in_tripot_view() {
    let dir = tempfile::tempdir().unwrap();
    let store = tripot_app::save_store::SaveStore::new(dir.path());
    let events = Events::new();
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    app.start_game_table(star("captures-2", "S", Some("S:Xi9,j9,k10,m12")), vec![H, H], 3);
    let file = app.game_table().unwrap().table().save_path().unwrap().to_path_buf();
    type_move(&mut app, "i9-k9-k11");
    assert!(app.game_table().unwrap().table().state().outcome().is_some());
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("[Result \"S1\"]") && text.contains("[Table \"human,human\"]"), "{text}");
    // A finished table is not offered again.
    assert_eq!(App::new(Lang::Fr, Some(store), events.sender()).page(), Page::Menu);
    let tripot = env!("CARGO_BIN_EXE_tripot");
    let out = std::process::Command::new(tripot)
        .args(["--lang", "fr", "view", "--print"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let screen = String::from_utf8(out.stdout).unwrap();
    assert!(screen.contains("Coup 1/1 : i9-k9-k11"), "{screen}");
    assert!(screen.contains("prises 2") && screen.contains("S 1re place"), "{screen}");
    // The title line names the file, claimed at the second the table started: left out.
    let board: Vec<&str> = screen.lines().skip(1).collect();
    insta::assert_snapshot!("one_table_view_captures", board.join("\n"));
    let out = std::process::Command::new(tripot)
        .args(["--lang", "en", "view", "--print", "--at", "0"])
        .arg(&file)
        .output()
        .unwrap();
    let screen = String::from_utf8(out.stdout).unwrap();
    assert!(screen.contains("captures 0") && screen.contains("Joueur 1"), "{screen}");
}

#[test]
fn a_click_on_the_turned_board_picks_the_marble_drawn_there() {
    let (mut app, _events) = app(Lang::Fr);
    app.start_game_table(star("kawu-3", "NW", None), vec![H, H, H], 3);
    let table = app.game_table().unwrap().table();
    assert_eq!(Some(table.viewer()), table.state().seat_named("NW"), "turned to NW, who opens");
    let screen = render(&mut app, 120, 40);
    // NW's marble on d10 is drawn in the bottom half of the board, where the viewer's home is.
    let d10 = cell(&app, "d10");
    let (column, row) = app.cell_place(d10).unwrap();
    assert!(usize::from(row) > screen.lines().count() / 2, "d10 drawn on line {row}:\n{screen}");
    let click = |kind| {
        tripot_terminal::event::Event::Mouse(crossterm::event::MouseEvent {
            kind,
            column,
            row,
            modifiers: crossterm::event::KeyModifiers::NONE,
        })
    };
    app.handle_event(click(crossterm::event::MouseEventKind::Moved));
    assert_eq!(app.game_table().unwrap().cursor(), d10);
    app.handle_event(click(crossterm::event::MouseEventKind::Down(crossterm::event::MouseButton::Left)));
    assert_eq!(app.game_table().unwrap().table().picker().picked(), [d10]);
}

#[test]
fn the_table_page_also_starts_the_tripot_duel_from_the_catalogue() {
    let (mut app, _events) = app(Lang::Fr);
    let i = MenuItem::ALL.iter().position(|&x| x == MenuItem::Table).unwrap();
    while app.menu().selected != i {
        app.handle_event(key(KeyCode::Down));
    }
    app.handle_event(key(KeyCode::Enter));
    app.handle_event(key(KeyCode::Left));
    let page = render(&mut app, 120, 40);
    assert!(page.contains("◀ Tripot ▶"), "{page}");
    assert!(page.contains("Le duel d'Edmonde"), "the game's description: {page}");
    assert_eq!(app.table_menu().lines().len(), 8, "where, its two seats and who opens");
    // Two colours a side.
    app.handle_event(key(KeyCode::Down));
    app.handle_event(key(KeyCode::Right));
    assert!(render(&mut app, 120, 40).contains("◀ Tripot à deux couleurs ▶"));
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::GameTable);
    let table = app.game_table().unwrap().table();
    assert_eq!(table.state().spec().as_str(), "tripot-f2");
    assert_eq!(table.seats(), [SeatKind::Person, SeatKind::Computer(Level::Moyen)]);
    assert_eq!(table.state().to_move(), Some(Seat(0)), "seat 1, the person, opens");
}

/// The resume prompt's line of a duel of two people at the one table.
const DUEL_LINE: &str = "Tripot · humain, humain · 1 coup";

/// A table waiting beside an unfinished duel: both are offered, the newer first, and the one
/// chosen is resumed.
#[test]
fn an_unfinished_table_is_offered_beside_an_unfinished_duel() {
    use tripot_engine::{Format, Rules, duel_spec};
    let dir = tempfile::tempdir().unwrap();
    let store = tripot_app::save_store::SaveStore::new(dir.path());
    let events = Events::new();
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    app.start_game_table(star("kawu-3", "S", None), vec![H, H, H], 3);
    type_move(&mut app, "j4-j5");
    drop(app);
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    let duel = tripot_engine::open(&duel_spec(Format::One, Rules::Tripot).unwrap()).unwrap();
    app.start_game_table(duel, vec![SeatKind::Person, SeatKind::Person], 0);
    type_move(&mut app, "k4-k5");
    assert_eq!(app.game_table().unwrap().table().state().moves().len(), 1);
    drop(app);

    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    assert_eq!(app.page(), Page::Resume);
    let screen = render(&mut app, 120, 40);
    let duel = screen.find(DUEL_LINE).unwrap_or_else(|| panic!("{screen}"));
    let table = screen.find("kawu à trois ·").unwrap_or_else(|| panic!("{screen}"));
    assert!(duel < table, "the duel, newer, first:\n{screen}");
    app.handle_event(key(KeyCode::Down));
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::GameTable);
    assert_eq!(moves_played(&app), ["j4-j5"]);

    // Declining the table (asked once more) leaves the duel offered next time.
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    app.handle_event(key(KeyCode::Down));
    app.handle_event(ch('n'));
    app.handle_event(ch('n'));
    assert_eq!(app.page(), Page::Menu);
    let mut app = App::new(Lang::Fr, Some(store), events.sender());
    assert_eq!(app.page(), Page::Resume);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains(DUEL_LINE) && !screen.contains("kawu à trois ·"), "{screen}");
}

/// A table's file that no longer replays is moved aside as `….corrupt` and said, as a duel's is;
/// it is never offered nor overwritten.
#[test]
fn a_table_file_that_does_not_replay_is_moved_aside_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let store = tripot_app::save_store::SaveStore::new(dir.path());
    let events = Events::new();
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    app.start_game_table(star("kawu-3", "S", None), vec![H, H, H], 3);
    type_move(&mut app, "j4-j5");
    drop(app);
    let files: Vec<std::path::PathBuf> =
        std::fs::read_dir(store.dir()).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let text = std::fs::read_to_string(&files[0]).unwrap();
    assert!(text.contains("j4-j5"), "{text}");
    std::fs::write(&files[0], text.replace("j4-j5", "j4-j9")).unwrap();

    let mut app = App::new(Lang::Fr, Some(store), events.sender());
    assert_eq!(app.page(), Page::Menu);
    let message = app.message().unwrap_or_default().to_owned();
    assert!(message.contains("mise de côté"), "{message}");
    assert!(!files[0].exists());
    let aside =
        files[0].with_file_name(format!("{}.corrupt", files[0].file_name().unwrap().to_string_lossy()));
    assert_eq!(std::fs::read_to_string(aside).unwrap(), text.replace("j4-j5", "j4-j9"));
    let screen = render(&mut app, 120, 40);
    assert!(!screen.contains("kawu à trois ·"), "{screen}");
}

/// Every unfinished table is offered, the newest first, and the one chosen is resumed.
#[test]
fn every_unfinished_table_is_offered_and_the_one_chosen_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let store = tripot_app::save_store::SaveStore::new(dir.path());
    let events = Events::new();
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    app.start_game_table(star("kawu-3", "S", None), vec![H, H, H], 3);
    type_move(&mut app, "j4-j5");
    drop(app);
    std::thread::sleep(std::time::Duration::from_millis(20));
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    app.handle_event(ch('n'));
    app.handle_event(ch('r'));
    // « n » asked to confirm, « r » resumed it after all: the first table is still open.
    app.start_game_table(star("halma-4", "S", None), vec![H; 4], 3);
    type_move(&mut app, "k3-k5");
    drop(app);

    let mut app = App::new(Lang::Fr, Some(store), events.sender());
    assert_eq!(app.page(), Page::Resume);
    let screen = render(&mut app, 120, 40);
    let newer = screen.find("Stern-Halma à quatre ·").unwrap_or_else(|| panic!("{screen}"));
    let older = screen.find("kawu à trois ·").unwrap_or_else(|| panic!("{screen}"));
    assert!(newer < older, "the newest first:\n{screen}");
    app.handle_event(key(KeyCode::Down));
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.page(), Page::GameTable);
    assert_eq!(app.game_table().unwrap().table().state().spec().as_str(), "kawu-3");
}

/// On a wide screen the menu's table line previews the star of the table page's game, not the
/// duel's board.
#[test]
fn the_menus_table_line_previews_the_star_of_the_tables_game() {
    let (mut app, _events) = app(Lang::Fr);
    let duel = render(&mut app, 120, 40);
    assert!(duel.contains('●') && !duel.contains('△'), "{duel}");
    let i = MenuItem::ALL.iter().position(|&x| x == MenuItem::Table).unwrap();
    while app.menu().selected != i {
        app.handle_event(key(KeyCode::Down));
    }
    let table = render(&mut app, 120, 40);
    // kawu-3, the page's first game, drawn by the one board: seats 1–3 ●, ○, ■.
    assert!(table.contains('○') && table.contains('■'), "{table}");
}
