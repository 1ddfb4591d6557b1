//! Star tables in the terminal (RULES-STAR.md): the set-up form from the catalogue reached from
//! the menu, which starts any game (a Stern-Halma table, a duel) on the one game screen; older
//! star records offered at start, resumed there and replayed by `tripot view`. The older star
//! table's own screen (no longer reached by the program, still built by `App::start_table`) is
//! tested here until its last tests move: turned views, greyed branches, the captures board, the
//! elimination question, computers, undo, saves. Snapshots are text (`cargo insta review` after a
//! deliberate change).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../terminal/tests/common/mod.rs"]
mod common;

use common::{ch, hole, key, render};
use crossterm::event::KeyCode;
use tripot_ai::Level;
use tripot_app::i18n::Lang;
use tripot_app::seat_kind::SeatKind;
use tripot_app::star_table::StarTable;
use tripot_app::table_setup::{SeatPlayer, TableSetup};
use tripot_engine::{Colour, StarPosition, Variant};
use tripot_game::Seat;
use tripot_terminal::app::{App, MenuItem, Page};
use tripot_terminal::event::Events;

const H: SeatPlayer = SeatPlayer::Human;

fn app(lang: Lang) -> (App, Events) {
    let events = Events::new();
    (App::new(lang, None, events.sender()), events)
}

fn setup(name: &str, players: &[SeatPlayer], opener: Colour) -> TableSetup {
    TableSetup::new(name.parse().unwrap(), players.to_vec(), opener, 3).unwrap()
}

#[test]
fn a_three_seat_kawu_table_in_the_first_persons_view() {
    let (mut app, _events) = app(Lang::Fr);
    app.start_table(setup("kawu-3", &[H, H, H], Colour::S));
    app.handle_event(key(KeyCode::Tab));
    insta::assert_snapshot!("table_kawu_3", render(&mut app, 120, 40));
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

fn wait_for_computers(app: &mut App, events: &Events) {
    for _ in 0..4000 {
        if !app.table_thinking() && !app.table_animating() {
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
fn a_four_seat_stern_halma_table_greys_the_branches_the_seat_may_not_stop_in() {
    let (mut app, _events) = app(Lang::Fr);
    app.start_table(setup("halma-4", &[H, H, H, H], Colour::SW));
    // SW sees its home at the bottom; its farthest destination first, with the path to it.
    app.handle_event(key(KeyCode::Tab));
    app.handle_event(ch('d'));
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("vue de ■ Joueur 2"), "{screen}");
    assert!(screen.contains('×') && screen.contains("on ne s'y arrête pas"), "{screen}");
    insta::assert_snapshot!("table_halma_4_greyed", screen);
}

#[test]
fn a_six_seat_kawu_table_in_the_fourth_persons_view_and_at_80_by_30() {
    let (mut app, _events) = app(Lang::Fr);
    app.start_table(setup("kawu-6", &[H, H, H, H, H, H], Colour::N));
    let screen = render(&mut app, 120, 40);
    for glyph in ['●', '■', '△', '○', '□', '▲'] {
        assert!(screen.contains(glyph), "{glyph} missing:\n{screen}");
    }
    insta::assert_snapshot!("table_kawu_6", screen);
    let (mut app, _events) = self::app(Lang::En);
    app.start_table(setup("kawu-6", &[H, H, H, H, H, H], Colour::S));
    app.handle_event(ch('c'));
    insta::assert_snapshot!("table_kawu_6_80x30_en_coordinates", render(&mut app, 80, 30));
}

#[test]
fn the_captures_board_shows_each_capture_and_the_score() {
    let (mut app, _events) = app(Lang::Fr);
    app.start_table(setup("captures-3", &[H, H, H], Colour::S));
    let start = *app.table().unwrap().position();
    let first = start.legal_moves().into_iter().next().unwrap();
    app.handle_event(ch(':'));
    for c in start.notation(&first).to_string().chars() {
        app.handle_event(ch(c));
    }
    app.handle_event(key(KeyCode::Enter));
    let table = app.table().unwrap();
    assert_eq!(table.moves().len(), 1);
    assert_eq!(table.position().taken(Colour::S), 1);
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("● Joueur 1 prend 1 (1 au total)"), "{screen}");
    assert!(screen.contains("prises 1"), "{screen}");
    insta::assert_snapshot!("table_captures_3", screen);
}

#[test]
fn the_end_of_a_captures_game_ranks_the_seats() {
    let (mut app, _events) = app(Lang::Fr);
    let v: Variant = "captures-2".parse().unwrap();
    let start = StarPosition::parse("S:Xi9,j9,m12", v).unwrap();
    app.start_table_from(StarTable::from_position(setup("captures-2", &[H, H], Colour::S), start), None);
    app.handle_event(ch(':'));
    for c in "i9-k9".chars() {
        app.handle_event(ch(c));
    }
    app.handle_event(key(KeyCode::Enter));
    assert!(app.table().unwrap().outcome().is_some());
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("● Joueur 1 gagne"), "{screen}");
    insta::assert_snapshot!("table_captures_end", screen);
    // Rematch: the same table, the next seat opening.
    app.handle_event(ch('r'));
    let table = app.table().unwrap();
    assert_eq!((table.moves().len(), table.position().turn()), (0, Colour::N));
}

fn halma_deadline_table(app: &mut App) {
    let v: Variant = "halma-3".parse().unwrap();
    let text = "S:NEj13,k13,l13,m13,k12,l12,m12,l11,m11,m10:Se5,f5,g5,h5,i5,j5,n5,o5,p5,q5:\
                NWa13,b13,c13,d13,b12,c12,d12,c11,d11,d10 moves=30";
    let start = StarPosition::parse(text, v).unwrap();
    let players = [H, SeatPlayer::Computer(Level::Debutant), SeatPlayer::Computer(Level::Debutant)];
    app.start_table_from(StarTable::from_position(setup("halma-3", &players, Colour::S), start), None);
}

fn type_move(app: &mut App, text: &str) {
    app.handle_event(ch(':'));
    for c in text.chars() {
        app.handle_event(ch(c));
    }
    app.handle_event(key(KeyCode::Enter));
}

#[test]
fn stern_halma_asks_before_a_move_that_eliminates_its_player() {
    let (mut app, events) = app(Lang::Fr);
    halma_deadline_table(&mut app);
    type_move(&mut app, "j5-j4");
    assert!(app.table().unwrap().pending().is_some());
    let screen = render(&mut app, 120, 40);
    assert!(screen.contains("Ce coup vous élimine"), "{screen}");
    insta::assert_snapshot!("table_halma_confirm_elimination", screen);
    // n: nothing is played; the same move again, then o: played, and announced.
    app.handle_event(ch('n'));
    assert_eq!((app.table().unwrap().pending(), app.table().unwrap().moves().len()), (None, 0));
    type_move(&mut app, "j5-j4");
    app.handle_event(ch('o'));
    let table = app.table().unwrap();
    assert_eq!(table.moves().len(), 1);
    assert!(table.position().is_out(Colour::S));
    assert!(app.message().unwrap().contains("● Joueur 1 est éliminé (3e place)"), "{:?}", app.message());
    // The two computers play on for the first places, to the end.
    for _ in 0..2000 {
        wait_for_computers(&mut app, &events);
        if app.table().unwrap().outcome().is_some() {
            break;
        }
    }
    let outcome = app.table().unwrap().outcome().expect("the game ends");
    assert_eq!(outcome.place(Colour::S), Some(3));
    assert!(render(&mut app, 120, 40).contains("Classement"));
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
    // Stern-Halma, 4 players, seat 2 Difficile, seat 3 a person, who opens: seat 3.
    app.handle_event(key(KeyCode::Right));
    app.handle_event(key(KeyCode::Down));
    app.handle_event(key(KeyCode::Right));
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
fn a_computer_moves_after_the_person_and_undo_takes_both_back() {
    let (mut app, events) = app(Lang::Fr);
    let c = SeatPlayer::Computer(Level::Debutant);
    app.start_table(setup("kawu-3", &[H, c, c], Colour::S));
    // Tab, d, Enter: the first marble's farthest destination.
    app.handle_event(key(KeyCode::Tab));
    app.handle_event(ch('d'));
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.table().unwrap().moves().len(), 1);
    assert!(app.table_thinking(), "NW's computer thinks on its thread");
    // Its answer is shown hop by hop before it is played.
    while !app.table_animating() {
        let event = events.next_timeout(std::time::Duration::from_secs(20)).expect("an answer");
        app.handle_event(event);
    }
    assert_eq!(app.table().unwrap().moves().len(), 1, "not played while shown");
    assert!(render(&mut app, 120, 40).contains("réfléchit"), "the panel says NW is at it");
    wait_for_computers(&mut app, &events);
    assert_eq!(app.table().unwrap().moves().len(), 3);
    assert_eq!(app.table().unwrap().position().turn(), Colour::S);
    app.handle_event(ch('u'));
    let table = app.table().unwrap();
    assert_eq!(table.moves().len(), 0);
    assert_eq!(table.position(), &StarPosition::start("kawu-3".parse().unwrap(), Colour::S).unwrap());
}

#[test]
fn esc_takes_back_the_last_hop_of_a_chain_built_hop_by_hop() {
    let (mut app, _events) = app(Lang::Fr);
    let v: Variant = "kawu-2".parse().unwrap();
    // m1 can hop over m2 to m3, over m4 to m5, over m6 to m7.
    let start =
        StarPosition::parse("S:Ne17,e16,f16,e15,f15,g15,e14,f14,g14,h14:Sm1,m2,m4,m6,j4,k4,l4,k3,l3,l2", v)
            .unwrap();
    app.start_table_from(StarTable::from_position(setup("kawu-2", &[H, H], Colour::S), start), None);
    type_move(&mut app, "m1");
    app.handle_event(ch(':'));
    for c in "m3".chars() {
        app.handle_event(ch(c));
    }
    app.handle_event(key(KeyCode::Enter));
    assert_eq!(app.table().unwrap().moves().len(), 1, "Enter on a ✱ plays the chain by its ends");
    app.handle_event(ch('u'));
    type_move(&mut app, "m1");
    // Space on m3 then m5 builds the chain; Esc takes back m5 only.
    let table = app.table().unwrap();
    assert!(table.targets().jumps.contains(hole("m5")), "{:?}", table.targets());
    for target in ["m3", "m5"] {
        while app.table().unwrap().cursor() != hole(target) {
            app.handle_event(ch('d'));
        }
        if target == "m3" {
            app.handle_event(ch(' '));
        }
    }
    assert_eq!(app.table().unwrap().selection_path().map(<[_]>::len), Some(2));
    app.handle_event(ch(' '));
    let path = app.table().unwrap().selection_path().unwrap().to_vec();
    assert_eq!(path, [hole("m1"), hole("m3"), hole("m5")]);
    app.handle_event(key(KeyCode::Esc));
    assert_eq!(app.table().unwrap().selection_path(), Some(&path[..2]));
    assert!(app.message().unwrap().contains("Sautez encore"), "{:?}", app.message());
    app.handle_event(ch('f'));
    assert_eq!(app.table().unwrap().moves()[0].notation.to_string(), "m1-m3");
}

#[test]
fn a_table_is_saved_after_every_move_and_offered_back_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let store = tripot_app::save_store::SaveStore::new(dir.path());
    let events = Events::new();
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    app.start_table(setup("halma-3", &[H, H, SeatPlayer::Computer(Level::Facile)], Colour::S));
    type_move(&mut app, "k3-k5");
    type_move(&mut app, "c11-e11");
    wait_for_computers(&mut app, &events);
    assert_eq!(app.table().unwrap().moves().len(), 3);
    let played: Vec<String> = app.table().unwrap().moves().iter().map(|m| m.notation.to_string()).collect();
    // The duel's store leaves the star record alone (not moved aside as corrupt).
    let (duel, moved) = store.unfinished();
    assert!(duel.is_empty() && moved.is_empty());
    let mut again = App::new(Lang::Fr, Some(store.clone()), events.sender());
    assert_eq!(again.page(), Page::Resume);
    let screen = render(&mut again, 120, 40);
    assert!(screen.contains("Stern-Halma à trois · human, human, facile · 3 coups"), "{screen}");
    // The older star record comes back at the one table, with its moves and players.
    again.handle_event(ch('r'));
    assert_eq!(again.page(), Page::GameTable);
    let table = again.game_table().unwrap().table();
    let state = table.state();
    let resumed: Vec<String> = state.moves().iter().map(|m| state.move_text(m)).collect();
    assert_eq!(resumed, played);
    assert_eq!(table.seats()[2], SeatKind::Computer(Level::Facile));
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
    let v: Variant = "captures-2".parse().unwrap();
    let start = StarPosition::parse("S:Xi9,j9,k10,m12", v).unwrap();
    let file = dir.path().join("games").join("t.tripot");
    app.start_table_from(
        StarTable::from_position(setup("captures-2", &[H, H], Colour::S), start),
        Some(tripot_app::game_file::GameFile::existing(file.clone())),
    );
    type_move(&mut app, "i9-k9-k11");
    assert!(app.table().unwrap().outcome().is_some());
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
    // The older star record, replayed by the one viewer.
    assert!(screen.contains("prises 2") && screen.contains("S 1re place"), "{screen}");
    insta::assert_snapshot!("table_view_captures", screen);
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
    app.start_table(setup("kawu-3", &[H, H, H], Colour::NW));
    render(&mut app, 120, 40);
    // NW's marble on d10 is drawn where S's j4 would be, in the bottom branch.
    let drawn = tripot_engine::view_of(hole("d10"), Colour::NW);
    assert!(Colour::S.branch().contains(drawn));
    let (column, row) = app.hole_cell(drawn).unwrap();
    let click = |kind| {
        tripot_terminal::event::Event::Mouse(crossterm::event::MouseEvent {
            kind,
            column,
            row,
            modifiers: crossterm::event::KeyModifiers::NONE,
        })
    };
    app.handle_event(click(crossterm::event::MouseEventKind::Moved));
    assert_eq!(app.table().unwrap().cursor(), hole("d10"));
    app.handle_event(click(crossterm::event::MouseEventKind::Down(crossterm::event::MouseButton::Left)));
    assert_eq!(app.table().unwrap().selection_path(), Some(&[hole("d10")][..]));
}

#[test]
fn each_place_is_announced_as_it_is_taken() {
    let (mut app, _events) = app(Lang::Fr);
    let v: Variant = "halma-3".parse().unwrap();
    let text = "S:NEj13,k13,l13,m13,k12,l12,m12,l11,m11,m10:Se17,e16,f16,e15,f15,g15,e14,f14,g14,h13:\
                NWa13,b13,c13,d13,b12,c12,d12,c11,d11,d10";
    let start = StarPosition::parse(text, v).unwrap();
    app.start_table_from(StarTable::from_position(setup("halma-3", &[H, H, H], Colour::S), start), None);
    type_move(&mut app, "h13-h14");
    assert_eq!(app.message(), Some("● Joueur 1 prend la 1re place"));
    let table = app.table().unwrap();
    assert_eq!(table.position().place(Colour::S), Some(1));
    assert_eq!(table.position().turn(), Colour::NW, "the others play on");
    assert!(render(&mut app, 120, 40).contains("arrivés 10/10 · distance 0 · 1re place"));
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
    assert_eq!(app.table_menu().lines().len(), 7, "its two seats and who opens");
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
const DUEL_LINE: &str = "Tripot · human, human · 1 coup";

/// A table waiting beside an unfinished duel: both are offered, the newer first, and the one
/// chosen is resumed.
#[test]
fn an_unfinished_table_is_offered_beside_an_unfinished_duel() {
    use tripot_engine::{Format, Rules, duel_spec};
    let dir = tempfile::tempdir().unwrap();
    let store = tripot_app::save_store::SaveStore::new(dir.path());
    let events = Events::new();
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    app.start_table(setup("kawu-3", &[H, H, H], Colour::S));
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
    // The older star record is resumed at the one table.
    assert_eq!(app.page(), Page::GameTable);
    assert_eq!(app.game_table().unwrap().table().movers().len(), 1);

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
    app.start_table(setup("kawu-3", &[H, H, H], Colour::S));
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
    app.start_table(setup("kawu-3", &[H, H, H], Colour::S));
    type_move(&mut app, "j4-j5");
    drop(app);
    std::thread::sleep(std::time::Duration::from_millis(20));
    let mut app = App::new(Lang::Fr, Some(store.clone()), events.sender());
    app.handle_event(ch('n'));
    app.handle_event(ch('r'));
    // « n » asked to confirm, « r » resumed it after all: the first table is still open.
    app.start_table(setup("halma-4", &[H, H, H, H], Colour::S));
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
